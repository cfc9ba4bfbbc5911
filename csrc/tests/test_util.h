/* test_util.h -- what the 9x9 candidate-search test drivers share (test_aligned, test_hofish,
 * test_hoxy, test_sechain, test_sedyn): a CHECK that counts failures and goes on, the
 * peer relation, a seeded xorshift generator and candidate grids made from a puzzle.
 * Each driver is one translation unit, so the static state below is its own.
 * A driver may #define TEST_RNG_SEED before including this to keep its own sequence. */
#ifndef SUDOKIT_TEST_UTIL_H
#define SUDOKIT_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>

static int failures = 0;
#define CHECK(cond, ...)                                         \
    do {                                                         \
        if (!(cond)) {                                           \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                        \
            fputc('\n', stderr);                                 \
            failures++;                                          \
        }                                                        \
    } while (0)

/* Cells a and b (0..80) are different and share a row, a column or a box. */
static inline int sees(int a, int b)
{
    return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
}

#ifndef TEST_RNG_SEED
#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
#endif
static uint64_t rng = TEST_RNG_SEED;
static inline uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* The candidates a puzzle leaves: 0 on a clue, every digit but its peers' clues elsewhere. */
static inline void clue_candidates(const char *puzzle, uint16_t cands[81])
{
    for (int i = 0; i < 81; i++) cands[i] = puzzle[i] >= '1' && puzzle[i] <= '9' ? 0 : 0x1FF;
    for (int i = 0; i < 81; i++)
        if (puzzle[i] >= '1' && puzzle[i] <= '9')
            for (int x = 0; x < 81; x++)
                if (sees(i, x)) cands[x] &= (uint16_t)~(1u << (puzzle[i] - '1'));
}

/* clue_candidates, then each false candidate dropped with probability drop/8: a grid that
 * still holds the solution (solution: 81 digits '1'..'9'). */
static inline void candidates(const char *puzzle, const uint8_t *solution, int drop, uint16_t cands[81])
{
    clue_candidates(puzzle, cands);
    for (int i = 0; i < 81; i++) {
        if (!cands[i]) continue;
        for (int d = 0; d < 9; d++)
            if (d != solution[i] - '1' && (int)(next_random() % 8) < drop) cands[i] &= (uint16_t)~(1u << d);
    }
}

#endif
