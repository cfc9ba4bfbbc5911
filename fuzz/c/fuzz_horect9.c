/* fuzz_horect9.c -- libFuzzer harness of csrc/horect9.c (HoDoKu's Unique, Hidden and
 * Avoidable Rectangles, BUG+1).
 * sources: horect9.c
 *
 * Input: a mode byte, a kinds byte, a limit byte, then up to 81 little-endian 16-bit
 * candidate masks, 81 values and 81 given flags (missing ones 0). Mode bit 0: keep the
 * masks as they are (else clip them to 9 bits); bit 1: keep values and flags as they are
 * (else value % 10, flag & 1); bit 2: ask kind 8 too; bit 4: kind 9 (BUG+1); bit 3: ask
 * kind 10 (no such kind).
 * Limit: byte % 4 (0: all). Checked: HR_BAD_INPUT exactly when something is out of range
 * (nothing written), else HR_OK; every record whole: an asked kind, kinds ascending, at most
 * the limit of each, four corners in range on a rectangle across two boxes, digits 1-9,
 * 1+ eliminations ascending, each a candidate of the grid; the records fill the buffer
 * exactly; a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/horect9.h"

static size_t record_len(const uint8_t *d, size_t left)
{
    if (left < HR_HEAD + 1 || left < (size_t)HR_HEAD + d[11] + 1) return 0;
    size_t n = (size_t)HR_HEAD + d[11];
    size_t len = n + 1 + 2 * (size_t)d[n];
    return len <= left ? len : 0;
}

static int box_of(int c) { return c / 27 * 3 + c % 9 / 3; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3) return 0;
    int mode = data[0], limit = data[2] % 4;
    unsigned kinds = data[1] | (mode & 4 ? 0x100u : 0) | (mode & 16 ? 0x200u : 0) | (mode & 8 ? 0x400u : 0);
    uint16_t cands[81] = {0};
    uint8_t values[81] = {0}, givens[81] = {0};
    int bad = fuzz_cands(data + 3, size - 3, mode & 1, cands) || kinds > HR_ALL_KINDS;
    for (size_t i = 0; i < 81 && 165 + i < size; i++) {
        values[i] = mode & 2 ? data[165 + i] : (uint8_t)(data[165 + i] % 10);
        bad |= values[i] > 9;
    }
    for (size_t i = 0; i < 81 && 246 + i < size; i++) {
        givens[i] = mode & 2 ? data[246 + i] : (uint8_t)(data[246 + i] & 1);
        bad |= givens[i] > 1;
    }
    hr_out a = {0}, b = {0};
    int status = horect9_search(cands, values, givens, kinds, limit, &a);
    if (bad) {
        FUZZ_CHECK(status == HR_BAD_INPUT && a.len == 0, "bad input refused");
    } else {
        FUZZ_CHECK(status == HR_OK, "status");
        size_t at = 0;
        int last = -1, count = 0;
        while (at < a.len) {
            size_t len = record_len(a.data + at, a.len - at);
            FUZZ_CHECK(len > 0, "a whole record");
            const uint8_t *r = a.data + at;
            int kind = r[0];
            FUZZ_CHECK(kind < HR_KINDS && (kinds >> kind & 1) && kind >= last, "an asked kind, in order");
            count = kind == last ? count + 1 : 1;
            last = kind;
            FUZZ_CHECK(!limit || count <= limit, "the limit kept");
            const uint8_t *c = r + 1;
            if (kind == HR_BUG) {
                size_t n = (size_t)HR_HEAD + r[11];
                FUZZ_CHECK(r[8] < 81 && r[7] >= 1 && r[7] <= 9 && r[n] == 2 && (cands[r[8]] >> (r[7] - 1) & 1), "a BUG+1 record");
                for (int k = 0; k < 2; k++)
                    FUZZ_CHECK(r[n + 1 + 2 * k] == r[8] && r[n + 2 + 2 * k] != r[7] && (cands[r[8]] >> (r[n + 2 + 2 * k] - 1) & 1), "BUG+1 eliminations");
                at += len;
                continue;
            }
            FUZZ_CHECK(c[0] < 81 && c[1] < 81 && c[2] < 81 && c[3] < 81, "corners in range");
            FUZZ_CHECK(box_of(c[0]) == box_of(c[1]) && box_of(c[2]) == box_of(c[3]) && box_of(c[0]) != box_of(c[2]), "two boxes");
            FUZZ_CHECK((c[0] / 9 == c[1] / 9 && c[2] / 9 == c[3] / 9 && c[0] % 9 == c[2] % 9 && c[1] % 9 == c[3] % 9)
                           || (c[0] % 9 == c[1] % 9 && c[2] % 9 == c[3] % 9 && c[0] / 9 == c[2] / 9 && c[1] / 9 == c[3] / 9),
                       "a rectangle");
            FUZZ_CHECK(r[5] >= 1 && r[5] <= 9 && r[6] >= 1 && r[6] <= 9 && r[7] <= 9, "digits");
            for (int k = 0; k < r[11]; k++) FUZZ_CHECK(r[HR_HEAD + k] < 81, "cells in range");
            size_t n = (size_t)HR_HEAD + r[11];
            FUZZ_CHECK(r[n] >= 1, "eliminations");
            for (int k = 0; k < r[n]; k++) {
                int cell = r[n + 1 + 2 * k], digit = r[n + 2 + 2 * k];
                FUZZ_CHECK(cell < 81 && digit >= 1 && digit <= 9 && (cands[cell] >> (digit - 1) & 1), "a candidate removed");
                FUZZ_CHECK(!k || cell * 10 + digit > r[n - 1 + 2 * k] * 10 + r[n + 2 * k], "ascending");
            }
            at += len;
        }
        FUZZ_CHECK(horect9_search(cands, values, givens, kinds, limit, &b) == HR_OK, "second call");
        FUZZ_CHECK(a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
    }
    horect9_out_free(&a), horect9_out_free(&b);
    return 0;
}
