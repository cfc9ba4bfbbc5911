/* fuzz_check.h -- shared checks of the libFuzzer harnesses (fuzz/c/fuzz_*.c).
 *
 * A failed check prints what failed and aborts: libFuzzer saves the input as a crash
 * file (crash-<sha1>) that reproduces it:  ./fuzz_<unit> crash-<sha1>
 */
#ifndef SUDOKIT_FUZZ_CHECK_H
#define SUDOKIT_FUZZ_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond, what)                                                          \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            fprintf(stderr, "FUZZ CHECK FAILED %s:%d: %s (%s)\n", __FILE__, __LINE__,   \
                    what, #cond);                                                       \
            abort();                                                                    \
        }                                                                               \
    } while (0)

/* Up to 81 input bytes as a puzzle: bytes are kept as they are (hostile bytes are the
 * point), missing ones become '.'. */
static inline void fuzz_puzzle(const uint8_t *data, size_t size, uint8_t out[81])
{
    size_t n = size < 81 ? size : 81;
    memcpy(out, data, n);
    memset(out + n, '.', 81 - n);
}

/* The 27 houses, row-major cell indices (rows, columns, boxes). */
static inline int fuzz_house_cell(int house, int k)
{
    if (house < 9) return house * 9 + k;
    if (house < 18) return k * 9 + (house - 9);
    int box = house - 18;
    return (box / 3 * 3 + k / 3) * 9 + box % 3 * 3 + k % 3;
}

/* A complete grid of '1'..'9' with every house holding each digit once. */
static inline int fuzz_is_solution(const uint8_t grid[81])
{
    for (int i = 0; i < 81; i++)
        if (grid[i] < '1' || grid[i] > '9') return 0;
    for (int h = 0; h < 27; h++) {
        unsigned seen = 0;
        for (int k = 0; k < 9; k++) seen |= 1u << (grid[fuzz_house_cell(h, k)] - '1');
        if (seen != 0x1FFu) return 0;
    }
    return 1;
}

/* Every given of the puzzle ('1'..'9') is kept by the grid. */
static inline int fuzz_keeps_givens(const uint8_t puzzle[81], const uint8_t grid[81])
{
    for (int i = 0; i < 81; i++)
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && grid[i] != puzzle[i]) return 0;
    return 1;
}

/* Up to 81 candidate masks, two little-endian bytes a cell from data[0..size); cells
 * without bytes keep no candidates. With raw, hostile bits above the 9 digits are kept
 * (and 1 is returned: the unit must refuse the grid); otherwise only the digit bits. */
static inline int fuzz_cands(const uint8_t *data, size_t size, int raw, uint16_t cands[81])
{
    int out_of_range = 0;
    for (size_t i = 0; i < 81 && 2 * i + 1 < size; i++) {
        uint16_t m = (uint16_t)(data[2 * i] | data[2 * i + 1] << 8);
        cands[i] = raw ? m : (uint16_t)(m & 0x1FF);
        out_of_range |= cands[i] > 0x1FF;
    }
    return out_of_range;
}

#endif
