/* fuzz_canon9.c -- libFuzzer harness of csrc/canon9.c.
 * sources: canon9.c
 *
 * Input: a puzzle (the first 81 bytes, any values).  Checked: a status in range; on
 * CANON9_OK the form has as many givens as the puzzle, the reported transformation maps
 * the puzzle onto the form (as sudokit.transform.Transform applies it), and the form is
 * its own canonical form; on any other status the form is 81 '.'.  max_partials is kept
 * small so that sparse inputs end in CANON9_TOO_MANY quickly instead of using 32 MB.
 */
#include "fuzz_check.h"
#include "../../csrc/canon9.h"

static int givens(const uint8_t p[81])
{
    int n = 0;
    for (int i = 0; i < 81; i++) n += p[i] >= '1' && p[i] <= '9';
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t puzzle[81], form[81], again[81], t[CANON9_TRANSFORM_BYTES];
    fuzz_puzzle(data, size, puzzle);
    int status = canon9_canonical(puzzle, form, t, 4096);
    FUZZ_CHECK(status >= CANON9_OK && status <= CANON9_NO_MEMORY, "status in range");
    if (status != CANON9_OK) {
        for (int i = 0; i < 81; i++) FUZZ_CHECK(form[i] == '.', "failed: form is 81 blanks");
        return 0;
    }
    FUZZ_CHECK(givens(form) == givens(puzzle), "same number of givens");
    int transpose = t[0];
    const uint8_t *rows = t + 1, *cols = t + 10, *digits = t + 19;
    FUZZ_CHECK(transpose == 0 || transpose == 1, "transpose flag");
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            FUZZ_CHECK(rows[r] < 9 && cols[c] < 9 && digits[r] >= 1 && digits[r] <= 9, "transform in range");
            int sr = rows[r], sc = cols[c];
            uint8_t v = transpose ? puzzle[sc * 9 + sr] : puzzle[sr * 9 + sc];
            uint8_t want = (v >= '1' && v <= '9') ? (uint8_t)('0' + digits[v - '1']) : '.';
            FUZZ_CHECK(form[r * 9 + c] == want, "the transformation maps the puzzle onto the form");
        }
    FUZZ_CHECK(canon9_canonical(form, again, NULL, 4096) == CANON9_OK, "the form canonicalises");
    FUZZ_CHECK(memcmp(form, again, 81) == 0, "the canonical form is a fixed point");
    return 0;
}
