/* horect9.c -- HoDoKu's Unique, Hidden and Avoidable Rectangles; see horect9.h and the twin
 * src/sudokit/_pyrect9.py (same search, same order, same records). */
#include "horect9.h"
#include "bits.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RECTS 486 /* rectangles spanning two boxes: each four-cell set is listed once */
#define MAX_ELIMS 255 /* a record's count byte; the geometry keeps every type far below */

typedef struct {
    uint64_t w[2]; /* cells 0-63, 64-80 */
} m81;

typedef struct {
    uint8_t c[4];             /* i11, i12, i21, i22 */
    uint8_t a, b;             /* UR: the digits ascending; AR: the values of i11 and i12 */
    uint8_t two[4], add[4];   /* UR: corners holding only a/b, and the others, ascending */
    uint8_t ntwo, nadd;
} rect;

typedef struct {
    uint8_t head[HR_HEAD];
    uint8_t cells[9];
    int ncells;
    uint16_t em[81]; /* the eliminations, per cell */
} record;

typedef struct {
    const uint16_t *cands;
    const uint8_t *values, *givens;
    m81 where[10];
    rect ur[MAX_RECTS], ar[MAX_RECTS];
    int nur, nar;
    hr_out *out;
    int status, max, count;
} hr_ctx;

/* Row, column and box of each cell; each box's cells in reading order; the 27 houses'
 * cells (rows, columns, boxes) as masks (cell c is bit c % 64 of word c / 64). */
static const uint8_t ROW[81] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8,
};
static const uint8_t COL[81] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8,
};
static const uint8_t BOX[81] = {
    0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2,
    3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8,
};
static const uint8_t BOX_CELLS[9][9] = {
    {0, 1, 2, 9, 10, 11, 18, 19, 20},     {3, 4, 5, 12, 13, 14, 21, 22, 23},    {6, 7, 8, 15, 16, 17, 24, 25, 26},
    {27, 28, 29, 36, 37, 38, 45, 46, 47}, {30, 31, 32, 39, 40, 41, 48, 49, 50}, {33, 34, 35, 42, 43, 44, 51, 52, 53},
    {54, 55, 56, 63, 64, 65, 72, 73, 74}, {57, 58, 59, 66, 67, 68, 75, 76, 77}, {60, 61, 62, 69, 70, 71, 78, 79, 80},
};
/* Each cell's box partners in its row or column, in the box's reading order. */
static const uint8_t PARTNERS[81][4] = {
    {1, 2, 9, 18}, {0, 2, 10, 19}, {0, 1, 11, 20}, {4, 5, 12, 21}, {3, 5, 13, 22}, {3, 4, 14, 23}, {7, 8, 15, 24}, {6, 8, 16, 25}, {6, 7, 17, 26},
    {0, 10, 11, 18}, {1, 9, 11, 19}, {2, 9, 10, 20}, {3, 13, 14, 21}, {4, 12, 14, 22}, {5, 12, 13, 23}, {6, 16, 17, 24}, {7, 15, 17, 25}, {8, 15, 16, 26},
    {0, 9, 19, 20}, {1, 10, 18, 20}, {2, 11, 18, 19}, {3, 12, 22, 23}, {4, 13, 21, 23}, {5, 14, 21, 22}, {6, 15, 25, 26}, {7, 16, 24, 26}, {8, 17, 24, 25},
    {28, 29, 36, 45}, {27, 29, 37, 46}, {27, 28, 38, 47}, {31, 32, 39, 48}, {30, 32, 40, 49}, {30, 31, 41, 50}, {34, 35, 42, 51}, {33, 35, 43, 52}, {33, 34, 44, 53},
    {27, 37, 38, 45}, {28, 36, 38, 46}, {29, 36, 37, 47}, {30, 40, 41, 48}, {31, 39, 41, 49}, {32, 39, 40, 50}, {33, 43, 44, 51}, {34, 42, 44, 52}, {35, 42, 43, 53},
    {27, 36, 46, 47}, {28, 37, 45, 47}, {29, 38, 45, 46}, {30, 39, 49, 50}, {31, 40, 48, 50}, {32, 41, 48, 49}, {33, 42, 52, 53}, {34, 43, 51, 53}, {35, 44, 51, 52},
    {55, 56, 63, 72}, {54, 56, 64, 73}, {54, 55, 65, 74}, {58, 59, 66, 75}, {57, 59, 67, 76}, {57, 58, 68, 77}, {61, 62, 69, 78}, {60, 62, 70, 79}, {60, 61, 71, 80},
    {54, 64, 65, 72}, {55, 63, 65, 73}, {56, 63, 64, 74}, {57, 67, 68, 75}, {58, 66, 68, 76}, {59, 66, 67, 77}, {60, 70, 71, 78}, {61, 69, 71, 79}, {62, 69, 70, 80},
    {54, 63, 73, 74}, {55, 64, 72, 74}, {56, 65, 72, 73}, {57, 66, 76, 77}, {58, 67, 75, 77}, {59, 68, 75, 76}, {60, 69, 79, 80}, {61, 70, 78, 80}, {62, 71, 78, 79},
};
static const m81 HOUSE[27] = {
    {{0x00000000000001ffu, 0x00000u}}, {{0x000000000003fe00u, 0x00000u}}, {{0x0000000007fc0000u, 0x00000u}},
    {{0x0000000ff8000000u, 0x00000u}}, {{0x00001ff000000000u, 0x00000u}}, {{0x003fe00000000000u, 0x00000u}},
    {{0x7fc0000000000000u, 0x00000u}}, {{0x8000000000000000u, 0x000ffu}}, {{0x0000000000000000u, 0x1ff00u}},
    {{0x8040201008040201u, 0x00100u}}, {{0x0080402010080402u, 0x00201u}}, {{0x0100804020100804u, 0x00402u}},
    {{0x0201008040201008u, 0x00804u}}, {{0x0402010080402010u, 0x01008u}}, {{0x0804020100804020u, 0x02010u}},
    {{0x1008040201008040u, 0x04020u}}, {{0x2010080402010080u, 0x08040u}}, {{0x4020100804020100u, 0x10080u}},
    {{0x00000000001c0e07u, 0x00000u}}, {{0x0000000000e07038u, 0x00000u}}, {{0x00000000070381c0u, 0x00000u}},
    {{0x0000e07038000000u, 0x00000u}}, {{0x00070381c0000000u, 0x00000u}}, {{0x00381c0e00000000u, 0x00000u}},
    {{0x81c0000000000000u, 0x00703u}}, {{0x0e00000000000000u, 0x0381cu}}, {{0x7000000000000000u, 0x1c0e0u}},
};

static int has(m81 m, int c) { return (int)(m.w[c >> 6] >> (c & 63) & 1u); }
static void set(m81 *m, int c) { m->w[c >> 6] |= (uint64_t)1 << (c & 63); }
static m81 and81(m81 a, m81 b) { return (m81){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static m81 or81(m81 a, m81 b) { return (m81){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }
static m81 andnot81(m81 a, m81 b) { return (m81){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; }
static int empty81(m81 m) { return !(m.w[0] | m.w[1]); }

static int pc(unsigned m) { return bit_count(m); }
/* Exactly two bits set. */
static int two_bits(unsigned m)
{
    unsigned rest = m & (m - 1);
    return rest && !(rest & (rest - 1));
}
static int low_digit(unsigned m) { return lowest_index(m) + 1; }

/* The lowest cell of a non-empty mask. */
static int low_cell(m81 m) { return m.w[0] ? lowest_index64(m.w[0]) : 64 + lowest_index64(m.w[1]); }
static void clear(m81 *m, int c) { m->w[c >> 6] &= ~((uint64_t)1 << (c & 63)); }

static int row_of(int c) { return ROW[c]; }
static int col_of(int c) { return COL[c]; }
static int box_of(int c) { return BOX[c]; }
static unsigned bit(int d) { return 1u << (d - 1); }

/* The 20 peers of cell c. */
static m81 peer(int c)
{
    m81 p = or81(or81(HOUSE[ROW[c]], HOUSE[9 + COL[c]]), HOUSE[18 + BOX[c]]);
    p.w[c >> 6] &= ~((uint64_t)1 << (c & 63));
    return p;
}

static void where_masks(hr_ctx *x)
{
    memset(x->where, 0, sizeof x->where);
    for (int c = 0; c < 81; c++)
        for (unsigned m = x->cands[c]; m; m &= m - 1) set(&x->where[low_digit(m)], c);
}

/* ------------------------------------------------------------------ records */

static int put(hr_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 256;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HR_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HR_OK;
}

static void start(record *r, int kind, const rect *q, int a, int b)
{
    memset(r, 0, sizeof *r);
    r->head[0] = (uint8_t)kind;
    memcpy(r->head + 1, q->c, 4);
    r->head[5] = (uint8_t)a, r->head[6] = (uint8_t)b;
    r->head[8] = r->head[9] = r->head[10] = 255;
}

/* Append the record; 1 when this kind is done (its limit reached, or an error). */
static int emit(hr_ctx *x, record *r)
{
    uint8_t buf[HR_HEAD + 1 + 9 + 1 + 2 * MAX_ELIMS];
    size_t n = HR_HEAD;
    memcpy(buf, r->head, HR_HEAD);
    buf[n - 1] = (uint8_t)r->ncells;
    memcpy(buf + n, r->cells, (size_t)r->ncells);
    n += (size_t)r->ncells;
    size_t at = n++;
    int ne = 0;
    for (int c = 0; c < 81; c++)
        for (unsigned m = r->em[c]; m; m &= m - 1) {
            if (ne == MAX_ELIMS) {
                x->status = HR_BAD_INPUT; /* unreachable: no type removes this many */
                return 1;
            }
            buf[n++] = (uint8_t)c, buf[n++] = (uint8_t)low_digit(m), ne++;
        }
    buf[at] = (uint8_t)ne;
    if (put(x->out, buf, n) != HR_OK) {
        x->status = HR_NO_MEMORY;
        return 1;
    }
    return x->max && ++x->count >= x->max;
}

/* --------------------------------------------------------------- rectangles */

/* The line through cell c that runs across the rectangle's boxes: its column when the
 * partner shares c's row (`lines`), else its row; outside c's box. */
static m81 across_line(int c, int lines, int box)
{
    return andnot81(HOUSE[lines ? 9 + COL[c] : ROW[c]], HOUSE[18 + box]);
}

/* The cell of i11's line across in the same line as i22 (row or column of i22). */
static int across_from(int i11, int i22, int lines) { return lines ? ROW[i22] * 9 + COL[i11] : ROW[i11] * 9 + COL[i22]; }

/* 1 the first time the four cells of the rectangle with corners lo and hi come by. */
static int first_time(uint8_t done[], int i11, int i12, int i21, int i22)
{
    int lo = i11, hi = i11, cs[3] = {i12, i21, i22};
    for (int k = 0; k < 3; k++) {
        if (cs[k] < lo) lo = cs[k];
        if (cs[k] > hi) hi = cs[k];
    }
    int key = lo * 81 + hi;
    if (done[key >> 3] >> (key & 7) & 1) return 0;
    done[key >> 3] |= (uint8_t)(1u << (key & 7));
    return 1;
}

static void sort4(uint8_t c[4], uint8_t s[4])
{
    memcpy(s, c, 4);
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            uint8_t t = s[j];
            s[j] = s[j - 1], s[j - 1] = t;
        }
}

/* HoDoKu's rectangles (horect9.h), each four-cell set once. The pairs across from a start
 * and its partner are walked by the partner's cell across (ascending is the line order),
 * only those where a and b are both allowed. */
static void unique_rects(hr_ctx *x)
{
    m81 empty = {{0, 0}}, seen[10], allowed[10];
    memset(seen, 0, sizeof seen);
    for (int c = 0; c < 81; c++) {
        if (x->values[c]) /* c's own houses: c is not empty, so its peers are enough */
            seen[x->values[c]] = or81(seen[x->values[c]], or81(or81(HOUSE[ROW[c]], HOUSE[9 + COL[c]]), HOUSE[18 + BOX[c]]));
        else set(&empty, c);
    }
    for (int d = 1; d <= 9; d++) allowed[d] = andnot81(empty, seen[d]);
    uint8_t done[(81 * 81 + 7) / 8] = {0};
    x->nur = 0;
    for (int i11 = 0; i11 < 81; i11++) {
        unsigned ab = x->cands[i11];
        if (!two_bits(ab)) continue;
        int a = low_digit(ab), b = low_digit(ab & (ab - 1));
        m81 both = and81(allowed[a], allowed[b]);
        for (int k = 0; k < 4; k++) {
            int i12 = PARTNERS[i11][k];
            if (!has(both, i12)) continue;
            int lines = ROW[i12] == ROW[i11];
            for (m81 m = and81(both, across_line(i12, lines, BOX[i11])); !empty81(m);) {
                int i22 = low_cell(m), i21 = across_from(i11, i22, lines);
                clear(&m, i22);
                if (!has(allowed[a], i21) || !first_time(done, i11, i12, i21, i22) || x->nur == MAX_RECTS) continue;
                rect *q = &x->ur[x->nur++];
                q->c[0] = (uint8_t)i11, q->c[1] = (uint8_t)i12, q->c[2] = (uint8_t)i21, q->c[3] = (uint8_t)i22;
                q->a = (uint8_t)a, q->b = (uint8_t)b;
                uint8_t s[4];
                sort4(q->c, s);
                q->ntwo = q->nadd = 0;
                for (int n = 0; n < 4; n++) {
                    if (x->cands[s[n]] & ~ab) q->add[q->nadd++] = s[n];
                    else q->two[q->ntwo++] = s[n];
                }
            }
        }
    }
}

/* The Avoidable Rectangles' rectangles (horect9.h), each four-cell set once. Every pair
 * taken has an open (unsolved bivalue) cell across, so only the lines through such a cell
 * are walked, in line order. */
static void avoidable_rects(hr_ctx *x)
{
    m81 open[10], bivalue = {{0, 0}};
    x->nar = 0;
    for (int c = 0; c < 81; c++)
        if (!x->values[c] && two_bits(x->cands[c])) set(&bivalue, c);
    if (empty81(bivalue)) return;
    for (int d = 0; d < 10; d++) open[d] = and81(bivalue, x->where[d]);
    uint8_t done[(81 * 81 + 7) / 8] = {0};
    const uint8_t *values = x->values, *givens = x->givens;
    for (int i11 = 0; i11 < 81; i11++) {
        int a = values[i11];
        if (!a || givens[i11]) continue;
        for (int k = 0; k < 4; k++) {
            int i12 = PARTNERS[i11][k];
            int b = values[i12];
            if (!b || givens[i12]) continue;
            int lines = ROW[i12] == ROW[i11];
            m81 open21 = and81(open[b], across_line(i11, lines, BOX[i11]));
            m81 open22 = and81(open[a], across_line(i12, lines, BOX[i11]));
            if (empty81(open21) && empty81(open22)) continue;
            for (int j = 0; j < 9; j++) {
                int i21 = lines ? j * 9 + COL[i11] : ROW[i11] * 9 + j;
                int i22 = lines ? j * 9 + COL[i12] : ROW[i12] * 9 + j;
                if (BOX[i21] == BOX[i11]) continue;
                int o21 = has(open21, i21), o22 = has(open22, i22);
                if (!((values[i21] == b && !givens[i21] && o22) || (values[i22] == a && !givens[i22] && o21) || (o21 && o22)))
                    continue;
                if (!first_time(done, i11, i12, i21, i22) || x->nar == MAX_RECTS) continue;
                rect *q = &x->ar[x->nar++];
                q->c[0] = (uint8_t)i11, q->c[1] = (uint8_t)i12, q->c[2] = (uint8_t)i21, q->c[3] = (uint8_t)i22;
                q->a = (uint8_t)a, q->b = (uint8_t)b;
            }
        }
    }
}

/* --------------------------------------------------------------- the types */

/* The k-th cell of house h (rows, columns, boxes; reading order). */
static int house_cell(int h, int k) { return h < 9 ? h * 9 + k : h < 18 ? k * 9 + h - 9 : BOX_CELLS[h - 18][k]; }

static int same_line(int p, int q) { return row_of(p) == row_of(q) || col_of(p) == col_of(q); }

static int ur1(hr_ctx *x, const rect *q)
{
    int corner = q->add[0];
    unsigned hit = x->cands[corner] & (bit(q->a) | bit(q->b));
    if (!hit) return 0;
    record r;
    start(&r, HR_UR1, q, q->a, q->b);
    r.head[8] = (uint8_t)corner;
    r.cells[r.ncells++] = (uint8_t)corner;
    r.em[corner] = (uint16_t)hit;
    return emit(x, &r);
}

static int ur25(hr_ctx *x, const rect *q, int kind)
{
    unsigned ab = bit(q->a) | bit(q->b), extra = 0;
    m81 seen = {{~(uint64_t)0, ~(uint64_t)0}};
    for (int k = 0; k < q->nadd; k++) {
        extra |= x->cands[q->add[k]] & ~ab;
        seen = and81(seen, peer(q->add[k]));
    }
    if (pc(extra) != 1) return 0;
    int c = low_digit(extra);
    m81 targets = and81(x->where[c], seen);
    int side = q->nadd == 2 && same_line(q->add[0], q->add[1]);
    if (empty81(targets) || (kind == HR_UR2) != side) return 0;
    record r;
    start(&r, kind, q, q->a, q->b);
    r.head[7] = (uint8_t)c;
    for (int k = 0; k < q->nadd; k++) r.cells[r.ncells++] = q->add[k];
    for (int t = 0; t < 81; t++)
        if (has(targets, t)) r.em[t] = (uint16_t)bit(c);
    return emit(x, &r);
}

typedef struct {
    const rect *q;
    int h;
    uint8_t pool[9];
    int npool;
    uint8_t now[9]; /* the two roofs, then the subset's cells */
} ur3_walk;

static int one_line(const uint8_t *cells, int n)
{
    int rows = 1, cols = 1;
    for (int k = 1; k < n; k++) {
        rows &= row_of(cells[k]) == row_of(cells[0]);
        cols &= col_of(cells[k]) == col_of(cells[0]);
    }
    return rows || cols;
}

/* HoDoKu's Type 3, depth first as the twin: each pool cell added after `from` to the cells
 * so far (their digits `digits`); a subset whose digits are one fewer than its cells (the
 * roofs count as one) and that eliminates something is a step. 1 when the type is done. */
static int ur3_subsets(hr_ctx *x, ur3_walk *w, int from, unsigned digits, int n)
{
    for (int k = from; k < w->npool; k++) {
        w->now[n] = w->pool[k];
        unsigned uni = digits | x->cands[w->pool[k]];
        int len = n + 1;
        if ((w->h < 18 || !one_line(w->now, len)) && pc(uni) == len - 1) {
            int houses[2] = {w->h, -1};
            if (w->h < 18) {
                int same_box = 1;
                for (int m = 1; m < len; m++) same_box &= box_of(w->now[m]) == box_of(w->now[0]);
                if (same_box) houses[1] = 18 + box_of(w->now[0]);
            }
            record r;
            start(&r, HR_UR3, w->q, w->q->a, w->q->b);
            int any = 0;
            for (int g = 0; g < 2 && houses[g] >= 0; g++)
                for (int m = 0; m < 9; m++) {
                    int c = house_cell(houses[g], m);
                    int in_now = 0;
                    for (int j = 0; j < len; j++) in_now |= w->now[j] == c;
                    if (x->values[c] || in_now || !(x->cands[c] & uni)) continue;
                    r.em[c] |= (uint16_t)(x->cands[c] & uni);
                    any = 1;
                }
            if (any) {
                r.head[9] = (uint8_t)houses[0];
                if (houses[1] >= 0) r.head[10] = (uint8_t)houses[1];
                memcpy(r.cells, w->now, (size_t)len);
                r.ncells = len;
                if (emit(x, &r)) return 1;
            }
        }
        if (ur3_subsets(x, w, k + 1, uni, len)) return 1;
    }
    return 0;
}

static int ur3(hr_ctx *x, const rect *q)
{
    unsigned ab = bit(q->a) | bit(q->b);
    int r1 = q->add[0], r2 = q->add[1];
    unsigned extra = (x->cands[r1] | x->cands[r2]) & ~ab;
    int hs[3] = {row_of(r1) == row_of(r2) ? row_of(r1) : -1, col_of(r1) == col_of(r2) ? 9 + col_of(r1) : -1,
                 box_of(r1) == box_of(r2) ? 18 + box_of(r1) : -1};
    for (int k = 0; k < 3; k++) {
        if (hs[k] < 0) continue;
        ur3_walk w;
        w.q = q, w.h = hs[k], w.npool = 0;
        for (int m = 0; m < 9; m++) {
            int c = house_cell(hs[k], m);
            if (x->cands[c] && !(x->cands[c] & ab) && c != q->c[0] && c != q->c[1] && c != q->c[2] && c != q->c[3])
                w.pool[w.npool++] = (uint8_t)c;
        }
        w.now[0] = (uint8_t)r1, w.now[1] = (uint8_t)r2;
        if (ur3_subsets(x, &w, 0, extra, 2)) return 1;
    }
    return 0;
}

/* Types 4 and 6: the digit `keep` (found by the caller) stays, the other / `drop` leaves
 * the roofs. */
static int roof_step(hr_ctx *x, const rect *q, int kind, int digit, int drop)
{
    record r;
    start(&r, kind, q, q->a, q->b);
    r.head[7] = (uint8_t)digit;
    int any = 0;
    for (int k = 0; k < 2; k++) {
        r.cells[r.ncells++] = q->add[k];
        if (x->cands[q->add[k]] & bit(drop)) r.em[q->add[k]] = (uint16_t)bit(drop), any = 1;
    }
    return any ? emit(x, &r) : 0;
}

static int ur4(hr_ctx *x, const rect *q)
{
    int r1 = q->add[0], r2 = q->add[1];
    if (!same_line(r1, r2)) return 0;
    m81 both = and81(peer(r1), peer(r2));
    int strong = empty81(and81(x->where[q->a], both)) ? q->a : empty81(and81(x->where[q->b], both)) ? q->b : 0;
    if (!strong) return 0;
    return roof_step(x, q, HR_UR4, strong, strong == q->a ? q->b : q->a);
}

static int ur6(hr_ctx *x, const rect *q)
{
    int r1 = q->add[0], r2 = q->add[1];
    if (same_line(r1, r2)) return 0;
    m81 lines = or81(or81(HOUSE[row_of(r1)], HOUSE[row_of(r2)]), or81(HOUSE[9 + col_of(r1)], HOUSE[9 + col_of(r2)]));
    for (int k = 0; k < 4; k++) lines.w[q->c[k] >> 6] &= ~((uint64_t)1 << (q->c[k] & 63));
    int d = empty81(and81(x->where[q->a], lines)) ? q->a : empty81(and81(x->where[q->b], lines)) ? q->b : 0;
    if (!d) return 0;
    return roof_step(x, q, HR_UR6, d, d);
}

static int hidden(hr_ctx *x, const rect *q)
{
    if (!(q->ntwo == 1 || (q->ntwo == 2 && !same_line(q->two[0], q->two[1])))) return 0;
    m81 corners = {{0, 0}};
    for (int k = 0; k < 4; k++) set(&corners, q->c[k]);
    for (int t = 0; t < q->ntwo; t++) {
        int corner = q->two[t];
        int row = row_of(q->add[0]) != row_of(corner) ? row_of(q->add[0]) : row_of(q->add[1]);
        int col = col_of(q->add[0]) != col_of(corner) ? col_of(q->add[0]) : col_of(q->add[1]);
        int opposite = row * 9 + col;
        m81 lines = andnot81(or81(HOUSE[row], HOUSE[9 + col]), corners);
        for (int k = 0; k < 2; k++) {
            int dx = k ? q->b : q->a, dy = k ? q->a : q->b;
            if (!empty81(and81(x->where[dx], lines)) || !(x->cands[opposite] & bit(dy))) continue;
            record r;
            start(&r, HR_HIDDEN, q, q->a, q->b);
            r.head[7] = (uint8_t)dx, r.head[8] = (uint8_t)corner;
            r.em[opposite] = (uint16_t)bit(dy);
            if (emit(x, &r)) return 1;
        }
    }
    return 0;
}

static int avoidable(hr_ctx *x, const rect *q, int kind)
{
    int i21 = q->c[2], i22 = q->c[3], a = q->a, b = q->b;
    record r;
    if (x->values[i21] || x->values[i22]) {
        if (kind != HR_AR1) return 0;
        int cell = x->values[i21] ? i22 : i21, digit = x->values[i21] ? a : b;
        if (!(x->cands[cell] & bit(digit))) return 0;
        start(&r, HR_AR1, q, a, b);
        r.head[7] = (uint8_t)digit, r.head[8] = (uint8_t)cell;
        r.em[cell] = (uint16_t)bit(digit);
        return emit(x, &r);
    }
    if (kind != HR_AR2) return 0;
    unsigned extra = x->cands[i21] & ~bit(b);
    if (!(x->cands[i22] & extra)) return 0;
    int c = low_digit(extra);
    m81 targets = and81(x->where[c], and81(peer(i21), peer(i22)));
    if (empty81(targets)) return 0;
    start(&r, HR_AR2, q, a, b);
    r.head[7] = (uint8_t)c;
    for (int t = 0; t < 81; t++)
        if (has(targets, t)) r.em[t] = (uint16_t)bit(c);
    return emit(x, &r);
}

/* How many cells of house h the mask holds. */
static int count_in(m81 m, int h)
{
    m81 x = and81(m, HOUSE[h]);
    return bit_count((uint32_t)x.w[0]) + bit_count((uint32_t)(x.w[0] >> 32)) + bit_count((uint32_t)x.w[1]);
}

/* BUG+1 (horect9.h). */
static void bug_plus_1(hr_ctx *x)
{
    int plus = -1;
    for (int c = 0; c < 81; c++) {
        int n = pc(x->cands[c]);
        if (n > 2) {
            if (n > 3 || plus >= 0) return;
            plus = c;
        } else if (n == 1) {
            return;
        }
    }
    if (plus < 0) return;
    int houses[3] = {ROW[plus], 9 + COL[plus], 18 + BOX[plus]}, true_digit = 0;
    for (unsigned m = x->cands[plus]; m; m &= m - 1) {
        int d = low_digit(m);
        if (count_in(x->where[d], houses[0]) == 3 && count_in(x->where[d], houses[1]) == 3 && count_in(x->where[d], houses[2]) == 3)
            true_digit = d;
    }
    if (!true_digit) return;
    for (int h = 0; h < 27; h++)
        for (int d = 1; d <= 9; d++) {
            int n = count_in(x->where[d], h);
            if (d == true_digit && (h == houses[0] || h == houses[1] || h == houses[2])) {
                if (n != 3) return;
            } else if (n != 0 && n != 2) {
                return;
            }
        }
    record r;
    rect none = {{255, 255, 255, 255}, 0, 0, {0}, {0}, 0, 0};
    start(&r, HR_BUG, &none, 0, 0);
    r.head[7] = (uint8_t)true_digit, r.head[8] = (uint8_t)plus;
    r.em[plus] = (uint16_t)(x->cands[plus] & ~bit(true_digit));
    emit(x, &r);
}

/* One kind over its rectangles, in order. */
static void run_kind(hr_ctx *x, int kind)
{
    x->count = 0;
    if (kind == HR_BUG) {
        bug_plus_1(x);
        return;
    }
    if (kind >= HR_AR1) {
        for (int k = 0; k < x->nar; k++)
            if (avoidable(x, &x->ar[k], kind)) return;
        return;
    }
    for (int k = 0; k < x->nur; k++) {
        const rect *q = &x->ur[k];
        int stop = 0;
        switch (kind) {
        case HR_UR1: stop = q->ntwo == 3 && ur1(x, q); break;
        case HR_UR2:
        case HR_UR5: stop = (q->ntwo == 1 || q->ntwo == 2) && ur25(x, q, kind); break;
        case HR_UR3: stop = q->ntwo == 2 && ur3(x, q); break;
        case HR_UR4: stop = q->ntwo == 2 && ur4(x, q); break;
        case HR_UR6: stop = q->ntwo == 2 && ur6(x, q); break;
        default: stop = hidden(x, q); break;
        }
        if (stop) return;
    }
}

int horect9_search(const uint16_t cands[81], const uint8_t values[81], const uint8_t givens[81], unsigned kinds,
                   int max_per_kind, hr_out *out)
{
    for (int c = 0; c < 81; c++)
        if (cands[c] > 0x1FF || values[c] > 9 || givens[c] > 1) return HR_BAD_INPUT;
    if (max_per_kind < 0 || kinds > HR_ALL_KINDS) return HR_BAD_INPUT;
    hr_ctx *x = malloc(sizeof *x);
    if (!x) return HR_NO_MEMORY;
    x->cands = cands, x->values = values, x->givens = givens;
    x->out = out, x->status = HR_OK, x->max = max_per_kind;
    where_masks(x);
    x->nur = x->nar = 0;
    if (kinds & ((1u << HR_AR1) - 1)) unique_rects(x);
    if (kinds & (1u << HR_AR1 | 1u << HR_AR2)) avoidable_rects(x);
    size_t len0 = out->len;
    for (int kind = 0; kind < HR_KINDS && x->status == HR_OK; kind++)
        if (kinds >> kind & 1) run_kind(x, kind);
    int status = x->status;
    if (status != HR_OK) out->len = len0;
    free(x);
    return status;
}

void horect9_out_free(hr_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
