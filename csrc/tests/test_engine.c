/* test_engine.c -- C-only checks of the variant engine (csrc/engine.c, engine_model.c, engine_sums.c):
 * known counts (every 4x4 Sudoku: 288; 4x4 Latin squares: 576), limits, budgets, a
 * killer cage and a thermometer, sums and sandwiches against brute force, a 441-cell Samurai, then mutated programs (4x4 and
 * Samurai) that must be rejected or solved without touching memory they do not own (run
 * under ASan/UBSan by run_tests.sh). */
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

/* A 9x9 Samurai on a 21x21 canvas (five grids; cells outside them are a placed 1 in no
 * house, as the compiler writes them): 441 cells, 131 houses, locked-candidate pairs
 * between boxes, lines and the shared corner boxes. */
static size_t samurai(int32_t *p)
{
    static const int origin[5][2] = {{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}};
    uint8_t inside[441] = {0}, box_seen[441] = {0};
    size_t k = 0, count_at;
    p[k++] = 441, p[k++] = 9, count_at = k, p[k++] = 0, p[k++] = 0, p[k++] = 0, p[k++] = 0, p[k++] = 0;
    for (int g = 0; g < 5; g++)
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) inside[(origin[g][0] + r) * 21 + origin[g][1] + c] = 1;
    for (int i = 0; i < 441; i++) p[k++] = inside[i] ? 0x1FF : 1;
    int houses = 0;
    for (int g = 0; g < 5; g++) {
        int top = origin[g][0], left = origin[g][1];
        for (int a = 0; a < 9; a++) {
            p[k++] = 9;
            for (int b = 0; b < 9; b++) p[k++] = (top + a) * 21 + left + b; /* row a */
            p[k++] = 9;
            for (int b = 0; b < 9; b++) p[k++] = (top + b) * 21 + left + a; /* column a */
            int br = top + 3 * (a / 3), bc = left + 3 * (a % 3);
            houses += 2;
            if (box_seen[br * 21 + bc]++) continue; /* a shared corner box once */
            p[k++] = 9;
            for (int b = 0; b < 9; b++) p[k++] = (br + b / 3) * 21 + bc + b % 3;
            houses++;
        }
    }
    p[count_at] = houses;
    return k;
}

static uint32_t count_of(const int32_t *p, size_t len, uint32_t limit, int *status);

/* Every 4x4 Sudoku (2x2 boxes), by plain backtracking: the independent side of the sum
 * and sandwich checks below.  grids[k*16 + i] = digit of cell i in grid k. */
static int all_4x4(uint8_t *grids, uint8_t *g, int i, int found)
{
    if (i == 16) {
        memcpy(grids + 16 * found, g, 16);
        return found + 1;
    }
    for (int d = 1; d <= 4; d++) {
        int ok = 1;
        for (int j = 0; j < 16 && ok; j++) {
            int same = j / 4 == i / 4 || j % 4 == i % 4 || (j / 8 == i / 8 && j % 4 / 2 == i % 4 / 2);
            if (j < i && same && g[j] == d) ok = 0;
        }
        if (ok) g[i] = (uint8_t)d, found = all_4x4(grids, g, i + 1, found);
    }
    return found;
}

/* Sum of a 4x4 grid's digits strictly between its 1 and its 4 along cells[0..3]. */
static int sandwich_of(const uint8_t *g, const int *cells)
{
    int one = 0, four = 0, total = 0;
    for (int k = 0; k < 4; k++) one = g[cells[k]] == 1 ? k : one, four = g[cells[k]] == 4 ? k : four;
    for (int k = (one < four ? one : four) + 1; k < (one < four ? four : one); k++) total += g[cells[k]];
    return total;
}

/* Sums (distinct cages, reachable totals with coefficients) and sandwiches on 4x4: the
 * engine's counts equal brute force over all 288 grids, for every total. */
static void check_sums_and_sandwiches(int32_t *p)
{
    static uint8_t grids[288 * 16];
    uint8_t g[16];
    CHECK(all_4x4(grids, g, 0, 0) == 288, "288 4x4 grids");
    static const int cage[] = {0, 1, 4}, lk[] = {3, 6, 9}, arrow[] = {0, 5, 10}, row[] = {4, 5, 6, 7}, col[] = {1, 5, 9, 13};
    for (int total = -2; total <= 13; total++) {
        /* kind 0: cage 0+1+4 (distinct: combinations); 1: 3+6+9 (not all peers: reachable);
         * 2: 0+5-10 = total-6 (coefficients); 3: sandwich on row 2; 4: on column 2 */
        for (int kind = 0; kind < 5; kind++) {
            size_t len = sudoku(p, 4, 2, 2, 0, kind < 3);
            const int *cells = kind == 0 ? cage : kind == 1 ? lk : kind == 2 ? arrow : kind == 3 ? row : col;
            int want = kind == 2 ? total - 6 : total, expect = 0, st;
            if (kind < 3) {
                p[len++] = 3, p[len++] = want;
                for (int k = 0; k < 3; k++) p[len++] = cells[k], p[len++] = kind == 2 && k == 2 ? -1 : 1;
            } else {
                p[6] = 1, p[len++] = 4, p[len++] = want;
                for (int k = 0; k < 4; k++) p[len++] = cells[k];
            }
            for (int k = 0; k < 288; k++) {
                const uint8_t *x = grids + 16 * k;
                int value = kind < 3 ? x[cells[0]] + x[cells[1]] + (kind == 2 ? -x[cells[2]] : x[cells[2]]) : sandwich_of(x, cells);
                expect += value == want;
            }
            uint32_t got = count_of(p, len, 1000, &st);
            CHECK(st == ENG_DONE && got == (uint32_t)expect, "sum/sandwich kind %d total %d: %u, brute force %d", kind, want, got, expect);
        }
    }
}

/* 4x4 anti-knight (two-cell houses a knight's move apart: the engine's pointing on the
 * peer graph runs) counts what brute force counts, and mutations of it stay safe. */
static const int knight[4][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1}};

static void check_anti_knight(int32_t *p, int rounds)
{
    static uint8_t grids[288 * 16];
    uint8_t g[16];
    all_4x4(grids, g, 0, 0);
    size_t len = sudoku(p, 4, 2, 2, 0, 0);
    int expect = 0, st;
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 4; j++) {
            int r = i / 4 + knight[j][0], c = i % 4 + knight[j][1];
            if (r < 4 && c >= 0 && c < 4) p[len++] = 2, p[len++] = i, p[len++] = r * 4 + c, p[2]++;
        }
    for (int k = 0; k < 288; k++) {
        int ok = 1;
        for (int i = 0; i < 16; i++)
            for (int j = 0; j < 4; j++) {
                int r = i / 4 + knight[j][0], c = i % 4 + knight[j][1];
                if (r < 4 && c >= 0 && c < 4 && grids[16 * k + i] == grids[16 * k + r * 4 + c]) ok = 0;
            }
        expect += ok;
    }
    uint32_t got = count_of(p, len, 1000, &st);
    CHECK(st == ENG_DONE && got == (uint32_t)expect && expect > 0, "anti-knight 4x4: %u, brute force %d", got, expect);
    int32_t q[2000];
    for (int r = 0; r < rounds / 10; r++) {
        memcpy(q, p, len * sizeof(int32_t));
        for (int m = 0; m < 1 + rand() % 3; m++) {
            static const int32_t values[] = {-1, 0, 1, 2, 3, 4, 15, 16, 0x7FFFFFFF};
            q[rand() % len] = values[rand() % 9];
        }
        uint32_t count;
        uint64_t nodes;
        uint8_t sol[ENG_MAX_CELLS];
        int s = eng_solve(q, rand() % 4 ? len : (size_t)rand() % len, 3, 5000, &count, sol, &nodes, NULL, NULL);
        CHECK(s == ENG_DONE || s == ENG_BUDGET || s == ENG_BAD_PROGRAM, "anti-knight status %d", s);
    }
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
    static int32_t q_sums[2000];
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
    check_sums_and_sandwiches(q_sums);
    check_anti_knight(q_sums, rounds);
    CHECK(st == ENG_DONE && killer_thermo > 0 && killer_thermo < 288, "killer+thermo count %u", killer_thermo);
    eng_solve(p, len, 1, 0, &count, sol, &nodes, NULL, NULL);
    CHECK(count == 1 && sol[0] + sol[1] == 7 && sol[4] < sol[5] && sol[5] < sol[9], "killer+thermo solution");
    /* Samurai: many solutions; the first one fills every grid with 1..9 per house */
    static int32_t sam[20000];
    size_t sam_len = samurai(sam);
    CHECK(sam[2] == 131, "samurai houses %d", sam[2]);
    CHECK(count_of(sam, sam_len, 3, &st) == 3 && st == ENG_DONE, "samurai count");
    eng_solve(sam, sam_len, 1, 0, &count, sol, &nodes, NULL, NULL);
    for (size_t h = 0, at = 7 + 441; h < 131; h++, at += 10) {
        unsigned seen = 0;
        for (int j = 1; j <= 9; j++) seen |= 1u << sol[sam[at + (size_t)j]];
        CHECK(seen == 0x3FEu, "samurai house %zu holds every digit", h);
    }
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
    for (int r = 0; r < rounds / 10; r++) { /* the same on the Samurai program */
        memcpy(q, sam, sam_len * sizeof(int32_t));
        for (int m = 0; m < 1 + rand() % 3; m++) {
            static const int32_t values[] = {-1, 0, 1, 2, 9, 440, 441, 1024, 0x7FFFFFFF, -2147483647 - 1};
            q[rand() % sam_len] = values[rand() % 10];
        }
        size_t cut = rand() % 4 ? sam_len : (size_t)rand() % sam_len;
        int s = eng_solve(q, cut, 2, 2000, &count, sol, &nodes, NULL, NULL);
        CHECK(s == ENG_DONE || s == ENG_BUDGET || s == ENG_BAD_PROGRAM, "samurai status %d", s);
        CHECK(count <= 2, "samurai count %u above limit", count);
    }
    if (failures) {
        fprintf(stderr, "test_engine: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_engine: all passed (%d mutated programs)\n", rounds);
    return 0;
}
