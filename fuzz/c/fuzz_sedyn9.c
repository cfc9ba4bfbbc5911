/* fuzz_sedyn9.c -- libFuzzer harness of csrc/sedyn9.c (SE's multiple/Nishio/dynamic forcing chains).
 * sources: sedyn9.c serules9.c senest9.c sechain9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bits 0-2: multiple, dynamic, nishio; bit 3: keep the masks as they
 * are (hostile masks above 0x1FF are the point), else clip them to 9 bits; bits 4-6 pick
 * a round limit (0: none, else 64 << k); bit 7: nesting level 1 (Dynamic Forcing Chains
 * (+)) for an even input size, level 2 (Nested Forcing Chains) for an odd one, with digit
 * counts taken from the masks. Checked: the status is SD_OK or SD_BUDGET, or
 * SD_BAD_INPUT exactly when a mask is out of range or the mode is not one of SE's;
 * SD_BUDGET only with a limit, after limit + 1 rounds (level 2: past the limit, a nested
 * search spends at once) and with nothing written; every
 * record is whole (a known kind, eliminations on the grid, chains whose parent indices
 * stay inside them, complexity = the chains' sizes, sorted by it); a second call gives
 * the same bytes and the same round count.
 */
#include "fuzz_check.h"
#include "../../csrc/sedyn9.h"

static unsigned u16(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

static void check_records(const uint16_t *cands, const sd_out *out, int nested)
{
    size_t at = 0;
    unsigned last = 0;
    while (at < out->len) {
        FUZZ_CHECK(out->len - at >= 14, "record header");
        const uint8_t *h = out->data + at;
        unsigned cell = h[4], mask = u16(h + 5), complexity = u16(h + 11), nt = h[13], total = 0;
        FUZZ_CHECK(h[0] >= SD_BINARY && h[0] <= SD_REGION && h[1] <= 1, "kind");
        FUZZ_CHECK(cell < 81 && mask && !(mask & ~(unsigned)cands[cell]), "eliminations on the grid");
        FUZZ_CHECK(complexity >= last && nt >= 1 && nt <= 9, "order, targets");
        last = complexity;
        at += 14;
        for (unsigned t = 0; t < nt; t++) {
            FUZZ_CHECK(out->len - at >= 2, "chain header");
            unsigned n = u16(out->data + at);
            at += 2;
            FUZZ_CHECK(n >= 1, "empty chain");
            total += n;
            for (unsigned k = 0; k < n; k++) {
                FUZZ_CHECK(out->len - at >= 6, "potential");
                const uint8_t *p = out->data + at;
                unsigned npar = u16(p + 4);
                FUZZ_CHECK(p[0] < 81 && p[1] >= 1 && p[1] <= 9 && p[2] <= 1, "potential fields");
                FUZZ_CHECK(npar ? p[3] <= 4 : p[3] == 255, "only assumptions lack parents");
                FUZZ_CHECK(out->len - at >= 6 + 2 * (size_t)npar, "parents");
                for (unsigned j = 0; j < npar; j++) FUZZ_CHECK(u16(p + 6 + 2 * j) < n, "parent index");
                at += 6 + 2 * (size_t)npar;
            }
        }
        FUZZ_CHECK(nested ? complexity >= total : total == complexity, "complexity");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int multiple = mode & 1, dynamic = (mode >> 1) & 1, nishio = (mode >> 2) & 1, raw = (mode >> 3) & 1;
    long limit = (mode >> 4) & 7 ? 64L << ((mode >> 4) & 7) : -1;
    int level = mode >> 7 ? 1 + (int)(size & 1) : 0;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    uint8_t counts[10] = {0};
    for (int d = 1; d < 10; d++) counts[d] = (uint8_t)(cands[d] % 10);
    if (limit < 0) limit = 1L << 16; /* keep one execution short; the limit is still checked */
    sd_out a = {0}, b = {0};
    long spent_a = 0, spent_b = 0;
    int status = sedyn9_hints(cands, multiple, dynamic, nishio, level, counts, limit, &a, &spent_a);
    if (out_of_range || (!multiple && !dynamic) || ((nishio || level) && !dynamic)) {
        FUZZ_CHECK(status == SD_BAD_INPUT, "bad input refused");
    } else if (status == SD_BUDGET) {
        FUZZ_CHECK((level >= 2 ? spent_a > limit : spent_a == limit + 1) && a.len == 0, "the round limit");
    } else {
        FUZZ_CHECK(status == SD_OK && spent_a <= limit, "status");
        check_records(cands, &a, level >= 2);
        FUZZ_CHECK(sedyn9_hints(cands, multiple, dynamic, nishio, level, counts, limit, &b, &spent_b) == SD_OK, "second call");
        FUZZ_CHECK(a.len == b.len && spent_a == spent_b && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0),
                   "same input, same bytes");
    }
    sedyn9_out_free(&a);
    sedyn9_out_free(&b);
    return 0;
}
