/* fuzz_subset9.c -- libFuzzer harness of csrc/subset9.c (naked and hidden subsets).
 * sources: subset9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: keep the masks as they are (hostile masks above 0x1FF are
 * the point), else clip them to 9 bits; bits 1-4: a value (0-15) written into every cell
 * without candidates (above 9: hostile). Checked: SB_BAD_INPUT exactly when a mask or a
 * value is out of range (nothing written), else SB_OK; every record a kind 0/1, a size
 * 2-4, a house, that many cells of the house holding candidates and a mask of that many
 * digits; the records fill the buffer exactly; a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/subset9.h"

static int in_house(int h, int c)
{
    if (h < 9) return c / 9 == h;
    if (h < 18) return c % 9 == h - 9;
    return c / 27 * 3 + c % 9 / 3 == h - 18;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int raw = data[0] & 1, value = data[0] >> 1 & 15;
    uint16_t cands[81] = {0};
    uint8_t values[81];
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    for (int i = 0; i < 81; i++) {
        values[i] = (uint8_t)(cands[i] ? 0 : value);
        out_of_range |= values[i] > 9;
    }
    sb_out a = {0}, b = {0};
    int status = subset9_search(cands, values, &a);
    if (out_of_range) {
        FUZZ_CHECK(status == SB_BAD_INPUT && a.len == 0, "bad input refused");
    } else {
        FUZZ_CHECK(status == SB_OK, "status");
        size_t at = 0;
        while (at < a.len) {
            FUZZ_CHECK(a.len - at >= 3, "a whole record");
            int kind = a.data[at], n = a.data[at + 1], h = a.data[at + 2];
            FUZZ_CHECK(kind <= 1 && n >= 2 && n <= 4 && h < 27 && a.len - at >= (size_t)n + 5, "record head");
            for (int k = 0; k < n; k++) {
                int c = a.data[at + 3 + k];
                FUZZ_CHECK(c < 81 && in_house(h, c) && cands[c], "a cell of the house with candidates");
            }
            unsigned digits = a.data[at + 3 + n] | (unsigned)a.data[at + 4 + n] << 8;
            int pc = 0;
            for (unsigned m = digits; m; m &= m - 1) pc++;
            FUZZ_CHECK(digits <= 0x1FF && pc == n, "the digits");
            at += (size_t)n + 5;
        }
        FUZZ_CHECK(subset9_search(cands, values, &b) == SB_OK, "second call");
        FUZZ_CHECK(a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    subset9_out_free(&a), subset9_out_free(&b);
    return 0;
}
