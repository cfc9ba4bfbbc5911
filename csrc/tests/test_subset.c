/* test_subset.c -- C-only checks of subset9 (naked and hidden subsets).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped), every record must be whole (naked sizes 2-4, then
 * hidden sizes 2-4, houses ascending within a size; n distinct cells of the house, empty;
 * n digits) and a subset: naked, the cells hold only those digits; hidden, those digits
 * have no other place in the house; and sound: no candidate it removes (computed here from
 * the record) is the solution's digit, and it removes one. Also: same input, same bytes;
 * bad input refused; random masks never crash (run under ASan/UBSan).
 *
 *     test_subset [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../subset9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
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

static int pc(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* Check one record at data[0..]; its length, or 0 when it is broken. */
static size_t check_record(const uint16_t *cands, const uint8_t *solution, const uint8_t *data, size_t left,
                           int *last, int *eliminations)
{
    CHECK(left >= 3, "a short record");
    if (left < 3) return 0;
    int kind = data[0], n = data[1], h = data[2];
    CHECK(kind <= 1 && n >= 2 && n <= 4 && h < 27 && left >= (size_t)n + 5, "kind %d size %d house %d", kind, n, h);
    if (kind > 1 || n < 2 || n > 4 || h >= 27 || left < (size_t)n + 5) return 0;
    int order = (kind * 3 + n - 2) * 27 + h;
    CHECK(order >= *last, "records out of order");
    *last = order;
    unsigned digits = data[3 + n] | (unsigned)data[4 + n] << 8, in[81] = {0}, held = 0;
    CHECK(digits <= 0x1FF && pc(digits) == n, "%d digits for size %d", pc(digits), n);
    for (int k = 0; k < n; k++) {
        int c = data[3 + k], inside = 0;
        for (int j = 0; j < 9; j++) inside |= house_cell(h, j) == c;
        CHECK(c < 81 && inside && cands[c] && !in[c], "a cell outside the house, empty or twice");
        if (c >= 81) return 0;
        in[c] = 1;
        held |= cands[c];
    }
    int removed = 0;
    for (int j = 0; j < 9; j++) {
        int c = house_cell(h, j);
        unsigned gone = 0;
        if (kind == 0) {
            if (in[c]) CHECK(!(cands[c] & ~digits), "a naked cell with another digit");
            else gone = cands[c] & digits;
        } else {
            if (in[c]) gone = cands[c] & ~digits;
            else CHECK(!(cands[c] & digits), "a hidden digit with another place");
        }
        removed += pc(gone);
        CHECK(!(gone >> (solution[c] - '1') & 1), "r%dc%d loses the solution %c", c / 9 + 1, c % 9 + 1, solution[c]);
    }
    if (kind == 1) CHECK((held & digits) == digits, "a hidden digit without a place");
    CHECK(removed > 0, "a record that removes nothing");
    *eliminations += removed;
    return (size_t)n + 5;
}

int main(int argc, char **argv)
{
    int rounds = 40;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81], values[81];
    int records = 0, eliminations = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int i = 0; i < 81; i++) values[i] = (uint8_t)(PUZZLES[k][i] - '0');
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, r % 7, cands);
            sb_out a = {0}, b = {0};
            CHECK(subset9_search(cands, values, &a) == SB_OK, "search failed");
            CHECK(subset9_search(cands, values, &b) == SB_OK, "search failed");
            CHECK(a.len == b.len && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
            size_t at = 0;
            int last = 0;
            while (at < a.len) {
                size_t n = check_record(cands, solution, a.data + at, a.len - at, &last, &eliminations);
                if (!n) break;
                at += n;
                records++;
            }
            subset9_out_free(&a), subset9_out_free(&b);
        }
    }
    CHECK(records > 0, "no subsets found in the sample grids");
    sb_out out = {0};
    candidates(PUZZLES[0], solution, 0, cands);
    values[3] = 10;
    CHECK(subset9_search(cands, values, &out) == SB_BAD_INPUT && !out.len, "value 10 accepted");
    values[3] = 0;
    cands[7] = 0x200;
    CHECK(subset9_search(cands, values, &out) == SB_BAD_INPUT && !out.len, "mask 0x200 accepted");
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 6 == 0) ? 0 : (z >> 8) & 0x1FF);
            values[i] = (uint8_t)(cands[i] ? 0 : (z >> 20) % 10);
        }
        CHECK(subset9_search(cands, values, &out) == SB_OK, "random search failed");
        subset9_out_free(&out);
    }
    if (failures) {
        fprintf(stderr, "test_subset: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_subset: %d subsets checked (%d eliminations), all sound\n", records, eliminations);
    return 0;
}
