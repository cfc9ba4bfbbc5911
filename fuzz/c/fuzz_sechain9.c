/* fuzz_sechain9.c -- libFuzzer harness of csrc/sechain9.c (SE's cycle and forcing-chain search).
 * sources: sechain9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0/1: the y/x link sets; bit 2: keep the masks as they are
 * (hostile masks above 0x1FF are the point), else clip them to 9 bits. Checked: the
 * status is SC_OK, or SC_BAD_INPUT exactly when a mask is out of range or no link set is
 * chosen; every output record is whole (kind 0/1, n >= 2 potentials of cell < 81,
 * value 1..9, on 0/1, a known cause, the root last), the records fill the buffer exactly,
 * and a second call gives the same bytes and the same round count.
 */
#include "fuzz_check.h"
#include "../../csrc/sechain9.h"

static int cause_ok(uint8_t cause)
{
    return cause == SC_NAKED || cause == SC_HIDDEN_BLOCK || cause == SC_HIDDEN_ROW ||
           cause == SC_HIDDEN_COLUMN || cause == SC_ROOT;
}

static void check_records(const sc_out *out)
{
    size_t at = 0;
    while (at < out->len) {
        FUZZ_CHECK(out->len - at >= 3, "record header");
        const uint8_t *r = out->data + at;
        size_t n = (size_t)r[1] | (size_t)r[2] << 8;
        FUZZ_CHECK(r[0] == 0 || r[0] == 1, "record kind");
        FUZZ_CHECK(n >= 2 && out->len - at - 3 >= 4 * n, "record length");
        for (size_t k = 0; k < n; k++) {
            const uint8_t *p = r + 3 + 4 * k;
            FUZZ_CHECK(p[0] < 81 && p[1] >= 1 && p[1] <= 9 && p[2] <= 1 && cause_ok(p[3]), "potential");
            FUZZ_CHECK((p[3] == SC_ROOT) == (k == n - 1), "the root is last, and only there");
        }
        at += 3 + 4 * n;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int y_chain = mode & 1, x_chain = (mode >> 1) & 1, raw = (mode >> 2) & 1;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    sc_out a = {0}, b = {0};
    long spent_a = 0, spent_b = 0;
    int status = sechain9_loops(cands, y_chain, x_chain, &a, &spent_a);
    if (out_of_range || (!y_chain && !x_chain)) {
        FUZZ_CHECK(status == SC_BAD_INPUT, "bad input refused");
    } else {
        FUZZ_CHECK(status == SC_OK, "status");
        check_records(&a);
        FUZZ_CHECK(sechain9_loops(cands, y_chain, x_chain, &b, &spent_b) == SC_OK, "second call");
        FUZZ_CHECK(a.len == b.len && spent_a == spent_b && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0),
                   "same input, same bytes");
    }
    sechain9_out_free(&a);
    sechain9_out_free(&b);
    return 0;
}
