/* test_horect.c -- C-only checks of horect9 (HoDoKu's Unique, Hidden and Avoidable Rectangles,
 * BUG+1).
 *
 * On candidate grids that still hold a puzzle's (unique) solution -- some non-clue cells
 * placed as the player would (their digit removed from their peers, not givens), then
 * random false candidates dropped -- every record must be whole (kinds ascending; four
 * corners on two rows, two columns and two boxes; UR/HR: the start corner holds exactly
 * a/b; AR: the first two corners player-solved as a and b) and sound: the swap argument
 * holds for any grid whose four corners are not givens, so no elimination may remove a
 * solution digit; a BUG+1 grid of a real walk gives its step (and none once a cell is left
 * with one candidate). Also: each kind asked alone, or one record per kind, gives the same
 * records as the full run (a prefix); same input, same bytes; bad input refused and
 * nothing written; random masks never crash (ASan/UBSan).
 *
 *     test_horect [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../horect9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0xA0761D6478BD642Full
#include "test_util.h"

static const char *PUZZLES[] = {
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "100007090030020008009600500005300900010080002600004000300000010040000007007000300",
};

static int box_of(int c) { return c / 27 * 3 + c % 9 / 3; }

static int pc(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* Length of the record at d (0 when it does not fit in `left`). */
static size_t record_len(const uint8_t *d, size_t left)
{
    if (left < HR_HEAD + 1 || left < (size_t)HR_HEAD + d[11] + 1) return 0;
    size_t n = (size_t)HR_HEAD + d[11];
    size_t len = n + 1 + 2 * (size_t)d[n];
    return len <= left ? len : 0;
}

/* Check one record; its length, or 0 when it is broken. */
static size_t check_record(const uint16_t *cands, const uint8_t *values, const uint8_t *givens, const uint8_t *solution,
                           const uint8_t *d, size_t left, int *last)
{
    size_t len = record_len(d, left);
    CHECK(len > 0, "a short record");
    if (!len) return 0;
    int kind = d[0], a = d[5], b = d[6];
    const uint8_t *c = d + 1;
    CHECK(kind < HR_KINDS && kind >= *last, "kind %d after %d", kind, *last);
    *last = kind;
    if (kind == HR_BUG) { /* the cell with three candidates keeps its true digit */
        int cell = d[8], digit = d[7];
        size_t n = (size_t)HR_HEAD + d[11];
        CHECK(c[0] == 255 && c[3] == 255 && cell < 81 && digit >= 1 && digit <= 9 && d[n] == 2, "a broken BUG+1 record");
        if (cell >= 81 || digit < 1 || digit > 9) return 0;
        CHECK(solution[cell] - '0' == digit && pc(cands[cell]) == 3 && (cands[cell] >> (digit - 1) & 1), "BUG+1: not the true digit");
        for (int k = 0; k < d[n]; k++)
            CHECK(d[n + 1 + 2 * k] == cell && d[n + 2 + 2 * k] != digit && (cands[cell] >> (d[n + 2 + 2 * k] - 1) & 1), "BUG+1: an elimination");
        return len;
    }
    for (int k = 0; k < 4; k++) CHECK(c[k] < 81, "a corner out of range");
    if (c[0] >= 81 || c[1] >= 81 || c[2] >= 81 || c[3] >= 81) return 0;
    int lines = c[0] / 9 == c[1] / 9;
    CHECK(box_of(c[0]) == box_of(c[1]) && box_of(c[2]) == box_of(c[3]) && box_of(c[0]) != box_of(c[2]), "not two boxes");
    CHECK(lines ? c[2] / 9 == c[3] / 9 && c[0] % 9 == c[2] % 9 && c[1] % 9 == c[3] % 9
                : c[0] % 9 == c[1] % 9 && c[2] % 9 == c[3] % 9 && c[0] / 9 == c[2] / 9 && c[1] / 9 == c[3] / 9,
          "not a rectangle");
    CHECK(a >= 1 && a <= 9 && b >= 1 && b <= 9 && a != b, "digits");
    if (kind < HR_AR1) {
        CHECK(a < b && cands[c[0]] == ((1u << (a - 1)) | (1u << (b - 1))), "the start corner is not exactly a/b");
        for (int k = 0; k < 4; k++) CHECK(!values[c[k]] && !givens[c[k]], "a UR corner is filled");
    } else {
        CHECK(values[c[0]] == a && values[c[1]] == b && !givens[c[0]] && !givens[c[1]], "AR: the solved corners");
    }
    size_t n = (size_t)HR_HEAD + d[11];
    int ne = d[n];
    CHECK(ne >= 1, "a step without eliminations");
    for (int k = 0; k < ne; k++) {
        int cell = d[n + 1 + 2 * k], digit = d[n + 2 + 2 * k];
        CHECK(cell < 81 && digit >= 1 && digit <= 9, "an elimination out of range");
        if (cell >= 81 || digit < 1 || digit > 9) return 0;
        CHECK(cands[cell] >> (digit - 1) & 1, "r%dc%d does not hold %d", cell / 9 + 1, cell % 9 + 1, digit);
        CHECK(solution[cell] - '0' != digit, "kind %d: r%dc%d loses its solution %d", kind, cell / 9 + 1, cell % 9 + 1, digit);
        if (k) {
            int pc_ = d[n - 1 + 2 * k], pd = d[n + 2 * k];
            CHECK(cell > pc_ || (cell == pc_ && digit > pd), "eliminations not ascending");
        }
    }
    return len;
}

/* A grid holding the solution: `place` of every 8 non-clue cells placed (player-solved),
 * then false candidates dropped with probability drop/8. */
static void make_grid(const char *puzzle, const uint8_t *solution, int place, int drop, uint16_t cands[81],
                      uint8_t values[81], uint8_t givens[81])
{
    for (int i = 0; i < 81; i++) {
        givens[i] = puzzle[i] >= '1' && puzzle[i] <= '9';
        values[i] = givens[i] ? (uint8_t)(puzzle[i] - '0') : 0;
        if (!givens[i] && (int)(next_random() % 8) < place) values[i] = (uint8_t)(solution[i] - '0');
    }
    for (int i = 0; i < 81; i++) cands[i] = values[i] ? 0 : 0x1FF;
    for (int i = 0; i < 81; i++)
        if (values[i])
            for (int x = 0; x < 81; x++)
                if (sees(i, x)) cands[x] &= (uint16_t)~(1u << (values[i] - 1));
    for (int i = 0; i < 81; i++) {
        if (!cands[i]) continue;
        for (int d = 0; d < 9; d++)
            if (d != solution[i] - '1' && (int)(next_random() % 8) < drop) cands[i] &= (uint16_t)~(1u << d);
    }
}

/* The records of `kind` in a full run, concatenated. */
static size_t kind_records(const hr_out *all, int kind, int first_only, uint8_t *buf)
{
    size_t at = 0, n = 0;
    while (at < all->len) {
        size_t len = record_len(all->data + at, all->len - at);
        if (!len) break;
        if (all->data[at] == kind) {
            memcpy(buf + n, all->data + at, len);
            n += len;
            if (first_only) break;
        }
        at += len;
    }
    return n;
}

int main(int argc, char **argv)
{
    int rounds = 40;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t values[81], givens[81], solution[81];
    int records = 0, per_kind[HR_KINDS] = {0};
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            make_grid(PUZZLES[k], solution, r % 4 + 1, r % 7, cands, values, givens);
            hr_out a = {0}, b = {0};
            CHECK(horect9_search(cands, values, givens, HR_ALL_KINDS, 0, &a) == HR_OK, "search failed");
            CHECK(horect9_search(cands, values, givens, HR_ALL_KINDS, 0, &b) == HR_OK, "search failed");
            CHECK(a.len == b.len && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
            size_t at = 0;
            int last = 0;
            while (at < a.len) {
                size_t n = check_record(cands, values, givens, solution, a.data + at, a.len - at, &last);
                if (!n) break;
                per_kind[a.data[at]]++;
                at += n;
                records++;
            }
            static uint8_t want[1 << 16];
            for (int kind = 0; kind < HR_KINDS; kind++)
                for (int first = 0; first < 2; first++) {
                    hr_out one = {0};
                    CHECK(horect9_search(cands, values, givens, 1u << kind, first, &one) == HR_OK, "one kind failed");
                    size_t n = a.len < sizeof want ? kind_records(&a, kind, first, want) : 0;
                    if (a.len < sizeof want)
                        CHECK(one.len == n && (!n || !memcmp(one.data, want, n)), "kind %d alone (first only %d) differs", kind, first);
                    horect9_out_free(&one);
                }
            horect9_out_free(&a), horect9_out_free(&b);
        }
    }
    CHECK(records > 0, "no rectangles found in the sample grids");

    { /* a BUG+1 grid of a HoDoKu walk (gd300): r4c6 holds 1/3/6, the other empty cells two
       * digits each; 3 is true (the solution's), 1 and 6 go */
        const char *digits = "974012350160070904850904071509000807281090463607080095716328549498050032325049700";
        const char *puzzle = "004010350100070900850900001000000800280000063007000000700008049008050002025040700";
        const char *marks = "68 68 23 58 35 28 23 36 26 34 24 36 136 12 57 57 34 24 13 12 17 67 16 16 18 68 ";
        const char *m = marks;
        for (int i = 0; i < 81; i++) {
            values[i] = (uint8_t)(digits[i] - '0');
            givens[i] = puzzle[i] != '0';
            cands[i] = 0;
            if (values[i]) continue;
            for (; *m != ' '; m++) cands[i] |= (uint16_t)(1u << (*m - '1'));
            m++;
        }
        CHECK(ref_solve((const uint8_t *)puzzle, 2, solution) == 1, "the BUG+1 puzzle is not unique");
        hr_out bug = {0};
        CHECK(horect9_search(cands, values, givens, 1u << HR_BUG, 0, &bug) == HR_OK, "BUG+1 search failed");
        int last = 0;
        CHECK(bug.len > 0 && check_record(cands, values, givens, solution, bug.data, bug.len, &last) == bug.len && bug.data[8] == 32
                  && bug.data[7] == 3,
              "the BUG+1 step r4c6=3 not found");
        cands[3] &= (uint16_t)~(1u << 7); /* r1c4 left with 6 alone: no BUG state */
        horect9_out_free(&bug);
        CHECK(horect9_search(cands, values, givens, 1u << HR_BUG, 0, &bug) == HR_OK && bug.len == 0, "a BUG+1 with a single pending");
        horect9_out_free(&bug);
    }
    fprintf(stderr, "records per kind:");
    for (int k = 0; k < HR_KINDS; k++) fprintf(stderr, " %d", per_kind[k]);
    fputc('\n', stderr);

    hr_out out = {0};
    make_grid(PUZZLES[0], solution, 2, 2, cands, values, givens);
    uint16_t keep = cands[7];
    cands[7] = 0x200;
    CHECK(horect9_search(cands, values, givens, HR_ALL_KINDS, 0, &out) == HR_BAD_INPUT && !out.len, "mask 0x200 accepted");
    cands[7] = keep;
    values[3] = 10;
    CHECK(horect9_search(cands, values, givens, HR_ALL_KINDS, 0, &out) == HR_BAD_INPUT && !out.len, "value 10 accepted");
    values[3] = 0, givens[3] = 2;
    CHECK(horect9_search(cands, values, givens, HR_ALL_KINDS, 0, &out) == HR_BAD_INPUT && !out.len, "given flag 2 accepted");
    givens[3] = 0;
    CHECK(horect9_search(cands, values, givens, 0x400, 0, &out) == HR_BAD_INPUT && !out.len, "kind 10 accepted");
    CHECK(horect9_search(cands, values, givens, HR_ALL_KINDS, -1, &out) == HR_BAD_INPUT && !out.len, "limit -1 accepted");
    for (int r = 0; r < rounds * 4; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            int filled = z % 5 == 0;
            values[i] = filled ? (uint8_t)(z >> 20) % 10 : 0;
            givens[i] = filled && (z >> 30) % 2;
            cands[i] = (uint16_t)((filled && (z >> 31) % 2) ? 0 : (z % 3 ? (z >> 8) & 0x1FF : (z >> 8) & 0x1FF & (z >> 40)));
        }
        CHECK(horect9_search(cands, values, givens, HR_ALL_KINDS, (int)(r % 3), &out) == HR_OK, "random search failed");
        horect9_out_free(&out);
    }
    if (failures) {
        fprintf(stderr, "test_horect: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_horect: %d rectangle steps checked, all sound\n", records);
    return 0;
}
