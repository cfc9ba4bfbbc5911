/* human9.h -- the cheap front of Sudoku Explainer's technique order, for the rating path.
 *
 * sudokit.human.rating walks a puzzle in SE's order (serate 1.2.1). Most of its steps
 * are singles, SE's "direct" variants, intersections, pairs and X-Wings, rated 1.0 ..
 * 3.4, and that front of the order is searched again before every step. human9_se_run runs it in C: it takes the first
 * step of the first enabled technique below, in this order, applies it, and repeats
 * until none applies (or the grid is full, or max_steps is reached). The
 * Python finders it replaces are the reference; the choice of step is theirs exactly.
 *
 *   code  technique             SE ER   first hit in this search order
 *   0     full house            1.0     houses 0..26 (rows, columns, boxes)
 *   1     hidden single (box)   1.2     boxes, then digits 1..9
 *   2     hidden single (line)  1.5     rows, then columns, then digits
 *   3     direct pointing       1.7     box/column then box/row; digit, box, parallel box
 *   4     direct claiming       1.9     column/box then row/box; digit, line, parallel line
 *   5     direct hidden pair    2.0     boxes, columns, rows; digit pairs; hidden single digit
 *   6     naked single          2.3     cells 0..80
 *   7     direct hidden triple  2.5     as 5, digit triples
 *   8     pointing              2.6     box, then line (rows, columns) through it; digits
 *   9     claiming              2.8     box, then line through it (rows, columns); digits
 *   10    locked pair           3.0     box, then line through it; cell pairs ascending
 *   11    naked pair            3.0     houses 0..26; cell pairs ascending
 *   12    X-Wing                3.2     digits; base rows, then columns; line pairs
 *   13    hidden pair           3.4     houses 0..26; digit pairs ascending
 *
 * Codes 0-7 place a digit. Codes 8 and 9 (a digit with one to three places in the base
 * house, all inside its intersection with the cover house) eliminate the digit from the
 * rest of the cover house (the registry's Pointing/Claiming: intersections box-major).
 * Codes 10 and 11 (two cells with the same two candidates, in a box-line intersection
 * or in one house) eliminate those digits from the other cells of the line and the box,
 * or of the house; code 12 a digit from the crossing lines, code 13 the other digits
 * from the pair's two cells.
 *
 * State: values[i] 0..9 (0 = blank), cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a
 * filled cell). Houses as in sudokit.grid.HOUSES: 0-8 rows, 9-17 columns, 18-26 boxes;
 * the k-th cell of a house is its k-th cell in row-major order. No global state.
 */
#ifndef SUDOKIT_HUMAN9_H
#define SUDOKIT_HUMAN9_H

#include <stdint.h>

#define H9_TECHNIQUES 14
#define H9_MAX_STEPS 729   /* every step removes a candidate */
#define H9_STEP_BYTES 6561 /* 729 steps of at most 9 bytes */

/* Statuses of human9_se_run. */
#define H9_DONE 0      /* no enabled technique applies, or the grid is full */
#define H9_MAX 1       /* max_steps steps were taken */
#define H9_EMPTIED 2   /* the last step left a blank cell without candidates */
#define H9_BAD_INPUT 3 /* a value > 9, a mask > 0x1FF, or a filled cell with candidates */

/* Run the front techniques (bit `code` of `enabled` enables one) on the state in place,
 * at most min(max_steps, 729) steps. steps gets, per step, (code, cell, digit) for a
 * placement (codes 0-7), (code, digit, n, cell_1 .. cell_n) for codes 8 and 9 (cells
 * ascending), (code, n, n x (cell, digit)) for codes 10-13 (ascending);
 * *n_bytes is the length written. The return value is an H9_* status. */
int human9_se_run(uint8_t values[81], uint16_t cands[81], unsigned enabled, int max_steps,
                  uint8_t steps[H9_STEP_BYTES], int *n_bytes);

/* HoDoKu loads a puzzle by placing its clues one by one, in cell order, on a grid with
 * every candidate, and queues singles as candidates disappear; which single it takes
 * later depends on those queues. human9_replay does the same (rules of
 * sudokit.human.rating._HodokuState): placing a digit removes it from the peers in
 * ascending order (each removal: the free counts of the peer's three houses drop, a
 * count reaching 1 queues the house's remaining place on `hs`, a peer left with one
 * candidate is queued on `ns`), then clears the cell's own candidates (a count reaching
 * 1 queues a hidden single only for the other digits).
 *
 * puzzle: 81 values 0..9. Out: cands, free[h][d] (places of d in house h; free[h][0] = 0),
 * ns as (cell, digit) pairs (at most 81), hs as (cell, digit) pairs (at most 243).
 * Returns 0, or H9_BAD_INPUT for a value > 9 (nothing written). */
#define H9_MAX_NS 81
#define H9_MAX_HS 243
int human9_replay(const uint8_t puzzle[81], uint16_t cands[81], uint8_t free[27][10], uint8_t ns[2 * H9_MAX_NS],
                  int *n_ns, uint8_t hs[2 * H9_MAX_HS], int *n_hs);

/* HoDoKu's front, for the HoDoKu rating path (rules of sudokit.human.rating's
 * _HodokuState and hodoku_walk): its singles from the queues, then its own searches for
 * intersections and subsets, applied with the same queue bookkeeping, until none applies
 * (or the grid is full, or max_steps). Technique slots (bit t of `enabled`), tried in
 * this order, and the step codes they write:
 *
 *   slot  technique                            step code
 *   0     full house (a queued naked single     0
 *         that is the last place of a house)
 *   1     naked single (queue)                 1
 *   2     hidden single (queue)                2 in a box, 3 in a line
 *   3, 4  locked pair, triple (boxes)          4, 5
 *   5, 6  locked candidates 1 (boxes), 2       6, 7
 *         (rows, then columns)
 *   7, 8  naked pair, triple                   8, 9
 *   9, 10 hidden pair, triple                  10, 11
 *   11    naked quadruple                      12
 *   12    hidden quadruple                     13
 *
 * steps gets (code, cell, digit) for a single, (code, n, n x (cell, digit)) for
 * deletions in the order applied. ns/hs hold the live queue entries as (cell, digit)
 * pairs, oldest first (*n_ns, *n_hs entries; arrays of H9_MAX_NS / H9_MAX_HS pairs), and
 * come back updated; free_out gets the final free counts. Returns H9_DONE, H9_MAX or
 * H9_BAD_INPUT (values/cands as for human9_se_run, or a bad queue entry). */
#define H9_HO_TECHNIQUES 13
#define H9_HO_STEP_BYTES 4096
int human9_ho_run(uint8_t values[81], uint16_t cands[81], uint8_t *ns, int *n_ns, uint8_t *hs, int *n_hs,
                  unsigned enabled, int max_steps, uint8_t steps[H9_HO_STEP_BYTES], int *n_bytes,
                  uint8_t free_out[27][10]);

/* human9_ho_run after applying a step found elsewhere: pre holds n_pre entries (op, cell,
 * digit), op 0 a placement, 1 an elimination, applied in that order with the same
 * bookkeeping (the HoDoKu walk's steps of other techniques: placements, then eliminations
 * in HoDoKu's order) before the run. H9_BAD_INPUT (nothing applied) also for an op > 1, a
 * cell > 80, a digit outside 1..9 or a placement on a cell holding another digit. */
int human9_ho_run_after(uint8_t values[81], uint16_t cands[81], uint8_t *ns, int *n_ns, uint8_t *hs, int *n_hs,
                        const uint8_t *pre, int n_pre, unsigned enabled, int max_steps,
                        uint8_t steps[H9_HO_STEP_BYTES], int *n_bytes, uint8_t free_out[27][10]);

/* How many steps of each code are in `steps` (n_bytes bytes as human9_ho_run writes
 * them): counts[c] for each code c < H9_HO_CODES, and order[] the codes in order of first
 * use. Returns how many codes were used (entries of order), or -1 when
 * the bytes are not such steps (an unknown code, a record cut short). A rating reads only
 * these numbers, not each step: this is its cheap path. */
#define H9_HO_CODES 14
int human9_ho_tally(const uint8_t *steps, int n_bytes, int counts[H9_HO_CODES], uint8_t order[H9_HO_CODES]);

#endif
