/* test_hoxy.c -- C-only checks of hoxy9 (the XY-Chain / Remote Pair search).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped so that bivalue cells appear), every chain record must
 * be whole (4..21 states, starting false, alternating a move inside a bivalue cell with a
 * link to a peer on the same digit, no cell twice, ending true on the start digit in
 * another cell; Remote Pair: 8+ states, every cell holding the start cell's pair) and
 * sound: a candidate of the start digit seeing both ends is never the solution's digit.
 * Also: same input, same bytes; a budget stops the search; bad input refused; random
 * masks never crash (run under ASan/UBSan).
 *
 *     test_hoxy [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hoxy9.h"
#include "ref_solver.h"

#include "test_util.h"

static const char *PUZZLES[] = {
    "130000092090205010002080600320908054000000000700040001060000070800000005003010800",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
};

static int bivalue(unsigned m) { return m && (m & (m - 1)) && !((m & (m - 1)) & ((m & (m - 1)) - 1)); }

/* Check the records of one search; the number of records. */
static int check_records(const uint16_t *cands, const uint8_t *solution, const hx_out *out, int remote)
{
    size_t at = 0;
    int records = 0;
    while (at < out->len) {
        int n = out->data[at];
        CHECK(n >= (remote ? 8 : 4) && n <= 21 && at + 1 + 2 * (size_t)n <= out->len, "bad record length %d", n);
        if (n < 4 || n > 21 || at + 1 + 2 * (size_t)n > out->len) return records;
        int st[21], used[81] = {0};
        for (int k = 0; k < n; k++) st[k] = out->data[at + 1 + 2 * k] | out->data[at + 2 + 2 * k] << 8;
        int start = (st[0] >> 1) / 9, d = (st[0] >> 1) % 9 + 1, end = (st[n - 1] >> 1) / 9;
        CHECK(!(st[0] & 1) && (st[n - 1] & 1) && (st[n - 1] >> 1) % 9 + 1 == d && end != start, "chain ends");
        for (int k = 0; k < n; k++) {
            int node = st[k] >> 1, cell = node / 9, digit = node % 9 + 1;
            CHECK(node < 729 && (cands[cell] >> (digit - 1) & 1) && (st[k] & 1) == (k & 1), "chain state %d", k);
            CHECK(bivalue(cands[cell]) && (!remote || cands[cell] == cands[start]), "a chain cell that may not be used");
            if (k & 1) {
                CHECK(cell == (st[k - 1] >> 1) / 9 && digit != (st[k - 1] >> 1) % 9 + 1, "a strong link in one cell");
                CHECK(!used[cell], "a cell twice");
                used[cell] = 1;
            } else if (k) {
                CHECK(sees(cell, (st[k - 1] >> 1) / 9) && digit == (st[k - 1] >> 1) % 9 + 1, "a weak link");
            }
        }
        int seen = 0;
        for (int c = 0; c < 81; c++)
            if ((cands[c] >> (d - 1) & 1) && sees(c, start) && sees(c, end)) {
                seen = 1;
                CHECK(solution[c] - '0' != d, "r%dc%d<>%d removes the solution", c / 9 + 1, c % 9 + 1, d);
            }
        CHECK(seen, "nothing sees both ends");
        at += 1 + 2 * (size_t)n;
        records++;
    }
    return records;
}

int main(int argc, char **argv)
{
    int rounds = 30;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    int total = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, 4 + r % 4, cands);
            for (int remote = 0; remote <= 1; remote++) {
                hx_out a = {0}, b = {0}, c = {0};
                long sa = 0, sb = 0, sc = 0;
                CHECK(hoxy9_search(cands, remote, 2000000, &a, &sa) == HX_OK, "search failed");
                CHECK(hoxy9_search(cands, remote, 2000000, &b, &sb) == HX_OK, "search failed");
                CHECK(a.len == b.len && sa == sb && (!a.len || !memcmp(a.data, b.data, a.len)), "not deterministic");
                if (sa > 1) CHECK(hoxy9_search(cands, remote, sa - 1, &c, &sc) == HX_BUDGET, "budget not enforced");
                total += check_records(cands, solution, &a, remote);
                hoxy9_out_free(&a), hoxy9_out_free(&b), hoxy9_out_free(&c);
            }
        }
    }
    CHECK(total > 0, "no chain found in the sample grids");
    hx_out out = {0};
    long spent = 0;
    candidates(PUZZLES[0], solution, 0, cands);
    CHECK(hoxy9_search(cands, 0, -1, &out, &spent) == HX_BAD_INPUT, "budget -1 accepted");
    cands[7] = 0x200;
    CHECK(hoxy9_search(cands, 0, 100, &out, &spent) == HX_BAD_INPUT, "mask 0x200 accepted");
    CHECK(out.len == 0, "output written on bad input");
    hoxy9_out_free(&out);
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 3 == 0) ? 0 : (1u << (z >> 8) % 9) | (1u << (z >> 16) % 9));
        }
        hx_out o = {0};
        long s = 0;
        int status = hoxy9_search(cands, r % 2, 100000, &o, &s);
        CHECK(status == HX_OK || status == HX_BUDGET, "random search failed");
        hoxy9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_hoxy: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hoxy: %d chains checked, all sound\n", total);
    return 0;
}
