/* test_hosingle.c -- C-only checks of hosingle9 (Skyscraper, 2-String Kite, Turbot Fish,
 * Empty Rectangle and HoDoKu's X-Chain search).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped), every record must be whole and sound: link records
 * join two strong links (houses with exactly two places of the digit) whose near ends
 * see each other, every target sees both far ends and is never the solution's digit;
 * Empty Rectangle records name a box whose places lie on the cross, a strong link outside
 * the box and a target that is not the solution's digit; X-Chains alternate strong links
 * (odd positions) and links between peers, use no cell twice (a loop may end on its
 * start), and no candidate seeing both ends is the solution's digit. Also: same input,
 * same bytes; the budget stops the X-Chain search; bad input refused; random masks never
 * crash (run under ASan/UBSan).
 *
 *     test_hosingle [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hosingle9.h"
#include "ref_solver.h"

#include "test_util.h"

static const char *PUZZLES[] = {
    "130000092090205010002080600320908054000000000700040001060000070800000005003010800",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
};

static int house_has(int h, int c)
{
    if (h < 9) return c / 9 == h;
    if (h < 18) return c % 9 == h - 9;
    return c / 27 * 3 + c % 9 / 3 == h - 18;
}

static int places(const uint16_t *cands, int h, int d)
{
    int n = 0;
    for (int c = 0; c < 81; c++) n += house_has(h, c) && (cands[c] >> (d - 1) & 1);
    return n;
}

/* a and b are the only two places of d in house h. */
static int strong(const uint16_t *cands, int h, int a, int b, int d)
{
    return h >= 0 && h < 27 && a != b && house_has(h, a) && house_has(h, b) && (cands[a] >> (d - 1) & 1) &&
           (cands[b] >> (d - 1) & 1) && places(cands, h, d) == 2;
}

static int strong_any(const uint16_t *cands, int a, int b, int d)
{
    for (int h = 0; h < 27; h++)
        if (strong(cands, h, a, b, d)) return 1;
    return 0;
}

static void sound(const uint8_t *solution, int cell, int d)
{
    CHECK(solution[cell] - '0' != d, "r%dc%d<>%d removes the solution", cell / 9 + 1, cell % 9 + 1, d);
}

/* Link records (kinds 0-2); the number of records. */
static int check_links(const uint16_t *cands, const uint8_t *solution, const hd_out *out)
{
    size_t at = 0;
    int records = 0;
    while (at + 8 <= out->len) {
        const uint8_t *r = out->data + at;
        int d = r[0], n = r[7];
        CHECK(d >= 1 && d <= 9 && n >= 1 && at + 8 + (size_t)n <= out->len, "bad link record");
        if (d < 1 || d > 9 || at + 8 + (size_t)n > out->len) return records;
        CHECK(r[2] < 81 && r[3] < 81 && r[5] < 81 && r[6] < 81, "cell out of range");
        if (r[2] >= 81 || r[3] >= 81 || r[5] >= 81 || r[6] >= 81) return records;
        CHECK(strong(cands, r[1], r[2], r[3], d) && strong(cands, r[4], r[5], r[6], d), "not two strong links");
        CHECK(sees(r[2], r[5]), "the near ends do not see each other");
        for (int k = 0; k < n; k++) {
            int t = r[8 + k];
            CHECK(t < 81 && (cands[t] >> (d - 1) & 1) && sees(t, r[3]) && sees(t, r[6]), "a bad target");
            if (t < 81) sound(solution, t, d);
        }
        at += 8 + (size_t)n;
        records++;
    }
    CHECK(at == out->len, "trailing bytes");
    return records;
}

static int check_er(const uint16_t *cands, const uint8_t *solution, const hd_out *out)
{
    CHECK(out->len % 8 == 0, "ER records are 8 bytes");
    for (size_t at = 0; at + 8 <= out->len; at += 8) {
        const uint8_t *r = out->data + at;
        int d = r[0], box = r[1], row = r[2], col = r[3], h = r[4], near = r[5], far = r[6], t = r[7];
        CHECK(d >= 1 && d <= 9 && box >= 18 && box < 27 && row < 9 && col < 9 && h < 18 && near < 81 && far < 81 && t < 81,
              "ER record out of range");
        if (!(d >= 1 && d <= 9 && box >= 18 && box < 27 && h < 18 && near < 81 && far < 81 && t < 81)) return 0;
        for (int c = 0; c < 81; c++)
            if (house_has(box, c) && (cands[c] >> (d - 1) & 1)) CHECK(c / 9 == row || c % 9 == col, "a place off the cross");
        CHECK(strong(cands, h, near < far ? near : far, near < far ? far : near, d), "not a strong link");
        CHECK(!house_has(box, t) && (cands[t] >> (d - 1) & 1), "a bad target");
        sound(solution, t, d);
    }
    return (int)(out->len / 8);
}

static int check_chains(const uint16_t *cands, const uint8_t *solution, const hd_out *out)
{
    size_t at = 0;
    int records = 0;
    while (at + 2 <= out->len) {
        int d = out->data[at], n = out->data[at + 1];
        CHECK(d >= 1 && d <= 9 && n >= 4 && n <= 21 && n % 2 == 0 && at + 2 + (size_t)n <= out->len, "bad chain record");
        if (d < 1 || d > 9 || n < 4 || n > 21 || at + 2 + (size_t)n > out->len) return records;
        const uint8_t *c = out->data + at + 2;
        int used[81] = {0};
        for (int k = 0; k < n; k++) {
            CHECK(c[k] < 81 && (cands[c[k]] >> (d - 1) & 1), "not a place of the digit");
            if (c[k] >= 81) return records;
            if (k == n - 1 && c[k] == c[0]) continue; /* a loop back to the start */
            CHECK(!used[c[k]], "a cell twice");
            used[c[k]] = 1;
            if (k) {
                if (k & 1) CHECK(strong_any(cands, c[k - 1], c[k], d), "link %d is not strong", k);
                else CHECK(sees(c[k - 1], c[k]), "link %d joins no peers", k);
            }
        }
        int seen = 0;
        for (int t = 0; t < 81; t++)
            if ((cands[t] >> (d - 1) & 1) && sees(t, c[0]) && sees(t, c[n - 1])) {
                seen = 1;
                sound(solution, t, d);
            }
        CHECK(seen, "nothing sees both ends");
        at += 2 + (size_t)n;
        records++;
    }
    CHECK(at == out->len, "trailing bytes");
    return records;
}

int main(int argc, char **argv)
{
    int rounds = 30;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    int total[5] = {0};
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, 2 + r % 6, cands);
            for (int kind = HD_SKYSCRAPER; kind <= HD_X_CHAIN; kind++) {
                hd_out a = {0}, b = {0}, c = {0};
                long sa = 0, sb = 0, sc = 0;
                CHECK(hosingle9_search(cands, kind, 2000000, &a, &sa) == HD_OK, "search %d failed", kind);
                CHECK(hosingle9_search(cands, kind, 2000000, &b, &sb) == HD_OK, "search %d failed", kind);
                CHECK(a.len == b.len && sa == sb && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
                if (kind == HD_X_CHAIN && sa > 1)
                    CHECK(hosingle9_search(cands, kind, sa - 1, &c, &sc) == HD_BUDGET, "budget not enforced");
                if (kind != HD_X_CHAIN) CHECK(sa == 0, "links counted outside the X-Chain search");
                total[kind] += kind == HD_EMPTY_RECT ? check_er(cands, solution, &a)
                             : kind == HD_X_CHAIN  ? check_chains(cands, solution, &a)
                                                   : check_links(cands, solution, &a);
                hosingle9_out_free(&a), hosingle9_out_free(&b), hosingle9_out_free(&c);
            }
        }
    }
    for (int kind = 0; kind <= HD_X_CHAIN; kind++) CHECK(total[kind] > 0, "search %d found nothing in the sample grids", kind);
    hd_out out = {0};
    long spent = 0;
    candidates(PUZZLES[0], solution, 0, cands);
    CHECK(hosingle9_search(cands, HD_X_CHAIN, -1, &out, &spent) == HD_BAD_INPUT, "budget -1 accepted");
    CHECK(hosingle9_search(cands, 5, 100, &out, &spent) == HD_BAD_INPUT, "kind 5 accepted");
    CHECK(hosingle9_search(cands, -1, 100, &out, &spent) == HD_BAD_INPUT, "kind -1 accepted");
    cands[7] = 0x200;
    CHECK(hosingle9_search(cands, HD_SKYSCRAPER, 100, &out, &spent) == HD_BAD_INPUT, "mask 0x200 accepted");
    CHECK(out.len == 0, "output written on bad input");
    hosingle9_out_free(&out);
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 5 == 0) ? 0 : (z >> 8) & 0x1FF);
        }
        for (int kind = 0; kind <= HD_X_CHAIN; kind++) {
            hd_out o = {0};
            long s = 0;
            int status = hosingle9_search(cands, kind, 20000, &o, &s);
            CHECK(status == HD_OK || (kind == HD_X_CHAIN && status == HD_BUDGET), "random search %d failed", kind);
            hosingle9_out_free(&o);
        }
    }
    if (failures) {
        fprintf(stderr, "test_hosingle: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hosingle: %d Skyscrapers, %d Kites, %d Turbot Fish, %d Empty Rectangles, %d X-Chains checked, all sound\n",
           total[0], total[1], total[2], total[3], total[4]);
    return 0;
}
