/* test_hocolor.c -- C-only checks of hocolor9 (HoDoKu's Simple Colors and Multi-Colors).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped), every cluster must be whole (digit 1-9 ascending, two
 * disjoint ascending color lists of cells holding the digit, 2+ cells, ascending houses
 * each with exactly two places for the digit, both in the cluster, of opposite colors) and
 * every record sound: a known kind, a cluster index of its digit, cells ascending that
 * hold the digit, none the solution's digit there. Also: same input, same bytes; bad input
 * refused; random masks never crash (run under ASan/UBSan).
 *
 *     test_hocolor [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hocolor9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0x2545F4914F6CDD1Dull
#include "test_util.h"

static const char *PUZZLES[] = {
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
};

static int house_cell(int h, int k)
{
    if (h < 9) return h * 9 + k;
    if (h < 18) return k * 9 + h - 9;
    int b = h - 18;
    return (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3;
}

/* Read a count byte and that many ascending items below limit into items; -1 when broken. */
static int read_list(const hc_out *o, size_t *at, int limit, int items[81])
{
    if (*at >= o->len) return -1;
    int n = o->data[(*at)++];
    if (n > 81 || o->len - *at < (size_t)n) return -1;
    for (int k = 0; k < n; k++) {
        items[k] = o->data[(*at)++];
        if (items[k] >= limit || (k && items[k] <= items[k - 1])) return -1;
    }
    return n;
}

/* Check the clusters; counts[d] gets digit d's number of clusters. */
static int check_clusters(const uint16_t *cands, const hc_out *o, int counts[10])
{
    size_t at = 0;
    int last = 1, total = 0;
    memset(counts, 0, 10 * sizeof *counts);
    while (at < o->len) {
        int d = o->data[at++], c1[81], c2[81], houses[81], color[81];
        CHECK(d >= last && d <= 9, "digit %d out of order", d);
        if (d < last || d > 9) return total;
        last = d;
        int n1 = read_list(o, &at, 81, c1), n2 = read_list(o, &at, 81, c2), nh = read_list(o, &at, 27, houses);
        CHECK(n1 >= 1 && n2 >= 1 && nh >= 1, "a broken cluster");
        if (n1 < 1 || n2 < 1 || nh < 1) return total;
        for (int c = 0; c < 81; c++) color[c] = 0;
        for (int k = 0; k < n1; k++) color[c1[k]] = 1;
        for (int k = 0; k < n2; k++) {
            CHECK(!color[c2[k]], "a cell of both colors");
            color[c2[k]] = 2;
        }
        for (int c = 0; c < 81; c++) CHECK(!color[c] || cands[c] >> (d - 1) & 1, "a cell without the digit");
        for (int k = 0; k < nh; k++) {
            int places[9], np = 0;
            for (int j = 0; j < 9; j++)
                if (cands[house_cell(houses[k], j)] >> (d - 1) & 1) places[np++] = house_cell(houses[k], j);
            CHECK(np == 2 && color[places[0]] && color[places[1]] && color[places[0]] != color[places[1]],
                  "house %d is no strong link of the cluster", houses[k]);
        }
        counts[d]++;
        total++;
    }
    return total;
}

static int check_records(const uint16_t *cands, const uint8_t *solution, const hc_out *o, const int counts[10])
{
    size_t at = 0;
    int n = 0;
    while (at < o->len) {
        CHECK(o->len - at >= 5, "a short record");
        if (o->len - at < 5) return n;
        int kind = o->data[at], d = o->data[at + 1], i = o->data[at + 2], j = o->data[at + 3], cells[81];
        at += 4;
        CHECK(kind <= 3 && d >= 1 && d <= 9, "kind %d digit %d", kind, d);
        if (kind > 3 || d < 1 || d > 9) return n;
        CHECK(i < counts[d] && (kind < 2 ? j == 255 : j < counts[d] && j != i), "cluster indices %d %d", i, j);
        int m = read_list(o, &at, 81, cells);
        CHECK(m >= 1, "a record without eliminations");
        for (int k = 0; k < m; k++) {
            CHECK(cands[cells[k]] >> (d - 1) & 1, "removes a missing candidate");
            CHECK(solution[cells[k]] - '0' != d, "r%dc%d loses its solution %d (kind %d)", cells[k] / 9 + 1,
                  cells[k] % 9 + 1, d, kind);
        }
        n++;
    }
    return n;
}

int main(int argc, char **argv)
{
    int rounds = 40;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    int clusters = 0, records = 0, counts[10];
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, r % 7, cands);
            hc_out a = {0}, b = {0}, a2 = {0}, b2 = {0};
            CHECK(hocolor9_search(cands, &a, &b) == HC_OK, "search failed");
            CHECK(hocolor9_search(cands, &a2, &b2) == HC_OK, "search failed");
            CHECK(a.len == a2.len && b.len == b2.len && (!a.len || !memcmp(a.data, a2.data, a.len)) &&
                      (!b.len || !memcmp(b.data, b2.data, b.len)),
                  "not deterministic");
            clusters += check_clusters(cands, &a, counts);
            records += check_records(cands, solution, &b, counts);
            hocolor9_out_free(&a), hocolor9_out_free(&b), hocolor9_out_free(&a2), hocolor9_out_free(&b2);
        }
    }
    CHECK(clusters > 0 && records > 0, "no clusters or no records in the sample grids");
    hc_out o = {0}, p = {0};
    candidates(PUZZLES[0], solution, 0, cands);
    cands[7] = 0x200;
    CHECK(hocolor9_search(cands, &o, &p) == HC_BAD_INPUT && !o.len && !p.len, "mask 0x200 accepted");
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 6 == 0) ? 0 : (z >> 8) & 0x1FF);
        }
        CHECK(hocolor9_search(cands, &o, &p) == HC_OK, "random search failed");
        hocolor9_out_free(&o), hocolor9_out_free(&p);
    }
    if (failures) {
        fprintf(stderr, "test_hocolor: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hocolor: %d clusters and %d coloring records checked, all sound\n", clusters, records);
    return 0;
}
