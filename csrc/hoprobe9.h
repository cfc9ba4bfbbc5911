/* hoprobe9.h -- the HoDoKu path's leading C searches in one call: which of them applies first.
 *
 * The HoDoKu walk (sudokit.human.hodoku_path) tries its techniques in HoDoKu's order, one
 * search per technique, until one gives a step. Many of those searches are single kernel
 * calls whose records the Python finder only decodes, so asking them one by one costs more
 * in per-call overhead than in searching. hoprobe9_run runs a list of them in the caller's
 * order on one candidate grid and stops at the first that reports something, handing back
 * that search's own records (the same bytes its own entry point gives), so the caller
 * decodes only that one. The pure-Python twin src/sudokit/_pyprobe9.py gives the same
 * result for the same input.
 *
 * Kinds (the search each runs, and the records it hands back):
 *  HP_X_WING..HP_JELLYFISH        hofish9_basic(size 2..4, mode 0, max_hits 1)
 *  HP_FINNED_X_WING..             hofish9_basic(size 2..4, mode 1 finned / 2 sashimi,
 *    HP_SASHIMI_JELLYFISH           max_hits 1), in the order finned X, sashimi X,
 *                                   finned Swordfish, sashimi Swordfish, finned/sashimi Jellyfish
 *  HP_SKYSCRAPER..HP_EMPTY_RECT   hosingle9_search(HD_SKYSCRAPER..HD_EMPTY_RECT)
 *  HP_XY_WING, HP_XYZ_WING,       howing9_search; it applies when a record of its kind (0, 1,
 *    HP_W_WING                      2) is there; the records are all of them (every kind)
 *  HP_REMOTE_PAIR                 hoxy9_search(remote = 1, budget); past the budget it counts
 *                                   as applying, with no records (the caller's own search
 *                                   then meets the budget itself)
 *  HP_BUG_PLUS_1, HP_UR1..HP_UR6, horect9_search (every kind, all records, once per call); a
 *    HP_HIDDEN_RECT, HP_AR1,        kind applies when a record of its horect9 kind (HR_BUG,
 *    HP_AR2                         HR_UR1..HR_AR2) is there; the records are all of them
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell), values[i] the digit
 * of a filled cell (0 empty), givens[i] 1 for a clue (else 0): the rectangle searches'
 * input (horect9.h). No global state;
 * the output buffer and the searches' own tables are the only allocations.
 */
#ifndef SUDOKIT_HOPROBE9_H
#define SUDOKIT_HOPROBE9_H

#include <stddef.h>
#include <stdint.h>

#define HP_OK 0
#define HP_BAD_INPUT (-1) /* a mask above 0x1FF, a value above 9, a given flag above 1, an unknown
                           * kind, start > n, a negative budget */
#define HP_NO_MEMORY (-2)

#define HP_X_WING 0
#define HP_SWORDFISH 1
#define HP_JELLYFISH 2
#define HP_FINNED_X_WING 3
#define HP_SASHIMI_X_WING 4
#define HP_FINNED_SWORDFISH 5
#define HP_SASHIMI_SWORDFISH 6
#define HP_FINNED_JELLYFISH 7
#define HP_SASHIMI_JELLYFISH 8
#define HP_SKYSCRAPER 9
#define HP_KITE 10
#define HP_TURBOT 11
#define HP_EMPTY_RECT 12
#define HP_XY_WING 13
#define HP_XYZ_WING 14
#define HP_W_WING 15
#define HP_REMOTE_PAIR 16
#define HP_BUG_PLUS_1 17
#define HP_UR1 18 /* Uniqueness Test 1; 19..23: Tests 2..6 */
#define HP_HIDDEN_RECT 24
#define HP_AR1 25
#define HP_AR2 26
#define HP_KINDS 27

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hoprobe9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hp_out;

/* Run kinds[start], kinds[start + 1], ... (each 0..HP_KINDS-1) on the grid until one applies:
 * *found gets its index in kinds (n when none does) and out that search's records (see
 * above; empty when none applies). budget: the Remote Pair search's link budget. Returns
 * an HP_* status (on HP_BAD_INPUT nothing is run). */
int hoprobe9_run(const uint16_t cands[81], const uint8_t values[81], const uint8_t givens[81], const uint8_t *kinds,
                 size_t n, size_t start, long budget, hp_out *out, size_t *found);

void hoprobe9_out_free(hp_out *out);

#endif
