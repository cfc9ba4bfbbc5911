/* fuzz_hoforce9.c -- libFuzzer harness of csrc/hoforce9.c (HoDoKu's Forcing Chain / Net search).
 * sources: hoforce9.c hotable9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: Forcing Nets; bit 1: keep the masks as they are (hostile
 * masks above 0x1FF are the point), else clip them to 9 bits; bit 2: a filled cell's
 * value is 10 (hostile), else the lowest digit its peers do not hold (0 if none); bits
 * 3-7: the budget is that times 300 nodes (0: unlimited). Checked: HT_BAD_INPUT exactly
 * when a mask or value is out of range, else HT_OK or HT_BUDGET with spent past the
 * budget; the record is whole (a result on a candidate of the grid, a known entity, 1-9
 * chains from candidate premises, paths of cells 0-80 and digits 1-9) and fills the
 * buffer exactly, and a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/hoforce9.h"

static unsigned u16(const uint8_t *p) { return p[0] | (unsigned)p[1] << 8; }

static void check_record(const uint16_t *cands, const ht_out *o)
{
    if (!o->len) return;
    FUZZ_CHECK(o->len >= 7, "record head");
    unsigned cell = o->data[0], digit = o->data[1], kind = o->data[3], k = u16(o->data + 5);
    FUZZ_CHECK(cell < 81 && digit >= 1 && digit <= 9 && (cands[cell] >> (digit - 1) & 1), "a result of the grid");
    FUZZ_CHECK(o->data[2] <= 1 && kind <= HF_HOUSE && o->data[4] < 81, "result and entity");
    FUZZ_CHECK(k >= 1 && k <= 9, "chain count");
    size_t at = 7;
    for (unsigned i = 0; i < k; i++) {
        FUZZ_CHECK(o->len - at >= 4, "chain head");
        unsigned premise = u16(o->data + at), e = u16(o->data + at + 2);
        FUZZ_CHECK(premise < 1458 && (cands[premise % 81] >> (premise % 729 / 81) & 1), "a candidate premise");
        FUZZ_CHECK(e <= 9, "end count"); /* 0: an empty cell with no candidate (its dead-cell contradiction) */
        at += 4;
        for (unsigned j = 0; j < e; j++) {
            FUZZ_CHECK(o->len - at >= 2, "path head");
            unsigned m = u16(o->data + at);
            at += 2;
            FUZZ_CHECK(m >= 1 && o->len - at >= 3 * (size_t)m, "path length");
            for (unsigned n = 0; n < m; n++) {
                const uint8_t *nd = o->data + at + 3 * n;
                FUZZ_CHECK(nd[0] < 81 && nd[1] >= 1 && nd[1] <= 9 && nd[2] <= 1, "path node");
            }
            at += 3 * (size_t)m;
        }
    }
    FUZZ_CHECK(at == o->len, "the record fills the buffer");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int nets = mode & 1, raw = (mode >> 1) & 1, bad_value = (mode >> 2) & 1;
    long budget = (mode >> 3) ? (long)(mode >> 3) * 300 : 1L << 40;
    uint16_t cands[81] = {0};
    uint8_t values[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    for (int i = 0; i < 81; i++) {
        if (cands[i]) continue;
        if (bad_value) {
            values[i] = 10;
            out_of_range = 1;
            continue;
        }
        for (int d = 1; d <= 9 && !values[i]; d++) {
            int free_digit = 1;
            for (int x = 0; x < 81; x++)
                if (x != i && values[x] == d && (x / 9 == i / 9 || x % 9 == i % 9 || (x / 27 == i / 27 && x % 9 / 3 == i % 9 / 3)))
                    free_digit = 0;
            if (free_digit) values[i] = (uint8_t)d;
        }
    }
    ht_out a = {0}, b = {0};
    long sa = 0, sb = 0;
    int status = hoforce9_find(cands, values, nets, budget, &a, &sa);
    if (out_of_range) {
        FUZZ_CHECK(status == HT_BAD_INPUT && a.len == 0, "bad input refused");
    } else if (status == HT_BUDGET) {
        FUZZ_CHECK(sa > budget && a.len == 0, "the budget was spent");
    } else {
        FUZZ_CHECK(status == HT_OK && sa <= budget, "status");
        check_record(cands, &a);
        FUZZ_CHECK(hoforce9_find(cands, values, nets, budget, &b, &sb) == HT_OK, "second call");
        FUZZ_CHECK(a.len == b.len && sa == sb && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    hotable9_out_free(&a), hotable9_out_free(&b);
    return 0;
}
