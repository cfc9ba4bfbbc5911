/* canon9.h -- canonical (minimal-lexicographic) form of a 9x9 puzzle (plain C, no Python).
 *
 * The definition is the one of sudokit.transform (see its module docstring): over the
 * 2 * 6^8 geometric transformations (transpose, band/stack orders, row/column orders
 * inside bands/stacks), take the image, relabel its digits 1, 2, 3, ... in order of first
 * appearance in row-major reading, read the 81 cells as numbers (blank = 0), and keep
 * the smallest.  A transformation reaching it is reported as
 *   transpose (0/1), rows[9], cols[9], digits[9]
 * acting like sudokit.transform.Transform:  src = transpose ? g^T : g,
 * out[r][c] = digits[src[rows[r]][cols[c]] - 1]; digits that do not occur get the free
 * labels in increasing digit order.
 *
 * Reentrant: no global mutable state; every call allocates its own work arrays (freed
 * before it returns) and only reads const tables.
 */
#ifndef SUDOKIT_CANON9_H
#define SUDOKIT_CANON9_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    CANON9_OK = 0,
    CANON9_CONFLICT = 1,  /* two givens share a house and a digit: no form computed */
    CANON9_TOO_MANY = 2,  /* too many tied partial transformations (very sparse puzzle) */
    CANON9_BAD_INPUT = 3, /* a byte outside '1'-'9', '.', '0' */
    CANON9_NO_MEMORY = 4,
};

/* Bytes of one transformation as written by canon9_canonical: transpose, rows, cols, digits. */
#define CANON9_TRANSFORM_BYTES 28

/* Canonical form of `puzzle` (81 bytes) into `form` (81 bytes, '1'..'9' and '.'), and a
 * transformation reaching it into `transform` (CANON9_TRANSFORM_BYTES bytes, raw values;
 * may be NULL).  `max_partials` caps the partial transformations kept per row (0: a
 * default of about a million, 32 MB); beyond it CANON9_TOO_MANY is returned.
 * Returns a CANON9_* status; on any status but CANON9_OK, form is 81 '.'. */
int canon9_canonical(const uint8_t *puzzle, uint8_t *form, uint8_t *transform, size_t max_partials);

/* canon9_canonical over n puzzles stored back to back; status[i] gets each status. */
void canon9_canonical_batch(const uint8_t *puzzles, size_t n, uint8_t *forms, uint8_t *status);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_CANON9_H */
