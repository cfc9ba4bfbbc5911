/* test_canon.c -- C-only tests of the canonical form (csrc/canon9.c); no Python needed.
 *
 *   test_canon [--rounds N]
 *
 * 1. known forms (computed by the Python reference search, sudokit._pycore);
 * 2. statuses: conflicting givens, bad bytes, the partial cap (CANON9_TOO_MANY), batch;
 * 3. seeded random group elements (transpose, band/row and stack/column orders, digit
 *    relabelling) applied to puzzles and grids: the form must not change, the reported
 *    transformation must map the input onto the form, and the form must be its own form.
 * Exits 1 on failure with a message naming the puzzle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../canon9.h"

static int failures = 0;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        fprintf(stderr, "FAIL: " __VA_ARGS__);                                                     \
        fputc('\n', stderr);                                                                       \
        if (++failures > 20) exit(1);                                                              \
    } while (0)

static const char *const KNOWN[][2] = {
    {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
     "........1.....2.34156...27......8.......51..232974......16..9....34..7..28.91.45."},
    {"534678912672195348198342567859761423426853791713924856961537284287419635345286179",
     "123456789457189263698273514271895346539764128864312957345928671786531492912647835"},
    {"123456789456789123789123456231564897564897231897231564312645978645978312978312645",
     "123456789456789123789123456231564897564897231897231564312645978645978312978312645"},
    {".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
     "........1.......2......3.......4.5....6...3....781.....1..2...4.3.....7.95......."},
    {".................................................................................",
     "................................................................................."},
    {"....5............................................................................",
     "................................................................................1"},
};

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static void shuffle(uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rnd((unsigned)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void random_lines(uint8_t lines[9])
{
    uint8_t bands[3] = {0, 1, 2};
    shuffle(bands, 3);
    for (int b = 0; b < 3; b++) {
        uint8_t inner[3] = {0, 1, 2};
        shuffle(inner, 3);
        for (int k = 0; k < 3; k++) lines[b * 3 + k] = (uint8_t)(bands[b] * 3 + inner[k]);
    }
}

/* Apply a transformation (canon9.h layout) to 81 bytes. */
static void apply(const uint8_t t[CANON9_TRANSFORM_BYTES], const uint8_t *in, uint8_t *out)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int src = t[0] ? t[10 + c] * 9 + t[1 + r] : t[1 + r] * 9 + t[10 + c];
            uint8_t ch = in[src];
            out[r * 9 + c] = (ch >= '1' && ch <= '9') ? (uint8_t)('0' + t[19 + ch - '1']) : '.';
        }
}

static void random_transform(uint8_t t[CANON9_TRANSFORM_BYTES])
{
    t[0] = (uint8_t)rnd(2);
    random_lines(t + 1);
    random_lines(t + 10);
    for (int d = 0; d < 9; d++) t[19 + d] = (uint8_t)(d + 1);
    shuffle(t + 19, 9);
}

static void check_reaches(const uint8_t *p, const uint8_t *form, const uint8_t *t)
{
    uint8_t image[81];
    apply(t, p, image);
    if (memcmp(image, form, 81)) FAIL("the reported transformation does not reach the form of %.81s", p);
}

static void test_known(void)
{
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++) {
        uint8_t form[81], t[CANON9_TRANSFORM_BYTES];
        int st = canon9_canonical((const uint8_t *)KNOWN[i][0], form, t, 0);
        if (st != CANON9_OK || memcmp(form, KNOWN[i][1], 81))
            FAIL("known form of %s: status %d, got %.81s", KNOWN[i][0], st, form);
        else check_reaches((const uint8_t *)KNOWN[i][0], form, t);
    }
}

static void test_statuses(void)
{
    uint8_t p[81], form[81], t[CANON9_TRANSFORM_BYTES];
    memset(p, '.', 81);
    p[0] = p[80] = '7'; /* no conflict: different row, column and box */
    if (canon9_canonical(p, form, t, 0) != CANON9_OK) FAIL("two 7s far apart are not a conflict");
    p[40] = '7';        /* r5c5 shares no house with r1c1 or r9c9 */
    p[8] = '7';         /* r1c9: same row as r1c1 */
    if (canon9_canonical(p, form, t, 0) != CANON9_CONFLICT) FAIL("row conflict not reported");
    for (int k = 0; k < 81; k++)
        if (form[k] != '.') FAIL("form not blank after a conflict");
    memset(p, '.', 81);
    p[3] = 'x';
    if (canon9_canonical(p, form, NULL, 0) != CANON9_BAD_INPUT) FAIL("bad byte not reported");
    p[3] = '0'; /* '0' is a blank */
    if (canon9_canonical(p, form, NULL, 0) != CANON9_OK || form[80] != '.') FAIL("'0' blank");
    memset(p, '.', 81);
    if (canon9_canonical(p, form, NULL, 64) != CANON9_TOO_MANY) FAIL("the partial cap is not enforced");

    uint8_t batch[3 * 81], forms[3 * 81], status[3];
    memcpy(batch, KNOWN[0][0], 81);
    memset(batch + 81, '.', 81);
    batch[81] = batch[82] = '4';
    memcpy(batch + 162, KNOWN[1][0], 81);
    batch[162 + 5] = '?';
    canon9_canonical_batch(batch, 3, forms, status);
    if (status[0] != CANON9_OK || memcmp(forms, KNOWN[0][1], 81)) FAIL("batch entry 0");
    if (status[1] != CANON9_CONFLICT || status[2] != CANON9_BAD_INPUT) FAIL("batch statuses %d %d", status[1], status[2]);
}

/* Keep a random subset of cells of a known grid or puzzle, then check invariance. */
static void test_invariance(int rounds)
{
    for (int round = 0; round < rounds; round++) {
        const char *base = KNOWN[round % 4][round % 3 == 0 ? 1 : 0];
        uint8_t p[81], q[81], form_p[81], form_q[81], again[81], t[CANON9_TRANSFORM_BYTES], tp[CANON9_TRANSFORM_BYTES];
        unsigned keep = rnd(82);
        for (int i = 0; i < 81; i++) p[i] = (rnd(81) < keep) ? (uint8_t)base[i] : '.';
        if (round % 5 == 0)
            for (int i = 0; i < 81; i++) p[80 - i] = p[i] == '.' ? p[80 - i] : (uint8_t)base[80 - i]; /* symmetric-ish */
        random_transform(t);
        apply(t, p, q);
        int sp = canon9_canonical(p, form_p, tp, 0), sq = canon9_canonical(q, form_q, NULL, 0);
        if (sp != CANON9_OK || sq != CANON9_OK) {
            FAIL("status %d/%d for %.81s", sp, sq, p);
            continue;
        }
        if (memcmp(form_p, form_q, 81)) FAIL("form changed under a group element: %.81s", p);
        check_reaches(p, form_p, tp);
        if (canon9_canonical(form_p, again, NULL, 0) != CANON9_OK || memcmp(again, form_p, 81))
            FAIL("the form of a form differs: %.81s", form_p);
    }
}

int main(int argc, char **argv)
{
    int rounds = 3000;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
    test_known();
    test_statuses();
    test_invariance(rounds);
    if (failures) {
        fprintf(stderr, "test_canon: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_canon: known forms, statuses and %d random group elements passed\n", rounds);
    return 0;
}
