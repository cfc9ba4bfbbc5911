/* test_hoprobe.c -- C-only checks of hoprobe9 (the HoDoKu path's leading searches in one call).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped) and on random masks, for random lists of kinds and
 * start points: the probe's answer must be what calling each kind's own search in turn
 * gives (the first that reports something, its bytes; fish asked for one hit; wings: the
 * whole record list, applying when a record of the kind is there; Remote Pair past its
 * budget: applying, no bytes; BUG+1 and the rectangles: the whole rectangle record list,
 * applying when a record of the kind is there). The rectangle search's BUG+1 is also checked
 * against a separate count of places per house, on two grids where HoDoKu's path takes a
 * BUG+1 step and on broken copies of them.
 * Also: bad input refused with nothing run; random masks never crash (ASan/UBSan).
 *
 *     test_hoprobe [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hofish9.h"
#include "../hoprobe9.h"
#include "../horect9.h"
#include "../hosingle9.h"
#include "../howing9.h"
#include "../hoxy9.h"
#include "ref_solver.h"

#define TEST_RNG_SEED 0x6A09E667F3BCC909ull
#include "test_util.h"

static const char *PUZZLES[] = {
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
};

/* Candidate grids (81 masks, 3 hex digits each) on which the HoDoKu path takes BUG+1 (the
 * first two) and a Remote Pair (the third). */
static const char *BUG_GRIDS[] = {
    "0000000000a00000000000000a000000000609000001400008200000000000600002400002200000000000c00000a02402500000300000000000005000005000000000000000c00000a0000050030000000000000000000000000000000000000000000410000600210000000000000000210000000000810a0",
    "00000000000000000000000000000500000000300000000000600000500000001303002100c00000a000000000000000000000000000000000000000000000000000000000000000000000000000000000000000005000120000108005028000000000000000021000003022000000005011110000104000000",
    "00005000004800000900001100004100000005200301300000000000301200000000000000001100000000308300000000010218200008600c00000000000a00008400000000e00000000a00000000600000010200000000000000010200008400008301a10b01f1020000900c6147083012103017000000090",
};

/* The HoDoKu walk's two runs of probed kinds. */
static const uint8_t LEADING_RUN[] = {HP_X_WING, HP_SWORDFISH, HP_JELLYFISH, HP_REMOTE_PAIR, HP_BUG_PLUS_1, HP_SKYSCRAPER,
                                      HP_KITE, HP_TURBOT, HP_EMPTY_RECT, HP_W_WING, HP_XY_WING, HP_XYZ_WING, HP_UR1,
                                      HP_UR1 + 1, HP_UR1 + 2, HP_UR1 + 3, HP_UR1 + 4, HP_UR1 + 5, HP_HIDDEN_RECT, HP_AR1,
                                      HP_AR2, HP_FINNED_X_WING, HP_SASHIMI_X_WING, HP_FINNED_SWORDFISH,
                                      HP_SASHIMI_SWORDFISH, HP_FINNED_JELLYFISH, HP_SASHIMI_JELLYFISH};
static const uint8_t FINNED_RUN[] = {HP_FINNED_X_WING, HP_SASHIMI_X_WING, HP_FINNED_SWORDFISH, HP_SASHIMI_SWORDFISH,
                                     HP_FINNED_JELLYFISH, HP_SASHIMI_JELLYFISH};

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

/* BUG+1 written apart from hoprobe9: places of d in house h counted by walking the house. */
static int ref_bug(const uint16_t *cands)
{
    int plus = -1, three = 0;
    for (int i = 0; i < 81; i++) {
        int n = pc(cands[i]);
        if (n == 1 || n > 3) return 0;
        if (n == 3) plus = i, three++;
    }
    if (three != 1) return 0;
    int truth = 0;
    for (int d = 0; d < 9; d++) {
        if (!(cands[plus] >> d & 1)) continue;
        int ok = 1;
        for (int h = 0; h < 27; h++) {
            int in = 0, n = 0;
            for (int k = 0; k < 9; k++) {
                int c = house_cell(h, k);
                in |= c == plus;
                n += cands[c] >> d & 1;
            }
            if (in && n != 3) ok = 0;
        }
        if (ok) truth = d + 1;
    }
    if (!truth) return 0;
    for (int h = 0; h < 27; h++)
        for (int d = 0; d < 9; d++) {
            int in = 0, n = 0;
            for (int k = 0; k < 9; k++) {
                int c = house_cell(h, k);
                in |= c == plus;
                n += cands[c] >> d & 1;
            }
            if (d + 1 == truth && in ? n != 3 : n != 0 && n != 2) return 0;
        }
    return 1;
}

/* The grid's values and clue flags (the rectangle searches' input) of the check at hand. */
static uint8_t g_values[81], g_givens[81];

/* Does a rectangle record list hold horect9 kind `kind`? Written apart from hoprobe9. */
static int rect_has(const hr_out *o, int kind)
{
    for (size_t at = 0; at < o->len;) {
        if (o->data[at] == kind) return 1;
        at += HR_HEAD + o->data[at + 11];
        at += 1 + 2 * (size_t)o->data[at];
    }
    return 0;
}

/* One kind's own search: 1 (applies; its bytes in data and len, malloc'd) or 0. */
static int ref_kind(const uint16_t *cands, int kind, long budget, uint8_t **data, size_t *len)
{
    long spent;
    *data = NULL, *len = 0;
    if (kind <= HP_SASHIMI_JELLYFISH) {
        int size = kind <= HP_JELLYFISH ? kind + 2 : (kind - 3) / 2 + 2, mode = kind <= HP_JELLYFISH ? 0 : (kind - 3) % 2 + 1;
        hf_out o = {0};
        CHECK(hofish9_basic(cands, size, mode, 1, &o, &spent) == HF_OK, "fish");
        *data = o.data, *len = o.len;
    } else if (kind <= HP_EMPTY_RECT) {
        hd_out o = {0};
        CHECK(hosingle9_search(cands, kind - HP_SKYSCRAPER, 0, &o, &spent) == HD_OK, "single digit");
        *data = o.data, *len = o.len;
    } else if (kind <= HP_W_WING) {
        hw_out o = {0};
        CHECK(howing9_search(cands, &o) == HW_OK, "wings");
        int has = 0;
        for (size_t at = 0; at < o.len; at += 10 + o.data[at + 9]) has |= o.data[at] == kind - HP_XY_WING;
        *data = o.data, *len = o.len;
        if (!has) {
            free(*data), *data = NULL, *len = 0;
            return 0;
        }
    } else if (kind == HP_REMOTE_PAIR) {
        hx_out o = {0};
        int status = hoxy9_search(cands, 1, budget, &o, &spent);
        if (status == HX_BUDGET) {
            hoxy9_out_free(&o);
            return 1;
        }
        CHECK(status == HX_OK, "remote pair");
        *data = o.data, *len = o.len;
    } else {
        hr_out o = {0};
        CHECK(horect9_search(cands, g_values, g_givens, HR_ALL_KINDS, 0, &o) == HR_OK, "rectangles");
        int has = rect_has(&o, kind == HP_BUG_PLUS_1 ? HR_BUG : kind - HP_UR1 + HR_UR1);
        if (kind == HP_BUG_PLUS_1) CHECK(has == ref_bug(cands), "the rectangle search's BUG+1 and the count differ");
        *data = o.data, *len = o.len;
        if (!has) {
            free(*data), *data = NULL, *len = 0;
            return 0;
        }
    }
    return *len > 0;
}

/* The probe against its kinds' own searches, one after the other. */
static int check_probe(const uint16_t *cands, const uint8_t *kinds, size_t n, size_t start, long budget)
{
    hp_out out = {0};
    size_t found = 99;
    CHECK(hoprobe9_run(cands, g_values, g_givens, kinds, n, start, budget, &out, &found) == HP_OK, "probe failed");
    size_t want = n;
    uint8_t *data = NULL;
    size_t len = 0;
    for (size_t k = start; k < n; k++) {
        if (ref_kind(cands, kinds[k], budget, &data, &len)) {
            want = k;
            break;
        }
    }
    CHECK(found == want, "probe says %zu, the searches %zu", found, want);
    CHECK(out.len == len && (!len || !memcmp(out.data, data, len)), "probe bytes differ from the search's (kind %d)",
          want < n ? kinds[want] : -1);
    free(data);
    hoprobe9_out_free(&out);
    return want < n;
}

static void random_kinds(uint8_t *kinds, size_t *n, size_t *start)
{
    *n = (size_t)(next_random() % 25);
    for (size_t k = 0; k < *n; k++) kinds[k] = (uint8_t)(next_random() % HP_KINDS);
    *start = *n ? (size_t)(next_random() % (*n + 1)) : 0;
}

static void parse_grid(const char *hex, uint16_t *cands)
{
    for (int i = 0; i < 81; i++) {
        char buf[4] = {hex[3 * i], hex[3 * i + 1], hex[3 * i + 2], 0};
        cands[i] = (uint16_t)strtoul(buf, NULL, 16);
    }
}

int main(int argc, char **argv)
{
    int rounds = 40;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81], kinds[32];
    size_t n, start;
    int hits = 0, probes = 0, seen[HP_KINDS] = {0};
    for (size_t p = 0; p < sizeof PUZZLES / sizeof *PUZZLES; p++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[p], 2, solution) == 1, "puzzle %zu is not unique", p);
        for (int i = 0; i < 81; i++) {
            int clue = PUZZLES[p][i] >= '1' && PUZZLES[p][i] <= '9';
            g_values[i] = (uint8_t)(clue ? PUZZLES[p][i] - '0' : 0), g_givens[i] = (uint8_t)clue;
        }
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[p], solution, r % 7, cands);
            for (int q = 0; q < 4; q++, probes++) {
                random_kinds(kinds, &n, &start);
                long budget = q == 3 ? 50 : 2000000; /* a small budget: Remote Pair may run out */
                hits += check_probe(cands, kinds, n, start, budget);
            }
            for (int k = 0; k < HP_KINDS; k++) { /* each kind alone */
                kinds[0] = (uint8_t)k;
                seen[k] += check_probe(cands, kinds, 1, 0, 2000000);
            }
            for (size_t s = 0; s <= 6; s++, probes++) /* the walk's finned/sashimi run: pairs in one pass */
                hits += check_probe(cands, FINNED_RUN, 6, s, 2000000);
            probes++;
            hits += check_probe(cands, LEADING_RUN, sizeof LEADING_RUN, 0, 2000000);
        }
    }
    for (size_t g = 0; g < sizeof BUG_GRIDS / sizeof *BUG_GRIDS; g++) {
        parse_grid(BUG_GRIDS[g], cands);
        memset(g_values, 0, 81), memset(g_givens, 0, 81);
        for (int i = 0; i < 81; i++) /* filled cells: some digit, half of them clues */
            if (!cands[i]) g_values[i] = (uint8_t)(i % 9 + 1), g_givens[i] = (uint8_t)(i % 2);
        CHECK(ref_bug(cands) == (g < 2), "grid %zu: BUG+1 or not", g);
        for (int k = 0; k < HP_KINDS; k++) { /* each kind alone */
            kinds[0] = (uint8_t)k;
            seen[k] += check_probe(cands, kinds, 1, 0, 2000000);
        }
        for (int i = 0; i < 81; i++) { /* every candidate dropped in turn: the probe still agrees */
            uint16_t keep = cands[i];
            for (int d = 0; d < 9; d++) {
                if (!(keep >> d & 1)) continue;
                cands[i] = (uint16_t)(keep & ~(1u << d));
                kinds[0] = HP_BUG_PLUS_1;
                check_probe(cands, kinds, 1, 0, 2000000); /* compares with ref_bug too */
            }
            cands[i] = keep;
        }
    }
    for (int k = 0; k <= HP_BUG_PLUS_1; k++) CHECK(seen[k] > 0, "kind %d never applied in the sample grids", k);
    CHECK(seen[HP_UR1] + seen[HP_UR1 + 3] + seen[HP_HIDDEN_RECT] > 0, "no rectangle applied in the sample grids");
    CHECK(hits > 0, "no probe found anything");
    /* bad input: nothing run, nothing written */
    hp_out out = {0};
    size_t found = 0;
    candidates(PUZZLES[0], solution, 0, cands);
    memset(g_values, 0, 81), memset(g_givens, 0, 81);
    kinds[0] = HP_X_WING, kinds[1] = HP_KINDS;
    CHECK(hoprobe9_run(cands, g_values, g_givens, kinds, 2, 0, 0, &out, &found) == HP_BAD_INPUT && !out.len && found == 2,
          "kind 27 accepted");
    kinds[1] = HP_SWORDFISH;
    CHECK(hoprobe9_run(cands, g_values, g_givens, kinds, 2, 3, 0, &out, &found) == HP_BAD_INPUT && !out.len, "start > n accepted");
    CHECK(hoprobe9_run(cands, g_values, g_givens, kinds, 2, 0, -1, &out, &found) == HP_BAD_INPUT && !out.len, "budget -1 accepted");
    CHECK(hoprobe9_run(cands, g_values, g_givens, NULL, 2, 0, 0, &out, &found) == HP_BAD_INPUT && !out.len, "NULL kinds accepted");
    CHECK(hoprobe9_run(cands, g_values, g_givens, kinds, 0, 0, 0, &out, &found) == HP_OK && !out.len && found == 0, "no kinds");
    g_values[3] = 10;
    CHECK(hoprobe9_run(cands, g_values, g_givens, kinds, 2, 0, 0, &out, &found) == HP_BAD_INPUT && !out.len, "value 10 accepted");
    g_values[3] = 0, g_givens[3] = 2;
    CHECK(hoprobe9_run(cands, g_values, g_givens, kinds, 2, 0, 0, &out, &found) == HP_BAD_INPUT && !out.len, "given 2 accepted");
    g_givens[3] = 0, cands[7] = 0x200;
    CHECK(hoprobe9_run(cands, g_values, g_givens, kinds, 2, 0, 0, &out, &found) == HP_BAD_INPUT && !out.len, "mask 0x200 accepted");
    hoprobe9_out_free(&out);
    for (int r = 0; r < rounds; r++, probes++) { /* random masks: no crash, same answers */
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 6 == 0) ? 0 : (z >> 8) & 0x1FF);
            g_values[i] = (uint8_t)(cands[i] ? 0 : z >> 20 & 7), g_givens[i] = (uint8_t)(z >> 24 & 1);
        }
        random_kinds(kinds, &n, &start);
        check_probe(cands, kinds, n, start, 5000);
    }
    if (failures) {
        fprintf(stderr, "test_hoprobe: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hoprobe: %d probes (%d found something) agree with their searches\n", probes, hits);
    return 0;
}
