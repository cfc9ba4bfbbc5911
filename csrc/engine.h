/* engine.h -- the variant constraint engine: any size up to 25 digits, up to 1024 cells.
 *
 * It knows a few primitives only (sudokit/variants/compile.py turns every variant
 * constraint into them): candidate masks, houses (distinct digits; a house of exactly
 * N cells holds every digit), pair relations (weak links between the candidates of two
 * cells, as a table of N masks), linear sums (sum coef*digit == total), triple relations
 * (between lines) and sandwiches.
 *
 * The program is a flat int32 array:
 *
 *     n_cells, n_digits, n_houses, n_rels, n_sums, n_triples, n_sandwiches,
 *     mask[n_cells],                           bit d-1 = digit d allowed
 *     n_houses     x (size, cell...),
 *     n_rels       x (a, b, table[n_digits]),  table[x]: digits of b allowed when a = x+1
 *     n_sums       x (terms, total, terms x (cell, coef)),
 *     n_triples    x (a, b, c, table[n_digits^2]),  table[x*N+y]: digits of c when a=x+1, b=y+1
 *     n_sandwiches x (size, total, cell...)   cells strictly between the 1 and the N sum to total
 *                                              (size <= ENG_MAX_DIGITS: a row or column)
 *
 * The search propagates to a fixpoint (engine.c lists the propagators) and branches on a
 * cell with the fewest candidates (ties: the cell whose branches failed most often so far,
 * then the one linked to the most open cells by relations, then the first), digits
 * increasing; with relations, sums or triples the cell whose branch failed last goes first
 * while it is open (last conflict); the pure-Python twin src/sudokit/_pyengine.py walks
 * the same tree.  Reentrant: all state lives in memory allocated per call (engine_model.c
 * decodes the program).
 */
#ifndef SUDOKIT_ENGINE_H
#define SUDOKIT_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#define ENG_MAX_CELLS 1024
#define ENG_MAX_DIGITS 25
#define ENG_MAX_COEF 1000000

enum {
    ENG_DONE = 0,        /* the search finished; count is exact up to limit */
    ENG_BUDGET = 1,      /* node_budget ran out first */
    ENG_STOPPED = 2,     /* the poll callback asked to stop */
    ENG_BAD_PROGRAM = -1,
    ENG_NO_MEMORY = -2,
};

/* Called about every 4096 nodes; a non-zero return stops the search (ENG_STOPPED). */
typedef int (*eng_poll_fn)(void *arg);

/* Number of cells of a program, or -1 when its header is malformed (size `solution`). */
int eng_program_cells(const int32_t *prog, size_t len);

/* Count solutions up to `limit` (>= 1), trying at most `node_budget` branches (0: no
 * budget).  `solution` (n_cells bytes) gets the first solution's digits 1..N when
 * *count >= 1.  Returns an ENG_* status. */
int eng_solve(const int32_t *prog, size_t len, uint32_t limit, uint64_t node_budget, uint32_t *count,
              uint8_t *solution, uint64_t *nodes, eng_poll_fn poll, void *poll_arg);

#endif
