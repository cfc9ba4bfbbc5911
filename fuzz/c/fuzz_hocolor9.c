/* fuzz_hocolor9.c -- libFuzzer harness of csrc/hocolor9.c (HoDoKu's Simple Colors and Multi-Colors).
 * sources: hocolor9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: keep the masks as they are (hostile masks above 0x1FF are
 * the point), else clip them to 9 bits. Checked: HC_BAD_INPUT exactly when a mask is out
 * of range (nothing written), else HC_OK; every cluster is a digit 1-9 and three whole
 * lists of cells holding the digit / houses; every record a known kind, a digit, a count
 * and cells holding the digit; both fill their buffers exactly; a second call gives the
 * same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/hocolor9.h"

/* A count byte and that many items below limit, each (for cells) holding digit d. */
static size_t check_list(const uint16_t *cands, const hc_out *o, size_t at, int limit, int d)
{
    FUZZ_CHECK(at < o->len, "a whole list");
    size_t n = o->data[at];
    FUZZ_CHECK(o->len - at - 1 >= n, "list length");
    for (size_t k = 0; k < n; k++) {
        uint8_t v = o->data[at + 1 + k];
        FUZZ_CHECK(v < limit, "an item in range");
        if (limit == 81) FUZZ_CHECK(cands[v] >> (d - 1) & 1, "a cell holding the digit");
    }
    return at + 1 + n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int raw = data[0] & 1;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    hc_out a = {0}, b = {0}, a2 = {0}, b2 = {0};
    int status = hocolor9_search(cands, &a, &b);
    if (out_of_range) {
        FUZZ_CHECK(status == HC_BAD_INPUT && a.len == 0 && b.len == 0, "bad input refused");
    } else {
        FUZZ_CHECK(status == HC_OK, "status");
        size_t at = 0;
        while (at < a.len) {
            int d = a.data[at];
            FUZZ_CHECK(d >= 1 && d <= 9, "a digit");
            at = check_list(cands, &a, at + 1, 81, d);
            at = check_list(cands, &a, at, 81, d);
            at = check_list(cands, &a, at, 27, d);
        }
        at = 0;
        while (at < b.len) {
            FUZZ_CHECK(b.len - at >= 5, "a whole record");
            int kind = b.data[at], d = b.data[at + 1];
            FUZZ_CHECK(kind <= 3 && d >= 1 && d <= 9, "kind and digit");
            at = check_list(cands, &b, at + 4, 81, d);
        }
        FUZZ_CHECK(hocolor9_search(cands, &a2, &b2) == HC_OK, "second call");
        FUZZ_CHECK(a.len == a2.len && b.len == b2.len && (a.len == 0 || memcmp(a.data, a2.data, a.len) == 0) &&
                       (b.len == 0 || memcmp(b.data, b2.data, b.len) == 0),
                   "same bytes");
    }
    hocolor9_out_free(&a), hocolor9_out_free(&b), hocolor9_out_free(&a2), hocolor9_out_free(&b2);
    return 0;
}
