/* test_engine.c -- C-only checks of the variant engine (csrc/engine.c):
 * known counts (every 4x4 Sudoku: 288; 4x4 Latin squares: 576), limits, budgets, a
 * killer cage and a thermometer, then mutated programs that must be rejected or solved
 * without touching memory they do not own (run under ASan/UBSan by run_tests.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine.h"

static int failures;
#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            failures++;                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

/* An n x n Sudoku program with br x bc boxes (br = 0: rows and columns only), plus
 * `extra` words appended by the caller (rels/sums counts patched in). */
static size_t sudoku(int32_t *p, int n, int br, int bc, int n_rels, int n_sums)
{
    size_t k = 0;
    int houses = 2 * n + (br ? n : 0);
    p[k++] = n * n, p[k++] = n, p[k++] = houses, p[k++] = n_rels, p[k++] = n_sums, p[k++] = 0, p[k++] = 0;
    for (int i = 0; i < n * n; i++) p[k++] = (1 << n) - 1;
    for (int r = 0; r < n; r++) {
        p[k++] = n;
        for (int c = 0; c < n; c++) p[k++] = r * n + c;
    }
    for (int c = 0; c < n; c++) {
        p[k++] = n;
        for (int r = 0; r < n; r++) p[k++] = r * n + c;
    }
    for (int b = 0; br && b < n; b++) {
        int top = (b / (n / bc)) * br, left = (b % (n / bc)) * bc;
        p[k++] = n;
        for (int r = 0; r < br; r++)
            for (int c = 0; c < bc; c++) p[k++] = (top + r) * n + left + c;
    }
    return k;
}

static uint32_t count_of(const int32_t *p, size_t len, uint32_t limit, int *status)
{
    uint32_t count;
    uint64_t nodes;
    uint8_t sol[ENG_MAX_CELLS];
    *status = eng_solve(p, len, limit, 0, &count, sol, &nodes, NULL, NULL);
    return count;
}

int main(int argc, char **argv)
{
    int rounds = argc > 2 && !strcmp(argv[1], "--rounds") ? atoi(argv[2]) : 2000;
    static int32_t p[20000];
    int st;
    size_t len = sudoku(p, 4, 2, 2, 0, 0);
    CHECK(count_of(p, len, 1000, &st) == 288 && st == ENG_DONE, "4x4 Sudoku count");
    CHECK(count_of(p, len, 5, &st) == 5, "limit 5");
    len = sudoku(p, 4, 0, 0, 0, 0);
    CHECK(count_of(p, len, 1000, &st) == 576, "4x4 Latin squares");
    len = sudoku(p, 6, 2, 3, 0, 0);
    uint32_t count;
    uint64_t nodes;
    uint8_t sol[ENG_MAX_CELLS];
    CHECK(eng_solve(p, len, 1000000, 10, &count, sol, &nodes, NULL, NULL) == ENG_BUDGET, "node budget");
    /* 4x4, killer cage r1c1+r1c2 = 7 (so {3,4}) and thermometer r2c1 < r2c2 < r3c2 */
    len = sudoku(p, 4, 2, 2, 2, 1);
    int32_t rel_lt[2][6];
    for (int k = 0; k < 2; k++) {
        rel_lt[k][0] = k ? 5 : 4, rel_lt[k][1] = k ? 9 : 5;
        for (int x = 0; x < 4; x++) rel_lt[k][2 + x] = (0xF << (x + 1)) & 0xF; /* b > a */
        memcpy(p + len, rel_lt[k], sizeof rel_lt[k]);
        len += 6;
    }
    int32_t cage[] = {2, 7, 0, 1, 1, 1};
    memcpy(p + len, cage, sizeof cage);
    len += 6;
    uint32_t killer_thermo = count_of(p, len, 1000, &st);
    CHECK(st == ENG_DONE && killer_thermo > 0 && killer_thermo < 288, "killer+thermo count %u", killer_thermo);
    eng_solve(p, len, 1, 0, &count, sol, &nodes, NULL, NULL);
    CHECK(count == 1 && sol[0] + sol[1] == 7 && sol[4] < sol[5] && sol[5] < sol[9], "killer+thermo solution");
    /* Mutations: flip words of a valid program, truncate it; never crash or overrun. */
    srand(12345);
    int32_t q[20000];
    for (int r = 0; r < rounds; r++) {
        memcpy(q, p, len * sizeof(int32_t));
        for (int m = 0; m < 1 + rand() % 3; m++) {
            static const int32_t values[] = {-1, 0, 1, 2, 3, 16, 25, 26, 1024, 1025, 0x7FFFFFFF, -2147483647 - 1};
            q[rand() % len] = values[rand() % 12];
        }
        size_t cut = rand() % 4 ? len : (size_t)rand() % len;
        int s = eng_solve(q, cut, 3, 5000, &count, sol, &nodes, NULL, NULL);
        CHECK(s == ENG_DONE || s == ENG_BUDGET || s == ENG_BAD_PROGRAM, "status %d", s);
        CHECK(count <= 3, "count %u above limit", count);
    }
    if (failures) {
        fprintf(stderr, "test_engine: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_engine: all passed (%d mutated programs)\n", rounds);
    return 0;
}
