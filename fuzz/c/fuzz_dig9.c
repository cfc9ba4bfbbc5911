/* fuzz_dig9.c -- libFuzzer harness of csrc/dig9.c (with the solver it counts with).
 * sources: dig9.c solver9.c
 *
 * Input: the random word stream for dig9_fill (all of it), and its first byte choosing
 * stop_at and whether orbits are shuffled.  Checked: fill returns DIG9_NEED_WORDS or a
 * word count within the stream and a valid full grid; digging that grid (one orbit per
 * cell, or cell pairs symmetric through the centre) gives a subset of the grid with
 * exactly one solution (the grid), never below stop_at givens unless minimal; hostile
 * orbits (cell 81+, size 0) give DIG9_BAD_INPUT.
 */
#include "fuzz_check.h"
#include "../../csrc/dig9.h"
#include "../../csrc/solver9.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    const uint8_t *words = data + 1;
    size_t n_words = (size - 1) / 4;
    uint8_t grid[81];
    int used = dig9_fill(words, n_words, grid);
    FUZZ_CHECK(used == DIG9_NEED_WORDS || (used >= 0 && (size_t)used <= n_words), "fill: status or words read");
    if (used < 0) return 0;
    FUZZ_CHECK(fuzz_is_solution(grid), "fill: a valid full grid");

    uint8_t cells[81], sizes[81];
    size_t n_orbits = 0, k = 0;
    if (mode & 1) { /* central symmetry: pairs (i, 80 - i), the centre alone */
        for (int i = 0; i <= 40; i++) {
            cells[k++] = (uint8_t)i;
            if (i != 40) cells[k++] = (uint8_t)(80 - i);
            sizes[n_orbits++] = i == 40 ? 1 : 2;
        }
    } else {
        for (int i = 0; i < 81; i++) { cells[k++] = (uint8_t)i; sizes[n_orbits++] = 1; }
    }
    int stop_at = (mode >> 1) % 40;
    uint8_t puzzle[81];
    memcpy(puzzle, grid, 81);
    const uint8_t *shuffle = (mode & 0x80) ? words + 4 * (size_t)used : NULL;
    size_t n_shuffle = (mode & 0x80) ? n_words - (size_t)used : 0;
    int status = dig9_dig(puzzle, cells, sizes, n_orbits, shuffle, n_shuffle, stop_at);
    FUZZ_CHECK(status == DIG9_NEED_WORDS || status >= 0, "dig: status");
    if (status >= 0) {
        uint8_t solution[81];
        FUZZ_CHECK(fuzz_keeps_givens(puzzle, grid), "dig: a subset of the grid");
        FUZZ_CHECK(s9_solve(puzzle, 2, solution, NULL) == 1, "dig: exactly one solution");
        FUZZ_CHECK(memcmp(solution, grid, 81) == 0, "dig: the solution is the grid");
    }

    /* Hostile orbits: a cell out of range and an empty orbit are rejected. */
    uint8_t bad_cells[2] = {(uint8_t)(81 + mode % 175), 0}, bad_sizes[2] = {1, 0};
    memcpy(puzzle, grid, 81);
    FUZZ_CHECK(dig9_dig(puzzle, bad_cells, bad_sizes, 1, NULL, 0, 0) == DIG9_BAD_INPUT, "dig: cell out of range");
    FUZZ_CHECK(dig9_dig(puzzle, bad_cells + 1, bad_sizes + 1, 1, NULL, 0, 0) == DIG9_BAD_INPUT, "dig: empty orbit");
    return 0;
}
