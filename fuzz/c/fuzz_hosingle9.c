/* fuzz_hosingle9.c -- libFuzzer harness of csrc/hosingle9.c (Skyscraper, 2-String Kite,
 * Turbot Fish, Empty Rectangle and HoDoKu's X-Chain search).
 * sources: hosingle9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bits 0-2: the kind (values 5-7 are refused); bit 3: keep the masks
 * as they are (hostile masks above 0x1FF are the point), else clip them to 9 bits; bits
 * 4-7: the X-Chain budget is that times 1,000 links (0: 2,000,000). Checked:
 * HD_BAD_INPUT exactly when a mask or the kind is out of range, else HD_OK (or, for the
 * X-Chain search, HD_BUDGET with spent past the budget); every record is whole (link
 * records: cells on the board, targets places of the digit; ER records: 8 bytes, a box,
 * a row or column house; X-Chains: 4..21 places of the digit), the records fill the
 * buffer exactly, and a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/hosingle9.h"

static int place(const uint16_t *cands, int cell, int d) { return cell < 81 && (cands[cell] >> (d - 1) & 1); }

static void check_records(const uint16_t *cands, int kind, const hd_out *out)
{
    size_t at = 0;
    while (at < out->len) {
        const uint8_t *r = out->data + at;
        size_t left = out->len - at;
        if (kind == HD_EMPTY_RECT) {
            FUZZ_CHECK(left >= 8 && r[0] >= 1 && r[0] <= 9 && r[1] >= 18 && r[1] < 27 && r[4] < 18, "ER record");
            FUZZ_CHECK(place(cands, r[5], r[0]) && place(cands, r[6], r[0]) && place(cands, r[7], r[0]), "ER cells");
            at += 8;
        } else if (kind == HD_X_CHAIN) {
            FUZZ_CHECK(left >= 2 && r[0] >= 1 && r[0] <= 9 && r[1] >= 4 && r[1] <= 21 && left - 2 >= r[1], "chain record");
            for (int k = 0; k < r[1]; k++) FUZZ_CHECK(place(cands, r[2 + k], r[0]), "chain cell");
            at += 2 + (size_t)r[1];
        } else {
            FUZZ_CHECK(left >= 8 && r[0] >= 1 && r[0] <= 9 && r[1] < 27 && r[4] < 27 && r[7] >= 1 && left - 8 >= r[7],
                       "link record");
            for (int k = 2; k < 7; k++)
                if (k != 4) FUZZ_CHECK(place(cands, r[k], r[0]), "link cell");
            for (int k = 0; k < r[7]; k++) FUZZ_CHECK(place(cands, r[8 + k], r[0]), "target");
            at += 8 + (size_t)r[7];
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int kind = mode & 7, raw = (mode >> 3) & 1;
    long budget = (mode >> 4) ? (long)(mode >> 4) * 1000 : 2000000;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    hd_out a = {0}, b = {0};
    long sa = 0, sb = 0;
    int status = hosingle9_search(cands, kind, budget, &a, &sa);
    if (out_of_range || kind > HD_X_CHAIN) {
        FUZZ_CHECK(status == HD_BAD_INPUT && a.len == 0, "bad input refused");
    } else if (status == HD_BUDGET) {
        FUZZ_CHECK(kind == HD_X_CHAIN && sa > budget, "the budget was spent");
    } else {
        FUZZ_CHECK(status == HD_OK && sa <= budget, "status");
        check_records(cands, kind, &a);
        FUZZ_CHECK(hosingle9_search(cands, kind, budget, &b, &sb) == HD_OK, "second call");
        FUZZ_CHECK(a.len == b.len && sa == sb && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    hosingle9_out_free(&a), hosingle9_out_free(&b);
    return 0;
}
