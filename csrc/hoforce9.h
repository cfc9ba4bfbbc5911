/* hoforce9.h -- HoDoKu's Forcing Chain / Forcing Net search (sudokit.human.forcing), in C.
 *
 * HoDoKu 2.2's TablingSolver as the pure-Python twin (src/sudokit/_pyforce9.py, which gives
 * the same bytes for the same input) documents it; sudokit.human.forcing writes the step.
 *
 * Nodes as in hotable9.h (with group nodes). A premise's table is the closure of its links
 * (a Forcing Chain: the direct links; a Forcing Net: everything the premise and four rounds
 * of naked and hidden singles set and delete), or its 1,000-entry breadth-first walk when
 * the closure is larger. Every premise is checked for contradictions, every candidate,
 * cell and house for verities, in HoDoKu's order; of the results HoDoKu's first step is
 * returned: placements before eliminations, the lowest cell (then digit), the first found
 * on ties; for that result a contradiction before a verity unless (an elimination) the
 * verity's chains are strictly shorter; of one kind the shortest chains, the first found
 * on ties (chain length: breadth-first distances of the ends, unlimited walk).
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d), values[i] 0..9 (0 = empty). No
 * global state; all memory is owned by the call (freed before it returns) but the output.
 */
#ifndef SUDOKIT_HOFORCE9_H
#define SUDOKIT_HOFORCE9_H

#include <stdint.h>

#include "hotable9.h" /* HT_* status codes, ht_out */

/* Entity kinds of a step: a verity, a contradiction in a cell, in a house. */
#define HF_NONE 0
#define HF_CELL 1
#define HF_HOUSE 2

/* HoDoKu's first Forcing Chain (nets == 0) or Forcing Net step of the grid into out
 * (nothing when there is none), integers little-endian:
 *
 *     cell, digit, placed (0/1), entity kind (HF_*), entity index (cell 0-80 or house:
 *     0-8 rows, 9-17 columns, 18-26 boxes; 0 for a verity) (1 byte each); k (uint16)
 *     chains, each: premise node (uint16), e (uint16) ends, each: m (uint16) and the m
 *     nodes of its breadth-first path from the premise as (cell, digit, strong) bytes
 *     (a group node: its first cell; strong: an "on" node).
 *
 * *spent counts the node count, then the component count of the closure, as the twin's
 * budget does; past `budget` it stops with HT_BUDGET. HT_BAD_INPUT: a mask above 0x1FF,
 * a value above 9, a negative budget. */
int hoforce9_find(const uint16_t cands[81], const uint8_t values[81], int nets, long budget, ht_out *out,
                  long *spent);

#endif
