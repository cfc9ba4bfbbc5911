/* hofish9.h -- HoDoKu's Franken and Mutant fish search (finless and finned), in C.
 *
 * HoDoKu 2.2's FishSolver order, as the pure-Python twin (src/sudokit/_pyfish9.py, which
 * gives the same bytes for the same input) documents it and sudokit.human.franken names
 * and writes the steps: digit by digit, base houses with rows first (then the transpose;
 * a Mutant search once, over every house), base and cover combinations depth first in
 * house order, at most 5 fins and 2 endo fins.
 *
 * In short, for one digit d: base candidates are the houses holding d (finless: with at
 * most `size` places); overlapping bases make endo fins (finless: not allowed). For a
 * base set of `size` houses, covers are the other houses sharing a place with it; a
 * cover set is a fish when it leaves no fin (finless) or 1..5 fins (finned; endo fins
 * count) and something to remove: cover places outside the bases and places in two
 * covers ("cannibalism"), with fins only those that see every fin.
 *
 * Finned searches look at the covers of a base set only when some cell could be the
 * removed cell that sees every fin (hofish9.c's maybe_fish; twin: _maybe_fish): a fish's
 * base places that do not see that cell must all be covered. Most base sets fail this
 * quick test, which changes no record, only how many cover sets are checked.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffer is the only allocation.
 */
#ifndef SUDOKIT_HOFISH9_H
#define SUDOKIT_HOFISH9_H

#include <stddef.h>
#include <stdint.h>

#define HF_OK 0
#define HF_BAD_INPUT (-1) /* a mask above 0x1FF, a size outside 2..4, max_hits < 0 */
#define HF_NO_MEMORY (-2)

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hofish9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hf_out;

/* The fish of `size` houses (2..4) on cands, Franken (mutant = 0: rows or columns and
 * boxes as bases, the other lines and boxes as covers) or Mutant (any houses), finless
 * (finned = 0) or with fins, in HoDoKu's search order, at most max_hits (0: all). out
 * gets one record per fish:
 *
 *     digit (1..9), size, then `size` base houses and `size` cover houses (0-8 rows,
 *     9-17 columns, 18-26 boxes) in the order the search chose them.
 *
 * *spent counts the cover sets checked. Returns an HF_* status. */
int hofish9_search(const uint16_t cands[81], int size, int finned, int mutant, int max_hits, hf_out *out, long *spent);

/* Basic fish (mode 0: X-Wing, Swordfish, Jellyfish for size 2..4), finned (mode 1) or
 * sashimi (mode 2) ones on rows and columns, in sudokit.human.fish's order (digit by
 * digit, row bases then column bases, base lines as ascending combinations; finned:
 * fins in the first band then the next, cover lines as ascending combinations), at most
 * max_hits (0: all). One record per fish:
 *
 *     digit, 1 for row bases (0: columns), `size` base lines, the cover lines' 9-bit
 *     mask and the fins' cross-line mask (0 for a basic fish), each uint16
 *     little-endian.
 *
 * *spent counts the base combinations looked at. Returns an HF_* status. */
int hofish9_basic(const uint16_t cands[81], int size, int mode, int max_hits, hf_out *out, long *spent);

/* The finned (mode 1) and sashimi (mode 2) searches of `size` with max_hits 1 in one pass
 * (their search orders are the same; only the sashimi test differs): *which = 1 and out
 * the first finned fish when there is one, else *which = 2 and out the first sashimi fish
 * (the record hofish9_basic(size, 2, 1) gives), else *which = 0 and out untouched. Returns
 * an HF_* status. */
int hofish9_basic_finned_first(const uint16_t cands[81], int size, hf_out *out, int *which);

void hofish9_out_free(hf_out *out);

#endif
