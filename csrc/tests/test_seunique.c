/* test_seunique.c -- C-only checks of seunique9 (SE's Unique Rectangles and Loops).
 *
 * On candidate grids that still hold a unique puzzle's solution (the clues' peers cleared,
 * then random false candidates dropped so that bivalue cells appear), every record must be
 * whole (type 1..4, an even loop of 4+ distinct cells each holding the loop's two digits,
 * each cell sharing a house with the next and the last with the first, at most the cells
 * holding more digits that the type allows) and sound: a removed candidate is a candidate
 * of the grid and never the solution's digit (a loop the solution could fill with its two
 * digits would swap into a second solution). Records come easiest first (SE's rating in
 * tenths never goes down). Also: same input, same bytes; the node limit stops the search;
 * bad input refused; random masks never crash (run under ASan/UBSan).
 *
 *     test_seunique [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../seunique9.h"
#include "ref_solver.h"

#include "test_util.h"

static const char *PUZZLES[] = {
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "010703050082050310004000700600504003500000001001060900060000080009102500000090000",
    "600500000005008940290040000070001804008050300109800070000060089063400700000005003",
    "120605098000090000006807500004000900200080005908000106650000041000000000000352000",
};

static int pop(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* SE's rating of a record in tenths (4.5 + size surcharge + type 3's set size - 1). */
static int tenths(int size, int typ, int k)
{
    return 45 + (size >= 10 ? 5 : size >= 8 ? 2 : size >= 6 ? 1 : 0) + (typ == 3 ? k - 1 : 0);
}

/* Plants a rectangle r1c1 r1c2 r2c2 r2c1 over two boxes whose first and third cells hold the
 * same solution digit a (the second holds b): the first three cells get {a, b} (sometimes
 * one more digit), the fourth {a, b} and its own solution digit, when no clue among their
 * peers has one of those digits. The grid still holds the solution and its clues' peers
 * lack the clues' digits, as on a solving path, and the puzzle is unique: no loop may
 * remove a solution digit. */
static void plant(uint16_t cands[81], const uint8_t *solution, const uint8_t values[81])
{
    for (int tries = 0; tries < 200; tries++) {
        int r1 = (int)(next_random() % 9), r2 = (int)(next_random() % 9);
        int c1 = (int)(next_random() % 9), c2 = (int)(next_random() % 9);
        if (r1 == r2 || c1 == c2 || ((r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3))) continue;
        int cell[4] = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c2, r2 * 9 + c1};
        if (values[cell[0]] || values[cell[1]] || values[cell[2]] || values[cell[3]]) continue;
        if (solution[cell[0]] != solution[cell[2]]) continue;
        unsigned pair = 1u << (solution[cell[0]] - '1') | 1u << (solution[cell[1]] - '1'), mask[4];
        int clash = 0;
        for (int j = 0; j < 4; j++) {
            uint64_t z = next_random();
            mask[j] = pair | 1u << (solution[cell[j]] - '1') | (z % 4 == 0 ? 1u << (z >> 8) % 9 : 0);
            for (int x = 0; x < 81; x++) /* a clue's digit never comes back to its peers */
                if (values[x] && sees(x, cell[j]) && (mask[j] >> (values[x] - 1) & 1)) clash = 1;
        }
        if (clash) continue;
        for (int j = 0; j < 4; j++) cands[cell[j]] = (uint16_t)mask[j];
        return;
    }
}

/* Check the records of one search; the number of records, counted by type in types[]. */
static int check_records(const uint16_t *cands, const uint8_t *solution, const su_out *out, int types[5])
{
    size_t at = 0;
    int records = 0, last = 0;
    while (at + 2 <= out->len) {
        int typ = out->data[at], n = out->data[at + 1];
        CHECK(typ >= 1 && typ <= 4 && n >= 4 && n % 2 == 0 && at + 4 + (size_t)n <= out->len, "bad record head");
        if (typ < 1 || typ > 4 || n < 4 || at + 4 + (size_t)n > out->len) return records;
        const uint8_t *loop = out->data + at + 2;
        int k = out->data[at + 2 + n], m = out->data[at + 3 + n];
        CHECK(at + 4 + (size_t)n + 3 * (size_t)m <= out->len && m >= 1, "bad record length");
        if (at + 4 + (size_t)n + 3 * (size_t)m > out->len) return records;
        unsigned both = 0x1FF;
        int used[81] = {0}, extra = 0;
        for (int j = 0; j < n; j++) {
            CHECK(loop[j] < 81 && !used[loop[j]], "a loop cell twice or off the grid");
            if (loop[j] >= 81) return records;
            used[loop[j]] = 1;
            both &= cands[loop[j]];
            extra += pop(cands[loop[j]]) > 2;
            CHECK(sees(loop[j], loop[(j + 1) % n]), "loop cells %d and %d share no house", j, (j + 1) % n);
        }
        CHECK(pop(both) == 2, "the loop cells do not share exactly two digits");
        CHECK(typ != 1 || extra == 1, "type 1 with %d extra cells", extra);
        CHECK(typ == 2 || typ == 1 || extra == 2, "type %d with %d extra cells", typ, extra);
        int rating = tenths(n, typ, k);
        CHECK(rating >= last, "records out of SE's order");
        last = rating;
        const uint8_t *e = out->data + at + 4 + n;
        for (int j = 0; j < m; j++) {
            int cell = e[3 * j], mask = e[3 * j + 1] | e[3 * j + 2] << 8;
            CHECK(cell < 81 && mask && !(mask & ~cands[cell]), "removes what is not a candidate");
            CHECK(j == 0 || cell > e[3 * (j - 1)], "removals not in cell order");
            if (cell < 81)
                CHECK(!(mask >> (solution[cell] - '1') & 1), "type %d n %d k %d: r%dc%d loses the solution's digit", typ, n, k, cell / 9 + 1,
                      cell % 9 + 1);
        }
        types[typ]++;
        at += 4 + (size_t)n + 3 * (size_t)m;
        records++;
    }
    CHECK(at == out->len, "trailing bytes");
    return records;
}

int main(int argc, char **argv)
{
    int rounds = 40;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81], values[81];
    int total = 0, types[5] = {0};
    for (size_t p = 0; p < sizeof PUZZLES / sizeof *PUZZLES; p++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[p], 2, solution) == 1, "puzzle %zu is not unique", p);
        for (int i = 0; i < 81; i++) values[i] = (uint8_t)(PUZZLES[p][i] - '0');
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[p], solution, 5 + r % 3, cands);
            for (int j = 0; j < 1 + r % 2; j++) plant(cands, solution, values);
            su_out a = {0}, b = {0}, c = {0};
            long sa = 0, sb = 0, sc = 0;
            CHECK(seunique9_loops(cands, values, -1, &a, &sa) == SU_OK, "search failed");
            CHECK(seunique9_loops(cands, values, sa, &b, &sb) == SU_OK, "search failed at its own node count");
            CHECK(a.len == b.len && sa == sb && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
            if (sa > 0) {
                CHECK(seunique9_loops(cands, values, sa - 1, &c, &sc) == SU_LIMIT && sc == sa, "limit not kept");
            }
            total += check_records(cands, solution, &a, types);
            seunique9_out_free(&a), seunique9_out_free(&b), seunique9_out_free(&c);
        }
    }
    CHECK(total > 0 && types[1] && types[4], "too few hints in the sample grids (%d)", total);
    su_out out = {0};
    long spent = 0;
    memset(values, 0, sizeof values);
    CHECK(seunique9_loops(cands, values, -2, &out, &spent) == SU_BAD_INPUT, "limit -2 accepted");
    values[3] = 10;
    CHECK(seunique9_loops(cands, values, -1, &out, &spent) == SU_BAD_INPUT, "value 10 accepted");
    values[3] = 0;
    cands[7] = 0x200;
    CHECK(seunique9_loops(cands, values, -1, &out, &spent) == SU_BAD_INPUT, "mask 0x200 accepted");
    CHECK(out.len == 0, "output written on bad input");
    seunique9_out_free(&out);
    for (int r = 0; r < rounds; r++) {
        uint64_t pair = next_random();
        unsigned pm = 1u << pair % 9 | 1u << (pair >> 8) % 9;
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            values[i] = (uint8_t)(z % 5 == 0 ? (z >> 4) % 10 : 0);
            cands[i] = (uint16_t)(z % 3 == 0 ? pm : z % 3 == 1 ? pm | 1u << (z >> 12) % 9 : (z >> 20) & 0x1FF);
        }
        su_out o = {0};
        long s = 0;
        int status = seunique9_loops(cands, values, 20000, &o, &s);
        CHECK(status == SU_OK || status == SU_LIMIT, "random search failed");
        CHECK(s <= 20001, "limit overrun");
        seunique9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_seunique: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_seunique: %d hints checked (types 1-4: %d %d %d %d), all sound\n", total, types[1], types[2], types[3],
           types[4]);
    return 0;
}
