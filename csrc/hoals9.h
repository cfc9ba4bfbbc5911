/* hoals9.h -- HoDoKu's almost locked sets and their restricted commons (sudokit.human.als), in C.
 *
 * As the pure-Python twin (src/sudokit/_pyals9.py, which gives the same bytes for the same
 * input) documents it: an ALS is n cells (1..8) of one house holding n + 1 digits,
 * collected in HoDoKu's order (houses rows, columns, boxes; cell subsets of the house's
 * empty cells depth first; each cell set once). Two ALS i < j that do not overlap have a
 * restricted common X when every X cell of both sees every X cell of the other; at most
 * the two lowest are listed, pairs in order.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffers are the only memory kept.
 */
#ifndef SUDOKIT_HOALS9_H
#define SUDOKIT_HOALS9_H

#include <stddef.h>
#include <stdint.h>

#define HA_OK 0
#define HA_BAD_INPUT (-1) /* a mask above 0x1FF */
#define HA_NO_MEMORY (-2)

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hoals9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} ha_out;

/* The ALS of cands into alses, 13 bytes each: the cells as an 81-bit little-endian mask
 * (11 bytes), the digits (uint16 little-endian, bit d-1 = digit d); their restricted
 * commons into rcs, 6 bytes each: i, j (uint16 little-endian, i < j), x1, x2 (x2 = 0
 * when there is one). Returns an HA_* status. */
int hoals9_search(const uint16_t cands[81], ha_out *alses, ha_out *rcs);

#define HA_XZ 0      /* ALS-XZ: one step per RC (i, j) with eliminations, in RC order */
#define HA_XY_WING 1 /* ALS-XY-Wing: RCs k1 < k2 sharing an ALS C, in (k1, k2) order */

/* The ALS-XZ or ALS-XY-Wing steps (kind HA_XZ / HA_XY_WING) over the lists of
 * hoals9_search, at most limit (>= 0) of them, in the twin's order, into out, one record
 * each: the number of ALS n (2: A, B; 3: A, B, C) and n ALS as 13-byte records of
 * hoals9_search; the RC digits (uint16 LE mask: X of XZ, X,Y of the wing), the Z digits
 * (uint16 LE mask; 0 for a doubly linked XZ with locked-set eliminations), the number of
 * eliminations m (uint16 LE) and m (cell, digit) byte pairs ordered by digit, then cell.
 * XZ: digits Z common to A and B but X leave the cells seeing all their Z cells in both;
 * with two RCs both Xs in turn, and each set's other digits leave the cells seeing all
 * their cells in it (outside the other set). XY-Wing: A linked to C by one RC, B by
 * another (not one same single digit), A and B apart: their common digits but the RC
 * digits leave the cells seeing all their cells in both. Returns an HA_* status
 * (HA_BAD_INPUT also for an unknown kind or limit < 0). */
int hoals9_steps(const uint16_t cands[81], int kind, long limit, ha_out *out);

/* One grid's ALS, their digit tables and restricted commons, built once for several of
 * the searches above (hoalschain9_first): hoals9_grid_new builds it (*grid NULL on an
 * error), hoals9_grid_records writes the records of hoals9_search, hoals9_grid_steps
 * those of hoals9_steps; hoals9_grid_free (NULL allowed) releases it. HA_* statuses. */
typedef struct ha_grid ha_grid;
int hoals9_grid_new(const uint16_t cands[81], ha_grid **grid);
int hoals9_grid_records(const ha_grid *grid, ha_out *alses, ha_out *rcs);
int hoals9_grid_steps(const ha_grid *grid, int kind, long limit, ha_out *out);
void hoals9_grid_free(ha_grid *grid);

/* Append n bytes to out (doubling its buffer); HA_OK or HA_NO_MEMORY. Shared with hoalschain9. */
int hoals9_put(ha_out *out, const uint8_t *bytes, size_t n);

void hoals9_out_free(ha_out *out);

#endif
