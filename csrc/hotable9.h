/* hotable9.h -- HoDoKu's tables and its Nice Loop / AIC search (sudokit.human.tabling), in C.
 *
 * HoDoKu 2.2's TablingSolver as the pure-Python twin (src/sudokit/_pytable9.py, which gives
 * the same bytes for the same input) documents it; sudokit.human.tabling sorts the chains
 * and writes the steps.
 *
 * Nodes: (d-1)*81 + cell is "cell is d", 729 + (d-1)*81 + cell "cell is not d", 1458 + 2g
 * group g on, 1459 + 2g off (grouped search only; groups of 2-3 places of a digit in one
 * line and box, rows then columns, digit, box). A premise's table is its direct links
 * (HoDoKu's link order) expanded breadth first to at most 1,000 entries, each entry
 * keeping the entry that first reached it. Premises in order (on-premises by cell and
 * digit, then off-premises): an entry in the premise's own cell closes a nice loop; an
 * "on" entry of an off-table that would remove something ends an AIC (checked after all
 * loops). Lassos are dropped; of chains with the same eliminations the first is kept
 * unless a later one is strictly shorter (then both are reported). A premise is walked
 * only when its closure (strongly connected components of the link graph) can reach such
 * an entry.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; all memory is owned by the call (freed before it returns) but the output buffer.
 */
#ifndef SUDOKIT_HOTABLE9_H
#define SUDOKIT_HOTABLE9_H

#include <stddef.h>
#include <stdint.h>

#define HT_OK 0
#define HT_BAD_INPUT (-1) /* a mask above 0x1FF, a negative budget */
#define HT_NO_MEMORY (-2)
#define HT_BUDGET (-3)    /* more than `budget` nodes spent */

/* Record kinds. */
#define HT_DISCONTINUOUS 0
#define HT_CONTINUOUS 1
#define HT_AIC 2

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hotable9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} ht_out;

/* The nice loops and AICs of cands (with group nodes when grouped != 0) in the order
 * found. out gets one record per accepted chain, integers little-endian:
 *
 *     kind (1 byte, HT_*), n (uint16), n eliminations as (cell, digit) bytes sorted by
 *     digit then cell, m (uint16), m chain nodes (uint16) from the premise.
 *
 * *spent counts what the search spends: the node count and the component count of the
 * closure, then the entries of every table walked for its hits. Past `budget` it stops
 * with HT_BUDGET. */
int hotable9_nice_loops(const uint16_t cands[81], int grouped, long budget, ht_out *out, long *spent);

void hotable9_out_free(ht_out *out);

#endif
