/* fuzz_seloops9.c -- libFuzzer harness of csrc/seloops9.c (SE's Forcing Chains & Cycles
 * hints, rated, sorted and de-duplicated).
 * sources: seloops9.c sechain9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bits 0-1: max_hints 0..3; bit 2: keep the masks as they are
 * (hostile masks above 0x1FF are the point), else clip them to 9 bits. Checked: the
 * status is SC_OK, or SC_BAD_INPUT exactly when a mask is out of range; every record is
 * whole (link set 0-2, 1..81 eliminations in ascending cells < 81 with masks <= 0x1FF,
 * then a chain record of n >= 2 potentials), at most max_hints of them, filling the
 * buffer exactly; a second call gives the same bytes and rounds; a limited call's bytes
 * are a prefix of the full call's.
 */
#include "fuzz_check.h"
#include "../../csrc/seloops9.h"

static size_t check_records(const sc_out *out)
{
    size_t at = 0, n = 0;
    while (at < out->len) {
        FUZZ_CHECK(out->len - at >= 4, "header");
        const uint8_t *r = out->data + at;
        size_t n_rem = r[3];
        FUZZ_CHECK(r[0] <= 2 && n_rem >= 1 && n_rem <= 81 && out->len - at - 4 >= 3 * n_rem + 3, "header fields");
        for (size_t k = 0; k < n_rem; k++) {
            const uint8_t *e = r + 4 + 3 * k;
            FUZZ_CHECK(e[0] < 81 && (k == 0 || e[0] > e[-3]) && (e[1] | e[2] << 8) <= 0x1FF, "elimination");
        }
        at += 4 + 3 * n_rem;
        const uint8_t *c = out->data + at;
        size_t len = (size_t)c[1] | (size_t)c[2] << 8;
        FUZZ_CHECK(c[0] <= 1 && len >= 2 && out->len - at - 3 >= 4 * len, "chain record");
        for (size_t k = 0; k < len; k++) {
            const uint8_t *p = c + 3 + 4 * k;
            FUZZ_CHECK(p[0] < 81 && p[1] >= 1 && p[1] <= 9 && p[2] <= 1, "potential");
        }
        at += 3 + 4 * len;
        n++;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int max_hints = data[0] & 3, raw = (data[0] >> 2) & 1;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    sc_out a = {0}, b = {0}, full = {0};
    long spent_a = 0, spent_b = 0, spent_full = 0;
    int status = seloops9_hints(cands, max_hints, &a, &spent_a);
    if (out_of_range) {
        FUZZ_CHECK(status == SC_BAD_INPUT, "bad input refused");
    } else {
        FUZZ_CHECK(status == SC_OK, "status");
        size_t n = check_records(&a);
        FUZZ_CHECK(!max_hints || n <= (size_t)max_hints, "at most max_hints");
        FUZZ_CHECK(seloops9_hints(cands, max_hints, &b, &spent_b) == SC_OK, "second call");
        FUZZ_CHECK(a.len == b.len && spent_a == spent_b && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0),
                   "same input, same bytes");
        if (max_hints) {
            FUZZ_CHECK(seloops9_hints(cands, 0, &full, &spent_full) == SC_OK, "full call");
            FUZZ_CHECK(a.len <= full.len && spent_a <= spent_full && (a.len == 0 || !memcmp(a.data, full.data, a.len)),
                       "a limited call gives a prefix");
        }
    }
    sechain9_out_free(&a);
    sechain9_out_free(&b);
    sechain9_out_free(&full);
    return 0;
}
