/* subset9.h -- the naked and hidden subset searches of sudokit.human.subsets, in C.
 *
 * As the pure-Python twin (src/sudokit/_pysubset9.py, which gives the same bytes for the
 * same input) documents it. Naked subsets of size n (2-4), houses in order (rows, columns,
 * boxes): the house's cells holding 2..n candidates, their n-combinations in cell order
 * whose candidates together are n digits, kept when another cell of the house holds one of
 * them. Hidden subsets of size n, houses in order, houses with more than n empty cells
 * only: the digits with 1..n places in the house, their n-combinations in digit order
 * whose places together are n cells, kept when one of those cells holds another digit.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell), values[i] the
 * digit of a filled cell (0 when empty). No global state; the output buffer is the only
 * allocation.
 */
#ifndef SUDOKIT_SUBSET9_H
#define SUDOKIT_SUBSET9_H

#include <stddef.h>
#include <stdint.h>

#define SB_OK 0
#define SB_BAD_INPUT (-1) /* a mask above 0x1FF or a value above 9 */
#define SB_NO_MEMORY (-2)

/* A growable output buffer (the caller zero-initialises it and frees it with
 * subset9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} sb_out;

/* Every naked subset (sizes 2, 3, 4), then every hidden subset (sizes 2, 3, 4), each size
 * in the order above. One record each: kind (0 naked, 1 hidden), size n, house (0-26),
 * the n cells (naked: the combination; hidden: the cells of the places, ascending within
 * the house), the digits as a little-endian uint16 mask (bit d-1 = digit d).
 * Returns an SB_* status. */
int subset9_search(const uint16_t cands[81], const uint8_t values[81], sb_out *out);

void subset9_out_free(sb_out *out);

#endif
