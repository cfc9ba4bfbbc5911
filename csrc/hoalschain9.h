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

#endif
