/* test_hoforce.c -- C-only checks of hoforce9 (HoDoKu's Forcing Chain / Net search).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped), chains and nets: the record must be whole (a known
 * entity kind and index; 1-9 chains, each from an existing candidate premise, its ends'
 * paths starting at the premise, every node a cell 0-80 and digit 1-9; no trailing bytes)
 * and sound: a placement is the solution's digit, an elimination is not. A contradiction
 * has one chain; a verity's chains share the end. Also: same input, same bytes; a budget
 * stops the search; bad input refused; random masks never crash (run under ASan/UBSan).
 *
 *     test_hoforce [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hoforce9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0x6A09E667F3BCC909ull
#include "test_util.h"

static const char *PUZZLES[] = {
    "600000008000586000007030400008701300000258000200000009006000200309020605010000040",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "300410000017000009000050020090200000201000608000007050060020000100000230000084007",
};

static int u16(const ht_out *o, size_t at) { return o->data[at] | o->data[at + 1] << 8; }

/* Check one record; 1 when there is one. */
static int check_record(const uint16_t *cands, const uint8_t *solution, const ht_out *o)
{
    if (!o->len) return 0;
    CHECK(o->len >= 7, "short record");
    if (o->len < 7) return 0;
    int cell = o->data[0], digit = o->data[1], placed = o->data[2], kind = o->data[3], index = o->data[4];
    CHECK(cell < 81 && digit >= 1 && digit <= 9 && placed <= 1, "bad result");
    CHECK(kind <= HF_HOUSE && index < (kind == HF_CELL ? 81 : kind == HF_HOUSE ? 27 : 1), "bad entity");
    if (cell < 81 && digit >= 1 && digit <= 9) {
        CHECK(cands[cell] >> (digit - 1) & 1, "result on a missing candidate");
        CHECK((solution[cell] - '0' == digit) == placed, "r%dc%d %s %d is false", cell / 9 + 1, cell % 9 + 1,
              placed ? "=" : "<>", digit);
    }
    int k = u16(o, 5);
    CHECK(k >= 1 && k <= 9 && (kind == HF_NONE || k == 1), "bad chain count %d", k);
    size_t at = 7;
    int shared_end = -1;
    for (int i = 0; i < k; i++) {
        if (at + 4 > o->len) break;
        int premise = u16(o, at), e = u16(o, at + 2);
        at += 4;
        CHECK(premise < 1458 && (cands[premise % 81] >> (premise % 729 / 81) & 1), "premise %d does not exist", premise);
        CHECK(e >= 1 && e <= 9 && (kind != HF_NONE || e == 1), "bad end count %d", e);
        for (int j = 0; j < e; j++) {
            if (at + 2 > o->len) break;
            int m = u16(o, at);
            at += 2;
            CHECK(m >= 1 && at + 3 * (size_t)m <= o->len, "bad path length %d", m);
            if (m < 1 || at + 3 * (size_t)m > o->len) return 1;
            for (int n = 0; n < m; n++) {
                const uint8_t *nd = o->data + at + 3 * (size_t)n;
                CHECK(nd[0] < 81 && nd[1] >= 1 && nd[1] <= 9 && nd[2] <= 1, "bad path node");
            }
            if (m > 1) CHECK(o->data[at] == premise % 81 && o->data[at + 1] == premise % 729 / 81 + 1, "path not from the premise");
            const uint8_t *last = o->data + at + 3 * (size_t)(m - 1);
            int end = last[0] * 16 + last[1] + 2048 * last[2];
            if (kind == HF_NONE) {
                CHECK(shared_end < 0 || shared_end == end, "verity chains end apart");
                shared_end = end;
            }
            at += 3 * (size_t)m;
        }
    }
    CHECK(at == o->len, "trailing or missing bytes");
    return 1;
}

int main(int argc, char **argv)
{
    int rounds = 6;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81], values[81];
    int found[2] = {0, 0};
    for (size_t p = 0; p < sizeof PUZZLES / sizeof *PUZZLES; p++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[p], 2, solution) == 1, "puzzle %zu is not unique", p);
        for (int i = 0; i < 81; i++) values[i] = (uint8_t)(PUZZLES[p][i] - '0');
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[p], solution, r % 4, cands);
            for (int nets = 0; nets <= 1; nets++) {
                if (nets && r % 2) continue; /* nets are slower: every other grid */
                ht_out a = {0}, b = {0}, c = {0};
                long sa = 0, sb = 0, sc = 0;
                CHECK(hoforce9_find(cands, values, nets, 1L << 40, &a, &sa) == HT_OK, "search failed");
                CHECK(hoforce9_find(cands, values, nets, 1L << 40, &b, &sb) == HT_OK, "search failed");
                CHECK(a.len == b.len && sa == sb && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
                CHECK(sa > 1458, "spent %ld: less than the nodes", sa);
                CHECK(hoforce9_find(cands, values, nets, sa - 1, &c, &sc) == HT_BUDGET && c.len == 0, "budget not enforced");
                found[nets] += check_record(cands, solution, &a);
                hotable9_out_free(&a), hotable9_out_free(&b), hotable9_out_free(&c);
            }
        }
    }
    CHECK(found[0] > 0 && found[1] > 0, "no forcing chain/net found in the sample grids");
    ht_out out = {0};
    long spent = 0;
    candidates(PUZZLES[0], solution, 0, cands);
    CHECK(hoforce9_find(cands, values, 0, -1, &out, &spent) == HT_BAD_INPUT, "budget -1 accepted");
    values[3] = 10;
    CHECK(hoforce9_find(cands, values, 0, 100000, &out, &spent) == HT_BAD_INPUT, "value 10 accepted");
    values[3] = 0;
    cands[7] = 0x200;
    CHECK(hoforce9_find(cands, values, 1, 100000, &out, &spent) == HT_BAD_INPUT, "mask 0x200 accepted");
    CHECK(out.len == 0, "output written on bad input");
    memset(cands, 0, sizeof cands);
    CHECK(hoforce9_find(cands, values, 0, 0, &out, &spent) == HT_OK && out.len == 0 && spent == 0, "an empty grid searched");
    hotable9_out_free(&out);
    for (int r = 0; r < rounds; r++) { /* random masks and values, also full masks: the most group nodes */
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)(r % 3 == 0 ? 0x1FF : (z % 5 == 0) ? 0 : (z >> 8) & 0x1FF);
            values[i] = (uint8_t)(cands[i] ? 0 : (z >> 20) % 10);
        }
        ht_out o = {0};
        long s = 0;
        int status = hoforce9_find(cands, values, r % 2, 1L << 40, &o, &s);
        CHECK(status == HT_OK, "random search failed");
        hotable9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_hoforce: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hoforce: %d forcing chain and %d forcing net steps checked, all sound\n", found[0], found[1]);
    return 0;
}
