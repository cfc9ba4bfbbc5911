/* solver9.h -- the fast 9x9 Sudoku solver of sudokit (plain C, no Python).
 *
 * Contract (the same as sudokit._core, see src/sudokit/_core.pyi):
 *   - a puzzle is 81 bytes, row-major: '1'..'9' a given, '.' or '0' a blank;
 *     any other byte makes the puzzle BAD_INPUT;
 *   - conflicting givens give a count of 0 (found while placing the givens, before search);
 *   - the search stops as soon as `limit` solutions are found (limit >= 1);
 *   - the first solution found is written as 81 bytes '1'..'9', or 81 '.' if none.
 *
 * Reentrant: no global mutable state.  Every call keeps its whole state on the
 * caller's stack (about 230 bytes per search level, at most 81 levels), allocates
 * nothing, and only reads the const tables in tables9.h.  Any number of threads may
 * call these functions at once on distinct output buffers.
 */
#ifndef SUDOKIT_SOLVER9_H
#define SUDOKIT_SOLVER9_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define S9_BAD_INPUT 0xFFFFFFFFu /* count of a puzzle holding a byte outside '1'-'9', '.', '0' */
#define S9_MAX_LIMIT 0xFFFFFFFEu /* larger limits are clamped to this (counts are uint32) */

/* A cancellation hook: called now and then during long searches (about every 16,384
 * guesses, and every 4,096 puzzles of a batch) with the caller's ctx; returning nonzero
 * stops the search.  The binding uses it to let Ctrl-C through. */
typedef int (*s9_poll_fn)(void *ctx);

/* Solve one puzzle; returns the count (capped at limit) or S9_BAD_INPUT.
 * solution (81 bytes, may be NULL, may be the puzzle itself) gets the first solution or 81 '.'.
 * *guesses (may be NULL) is increased by the number of guesses made. */
uint32_t s9_solve(const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses);

/* Solve n puzzles stored back to back (81*n bytes); counts[i] as s9_solve returns it.
 * counts may be unaligned (it is written with memcpy).  Returns the total guesses. */
uint64_t s9_solve_batch(const uint8_t *puzzles, size_t n, uint8_t *solutions, uint8_t *counts_bytes,
                        uint32_t limit);

/* s9_solve / s9_solve_batch with a cancellation hook (poll may be NULL).  When poll stops
 * the search, *stopped (may be NULL) is set to 1 and the results are incomplete:
 * the count is a lower bound, and a batch leaves the rest of its outputs unwritten. */
uint32_t s9_solve_poll(const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses, s9_poll_fn poll,
                       void *ctx, int *stopped);
uint64_t s9_solve_batch_poll(const uint8_t *puzzles, size_t n, uint8_t *solutions, uint8_t *counts_bytes,
                             uint32_t limit, s9_poll_fn poll, void *ctx, int *stopped);

/* s9_solve forced onto the portable copy (no CPU-specific instructions): the tests check
 * that both copies give the same answers. */
uint32_t s9_solve_portable(const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses);

/* Names of the CPU features the solver detected and uses at run time, NULL-terminated. */
const char *const *s9_features(void);

/* Code paths: the solver is compiled once per path and one is picked at run time.
 * S9_PATH_AUTO picks the fastest this CPU runs (s9_auto_path); a path the CPU cannot run
 * (s9_path_supported) falls back to auto, so every path argument is safe. */
enum { S9_PATH_AUTO = -1, S9_PATH_PORTABLE = 0, S9_PATH_BMI2 = 1, S9_PATH_AVX2 = 2, S9_NPATHS = 3 };

/* The path auto picks here; *reason (may be NULL) gets a static sentence saying why. */
int s9_auto_path(const char **reason);
/* 1 if this CPU (and build) can run the path. */
int s9_path_supported(int path);
/* "portable", "bmi2", "avx2", or NULL for an unknown number. */
const char *s9_path_name(int path);
/* The CPU features the path uses (after the auto fallback), NULL-terminated. */
const char *const *s9_path_features(int path);

/* s9_solve_poll / s9_solve_batch_poll on a given path. */
uint32_t s9_solve_path(int path, const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses,
                       s9_poll_fn poll, void *ctx, int *stopped);
uint64_t s9_solve_batch_path(int path, const uint8_t *puzzles, size_t n, uint8_t *solutions, uint8_t *counts_bytes,
                             uint32_t limit, s9_poll_fn poll, void *ctx, int *stopped);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_SOLVER9_H */
