/* aligned9.h -- Sudoku Explainer's Aligned Pair and Aligned Triplet Exclusion, in C.
 *
 * serate 1.2.1.3's AlignedExclusion rule (degree 2: "Aligned Pair Exclusion", ER 6.2;
 * degree 3: "Aligned Triplet Exclusion", ER 7.5), searched in SE's order. The rules and
 * the order are documented with the pure-Python twin (src/sudokit/_pyaligned9.py, which
 * gives the same bytes for the same input); sudokit.human.se_rules turns the hints into
 * path steps.
 *
 * In short: a base cell has two or more candidates, no peer with a single candidate and
 * at least one "excluder" peer with 2..degree candidates. For every pair of base cells in
 * colex order (degree 3: every third base cell among the pair's excluders), with two or
 * more excluders seen by all of them, a combination of one digit per base cell is not
 * allowed when two base cells that see each other get the same digit, or when it holds
 * every candidate of a common excluder; a candidate no allowed combination uses is
 * removed.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffer is the only allocation.
 */
#ifndef SUDOKIT_ALIGNED9_H
#define SUDOKIT_ALIGNED9_H

#include <stddef.h>
#include <stdint.h>

#define AL_OK 0
#define AL_BAD_INPUT (-1) /* a mask above 0x1FF, a degree other than 2 or 3, max_hints < 0 */
#define AL_NO_MEMORY (-2)

/* A growable output buffer (the caller zero-initialises it and frees it with
 * aligned9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} al_out;

/* The hints of Aligned Pair (degree 2) or Triplet (degree 3) Exclusion on cands, in SE's
 * search order, at most max_hints of them (0: all). out gets one record per hint:
 *
 *     n (1 byte: 1..degree), then n entries of 3 bytes: cell, removed digits' mask
 *     (uint16 little-endian), in base-cell order.
 *
 * *spent counts the base-cell pairs looked at (the unit of sudokit's node budget).
 * Returns an AL_* status. */
int aligned9_exclusion(const uint16_t cands[81], int degree, int max_hints, al_out *out, long *spent);

void aligned9_out_free(al_out *out);

#endif
