/* human9.c -- see human9.h. Plain C, no Python, no global mutable state.
 *
 * Every search works on position masks recomputed before each step:
 *
 *   pos[d][h]  9-bit mask, bit k set <=> digit d can go in the k-th cell of house h
 *
 * (one pass over the blank cells: cheaper than keeping them in step, at ~60 steps a puzzle).
 * HoDoKu's front (ho_*) and its clue replay instead keep, step by step, each digit's
 * places as band words (see house_band): its queues need the first place of a house and
 * the peers holding a digit at every candidate removed, which the words give directly.
 */
#include <string.h>

#include "bits.h"
#include "geom9.h"
#include "human9.h"

typedef struct {
    uint16_t pos[10][27];
    uint8_t blanks[27];
} h9_view;

/* 9-bit position patterns: a box's cells in one of its columns / a triple of positions
 * (a box row, or a line's cells inside one box). */
static const uint16_t BOX_COL[3] = {0x049, 0x092, 0x124};
static const uint16_t TRIPLE[3] = {0x007, 0x038, 0x1C0};

/* HOUSE_CELL[h][k]: the k-th cell of house h (rows 0-8, columns 9-17, boxes 18-26, each
 * ascending); a table: the subset searches read it at every step. */
static const uint8_t HOUSE_CELL[27][9] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8},
    {9, 10, 11, 12, 13, 14, 15, 16, 17},
    {18, 19, 20, 21, 22, 23, 24, 25, 26},
    {27, 28, 29, 30, 31, 32, 33, 34, 35},
    {36, 37, 38, 39, 40, 41, 42, 43, 44},
    {45, 46, 47, 48, 49, 50, 51, 52, 53},
    {54, 55, 56, 57, 58, 59, 60, 61, 62},
    {63, 64, 65, 66, 67, 68, 69, 70, 71},
    {72, 73, 74, 75, 76, 77, 78, 79, 80},
    {0, 9, 18, 27, 36, 45, 54, 63, 72},
    {1, 10, 19, 28, 37, 46, 55, 64, 73},
    {2, 11, 20, 29, 38, 47, 56, 65, 74},
    {3, 12, 21, 30, 39, 48, 57, 66, 75},
    {4, 13, 22, 31, 40, 49, 58, 67, 76},
    {5, 14, 23, 32, 41, 50, 59, 68, 77},
    {6, 15, 24, 33, 42, 51, 60, 69, 78},
    {7, 16, 25, 34, 43, 52, 61, 70, 79},
    {8, 17, 26, 35, 44, 53, 62, 71, 80},
    {0, 1, 2, 9, 10, 11, 18, 19, 20},
    {3, 4, 5, 12, 13, 14, 21, 22, 23},
    {6, 7, 8, 15, 16, 17, 24, 25, 26},
    {27, 28, 29, 36, 37, 38, 45, 46, 47},
    {30, 31, 32, 39, 40, 41, 48, 49, 50},
    {33, 34, 35, 42, 43, 44, 51, 52, 53},
    {54, 55, 56, 63, 64, 65, 72, 73, 74},
    {57, 58, 59, 66, 67, 68, 75, 76, 77},
    {60, 61, 62, 69, 70, 71, 78, 79, 80}
};

/* Cell index of the k-th cell of house h. */
static inline int cell_of(int h, int k) { return HOUSE_CELL[h][k]; }

/* Cell sets of one digit as three 27-bit band words: cell 27*b + k is bit k of word b.
 * Bits ascend with cells, and rows, columns and boxes all list their cells ascending, so
 * the lowest bit of a house's part is its first cell, and walking the words in order
 * visits cells in the order HoDoKu does (a placed digit leaves its peers ascending). */
#define BAND_COL 0x40201u  /* a column's 3 cells in a band: bits 0, 9, 18 */
#define BAND_BOX 0x1C0E07u /* a box's 9 cells in its band: bits 0-2, 9-11, 18-20 */

/* HOUSE_BAND[h][b]: house h's cells in band b (BAND_COL and BAND_BOX shifted into place). */
static const uint32_t HOUSE_BAND[27][3] = {
    {0x0001FFu, 0x000000u, 0x000000u},
    {0x03FE00u, 0x000000u, 0x000000u},
    {0x7FC0000u, 0x000000u, 0x000000u},
    {0x000000u, 0x0001FFu, 0x000000u},
    {0x000000u, 0x03FE00u, 0x000000u},
    {0x000000u, 0x7FC0000u, 0x000000u},
    {0x000000u, 0x000000u, 0x0001FFu},
    {0x000000u, 0x000000u, 0x03FE00u},
    {0x000000u, 0x000000u, 0x7FC0000u},
    {0x040201u, 0x040201u, 0x040201u},
    {0x080402u, 0x080402u, 0x080402u},
    {0x100804u, 0x100804u, 0x100804u},
    {0x201008u, 0x201008u, 0x201008u},
    {0x402010u, 0x402010u, 0x402010u},
    {0x804020u, 0x804020u, 0x804020u},
    {0x1008040u, 0x1008040u, 0x1008040u},
    {0x2010080u, 0x2010080u, 0x2010080u},
    {0x4020100u, 0x4020100u, 0x4020100u},
    {0x1C0E07u, 0x000000u, 0x000000u},
    {0xE07038u, 0x000000u, 0x000000u},
    {0x70381C0u, 0x000000u, 0x000000u},
    {0x000000u, 0x1C0E07u, 0x000000u},
    {0x000000u, 0xE07038u, 0x000000u},
    {0x000000u, 0x70381C0u, 0x000000u},
    {0x000000u, 0x000000u, 0x1C0E07u},
    {0x000000u, 0x000000u, 0xE07038u},
    {0x000000u, 0x000000u, 0x70381C0u}
};

/* House h's cells in band b. */
static inline uint32_t house_band(int h, int b) { return HOUSE_BAND[h][b]; }

/* The peers of cell in band b. */
static uint32_t peers_band(int cell, int b)
{
    int k = cell % 27, c = k % 9;
    if (cell / 27 != b) return BAND_COL << c;
    return ((0x1FFu << (9 * (k / 9))) | (BAND_BOX << (3 * (c / 3)))) & ~(1u << k);
}

/* The first cell of house h in the band words `at` (ascending), or -1. */
static int first_in_house(const uint32_t at[3], int h)
{
    for (int b = 0; b < 3; b++) {
        uint32_t m = house_band(h, b) & at[b];
        if (m) return 27 * b + lowest_index(m);
    }
    return -1;
}

/* Band words of where each digit can go (`at[d]`, d = 1..9) in a candidate grid. */
static void band_words(const uint16_t cands[81], uint32_t at[10][3])
{
    memset(at, 0, 10 * sizeof at[0]);
    for (int i = 0; i < 81; i++)
        for (uint32_t m = cands[i]; m; m = clear_lowest(m)) at[lowest_index(m) + 1][i / 27] |= 1u << (i % 27);
}

static void band_clear(uint32_t at[3], int cell) { at[cell / 27] &= ~(1u << (cell % 27)); }

static void build_view(const uint8_t *values, const uint16_t *cands, h9_view *v)
{
    memset(v, 0, sizeof *v);
    for (int i = 0; i < 81; i++) {
        if (values[i]) continue;
        int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3, k = r % 3 * 3 + c % 3;
        v->blanks[r]++;
        v->blanks[9 + c]++;
        v->blanks[18 + b]++;
        for (uint32_t m = cands[i]; m; m = clear_lowest(m)) {
            int d = lowest_index(m) + 1;
            v->pos[d][r] |= (uint16_t)(1u << c);
            v->pos[d][9 + c] |= (uint16_t)(1u << r);
            v->pos[d][18 + b] |= (uint16_t)(1u << k);
        }
    }
}

static int full_house(const uint8_t *values, const uint16_t *cands, const h9_view *v, int *cell, int *digit)
{
    for (int h = 0; h < 27; h++) {
        if (v->blanks[h] != 1) continue;
        for (int k = 0; k < 9; k++) {
            int c = cell_of(h, k);
            if (values[c]) continue;
            if (!cands[c]) return 0;
            *cell = c;
            *digit = lowest_index(cands[c]) + 1;
            return 1;
        }
    }
    return 0;
}

static int hidden_single(const h9_view *v, int first, int last, int *cell, int *digit)
{
    for (int h = first; h <= last; h++)
        for (int d = 1; d <= 9; d++)
            if (one_bit(v->pos[d][h])) {
                *cell = cell_of(h, lowest_index(v->pos[d][h]));
                *digit = d;
                return 1;
            }
    return 0;
}

/* Index of the pattern holding all of m (two or more bits), else -1. */
static int fit(uint32_t m, const uint16_t *patterns)
{
    if (at_most_one_bit(m)) return -1;
    for (int j = 0; j < 3; j++)
        if (!(m & ~(uint32_t)patterns[j])) return j;
    return -1;
}

/* One of SE's locking searches: for each digit, each house h1 = base + i (i = 0..8)
 * whose places fit a pattern, each parallel house h3 = base + i3 (ascending; the other
 * two of i's stack when `stack`, else of its group of three) where the digit has more
 * than one place, exactly one of them outside the pattern: that one is a hidden single. */
static int locking(const h9_view *v, int base, const uint16_t *patterns, int stack, int *cell, int *digit)
{
    for (int d = 1; d <= 9; d++)
        for (int i = 0; i < 9; i++) {
            int j = fit(v->pos[d][base + i], patterns);
            if (j < 0) continue;
            uint32_t inside = patterns[j];
            for (int t = 0; t < 3; t++) {
                int i3 = stack ? i % 3 + 3 * t : i / 3 * 3 + t;
                if (i3 == i) continue;
                uint32_t pos3 = v->pos[d][base + i3], remain = pos3 & ~inside;
                if (one_bit(remain) && pos3 != remain) {
                    *cell = cell_of(base + i3, lowest_index(remain));
                    *digit = d;
                    return 1;
                }
            }
        }
    return 0;
}

/* A digit outside `combo` (digit bit mask) with two or more places in the house, all but
 * one inside `unio`: the place left is a hidden single once the set fills its cells. */
static int direct_single(const uint16_t *row, unsigned combo, uint32_t unio, int h, int *cell, int *digit)
{
    for (int d = 1; d <= 9; d++) {
        uint32_t rest = row[d] & ~unio;
        if (!(combo >> d & 1u) && !at_most_one_bit(row[d]) && one_bit(rest)) {
            *cell = cell_of(h, lowest_index(rest));
            *digit = d;
            return 1;
        }
    }
    return 0;
}

static const int HIDDEN_ORDER[27] = {18, 19, 20, 21, 22, 23, 24, 25, 26, 9, 10, 11, 12, 13, 14,
                                     15, 16, 17, 0, 1, 2, 3, 4, 5, 6, 7, 8};

/* SE's direct hidden pair (degree 2) / triple (3): digits with 2..degree places whose
 * places together are `degree` cells, combinations in digit order. */
static int direct_hidden(const h9_view *v, int degree, int *cell, int *digit)
{
    for (int o = 0; o < 27; o++) {
        int h = HIDDEN_ORDER[o], small[9], n = 0;
        uint16_t row[10];
        for (int d = 1; d <= 9; d++) {
            row[d] = v->pos[d][h];
            int c = bit_count(row[d]);
            if (c >= 2 && c <= degree) small[n++] = d;
        }
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++) {
                uint32_t ab = (uint32_t)row[small[a]] | row[small[b]];
                unsigned mask = (1u << small[a]) | (1u << small[b]);
                if (degree == 2) {
                    if (bit_count(ab) == 2 && direct_single(row, mask, ab, h, cell, digit)) return 1;
                    continue;
                }
                for (int c = b + 1; c < n; c++) {
                    uint32_t abc = ab | row[small[c]];
                    if (bit_count(abc) == 3 && direct_single(row, mask | (1u << small[c]), abc, h, cell, digit))
                        return 1;
                }
            }
    }
    return 0;
}

/* The registry's Pointing (pointing) or Claiming: intersections box by box, for each box
 * its rows then its columns; digits 1..9 with one to three places in the base house (the
 * box when pointing, else the line), all inside the intersection, and places in the rest
 * of the cover house. *targets gets those places as a 9-bit mask of the cover house. */
static int locked(const h9_view *v, int pointing, int *digit, int *cover, uint32_t *targets)
{
    for (int b = 0; b < 9; b++)
        for (int t = 0; t < 6; t++) {
            int row = t < 3, line = row ? b / 3 * 3 + t : 9 + b % 3 * 3 + t - 3;
            /* the intersection in box positions, and in line positions */
            uint32_t in_box = row ? TRIPLE[line % 3] : BOX_COL[(line - 9) % 3];
            uint32_t in_line = TRIPLE[row ? b % 3 : b / 3];
            int base = pointing ? 18 + b : line, cov = pointing ? line : 18 + b;
            uint32_t inside = pointing ? in_box : in_line, outside = pointing ? in_line : in_box;
            for (int d = 1; d <= 9; d++) {
                uint32_t m = v->pos[d][base];
                if (!m || bit_count(m) > 3 || (m & ~inside)) continue;
                uint32_t rest = v->pos[d][cov] & ~outside;
                if (rest) {
                    *digit = d;
                    *cover = cov;
                    *targets = rest;
                    return 1;
                }
            }
        }
    return 0;
}

/* Eliminations of a naked pair `a`, `b` (candidates `pair`) from houses h1 (and h2 if
 * >= 0) into elim; 1 if any. */
static int pair_eliminations(const uint16_t *cands, int a, int b, uint32_t pair, int h1, int h2, uint16_t *elim)
{
    int any = 0;
    memset(elim, 0, 81 * sizeof *elim);
    for (int j = 0; j < 2; j++) {
        int h = j ? h2 : h1;
        if (h < 0) continue;
        for (int k = 0; k < 9; k++) {
            int c = cell_of(h, k);
            if (c == a || c == b || !(cands[c] & pair)) continue;
            elim[c] |= (uint16_t)(cands[c] & pair);
            any = 1;
        }
    }
    return any;
}

/* The registry's Locked Pair: intersections box by box (rows, then columns), two of the
 * three cells with the same two candidates, which then leave the line and the box. */
static int locked_pair(const uint16_t *cands, uint16_t *elim)
{
    for (int b = 0; b < 9; b++)
        for (int t = 0; t < 6; t++) {
            int row = t < 3, line = row ? b / 3 * 3 + t : 9 + b % 3 * 3 + t - 3, cells[3], m = 0;
            for (int k = 0; k < 3; k++) {
                int c = row ? line * 9 + b % 3 * 3 + k : (b / 3 * 3 + k) * 9 + line - 9;
                if (bit_count(cands[c]) == 2) cells[m++] = c;
            }
            for (int i = 0; i < m; i++)
                for (int j = i + 1; j < m; j++) {
                    uint32_t pair = (uint32_t)cands[cells[i]] | cands[cells[j]];
                    if (bit_count(pair) == 2 && pair_eliminations(cands, cells[i], cells[j], pair, line, 18 + b, elim))
                        return 1;
                }
        }
    return 0;
}

/* The registry's Naked Pair: houses 0..26, two cells with the same two candidates. */
static int naked_pair(const uint16_t *cands, uint16_t *elim)
{
    for (int h = 0; h < 27; h++) {
        int cells[9], m = 0;
        for (int k = 0; k < 9; k++)
            if (bit_count(cands[cell_of(h, k)]) == 2) cells[m++] = cell_of(h, k);
        for (int i = 0; i < m; i++)
            for (int j = i + 1; j < m; j++) {
                uint32_t pair = (uint32_t)cands[cells[i]] | cands[cells[j]];
                if (bit_count(pair) == 2 && pair_eliminations(cands, cells[i], cells[j], pair, h, -1, elim)) return 1;
            }
    }
    return 0;
}

/* The registry's X-Wing: digits 1..9, base rows then base columns; two lines where the
 * digit has exactly two places, the same two crossing lines, which then lose it. */
static int x_wing(const h9_view *v, uint16_t *elim)
{
    for (int d = 1; d <= 9; d++)
        for (int cols = 0; cols < 2; cols++) {
            const uint16_t *pos = v->pos[d] + 9 * cols;
            for (int i = 0; i < 9; i++) {
                if (bit_count(pos[i]) != 2) continue;
                for (int j = i + 1; j < 9; j++) {
                    if (pos[j] != pos[i]) continue; /* two places each, two in all: the same */
                    int any = 0;
                    memset(elim, 0, 81 * sizeof *elim);
                    for (int k = 0; k < 9; k++) {
                        if (k == i || k == j) continue;
                        for (uint32_t m = pos[k] & pos[i]; m; m = clear_lowest(m)) {
                            int x = lowest_index(m);
                            elim[cols ? 9 * x + k : 9 * k + x] = (uint16_t)(1u << (d - 1));
                            any = 1;
                        }
                    }
                    if (any) return 1;
                }
            }
        }
    return 0;
}

/* The registry's Hidden Pair: houses 0..26 with more than two blank cells; two digits
 * with one or two places each, two places in all; other digits leave those cells. */
static int hidden_pair(const uint8_t *values, const uint16_t *cands, const h9_view *v, uint16_t *elim)
{
    for (int h = 0; h < 27; h++) {
        int blanks = 0, digits[9], m = 0;
        for (int k = 0; k < 9; k++) blanks += !values[cell_of(h, k)];
        if (blanks <= 2) continue;
        for (int d = 1; d <= 9; d++) {
            int n = bit_count(v->pos[d][h]);
            if (n >= 1 && n <= 2) digits[m++] = d;
        }
        for (int a = 0; a < m; a++)
            for (int b = a + 1; b < m; b++) {
                uint32_t unio = (uint32_t)v->pos[digits[a]][h] | v->pos[digits[b]][h];
                if (bit_count(unio) != 2) continue;
                unsigned keep = (1u << (digits[a] - 1)) | (1u << (digits[b] - 1));
                int any = 0;
                memset(elim, 0, 81 * sizeof *elim);
                for (uint32_t at = unio; at; at = clear_lowest(at)) {
                    int c = cell_of(h, lowest_index(at));
                    elim[c] = (uint16_t)(cands[c] & ~keep);
                    any |= elim[c] != 0;
                }
                if (any) return 1;
            }
    }
    return 0;
}

static int naked_single(const uint16_t *cands, int *cell, int *digit)
{
    for (int i = 0; i < 81; i++)
        if (one_bit(cands[i])) {
            *cell = i;
            *digit = lowest_index(cands[i]) + 1;
            return 1;
        }
    return 0;
}

/* The first step of the first enabled technique: its code, or -1. A placement sets
 * *cell (a house number for an elimination, with *targets its 9-bit positions). */
static int find_step(const uint8_t *values, const uint16_t *cands, unsigned enabled, int *cell, int *digit,
                     uint32_t *targets, uint16_t *elim)
{
    h9_view v;
    build_view(values, cands, &v);
    for (int code = 0; code < H9_TECHNIQUES; code++) {
        if (!(enabled >> code & 1u)) continue;
        int hit = 0;
        switch (code) {
        case 0: hit = full_house(values, cands, &v, cell, digit); break;
        case 1: hit = hidden_single(&v, 18, 26, cell, digit); break;
        case 2: hit = hidden_single(&v, 0, 17, cell, digit); break;
        case 3: hit = locking(&v, 18, BOX_COL, 1, cell, digit) || locking(&v, 18, TRIPLE, 0, cell, digit); break;
        case 4: hit = locking(&v, 9, TRIPLE, 0, cell, digit) || locking(&v, 0, TRIPLE, 0, cell, digit); break;
        case 5: hit = direct_hidden(&v, 2, cell, digit); break;
        case 6: hit = naked_single(cands, cell, digit); break;
        case 7: hit = direct_hidden(&v, 3, cell, digit); break;
        case 8:
        case 9: hit = locked(&v, code == 8, digit, cell, targets); break;
        case 10: hit = locked_pair(cands, elim); break;
        case 11: hit = naked_pair(cands, elim); break;
        case 12: hit = x_wing(&v, elim); break;
        default: hit = hidden_pair(values, cands, &v, elim); break;
        }
        if (hit) return code;
    }
    return -1;
}

/* Place digit in cell; 1 if a peer lost its last candidate. */
static int place(uint8_t *values, uint16_t *cands, int cell, int digit)
{
    int r = cell / 9, c = cell % 9, br = r / 3 * 3, bc = c / 3 * 3;
    uint16_t keep = (uint16_t)~(1u << (digit - 1));
    values[cell] = (uint8_t)digit;
    cands[cell] = 0;
    int emptied = 0;
    for (int k = 0; k < 9; k++) {
        int peers[3] = {9 * r + k, 9 * k + c, (br + k / 3) * 9 + bc + k % 3};
        for (int j = 0; j < 3; j++) {
            int p = peers[j];
            if (cands[p] & ~keep) {
                cands[p] &= keep;
                emptied |= !cands[p];
            }
        }
    }
    return emptied;
}

int human9_se_run(uint8_t values[81], uint16_t cands[81], unsigned enabled, int max_steps,
                  uint8_t steps[H9_STEP_BYTES], int *n_bytes)
{
    *n_bytes = 0;
    for (int i = 0; i < 81; i++)
        if (values[i] > 9 || cands[i] > SK_NINE || (values[i] && cands[i])) return H9_BAD_INPUT;
    if (max_steps > H9_MAX_STEPS) max_steps = H9_MAX_STEPS;
    int n = 0, len = 0, status = H9_DONE;
    for (;; n++) {
        if (n >= max_steps) {
            status = H9_MAX;
            break;
        }
        int cell = 0, digit = 0, emptied = 0;
        uint32_t targets = 0;
        uint16_t elim[81];
        int code = find_step(values, cands, enabled, &cell, &digit, &targets, elim);
        if (code < 0) break;
        steps[len++] = (uint8_t)code;
        if (code >= 10) { /* (cell, digit) pairs, ascending */
            int count = len;
            steps[len++] = 0;
            for (int c = 0; c < 81; c++)
                for (uint32_t m = elim[c]; m; m = clear_lowest(m)) {
                    steps[len++] = (uint8_t)c;
                    steps[len++] = (uint8_t)(lowest_index(m) + 1);
                    steps[count]++;
                }
            for (int c = 0; c < 81; c++) {
                if (!elim[c]) continue;
                cands[c] &= (uint16_t)~elim[c];
                emptied |= !cands[c];
            }
        } else if (code < 8) {
            steps[len++] = (uint8_t)cell;
            steps[len++] = (uint8_t)digit;
            emptied = place(values, cands, cell, digit);
        } else { /* cell is the cover house; each elimination is checked for safety, as
                  * every step must remove something (a bad state cannot loop) */
            int count = len + 1;
            steps[len++] = (uint8_t)digit;
            steps[len++] = 0;
            for (; targets; targets = clear_lowest(targets)) {
                int c = cell_of(cell, lowest_index(targets));
                cands[c] &= (uint16_t)~(1u << (digit - 1));
                emptied |= !cands[c];
                steps[len++] = (uint8_t)c;
                steps[count]++;
            }
        }
        if (emptied) {
            n++;
            status = H9_EMPTIED;
            break;
        }
    }
    *n_bytes = len;
    return status;
}

/* One candidate (bit of digit d) has left `cell`: drop the free counts of its houses and
 * queue a hidden single where one place is left (unless d == placed). */
static void replay_count(const uint32_t at[3], uint8_t free[27][10], int cell, int d, int placed, uint8_t *hs,
                         int *n_hs)
{
    int r = cell / 9, c = cell % 9, houses[3] = {r, 9 + c, 18 + r / 3 * 3 + c / 3};
    for (int j = 0; j < 3; j++) {
        int h = houses[j];
        if (--free[h][d] != 1 || d == placed) continue;
        int rest = first_in_house(at, h);
        if (rest >= 0 && *n_hs < H9_MAX_HS) {
            hs[2 * *n_hs] = (uint8_t)rest;
            hs[2 * *n_hs + 1] = (uint8_t)d;
            ++*n_hs;
        }
    }
}

int human9_replay(const uint8_t puzzle[81], uint16_t cands[81], uint8_t free[27][10], uint8_t ns[2 * H9_MAX_NS],
                  int *n_ns, uint8_t hs[2 * H9_MAX_HS], int *n_hs)
{
    *n_ns = *n_hs = 0;
    for (int i = 0; i < 81; i++)
        if (puzzle[i] > 9) return H9_BAD_INPUT;
    uint32_t at[10][3];
    for (int i = 0; i < 81; i++) cands[i] = SK_NINE;
    for (int d = 0; d <= 9; d++) at[d][0] = at[d][1] = at[d][2] = d ? 0x7FFFFFFu : 0;
    for (int h = 0; h < 27; h++) {
        free[h][0] = 0;
        for (int d = 1; d <= 9; d++) free[h][d] = 9;
    }
    for (int cell = 0; cell < 81; cell++) {
        int digit = puzzle[cell];
        if (!digit) continue;
        unsigned bit = 1u << (digit - 1);
        for (int b = 0; b < 3; b++) /* the peers still holding the digit, ascending */
            for (uint32_t m = peers_band(cell, b) & at[digit][b]; m; m = clear_lowest(m)) {
                int p = 27 * b + lowest_index(m);
                cands[p] &= (uint16_t)~bit;
                band_clear(at[digit], p);
                replay_count(at[digit], free, p, digit, 0, hs, n_hs);
                if (one_bit(cands[p]) && *n_ns < H9_MAX_NS) {
                    ns[2 * *n_ns] = (uint8_t)p;
                    ns[2 * *n_ns + 1] = (uint8_t)(lowest_index(cands[p]) + 1);
                    ++*n_ns;
                }
            }
        uint32_t old = cands[cell];
        cands[cell] = 0;
        for (uint32_t m = old; m; m = clear_lowest(m)) band_clear(at[lowest_index(m) + 1], cell);
        for (; old; old = clear_lowest(old)) {
            int d = lowest_index(old) + 1;
            replay_count(at[d], free, cell, d, digit, hs, n_hs);
        }
    }
    return 0;
}

/* ------------------------------------------------------------ HoDoKu's front */

typedef struct {
    uint8_t *values;
    uint16_t *cands;
    uint8_t free[27][10];
    uint8_t left[27];    /* sum of free[h][1..9]: the house's candidates */
    uint32_t at[10][3];  /* band words of each digit's places (see house_band) */
    int blanks;          /* empty cells */
    uint8_t ns[2 * H9_MAX_NS], hs[2 * H9_MAX_HS];
    int ns_head, ns_len, hs_head, hs_len; /* live entries: [head, len) */
} ho_state;

static void ho_push(uint8_t *queue, int *len, int cap, int cell, int digit)
{
    if (*len >= cap) return; /* cannot happen: see H9_MAX_NS / H9_MAX_HS */
    queue[2 * *len] = (uint8_t)cell;
    queue[2 * *len + 1] = (uint8_t)digit;
    ++*len;
}

static inline void ho_houses(int cell, int houses[3])
{
    houses[0] = GEOM9_CELL_HOUSES[cell][0];
    houses[1] = GEOM9_CELL_HOUSES[cell][1];
    houses[2] = GEOM9_CELL_HOUSES[cell][2];
}

/* Remove a candidate with HoDoKu's bookkeeping; 1 if it was there. */
static int ho_eliminate(ho_state *s, int cell, int d)
{
    unsigned bit = 1u << (d - 1);
    if (!(s->cands[cell] & bit)) return 0;
    s->cands[cell] &= (uint16_t)~bit;
    band_clear(s->at[d], cell);
    int houses[3];
    ho_houses(cell, houses);
    for (int j = 0; j < 3; j++) {
        s->left[houses[j]]--;
        if (--s->free[houses[j]][d] != 1) continue;
        int rest = first_in_house(s->at[d], houses[j]);
        if (rest >= 0) ho_push(s->hs, &s->hs_len, H9_MAX_HS, rest, d);
    }
    if (one_bit(s->cands[cell])) ho_push(s->ns, &s->ns_len, H9_MAX_NS, cell, lowest_index(s->cands[cell]) + 1);
    return 1;
}

static void ho_place(ho_state *s, int cell, int digit)
{
    if (s->values[cell] == digit) return;
    for (int b = 0; b < 3; b++) /* the peers still holding the digit, ascending */
        for (uint32_t m = peers_band(cell, b) & s->at[digit][b]; m; m = clear_lowest(m))
            ho_eliminate(s, 27 * b + lowest_index(m), digit);
    uint32_t old = s->cands[cell];
    s->cands[cell] = 0;
    for (uint32_t m = old; m; m = clear_lowest(m)) band_clear(s->at[lowest_index(m) + 1], cell);
    int houses[3];
    ho_houses(cell, houses);
    for (; old; old = clear_lowest(old)) {
        int d = lowest_index(old) + 1;
        for (int j = 0; j < 3; j++) {
            s->left[houses[j]]--;
            if (--s->free[houses[j]][d] != 1 || d == digit) continue;
            int rest = first_in_house(s->at[d], houses[j]);
            if (rest >= 0) ho_push(s->hs, &s->hs_len, H9_MAX_HS, rest, d);
        }
    }
    s->blanks -= !s->values[cell];
    s->values[cell] = (uint8_t)digit;
}

/* A queued naked single that is the last place of some house (no other digit left
 * there). Entries of filled cells are dropped first when there are any. */
static int ho_full_house(ho_state *s, int *cell, int *digit)
{
    int stale = 0;
    for (int k = s->ns_head; k < s->ns_len; k++) stale |= s->values[s->ns[2 * k]] != 0;
    if (stale) {
        int out = s->ns_head;
        for (int k = s->ns_head; k < s->ns_len; k++)
            if (!s->values[s->ns[2 * k]]) {
                s->ns[2 * out] = s->ns[2 * k];
                s->ns[2 * out + 1] = s->ns[2 * k + 1];
                out++;
            }
        s->ns_len = out;
    }
    for (int k = s->ns_head; k < s->ns_len; k++) {
        int c = s->ns[2 * k], d = s->ns[2 * k + 1], houses[3];
        ho_houses(c, houses);
        for (int j = 0; j < 3; j++) {
            if (s->left[houses[j]] == s->free[houses[j]][d]) {
                *cell = c;
                *digit = d;
                return 1;
            }
        }
    }
    return 0;
}

static int ho_naked_single(ho_state *s, int *cell, int *digit)
{
    while (s->ns_head < s->ns_len) {
        int c = s->ns[2 * s->ns_head], d = s->ns[2 * s->ns_head + 1];
        s->ns_head++;
        if (!s->values[c]) {
            *cell = c;
            *digit = d;
            return 1;
        }
    }
    return 0;
}

/* The first queued hidden single of an empty cell (HoDoKu gives up on the first entry
 * that is no longer one): 1 in a box, 2 in a line, 0 none. */
static int ho_hidden_single(ho_state *s, int *cell, int *digit)
{
    while (s->hs_head < s->hs_len) {
        int c = s->hs[2 * s->hs_head], d = s->hs[2 * s->hs_head + 1], houses[3];
        s->hs_head++;
        if (s->values[c]) continue;
        ho_houses(c, houses);
        for (int j = 0; j < 3; j++)
            if (s->free[houses[j]][d] == 1 && (s->cands[c] >> (d - 1) & 1u)) {
                *cell = c;
                *digit = d;
                return houses[j] >= 18 ? 1 : 2;
            }
        return 0;
    }
    return 0;
}

/* Deletions of a step: (cell, digit) pairs in HoDoKu's order. */
typedef struct {
    int n;
    uint8_t cell[81 * 4], digit[81 * 4];
} ho_dels;

static void dels_add(ho_dels *o, int cell, int digit)
{
    for (int k = 0; k < o->n; k++)
        if (o->cell[k] == cell && o->digit[k] == digit) return;
    if (o->n < 81 * 4) {
        o->cell[o->n] = (uint8_t)cell;
        o->digit[o->n] = (uint8_t)digit;
        o->n++;
    }
}

/* Locked Candidates type 1 (boxes) or 2 (rows, then columns), HoDoKu's order. */
static int ho_locked_candidates(const ho_state *s, int pointing, ho_dels *o)
{
    for (int u = 0; u < (pointing ? 9 : 18); u++) {
        int unit = pointing ? 18 + u : u;
        for (int d = 1; d <= 9; d++) {
            int n = s->free[unit][d], first = -1;
            if (n != 2 && n != 3) continue;
            uint32_t in[3]; /* the unit's places of d, as band words */
            for (int b = 0; b < 3; b++) {
                in[b] = house_band(unit, b) & s->at[d][b];
                if (first < 0 && in[b]) first = 27 * b + lowest_index(in[b]);
            }
            if (first < 0) continue; /* cannot happen: free counts the same places */
            for (int kind = pointing ? 0 : 2; kind <= (pointing ? 1 : 2); kind++) {
                int houses[3], all = 1;
                ho_houses(first, houses);
                int cover = houses[kind];
                for (int b = 0; b < 3; b++) all &= (in[b] & ~house_band(cover, b)) == 0;
                if (!all || s->free[cover][d] <= n) continue;
                o->n = 0;
                for (int b = 0; b < 3; b++) /* the cover's other places, ascending */
                    for (uint32_t m = house_band(cover, b) & s->at[d][b] & ~in[b]; m; m = clear_lowest(m))
                        dels_add(o, 27 * b + lowest_index(m), d);
                return 1;
            }
        }
    }
    return 0;
}

/* The naked/locked subset step of `cells`: deletions house by house (row, column, box
 * shared by the cells); 1 if there are deletions and it is locked exactly when asked. */
static int ho_subset_step(const ho_state *s, const int *cells, int size, unsigned mask, int locked, ho_dels *o)
{
    int first[3], same[3] = {1, 1, 1}, found[3] = {0, 0, 0};
    ho_houses(cells[0], first);
    for (int k = 1; k < size; k++) {
        int hk[3];
        ho_houses(cells[k], hk);
        for (int j = 0; j < 3; j++) same[j] &= hk[j] == first[j];
    }
    o->n = 0;
    for (int j = 0; j < 3; j++) {
        if (!same[j]) continue;
        for (int k = 0; k < 9; k++) {
            int c = cell_of(first[j], k), inside = 0, hc[3];
            for (int t = 0; t < size; t++) inside |= cells[t] == c;
            uint32_t hit = s->cands[c] & mask;
            if (inside || !hit) continue;
            for (; hit; hit = clear_lowest(hit)) dels_add(o, c, lowest_index(hit) + 1);
            ho_houses(c, hc);
            if (j == 2 || hc[2] != first[2]) found[j] = 1;
        }
    }
    if (!o->n) return 0;
    int is_locked = size < 4 && found[0] + found[1] + found[2] > 1 && same[2] && (same[0] || same[1]);
    return is_locked == locked;
}

/* The first combination (lexicographic, of `size` of the n sets) whose union has exactly
 * `size` bits and that `accept` takes, into idx; 1 if there is one. A prefix whose union
 * already has more than `size` bits is not extended: no combination through it qualifies,
 * so the first one found is the one the plain lexicographic scan finds. */
typedef int (*ho_accept)(const ho_state *s, const int *idx, int size, unsigned unio, const void *arg, ho_dels *o);

static int ho_combos(const ho_state *s, const unsigned *sets, int n, int size, ho_accept accept, const void *arg,
                     ho_dels *o)
{
    int idx[4], t = 0;
    unsigned acc[5];
    acc[0] = 0, idx[0] = 0;
    while (t >= 0) {
        if (idx[t] > n - size + t) { /* this level is done: back up */
            if (--t >= 0) idx[t]++;
            continue;
        }
        unsigned unio = acc[t] | sets[idx[t]];
        if (count9(unio) > size) {
            idx[t]++;
            continue;
        }
        if (t == size - 1) {
            if (count9(unio) == size && accept(s, idx, size, unio, arg, o)) return 1;
            idx[t]++;
            continue;
        }
        acc[t + 1] = unio;
        idx[t + 1] = idx[t] + 1;
        t++;
    }
    return 0;
}

typedef struct {
    const int *cells;
    int locked;
} ho_naked_arg;

static int naked_accept(const ho_state *s, const int *idx, int size, unsigned unio, const void *arg, ho_dels *o)
{
    const ho_naked_arg *a = arg;
    int combo[4];
    for (int t = 0; t < size; t++) combo[t] = a->cells[idx[t]];
    return ho_subset_step(s, combo, size, unio, a->locked, o);
}

/* Naked (or locked) subsets, HoDoKu's order: boxes (only boxes when locked), rows,
 * columns; cells with 1..size candidates, combinations in cell order. */
static int ho_naked(const ho_state *s, int size, int locked, ho_dels *o)
{
    for (int u = 0; u < (locked ? 9 : 27); u++) {
        int unit = u < 9 ? 18 + u : u - 9, cells[9], m = 0;
        unsigned sets[9];
        for (int k = 0; k < 9; k++) {
            int c = cell_of(unit, k), n = count9(s->cands[c]);
            if (n && n <= size) sets[m] = s->cands[c], cells[m++] = c;
        }
        if (m < size) continue;
        ho_naked_arg arg = {cells, locked};
        if (ho_combos(s, sets, m, size, naked_accept, &arg, o)) return 1;
    }
    return 0;
}

typedef struct {
    const int *digits;
    int unit;
} ho_hidden_arg;

/* The hidden subset of these digits (places `unio` in the unit): its deletions, if any. */
static int hidden_accept(const ho_state *s, const int *idx, int size, unsigned unio, const void *arg, ho_dels *o)
{
    const ho_hidden_arg *a = arg;
    unsigned keep = 0;
    for (int t = 0; t < size; t++) keep |= 1u << (a->digits[idx[t]] - 1);
    o->n = 0;
    for (uint32_t at = unio; at; at = clear_lowest(at)) {
        int c = cell_of(a->unit, lowest_index(at));
        for (uint32_t other = s->cands[c] & ~keep; other; other = clear_lowest(other))
            dels_add(o, c, lowest_index(other) + 1);
    }
    return o->n > 0;
}

/* Hidden subsets, HoDoKu's order: boxes, rows, columns; digits with 1..size places,
 * combinations in digit order whose places together are `size` cells. */
/* Each house's places of each digit (bit k: its k-th cell) and open cells, for the hidden
 * subset searches of one pass (sizes 2, 3 and 4 read the same grid): filled on first use. */
typedef struct {
    int ready;
    uint16_t places[27][10];
    uint8_t open[27];
} ho_places;

static void fill_places(const ho_state *s, ho_places *p)
{
    memset(p->places, 0, sizeof p->places);
    for (int unit = 0; unit < 27; unit++) {
        int open = 0;
        for (int k = 0; k < 9; k++) {
            unsigned m = s->cands[cell_of(unit, k)];
            open += m != 0;
            for (; m; m = clear_lowest(m)) p->places[unit][lowest_index(m) + 1] |= (uint16_t)(1u << k);
        }
        p->open[unit] = (uint8_t)open;
    }
    p->ready = 1;
}

static int ho_hidden(const ho_state *s, int size, ho_places *p, ho_dels *o)
{
    if (!p->ready) fill_places(s, p);
    for (int u = 0; u < 27; u++) {
        int unit = u < 9 ? 18 + u : u - 9, digits[9], m = 0;
        const uint16_t *places = p->places[unit];
        if (p->open[unit] <= size) continue;
        unsigned sets[9];
        for (int d = 1; d <= 9; d++)
            if (s->free[unit][d] > 0 && s->free[unit][d] <= size) sets[m] = places[d], digits[m++] = d;
        if (m < size) continue;
        ho_hidden_arg arg = {digits, unit};
        if (ho_combos(s, sets, m, size, hidden_accept, &arg, o)) return 1;
    }
    return 0;
}

static int ho_write_queue(const uint8_t *queue, int head, int len, uint8_t *out)
{
    memcpy(out, queue + 2 * head, (size_t)(2 * (len - head)));
    return 2 * (len - head);
}

int human9_ho_run(uint8_t values[81], uint16_t cands[81], uint8_t *ns, int *n_ns, uint8_t *hs, int *n_hs,
                  unsigned enabled, int max_steps, uint8_t steps[H9_HO_STEP_BYTES], int *n_bytes,
                  uint8_t free_out[27][10])
{
    return human9_ho_run_after(values, cands, ns, n_ns, hs, n_hs, NULL, 0, enabled, max_steps, steps, n_bytes, free_out);
}

int human9_ho_run_after(uint8_t values[81], uint16_t cands[81], uint8_t *ns, int *n_ns, uint8_t *hs, int *n_hs,
                        const uint8_t *pre, int n_pre, unsigned enabled, int max_steps,
                        uint8_t steps[H9_HO_STEP_BYTES], int *n_bytes, uint8_t free_out[27][10])
{
    *n_bytes = 0;
    if (n_pre < 0 || (n_pre && !pre)) return H9_BAD_INPUT;
    for (int k = 0; k < n_pre; k++) {
        const uint8_t *e = pre + 3 * k;
        if (e[0] > 1 || e[1] > 80 || e[2] < 1 || e[2] > 9 || (!e[0] && values[e[1]] && values[e[1]] != e[2]))
            return H9_BAD_INPUT;
    }
    for (int i = 0; i < 81; i++)
        if (values[i] > 9 || cands[i] > SK_NINE || (values[i] && cands[i])) return H9_BAD_INPUT;
    if (*n_ns > H9_MAX_NS || *n_hs > H9_MAX_HS) return H9_BAD_INPUT;
    for (int k = 0; k < *n_ns + *n_hs; k++) {
        const uint8_t *e = k < *n_ns ? ns + 2 * k : hs + 2 * (k - *n_ns);
        if (e[0] > 80 || e[1] < 1 || e[1] > 9) return H9_BAD_INPUT;
    }
    ho_state s;
    s.values = values;
    s.cands = cands;
    memcpy(s.ns, ns, (size_t)(2 * *n_ns));
    memcpy(s.hs, hs, (size_t)(2 * *n_hs));
    s.ns_head = s.hs_head = 0;
    s.ns_len = *n_ns;
    s.hs_len = *n_hs;
    memset(s.free, 0, sizeof s.free);
    memset(s.left, 0, sizeof s.left);
    s.blanks = 0;
    for (int i = 0; i < 81; i++) {
        int houses[3];
        ho_houses(i, houses);
        s.blanks += !values[i];
        for (uint32_t m = cands[i]; m; m = clear_lowest(m))
            for (int j = 0; j < 3; j++) s.free[houses[j]][lowest_index(m) + 1]++, s.left[houses[j]]++;
    }
    band_words(cands, s.at);
    for (int k = 0; k < n_pre; k++) { /* the caller's step first, with the same bookkeeping */
        const uint8_t *e = pre + 3 * k;
        if (e[0]) ho_eliminate(&s, e[1], e[2]);
        else ho_place(&s, e[1], e[2]);
    }
    if (max_steps > H9_MAX_STEPS) max_steps = H9_MAX_STEPS;
    int status = H9_DONE, len = 0;
    ho_dels dels;
    ho_places places;
    for (int n = 0;; n++) {
        places.ready = 0; /* each pass looks at the grid the last step left */
        if (n >= max_steps) {
            status = H9_MAX;
            break;
        }
        if (!s.blanks) break;
        int code = -1, cell = 0, digit = 0;
        for (int t = 0; t < H9_HO_TECHNIQUES && code < 0; t++) {
            if (!(enabled >> t & 1u)) continue;
            int hit = 0;
            switch (t) {
            case 0: hit = ho_full_house(&s, &cell, &digit); break;
            case 1: hit = ho_naked_single(&s, &cell, &digit); break;
            case 2: hit = ho_hidden_single(&s, &cell, &digit); if (hit) { code = hit == 1 ? 2 : 3; continue; } break;
            case 3: hit = ho_naked(&s, 2, 1, &dels); break;
            case 4: hit = ho_naked(&s, 3, 1, &dels); break;
            case 5: hit = ho_locked_candidates(&s, 1, &dels); break;
            case 6: hit = ho_locked_candidates(&s, 0, &dels); break;
            case 7: hit = ho_naked(&s, 2, 0, &dels); break;
            case 8: hit = ho_naked(&s, 3, 0, &dels); break;
            case 9: hit = ho_hidden(&s, 2, &places, &dels); break;
            case 10: hit = ho_hidden(&s, 3, &places, &dels); break;
            case 11: hit = ho_naked(&s, 4, 0, &dels); break;
            default: hit = ho_hidden(&s, 4, &places, &dels); break;
            }
            if (hit) code = t < 2 ? t : t + 1; /* step codes: 2 and 3 are the hidden singles */
        }
        if (code < 0) break;
        if (code < 4) {
            steps[len++] = (uint8_t)code;
            steps[len++] = (uint8_t)cell;
            steps[len++] = (uint8_t)digit;
            ho_place(&s, cell, digit);
        } else {
            if (len + 2 + 2 * dels.n > H9_HO_STEP_BYTES) { /* cannot happen: 729 deletions at most */
                status = H9_MAX;
                break;
            }
            steps[len++] = (uint8_t)code;
            steps[len++] = (uint8_t)dels.n;
            for (int k = 0; k < dels.n; k++) {
                steps[len++] = dels.cell[k];
                steps[len++] = dels.digit[k];
                ho_eliminate(&s, dels.cell[k], dels.digit[k]);
            }
        }
    }
    *n_bytes = len;
    *n_ns = ho_write_queue(s.ns, s.ns_head, s.ns_len, ns) / 2;
    *n_hs = ho_write_queue(s.hs, s.hs_head, s.hs_len, hs) / 2;
    memcpy(free_out, s.free, sizeof s.free);
    return status;
}

int human9_ho_tally(const uint8_t *steps, int n_bytes, int counts[H9_HO_CODES], uint8_t order[H9_HO_CODES])
{
    int used = 0;
    memset(counts, 0, H9_HO_CODES * sizeof counts[0]);
    for (int j = 0; j < n_bytes;) {
        int code = steps[j];
        /* a single: (code, cell, digit); deletions: (code, n, n x (cell, digit)) */
        int len = code < 4 ? 3 : (j + 1 < n_bytes ? 2 + 2 * steps[j + 1] : n_bytes + 1);
        if (code >= H9_HO_CODES || len > n_bytes - j) return -1;
        if (!counts[code]++) order[used++] = (uint8_t)code;
        j += len;
    }
    return used;
}
