/* fuzz_engine.c -- libFuzzer harness of csrc/engine.c (the variant engine).
 * sources: engine.c engine_model.c engine_sums.c
 *
 * Input byte 0 picks the mode: odd -> the rest is a raw int32 program (hostile headers,
 * sizes and indices: the engine must reject or solve it without touching memory it does
 * not own); even -> a 4x4 Sudoku whose 16 candidate masks come from the input, plus a
 * pair relation and a sum built from it.  Checked: the status is an ENG_* value; a
 * finished search reporting a solution obeys every primitive of the program (masks,
 * houses, relations, sums, triple relations, sandwiches); the count never exceeds the
 * limit.  The program layout is engine.h's (a 7-word header).
 */
#include "fuzz_check.h"
#include "../../csrc/engine.h"

/* Check a solution against the program (bounds re-checked: never trust, even here). */
static void check_solution(const int32_t *p, size_t len, const uint8_t *sol)
{
    size_t k = 7;
    int32_t cells = p[0], digits = p[1], houses = p[2], rels = p[3], sums = p[4], triples = p[5], sandwiches = p[6];
    for (int32_t i = 0; i < cells; i++, k++) {
        FUZZ_CHECK(k < len && sol[i] >= 1 && sol[i] <= digits, "a digit in range");
        FUZZ_CHECK(p[k] >> (sol[i] - 1) & 1, "the digit is allowed by the cell's mask");
    }
    for (int32_t h = 0; h < houses; h++) {
        FUZZ_CHECK(k < len, "program read");
        int32_t size = p[k++];
        uint32_t seen = 0;
        for (int32_t j = 0; j < size; j++, k++) {
            FUZZ_CHECK(k < len && p[k] >= 0 && p[k] < cells, "house cell");
            uint32_t bit = 1u << (sol[p[k]] - 1);
            FUZZ_CHECK(!(seen & bit), "distinct digits in a house");
            seen |= bit;
        }
    }
    for (int32_t r = 0; r < rels; r++) {
        FUZZ_CHECK(k + 2 + (size_t)digits <= len, "relation read");
        int32_t a = p[k], b = p[k + 1];
        FUZZ_CHECK(p[k + 2 + sol[a] - 1] >> (sol[b] - 1) & 1, "a pair relation holds");
        k += 2 + (size_t)digits;
    }
    for (int32_t s = 0; s < sums; s++) {
        FUZZ_CHECK(k + 2 <= len, "sum read");
        int32_t terms = p[k], total = p[k + 1];
        int64_t value = 0;
        k += 2;
        for (int32_t t = 0; t < terms; t++, k += 2) {
            FUZZ_CHECK(k + 2 <= len, "sum term read");
            value += (int64_t)p[k + 1] * sol[p[k]];
        }
        FUZZ_CHECK(value == total, "a linear sum holds");
    }
    for (int32_t t = 0; t < triples; t++) {
        size_t table = (size_t)digits * (size_t)digits;
        FUZZ_CHECK(k + 3 + table <= len, "triple read");
        int32_t a = p[k], b = p[k + 1], c = p[k + 2];
        FUZZ_CHECK(a >= 0 && a < cells && b >= 0 && b < cells && c >= 0 && c < cells, "triple cells");
        FUZZ_CHECK(p[k + 3 + (size_t)(sol[a] - 1) * (size_t)digits + (size_t)(sol[b] - 1)] >> (sol[c] - 1) & 1, "a triple relation holds");
        k += 3 + table;
    }
    for (int32_t s = 0; s < sandwiches; s++) {
        FUZZ_CHECK(k + 2 <= len, "sandwich read");
        int32_t size = p[k], total = p[k + 1], one = -1, top = -1, ones = 0, tops = 0;
        FUZZ_CHECK(size >= 0 && size <= 25 && k + 2 + (size_t)size <= len, "sandwich length");
        const int32_t *line = p + k + 2;
        for (int32_t j = 0; j < size; j++) {
            FUZZ_CHECK(line[j] >= 0 && line[j] < cells, "sandwich cell");
            if (sol[line[j]] == 1) one = j, ones++;
            if (sol[line[j]] == digits) top = j, tops++;
        }
        FUZZ_CHECK(ones >= 1 && tops >= 1, "the 1 and the N are on the line");
        if (ones == 1 && tops == 1 && one != top) { /* a hostile line without a house may repeat them: then any pair may count */
            int64_t between = 0;
            for (int32_t j = (one < top ? one : top) + 1; j < (one < top ? top : one); j++) between += sol[line[j]];
            FUZZ_CHECK(between == total, "a sandwich sum holds");
        }
        k += 2 + (size_t)size;
    }
}

static size_t sudoku4(int32_t *p, const uint8_t *data, size_t size)
{
    size_t k = 0;
    p[k++] = 16, p[k++] = 4, p[k++] = 12, p[k++] = 1, p[k++] = 1, p[k++] = 0, p[k++] = 0;
    for (int i = 0; i < 16; i++) p[k++] = i < (int)size ? (data[i] & 0xF) | (data[i] == 0 ? 0xF : 0) : 0xF;
    for (int r = 0; r < 4; r++) { p[k++] = 4; for (int c = 0; c < 4; c++) p[k++] = r * 4 + c; }
    for (int c = 0; c < 4; c++) { p[k++] = 4; for (int r = 0; r < 4; r++) p[k++] = r * 4 + c; }
    for (int b = 0; b < 4; b++) {
        p[k++] = 4;
        for (int j = 0; j < 4; j++) p[k++] = (b / 2 * 2 + j / 2) * 4 + b % 2 * 2 + j % 2;
    }
    uint8_t x = size > 16 ? data[16] : 0, y = size > 17 ? data[17] : 0;
    p[k++] = x % 16, p[k++] = (x / 16) % 16; /* relation: a weak-link table from the input */
    for (int d = 0; d < 4; d++) p[k++] = ((y >> d) & 1) ? 0xF : (0xF & ~(1 << d));
    p[k++] = 2, p[k++] = 3 + y % 6; /* sum: r1c1 + r1c2 == 3..8 */
    p[k++] = 0, p[k++] = 1, p[k++] = 1, p[k++] = 1;
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    static int32_t prog[4096];
    size_t len;
    if (data[0] & 1) {
        len = (size - 1) / 4;
        if (len > 4096) len = 4096;
        memcpy(prog, data + 1, len * 4);
    } else {
        len = sudoku4(prog, data + 1, size - 1);
    }
    int cells = eng_program_cells(prog, len);
    uint8_t solution[ENG_MAX_CELLS];
    uint32_t count = 0, limit = 1 + data[0] % 3;
    uint64_t nodes = 0;
    int status = eng_solve(prog, len, limit, 20000, &count, solution, &nodes, NULL, NULL);
    FUZZ_CHECK(status == ENG_DONE || status == ENG_BUDGET || status == ENG_BAD_PROGRAM || status == ENG_NO_MEMORY,
               "status in range");
    if (status == ENG_DONE || status == ENG_BUDGET) {
        FUZZ_CHECK(cells >= 0 && cells <= ENG_MAX_CELLS, "a solved program has a valid header");
        FUZZ_CHECK(count <= limit, "count within the limit");
        if (count >= 1) check_solution(prog, len, solution);
    }
    return 0;
}
