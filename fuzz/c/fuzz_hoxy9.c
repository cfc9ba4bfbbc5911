/* fuzz_hoxy9.c -- libFuzzer harness of csrc/hoxy9.c (the XY-Chain / Remote Pair search).
 * sources: hoxy9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: Remote Pairs; bit 1: keep the masks as they are (hostile
 * masks above 0x1FF are the point), else clip them to 9 bits; bits 2-7: the budget is
 * that times 1,000 links (0: 2,000,000). Checked: HX_BAD_INPUT exactly when a mask is
 * out of range, else HX_OK or HX_BUDGET with spent past the budget; every record is a
 * whole chain (4..21 states, false start, true end on the start digit in another cell,
 * candidates the grid holds), the records fill the buffer exactly, and a second call
 * gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/hoxy9.h"

static void check_records(const uint16_t *cands, const hx_out *out)
{
    size_t at = 0;
    while (at < out->len) {
        size_t n = out->data[at];
        FUZZ_CHECK(n >= 4 && n <= 21 && out->len - at - 1 >= 2 * n, "record length");
        const uint8_t *r = out->data + at + 1;
        unsigned first = r[0] | (unsigned)r[1] << 8, last = r[2 * n - 2] | (unsigned)r[2 * n - 1] << 8;
        FUZZ_CHECK(!(first & 1) && (last & 1) && (first >> 1) % 9 == (last >> 1) % 9 && (first >> 1) / 9 != (last >> 1) / 9,
                   "chain ends");
        for (size_t k = 0; k < n; k++) {
            unsigned s = r[2 * k] | (unsigned)r[2 * k + 1] << 8, node = s >> 1;
            FUZZ_CHECK(node < 729 && (cands[node / 9] >> (node % 9) & 1), "a candidate of the grid");
        }
        at += 1 + 2 * n;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int remote = mode & 1, raw = (mode >> 1) & 1;
    long budget = (mode >> 2) ? (long)(mode >> 2) * 1000 : 2000000;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    hx_out a = {0}, b = {0};
    long sa = 0, sb = 0;
    int status = hoxy9_search(cands, remote, budget, &a, &sa);
    if (out_of_range) {
        FUZZ_CHECK(status == HX_BAD_INPUT && a.len == 0, "bad input refused");
    } else if (status == HX_BUDGET) {
        FUZZ_CHECK(sa > budget, "the budget was spent");
    } else {
        FUZZ_CHECK(status == HX_OK && sa <= budget, "status");
        check_records(cands, &a);
        FUZZ_CHECK(hoxy9_search(cands, remote, budget, &b, &sb) == HX_OK, "second call");
        FUZZ_CHECK(a.len == b.len && sa == sb && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    hoxy9_out_free(&a), hoxy9_out_free(&b);
    return 0;
}
