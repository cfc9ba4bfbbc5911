/* bench_c.c -- time the C solver alone (no Python) on puzzle files, limit 2.
 *
 *   cc -O3 -std=c11 -o /tmp/bench_c csrc/solver9.c csrc/tests/bench_c.c
 *   /tmp/bench_c [--runs N] FILE...
 *
 * Per file: median and best wall-clock µs/puzzle over N runs (default 7) of one
 * s9_solve_batch call on the whole file, the median CPU time of the thread (steadier on a
 * shared machine), and guesses/puzzle.  Lines starting with '#' are skipped.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../solver9.h"

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static size_t load(const char *path, uint8_t **out)
{
    FILE *fp = fopen(path, "r");
    if (!fp) return 0;
    size_t n = 0, cap = 1024;
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

int main(int argc, char **argv)
{
    int runs = 7;
    printf("features:");
    for (const char *const *f = s9_features(); *f; f++) printf(" %s", *f);
    printf("\n");
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--runs") && a + 1 < argc) {
            runs = atoi(argv[++a]);
            if (runs < 1 || runs > 1000) runs = 7;
            continue;
        }
        uint8_t *buf = NULL;
        size_t n = load(argv[a], &buf);
        if (!n) {
            fprintf(stderr, "%s: no puzzles\n", argv[a]);
            free(buf);
            continue;
        }
        uint8_t *sol = malloc(81 * n), *counts = malloc(4 * n);
        double times[1000], cpu[1000];
        uint64_t guesses = 0;
        for (int r = 0; r < runs; r++) {
            double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
            guesses = s9_solve_batch(buf, n, sol, counts, 2);
            times[r] = clock_s(CLOCK_MONOTONIC) - t0;
            cpu[r] = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
        }
        qsort(times, (size_t)runs, sizeof times[0], cmp_double);
        qsort(cpu, (size_t)runs, sizeof cpu[0], cmp_double);
        printf("%-40s %7zu puzzles  median %8.2f us  best %8.2f us  cpu %8.2f us  guesses/puzzle %7.2f\n", argv[a],
               n, times[runs / 2] / n * 1e6, times[0] / n * 1e6, cpu[runs / 2] / n * 1e6, (double)guesses / n);
        free(buf);
        free(sol);
        free(counts);
    }
    return 0;
}
