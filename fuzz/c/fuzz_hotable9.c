/* fuzz_hotable9.c -- libFuzzer harness of csrc/hotable9.c (HoDoKu's Nice Loop / AIC search).
 * sources: hotable9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: group nodes; bit 1: keep the masks as they are (hostile
 * masks above 0x1FF are the point), else clip them to 9 bits; bits 2-7: the budget is
 * that times 2,000 nodes (0: 2,000,000). Checked: HT_BAD_INPUT exactly when a mask is out
 * of range, else HT_OK or HT_BUDGET with spent past the budget; every record is whole (a
 * known kind, 1+ eliminations of candidates the grid holds, 3+ chain nodes, candidate
 * nodes the grid holds, group nodes only in a grouped search), the records fill the
 * buffer exactly, and a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/hotable9.h"

static unsigned u16(const uint8_t *p) { return p[0] | (unsigned)p[1] << 8; }

static void check_records(const uint16_t *cands, int grouped, const ht_out *out)
{
    size_t at = 0;
    while (at < out->len) {
        FUZZ_CHECK(out->len - at >= 3, "record head");
        unsigned kind = out->data[at], n = u16(out->data + at + 1);
        FUZZ_CHECK(kind <= HT_AIC && n >= 1 && out->len - at - 3 >= 2 * (size_t)n + 2, "eliminations");
        const uint8_t *e = out->data + at + 3;
        for (unsigned k = 0; k < n; k++)
            FUZZ_CHECK(e[2 * k] < 81 && e[2 * k + 1] >= 1 && e[2 * k + 1] <= 9 && (cands[e[2 * k]] >> (e[2 * k + 1] - 1) & 1),
                       "an elimination of the grid");
        size_t cat = at + 3 + 2 * (size_t)n;
        unsigned m = u16(out->data + cat);
        FUZZ_CHECK(m >= 3 && out->len - cat - 2 >= 2 * (size_t)m, "chain length");
        for (unsigned k = 0; k < m; k++) {
            unsigned node = u16(out->data + cat + 2 + 2 * k);
            if (node < 1458) FUZZ_CHECK(cands[node % 81] >> (node % 729 / 81) & 1, "a candidate of the grid");
            else FUZZ_CHECK(grouped && node < 1458 + 2 * 486, "a group node");
        }
        at = cat + 2 + 2 * (size_t)m;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int grouped = mode & 1, raw = (mode >> 1) & 1;
    long budget = (mode >> 2) ? (long)(mode >> 2) * 2000 : 2000000;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    ht_out a = {0}, b = {0};
    long sa = 0, sb = 0;
    int status = hotable9_nice_loops(cands, grouped, budget, &a, &sa);
    if (out_of_range) {
        FUZZ_CHECK(status == HT_BAD_INPUT && a.len == 0, "bad input refused");
    } else if (status == HT_BUDGET) {
        FUZZ_CHECK(sa > budget, "the budget was spent");
    } else {
        FUZZ_CHECK(status == HT_OK && sa <= budget, "status");
        check_records(cands, grouped, &a);
        FUZZ_CHECK(hotable9_nice_loops(cands, grouped, budget, &b, &sb) == HT_OK, "second call");
        FUZZ_CHECK(a.len == b.len && sa == sb && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    hotable9_out_free(&a), hotable9_out_free(&b);
    return 0;
}
