/* fuzz_solver9.c -- libFuzzer harness of csrc/solver9.c.
 * sources: solver9.c
 *
 * Input: a puzzle (the first 81 bytes, any values; missing bytes are blanks), then a
 * limit byte (1..4).  Checked: the count is S9_BAD_INPUT exactly when a byte is outside
 * '1'-'9' '.' '0'; a count >= 1 comes with a solution that obeys the rules and keeps the
 * givens; no count exceeds the limit; the portable copy and the batch entry point give
 * the same answers as the dispatched solver; a solution fed back is its own only answer.
 */
#include "fuzz_check.h"
#include "../../csrc/solver9.h"

static int valid_bytes(const uint8_t p[81])
{
    for (int i = 0; i < 81; i++)
        if (!((p[i] >= '1' && p[i] <= '9') || p[i] == '.' || p[i] == '0')) return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t puzzle[81], solution[81], portable[81], batch[2 * 81], counts[2 * 4];
    fuzz_puzzle(data, size, puzzle);
    uint32_t limit = size > 81 ? 1u + data[81] % 4u : 2u;

    uint32_t count = s9_solve(puzzle, limit, solution, NULL);
    FUZZ_CHECK((count == S9_BAD_INPUT) == !valid_bytes(puzzle), "BAD_INPUT exactly for bad bytes");
    if (count != S9_BAD_INPUT) {
        FUZZ_CHECK(count <= limit, "count within the limit");
        if (count >= 1) {
            FUZZ_CHECK(fuzz_is_solution(solution), "a valid solution");
            FUZZ_CHECK(fuzz_keeps_givens(puzzle, solution), "the solution keeps the givens");
            uint8_t again[81];
            FUZZ_CHECK(s9_solve(solution, 2, again, NULL) == 1, "a solution is its own only answer");
        } else {
            for (int i = 0; i < 81; i++) FUZZ_CHECK(solution[i] == '.', "no solution: 81 blanks");
        }
    }
    FUZZ_CHECK(s9_solve_portable(puzzle, limit, portable, NULL) == count, "portable copy: same count");
    if (count != S9_BAD_INPUT && count >= 1)
        FUZZ_CHECK(memcmp(portable, solution, 81) == 0, "portable copy: same first solution");

    /* The batch loop over [puzzle, the same puzzle with its first blank filled]. */
    memcpy(batch, puzzle, 81);
    memcpy(batch + 81, puzzle, 81);
    if (count >= 1 && count != S9_BAD_INPUT)
        for (int i = 0; i < 81; i++)
            if (puzzle[i] == '.' || puzzle[i] == '0') { batch[81 + i] = solution[i]; break; }
    uint8_t outs[2 * 81];
    s9_solve_batch(batch, 2, outs, counts, limit);
    uint32_t c0;
    memcpy(&c0, counts, 4);
    FUZZ_CHECK(c0 == count, "batch: same count as single");
    if (count >= 1 && count != S9_BAD_INPUT) {
        uint32_t c1;
        memcpy(&c1, counts + 4, 4);
        FUZZ_CHECK(c1 >= 1 && c1 != S9_BAD_INPUT, "a partial fill of a solution still solves");
    }
    return 0;
}
