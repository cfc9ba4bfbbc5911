/* dig9.c -- random full grids and digging for sudokit.generate; see dig9.h.
 *
 * The uniqueness checks are s9_solve(puzzle, 2, ...) calls (solver9.h); everything
 * else here is bookkeeping that used to be a Python loop around those calls.  One
 * shortcut: dig skips a count whose answer is certainly "two" because the removal would
 * leave an unavoidable set of the solution blank (about 9 of the ~24 removals that fail
 * in a minimal dig; 110 -> 98 us per dig).  It never changes a result.
 */
#include "dig9.h"

#include <string.h>

#include "solver9.h"

/* The caller's random words, read front to back. */
typedef struct {
    const uint8_t *bytes;
    size_t n, pos;
} word_stream;

static int bit_length(uint32_t n)
{
    int k = 0;
    while (n) {
        k++;
        n >>= 1;
    }
    return k;
}

/* CPython's Random._randbelow_with_getrandbits(n) for 1 <= n < 2**32, reading one word
 * per getrandbits(k) (k <= 32 bits are the top bits of one Mersenne Twister output).
 * Returns -1 when the words run out. */
static int64_t randbelow(word_stream *s, uint32_t n)
{
    int k = bit_length(n);
    for (;;) {
        if (s->pos >= s->n) return -1;
        const uint8_t *b = s->bytes + 4 * s->pos++;
        uint32_t word = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        uint32_t r = word >> (32 - k);
        if (r < n) return r;
    }
}

/* CPython's Random.shuffle on x[0..len); 0, or -1 when the words run out. */
static int shuffle(word_stream *s, uint8_t *x, int len)
{
    for (int i = len - 1; i >= 1; i--) {
        int64_t j = randbelow(s, (uint32_t)i + 1);
        if (j < 0) return -1;
        uint8_t t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
    return 0;
}

static int is_blank(uint8_t ch) { return ch == '.' || ch == '0'; }

static int same_house(int a, int b)
{
    int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
    return ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
}

/* Digits 1..9 of cell i's peers, as a mask (bit d-1 = digit d). */
static unsigned peer_digits(const uint8_t *cells, int i)
{
    unsigned used = 0;
    for (int p = 0; p < 81; p++)
        if (p != i && !is_blank(cells[p]) && same_house(i, p)) used |= 1u << (cells[p] - '1');
    return used;
}

/* Try cell i's allowed digits in random order: 1 the grid is now unique (its completion
 * is in grid), 0 a digit was kept (more than one completion), -1 words ran out,
 * -2 no digit keeps the grid solvable. */
static int fill_cell(word_stream *s, uint8_t *cells, int i, uint8_t *grid)
{
    unsigned used = peer_digits(cells, i);
    uint8_t options[9];
    int n = 0;
    for (int d = 1; d <= 9; d++)
        if (!(used >> (d - 1) & 1u)) options[n++] = (uint8_t)d;
    if (shuffle(s, options, n) < 0) return -1;
    for (int k = 0; k < n; k++) {
        cells[i] = (uint8_t)('0' + options[k]);
        uint32_t count = s9_solve(cells, 2, grid, NULL);
        if (count == 1) return 1;
        if (count == 2) return 0;
    }
    return -2;
}

int dig9_fill(const uint8_t *words, size_t n_words, uint8_t grid[81])
{
    word_stream s = {words, words ? n_words : 0, 0};
    uint8_t cells[81];
    memset(cells, '.', sizeof cells);
    for (int box = 0; box < 9; box += 4) {
        uint8_t digits[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        if (shuffle(&s, digits, 9) < 0) return DIG9_NEED_WORDS;
        int top = (box / 3) * 27 + (box % 3) * 3;
        for (int k = 0; k < 9; k++) cells[top + (k / 3) * 9 + k % 3] = (uint8_t)('0' + digits[k]);
    }
    uint8_t order[81];
    int n = 0;
    for (int i = 0; i < 81; i++)
        if (cells[i] == '.') order[n++] = (uint8_t)i;
    if (shuffle(&s, order, n) < 0) return DIG9_NEED_WORDS;
    for (int k = 0; k < n; k++) {
        int r = fill_cell(&s, cells, order[k], grid);
        if (r == 1) return (int)s.pos;
        if (r == -1) return DIG9_NEED_WORDS;
        if (r == -2) return DIG9_FAILED;
    }
    return DIG9_FAILED; /* a full grid always has exactly one completion */
}

/* A set of cells: bit i of the 128 bits is cell i. */
typedef struct {
    uint64_t lo, hi;
} cellset;

static void cellset_add(cellset *s, int i)
{
    if (i < 64) s->lo |= 1ull << i;
    else s->hi |= 1ull << (i - 64);
}

static int cellset_within(const cellset *a, const cellset *b) { return !(a->lo & ~b->lo) && !(a->hi & ~b->hi); }

/* Unavoidable sets of the full grid s from digit pairs: for digits a and b, link each
 * cell holding one of them to the cells holding the other in its row, its column and its
 * box; swapping a and b on a connected group of such cells gives another valid grid (each
 * row, column and box it touches keeps one a and one b).  So a puzzle whose givens all fit
 * s and leave a whole group blank has two solutions.  Groups have 4 to 18 cells; 36 pairs
 * give at most 36 * 4 of them (DIG9_MAX_UA). */
#define DIG9_MAX_UA 144
static int box_of(int i) { return (i / 27) * 3 + (i % 9) / 3; }

static int digit_pair_sets(const uint8_t *s, cellset *ua)
{
    uint8_t at[9][3][9]; /* at[d][kind][house]: the cell of digit d+1 in row/column/box `house` */
    for (int i = 0; i < 81; i++) {
        int d = s[i] - '1';
        at[d][0][i / 9] = (uint8_t)i;
        at[d][1][i % 9] = (uint8_t)i;
        at[d][2][box_of(i)] = (uint8_t)i;
    }
    int n = 0;
    for (int a = 0; a < 9; a++)
        for (int b = a + 1; b < 9; b++) {
            uint8_t seen[81] = {0}, stack[18];
            for (int r = 0; r < 9; r++) {
                int first = at[a][0][r];
                if (seen[first]) continue;
                cellset group = {0, 0};
                int top = 0;
                stack[top++] = (uint8_t)first;
                seen[first] = 1;
                while (top) {
                    int x = stack[--top], other = s[x] - '1' == a ? b : a;
                    cellset_add(&group, x);
                    const int house[3] = {x / 9, x % 9, box_of(x)};
                    for (int kind = 0; kind < 3; kind++) {
                        int y = at[other][kind][house[kind]];
                        if (!seen[y]) {
                            seen[y] = 1;
                            stack[top++] = (uint8_t)y;
                        }
                    }
                }
                if (n < DIG9_MAX_UA) ua[n++] = group;
            }
        }
    return n;
}

/* Blank one orbit; put it back unless the puzzle stays unique.  Returns the givens
 * removed.  `blank` holds the puzzle's blank cells (kept up to date).  When the blanks
 * would cover one of the n_ua unavoidable sets of the puzzle's solution, the count is
 * certainly 2 and is skipped: the answer is the count's, only cheaper. */
static int try_remove(uint8_t *puzzle, const uint8_t *orbit, int size, cellset *blank, const cellset *ua, int n_ua)
{
    uint8_t saved[81];
    int removed = 0;
    cellset after = *blank;
    for (int k = 0; k < size; k++) {
        saved[k] = puzzle[orbit[k]];
        removed += !is_blank(saved[k]);
        puzzle[orbit[k]] = '.';
        cellset_add(&after, orbit[k]);
    }
    int covered = 0;
    for (int k = 0; k < n_ua && !covered; k++) covered = cellset_within(&ua[k], &after);
    if (removed && !covered && s9_solve(puzzle, 2, NULL, NULL) == 1) {
        *blank = after;
        return removed;
    }
    for (int k = 0; k < size; k++) puzzle[orbit[k]] = saved[k];
    return 0;
}

int dig9_dig(uint8_t puzzle[81], const uint8_t *cells, const uint8_t *sizes, size_t n_orbits, const uint8_t *words,
             size_t n_words, int stop_at)
{
    if (n_orbits > 81 || stop_at < 0 || stop_at > 81) return DIG9_BAD_INPUT;
    uint8_t start[81], order[81];
    int total = 0, givens = 0;
    for (size_t k = 0; k < n_orbits; k++) {
        if (sizes[k] < 1 || total + sizes[k] > 81) return DIG9_BAD_INPUT;
        start[k] = (uint8_t)total;
        order[k] = (uint8_t)k;
        total += sizes[k];
    }
    for (int k = 0; k < total; k++)
        if (cells[k] > 80) return DIG9_BAD_INPUT;
    for (int i = 0; i < 81; i++) {
        if (!is_blank(puzzle[i]) && !(puzzle[i] >= '1' && puzzle[i] <= '9')) return DIG9_BAD_INPUT;
        givens += !is_blank(puzzle[i]);
    }
    word_stream s = {words, words ? n_words : 0, 0};
    if (words && shuffle(&s, order, (int)n_orbits) < 0) return DIG9_NEED_WORDS;
    /* Unavoidable sets of the solution, when the puzzle has exactly one. */
    uint8_t solution[81];
    cellset ua[DIG9_MAX_UA], blank = {0, 0};
    int n_ua = givens > stop_at && s9_solve(puzzle, 2, solution, NULL) == 1 ? digit_pair_sets(solution, ua) : 0;
    for (int i = 0; i < 81; i++)
        if (is_blank(puzzle[i])) cellset_add(&blank, i);
    for (size_t k = 0; k < n_orbits && givens > stop_at; k++)
        givens -= try_remove(puzzle, cells + start[order[k]], sizes[order[k]], &blank, ua, n_ua);
    return (int)s.pos;
}
