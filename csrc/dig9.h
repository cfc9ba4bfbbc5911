/* dig9.h -- the generator's inner loops (plain C, no Python): a random full grid, and
 * digging (removing givens while the puzzle stays unique).
 *
 * Randomness never comes from here.  The caller passes the raw output of its random
 * generator: `words` is a stream of 32-bit words, 4 bytes each, little-endian, as
 * Python's random.Random(seed).getrandbits(32 * n).to_bytes(4 * n, "little") returns
 * them (word 0 is the first output of the Mersenne Twister).  The loops read them the
 * way CPython's random.Random does:
 *
 *     randbelow(n):  k = bit length of n; r = next word >> (32 - k); redraw while r >= n
 *     shuffle(x):    for i = len(x)-1 down to 1: swap x[i], x[randbelow(i + 1)]
 *
 * so a given stream gives the same choices as the Python twin (sudokit._pycore.fill/dig),
 * and the same choices sudokit.generate made with random.shuffle before these kernels.
 * Solution counts come from s9_solve at limit 2; the kernel's first-solution order is
 * never used, except to read the completion of a grid whose count is exactly 1.
 *
 * Both functions return how many words they read, or a negative DIG9_* status.  When
 * the words run out they return DIG9_NEED_WORDS and leave their output undefined: call
 * again with a longer stream (the result depends only on the prefix actually read).
 *
 * Reentrant: no global mutable state; all state is on the caller's stack.
 */
#ifndef SUDOKIT_DIG9_H
#define SUDOKIT_DIG9_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DIG9_NEED_WORDS (-1) /* the random words ran out */
#define DIG9_BAD_INPUT (-2)  /* a puzzle byte, cell index, orbit size or stop_at out of range */
#define DIG9_FAILED (-3)     /* internal error (a fill that cannot go on; never seen) */

/* A random full grid into grid[81] (b'1'..b'9'), as sudokit.generate's fill:
 *   1. digits 1..9 shuffled into box 1, then box 5, then box 9 (cells in row order);
 *   2. the 54 other cells, in increasing order, shuffled;
 *   3. for each of them: its allowed digits (not among its peers' digits), increasing,
 *      shuffled; each is placed in turn and the grid counted (limit 2): 1 -> the grid's
 *      only completion is the result; 2 -> keep the digit, go to the next cell; 0 -> try
 *      the next digit. */
int dig9_fill(const uint8_t *words, size_t n_words, uint8_t grid[81]);

/* Dig puzzle[81] in place.  The orbits are n_orbits groups of cells stored back to back
 * in cells[] (sizes[k] cells for orbit k, each cell 0..80, sizes 1..81).  If words is
 * not NULL the orbits are first shuffled (as a list, with shuffle above); then, in that
 * order, while the puzzle has more than stop_at givens (0..81), each orbit's cells are
 * blanked (b'.') and put back unless the count (limit 2) is exactly 1.  With stop_at 0
 * the result is minimal with respect to the orbits.  Blanks may be b'.' or b'0'. */
int dig9_dig(uint8_t puzzle[81], const uint8_t *cells, const uint8_t *sizes, size_t n_orbits, const uint8_t *words,
             size_t n_words, int stop_at);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_DIG9_H */
