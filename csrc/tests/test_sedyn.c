/* test_sedyn.c -- C-only checks of sedyn9 (SE's multiple, Nishio and dynamic forcing chains).
 *
 * On grids of real puzzles (their candidates, then random eliminations of digits the
 * solution does not use, so the grid stays true): no hint may remove a digit of the
 * solution (checked against the reference solver). Every record is whole: a known kind,
 * eliminations of candidates of the grid, each target's chain a parent-indexed list whose
 * indices stay inside it and whose parentless potentials are the assumptions, a complexity
 * equal to the chains' sizes, hints sorted by complexity, no two with the same
 * eliminations. Also: same input, same bytes; a round limit stops at limit + 1 rounds;
 * bad input refused; random masks (fuzz) never crash (run under ASan/UBSan). serules9
 * (the simple rules inside nested chains) on the same true grids, against the grid each
 * started from: its eliminations are candidates of the grid and never a solution digit,
 * its parents candidates the grid lost.
 *
 * The nested levels (2, 3, 4; --modes 4..7 picks how many modes run) run on the first puzzle's later state, where
 * no hint may remove a solution digit either and a hint's complexity is at least its
 * chains' size.
 *
 *     test_sedyn [--rounds N] [--puzzles N] [--modes 4..7]    (valgrind: --puzzles 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sedyn9.h"
#include "../serules9.h"
#include "ref_solver.h"

#include "test_util.h"

static unsigned u16(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

/* Check every record; the number of hints. solution: 81 digits 1..9, or NULL. nested: a
 * nested level (2+), whose complexity also counts the chains nested in its links. */
static int check_records(const uint16_t *cands, const sd_out *out, const uint8_t *solution, int nested)
{
    size_t at = 0;
    int hints = 0, last_complexity = 0;
    static uint8_t seen[81 * 512];
    memset(seen, 0, sizeof seen);
    while (at < out->len) {
        CHECK(out->len - at >= 14, "truncated header");
        if (out->len - at < 14) return hints;
        const uint8_t *h = out->data + at;
        int kind = h[0], cell = h[4], complexity = (int)u16(h + 11), nt = h[13];
        unsigned mask = u16(h + 5);
        CHECK(kind >= SD_BINARY && kind <= SD_REGION && h[1] <= 1 && (h[1] == 0 || kind == SD_BINARY), "kind");
        CHECK(kind == SD_REGION ? h[2] < 27 && h[3] >= 1 && h[3] <= 9 : h[2] == 255 && h[3] == 0, "house, digit");
        CHECK(cell < 81 && mask && !(mask & ~cands[cell < 81 ? cell : 0]), "eliminations not on the grid");
        if (cell < 81 && mask < 512) {
            CHECK(!seen[cell * 512 + (int)mask], "two hints with the same eliminations");
            seen[cell * 512 + (int)mask] = 1;
        }
        if (solution && cell < 81) CHECK(!(mask >> (solution[cell] - 1) & 1), "removes the solution's digit");
        CHECK(complexity >= last_complexity, "hints not sorted by complexity");
        last_complexity = complexity;
        CHECK(nt >= 1 && nt <= 9 && (kind != SD_BINARY || nt == 2), "targets");
        at += 14;
        int total = 0;
        for (int t = 0; t < nt; t++) {
            CHECK(out->len - at >= 2, "truncated chain");
            if (out->len - at < 2) return hints;
            int n = (int)u16(out->data + at);
            at += 2;
            CHECK(n >= 1, "empty chain");
            total += n;
            for (int k = 0; k < n; k++) {
                CHECK(out->len - at >= 6, "truncated potential");
                if (out->len - at < 6) return hints;
                const uint8_t *p = out->data + at;
                int npar = (int)u16(p + 4);
                CHECK(p[0] < 81 && p[1] >= 1 && p[1] <= 9 && p[2] <= 1, "potential");
                CHECK(npar ? p[3] <= 4 : p[3] == 255, "only the assumptions lack parents");
                CHECK(out->len - at >= 6 + 2 * (size_t)npar, "truncated parents");
                if (out->len - at < 6 + 2 * (size_t)npar) return hints;
                for (int j = 0; j < npar; j++) CHECK((int)u16(p + 6 + 2 * j) < n, "parent index out of the chain");
                at += 6 + 2 * (size_t)npar;
            }
        }
        CHECK(nested ? complexity >= total : total == complexity, "complexity %d against the chains' size %d", complexity,
              total);
        hints++;
    }
    return hints;
}

static const char *PUZZLES[] = {
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "000070560040000200000380007960030000000000006003420000005260079070000002000009408",
};

/* Nishio, multiple, dynamic, dynamic (+), nested (+ forcing chains), (+ multiple), (+ dynamic):
 * multiple, dynamic, nishio, level. The nested levels run on the later states only. */
#define N_MODES 7
#define LATE 1000 /* random eliminations of false candidates for the late state */
static const int MODES[N_MODES][4] = {{0, 1, 1, 0}, {1, 0, 0, 0}, {1, 1, 0, 0}, {1, 1, 0, 1},
                                      {1, 1, 0, 2}, {1, 1, 0, 3}, {1, 1, 0, 4}};
static const uint8_t COUNTS[10] = {0, 3, 4, 5, 2, 6, 3, 4, 5, 2};

/* serules9 on a true grid cur (started from init): the number of hits checked. */
static int check_simple(const uint16_t *cur, const uint16_t *init, const uint8_t *solution)
{
    static const uint8_t counts[10] = {0};
    sd_out out = {0};
    int rule = -2, hits = 0;
    CHECK(serules9_advanced(cur, init, counts, &out, &rule) == SD_OK, "simple rules failed");
    CHECK(rule >= -1 && rule <= 3 && (rule == -1) == (out.len == 0), "rule %d with %zu bytes", rule, out.len);
    size_t at = 0;
    while (at < out.len) {
        int n = out.data[at++];
        CHECK(n >= 1 && at + 3 * (size_t)n < out.len, "hit eliminations");
        if (n < 1 || at + 3 * (size_t)n >= out.len) break;
        for (int k = 0; k < n; k++, at += 3) {
            int cell = out.data[at];
            unsigned mask = u16(out.data + at + 1);
            CHECK(cell < 81 && mask && !(mask & ~cur[cell < 81 ? cell : 0]), "elimination not on the grid");
            if (cell < 81) CHECK(!(mask >> (solution[cell] - 1) & 1), "simple rule removes a solution digit");
        }
        int m = out.data[at++];
        CHECK(m >= 1 && at + 2 * (size_t)m <= out.len, "hit parents");
        if (m < 1 || at + 2 * (size_t)m > out.len) break;
        for (int k = 0; k < m; k++, at += 2) {
            int cell = out.data[at], v = out.data[at + 1];
            CHECK(cell < 81 && v >= 1 && v <= 9, "parent");
            if (cell < 81 && v >= 1 && v <= 9)
                CHECK((init[cell] >> (v - 1) & 1) && !(cur[cell] >> (v - 1) & 1), "a parent the grid did not lose");
        }
        hits++;
    }
    sedyn9_out_free(&out);
    return hits;
}

int main(int argc, char **argv)
{
    int rounds = 40, n_modes = N_MODES;
    size_t puzzles = sizeof PUZZLES / sizeof *PUZZLES;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--puzzles") && (size_t)atoi(argv[i + 1]) < puzzles) puzzles = (size_t)atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--modes") && atoi(argv[i + 1]) >= 4 && atoi(argv[i + 1]) <= N_MODES) n_modes = atoi(argv[i + 1]);
    }
    uint16_t cands[81];
    uint8_t sol[82], solution[81];
    int total = 0, simple = 0, nested = 0;
    for (size_t k = 0; k < puzzles; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, sol) == 1, "sample puzzle not unique");
        for (int i = 0; i < 81; i++) solution[i] = (uint8_t)(sol[i] - '0');
        /* the start, a later state, and (first puzzle) a late state for the nested levels;
         * one puzzle (valgrind): the later states only */
        for (int variant = puzzles == 1 ? 1 : 0; variant < (k == 0 ? 3 : 2); variant++) {
            clue_candidates(PUZZLES[k], cands);
            if (variant) /* a later state: remove some false candidates */
                for (int r = 0; r < (variant == 2 ? LATE : 60); r++) {
                    int cell = (int)(next_random() % 81), d = (int)(next_random() % 9) + 1;
                    if (d != solution[cell] && cands[cell] && (cands[cell] & (cands[cell] - 1)))
                        cands[cell] &= (uint16_t)~(1u << (d - 1));
                }
            if (variant == 1) {
                uint16_t init[81];
                clue_candidates(PUZZLES[k], init);
                simple += check_simple(cands, init, solution);
            }
            for (int m = variant == 2 ? 4 : 0; m < (variant == 2 ? n_modes : 4); m++) {
                sd_out a = {0}, b = {0};
                long spent_a = 0, spent_b = 0;
                CHECK(sedyn9_hints(cands, MODES[m][0], MODES[m][1], MODES[m][2], MODES[m][3], COUNTS, -1, &a, &spent_a) == SD_OK, "search");
                CHECK(sedyn9_hints(cands, MODES[m][0], MODES[m][1], MODES[m][2], MODES[m][3], COUNTS, -1, &b, &spent_b) == SD_OK, "search");
                CHECK(a.len == b.len && spent_a == spent_b && (a.len == 0 || !memcmp(a.data, b.data, a.len)),
                      "not deterministic");
                CHECK(spent_a > 0, "no rounds counted");
                int n = check_records(cands, &a, solution, MODES[m][3] >= 2);
                total += n;
                nested += MODES[m][3] >= 2 ? n : 0;
                sedyn9_out_free(&a);
                long s = 0, limit = spent_a / 2;
                /* a nested rule spends a whole forcing-chain search (or a cached one) at once, a
                 * memoised closure its rounds, so the stop can pass the limit by more than one */
                CHECK(sedyn9_hints(cands, MODES[m][0], MODES[m][1], MODES[m][2], MODES[m][3], COUNTS, limit, &a, &s) == SD_BUDGET &&
                          s > limit && a.len == 0,
                      "the round limit");
                CHECK(sedyn9_hints(cands, MODES[m][0], MODES[m][1], MODES[m][2], MODES[m][3], COUNTS, spent_a, &a, &s) == SD_OK,
                      "a limit of exactly the rounds needed");
                sedyn9_out_free(&a);
                sedyn9_out_free(&b);
            }
        }
    }
    CHECK(total > 0, "no hint found in the sample puzzles");
    CHECK(simple > 0, "no simple-rule hit in the sample grids");
    CHECK(n_modes == 4 || nested > 0, "no nested-chain hint in the sample grids");
    /* bad input */
    sd_out out = {0};
    long spent = 0;
    clue_candidates(PUZZLES[0], cands);
    CHECK(sedyn9_hints(cands, 0, 0, 0, 0, COUNTS, -1, &out, &spent) == SD_BAD_INPUT, "neither multiple nor dynamic");
    CHECK(sedyn9_hints(cands, 1, 0, 1, 0, COUNTS, -1, &out, &spent) == SD_BAD_INPUT, "Nishio without dynamic");
    CHECK(sedyn9_hints(cands, 1, 0, 0, 1, COUNTS, -1, &out, &spent) == SD_BAD_INPUT, "level 1 without dynamic");
    CHECK(sedyn9_hints(cands, 1, 1, 0, 6, COUNTS, -1, &out, &spent) == SD_BAD_INPUT, "level 6");
    cands[5] = 0x200;
    CHECK(sedyn9_hints(cands, 1, 1, 0, 0, COUNTS, -1, &out, &spent) == SD_BAD_INPUT, "mask 0x200 accepted");
    sedyn9_out_free(&out);
    /* fuzz: random masks (sparse, so that links exist), every record still whole */
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 4 == 0) ? 0 : (z >> 8) & (z >> 20) & 0x1FF);
        }
        const int *mode = MODES[r % 5];
        sd_out o = {0};
        long s = 0;
        int st = sedyn9_hints(cands, mode[0], mode[1], mode[2], mode[3], COUNTS, mode[3] >= 2 ? 20000 : 200000, &o, &s);
        CHECK(st == SD_OK || st == SD_BUDGET, "fuzz search failed (%d)", st);
        if (st == SD_OK) total += check_records(cands, &o, NULL, mode[3] >= 2);
        sedyn9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_sedyn: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_sedyn: %d hints (%d of nested levels) and %d simple-rule hits checked, all whole, none removes a "
           "solution digit\n", total, nested, simple);
    return 0;
}
