/* hosdc9.h -- HoDoKu's Sue de Coq search (sudokit.human.sue_de_coq), in C.
 *
 * HoDoKu 2.2's order as the pure-Python twin (src/sudokit/_pysdc9.py, which gives the
 * same bytes for the same input) documents it: rows then columns, boxes in order; in each
 * line/box intersection its cell pairs then triples I holding |I| + n candidates (n >= 2);
 * line subsets L of the rest of the line, then box subsets B of the rest of the box, each
 * depth first. L takes 1+ digits of I and has fewer than n more cells than digits outside
 * I; B may not use a cell holding a digit L takes from I (nor L's cells) and takes the
 * rest. A record is written when the locked digits leave the rest of the line (digits of
 * I and L that B does not take, and those L and B share) or of the box (likewise).
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffer is the only allocation.
 */
#ifndef SUDOKIT_HOSDC9_H
#define SUDOKIT_HOSDC9_H

#include <stddef.h>
#include <stdint.h>

#define HS_OK 0
#define HS_BAD_INPUT (-1) /* a mask above 0x1FF, max_hits < 0 */
#define HS_NO_MEMORY (-2)

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hosdc9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hs_out;

/* The Sue de Coqs of cands in HoDoKu's order, at most max_hits (0: all). out gets one
 * record per Sue de Coq: three cell lists (I, L, B), each a count byte and the cells
 * (0..80) ascending. *spent counts the box subsets checked. Returns an HS_* status. */
int hosdc9_search(const uint16_t cands[81], int max_hits, hs_out *out, long *spent);

void hosdc9_out_free(hs_out *out);

#endif
