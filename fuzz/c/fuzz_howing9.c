/* fuzz_howing9.c -- libFuzzer harness of csrc/howing9.c (HoDoKu's XY-, XYZ- and W-Wing).
 * sources: howing9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: keep the masks as they are (hostile masks above 0x1FF are
 * the point), else clip them to 9 bits. Checked: HW_BAD_INPUT exactly when a mask is out
 * of range (nothing written), else HW_OK; every record a kind 0-2 (ascending), cells in
 * range holding candidates, a digit z 1-9 and 1+ ascending targets holding z; the records
 * fill the buffer exactly; a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/howing9.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int raw = data[0] & 1;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    hw_out a = {0}, b = {0};
    int status = howing9_search(cands, &a);
    if (out_of_range) {
        FUZZ_CHECK(status == HW_BAD_INPUT && a.len == 0, "bad input refused");
    } else {
        FUZZ_CHECK(status == HW_OK, "status");
        size_t at = 0;
        int last = 0;
        while (at < a.len) {
            FUZZ_CHECK(a.len - at >= 10 && a.len - at - 10 >= a.data[at + 9], "a whole record");
            const uint8_t *r = a.data + at;
            int kind = r[0], z = r[4], n = r[9];
            FUZZ_CHECK(kind <= 2 && kind >= last && z >= 1 && z <= 9 && n >= 1, "record head");
            last = kind;
            FUZZ_CHECK(r[1] < 81 && r[2] < 81 && cands[r[1]] && cands[r[2]] && (kind == 2 ? r[3] == 255 : r[3] < 81 && cands[r[3]] != 0),
                       "the wing's cells");
            for (int k = 0; k < n; k++)
                FUZZ_CHECK(r[10 + k] < 81 && (cands[r[10 + k]] >> (z - 1) & 1) && (!k || r[10 + k] > r[9 + k]), "a target");
            at += (size_t)n + 10;
        }
        FUZZ_CHECK(howing9_search(cands, &b) == HW_OK, "second call");
        FUZZ_CHECK(a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    howing9_out_free(&a), howing9_out_free(&b);
    return 0;
}
