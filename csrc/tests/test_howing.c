/* test_howing.c -- C-only checks of howing9 (HoDoKu's XY-Wing, XYZ-Wing and W-Wing).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped), every record must be whole (kinds ascending: XY, XYZ,
 * W; XY/XYZ: a pivot with 2/3 candidates, two bivalue pincers seeing it, sharing only z,
 * together the pivot's digits (XY: plus z); W: two equal bivalue cells {x,z}, a link house
 * where x has exactly the two places s1, s2, s1 seeing a and s2 seeing b) and sound: every
 * target holds z, sees the pincers (XYZ: and the pivot), is not the solution's z. Also:
 * same input, same bytes; bad input refused; random masks never crash (ASan/UBSan).
 *
 *     test_howing [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../howing9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0xD1B54A32D192ED03ull
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
static size_t check_record(const uint16_t *cands, const uint8_t *solution, const uint8_t *d, size_t left, int *last)
{
    CHECK(left >= 10 && left >= (size_t)d[9] + 10, "a short record");
    if (left < 10 || left < (size_t)d[9] + 10) return 0;
    int kind = d[0], a = d[1], b = d[2], c = d[3], z = d[4], n = d[9];
    CHECK(kind <= 2 && kind >= *last && a < 81 && b < 81 && z >= 1 && z <= 9 && n >= 1, "a broken head");
    if (kind > 2 || a >= 81 || b >= 81 || z < 1 || z > 9) return 0;
    *last = kind;
    unsigned zb = 1u << (z - 1);
    if (kind < 2) {
        CHECK(c < 81 && pc(cands[a]) == kind + 2 && pc(cands[b]) == 2 && pc(cands[c]) == 2 && sees(a, b) && sees(a, c),
              "not a wing shape");
        if (c >= 81) return 0;
        CHECK((cands[b] & cands[c]) == zb, "pincers share more than z");
        CHECK(kind == 0 ? (cands[b] | cands[c]) == (cands[a] | zb) && !(cands[a] & zb) : (cands[b] | cands[c]) == cands[a],
              "pincers and pivot digits");
    } else {
        int x = d[5], h = d[6], s1 = d[7], s2 = d[8];
        CHECK(c == 255 && a < b && cands[a] == cands[b] && pc(cands[a]) == 2 && x >= 1 && x <= 9 && x != z &&
                  (cands[a] >> (x - 1) & 1) && (cands[a] & zb) && h < 27 && s1 < 81 && s2 < 81,
              "not a W-Wing shape");
        if (x < 1 || x > 9 || h >= 27) return 0;
        int places = 0, has1 = 0, has2 = 0;
        for (int k = 0; k < 9; k++) {
            int p = house_cell(h, k);
            if (cands[p] >> (x - 1) & 1) places++, has1 |= p == s1, has2 |= p == s2;
        }
        CHECK(places == 2 && has1 && has2 && sees(s1, a) && sees(s2, b), "not a strong link between the cells");
    }
    for (int k = 0; k < n; k++) {
        int t = d[10 + k];
        CHECK(t < 81 && (cands[t] & zb) && (!k || t > d[9 + k]), "a target without z or out of order");
        if (t >= 81) return 0;
        CHECK(sees(t, b) && (kind == 2 ? sees(t, a) : sees(t, c)) && (kind != 1 || sees(t, a)), "a target not seeing the wing");
        CHECK(solution[t] - '0' != z, "r%dc%d loses its solution %d", t / 9 + 1, t % 9 + 1, z);
    }
    return (size_t)n + 10;
}

int main(int argc, char **argv)
{
    int rounds = 40;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    int records = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, r % 7, cands);
            hw_out a = {0}, b = {0};
            CHECK(howing9_search(cands, &a) == HW_OK, "search failed");
            CHECK(howing9_search(cands, &b) == HW_OK, "search failed");
            CHECK(a.len == b.len && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
            size_t at = 0;
            int last = 0;
            while (at < a.len) {
                size_t n = check_record(cands, solution, a.data + at, a.len - at, &last);
                if (!n) break;
                at += n;
                records++;
            }
            howing9_out_free(&a), howing9_out_free(&b);
        }
    }
    CHECK(records > 0, "no wings found in the sample grids");
    hw_out out = {0};
    candidates(PUZZLES[0], solution, 0, cands);
    cands[7] = 0x200;
    CHECK(howing9_search(cands, &out) == HW_BAD_INPUT && !out.len, "mask 0x200 accepted");
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 6 == 0) ? 0 : (z >> 8) & 0x1FF);
        }
        CHECK(howing9_search(cands, &out) == HW_OK, "random search failed");
        howing9_out_free(&out);
    }
    if (failures) {
        fprintf(stderr, "test_howing: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_howing: %d wings checked, all sound\n", records);
    return 0;
}
