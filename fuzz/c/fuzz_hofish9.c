/* fuzz_hofish9.c -- libFuzzer harness of csrc/hofish9.c (HoDoKu's Franken/Mutant fish;
 * basic, finned and sashimi fish on rows and columns).
 * sources: hofish9.c
 *
 * Input: a mode byte, then up to 81 little-endian 16-bit candidate masks (missing ones 0,
 * a filled cell). Mode bit 0: size 3 (else 2); bit 1: finned; bit 2: mutant (size 2
 * only, the mutant search over 27 houses is the slow one); bit 3: keep the masks as they
 * are (hostile masks above 0x1FF are the point), else clip them to 9 bits; bits 4-5: the
 * hit limit (0: all); bits 6-7: the basic search's mode (3: size 4 sashimi). Checked:
 * the status is HF_OK, or HF_BAD_INPUT exactly when a mask is out of range; records are
 * whole (a digit with places in every base house, distinct houses < 27; basic: ascending
 * base lines < 9, as many cover lines as bases, fins only when finned), fill the buffer
 * exactly, at most the limit of them, and a second call gives the same bytes.
 */
#include "fuzz_check.h"
#include "../../csrc/hofish9.h"

static int in_house(int h, int cell)
{
    int r = cell / 9, c = cell % 9;
    return h < 9 ? r == h : h < 18 ? c == h - 9 : (r / 3 * 3 + c / 3) == h - 18;
}

static int bits(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

static void check_franken(const uint16_t *cands, const hf_out *out, int size, int limit)
{
    size_t width = 2 + 2 * (size_t)size;
    FUZZ_CHECK(out->len % width == 0, "whole records");
    FUZZ_CHECK(!limit || out->len / width <= (size_t)limit, "at most the limit");
    for (size_t at = 0; at + width <= out->len; at += width) {
        const uint8_t *r = out->data + at;
        FUZZ_CHECK(r[0] >= 1 && r[0] <= 9 && r[1] == size, "digit and size");
        for (int k = 0; k < 2 * size; k++) {
            FUZZ_CHECK(r[2 + k] < 27, "house");
            for (int j = 0; j < k; j++) FUZZ_CHECK(r[2 + j] != r[2 + k] || (j < size) != (k < size), "distinct houses");
        }
        for (int k = 0; k < size; k++) {
            int places = 0;
            for (int i = 0; i < 81; i++) places += in_house(r[2 + k], i) && (cands[i] >> (r[0] - 1) & 1);
            FUZZ_CHECK(places > 0, "a base house holds the digit");
        }
    }
}

static void check_basic(const hf_out *out, int size, int mode, int limit)
{
    size_t width = 6 + (size_t)size;
    FUZZ_CHECK(out->len % width == 0, "whole basic records");
    FUZZ_CHECK(!limit || out->len / width <= (size_t)limit, "at most the limit (basic)");
    for (size_t at = 0; at + width <= out->len; at += width) {
        const uint8_t *r = out->data + at;
        unsigned cover = r[2 + size] | (unsigned)r[3 + size] << 8, fins = r[4 + size] | (unsigned)r[5 + size] << 8;
        FUZZ_CHECK(r[0] >= 1 && r[0] <= 9 && r[1] <= 1, "digit and orientation");
        for (int k = 0; k < size; k++) FUZZ_CHECK(r[2 + k] < 9 && (k == 0 || r[1 + k] < r[2 + k]), "base lines");
        FUZZ_CHECK(cover <= 0x1FF && bits(cover) == size && fins <= 0x1FF && !(cover & fins), "cover and fins");
        FUZZ_CHECK((mode == 0) == (fins == 0), "fins only when finned");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t mode = data[0];
    int fsize = 2 + (mode & 1), finned = (mode >> 1) & 1, mutant = (mode >> 2) & 1 && fsize == 2;
    int raw = (mode >> 3) & 1, limit = (mode >> 4) & 3, bmode = (mode >> 6) & 3, bsize = bmode == 3 ? 4 : fsize;
    if (bmode == 3) bmode = 2;
    uint16_t cands[81] = {0};
    int out_of_range = fuzz_cands(data + 1, size - 1, raw, cands);
    hf_out a = {0}, b = {0}, c = {0}, d = {0};
    long sa = 0, sb = 0, sc = 0, sd = 0;
    int status = hofish9_search(cands, fsize, finned, mutant, limit, &a, &sa);
    int bstatus = hofish9_basic(cands, bsize, bmode, limit, &c, &sc);
    if (out_of_range) {
        FUZZ_CHECK(status == HF_BAD_INPUT && a.len == 0, "bad input refused");
        FUZZ_CHECK(bstatus == HF_BAD_INPUT && c.len == 0, "bad input refused (basic)");
    } else {
        FUZZ_CHECK(status == HF_OK && bstatus == HF_OK, "status");
        check_franken(cands, &a, fsize, limit);
        check_basic(&c, bsize, bmode, limit);
        FUZZ_CHECK(hofish9_search(cands, fsize, finned, mutant, limit, &b, &sb) == HF_OK, "second call");
        FUZZ_CHECK(a.len == b.len && sa == sb && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0), "same bytes");
        FUZZ_CHECK(hofish9_basic(cands, bsize, bmode, limit, &d, &sd) == HF_OK, "second basic call");
        FUZZ_CHECK(c.len == d.len && sc == sd && (c.len == 0 || memcmp(c.data, d.data, c.len) == 0), "same basic bytes");
    }
    hofish9_out_free(&a), hofish9_out_free(&b), hofish9_out_free(&c), hofish9_out_free(&d);
    return 0;
}
