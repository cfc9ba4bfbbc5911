/* test_hoals.c -- C-only checks of hoals9 (HoDoKu's almost locked sets and restricted commons).
 *
 * On candidate grids of real puzzles (random false candidates dropped), every ALS record
 * must be an ALS (1..8 empty cells of one house, their candidates exactly the digits
 * given, one more digit than cells), no cell set twice, and the list complete against a
 * brute-force count of the ALS of every house; every restricted-common record must name
 * two ALS i < j that do not overlap, RC digits common to both whose cells in both all see
 * each other, and no pair with an RC may be missing. The ALS-XZ and ALS-XY-Wing records
 * (hoals9_steps): whole, their sets ALS of the list that do not overlap, the linking
 * digits common to the linked sets, every elimination a candidate outside the sets that
 * is not the solution's digit and that sees every cell of one of the sets holding the
 * digit; a limit of k gives the first k records. Also: same input, same bytes; bad input
 * refused; random masks never crash (run under ASan/UBSan).
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

static int in_set(const uint8_t *rec, int c) { return rec[c / 8] >> (c % 8) & 1; }

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

/* The index of the 13-byte ALS record rec in a, or -1. */
static long find_als(const ha_out *a, const uint8_t *rec)
{
    for (size_t i = 0; i < a->len / 13; i++)
        if (!memcmp(a->data + 13 * i, rec, 13)) return (long)i;
    return -1;
}

/* Checks the step records of one kind; returns the number of records. */
static long check_steps(const uint16_t *cands, const uint8_t *solution, const ha_out *a, int kind)
{
    ha_out all = {0}, one = {0};
    CHECK(hoals9_steps(cands, kind, 1L << 30, &all) == HA_OK && hoals9_steps(cands, kind, 1, &one) == HA_OK, "steps failed");
    long n = 0;
    size_t k = 0, first_end = 0;
    while (k < all.len) {
        int nsets = all.data[k];
        CHECK(nsets == (kind == HA_XZ ? 2 : 3) && k + 1 + 13 * (size_t)nsets + 6 <= all.len, "record head");
        if (nsets != (kind == HA_XZ ? 2 : 3) || k + 1 + 13 * (size_t)nsets + 6 > all.len) break;
        const uint8_t *sets = all.data + k + 1, *tail = sets + 13 * nsets;
        unsigned xs = tail[0] | (unsigned)tail[1] << 8, zs = tail[2] | (unsigned)tail[3] << 8;
        size_t m = tail[4] | (size_t)tail[5] << 8;
        CHECK(m >= 1 && k + 1 + 13 * (size_t)nsets + 6 + 2 * m <= all.len, "eliminations");
        if (k + 1 + 13 * (size_t)nsets + 6 + 2 * m > all.len) break;
        unsigned digits[3] = {0, 0, 0};
        for (int s = 0; s < nsets; s++) {
            CHECK(find_als(a, sets + 13 * s) >= 0, "set %d is no ALS of the list", s);
            digits[s] = sets[13 * s + 11] | (unsigned)sets[13 * s + 12] << 8;
        }
        for (int c = 0; c < 81; c++) CHECK(!(in_set(sets, c) && in_set(sets + 13, c)), "A and B overlap");
        CHECK(xs && (kind == HA_XY_WING || pc(xs) <= 2), "X digits");
        CHECK(kind == HA_XZ ? !(xs & ~(digits[0] & digits[1])) : !(xs & ~(digits[2] & (digits[0] | digits[1]))), "X digits common");
        CHECK(!(zs & ~(digits[0] & digits[1])), "Z digits common to A and B");
        const uint8_t *e = tail + 6;
        for (size_t p = 0; p < m; p++, e += 2) {
            int c = e[0], z = e[1];
            CHECK(c < 81 && z >= 1 && z <= 9, "an elimination");
            if (c >= 81 || z < 1 || z > 9) break;
            CHECK(cands[c] >> (z - 1) & 1 && solution[c] != z, "elimination r%dc%d<>%d unsound", c / 9 + 1, c % 9 + 1, z);
            CHECK(!in_set(sets, c) && (nsets == 2 || !in_set(sets + 13, c)), "an elimination in a set");
            int seen_all = 0;
            for (int s = 0; s < 2 && !seen_all; s++) {
                int all_seen = (digits[s] >> (z - 1) & 1) != 0;
                for (int t = 0; t < 81 && all_seen; t++)
                    if (in_set(sets + 13 * s, t) && cands[t] >> (z - 1) & 1) all_seen = sees(c, t);
                seen_all = all_seen;
            }
            CHECK(seen_all, "elimination r%dc%d<>%d sees no set's cells", c / 9 + 1, c % 9 + 1, z);
            if (p && (e[1] < e[-1] || (e[1] == e[-1] && e[0] <= e[-2]))) CHECK(0, "eliminations out of order");
        }
        k = (size_t)(e - all.data);
        if (!n) first_end = k;
        n++;
    }
    CHECK(k == all.len, "a cut record");
    CHECK(one.len == first_end && (!one.len || !memcmp(one.data, all.data, one.len)), "limit 1 is not the first record");
    hoals9_out_free(&all), hoals9_out_free(&one);
    return n;
}

int main(int argc, char **argv)
{
    int rounds = 6;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    long alses = 0, rcs = 0, xz = 0, xy = 0;
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
            xz += check_steps(cands, solution, &a, HA_XZ);
            if (r < 2) xy += check_steps(cands, solution, &a, HA_XY_WING); /* hundreds of thousands of records on the later grids */
            alses += (long)(a.len / 13), rcs += (long)(b.len / 6);
            hoals9_out_free(&a), hoals9_out_free(&b), hoals9_out_free(&a2), hoals9_out_free(&b2);
        }
    }
    CHECK(alses > 0 && rcs > 0 && xz > 0 && xy > 0, "no ALS, restricted common or step found");
    ha_out st = {0};
    CHECK(hoals9_steps(cands, 2, 1, &st) == HA_BAD_INPUT && hoals9_steps(cands, HA_XZ, -1, &st) == HA_BAD_INPUT && !st.len,
          "a bad kind or limit accepted");
    CHECK(hoals9_steps(cands, HA_XZ, 0, &st) == HA_OK && !st.len, "limit 0 gives a record");
    ha_out a = {0}, b = {0};
    cands[7] = 0x200;
    CHECK(hoals9_search(cands, &a, &b) == HA_BAD_INPUT && !a.len && !b.len, "mask 0x200 accepted");
    CHECK(hoals9_steps(cands, HA_XY_WING, 5, &st) == HA_BAD_INPUT && !st.len, "mask 0x200 accepted by the step search");
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 4 == 0) ? 0 : (1u << (z >> 8) % 9) | (1u << (z >> 16) % 9) | (1u << (z >> 24) % 9));
        }
        ha_out o = {0}, p = {0};
        CHECK(hoals9_search(cands, &o, &p) == HA_OK, "random search failed");
        CHECK(hoals9_steps(cands, r % 2, 1L << 30, &st) == HA_OK, "random step search failed");
        hoals9_out_free(&st);
        hoals9_out_free(&o), hoals9_out_free(&p);
    }
    if (failures) {
        fprintf(stderr, "test_hoals: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hoals: %ld ALS, %ld restricted commons, %ld ALS-XZ and %ld ALS-XY-Wing steps checked\n", alses, rcs, xz, xy);
    return 0;
}
