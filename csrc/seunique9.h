/* seunique9.h -- Sudoku Explainer's Unique Rectangles and Unique Loops, in C.
 *
 * serate 1.2.1.3's UniqueLoops rule (types 1-4; rectangles are the 4-cell loops), searched
 * and sorted as SE does. The rule, the search order and the ratings are documented with the
 * pure-Python twin (src/sudokit/_pyseunique9.py, which gives the same bytes for the same
 * input); sudokit.human.se_unique turns the records into path steps.
 *
 * In short: from every bivalue cell a depth-first search through the cells holding both of
 * its digits (houses in SE's order box, row, column), back to the start after 4+ cells,
 * every house met once at an odd and once at an even position; the cells with more digits
 * give the type (1: one such cell; 2: one extra digit; 3: a naked/hidden set with the
 * extra digits; 4: a loop digit locked to the two extra cells in a house).
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell), values[i] the
 * placed digit (0: empty; type 3 counts a house's empty cells). No global state; the
 * output buffer and the search's own tables are the only allocations.
 */
#ifndef SUDOKIT_SEUNIQUE9_H
#define SUDOKIT_SEUNIQUE9_H

#include <stddef.h>
#include <stdint.h>

#define SU_OK 0
#define SU_BAD_INPUT (-1) /* a mask above 0x1FF, a value above 9, a limit below -1 */
#define SU_NO_MEMORY (-2)
#define SU_LIMIT (-3) /* more than `limit` search nodes */

/* A growable output buffer (the caller zero-initialises it and frees it with
 * seunique9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} su_out;

/* Every unique loop hint of the grid, easiest first (SE's rating, then the type, then the
 * order found). out gets one record per hint:
 *
 *     type (1 byte: 1..4), n (1 byte: the loop's length), n cells in loop order,
 *     k (1 byte: type 3's set size for the rating, else 0), m (1 byte), then m entries of
 *     3 bytes: cell, removed digits' mask (uint16 little-endian), cells ascending.
 *
 * *spent counts the search nodes (cells entered); past `limit` (-1: no limit) the search
 * stops with SU_LIMIT (it is exponential in the cells holding a pair: real paths enter
 * a few hundred, hostile grids billions). Returns an SU_* status. */
int seunique9_loops(const uint16_t cands[81], const uint8_t values[81], long limit, su_out *out, long *spent);

void seunique9_out_free(su_out *out);

#endif
