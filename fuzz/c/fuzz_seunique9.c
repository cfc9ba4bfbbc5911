/* fuzz_seunique9.c -- libFuzzer harness of csrc/seunique9.c (SE's Unique Rectangles and
 * Loops).
 * sources: seunique9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0, a
 * filled cell), then up to 81 value bytes (missing ones 0). Mode bit 0: keep masks and
 * values as they are (hostile masks above 0x1FF and values above 9 are the point), else
 * clip the masks to 9 bits and take the values mod 10; bits 1-7: the node limit is that
 * times 500 (0: 50,000; no limit is not fuzzed). Checked: SU_BAD_INPUT exactly when a mask
 * or a value is out of range, else SU_OK or SU_LIMIT with spent past the limit; every
 * record is whole (type 1..4, an even loop of 4+ distinct cells sharing exactly two digits,
 * consecutive cells seeing each other, removals of the grid's candidates in cell order),
 * the records fill the buffer exactly, and a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/seunique9.h"

static int sees(int a, int b)
{
    return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
}

static void check_records(const uint16_t *cands, const su_out *out)
{
    size_t at = 0;
    while (at < out->len) {
        FUZZ_CHECK(out->len - at >= 4, "record head");
        int typ = out->data[at], n = out->data[at + 1];
        FUZZ_CHECK(typ >= 1 && typ <= 4 && n >= 4 && n % 2 == 0 && out->len - at >= 4 + (size_t)n, "record type/size");
        const uint8_t *loop = out->data + at + 2;
        size_t m = out->data[at + 3 + n];
        FUZZ_CHECK(m >= 1 && out->len - at - 4 - (size_t)n >= 3 * m, "record length");
        unsigned common = 0x1FF;
        uint8_t used[81] = {0};
        for (int k = 0; k < n; k++) {
            FUZZ_CHECK(loop[k] < 81 && !used[loop[k]], "loop cells");
            used[loop[k]] = 1;
            common &= cands[loop[k]];
            FUZZ_CHECK(sees(loop[k], loop[(k + 1) % n]), "loop links");
        }
        FUZZ_CHECK(common && (common & (common - 1)) && !((common & (common - 1)) & ((common & (common - 1)) - 1)),
                   "two loop digits");
        const uint8_t *e = loop + n + 2;
        for (size_t j = 0; j < m; j++) {
            unsigned cell = e[3 * j], mask = e[3 * j + 1] | (unsigned)e[3 * j + 2] << 8;
            FUZZ_CHECK(cell < 81 && mask && !(mask & ~(unsigned)cands[cell]), "removals are candidates");
            FUZZ_CHECK(j == 0 || cell > e[3 * j - 3], "removals in cell order");
        }
        at += 4 + (size_t)n + 3 * m;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int raw = mode & 1;
    long limit = (mode >> 1) ? (long)(mode >> 1) * 500 : 50000;
    uint16_t cands[81] = {0};
    uint8_t values[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    for (size_t i = 0; i < 81 && 163 + i < size; i++) {
        values[i] = raw ? data[163 + i] : (uint8_t)(data[163 + i] % 10);
        out_of_range |= values[i] > 9;
    }
    su_out a = {0}, b = {0};
    long sa = 0, sb = 0;
    int status = seunique9_loops(cands, values, limit, &a, &sa);
    if (out_of_range) {
        FUZZ_CHECK(status == SU_BAD_INPUT && a.len == 0, "bad input refused");
    } else if (status == SU_LIMIT) {
        FUZZ_CHECK(sa == limit + 1, "the limit was kept");
    } else {
        FUZZ_CHECK(status == SU_OK && sa <= limit, "status");
        check_records(cands, &a);
        FUZZ_CHECK(seunique9_loops(cands, values, limit, &b, &sb) == SU_OK, "second call");
        FUZZ_CHECK(a.len == b.len && sa == sb && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    seunique9_out_free(&a), seunique9_out_free(&b);
    return 0;
}
