/* fuzz_aligned9.c -- libFuzzer harness of csrc/aligned9.c (SE's Aligned Pair/Triplet Exclusion).
 * sources: aligned9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: degree 3 (else 2); bit 1: keep the masks as they are
 * (hostile masks above 0x1FF are the point), else clip them to 9 bits; bits 2-3: the
 * hint limit (0: all). Checked: the status is AL_OK, or AL_BAD_INPUT exactly when a mask
 * is out of range; every record is whole (1..degree distinct cells < 81, each losing a
 * non-empty subset of its candidates), the records fill the buffer exactly, at most the
 * limit of them, and a second call gives the same bytes and the same count.
 */
#include "fuzz_check.h"
#include "../../csrc/aligned9.h"

static int check_records(const uint16_t *cands, const al_out *out, int degree)
{
    size_t at = 0;
    int records = 0;
    while (at < out->len) {
        size_t n = out->data[at];
        FUZZ_CHECK(n >= 1 && (int)n <= degree && out->len - at - 1 >= 3 * n, "record length");
        for (size_t k = 0; k < n; k++) {
            const uint8_t *e = out->data + at + 1 + 3 * k;
            unsigned mask = (unsigned)e[1] | (unsigned)e[2] << 8;
            FUZZ_CHECK(e[0] < 81 && mask && (cands[e[0]] & mask) == mask, "entry");
            for (size_t j = 0; j < k; j++) FUZZ_CHECK(out->data[at + 1 + 3 * j] != e[0], "distinct cells");
        }
        at += 1 + 3 * n;
        records++;
    }
    return records;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int degree = 2 + (mode & 1), raw = (mode >> 1) & 1, limit = (mode >> 2) & 3;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    al_out a = {0}, b = {0};
    long spent_a = 0, spent_b = 0;
    int status = aligned9_exclusion(cands, degree, limit, &a, &spent_a);
    if (out_of_range) {
        FUZZ_CHECK(status == AL_BAD_INPUT && a.len == 0, "bad input refused");
    } else {
        FUZZ_CHECK(status == AL_OK, "status");
        int records = check_records(cands, &a, degree);
        FUZZ_CHECK(!limit || records <= limit, "at most the limit");
        FUZZ_CHECK(aligned9_exclusion(cands, degree, limit, &b, &spent_b) == AL_OK, "second call");
        FUZZ_CHECK(a.len == b.len && spent_a == spent_b && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0),
                   "same input, same bytes");
    }
    aligned9_out_free(&a);
    aligned9_out_free(&b);
    return 0;
}
