/* test_dig.c -- tests of dig9.c (random full grids and digging) without Python.
 *
 *   cc -O2 -std=c11 csrc/solver9.c csrc/dig9.c csrc/tests/test_dig.c && ./a.out [--rounds N]
 *
 * Checks: fixed seeds give the grids and puzzles CPython's random.Random(seed) gave the
 * Python generator (a Mersenne Twister here reproduces its word stream); every fill is a
 * valid full grid; every dig is unique, minimal (orbits), a subset of its input and what
 * the plain loop (a count for every orbit, no shortcut) gives; a
 * stream cut short anywhere before the last word read gives DIG9_NEED_WORDS; bad inputs
 * give DIG9_BAD_INPUT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dig9.h"
#include "../solver9.h"

static int failures;
#define CHECK(cond, ...)                                                                                    \
    do {                                                                                                    \
        if (!(cond)) {                                                                                      \
            failures++;                                                                                     \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            fprintf(stderr, __VA_ARGS__);                                                                   \
            fputc('\n', stderr);                                                                            \
        }                                                                                                   \
    } while (0)

/* ------------------------------------------------ MT19937 as CPython seeds it from an int */
typedef struct {
    uint32_t mt[624];
    int i;
} mt_state;

static void mt_init(mt_state *m, uint32_t s)
{
    m->mt[0] = s;
    for (int i = 1; i < 624; i++) m->mt[i] = 1812433253u * (m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) + (uint32_t)i;
    m->i = 624;
}

/* random.Random(seed) for 0 <= seed < 2**32: init_by_array with the one key word seed. */
static void mt_seed(mt_state *m, uint32_t seed)
{
    mt_init(m, 19650218u);
    int i = 1, j = 0;
    for (int k = 624; k; k--) {
        m->mt[i] = (m->mt[i] ^ ((m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) * 1664525u)) + seed + (uint32_t)j;
        i++;
        j = 0; /* one key word */
        if (i >= 624) {
            m->mt[0] = m->mt[623];
            i = 1;
        }
    }
    for (int k = 623; k; k--) {
        m->mt[i] = (m->mt[i] ^ ((m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= 624) {
            m->mt[0] = m->mt[623];
            i = 1;
        }
    }
    m->mt[0] = 0x80000000u;
}

static uint32_t mt_next(mt_state *m)
{
    if (m->i >= 624) {
        for (int k = 0; k < 624; k++) {
            uint32_t y = (m->mt[k] & 0x80000000u) | (m->mt[(k + 1) % 624] & 0x7fffffffu);
            m->mt[k] = m->mt[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        m->i = 0;
    }
    uint32_t y = m->mt[m->i++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

#define N_WORDS 2048
static void words_of_seed(uint32_t seed, uint8_t *words)
{
    mt_state m;
    mt_seed(&m, seed);
    for (int k = 0; k < N_WORDS; k++) {
        uint32_t w = mt_next(&m);
        for (int b = 0; b < 4; b++) words[4 * k + b] = (uint8_t)(w >> (8 * b));
    }
}

/* --------------------------------------------------------------------------- helpers */
static void orbits_none(uint8_t *cells, uint8_t *sizes)
{
    for (int i = 0; i < 81; i++) cells[i] = (uint8_t)i, sizes[i] = 1;
}

/* rotational180: orbits {i, 80-i} by first cell, as sudokit.generate.symmetry_orbits. */
static size_t orbits_r180(uint8_t *cells, uint8_t *sizes)
{
    size_t n = 0, at = 0;
    for (int i = 0; i <= 40; i++) {
        cells[at++] = (uint8_t)i;
        if (i != 40) cells[at++] = (uint8_t)(80 - i);
        sizes[n++] = i == 40 ? 1 : 2;
    }
    return n;
}

static int valid_grid(const uint8_t *g)
{
    for (int h = 0; h < 27; h++) {
        unsigned seen = 0;
        for (int k = 0; k < 9; k++) {
            int i = h < 9 ? h * 9 + k : h < 18 ? k * 9 + (h - 9) : ((h - 18) / 3 * 3 + k / 3) * 9 + (h - 18) % 3 * 3 + k % 3;
            if (g[i] < '1' || g[i] > '9') return 0;
            seen |= 1u << (g[i] - '1');
        }
        if (seen != 0x1FF) return 0;
    }
    return 1;
}

static void check_dug(const uint8_t *from, const uint8_t *p, const uint8_t *cells, const uint8_t *sizes, size_t n)
{
    uint8_t work[81];
    CHECK(s9_solve(p, 2, NULL, NULL) == 1, "dug puzzle is not unique");
    for (int i = 0; i < 81; i++) CHECK(p[i] == '.' || p[i] == from[i], "cell %d changed", i);
    for (size_t k = 0, at = 0; k < n; at += sizes[k++]) {
        if (p[cells[at]] == '.') continue;
        memcpy(work, p, 81);
        for (int c = 0; c < sizes[k]; c++) work[cells[at + c]] = '.';
        CHECK(s9_solve(work, 2, NULL, NULL) == 2, "orbit %zu could still be removed", k);
    }
}

/* dig9_dig's definition without its shortcuts: every orbit counted, in the given order. */
static void reference_dig(uint8_t *p, const uint8_t *cells, const uint8_t *sizes, size_t n, int stop_at)
{
    int givens = 0;
    for (int i = 0; i < 81; i++) givens += p[i] != '.' && p[i] != '0';
    for (size_t k = 0, at = 0; k < n && givens > stop_at; at += sizes[k++]) {
        uint8_t saved[81];
        int removed = 0;
        for (int c = 0; c < sizes[k]; c++) {
            saved[c] = p[cells[at + c]];
            removed += saved[c] != '.' && saved[c] != '0';
            p[cells[at + c]] = '.';
        }
        if (removed && s9_solve(p, 2, NULL, NULL) == 1) givens -= removed;
        else
            for (int c = 0; c < sizes[k]; c++) p[cells[at + c]] = saved[c];
    }
}

/* The unavoidable-set shortcut never changes an answer: compare with the plain loop on
 * full grids, on puzzles with holes (maybe not unique), with and without stop_at. */
static void test_same_as_reference(int rounds)
{
    static uint8_t words[4 * N_WORDS];
    for (int r = 0; r < rounds; r++) {
        words_of_seed(5000u + (uint32_t)r, words);
        uint8_t grid[81], cells[81], sizes[81], mine[81], ref[81];
        int used = dig9_fill(words, N_WORDS, grid);
        if (used <= 0) continue;
        for (int k = 0; k < 81; k++) /* a random order of single cells, from the next words */
            cells[k] = (uint8_t)k, sizes[k] = 1;
        for (int k = 80; k > 0; k--) {
            int j = words[4 * (used + k)] % (k + 1);
            uint8_t t = cells[k];
            cells[k] = cells[j];
            cells[j] = t;
        }
        memcpy(mine, grid, 81);
        for (int h = 0; h < r % 12; h++) mine[words[4 * (used + 100 + h)] % 81] = '.';
        memcpy(ref, mine, 81);
        int stop = r % 4 == 0 ? 20 + r % 15 : 0;
        CHECK(dig9_dig(mine, cells, sizes, 81, NULL, 0, stop) == 0, "round %d: dig failed", r);
        reference_dig(ref, cells, sizes, 81, stop);
        CHECK(memcmp(mine, ref, 81) == 0, "round %d: dig differs from the plain loop", r);
    }
}

/* ------------------------------------------------------------------------------ tests */
static void test_cpython_streams(void)
{
    static const struct {
        uint32_t seed;
        int r180, stop;
        const char *grid, *puzzle;
    } cases[] = {
        {7, 0, 0, "278163594519824376436957218651439827943782651827516439184275963392641785765398142",
         "2....3.9..1.....76...95.2..6...3...79......5......64...84.7....3...4......5.....2"},
        {2026, 1, 0, "843196527917524386562378914458631279796245138231789465175462893329857641684913752",
         "..31..5........38...2..8..4458..1......2.5......7..4651..4..8...29........4..37.."},
        {99, 0, 30, "431869527685247391297315846152793468376184952849652713528476139764931285913528674",
         "4..8.9...6.5...3..2...158.6..2..3...37..8.....4....713.2..7....7.......5.1.5.8674"},
    };
    static uint8_t words[4 * N_WORDS];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        words_of_seed(cases[c].seed, words);
        uint8_t grid[81], cells[81], sizes[81];
        int used = dig9_fill(words, N_WORDS, grid);
        CHECK(used > 0 && memcmp(grid, cases[c].grid, 81) == 0, "seed %u: fill differs from CPython's", cases[c].seed);
        size_t n = 81;
        if (cases[c].r180) n = orbits_r180(cells, sizes);
        else orbits_none(cells, sizes);
        int used2 = dig9_dig(grid, cells, sizes, n, words + 4 * used, N_WORDS - (size_t)used, cases[c].stop);
        CHECK(used2 > 0 && memcmp(grid, cases[c].puzzle, 81) == 0, "seed %u: dig differs from CPython's", cases[c].seed);
    }
}

static void test_random_rounds(int rounds)
{
    static uint8_t words[4 * N_WORDS];
    for (int r = 0; r < rounds; r++) {
        words_of_seed(1000u + (uint32_t)r, words);
        uint8_t grid[81], again[81], puzzle[81], cells[81], sizes[81];
        int used = dig9_fill(words, N_WORDS, grid);
        CHECK(used > 0 && valid_grid(grid), "round %d: fill failed (%d)", r, used);
        if (used <= 0) continue;
        int cut = r % used; /* any shorter stream runs out; the exact one gives the same grid */
        CHECK(dig9_fill(words, (size_t)cut, again) == DIG9_NEED_WORDS, "round %d: %d of %d words did not run out", r,
              cut, used);
        CHECK(dig9_fill(words, (size_t)used, again) == used && memcmp(again, grid, 81) == 0, "round %d: exact", r);
        size_t n = 81;
        if (r % 2) n = orbits_r180(cells, sizes);
        else orbits_none(cells, sizes);
        memcpy(puzzle, grid, 81);
        int stop = r % 3 == 0 ? 25 + r % 10 : 0;
        int used2 = dig9_dig(puzzle, cells, sizes, n, words + 4 * used, N_WORDS - (size_t)used, stop);
        CHECK(used2 > 0, "round %d: dig failed (%d)", r, used2);
        int givens = 0;
        for (int i = 0; i < 81; i++) givens += puzzle[i] != '.';
        if (stop) CHECK(givens <= stop || s9_solve(puzzle, 2, NULL, NULL) == 1, "round %d: stop_at", r);
        else check_dug(grid, puzzle, cells, sizes, n);
        uint8_t short_p[81];
        memcpy(short_p, grid, 81);
        CHECK(dig9_dig(short_p, cells, sizes, n, words + 4 * used, (size_t)(used2 - 1), stop) == DIG9_NEED_WORDS,
              "round %d: short dig stream", r);
        memcpy(short_p, puzzle, 81); /* no words: the given order; a minimal puzzle stays as it is */
        if (!stop) {
            CHECK(dig9_dig(short_p, cells, sizes, n, NULL, 0, 0) == 0 && memcmp(short_p, puzzle, 81) == 0,
                  "round %d: minimal puzzle changed", r);
        }
    }
}

static void test_bad_input(void)
{
    uint8_t p[81], cells[81], sizes[81];
    memset(p, '.', 81);
    orbits_none(cells, sizes);
    CHECK(dig9_dig(p, cells, sizes, 82, NULL, 0, 0) == DIG9_BAD_INPUT, "82 orbits");
    CHECK(dig9_dig(p, cells, sizes, 81, NULL, 0, -1) == DIG9_BAD_INPUT, "stop_at -1");
    CHECK(dig9_dig(p, cells, sizes, 81, NULL, 0, 82) == DIG9_BAD_INPUT, "stop_at 82");
    cells[5] = 81;
    CHECK(dig9_dig(p, cells, sizes, 81, NULL, 0, 0) == DIG9_BAD_INPUT, "cell 81");
    cells[5] = 5;
    sizes[3] = 0;
    CHECK(dig9_dig(p, cells, sizes, 81, NULL, 0, 0) == DIG9_BAD_INPUT, "size 0");
    sizes[3] = 2;
    CHECK(dig9_dig(p, cells, sizes, 81, NULL, 0, 0) == DIG9_BAD_INPUT, "82 cells");
    sizes[3] = 1;
    p[7] = 'x';
    CHECK(dig9_dig(p, cells, sizes, 81, NULL, 0, 0) == DIG9_BAD_INPUT, "bad byte");
    p[7] = '0';
    CHECK(dig9_dig(p, cells, sizes, 81, NULL, 0, 0) == 0, "empty puzzle, no orbits removable");
    CHECK(dig9_fill(NULL, 0, p) == DIG9_NEED_WORDS, "fill without words");
}

int main(int argc, char **argv)
{
    int rounds = 300;
    for (int a = 1; a + 1 < argc; a++)
        if (!strcmp(argv[a], "--rounds")) rounds = atoi(argv[a + 1]);
    test_cpython_streams();
    test_random_rounds(rounds);
    test_same_as_reference(rounds);
    test_bad_input();
    if (failures) {
        fprintf(stderr, "test_dig: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_dig: %d rounds passed\n", rounds);
    return 0;
}
