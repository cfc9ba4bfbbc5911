/* test_hoalschain.c -- C-only checks of hoalschain9 (HoDoKu's ALS-Chain search).
 *
 * On candidate grids of real puzzles (random false candidates dropped), every record must
 * be a whole chain over hoals9's lists: a first ALS, 3..50 links, each link an RC leaving
 * the previous ALS (i of the RC is the ALS reached so far), its linking digits a choice
 * the RC has; no two records with the same eliminations; and the eliminations (digits
 * common to the first and last ALS but the end link digits, from cells outside both that
 * see all their cells in both, brute force) non-empty and sound: never the solution's
 * digit. Also: same input, same bytes; a node limit of 0 makes one call; bad input
 * refused; random masks never crash (run under ASan/UBSan).
 *
 *     test_hoalschain [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hoalschain9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0x510E527FADE682D1ull
#include "test_util.h"

static const char *PUZZLES[] = {
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
};

static int in_als(const uint8_t *a, int c) { return a[c / 8] >> (c % 8) & 1; }

/* The eliminations of one chain (elim[c] bit z-1), as the search defines them. */
static int eliminations(const uint16_t *cands, const uint8_t *a, const uint8_t *b, unsigned skip, uint16_t elim[81])
{
    unsigned da = 0, db = 0;
    for (int c = 0; c < 81; c++) {
        if (in_als(a, c)) da |= cands[c];
        if (in_als(b, c)) db |= cands[c];
    }
    int n = 0;
    memset(elim, 0, 81 * sizeof *elim);
    for (int z = 1; z <= 9; z++) {
        if (!((da & db & ~skip) >> (z - 1) & 1)) continue;
        for (int t = 0; t < 81; t++) {
            if (in_als(a, t) || in_als(b, t) || !(cands[t] >> (z - 1) & 1)) continue;
            int all = 1;
            for (int c = 0; c < 81 && all; c++)
                if ((in_als(a, c) || in_als(b, c)) && cands[c] >> (z - 1) & 1) all = sees(c, t);
            if (all) elim[t] |= (uint16_t)(1u << (z - 1)), n++;
        }
    }
    return n;
}

static long check(const uint16_t *cands, const uint8_t *solution, const ha_out *out)
{
    ha_out al = {0}, rc = {0};
    CHECK(hoals9_search(cands, &al, &rc) == HA_OK, "hoals9 failed");
    size_t na = al.len / 13, nrc = rc.len / 6, k = 0;
    long chains = 0;
    static uint16_t seen[4096][81];
    while (k < out->len) {
        CHECK(k + 3 <= out->len, "a cut record");
        if (k + 3 > out->len) break;
        size_t start = out->data[k] | (size_t)out->data[k + 1] << 8, n = out->data[k + 2];
        CHECK(start < na && n >= 3 && n <= 50 && k + 3 + 5 * n <= out->len, "record head");
        if (start >= na || k + 3 + 5 * n > out->len) break;
        size_t at = start, r = 0;
        unsigned skip = 0;
        for (size_t l = 0; l < n; l++) {
            const uint8_t *p = out->data + k + 3 + 5 * l;
            r = p[0] | (size_t)p[1] << 8 | (size_t)p[2] << 16 | (size_t)p[3] << 24;
            CHECK(r < nrc, "an RC index");
            if (r >= nrc) return chains;
            const uint8_t *q = rc.data + 6 * r;
            size_t i = q[0] | (size_t)q[1] << 8, j = q[2] | (size_t)q[3] << 8;
            CHECK(i == at && (p[4] == 1 || (q[5] && (p[4] == 2 || p[4] == 3))), "link %zu leaves the chain's ALS", l);
            unsigned used = (p[4] & 1 ? 1u << (q[4] - 1) : 0) | (p[4] & 2 ? 1u << (q[5] - 1) : 0);
            if (l == 0) skip |= p[4] == 2 ? used : 1u << (q[4] - 1);
            if (l == n - 1) skip |= used;
            at = j;
        }
        uint16_t elim[81];
        CHECK(eliminations(cands, al.data + 13 * start, al.data + 13 * at, skip, elim) > 0, "a chain without eliminations");
        for (int c = 0; c < 81; c++) CHECK(!(elim[c] >> (solution[c] - '1') & 1), "r%dc%d loses its solution", c / 9 + 1, c % 9 + 1);
        if (chains < 4096) {
            for (long o = 0; o < chains; o++) CHECK(memcmp(seen[o], elim, sizeof elim), "two chains with the same eliminations");
            memcpy(seen[chains], elim, sizeof elim);
        }
        chains++;
        k += 3 + 5 * n;
    }
    hoals9_out_free(&al), hoals9_out_free(&rc);
    return chains;
}

int main(int argc, char **argv)
{
    int rounds = 6;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    long chains = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, 3 + r % 4, cands);
            ha_out a = {0}, b = {0};
            long n1 = 0, n2 = 0;
            CHECK(hoalschain9_search(cands, 200000, &a, &n1) == HA_OK, "search failed");
            CHECK(hoalschain9_search(cands, 200000, &b, &n2) == HA_OK, "search failed");
            CHECK(n1 == n2 && n1 > 0 && a.len == b.len && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
            chains += check(cands, solution, &a);
            hoals9_out_free(&b);
            CHECK(hoalschain9_search(cands, 0, &b, &n2) == HA_OK && n2 == 1 && !b.len, "node limit 0");
            hoals9_out_free(&a), hoals9_out_free(&b);
        }
    }
    CHECK(chains > 0, "no chain found");
    ha_out a = {0};
    long nodes;
    CHECK(hoalschain9_search(cands, -1, &a, &nodes) == HA_BAD_INPUT && !a.len, "max_nodes -1 accepted");
    cands[7] = 0x200;
    CHECK(hoalschain9_search(cands, 100, &a, &nodes) == HA_BAD_INPUT && !a.len, "mask 0x200 accepted");
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 4 == 0) ? 0 : (1u << (z >> 8) % 9) | (1u << (z >> 16) % 9) | (1u << (z >> 24) % 9));
        }
        ha_out o = {0};
        CHECK(hoalschain9_search(cands, 20000, &o, &nodes) == HA_OK, "random search failed");
        hoals9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_hoalschain: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hoalschain: %ld chains checked\n", chains);
    return 0;
}
