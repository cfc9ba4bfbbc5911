/* ref_solver.c -- a deliberately plain Sudoku solver: per-house used-digit masks,
 * depth-first search on whatever has the fewest options (an empty cell's digits or a
 * house's places for a missing digit).  No other propagation, so it shares no logic
 * (and no bugs) with solver9.c.
 */
#include "ref_solver.h"

#include <string.h>

#include "../solver9.h"

typedef struct {
    uint8_t cell[81]; /* 0 = empty, else digit 1..9 */
    uint16_t row[9], col[9], box[9];
    uint32_t count, limit;
    uint8_t *solution;
} ref_state;

static int box_of(int i) { return (i / 27) * 3 + (i % 9) / 3; }

static uint16_t free_digits(const ref_state *s, int i)
{
    return (uint16_t)(~(s->row[i / 9] | s->col[i % 9] | s->box[box_of(i)]) & 0x1FF);
}

static void set_digit(ref_state *s, int i, int d, int on)
{
    uint16_t bit = (uint16_t)(1u << (d - 1));
    if (on) {
        s->row[i / 9] |= bit;
        s->col[i % 9] |= bit;
        s->box[box_of(i)] |= bit;
        s->cell[i] = (uint8_t)d;
    } else {
        s->row[i / 9] &= (uint16_t)~bit;
        s->col[i % 9] &= (uint16_t)~bit;
        s->box[box_of(i)] &= (uint16_t)~bit;
        s->cell[i] = 0;
    }
}

static int popcount9(uint16_t x)
{
    int n = 0;
    for (; x; x &= (uint16_t)(x - 1)) n++;
    return n;
}

/* Cell i of house h: 9 rows, then 9 columns, then 9 boxes. */
static int house_cell(int h, int k)
{
    if (h < 9) return 9 * h + k;
    if (h < 18) return 9 * k + (h - 9);
    h -= 18;
    return (h / 3 * 3 + k / 3) * 9 + h % 3 * 3 + k % 3;
}

/* Branch on whatever has the fewest options: an empty cell (its digits) or a digit
 * missing from a house (its cells).  0 options anywhere means a dead end. */
static void ref_search(ref_state *s)
{
    int best_n = 10, best_cell = -1, best_house = -1, best_digit = 0;
    for (int i = 0; i < 81 && best_n > 1; i++) {
        if (s->cell[i]) continue;
        int n = popcount9(free_digits(s, i));
        if (n == 0) return;
        if (n < best_n) {
            best_n = n;
            best_cell = i;
        }
    }
    if (best_cell < 0) {
        if (s->count++ == 0 && s->solution)
            for (int i = 0; i < 81; i++) s->solution[i] = (uint8_t)('0' + s->cell[i]);
        return;
    }
    for (int h = 0; h < 27 && best_n > 1; h++) {
        for (int d = 1; d <= 9; d++) {
            int n = 0, present = 0;
            for (int k = 0; k < 9; k++) {
                int i = house_cell(h, k);
                if (s->cell[i] == d) present = 1;
                else if (!s->cell[i] && (free_digits(s, i) >> (d - 1) & 1)) n++;
            }
            if (present) continue;
            if (n == 0) return;
            if (n < best_n) {
                best_n = n;
                best_house = h;
                best_digit = d;
            }
        }
    }
    if (best_house >= 0) {
        for (int k = 0; k < 9 && s->count < s->limit; k++) {
            int i = house_cell(best_house, k);
            if (s->cell[i] || !(free_digits(s, i) >> (best_digit - 1) & 1)) continue;
            set_digit(s, i, best_digit, 1);
            ref_search(s);
            set_digit(s, i, best_digit, 0);
        }
        return;
    }
    uint16_t digits = free_digits(s, best_cell);
    for (int d = 1; d <= 9 && s->count < s->limit; d++) {
        if (!(digits >> (d - 1) & 1)) continue;
        set_digit(s, best_cell, d, 1);
        ref_search(s);
        set_digit(s, best_cell, d, 0);
    }
}

uint32_t ref_solve(const uint8_t *puzzle, uint32_t limit, uint8_t *solution)
{
    ref_state s;
    memset(&s, 0, sizeof s);
    s.limit = limit ? limit : 1;
    s.solution = solution;
    if (solution) memset(solution, '.', 81);
    for (int i = 0; i < 81; i++) {
        uint8_t ch = puzzle[i];
        if (!((ch >= '1' && ch <= '9') || ch == '.' || ch == '0')) return S9_BAD_INPUT;
    }
    for (int i = 0; i < 81; i++) {
        uint8_t ch = puzzle[i];
        if (ch < '1') continue;
        int d = ch - '0';
        if (!(free_digits(&s, i) >> (d - 1) & 1)) return 0;
        set_digit(&s, i, d, 1);
    }
    ref_search(&s);
    return s.count;
}
