/* test_hoals.c -- C-only checks of hoals9 (HoDoKu's almost locked sets and restricted commons).
 *
 * On candidate grids of real puzzles (random false candidates dropped), every ALS record
 * must be an ALS (1..8 empty cells of one house, their candidates exactly the digits
 * given, one more digit than cells), no cell set twice, and the list complete against a
 * brute-force count of the ALS of every house; every restricted-common record must name
 * two ALS i < j that do not overlap, RC digits common to both whose cells in both all see
 * each other, and no pair with an RC may be missing. Also: same input, same bytes; bad
 * input refused; random masks never crash (run under ASan/UBSan).
 *
 *     test_hoals [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hoals9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0x3C6EF372FE94F82Bull
#include "test_util.h"

static const char *PUZZLES[] = {
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
};

#define MAXA 20000

static int pc(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

static int house_cell(int h, int k)
{
    if (h < 9) return h * 9 + k;
    if (h < 18) return k * 9 + h - 9;
    int b = h - 18;
    return (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3;
}

static uint8_t cells_of[MAXA][81];
static unsigned digits_of[MAXA];

/* 1 when the digit's cells of ALS a and b all see each other. */
static int restricted(const uint16_t *cands, int a, int b, int d)
{
    for (int x = 0; x < 81; x++) {
        if (!cells_of[a][x] || !(cands[x] >> (d - 1) & 1)) continue;
        for (int y = 0; y < 81; y++)
            if (cells_of[b][y] && (cands[y] >> (d - 1) & 1) && !sees(x, y)) return 0;
    }
    return 1;
}

/* The number of distinct ALS cell sets of the grid (brute force over every house subset). */
static int count_alses(const uint16_t *cands)
{
    static uint8_t sets[27 * 512][81];
    int n = 0;
    for (int h = 0; h < 27; h++)
        for (unsigned sub = 1; sub < 512; sub++) {
            unsigned digits = 0;
            int size = 0, ok = 1;
            uint8_t cells[81] = {0};
            for (int k = 0; k < 9; k++) {
                if (!(sub >> k & 1)) continue;
                int c = house_cell(h, k);
                ok &= cands[c] != 0;
                digits |= cands[c];
                cells[c] = 1;
                size++;
            }
            if (!ok || size > 8 || pc(digits) != size + 1) continue;
            int dup = 0;
            for (int k = 0; k < n && !dup; k++) dup = !memcmp(sets[k], cells, 81);
            if (!dup) memcpy(sets[n++], cells, 81);
        }
    return n;
}

static void check(const uint16_t *cands, const ha_out *a, const ha_out *r, int full)
{
    CHECK(a->len % 13 == 0 && r->len % 6 == 0, "record sizes");
    int n = (int)(a->len / 13);
    CHECK(n <= MAXA, "too many ALS");
    if (n > MAXA) return;
    for (int i = 0; i < n; i++) {
        const uint8_t *p = a->data + 13 * (size_t)i;
        unsigned digits = p[11] | (unsigned)p[12] << 8, have = 0;
        int size = 0, first = -1, house_ok[27];
        for (int h = 0; h < 27; h++) house_ok[h] = 1;
        for (int c = 0; c < 81; c++) {
            cells_of[i][c] = p[c / 8] >> (c % 8) & 1;
            if (!cells_of[i][c]) continue;
            CHECK(cands[c], "a filled cell in an ALS");
            have |= cands[c];
            size++;
            if (first < 0) first = c;
        }
        CHECK(!(p[10] >> 1), "cell bits above 80");
        for (int h = 0; h < 27; h++)
            for (int c = 0; c < 81; c++)
                if (cells_of[i][c]) {
                    int in = 0;
                    for (int k = 0; k < 9; k++) in |= house_cell(h, k) == c;
                    house_ok[h] &= in;
                }
        int one_house = 0;
        for (int h = 0; h < 27; h++) one_house |= house_ok[h];
        CHECK(size >= 1 && size <= 8 && have == digits && pc(digits) == size + 1 && one_house, "ALS %d is not one", i);
        digits_of[i] = digits;
        for (int j = 0; j < i; j++) CHECK(memcmp(cells_of[i], cells_of[j], 81), "ALS %d twice", i);
    }
    if (full) CHECK(count_alses(cands) == n, "the ALS list is not complete");
    size_t at = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int ov = 0;
            for (int c = 0; c < 81 && !ov; c++) ov = cells_of[i][c] && cells_of[j][c];
            int rc[2] = {0, 0}, nrc = 0;
            for (int d = 1; d <= 9 && nrc < 2 && !ov; d++)
                if ((digits_of[i] & digits_of[j]) >> (d - 1) & 1 && restricted(cands, i, j, d) && restricted(cands, j, i, d)) rc[nrc++] = d;
            if (!nrc) continue;
            CHECK(at + 6 <= r->len, "a missing restricted common");
            if (at + 6 > r->len) return;
            const uint8_t *q = r->data + at;
            CHECK((q[0] | q[1] << 8) == i && (q[2] | q[3] << 8) == j && q[4] == rc[0] && q[5] == rc[1],
                  "restricted common of %d/%d", i, j);
            at += 6;
        }
    CHECK(at == r->len, "extra restricted commons");
}

int main(int argc, char **argv)
{
    int rounds = 6;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    long alses = 0, rcs = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, 2 + r % 5, cands);
            ha_out a = {0}, b = {0}, a2 = {0}, b2 = {0};
            CHECK(hoals9_search(cands, &a, &b) == HA_OK, "search failed");
            CHECK(hoals9_search(cands, &a2, &b2) == HA_OK, "search failed");
            CHECK(a.len == a2.len && b.len == b2.len && (!a.len || !memcmp(a.data, a2.data, a.len)) &&
                      (!b.len || !memcmp(b.data, b2.data, b.len)), "not deterministic");
            check(cands, &a, &b, rounds >= 4 && r < 2); /* the brute-force ALS count: the plain run only */
            alses += (long)(a.len / 13), rcs += (long)(b.len / 6);
            hoals9_out_free(&a), hoals9_out_free(&b), hoals9_out_free(&a2), hoals9_out_free(&b2);
        }
    }
    CHECK(alses > 0 && rcs > 0, "no ALS or restricted common found");
    ha_out a = {0}, b = {0};
    cands[7] = 0x200;
    CHECK(hoals9_search(cands, &a, &b) == HA_BAD_INPUT && !a.len && !b.len, "mask 0x200 accepted");
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 4 == 0) ? 0 : (1u << (z >> 8) % 9) | (1u << (z >> 16) % 9) | (1u << (z >> 24) % 9));
        }
        ha_out o = {0}, p = {0};
        CHECK(hoals9_search(cands, &o, &p) == HA_OK, "random search failed");
        hoals9_out_free(&o), hoals9_out_free(&p);
    }
    if (failures) {
        fprintf(stderr, "test_hoals: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hoals: %ld ALS and %ld restricted commons checked\n", alses, rcs);
    return 0;
}
