/* fuzz_serules9.c -- libFuzzer harness of csrc/serules9.c (SE's simple rules inside nested chains).
 * sources: serules9.c sedyn9.c senest9.c sechain9.c
 *
 * Input: a flag byte, 10 digit counts, then up to 81 little-endian 16-bit masks for the
 * starting grid (missing ones 0); the current grid is the starting one with the input's
 * remaining bytes cleared from it (so it lost candidates, as a closure's grid does).
 * Flag bit 0: keep the masks and counts as they are (hostile values are the point), else
 * clip them. Checked: SD_BAD_INPUT exactly for a mask above 0x1FF or a count above 9,
 * else SD_OK with rule -1 and nothing written, or rule 0-3 and whole hits: eliminations
 * on the current grid, parents (>= 1) candidates the grid lost; same input, same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/serules9.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 11) return 0;
    int raw = data[0] & 1, bad = 0;
    uint8_t counts[10];
    for (int d = 0; d < 10; d++) {
        counts[d] = raw ? data[1 + d] : (uint8_t)(data[1 + d] % 10);
        bad |= counts[d] > 9;
    }
    uint16_t init[81] = {0}, cur[81];
    bad |= fuzz_cands(data + 11, size - 11, raw, init);
    size_t cells = (size - 11) / 2 < 81 ? (size - 11) / 2 : 81;
    size_t at = 11 + 2 * cells;  /* the rest of the bytes take candidates off the current grid */
    memcpy(cur, init, sizeof cur);
    for (int i = 0; at < size; i = (i + 7) % 81, at++) cur[i] &= (uint16_t)~data[at];
    sd_out a = {0}, b = {0};
    int rule = -2, rule_b = -2;
    int status = serules9_advanced(cur, init, counts, &a, &rule);
    if (bad) {
        FUZZ_CHECK(status == SD_BAD_INPUT, "bad input refused");
    } else {
        FUZZ_CHECK(status == SD_OK && rule >= -1 && rule <= 3 && (rule == -1) == (a.len == 0), "status, rule");
        size_t k = 0;
        while (k < a.len) {
            size_t n = a.data[k++];
            FUZZ_CHECK(n >= 1 && k + 3 * n < a.len, "eliminations");
            for (size_t j = 0; j < n; j++, k += 3) {
                unsigned cell = a.data[k], mask = (unsigned)a.data[k + 1] | (unsigned)a.data[k + 2] << 8;
                FUZZ_CHECK(cell < 81 && mask && !(mask & ~(unsigned)cur[cell]), "elimination on the grid");
            }
            size_t m = a.data[k++];
            FUZZ_CHECK(m >= 1 && k + 2 * m <= a.len, "parents");
            for (size_t j = 0; j < m; j++, k += 2) {
                unsigned cell = a.data[k], v = a.data[k + 1];
                FUZZ_CHECK(cell < 81 && v >= 1 && v <= 9 && (init[cell] >> (v - 1) & 1) && !(cur[cell] >> (v - 1) & 1),
                           "a parent the grid lost");
            }
        }
        FUZZ_CHECK(serules9_advanced(cur, init, counts, &b, &rule_b) == SD_OK && rule_b == rule && a.len == b.len &&
                       (a.len == 0 || memcmp(a.data, b.data, a.len) == 0),
                   "same input, same bytes");
    }
    sedyn9_out_free(&a);
    sedyn9_out_free(&b);
    return 0;
}
