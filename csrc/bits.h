/* bits.h -- named bit tricks used by the sudokit C core.
 *
 * Each trick gets a one-line helper with a name, so the solver reads as intent
 * ("lowest_bit", "spread_columns") rather than as puzzles of & and ~.
 *
 * Band masks (the solver's main currency) are 27-bit words, one per band of three rows:
 *
 *        col: 0 1 2   3 4 5   6 7 8
 *   row 0   :  0  1  2 | 3  4  5 | 6  7  8      bit = 9*row + col
 *   row 1   :  9 10 11 |12 13 14 |15 16 17      box j of the band = columns 3j..3j+2
 *   row 2   : 18 19 20 |21 22 23 |24 25 26      minirow (r, j) = bits 9r+3j .. 9r+3j+2
 *
 * Band b of the grid holds cells 27*b .. 27*b+26 in row-major order, so grid cell
 * index i lives in band i / 27 at bit i % 27.
 */
#ifndef SUDOKIT_BITS_H
#define SUDOKIT_BITS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define SK_INLINE static inline __attribute__((always_inline))
#define SK_LIKELY(x) __builtin_expect(!!(x), 1)
#define SK_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SK_INLINE static inline
#define SK_LIKELY(x) (x)
#define SK_UNLIKELY(x) (x)
#endif

#define SK_BAND_FULL 0x7FFFFFFu /* all 27 cells of a band */
#define SK_NINE 0x1FFu          /* all 9 columns, digits, or minirows */

/* x with only its lowest set bit kept (two's complement trick). */
SK_INLINE uint32_t lowest_bit(uint32_t x) { return x & (0u - x); }

/* x with its lowest set bit cleared. */
SK_INLINE uint32_t clear_lowest(uint32_t x) { return x & (x - 1u); }

/* 1 if at most one bit is set (zero counts: callers test x != 0 separately). */
SK_INLINE int at_most_one_bit(uint32_t x) { return (x & (x - 1u)) == 0; }

/* 1 if exactly one bit is set. */
SK_INLINE int one_bit(uint32_t x) { return x != 0 && at_most_one_bit(x); }

/* Index of the lowest set bit; x must not be 0. */
SK_INLINE int lowest_index(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int i = 0;
    while (!(x & 1u)) { x >>= 1; i++; }
    return i;
#endif
}

/* Index of the lowest set bit of a 64-bit word; x must not be 0. */
SK_INLINE int lowest_index64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    while (!(x & 1u)) { x >>= 1; i++; }
    return i;
#endif
}

/* Number of set bits. Without the popcnt instruction enabled (the default build targets
 * plain x86-64) __builtin_popcount is a call into libgcc's __popcountdi2; the SWAR sum
 * inline is cheaper. */
SK_INLINE int bit_count(uint32_t x)
{
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || !defined(__x86_64__))
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}

/* The same for 64 bits (cells81.h's cell sets). */
static inline int pop64(uint64_t x)
{
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || !defined(__x86_64__))
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* Number of set bits of a 9-bit mask (a candidate mask): one table load. */
SK_INLINE int count9(uint32_t m)
{
#define SK_P2(n) n, n + 1, n + 1, n + 2
#define SK_P4(n) SK_P2(n), SK_P2(n + 1), SK_P2(n + 1), SK_P2(n + 2)
#define SK_P6(n) SK_P4(n), SK_P4(n + 1), SK_P4(n + 1), SK_P4(n + 2)
#define SK_P8(n) SK_P6(n), SK_P6(n + 1), SK_P6(n + 1), SK_P6(n + 2)
    static const uint8_t table[512] = {SK_P8(0), SK_P8(1)};
#undef SK_P2
#undef SK_P4
#undef SK_P6
#undef SK_P8
    return table[m & 0x1FFu];
}

/* Columns used anywhere in a band: OR the three 9-bit rows together. */
SK_INLINE uint32_t fold_columns(uint32_t band) { return (band | (band >> 9) | (band >> 18)) & SK_NINE; }

/* The band cells of a 9-bit column set: copy it into all three rows (x * 0b1_000000001_000000001). */
SK_INLINE uint32_t spread_columns(uint32_t cols9) { return cols9 * 0x40201u; }

/* Row singles of a band whose three rows are all non-empty: subtracting 1 from each row
 * at once (x - 0b1_000000001_000000001) then never borrows across rows, so
 * x & (x - that) clears each row's lowest bit; a row that becomes 0 held one bit. */
SK_INLINE uint32_t row_singles_nonempty(uint32_t band)
{
    uint32_t rest = band & (band - 0x40201u);
    uint32_t multi = (rest & SK_NINE ? SK_NINE : 0) | (rest & (SK_NINE << 9) ? SK_NINE << 9 : 0) |
                     (rest & (SK_NINE << 18) ? SK_NINE << 18 : 0);
    return band & ~multi;
}

#endif /* SUDOKIT_BITS_H */
