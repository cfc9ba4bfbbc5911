/* test_seloops.c -- C-only checks of seloops9 (SE's Forcing Chains & Cycles hints, sorted).
 *
 * Every hint seloops9_hints writes is checked against the chain searches it reads
 * (sechain9_loops of its link set) with this file's own arithmetic: its chain is one of
 * that search's records, its eliminations are recomputed from the chain (a forcing
 * chain's end; a cycle's digits seen by an "on" and an "off" potential, by brute force
 * over all cells), its complexity is recounted, the hints come in SE's order
 * (difficulty, complexity, link set) and no two remove the same candidates; every
 * chain of the three searches that removes something is there or repeats the
 * eliminations of an earlier, easier hint. Asked for the first 1-3 hints: a prefix of
 * the full list, with no more rounds spent. Also: bad input refused; random masks
 * (fuzz) never crash and keep all of the above (run under ASan/UBSan).
 *
 *     test_seloops [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../seloops9.h"

#define TEST_RNG_SEED 0x5E1005A9ull
#include "test_util.h"

typedef struct {
    int links, complexity, n_rem;
    uint16_t rem[81][2];
    const uint8_t *chain; /* kind, n, potentials */
    size_t chain_len;
} hint;

/* SE's length surcharge in tenths: one per ceiling (4, 6, 8, 12, 16, ...) passed */
static int surcharge_tenths(int complexity)
{
    int n = 0, ceil = 4, odd = 0;
    while (complexity - 2 > ceil) n++, ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2, odd = !odd;
    return n;
}

static int parse(const sc_out *o, hint *h, int max)
{
    size_t at = 0;
    int n = 0;
    while (at < o->len && n < max) {
        CHECK(o->len - at >= 4, "truncated header");
        if (o->len - at < 4) break;
        hint *x = &h[n];
        x->links = o->data[at], x->complexity = o->data[at + 1] | o->data[at + 2] << 8, x->n_rem = o->data[at + 3];
        CHECK(x->links <= 2 && x->n_rem >= 1 && x->n_rem <= 81, "bad header");
        at += 4;
        if (x->n_rem > 81 || o->len - at < 3 * (size_t)x->n_rem + 3) break;
        for (int k = 0; k < x->n_rem; k++, at += 3)
            x->rem[k][0] = o->data[at], x->rem[k][1] = (uint16_t)(o->data[at + 1] | o->data[at + 2] << 8);
        size_t len = 3 + 4 * (size_t)(o->data[at + 1] | o->data[at + 2] << 8);
        CHECK(o->len - at >= len, "truncated chain");
        if (o->len - at < len) break;
        x->chain = o->data + at, x->chain_len = len;
        at += len;
        n++;
    }
    CHECK(at == o->len, "records do not fill the output");
    return n;
}

/* the eliminations of a chain record, recomputed: 81 masks, 0x8000 marking a listed cell
 * (a forcing chain lists its end's cell even when nothing is left to remove there) */
static void eliminations(const uint16_t *cands, const uint8_t *chain, uint16_t rem[81])
{
    int kind = chain[0], n = chain[1] | chain[2] << 8;
    const uint8_t *p = chain + 3;
    memset(rem, 0, 81 * sizeof *rem);
    if (kind == 1) {
        unsigned bit = 1u << (p[1] - 1);
        rem[p[0]] = (uint16_t)(0x8000 | (p[2] ? cands[p[0]] & ~bit : bit));
        return;
    }
    for (int x = 0; x < 81; x++) {
        unsigned on = 0, off = 0;
        int inside = 0;
        for (int k = 0; k + 1 < n; k++) inside |= p[4 * k] == x;
        for (int k = 0; k + 1 < n && !inside; k++)
            if (sees(x, p[4 * k]) && (cands[x] >> (p[4 * k + 1] - 1) & 1)) {
                if (p[4 * k + 2]) on |= 1u << (p[4 * k + 1] - 1);
                else off |= 1u << (p[4 * k + 1] - 1);
            }
        rem[x] = (uint16_t)(on & off ? 0x8000 | (on & off) : 0);
    }
}

static int complexity_of(const uint8_t *chain)
{
    int n = chain[1] | chain[2] << 8, count = 0;
    for (int k = 0; k < n; k++) {
        int dup = 0;
        for (int j = 0; j < k; j++) dup |= !memcmp(chain + 3 + 4 * j, chain + 3 + 4 * k, 3);
        count += !dup;
    }
    return count;
}

static int same_rem(const uint16_t a[81], const uint16_t b[81]) { return !memcmp(a, b, 81 * sizeof *a); }

static int check_grid(const uint16_t *cands)
{
    static const int LINKS[3][2] = {{0, 1}, {1, 0}, {1, 1}};
    sc_out full = {0}, o[3] = {{0}, {0}, {0}};
    long spent = 0, s[3] = {0};
    CHECK(seloops9_hints(cands, 0, &full, &spent) == SC_OK, "hints failed");
    for (int k = 0; k < 3; k++) CHECK(sechain9_loops(cands, LINKS[k][0], LINKS[k][1], &o[k], &s[k]) == SC_OK, "search");
    CHECK(spent == s[0] + s[1] + s[2], "rounds: %ld, not the three searches' %ld", spent, s[0] + s[1] + s[2]);
    enum { MAX = 4096 };
    hint *h = malloc(MAX * sizeof *h);
    uint16_t (*rems)[81] = malloc(MAX * sizeof *rems);
    int n = h && rems ? parse(&full, h, MAX) : 0;
    for (int i = 0; i < n; i++) {
        hint *x = &h[i];
        /* its chain is a record of its link set's search */
        const sc_out *src = &o[x->links];
        int found = 0;
        for (size_t at = 0; at < src->len && !found;) {
            size_t len = 3 + 4 * (size_t)(src->data[at + 1] | src->data[at + 2] << 8);
            found = len == x->chain_len && !memcmp(src->data + at, x->chain, len);
            at += len;
        }
        CHECK(found, "hint %d: its chain is not in its search's output", i);
        eliminations(cands, x->chain, rems[i]);
        uint16_t listed[81] = {0};
        for (int k = 0; k < x->n_rem; k++) {
            CHECK(x->rem[k][0] < 81 && (k == 0 || x->rem[k][0] > x->rem[k - 1][0]), "eliminations not in cell order");
            if (x->rem[k][0] < 81) listed[x->rem[k][0]] = (uint16_t)(0x8000 | x->rem[k][1]);
        }
        CHECK(same_rem(listed, rems[i]), "hint %d: wrong eliminations", i);
        CHECK(x->complexity == complexity_of(x->chain), "hint %d: wrong complexity", i);
        for (int j = 0; j < i; j++) CHECK(!same_rem(rems[i], rems[j]), "hints %d and %d remove the same", j, i);
        if (i) { /* SE's order: difficulty, complexity, sort key (X 2, Y 3, both 4) */
            const hint *p = &h[i - 1];
            int dp = (p->links == 2 ? 70 : p->chain[0] == 0 ? 65 : 66) + surcharge_tenths(p->complexity);
            int dx = (x->links == 2 ? 70 : x->chain[0] == 0 ? 65 : 66) + surcharge_tenths(x->complexity);
            CHECK(dp < dx || (dp == dx && (p->complexity < x->complexity ||
                                           (p->complexity == x->complexity && p->links <= x->links))),
                  "hints %d, %d out of order", i - 1, i);
        }
    }
    /* every chain that removes something is a hint, or repeats an earlier hint's eliminations */
    for (int k = 0; k < 3 && h && rems; k++)
        for (size_t at = 0; at < o[k].len;) {
            size_t len = 3 + 4 * (size_t)(o[k].data[at + 1] | o[k].data[at + 2] << 8);
            uint16_t r[81], none[81] = {0};
            eliminations(cands, o[k].data + at, r);
            int covered = o[k].data[at] == 0 && same_rem(r, none);
            for (int i = 0; i < n && !covered; i++) covered = same_rem(r, rems[i]);
            CHECK(covered, "a chain of search %d is missing", k);
            at += len;
        }
    /* the first 1..3: a prefix, never more rounds */
    for (int m = 1; m <= 3; m++) {
        sc_out part = {0};
        long sp = 0;
        CHECK(seloops9_hints(cands, m, &part, &sp) == SC_OK, "hints(%d) failed", m);
        CHECK(part.len <= full.len && (part.len == 0 || !memcmp(part.data, full.data, part.len)), "hints(%d): not a prefix", m);
        /* the first only: each search bounded by the best so far, so fewer rounds */
        CHECK(sp <= spent && (m == 1 || sp >= s[0] + s[1]), "hints(%d): rounds %ld", m, sp);
        hint one[4];
        CHECK(parse(&part, one, 4) == (n < m ? n : m), "hints(%d): count", m);
        sechain9_out_free(&part);
    }
    free(h);
    free(rems);
    sechain9_out_free(&full);
    for (int k = 0; k < 3; k++) sechain9_out_free(&o[k]);
    return n;
}

static const char *PUZZLES[] = {
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "000070560040000200000380007960030000000000006003420000005260079070000002000009408",
};

int main(int argc, char **argv)
{
    int rounds = 100;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    int total = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        clue_candidates(PUZZLES[k], cands);
        total += check_grid(cands);
    }
    CHECK(total > 0, "no hint in the sample puzzles");
    sc_out out = {0};
    long spent = 0;
    CHECK(seloops9_hints(cands, -1, &out, &spent) == SC_BAD_INPUT, "max_hints -1 accepted");
    cands[7] = 0x200;
    CHECK(seloops9_hints(cands, 0, &out, &spent) == SC_BAD_INPUT, "mask 0x200 accepted");
    sechain9_out_free(&out);
    for (int r = 0; r < rounds; r++) { /* sparse random masks, so that links exist */
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 4 == 0) ? 0 : (z >> 8) & (z >> 20) & 0x1FF);
        }
        total += check_grid(cands);
    }
    if (failures) {
        fprintf(stderr, "test_seloops: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_seloops: %d hints checked\n", total);
    return 0;
}
