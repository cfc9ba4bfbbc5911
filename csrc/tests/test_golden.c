#define _POSIX_C_SOURCE 200809L
/* test_golden.c -- C-only tests of the 9x9 solver (no Python needed).
 *
 *   test_golden GOLDEN_FILE [DATA_DIR] [--stride N] [--fuzz N]
 *
 * 1. every case of the golden file (`puzzle:count:solution`, count exact or `E` for bad
 *    input, solution only when count is 1, `#` comment lines) against the fast solver and
 *    the reference solver, with several limits;
 * 2. differential test, fast vs reference (limit 2: counts, and solutions when unique),
 *    on every N-th puzzle of each ../shared/data/puzzles* file found in DATA_DIR;
 * 3. seeded fuzz: puzzles made by keeping 17..45 random cells of solved grids (many have
 *    several solutions), random givens (mostly conflicting), bad bytes, limits 1..100;
 * 4. s9_solve_batch must equal s9_solve puzzle by puzzle.
 * Exits 1 on the first failure class with a message naming the puzzle.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../solver9.h"
#include "ref_solver.h"

static int failures = 0;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        fprintf(stderr, "FAIL: " __VA_ARGS__);                                                     \
        fputc('\n', stderr);                                                                       \
        if (++failures > 20) exit(1);                                                              \
    } while (0)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* 1 if sol is a complete valid grid that keeps every given of puzzle. */
static int valid_solution(const uint8_t *puzzle, const uint8_t *sol)
{
    for (int i = 0; i < 81; i++) {
        if (sol[i] < '1' || sol[i] > '9') return 0;
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != sol[i]) return 0;
    }
    for (int h = 0; h < 9; h++) {
        unsigned r = 0, c = 0, b = 0;
        for (int k = 0; k < 9; k++) {
            r |= 1u << (sol[9 * h + k] - '1');
            c |= 1u << (sol[9 * k + h] - '1');
            b |= 1u << (sol[(h / 3 * 3 + k / 3) * 9 + h % 3 * 3 + k % 3] - '1');
        }
        if (r != 0x1FF || c != 0x1FF || b != 0x1FF) return 0;
    }
    return 1;
}

/* Compare fast and reference solvers on one puzzle at one limit; 1 if they agree. */
static int compare(const uint8_t *p, uint32_t limit, const char *where)
{
    uint8_t fast[81], ref[81];
    uint8_t portable[81];
    uint32_t cf = s9_solve(p, limit, fast, NULL);
    uint32_t cr = ref_solve(p, limit, ref);
    if (s9_solve_portable(p, limit, portable, NULL) != cf || memcmp(portable, fast, 81) != 0) {
        FAIL("%s: %.81s limit %u: the portable copy disagrees with the dispatched one", where, (const char *)p, limit);
        return 0;
    }
    if (cf != cr) {
        FAIL("%s: %.81s limit %u: fast count %u, reference %u", where, (const char *)p, limit, cf, cr);
        return 0;
    }
    if (cf >= 1 && cf != S9_BAD_INPUT && !valid_solution(p, fast)) {
        FAIL("%s: %.81s: fast solution %.81s is not valid", where, (const char *)p, (const char *)fast);
        return 0;
    }
    if (cf == 1 && limit > 1 && memcmp(fast, ref, 81) != 0) {
        FAIL("%s: %.81s: solutions differ", where, (const char *)p);
        return 0;
    }
    if ((cf == 0 || cf == S9_BAD_INPUT) && memchr(fast, '.', 81) != fast) {
        FAIL("%s: %.81s: no solution but output is not dots", where, (const char *)p);
        return 0;
    }
    return 1;
}

static void check_golden_case(const char *line, int lineno)
{
    char puzzle[82] = {0}, count_s[32] = {0}, solution[82] = {0};
    const char *c1 = strchr(line, ':');
    if (!c1 || c1 - line != 81) {
        FAIL("golden line %d: puzzle is not 81 characters", lineno);
        return;
    }
    memcpy(puzzle, line, 81);
    const char *c2 = strchr(c1 + 1, ':');
    size_t clen = c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1);
    if (clen == 0 || clen >= sizeof count_s) {
        FAIL("golden line %d: bad count field", lineno);
        return;
    }
    memcpy(count_s, c1 + 1, clen);
    if (c2) strncpy(solution, c2 + 1, 81);
    const uint8_t *p = (const uint8_t *)puzzle;
    uint8_t out[81];
    if (count_s[0] == 'E') {
        if (s9_solve(p, 2, out, NULL) != S9_BAD_INPUT) FAIL("golden line %d: expected BAD_INPUT", lineno);
        if (ref_solve(p, 2, out) != S9_BAD_INPUT) FAIL("golden line %d: reference missed BAD_INPUT", lineno);
        return;
    }
    uint32_t expect = (uint32_t)strtoul(count_s, NULL, 10);
    uint32_t got = s9_solve(p, expect + 1, out, NULL);
    if (got != expect) FAIL("golden line %d: count %u, expected %u", lineno, got, expect);
    if (expect == 1 && solution[0] && memcmp(out, solution, 81) != 0)
        FAIL("golden line %d: wrong solution %.81s", lineno, (const char *)out);
    uint32_t limits[] = {1, 2, expect ? expect : 1, expect + 1};
    for (int k = 0; k < 4; k++) {
        uint32_t lim = limits[k];
        got = s9_solve(p, lim, out, NULL);
        if (got != (expect < lim ? expect : lim))
            FAIL("golden line %d: limit %u gave %u (exact count %u)", lineno, lim, got, expect);
        if (expect <= 1000 || lim <= 2) compare(p, lim, "golden");
    }
}

static int run_golden(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        fprintf(stderr, "cannot open golden file %s\n", path);
        return 0;
    }
    char line[512];
    int lineno = 0, cases = 0, before = failures;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#' || line[0] == 0) continue;
        check_golden_case(line, lineno);
        cases++;
    }
    fclose(fp);
    printf("golden: %d cases from %s, %d failures\n", cases, path, failures - before);
    return cases;
}

/* Load puzzles (81-character lines, '#' comments skipped) from a file; returns the count. */
static size_t load_puzzles(const char *path, uint8_t **out)
{
    FILE *fp = fopen(path, "r");
    if (!fp) return 0;
    size_t cap = 1024, n = 0;
    uint8_t *buf = malloc(cap * 81);
    char line[512];
    while (buf && fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strcspn(line, "\r\n") < 81) continue;
        if (n == cap) {
            uint8_t *grown = realloc(buf, (cap *= 2) * 81);
            if (!grown) break;
            buf = grown;
        }
        memcpy(buf + 81 * n++, line, 81);
    }
    fclose(fp);
    *out = buf;
    return n;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void run_data(const char *dir, size_t stride)
{
    DIR *dp = opendir(dir);
    if (!dp) {
        printf("data: %s not found, differential test on the shared data sets skipped\n", dir);
        return;
    }
    char *names[64];
    int nn = 0;
    struct dirent *de;
    while ((de = readdir(dp)) && nn < 64)
        if (strncmp(de->d_name, "puzzles", 7) == 0) names[nn++] = strdup(de->d_name);
    closedir(dp);
    qsort(names, nn, sizeof names[0], cmp_names);
    for (int k = 0; k < nn; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        uint8_t *buf = NULL;
        size_t n = load_puzzles(path, &buf), checked = 0;
        int before = failures;
        double t0 = now();
        for (size_t i = 0; i < n; i += stride, checked++) compare(buf + 81 * i, 2, names[k]);
        printf("data: %-36s %6zu of %6zu puzzles agree with the reference (%.1fs), %d failures\n", names[k],
               checked, n, now() - t0, failures - before);
        free(buf);
        free(names[k]);
    }
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rng(uint32_t n) /* xorshift64*, fixed seed: reproducible */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 33) % n;
}

static void run_fuzz(int rounds)
{
    static const char *seed_puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    uint8_t grid[81], p[81];
    int before = failures;
    s9_solve((const uint8_t *)seed_puzzle, 1, grid, NULL);
    for (int round = 0; round < rounds; round++) {
        /* a fresh solved grid: relabel digits and swap rows within bands */
        uint8_t perm[9];
        for (int d = 0; d < 9; d++) perm[d] = (uint8_t)d;
        for (int d = 8; d > 0; d--) {
            int j = (int)rng((uint32_t)d + 1);
            uint8_t t = perm[d];
            perm[d] = perm[j];
            perm[j] = t;
        }
        for (int i = 0; i < 81; i++) grid[i] = (uint8_t)('1' + perm[grid[i] - '1']);
        int r1 = (int)rng(9), r2 = r1 / 3 * 3 + (int)rng(3);
        for (int c = 0; c < 9; c++) {
            uint8_t t = grid[9 * r1 + c];
            grid[9 * r1 + c] = grid[9 * r2 + c];
            grid[9 * r2 + c] = t;
        }
        int keep = 17 + (int)rng(29);
        memset(p, '.', 81);
        for (int k = 0; k < keep; k++) {
            int i = (int)rng(81);
            p[i] = grid[i];
        }
        static const uint32_t limits[] = {1, 2, 3, 10, 100};
        compare(p, limits[rng(5)], "fuzz-subgrid");
        if (round % 4 == 0) { /* random givens: mostly conflicting or unsolvable */
            memset(p, rng(2) ? '.' : '0', 81);
            int givens = (int)rng(30);
            for (int k = 0; k < givens; k++) p[rng(81)] = (uint8_t)('1' + rng(9));
            compare(p, 1 + rng(3), "fuzz-random");
        }
        if (round % 16 == 0) { /* one bad byte */
            memcpy(p, grid, 81);
            static const uint8_t bad[] = {'a', ' ', '\0', 0xFF, ':', '/', 'x', 0x80};
            p[rng(81)] = bad[rng(8)];
            compare(p, 2, "fuzz-badbyte");
        }
    }
    printf("fuzz: %d rounds, %d failures\n", rounds, failures - before);
}

static void run_batch_check(void)
{
    enum { N = 64 };
    uint8_t puzzles[81 * N], sols[81 * N], counts[4 * N], one[81];
    int before = failures;
    for (int k = 0; k < N; k++) {
        uint8_t *p = puzzles + 81 * k;
        memset(p, '.', 81);
        int givens = 10 + (int)rng(25);
        for (int g = 0; g < givens; g++) p[rng(81)] = (uint8_t)('1' + rng(9));
        if (k % 9 == 0) p[rng(81)] = 'z';
    }
    uint64_t g_batch = s9_solve_batch(puzzles, N, sols, counts, 3), g_single = 0;
    for (int k = 0; k < N; k++) {
        uint32_t c = s9_solve(puzzles + 81 * k, 3, one, &g_single), cb;
        memcpy(&cb, counts + 4 * k, 4);
        if (c != cb || memcmp(one, sols + 81 * k, 81) != 0) FAIL("batch: puzzle %d differs from single solve", k);
    }
    if (g_batch != g_single) FAIL("batch: guesses %llu != %llu", (unsigned long long)g_batch, (unsigned long long)g_single);
    printf("batch: %d puzzles, %d failures\n", N, failures - before);
}

static int stop_on_third_call(void *ctx)
{
    int *calls = ctx;
    return ++*calls >= 3;
}

/* The poll hook must stop a search that would otherwise run for hours. */
static void run_poll_check(void)
{
    uint8_t blank[81], out[81], batch_out[81 * 2], counts[8];
    int calls = 0, stopped = 0, before = failures;
    memset(blank, '.', 81);
    double t0 = now();
    uint32_t count = s9_solve_poll(blank, S9_MAX_LIMIT, out, NULL, stop_on_third_call, &calls, &stopped);
    if (!stopped || calls != 3 || count == 0 || count == S9_MAX_LIMIT || now() - t0 > 30)
        FAIL("poll: stopped %d after %d calls, count %u", stopped, calls, count);
    uint8_t two[81 * 2];
    memcpy(two, blank, 81);
    memcpy(two + 81, blank, 81);
    calls = stopped = 0;
    s9_solve_batch_poll(two, 2, batch_out, counts, S9_MAX_LIMIT, stop_on_third_call, &calls, &stopped);
    if (!stopped) FAIL("poll: the batch did not stop");
    calls = stopped = 0;
    count = s9_solve_poll(blank, 5, out, NULL, stop_on_third_call, &calls, &stopped);
    if (stopped || count != 5) FAIL("poll: a short search was stopped (count %u)", count);
    printf("poll: %d failures\n", failures - before);
}

int main(int argc, char **argv)
{
    const char *golden = NULL, *data = NULL;
    size_t stride = 1;
    int fuzz = 20000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--stride") && i + 1 < argc) stride = (size_t)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--fuzz") && i + 1 < argc) fuzz = atoi(argv[++i]);
        else if (!golden) golden = argv[i];
        else data = argv[i];
    }
    if (!golden) {
        fprintf(stderr, "usage: %s GOLDEN_FILE [DATA_DIR] [--stride N] [--fuzz N]\n", argv[0]);
        return 2;
    }
    if (stride < 1) stride = 1;
    if (run_golden(golden) == 0) return 1;
    run_batch_check();
    run_poll_check();
    run_fuzz(fuzz);
    if (data) run_data(data, stride);
    printf("%s: %d failures\n", failures ? "FAILED" : "OK", failures);
    return failures ? 1 : 0;
}
