/* fuzz_hoals9.c -- libFuzzer harness of csrc/hoals9.c (HoDoKu's ALS and restricted commons).
 * sources: hoals9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: keep the masks as they are (hostile masks above 0x1FF are
 * the point), else clip them to 9 bits. Checked: HA_BAD_INPUT exactly when a mask is out
 * of range, else HA_OK; every ALS record holds 1..8 cells with candidates, one digit more
 * than cells, exactly their digits; every restricted-common record names ALS i < j with
 * 1-2 RC digits common to both; a second call gives the same bytes. Mode bit 1 picks
 * the ALS-XZ or ALS-XY-Wing step search (hoals9_steps), bits 2-3 its limit (0, 1, 2 or
 * all): HA_BAD_INPUT exactly as above, else whole records of 2 (XZ) or 3 ALS, at most
 * the limit, each elimination a candidate outside the sets, in digit
 * then cell order; a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/hoals9.h"

static int pc(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* 1 when the 13-byte record is an ALS of the grid (as the list's records are checked). */
static int an_als(const uint16_t *cands, const uint8_t *p)
{
    unsigned digits = p[11] | (unsigned)p[12] << 8, have = 0;
    int cells = 0;
    for (int c = 0; c < 81; c++)
        if (p[c / 8] >> (c % 8) & 1) {
            if (!cands[c]) return 0;
            have |= cands[c];
            cells++;
        }
    return !(p[10] >> 1) && cells >= 1 && cells <= 8 && have == digits && pc(digits) == cells + 1;
}

static void check_steps(const uint16_t *cands, int kind, long limit)
{
    ha_out s = {0}, s2 = {0};
    FUZZ_CHECK(hoals9_steps(cands, kind, limit, &s) == HA_OK, "step search status");
    size_t k = 0, nsets = kind == HA_XZ ? 2 : 3;
    long n = 0;
    while (k < s.len) {
        FUZZ_CHECK(s.data[k] == nsets && k + 1 + 13 * nsets + 6 <= s.len, "record head");
        const uint8_t *sets = s.data + k + 1, *tail = sets + 13 * nsets;
        for (size_t t = 0; t < nsets; t++) FUZZ_CHECK(an_als(cands, sets + 13 * t), "an ALS");
        size_t m = tail[4] | (size_t)tail[5] << 8;
        FUZZ_CHECK(m >= 1 && k + 1 + 13 * nsets + 6 + 2 * m <= s.len, "eliminations");
        const uint8_t *e = tail + 6;
        for (size_t p = 0; p < m; p++, e += 2) {
            int c = e[0], z = e[1];
            FUZZ_CHECK(c < 81 && z >= 1 && z <= 9 && cands[c] >> (z - 1) & 1, "an elimination of a candidate");
            for (size_t t = 0; t < nsets - (kind == HA_XY_WING); t++) FUZZ_CHECK(!(sets[13 * t + c / 8] >> (c % 8) & 1), "outside A and B");
            FUZZ_CHECK(!p || e[1] > e[-1] || (e[1] == e[-1] && e[0] > e[-2]), "in digit, then cell order");
        }
        k = (size_t)(e - s.data);
        n++;
    }
    FUZZ_CHECK(n <= limit, "the limit kept");
    FUZZ_CHECK(hoals9_steps(cands, kind, limit, &s2) == HA_OK && s.len == s2.len && (!s.len || !memcmp(s.data, s2.data, s.len)),
               "same step bytes");
    hoals9_out_free(&s), hoals9_out_free(&s2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int raw = data[0] & 1;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    ha_out a = {0}, r = {0}, a2 = {0}, r2 = {0};
    int status = hoals9_search(cands, &a, &r);
    int kind = data[0] >> 1 & 1;
    long limit = (data[0] >> 2 & 3) == 3 ? 1L << 30 : (long)(data[0] >> 2 & 3);
    if (out_of_range) {
        FUZZ_CHECK(status == HA_BAD_INPUT && a.len == 0 && r.len == 0, "bad input refused");
        ha_out s = {0};
        FUZZ_CHECK(hoals9_steps(cands, kind, limit, &s) == HA_BAD_INPUT && s.len == 0, "bad input refused by the step search");
    } else {
        FUZZ_CHECK(status == HA_OK && a.len % 13 == 0 && r.len % 6 == 0, "status and sizes");
        size_t n = a.len / 13;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *p = a.data + 13 * i;
            unsigned digits = p[11] | (unsigned)p[12] << 8, have = 0;
            int cells = 0;
            for (int c = 0; c < 81; c++)
                if (p[c / 8] >> (c % 8) & 1) {
                    FUZZ_CHECK(cands[c], "a cell with candidates");
                    have |= cands[c];
                    cells++;
                }
            FUZZ_CHECK(!(p[10] >> 1) && cells >= 1 && cells <= 8 && have == digits && pc(digits) == cells + 1, "an ALS");
        }
        for (size_t k = 0; k < r.len; k += 6) {
            const uint8_t *q = r.data + k;
            size_t i = q[0] | (size_t)q[1] << 8, j = q[2] | (size_t)q[3] << 8;
            FUZZ_CHECK(i < j && j < n && q[4] >= 1 && q[4] <= 9 && q[5] <= 9 && (!q[5] || q[5] > q[4]), "an RC record");
            unsigned common = (a.data[13 * i + 11] | (unsigned)a.data[13 * i + 12] << 8) &
                              (a.data[13 * j + 11] | (unsigned)a.data[13 * j + 12] << 8);
            FUZZ_CHECK(common >> (q[4] - 1) & 1, "an RC digit common to both");
        }
        FUZZ_CHECK(hoals9_search(cands, &a2, &r2) == HA_OK && a.len == a2.len && r.len == r2.len &&
                       (!a.len || !memcmp(a.data, a2.data, a.len)) && (!r.len || !memcmp(r.data, r2.data, r.len)),
                   "same bytes");
        check_steps(cands, kind, limit);
    }
    hoals9_out_free(&a), hoals9_out_free(&r), hoals9_out_free(&a2), hoals9_out_free(&r2);
    return 0;
}
