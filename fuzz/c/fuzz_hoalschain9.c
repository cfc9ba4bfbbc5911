/* fuzz_hoalschain9.c -- libFuzzer harness of csrc/hoalschain9.c (HoDoKu's ALS-Chain search).
 * sources: hoalschain9.c hoals9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: keep the masks as they are (hostile masks above 0x1FF are
 * the point), else clip them to 9 bits; bits 1-7: the node limit (times 64). Checked:
 * HA_BAD_INPUT exactly when a mask is out of range, else HA_OK; every record a whole chain
 * (first ALS and RC indexes inside hoals9's lists, 3..50 links, each link leaving the ALS
 * reached so far with a linking choice its RC has); a second call gives the same bytes;
 * hoalschain9_first (XZ, XY-Wing, chain) gives what the searches give one by one.
 */
#include "fuzz_check.h"
#include "../../csrc/hoalschain9.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int raw = data[0] & 1;
    long limit = (long)(data[0] >> 1) * 64;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    ha_out o = {0}, o2 = {0}, al = {0}, rc = {0};
    long nodes = 0, nodes2 = 0;
    int status = hoalschain9_search(cands, limit, &o, &nodes);
    if (out_of_range) {
        FUZZ_CHECK(status == HA_BAD_INPUT && o.len == 0, "bad input refused");
    } else {
        FUZZ_CHECK(status == HA_OK && hoals9_search(cands, &al, &rc) == HA_OK, "status");
        size_t na = al.len / 13, nrc = rc.len / 6, k = 0;
        while (k < o.len) {
            FUZZ_CHECK(k + 3 <= o.len, "a record head");
            size_t at = o.data[k] | (size_t)o.data[k + 1] << 8, n = o.data[k + 2];
            FUZZ_CHECK(at < na && n >= 3 && n <= 50 && k + 3 + 5 * n <= o.len, "a whole record");
            for (size_t l = 0; l < n; l++) {
                const uint8_t *p = o.data + k + 3 + 5 * l;
                size_t r = p[0] | (size_t)p[1] << 8 | (size_t)p[2] << 16 | (size_t)p[3] << 24;
                FUZZ_CHECK(r < nrc, "an RC index");
                const uint8_t *q = rc.data + 6 * r;
                FUZZ_CHECK((size_t)(q[0] | q[1] << 8) == at && (p[4] == 1 || (q[5] && (p[4] == 2 || p[4] == 3))), "a link");
                at = q[2] | (size_t)q[3] << 8;
            }
            k += 3 + 5 * n;
        }
        FUZZ_CHECK(hoalschain9_search(cands, limit, &o2, &nodes2) == HA_OK && nodes == nodes2 && o.len == o2.len &&
                       (!o.len || !memcmp(o.data, o2.data, o.len)),
                   "same bytes");
        /* the first search of XZ, XY-Wing, chain over one build: the searches one by one */
        static const uint8_t kinds[3] = {HA_XZ, HA_XY_WING, HA_CHAIN};
        ha_out f = {0}, fa = {0}, fr = {0}, s = {0};
        int at = -1;
        long fnodes = -1;
        FUZZ_CHECK(hoalschain9_first(cands, kinds, 3, limit, &f, &fa, &fr, &at, &fnodes) == HA_OK, "first status");
        int want = 3;
        for (int k = 0; k < 2 && want == 3; k++) {
            s.len = 0;
            FUZZ_CHECK(hoals9_steps(cands, k, 1, &s) == HA_OK, "steps status");
            if (s.len) want = k;
        }
        if (want == 3 && o.len) want = 2;
        FUZZ_CHECK(at == want, "first search");
        const ha_out *w = want == 2 ? &o : &s;
        FUZZ_CHECK(want == 3 || (f.len == w->len && !memcmp(f.data, w->data, f.len)), "first records");
        FUZZ_CHECK(want < 2 ? (fnodes == 0 && !fa.len && !fr.len) : fnodes == nodes, "first nodes");
        FUZZ_CHECK(want != 2 || (fa.len == al.len && fr.len == rc.len && !memcmp(fa.data, al.data, al.len) &&
                                 (!rc.len || !memcmp(fr.data, rc.data, rc.len))),
                   "first ALS records");
        FUZZ_CHECK(want != 3 || (!f.len && !fa.len && !fr.len), "nothing found");
        hoals9_out_free(&f), hoals9_out_free(&fa), hoals9_out_free(&fr), hoals9_out_free(&s);
    }
    hoals9_out_free(&o), hoals9_out_free(&o2), hoals9_out_free(&al), hoals9_out_free(&rc);
    return 0;
}
