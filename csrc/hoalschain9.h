/* hoalschain9.h -- HoDoKu's ALS-Chain search (sudokit.human.als), in C.
 *
 * As the pure-Python twin (ho_als_chain in src/sudokit/_pyals9.py, which gives the same
 * bytes for the same input) documents it: the ALS and restricted commons of hoals9.h, then
 * HoDoKu's depth-first search (AlsSolver.getAlsXYChain, "forward only") from every ALS along
 * restricted commons (i, j) from i to j, the link digits of consecutive links differing, up
 * to 50 links; from the fourth ALS on, the digits common to the first and the last ALS
 * (minus the first and last link digits) eliminate from the cells outside both that see all
 * their cells in both. One chain per elimination set: the first found, replaced by a later
 * one only with fewer cells in all its ALS.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffer is the only memory kept.
 */
#ifndef SUDOKIT_HOALSCHAIN9_H
#define SUDOKIT_HOALSCHAIN9_H

#include "hoals9.h"

/* The chains into out, one record each in the order of their elimination sets' first
 * finding: the first ALS (uint16 little-endian), the number of links n (uint8), then n
 * links of 5 bytes: the index of the restricted common in hoals9_search's rcs list
 * (uint32 little-endian) and which of its digits link (1: x1, 2: x2, 3: both). The search
 * stops after max_nodes calls (max_nodes >= 0; *nodes: the calls made, counted as the twin
 * counts them). Returns an HA_* status (HA_BAD_INPUT also for max_nodes < 0). */
int hoalschain9_search(const uint16_t cands[81], long max_nodes, ha_out *out, long *nodes);

#define HA_CHAIN 2 /* hoalschain9_first: the chain search (HA_XZ, HA_XY_WING: hoals9.h) */

/* The first of the searches kinds[0..nkinds) (HA_XZ and HA_XY_WING: their first step, as
 * hoals9_steps with limit 1; HA_CHAIN: hoalschain9_search with max_nodes) that gives a
 * record, over one build of the grid's ALS and restricted commons: *at its index (nkinds
 * when none did), out its records; alses and rcs the records of hoals9_search when that
 * search is the chain's (left empty otherwise); *nodes the chain search's calls (0 when
 * it did not run). Returns an HA_* status (HA_BAD_INPUT also for a kind above HA_CHAIN,
 * nkinds < 0 or max_nodes < 0). The same answers as the searches called one by one. */
int hoalschain9_first(const uint16_t cands[81], const uint8_t *kinds, int nkinds, long max_nodes, ha_out *out,
                      ha_out *alses, ha_out *rcs, int *at, long *nodes);

#endif
