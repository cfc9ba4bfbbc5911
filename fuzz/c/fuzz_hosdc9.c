/* fuzz_hosdc9.c -- libFuzzer harness of csrc/hosdc9.c (HoDoKu's Sue de Coq search).
 * sources: hosdc9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: keep the masks as they are (hostile masks above 0x1FF are
 * the point), else clip them to 9 bits; bits 1-7: max_hits. Checked: HS_BAD_INPUT exactly
 * when a mask is out of range, else HS_OK; every record is three cell lists (2-3, then
 * 1+ and 1+ cells, each a cell 0..80 the grid has candidates in), at most max_hits
 * records, the records fill the buffer exactly, and a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/hosdc9.h"

static int check_records(const uint16_t *cands, const hs_out *out)
{
    size_t at = 0;
    int records = 0;
    while (at < out->len) {
        for (int p = 0; p < 3; p++) {
            FUZZ_CHECK(at < out->len, "a whole record");
            size_t n = out->data[at];
            FUZZ_CHECK(n >= (p ? 1u : 2u) && n <= (p ? 9u : 3u) && out->len - at - 1 >= n, "part length");
            for (size_t k = 0; k < n; k++) {
                uint8_t c = out->data[at + 1 + k];
                FUZZ_CHECK(c < 81 && cands[c], "an empty cell");
            }
            at += 1 + n;
        }
        records++;
    }
    return records;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int raw = mode & 1, max_hits = mode >> 1;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    hs_out a = {0}, b = {0};
    long sa = 0, sb = 0;
    int status = hosdc9_search(cands, max_hits, &a, &sa);
    if (out_of_range) {
        FUZZ_CHECK(status == HS_BAD_INPUT && a.len == 0, "bad input refused");
    } else {
        FUZZ_CHECK(status == HS_OK, "status");
        int records = check_records(cands, &a);
        FUZZ_CHECK(!max_hits || records <= max_hits, "max_hits");
        FUZZ_CHECK(hosdc9_search(cands, max_hits, &b, &sb) == HS_OK, "second call");
        FUZZ_CHECK(a.len == b.len && sa == sb && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    hosdc9_out_free(&a), hosdc9_out_free(&b);
    return 0;
}
