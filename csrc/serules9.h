/* serules9.h -- the simple rules Sudoku Explainer (serate 1.2.1.3) runs inside its nested
 * forcing chains, with the "parents" each needs, in C.
 *
 * In Dynamic Forcing Chains (+) and the nested levels, whenever a closure runs out of
 * implications SE looks at the grid it has made (the candidates the assumption took off)
 * with locking (pointing/claiming), hidden pairs, naked pairs and X-Wing, in that order
 * (Chaining.getAdvancedPotentials); the first of these rules that finds eliminations which
 * depend on the assumption (it needs a candidate the closure took off: its parents) adds
 * them to the closure. sudokit.human.se_rules has the rules (_locking, _hidden_pair,
 * _naked_pair, _x_wing); the twin of this unit (sudokit._pysedyn9.se_simple) runs them.
 *
 * State: cur[i] and init[i] 9-bit masks (the grid the closure made and the one it started
 * from), counts[d] how many cells hold digit d (X-Wing skips a digit with more than 5).
 * Houses as in sudokit.grid.HOUSES: 0-8 rows, 9-17 columns, 18-26 boxes. No global state.
 */
#ifndef SUDOKIT_SERULES9_H
#define SUDOKIT_SERULES9_H

#include <stdint.h>

#include "sedyn9.h"

/* The hits of the first rule (locking, hidden pair, naked pair, X-Wing) with a hit that
 * has parents, in the rule's search order, hits without parents left out. out gets per
 * hit: n_removable (1 byte), then n_removable x (cell, mask uint16 LE) in the rule's
 * order, n_parents (1 byte, >= 1), then n_parents x (cell, value): the eliminations
 * (of init, missing from cur) the hit relies on. *rule: 0-3, or -1 when no rule applies
 * (out is then empty). Returns SD_OK, SD_BAD_INPUT (a mask above 0x1FF or a count
 * above 9) or SD_NO_MEMORY. */
int serules9_advanced(const uint16_t cur[81], const uint16_t init[81], const uint8_t counts[10], sd_out *out,
                      int *rule);

#endif
