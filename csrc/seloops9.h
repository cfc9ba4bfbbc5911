/* seloops9.h -- Sudoku Explainer's "Forcing Chains & Cycles" hints, rated, sorted and
 * de-duplicated in C.
 *
 * sechain9 finds the chains of one link set; SE's rule runs three (X-only, Y-only, both)
 * and takes the easiest hint. Reading every chain into Python only to sort them cost more
 * than the search (a path shows one hint of the dozens each search finds), so this unit
 * makes the hints here, as sudokit.human.se_loops did in Python (its twin,
 * src/sudokit/_pyseloops9.py, still does):
 *
 *   - a forcing chain removes what its end says (an "on" end: the cell's other digits;
 *     an "off" end: that digit); a cycle removes, from each cell outside it, a digit that
 *     sees both an "on" and an "off" potential of that digit on the cycle (the root, the
 *     last potential, is its first one again and is left out);
 *   - complexity: the distinct potentials (cell, value, on) of the chain;
 *   - difficulty: 6.5 (cycle) / 6.6 (forcing chain) for one link set, 7.0 for both, plus
 *     SE's length surcharge, in the same double arithmetic as Python and serate;
 *   - order: by (difficulty, complexity, sort key (X-only 2, Y-only 3, both 4), search
 *     order), and of hints that remove the same candidates only the first is kept.
 *
 * max_hints > 0 asks for that many hints only. When the X-only and Y-only searches
 * already give that many distinct hints easier than 7.0, the search with both link sets
 * (whose hints all rate 7.0 or more, and which is the slowest) is skipped: it could not
 * change them. The others are then the same as the first max_hints of a full call.
 *
 * max_hints == 1 (what a solving path asks): each search runs root by root and every
 * root's chains are rated at once, so the easiest hint so far bounds the rest: a chain
 * of complexity c rates at least base + surcharge(c) (base 6.5 for one link set, 7.0 for
 * both) and sorts after the best unless it rates lower, or as low and is shorter, so the
 * roots after it search only as deep as such a chain can be (sechain9_root's
 * max_complexity). The hint is the same as a full call's first; *spent is smaller.
 *
 * Output, one record per hint in that order:
 *
 *     links (0 X-only, 1 Y-only, 2 both), complexity (uint16 little-endian),
 *     n_rem (1 byte), n_rem x (cell, mask low byte, mask high byte) in cell order,
 *     then sechain9's chain record: kind (0 cycle, 1 forcing chain), n (uint16 LE),
 *     n potentials of 4 bytes (cell, value, on, cause), the end first, the root last.
 *
 * *spent: the search rounds of the searches run (sechain9's unit). No global state.
 */
#ifndef SUDOKIT_SELOOPS9_H
#define SUDOKIT_SELOOPS9_H

#include "sechain9.h"

/* Returns an SC_* status (SC_BAD_INPUT: a mask above 0x1FF or max_hints < 0). out is
 * zero-initialised by the caller and freed with sechain9_out_free, also after an error. */
int seloops9_hints(const uint16_t cands[81], int max_hints, sc_out *out, long *spent);

#endif
