/* ref_solver.h -- the simple reference solver used to check the fast one (tests only). */
#ifndef SUDOKIT_REF_SOLVER_H
#define SUDOKIT_REF_SOLVER_H

#include <stdint.h>

/* Same contract as s9_solve (count capped at limit, S9_BAD_INPUT for bad bytes,
 * 0 for conflicting givens, solution gets the first solution or 81 '.'). */
uint32_t ref_solve(const uint8_t *puzzle, uint32_t limit, uint8_t *solution);

#endif
