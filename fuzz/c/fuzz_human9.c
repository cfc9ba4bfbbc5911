/* fuzz_human9.c -- libFuzzer harness of csrc/human9.c (the rating front, SE and HoDoKu).
 * sources: human9.c
 *
 * Input: 81 value bytes, 81 little-endian 16-bit candidate masks, then the enabled-set
 * and max-steps bytes (all raw: hostile values and masks are the point).  Checked: a
 * status in range; BAD_INPUT exactly for values > 9, masks > 0x1FF or a filled cell with
 * candidates; otherwise steps only ever fill blanks and remove candidates (never add),
 * step bytes stay within their buffer, and steps are replayed from a clean start the same
 * way twice (no hidden state).  human9_replay and human9_ho_run get the same values;
 * human9_ho_run_after too, with the bytes after the max-steps byte as its step to apply
 * first (up to 24 raw (op, cell, digit) triples): BAD_INPUT exactly for a bad triple (op
 * > 1, cell > 80, digit outside 1..9, a placement on a cell holding another digit),
 * otherwise the same answer twice.
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
        if (ho != H9_BAD_INPUT) {
            FUZZ_CHECK(hn >= 0 && hn <= H9_HO_STEP_BYTES, "ho_run: step bytes in range");
            int counts[H9_HO_CODES], total = 0;
            uint8_t order[H9_HO_CODES];
            int used = human9_ho_tally(ho_steps, hn, counts, order);
            FUZZ_CHECK(used >= 0 && used <= H9_HO_CODES, "ho_tally: the run's own steps are step bytes");
            for (int k = 0; k < used; k++) total += counts[order[k]];
            FUZZ_CHECK(total <= hn / 3 && (hn == 0) == (used == 0), "ho_tally: at most one step per 3 bytes");
        }
        {   /* any bytes: a tally or -1, never a read past the end */
            int counts[H9_HO_CODES];
            uint8_t order[H9_HO_CODES];
            int used = human9_ho_tally(data, (int)(size < 64 ? size : 64), counts, order);
            FUZZ_CHECK(used >= -1 && used <= H9_HO_CODES, "ho_tally: -1 or the codes used");
        }

        const uint8_t *pre = size > 246 ? data + 246 : NULL;
        int n_pre = size > 246 ? (int)((size - 246) / 3) : 0;
        if (n_pre > 24) n_pre = 24;
        int pre_ok = 1;
        for (int k = 0; k < n_pre; k++) {
            const uint8_t *e = pre + 3 * k;
            pre_ok &= e[0] <= 1 && e[1] <= 80 && e[2] >= 1 && e[2] <= 9 && (e[0] || !v0[e[1]] || v0[e[1]] == e[2]);
        }
        uint8_t runs[2][81], qs[2][2 * H9_MAX_NS + 2 * H9_MAX_HS];
        int st[2], nb[2], qn[2][2];
        for (int t = 0; t < 2; t++) {
            uint8_t pv[81], pns[2 * H9_MAX_NS], phs[2 * H9_MAX_HS], pfree[27][10];
            uint16_t pc[81];
            int pn_ns = 0, pn_hs = 0;
            memcpy(pv, v0, 81);
            FUZZ_CHECK(human9_replay(pv, pc, pfree, pns, &pn_ns, phs, &pn_hs) == 0, "replay again");
            st[t] = human9_ho_run_after(pv, pc, pns, &pn_ns, phs, &pn_hs, pre, n_pre, enabled, max_steps, ho_steps,
                                        &nb[t], pfree);
            memcpy(runs[t], pv, 81);
            memcpy(qs[t], pns, (size_t)(2 * pn_ns)), memcpy(qs[t] + 2 * pn_ns, phs, (size_t)(2 * pn_hs));
            qn[t][0] = pn_ns, qn[t][1] = pn_hs;
        }
        FUZZ_CHECK(st[0] == H9_DONE || st[0] == H9_MAX || st[0] == H9_BAD_INPUT, "ho_run_after: status");
        FUZZ_CHECK((st[0] == H9_BAD_INPUT) == !pre_ok, "ho_run_after: BAD_INPUT exactly for a bad triple");
        FUZZ_CHECK(st[0] == st[1] && nb[0] == nb[1] && !memcmp(runs[0], runs[1], 81) && qn[0][0] == qn[1][0] &&
                       qn[0][1] == qn[1][1] && !memcmp(qs[0], qs[1], (size_t)(2 * (qn[0][0] + qn[0][1]))),
                   "ho_run_after: the same answer twice");
    }
    return 0;
}
