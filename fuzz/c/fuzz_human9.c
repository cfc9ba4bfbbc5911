/* fuzz_human9.c -- libFuzzer harness of csrc/human9.c (the rating front, SE and HoDoKu).
 * sources: human9.c
 *
 * Input: 81 value bytes, 81 little-endian 16-bit candidate masks, then the enabled-set
 * and max-steps bytes (all raw: hostile values and masks are the point).  Checked: a
 * status in range; BAD_INPUT exactly for values > 9, masks > 0x1FF or a filled cell with
 * candidates; otherwise steps only ever fill blanks and remove candidates (never add),
 * step bytes stay within their buffer, and steps are replayed from a clean start the same
 * way twice (no hidden state).  human9_replay and human9_ho_run get the same values.
 */
#include "fuzz_check.h"
#include "../../csrc/human9.h"

static int state_ok(const uint8_t v[81], const uint16_t c[81])
{
    for (int i = 0; i < 81; i++)
        if (v[i] > 9 || c[i] > 0x1FF || (v[i] && c[i])) return 0;
    return 1;
}

static void monotone(const uint8_t v0[81], const uint16_t c0[81], const uint8_t v[81], const uint16_t c[81])
{
    for (int i = 0; i < 81; i++) {
        FUZZ_CHECK(v0[i] == 0 || v[i] == v0[i], "a filled cell stays");
        FUZZ_CHECK(v0[i] != 0 || v[i] == 0 || (c0[i] >> (v[i] - 1) & 1), "a placement was a candidate");
        FUZZ_CHECK((c[i] & ~c0[i]) == 0, "candidates are only removed");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 81 + 162 + 2) return 0;
    uint8_t v0[81], v[81], v2[81];
    uint16_t c0[81], c[81], c2[81];
    memcpy(v0, data, 81);
    for (int i = 0; i < 81; i++) c0[i] = (uint16_t)(data[81 + 2 * i] | data[82 + 2 * i] << 8);
    unsigned enabled = data[243] | (unsigned)data[244] << 8;
    int max_steps = size > 245 ? data[245] * 4 : 729;

    static uint8_t steps[H9_STEP_BYTES], steps2[H9_STEP_BYTES];
    int n = -1, n2 = -1;
    memcpy(v, v0, 81); memcpy(c, c0, sizeof c);
    int status = human9_se_run(v, c, enabled, max_steps, steps, &n);
    FUZZ_CHECK(status >= H9_DONE && status <= H9_BAD_INPUT, "se_run: status in range");
    FUZZ_CHECK((status == H9_BAD_INPUT) == !state_ok(v0, c0), "se_run: BAD_INPUT exactly for a bad state");
    if (status != H9_BAD_INPUT) {
        FUZZ_CHECK(n >= 0 && n <= H9_STEP_BYTES, "se_run: step bytes in range");
        monotone(v0, c0, v, c);
        memcpy(v2, v0, 81); memcpy(c2, c0, sizeof c2);
        FUZZ_CHECK(human9_se_run(v2, c2, enabled, max_steps, steps2, &n2) == status, "se_run: repeatable");
        FUZZ_CHECK(n2 == n && memcmp(steps, steps2, (size_t)n) == 0 && memcmp(v, v2, 81) == 0, "se_run: same steps");
    }

    uint8_t puzzle[81], free_[27][10], ns[2 * H9_MAX_NS], hs[2 * H9_MAX_HS];
    uint16_t rc[81];
    int n_ns = 0, n_hs = 0;
    memcpy(puzzle, v0, 81);
    int replay = human9_replay(puzzle, rc, free_, ns, &n_ns, hs, &n_hs);
    int values_ok = 1;
    for (int i = 0; i < 81; i++) values_ok &= v0[i] <= 9;
    FUZZ_CHECK((replay == H9_BAD_INPUT) == !values_ok, "replay: BAD_INPUT exactly for a value > 9");
    if (replay == 0) {
        FUZZ_CHECK(n_ns >= 0 && n_ns <= H9_MAX_NS && n_hs >= 0 && n_hs <= H9_MAX_HS, "replay: queue sizes");
        static uint8_t ho_steps[H9_HO_STEP_BYTES];
        uint8_t hv[81], free_out[27][10];
        int hn = -1;
        memcpy(hv, v0, 81);
        int ho = human9_ho_run(hv, rc, ns, &n_ns, hs, &n_hs, enabled, max_steps, ho_steps, &hn, free_out);
        FUZZ_CHECK(ho == H9_DONE || ho == H9_MAX || ho == H9_BAD_INPUT, "ho_run: status");
        if (ho != H9_BAD_INPUT) FUZZ_CHECK(hn >= 0 && hn <= H9_HO_STEP_BYTES, "ho_run: step bytes in range");
    }
    return 0;
}
