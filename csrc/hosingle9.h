/* hosingle9.h -- HoDoKu's single-digit pattern searches (sudokit.human.single_digit) and
 * its X-Chain search (sudokit.human.chains), in C.
 *
 * The pure-Python twin src/sudokit/_pysingle9.py gives the same bytes for the same input
 * and documents each search's order. In short (d: the digit; a strong link: a house with
 * exactly two places for d, as (house, lower cell, higher cell), houses in order):
 *
 *  HD_SKYSCRAPER  row links of every digit, then column links; per digit, pairs of
 *                 parallel links whose first (or else last) cells share a cross line.
 *  HD_KITE        per digit, a row link and a column link whose near ends share a box.
 *  HD_TURBOT      every strong-weak-strong chain on one digit in HoDoKu's link order
 *                 (row, column, then box cells outside both) that HoDoKu's Skyscraper
 *                 and Kite searches would not find, stably sorted by more eliminations,
 *                 then the smaller weighted index sum, start cell, digit.
 *  HD_EMPTY_RECT  per digit and box, the box's crosses (last row and column first) with
 *                 a row or column strong link outside the box.
 *  HD_X_CHAIN     HoDoKu 2.2's depth-first ChainSolver X-Chain search: from every cell
 *                 and digit (ascending) over its strong links, weak and strong links
 *                 alternating (a strong link may serve as a weak one), never back to a
 *                 chain cell except the start (a loop, not extended), at most 20 links;
 *                 a chain ending on a strong link where d has a place seeing both ends
 *                 is reported unless one with the same eliminations was reported with
 *                 no more links (HoDoKu's deletesMap). Bounded by `budget` links taken.
 *
 * Records (bytes, in the order the Python finder yields or HoDoKu collects them):
 *  Skyscraper, Kite, Turbot: d, h1, e1, f1, h2, e2, f2, n, n target cells (ascending):
 *      the links (h1: e1 near end, f1 far end) and (h2: e2, f2) and the eliminations.
 *  Empty Rectangle: d, box (18..26), row, col (the cross), h (the link's house), near,
 *      far, target.
 *  X-Chain: d, n, n cells from the start (start false, then true/false alternating).
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffer and the search's own tables are the only allocations.
 */
#ifndef SUDOKIT_HOSINGLE9_H
#define SUDOKIT_HOSINGLE9_H

#include <stddef.h>
#include <stdint.h>

#define HD_OK 0
#define HD_BAD_INPUT (-1) /* a mask above 0x1FF, an unknown kind, a negative budget */
#define HD_NO_MEMORY (-2)
#define HD_BUDGET (-3)    /* X-Chain: more than `budget` links taken */

#define HD_SKYSCRAPER 0
#define HD_KITE 1
#define HD_TURBOT 2
#define HD_EMPTY_RECT 3
#define HD_X_CHAIN 4

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hosingle9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hd_out;

/* The records of search `kind` on cands into out (see above). *spent counts the X-Chain
 * links taken (0 for the other kinds); past `budget` the search stops with HD_BUDGET. */
int hosingle9_search(const uint16_t cands[81], int kind, long budget, hd_out *out, long *spent);

/* The searches kinds[0..n) (each HD_SKYSCRAPER..HD_EMPTY_RECT) in turn on one set of
 * tables, stopping at the first that writes a record: *which = its index (n when none
 * does) and out its records, the bytes hosingle9_search gives for it. out must be empty on
 * entry. Returns an HD_* status. */
int hosingle9_first(const uint16_t cands[81], const uint8_t *kinds, int n, hd_out *out, int *which);

void hosingle9_out_free(hd_out *out);

#endif
