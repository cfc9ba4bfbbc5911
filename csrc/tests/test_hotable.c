/* test_hotable.c -- C-only checks of hotable9 (HoDoKu's Nice Loop / AIC tabling search).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped), with and without group nodes, every record must be
 * whole (a known kind; 1+ eliminations of existing candidates, sorted by digit then cell,
 * no duplicates; 3+ chain nodes that exist in the grid; a nice loop starts and ends in one
 * cell, an AIC goes from an "off" premise to an "on" node in another cell) and sound: no
 * elimination is the solution's digit. A later record with the same eliminations must
 * have a strictly shorter chain. Also: same input, same bytes; a budget stops the search;
 * bad input refused; random masks never crash (run under ASan/UBSan).
 *
 *     test_hotable [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hotable9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0x2545F4914F6CDD1Dull
#include "test_util.h"

static const char *PUZZLES[] = {
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "240900001005074009000000080010020005030405060800010040020000000700340500400002078",
};

#define MAX_RECORDS 4096

/* The cells of group g of this grid, or 0 when it does not exist (rows then columns,
 * digit, box: the header's order). */
static int group_cells(const uint16_t *cands, int g, int cells[3], int *digit)
{
    int k = 0;
    for (int h = 0; h < 18; h++)
        for (int d = 1; d <= 9; d++)
            for (int b = 0; b < 9; b++) {
                int n = 0, cs[3];
                for (int i = 0; i < 9; i++) {
                    int c = h < 9 ? 9 * h + i : 9 * i + h - 9;
                    if (c / 27 * 3 + c % 9 / 3 == b && (cands[c] >> (d - 1) & 1)) cs[n++] = c;
                }
                if (n < 2) continue;
                if (k++ == g) {
                    memcpy(cells, cs, sizeof cs);
                    *digit = d;
                    return n;
                }
            }
    return 0;
}

static int node_ok(const uint16_t *cands, int node, int grouped)
{
    if (node < 1458) return cands[node % 81] >> (node % 729 / 81) & 1;
    int cells[3], d;
    return grouped && group_cells(cands, (node - 1458) / 2, cells, &d) > 0;
}

/* Check the records of one search; the number of records. */
static int check_records(const uint16_t *cands, const uint8_t *solution, const ht_out *out, int grouped)
{
    size_t at = 0;
    int records = 0;
    static size_t elim_at[MAX_RECORDS];
    static int elim_n[MAX_RECORDS], chain_n[MAX_RECORDS];
    while (at + 3 <= out->len) {
        int kind = out->data[at], n = out->data[at + 1] | out->data[at + 2] << 8;
        CHECK(kind <= HT_AIC && n >= 1 && at + 3 + 2 * (size_t)n + 2 <= out->len, "bad record head");
        if (kind > HT_AIC || n < 1 || at + 3 + 2 * (size_t)n + 2 > out->len) return records;
        const uint8_t *e = out->data + at + 3;
        for (int k = 0; k < n; k++) {
            int cell = e[2 * k], d = e[2 * k + 1];
            CHECK(cell < 81 && d >= 1 && d <= 9 && (cands[cell] >> (d - 1) & 1), "elimination of a missing candidate");
            if (cell < 81 && d >= 1 && d <= 9) CHECK(solution[cell] - '0' != d, "r%dc%d<>%d removes the solution", cell / 9 + 1, cell % 9 + 1, d);
            if (k) CHECK((e[2 * k + 1] - 1) * 81 + e[2 * k] > (e[2 * k - 1] - 1) * 81 + e[2 * k - 2], "eliminations not sorted");
        }
        size_t cat = at + 3 + 2 * (size_t)n;
        int m = out->data[cat] | out->data[cat + 1] << 8;
        CHECK(m >= 3 && cat + 2 + 2 * (size_t)m <= out->len, "bad chain length %d", m);
        if (m < 3 || cat + 2 + 2 * (size_t)m > out->len) return records;
        int first = 0, last = 0;
        for (int k = 0; k < m; k++) {
            int node = out->data[cat + 2 + 2 * k] | out->data[cat + 3 + 2 * k] << 8;
            CHECK(node_ok(cands, node, grouped), "chain node %d does not exist", node);
            if (!k) first = node;
            last = node;
        }
        CHECK(first < 1458 && last < 1458, "a chain starts or ends in a group");
        if (kind == HT_AIC) CHECK(first >= 729 && last < 729 && first % 81 != last % 81, "not an AIC");
        else CHECK(first % 81 == last % 81, "a loop that does not close");
        if (records < MAX_RECORDS) {
            for (int r = 0; r < records; r++)
                if (elim_n[r] == n && !memcmp(out->data + elim_at[r], e, 2 * (size_t)n))
                    CHECK(m < chain_n[r], "same eliminations again without a shorter chain");
            elim_at[records] = at + 3, elim_n[records] = n, chain_n[records] = m;
        }
        at = cat + 2 + 2 * (size_t)m;
        records++;
    }
    CHECK(at == out->len, "trailing bytes");
    return records;
}

int main(int argc, char **argv)
{
    int rounds = 12;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    int total = 0, grouped_total = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, r % 6, cands);
            for (int grouped = 0; grouped <= 1; grouped++) {
                ht_out a = {0}, b = {0}, c = {0};
                long sa = 0, sb = 0, sc = 0;
                CHECK(hotable9_nice_loops(cands, grouped, 2000000, &a, &sa) == HT_OK, "search failed");
                CHECK(hotable9_nice_loops(cands, grouped, 2000000, &b, &sb) == HT_OK, "search failed");
                CHECK(a.len == b.len && sa == sb && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
                if (sa > 1) CHECK(hotable9_nice_loops(cands, grouped, sa - 1, &c, &sc) == HT_BUDGET && sc >= sa, "budget not enforced");
                int got = check_records(cands, solution, &a, grouped);
                total += got;
                if (grouped) grouped_total += got;
                hotable9_out_free(&a), hotable9_out_free(&b), hotable9_out_free(&c);
            }
        }
    }
    CHECK(total > 0 && grouped_total > 0, "no loop found in the sample grids");
    ht_out out = {0};
    long spent = 0;
    candidates(PUZZLES[0], solution, 0, cands);
    CHECK(hotable9_nice_loops(cands, 0, -1, &out, &spent) == HT_BAD_INPUT, "budget -1 accepted");
    cands[7] = 0x200;
    CHECK(hotable9_nice_loops(cands, 1, 100, &out, &spent) == HT_BAD_INPUT, "mask 0x200 accepted");
    CHECK(out.len == 0, "output written on bad input");
    hotable9_out_free(&out);
    for (int r = 0; r < rounds; r++) { /* random masks, also full ones: the most group nodes */
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)(r % 4 == 0 ? 0x1FF : (z % 5 == 0) ? 0 : (z >> 8) & 0x1FF);
        }
        ht_out o = {0};
        long s = 0;
        int status = hotable9_nice_loops(cands, r % 2 || r % 4 == 0, 300000, &o, &s);
        CHECK(status == HT_OK || status == HT_BUDGET, "random search failed");
        hotable9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_hotable: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hotable: %d loops/AICs checked (%d grouped search), all sound\n", total, grouped_total);
    return 0;
}
