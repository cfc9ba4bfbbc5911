/* hocolor9.h -- HoDoKu's Simple Colors and Multi-Colors searches (sudokit.human.coloring), in C.
 *
 * As the pure-Python twin (src/sudokit/_pycolor9.py, which gives the same bytes for the same
 * input) documents it. Per digit, the strong links (houses with exactly two places, rows,
 * columns, boxes in order) form a graph; its connected components, from the lowest cell
 * up, are the clusters, colored by parity; a component that cannot be two-colored is left
 * out (the candidates are contradictory). Simple Colors, per digit and cluster: the wrap
 * (a color with two cells seeing each other loses the digit; both colors in one record
 * when both wrap), then the trap (clusters of 4+ cells: the cells seeing both colors lose
 * the digit). Multi-Colors, per digit and ordered pair of different clusters (A, B):
 * type 2 (a color of A seeing both colors of B loses the digit), then type 1 (a color of
 * A seeing a color of B: the cells seeing both other colors lose the digit).
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffers are the only allocations.
 */
#ifndef SUDOKIT_HOCOLOR9_H
#define SUDOKIT_HOCOLOR9_H

#include <stddef.h>
#include <stdint.h>

#define HC_OK 0
#define HC_BAD_INPUT (-1) /* a mask above 0x1FF */
#define HC_NO_MEMORY (-2)

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hocolor9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hc_out;

/* The clusters and the coloring records of cands.
 *
 * clusters: one record per cluster, digits ascending, clusters in order: digit (1 byte),
 * then three lists, each a count byte and its items ascending: the color-1 cells, the
 * color-2 cells, the houses of the cluster's links (0-8 rows, 9-17 columns, 18-26 boxes;
 * a pair of cells linked in two houses counts the first only).
 *
 * records: the Simple Colors records (all digits), then the Multi-Colors records, each
 * in the order above: kind (0 wrap, 1 trap, 2 Multi-Colors type 2, 3 type 1), digit,
 * cluster index i, cluster index j (within the digit's clusters; 255 for Simple Colors),
 * then a count byte and the cells losing the digit, ascending.
 * Returns an HC_* status. */
int hocolor9_search(const uint16_t cands[81], hc_out *clusters, hc_out *records);

void hocolor9_out_free(hc_out *out);

#endif
