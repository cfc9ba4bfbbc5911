/* test_sechain.c -- C-only checks of sechain9 (SE's cycle and forcing X/Y-chain search).
 *
 * Every record sechain9_loops writes must be a real chain on the grid it was given: it
 * starts at the assumed candidate, alternates on/off, every link is one of SE's rules
 * (on -> off: another digit of the cell, or the digit in a peer; off -> on: the other
 * digit of a bivalue cell, or the other place of the digit in a house with two), a cycle
 * ends on its start and a forcing chain on the start's opposite. Also: same input, same
 * bytes; bad input refused; random masks (fuzz) never crash (run under ASan/UBSan).
 *
 *     test_sechain [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sechain9.h"

#define TEST_RNG_SEED 88172645463325252ull
#include "test_util.h"

static int row(int c) { return c / 9; }
static int col(int c) { return c % 9; }
static int box(int c) { return c / 27 * 3 + c % 9 / 3; }
static int pop(unsigned m) { int n = 0; for (; m; m &= m - 1) n++; return n; }

/* places of `bit` in the house of kind k (0 box, 1 row, 2 column) through cell c */
static int places(const uint16_t *cands, int c, int k, unsigned bit)
{
    int n = 0;
    for (int x = 0; x < 81; x++) {
        int same = k == 0 ? box(x) == box(c) : k == 1 ? row(x) == row(c) : col(x) == col(c);
        if (same && (cands[x] & bit)) n++;
    }
    return n;
}

/* Is child (cell, value, on) implied by parent under SE's static rules? */
static int valid_link(const uint16_t *cands, const uint8_t *parent, const uint8_t *child)
{
    int pc = parent[0], pv = parent[1], cc = child[0], cv = child[1];
    unsigned pbit = 1u << (pv - 1);
    if (parent[2] == child[2]) return 0;
    if (parent[2]) /* on -> off */
        return (cc == pc && cv != pv && (cands[cc] >> (cv - 1) & 1)) ||
               (cv == pv && sees(pc, cc) && (cands[cc] & pbit));
    if (cc == pc) return cv != pv && pop(cands[pc]) == 2 && (cands[pc] >> (cv - 1) & 1);
    if (cv != pv || !sees(pc, cc) || !(cands[cc] & pbit)) return 0;
    for (int k = 0; k < 3; k++) {
        int same = k == 0 ? box(pc) == box(cc) : k == 1 ? row(pc) == row(cc) : col(pc) == col(cc);
        if (same && places(cands, pc, k, pbit) == 2) return 1;
    }
    return 0;
}

/* Check every record of one search; the number of records. */
static int check_records(const uint16_t *cands, const sc_out *out, int y_chain, int x_chain)
{
    size_t at = 0;
    int records = 0;
    while (at < out->len) {
        CHECK(at + 3 <= out->len, "truncated header");
        if (at + 3 > out->len) return records;
        int kind = out->data[at], n = out->data[at + 1] | out->data[at + 2] << 8;
        CHECK(kind == 0 || kind == 1, "kind %d", kind);
        CHECK(n >= 2 && at + 3 + 4 * (size_t)n <= out->len, "bad length %d", n);
        if (n < 2 || at + 3 + 4 * (size_t)n > out->len) return records;
        const uint8_t *p = out->data + at + 3, *root = p + 4 * (n - 1);
        CHECK(root[3] == SC_ROOT && (cands[root[0]] >> (root[1] - 1) & 1), "bad root");
        CHECK(kind == 1 || root[2] == 1, "a cycle starts on");
        for (int k = 0; k + 1 < n; k++) {
            const uint8_t *child = p + 4 * k, *parent = p + 4 * (k + 1);
            CHECK(child[3] <= SC_HIDDEN_COLUMN, "bad cause %d", child[3]);
            CHECK(valid_link(cands, parent, child), "bad link r%dc%d%s%d -> r%dc%d%s%d", parent[0] / 9 + 1,
                  parent[0] % 9 + 1, parent[2] ? "=" : "<>", parent[1], child[0] / 9 + 1, child[0] % 9 + 1,
                  child[2] ? "=" : "<>", child[1]);
            if (!x_chain) CHECK(child[0] == parent[0] || child[2] == 0, "an X link in a Y-only search");
            if (!y_chain) CHECK(child[0] != parent[0], "a Y link in an X-only search");
        }
        CHECK(p[0] == root[0] && p[1] == root[1], "the chain must end on its start's candidate");
        if (kind == 0) CHECK(p[2] == 1 && n >= 5, "a cycle ends on, after at least 4 links");
        else CHECK(p[2] != root[2], "a forcing chain ends on the opposite of its start");
        at += 3 + 4 * (size_t)n;
        records++;
    }
    return records;
}

/* Candidates of a puzzle after removing each given's digit from its peers. */
/* Distinct potentials (cell, value, on) of the record at rec (its kind byte). */
static int complexity(const uint8_t *rec)
{
    int n = rec[1] | rec[2] << 8, count = 0;
    const uint8_t *p = rec + 3;
    for (int k = 0; k < n; k++) {
        int dup = 0;
        for (int j = 0; j < k && !dup; j++) dup = !memcmp(p + 4 * j, p + 4 * k, 3);
        count += !dup;
    }
    return count;
}

/* Root by root (sechain9_begin/sechain9_root): with no bound, the bytes and rounds of the
 * whole search; bounded to `cap` potentials, every chain of at most cap potentials of the
 * whole search still there in order, none longer, and never more rounds. */
static void check_roots(sc_ws *ws, const uint16_t *cands, int y, int x, int cap)
{
    sc_out whole = {0}, part = {0};
    long s_whole = 0, s_part = 0;
    CHECK(sechain9_loops(cands, y, x, &whole, &s_whole) == SC_OK, "search failed");
    CHECK(sechain9_begin(ws, cands, y, x) == SC_OK, "begin failed");
    for (int cell = 0; cell < 81; cell++)
        for (int v = 1; v <= 9; v++)
            if (pop(cands[cell]) >= 2 && (cands[cell] >> (v - 1) & 1))
                CHECK(sechain9_root(ws, &part, cell, v, cap, &s_part) == SC_OK, "root failed");
    if (!cap) {
        CHECK(part.len == whole.len && s_part == s_whole && (part.len == 0 || !memcmp(part.data, whole.data, part.len)),
              "root by root is not the whole search");
    } else {
        CHECK(s_part <= s_whole, "a bounded search ran more rounds");
        size_t at = 0;
        for (size_t w = 0; w < whole.len;) {
            size_t len = 3 + 4 * (size_t)(whole.data[w + 1] | whole.data[w + 2] << 8);
            if (complexity(whole.data + w) <= cap) {
                CHECK(at + len <= part.len && !memcmp(part.data + at, whole.data + w, len), "a short chain went missing");
                at += len;
            }
            w += len;
        }
        CHECK(at == part.len, "a bounded search found a longer chain");
    }
    sechain9_out_free(&whole);
    sechain9_out_free(&part);
}

static const char *PUZZLES[] = {
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "000070560040000200000380007960030000000000006003420000005260079070000002000009408",
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
};


int main(int argc, char **argv)
{
    int rounds = 200;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    int total = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        clue_candidates(PUZZLES[k], cands);
        for (int mode = 1; mode <= 3; mode++) {
            int y = mode & 2 ? 1 : 0, x = mode & 1;
            sc_out a = {0}, b = {0};
            long spent_a = 0, spent_b = 0;
            CHECK(sechain9_loops(cands, y, x, &a, &spent_a) == SC_OK, "search failed");
            CHECK(sechain9_loops(cands, y, x, &b, &spent_b) == SC_OK, "search failed");
            CHECK(a.len == b.len && spent_a == spent_b && (a.len == 0 || !memcmp(a.data, b.data, a.len)),
                  "not deterministic");
            CHECK(spent_a > 0, "no search rounds counted");
            total += check_records(cands, &a, y, x);
            sechain9_out_free(&a);
            sechain9_out_free(&b);
        }
    }
    CHECK(total > 0, "no chain found in the sample puzzles");
    /* bad input */
    sc_out out = {0};
    long spent = 0;
    clue_candidates(PUZZLES[0], cands);
    CHECK(sechain9_loops(cands, 0, 0, &out, &spent) == SC_BAD_INPUT, "no link set accepted");
    cands[5] = 0x200;
    CHECK(sechain9_loops(cands, 1, 1, &out, &spent) == SC_BAD_INPUT, "mask 0x200 accepted");
    sechain9_out_free(&out);
    /* fuzz: random masks (sparse, so that links exist), every record still valid */
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 4 == 0) ? 0 : (z >> 8) & (z >> 20) & 0x1FF);
        }
        int mode = 1 + r % 3;
        sc_out o = {0};
        long s = 0;
        CHECK(sechain9_loops(cands, mode >> 1, mode & 1, &o, &s) == SC_OK, "fuzz search failed");
        total += check_records(cands, &o, mode >> 1, mode & 1);
        sechain9_out_free(&o);
    }
    /* one work area across grids and link sets: the bytes and rounds of a fresh search */
    sc_ws *ws = sechain9_ws_new();
    CHECK(ws != NULL, "no work area");
    for (int r = 0; ws && r < 3 * (int)(sizeof PUZZLES / sizeof *PUZZLES) + rounds / 4; r++) {
        if (r < 3 * (int)(sizeof PUZZLES / sizeof *PUZZLES)) clue_candidates(PUZZLES[r / 3], cands);
        else
            for (int i = 0; i < 81; i++) {
                uint64_t z = next_random();
                cands[i] = (uint16_t)((z % 4 == 0) ? 0 : (z >> 8) & (z >> 20) & 0x1FF);
            }
        for (int mode = 3; mode >= 1; mode--) {
            sc_out a = {0}, b = {0};
            long spent_a = 0, spent_b = 0;
            CHECK(sechain9_loops_ws(ws, cands, mode >> 1, mode & 1, &a, &spent_a) == SC_OK, "work area search failed");
            CHECK(sechain9_loops(cands, mode >> 1, mode & 1, &b, &spent_b) == SC_OK, "search failed");
            CHECK(a.len == b.len && spent_a == spent_b && (a.len == 0 || !memcmp(a.data, b.data, a.len)),
                  "a reused work area changed the result");
            sechain9_out_free(&a);
            sechain9_out_free(&b);
        }
    }
    /* one root at a time, unbounded and bounded */
    for (size_t k = 0; ws && k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        clue_candidates(PUZZLES[k], cands);
        for (int mode = 1; mode <= 3; mode++) {
            static const int CAPS[] = {0, 4, 7, 12, 20};
            for (size_t c = 0; c < sizeof CAPS / sizeof *CAPS; c++) check_roots(ws, cands, mode >> 1, mode & 1, CAPS[c]);
        }
    }
    sechain9_ws_free(ws);
    if (failures) {
        fprintf(stderr, "test_sechain: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_sechain: %d chains checked, all valid\n", total);
    return 0;
}
