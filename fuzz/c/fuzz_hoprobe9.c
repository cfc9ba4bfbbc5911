/* fuzz_hoprobe9.c -- libFuzzer harness of csrc/hoprobe9.c (the HoDoKu path's leading
 * searches in one call).
 * sources: hoprobe9.c hofish9.c hosingle9.c howing9.c hoxy9.c horect9.c
 *
 * Input: a mode byte, a count byte n (taken mod 25), n kind bytes (any value: 27 and up
 * are refused), then up to 81 little-endian 16-bit candidate masks (missing ones 0, a
 * filled cell). Mode bit 0: keep the masks as they are (hostile masks above 0x1FF are the
 * point), else clip them to 9 bits; bits 1-5: the start index (a start past n is
 * refused); bits 6-7: the Remote Pair budget is 10^(that + 1) links. A filled cell gets
 * the value (cell mod 9) + 1, a clue when its cell index is even (the rectangle searches'
 * input). Checked: HP_BAD_INPUT exactly when a mask, a kind or the start is out of range (nothing written,
 * found = n), else HP_OK with found in start..n; the kinds before the found one, each
 * probed alone, apply not; the found one probed alone gives the same bytes; nothing found
 * means no bytes; a second call gives the same answer.
 */
#include "fuzz_check.h"
#include "../../csrc/hoprobe9.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    int raw = data[0] & 1;
    size_t start = (size_t)(data[0] >> 1 & 31);
    long budget = 10;
    for (int k = 0; k < (data[0] >> 6); k++) budget *= 10;
    size_t n = (size_t)(data[1] % 25);
    if (size < 2 + n) return 0;
    const uint8_t *kinds = data + 2;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 2 + n, size - 2 - n, raw, cands);
    uint8_t values[81], givens[81];
    for (int i = 0; i < 81; i++)
        values[i] = (uint8_t)(cands[i] ? 0 : i % 9 + 1), givens[i] = (uint8_t)(!cands[i] && i % 2 == 0);
    int bad_kind = 0;
    for (size_t k = 0; k < n; k++) bad_kind |= kinds[k] >= HP_KINDS;
    hp_out a = {0}, b = {0}, one = {0};
    size_t found = 99, again = 99, alone = 99;
    int status = hoprobe9_run(cands, values, givens, n ? kinds : NULL, n, start, budget, &a, &found);
    if (out_of_range || bad_kind || start > n) {
        FUZZ_CHECK(status == HP_BAD_INPUT && a.len == 0 && found == n, "bad input refused");
    } else {
        FUZZ_CHECK(status == HP_OK && found >= start && found <= n, "status and index");
        FUZZ_CHECK(found < n || a.len == 0, "no bytes when nothing applies");
        for (size_t k = start; k < found; k++) {
            FUZZ_CHECK(hoprobe9_run(cands, values, givens, kinds + k, 1, 0, budget, &one, &alone) == HP_OK && alone == 1 && one.len == 0,
                       "an earlier kind applies alone");
        }
        if (found < n) {
            FUZZ_CHECK(hoprobe9_run(cands, values, givens, kinds + found, 1, 0, budget, &one, &alone) == HP_OK && alone == 0, "found kind alone");
            FUZZ_CHECK(one.len == a.len && (a.len == 0 || memcmp(one.data, a.data, a.len) == 0), "same bytes alone");
        }
        FUZZ_CHECK(hoprobe9_run(cands, values, givens, n ? kinds : NULL, n, start, budget, &b, &again) == HP_OK && again == found, "second call");
        FUZZ_CHECK(a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    hoprobe9_out_free(&a), hoprobe9_out_free(&b), hoprobe9_out_free(&one);
    return 0;
}
