/* test_hosdc.c -- C-only checks of hosdc9 (HoDoKu's Sue de Coq search).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped), every record must be whole (2-3 intersection cells of
 * one line and box, line cells in the rest of the line, box cells in the rest of the box,
 * all empty, ascending, none twice) and a Sue de Coq: the digits of I plus the own digits
 * of L and of B as many as the cells, L and B sharing no digit of I; and sound: no
 * candidate it removes (computed here from the record) is the solution's digit. Also: same input, same bytes;
 * max_hits stops early with a prefix of the records; bad input refused; random masks never
 * crash (run under ASan/UBSan).
 *
 *     test_hosdc [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hosdc9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0x5DEECE66DA3B2C17ull
#include "test_util.h"

static const char *PUZZLES[] = {
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
};

static int pc(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

static int same_box(int a, int b) { return a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3; }

/* Check one record at data[0..]; its length, or 0 when it is broken. */
static size_t check_record(const uint16_t *cands, const uint8_t *solution, const uint8_t *data, size_t left, int *eliminations)
{
    int part[3][9], n[3];
    size_t at = 0;
    for (int p = 0; p < 3; p++) {
        CHECK(at < left && data[at] <= 9 && at + 1 + data[at] <= left, "part %d length", p);
        if (at >= left || data[at] > 9 || at + 1 + data[at] > left) return 0;
        n[p] = data[at];
        for (int k = 0; k < n[p]; k++) part[p][k] = data[at + 1 + k];
        at += 1 + (size_t)n[p];
    }
    CHECK(n[0] >= 2 && n[0] <= 3 && n[1] >= 1 && n[2] >= 1, "part sizes %d %d %d", n[0], n[1], n[2]);
    if (n[0] < 2 || n[1] < 1 || n[2] < 1) return 0;
    int a = part[0][0], b = part[0][1], row = a / 9 == b / 9;
    int used[81] = {0};
    unsigned digits[3] = {0, 0, 0};
    for (int p = 0; p < 3; p++)
        for (int k = 0; k < n[p]; k++) {
            int c = part[p][k];
            CHECK(c < 81 && cands[c] && !used[c], "a cell that is filled or used twice");
            if (c >= 81) return 0;
            CHECK(!k || c > part[p][k - 1], "cells not ascending");
            used[c] = p + 1;
            digits[p] |= cands[c];
            int in_line = row ? c / 9 == a / 9 : c % 9 == a % 9;
            if (p == 0) CHECK(in_line && same_box(c, a), "an intersection cell outside");
            if (p == 1) CHECK(in_line, "a line cell outside the line");
            if (p == 2) CHECK(same_box(c, a), "a box cell outside the box");
        }
    unsigned ci = digits[0], cl = digits[1], cb = digits[2], all = ci | cl | cb;
    /* each cell of L and B holds one digit of I or one of its own (L's and B's own digits
     * may be the same digit, in the two houses' different cells) */
    CHECK(pc(ci) + pc(cl & ~ci) + pc(cb & ~ci) == n[0] + n[1] + n[2] && (all & ci) == ci, "digits and cells do not match");
    CHECK(!(cl & cb & ci), "line and box share a digit of the intersection");
    unsigned shared = cb & cl, box_digits = ((ci | cb) & ~cl) | shared, line_digits = ((ci | cl) & ~cb) | shared;
    int removed = 0;
    for (int c = 0; c < 81; c++) {
        unsigned gone = 0;
        int in_line = row ? c / 9 == a / 9 : c % 9 == a % 9;
        if (same_box(c, a) && used[c] != 1 && used[c] != 3) gone |= cands[c] & box_digits;
        if (in_line && used[c] != 1 && used[c] != 2) gone |= cands[c] & line_digits;
        removed += pc(gone);
        CHECK(!(gone >> (solution[c] - '1') & 1), "r%dc%d loses the solution %c", c / 9 + 1, c % 9 + 1, solution[c]);
    }
    CHECK(removed > 0, "a record that removes nothing");
    *eliminations += removed;
    return at;
}

int main(int argc, char **argv)
{
    int rounds = 40;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    int records = 0, eliminations = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, r % 7, cands);
            hs_out a = {0}, b = {0}, c = {0};
            long sa = 0, sb = 0, sc = 0;
            CHECK(hosdc9_search(cands, 0, &a, &sa) == HS_OK, "search failed");
            CHECK(hosdc9_search(cands, 0, &b, &sb) == HS_OK, "search failed");
            CHECK(a.len == b.len && sa == sb && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
            size_t at = 0, first = 0;
            while (at < a.len) {
                size_t n = check_record(cands, solution, a.data + at, a.len - at, &eliminations);
                if (!n) break;
                if (!first) first = n;
                at += n;
                records++;
            }
            if (first) {
                CHECK(hosdc9_search(cands, 1, &c, &sc) == HS_OK && c.len == first && !memcmp(c.data, a.data, first) && sc <= sa,
                      "max_hits 1 is not the first record");
            }
            hosdc9_out_free(&a), hosdc9_out_free(&b), hosdc9_out_free(&c);
        }
    }
    CHECK(records > 0, "no Sue de Coq found in the sample grids");
    hs_out out = {0};
    long spent = 0;
    candidates(PUZZLES[0], solution, 0, cands);
    CHECK(hosdc9_search(cands, -1, &out, &spent) == HS_BAD_INPUT, "max_hits -1 accepted");
    cands[7] = 0x200;
    CHECK(hosdc9_search(cands, 0, &out, &spent) == HS_BAD_INPUT, "mask 0x200 accepted");
    CHECK(out.len == 0, "output written on bad input");
    hosdc9_out_free(&out);
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 6 == 0) ? 0 : (z >> 8) & 0x1FF);
        }
        hs_out o = {0};
        long s = 0;
        CHECK(hosdc9_search(cands, r % 3, &o, &s) == HS_OK, "random search failed");
        hosdc9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_hosdc: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hosdc: %d Sue de Coqs checked (%d eliminations), all sound\n", records, eliminations);
    return 0;
}
