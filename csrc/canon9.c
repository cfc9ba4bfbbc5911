/* canon9.c -- canonical form of a 9x9 puzzle, row by row (see canon9.h for the definition).
 *
 * The search keeps *partial* transformations: orientation, the source rows chosen for
 * the first k output rows, a digit labelling, and an *ordered partition* of the source
 * columns: the columns in output order, cut into groups.  The columns of one group lie
 * in one stack and are interchangeable so far (blank in every chosen row), so their
 * order is left open until a later row tells them apart.
 *
 *   cols  = 4 3 5 | 0 | 2 1 | 8 7 6        ends = bit i set when a group ends at position i
 *   ends  = . . 1   1   . 1   . . 1
 *
 * Level k extends every partial by each source row allowed next (same band, or the first
 * row of a band not used yet) and lays that row out as small as the open order allows:
 * inside a group, blanks first (still one group), then labelled digits by label, then
 * new digits, which take the next labels.  New digits of one group tie in the image but
 * fix different labellings, so each of their orders becomes its own partial.  Only the
 * partials whose row is the smallest of the level survive, so the image is built
 * exactly, row after row.  This is sudokit._pycore's reference search without its
 * shortcuts (lazy first-row labels, merging of equal futures); results are the same.
 */
#include "canon9.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_PARTIALS ((size_t)1 << 20)

typedef struct {
    uint8_t t, nrows, nxt, pad;
    uint16_t ends; /* bit i: a column group ends at output position i */
    uint16_t used; /* bit r: source row r is already an output row */
    uint8_t rows[9];
    uint8_t cols[9];
    uint8_t labels[10]; /* labels[d]: output label of source digit d, 0 while unseen */
    /* After row 1 only: tied new digits left *lazy* (see lay_row2), at most one set per stack. */
    uint8_t nlazy, lazy_start[3], lazy_size[3], lazy_base[3];
} partial;

typedef struct {
    uint8_t start, size; /* positions start..start+size-1 hold tied new digits */
} fresh_set;

typedef struct {
    partial *items;
    size_t len, cap;
} partial_list;

static const uint8_t PERMS2[2][3] = {{0, 1, 0}, {1, 0, 0}};
static const uint8_t PERMS3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
static const uint8_t STACK_ORDERS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Values 0..9 of the grid as rows (v[0]) and as columns (v[1]); CANON9_* status. */
static int read_grid(const uint8_t *puzzle, uint8_t v[2][9][9])
{
    for (int i = 0; i < 81; i++) {
        uint8_t ch = puzzle[i];
        uint8_t d;
        if (ch == '.' || ch == '0') d = 0;
        else if (ch >= '1' && ch <= '9') d = (uint8_t)(ch - '0');
        else return CANON9_BAD_INPUT;
        v[0][i / 9][i % 9] = d;
        v[1][i % 9][i / 9] = d;
    }
    for (int h = 0; h < 9; h++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            unsigned a = v[0][h][k], b = v[1][h][k], c = v[0][(h / 3) * 3 + k / 3][(h % 3) * 3 + k % 3];
            if ((a && (row >> a & 1)) || (b && (col >> b & 1)) || (c && (box >> c & 1))) return CANON9_CONFLICT;
            row |= a ? 1u << a : 0;
            col |= b ? 1u << b : 0;
            box |= c ? 1u << c : 0;
        }
    }
    return CANON9_OK;
}

/* Lay out `row` under p's open column order into q and img; tied new digits go to fr. */
static int refine(const uint8_t *row, const partial *p, partial *q, uint8_t img[9], fresh_set fr[3])
{
    int nfr = 0, pos = 0;
    uint16_t ends = 0;
    uint8_t nxt = p->nxt;
    *q = *p;
    for (int s = 0; s < 9;) {
        int e = s;
        while (!(p->ends >> e & 1)) e++;
        uint8_t known[3], klab[3], fresh[3];
        int nk = 0, nf = 0, nb = 0;
        for (int k = s; k <= e; k++) {
            uint8_t c = p->cols[k], v = row[c];
            if (!v) {
                q->cols[pos + nb] = c;
                img[pos + nb++] = 0;
            } else if (q->labels[v]) {
                int j = nk++; /* insertion sort by label (at most 3) */
                while (j > 0 && klab[j - 1] > q->labels[v]) {
                    klab[j] = klab[j - 1];
                    known[j] = known[j - 1];
                    j--;
                }
                klab[j] = q->labels[v];
                known[j] = c;
            } else {
                fresh[nf++] = c;
            }
        }
        if (nb) {
            pos += nb;
            ends |= (uint16_t)(1u << (pos - 1));
        }
        for (int j = 0; j < nk; j++, pos++) {
            q->cols[pos] = known[j];
            img[pos] = klab[j];
            ends |= (uint16_t)(1u << pos);
        }
        if (nf > 1) {
            fr[nfr].start = (uint8_t)pos;
            fr[nfr++].size = (uint8_t)nf;
        }
        for (int j = 0; j < nf; j++, pos++) {
            q->cols[pos] = fresh[j];
            q->labels[row[fresh[j]]] = ++nxt;
            img[pos] = nxt;
            ends |= (uint16_t)(1u << pos);
        }
        s = e + 1;
    }
    q->ends = ends;
    q->nxt = nxt;
    return nfr;
}

static int push(partial_list *list, const partial *p, size_t max)
{
    if (list->len == list->cap) {
        if (list->cap >= max) return CANON9_TOO_MANY;
        size_t cap = list->cap * 2 < max ? list->cap * 2 : max;
        partial *items = realloc(list->items, cap * sizeof *items);
        if (!items) return CANON9_NO_MEMORY;
        list->items = items;
        list->cap = cap;
    }
    list->items[list->len++] = *p;
    return CANON9_OK;
}

/* Push q and every relabelling that reorders its tied new digits (at most 6^3). */
static int push_branches(partial_list *list, const uint8_t *row, const partial *q, const fresh_set *fr, int nfr,
                         size_t max)
{
    if (!nfr) return push(list, q, max);
    int radix[3] = {1, 1, 1}, total = 1;
    for (int i = 0; i < nfr; i++) {
        radix[i] = fr[i].size == 2 ? 2 : 6;
        total *= radix[i];
    }
    for (int code = 0; code < total; code++) {
        partial b = *q;
        int rest = code;
        for (int i = 0; i < nfr; i++) {
            const uint8_t *perm = fr[i].size == 2 ? PERMS2[rest % 2] : PERMS3[rest % 6];
            rest /= radix[i];
            uint8_t base = q->labels[row[q->cols[fr[i].start]]];
            for (int j = 0; j < fr[i].size; j++) {
                uint8_t c = q->cols[fr[i].start + perm[j]];
                b.cols[fr[i].start + j] = c;
                b.labels[row[c]] = (uint8_t)(base + j);
            }
        }
        int st = push(list, &b, max);
        if (st != CANON9_OK) return st;
    }
    return CANON9_OK;
}

/* ------------------------------------------------------------------ rows 1 and 2
 * A full grid's first row ties 6^3 relabellings (its new digits, three per stack), and
 * branching on them all up front costs 23,328 partials per grid.  Instead row 1's tied
 * new digits stay *lazy*: a set of k columns owns the labels base+1..base+k, handed out
 * in the columns' final output order.  Row 2 (same band, so never showing a lazy set's
 * own digits in that set's columns: they share a box) is then laid out position by
 * position, smallest value first:
 *   - a digit with a label shows it; a new digit shows the next label;
 *   - a lazy digit whose set is not laid out yet shows its set's next free label and
 *     *pulls* its column to the front of that set (the smallest label it can get);
 *   - a lazy set's positions take its pulled columns first, in pull order, then the
 *     rest by value; then its digits get base+1, base+2, ... in that order;
 *   - blanks of an ordinary group stay one tied group; any other tie branches.
 * Every branch is compared with the best row 2 so far as it grows and dropped as soon
 * as its prefix is larger. */
typedef struct {
    const uint8_t *row0, *row1; /* the two source rows */
    const partial *p0;          /* the partial after row 1, with its lazy sets */
    int8_t owner[10];           /* lazy set of a row-1 digit, or -1 */
    uint8_t column_of[10];      /* row-1 column of a digit */
    uint8_t best[9];
    int have;
    partial_list *out;
    size_t max;
    int status;
} row2_ctx;

typedef struct {
    partial q;        /* cols, ends, labels and nxt being built */
    uint8_t img[9];
    uint8_t pulled[3];
    uint8_t pulled_cols[3][3];
} row2_state;

/* The value column c would show in row 2 now (a pure function of the state). */
static uint8_t row2_value(const row2_ctx *x, const row2_state *st, uint8_t c)
{
    uint8_t v = x->row1[c];
    if (!v) return 0;
    if (st->q.labels[v]) return st->q.labels[v];
    int l = x->owner[v];
    if (l >= 0) return (uint8_t)(x->p0->lazy_base[l] + 1 + st->pulled[l]);
    return (uint8_t)(st->q.nxt + 1);
}

/* Put column c at position pos (labelling its digit); 0 when the prefix beats no longer. */
static int row2_place(const row2_ctx *x, row2_state *st, uint8_t c, int pos)
{
    uint8_t v = x->row1[c], val = row2_value(x, st, c);
    if (v && !st->q.labels[v]) {
        int l = x->owner[v];
        if (l >= 0 && st->pulled[l] < 3) st->pulled_cols[l][st->pulled[l]++] = x->column_of[v];
        else if (l < 0) st->q.nxt = val;
        st->q.labels[v] = val;
    }
    st->q.cols[pos] = c;
    st->img[pos] = val;
    st->q.ends |= (uint16_t)(1u << pos);
    return !x->have || memcmp(st->img, x->best, (size_t)pos + 1) <= 0;
}

static void row2_leaf(row2_ctx *x, row2_state *st)
{
    int cmp = x->have ? memcmp(st->img, x->best, 9) : -1;
    if (cmp > 0 || x->status != CANON9_OK) return;
    if (cmp < 0) {
        memcpy(x->best, st->img, 9);
        x->have = 1;
        x->out->len = 0;
    }
    st->q.nlazy = 0;
    x->status = push(x->out, &st->q, x->max);
}

static int lazy_index(const partial *p0, int start)
{
    for (int l = 0; l < p0->nlazy; l++)
        if (p0->lazy_start[l] == start) return l;
    return -1;
}

/* Lay out the group at positions gs..ge (members p0->cols[gs..ge]); `left` = bit mask of
 * members not placed yet, `pos` = next position. */
static void lay_row2(row2_ctx *x, row2_state *st, int gs, int ge, unsigned left, int pos)
{
    const partial *p0 = x->p0;
    if (!left) {
        int l = lazy_index(p0, gs);
        if (l >= 0)
            for (int m = 0; m <= ge - gs; m++)
                st->q.labels[x->row0[st->q.cols[gs + m]]] = (uint8_t)(p0->lazy_base[l] + 1 + m);
        if (ge == 8) {
            row2_leaf(x, st);
            return;
        }
        int ne = ge + 1;
        while (!(p0->ends >> ne & 1)) ne++;
        lay_row2(x, st, ge + 1, ne, (1u << (ne - ge)) - 1, ge + 1);
        return;
    }
    int l = lazy_index(p0, gs);
    if (l >= 0 && pos - gs < st->pulled[l]) { /* pulled columns first, in pull order */
        uint8_t c = st->pulled_cols[l][pos - gs];
        int m = 0;
        while (m <= ge - gs && p0->cols[gs + m] != c) m++;
        if (m > ge - gs || !(left >> m & 1)) return; /* cannot happen on a conflict-free grid */
        if (row2_place(x, st, c, pos)) lay_row2(x, st, gs, ge, left & ~(1u << m), pos + 1);
        return;
    }
    uint8_t low = 255;
    for (int m = 0; m <= ge - gs; m++)
        if (left >> m & 1) {
            uint8_t val = row2_value(x, st, p0->cols[gs + m]);
            if (val < low) low = val;
        }
    if (low == 0 && l < 0) { /* blanks of an ordinary group: one tied group */
        unsigned rest = left;
        for (int m = 0; m <= ge - gs; m++)
            if ((left >> m & 1) && !x->row1[p0->cols[gs + m]]) {
                st->q.cols[pos] = p0->cols[gs + m];
                st->img[pos++] = 0;
                rest &= ~(1u << m);
            }
        st->q.ends |= (uint16_t)(1u << (pos - 1));
        if (x->have && memcmp(st->img, x->best, (size_t)pos) > 0) return;
        lay_row2(x, st, gs, ge, rest, pos);
        return;
    }
    for (int m = 0; m <= ge - gs; m++) {
        if (!(left >> m & 1) || row2_value(x, st, p0->cols[gs + m]) != low) continue;
        row2_state branch = *st;
        if (row2_place(x, &branch, p0->cols[gs + m], pos)) lay_row2(x, &branch, gs, ge, left & ~(1u << m), pos + 1);
    }
}

/* Every smallest layout of source row r1 as row 2 after p0, into ctx->out. */
static void second_row(row2_ctx *x, const uint8_t *row0, const uint8_t *row1, const partial *p0, int r1)
{
    x->row0 = row0;
    x->row1 = row1;
    x->p0 = p0;
    memset(x->owner, -1, sizeof x->owner);
    for (int l = 0; l < p0->nlazy; l++)
        for (int m = 0; m < p0->lazy_size[l]; m++) {
            uint8_t c = p0->cols[p0->lazy_start[l] + m];
            x->owner[row0[c]] = (int8_t)l;
            x->column_of[row0[c]] = c;
        }
    row2_state st;
    memset(&st, 0, sizeof st);
    st.q = *p0;
    st.q.ends = 0;
    st.q.rows[1] = (uint8_t)r1;
    st.q.used |= (uint16_t)(1u << r1);
    st.q.nrows = 2;
    int ge = 0;
    while (!(p0->ends >> ge & 1)) ge++;
    lay_row2(x, &st, 0, ge, (1u << (ge + 1)) - 1, 0);
}

/* Row 1 as refine lays it out, but with its tied new digits left lazy (no branching). */
static void make_lazy(const uint8_t *row, partial *q, const fresh_set *fr, int nfr)
{
    q->nlazy = (uint8_t)nfr;
    for (int i = 0; i < nfr; i++) {
        q->lazy_start[i] = fr[i].start;
        q->lazy_size[i] = fr[i].size;
        q->lazy_base[i] = (uint8_t)(q->labels[row[q->cols[fr[i].start]]] - 1);
        for (int j = 0; j < fr[i].size; j++) q->labels[row[q->cols[fr[i].start + j]]] = 0;
        /* the set's columns form one group again until row 2 orders them */
        for (int j = 0; j + 1 < fr[i].size; j++) q->ends &= (uint16_t)~(1u << (fr[i].start + j));
    }
}

/* Source rows allowed as output row k (bit mask). */
static unsigned next_rows(const partial *p)
{
    int k = p->nrows;
    if (k % 3) {
        unsigned band = (unsigned)(p->rows[k - 1] / 3);
        return (7u << (3 * band)) & ~(unsigned)p->used;
    }
    unsigned mask = 0;
    for (unsigned band = 0; band < 3; band++)
        if (!(p->used >> (3 * band) & 7u)) mask |= 7u << (3 * band);
    return mask;
}

static void write_result(const uint8_t image[81], const partial *p, uint8_t *form, uint8_t *transform)
{
    for (int i = 0; i < 81; i++) form[i] = image[i] ? (uint8_t)('0' + image[i]) : '.';
    if (!transform) return;
    transform[0] = p->t;
    memcpy(transform + 1, p->rows, 9);
    memcpy(transform + 10, p->cols, 9);
    uint8_t free_label = p->nxt;
    for (int d = 1; d <= 9; d++) transform[18 + d] = p->labels[d] ? p->labels[d] : ++free_label;
}

static int search(const uint8_t v[2][9][9], partial_list *cur, partial_list *next, size_t max, uint8_t image[81])
{
    for (uint8_t t = 0; t < 2; t++) {
        for (int o = 0; o < 6; o++) {
            partial p;
            memset(&p, 0, sizeof p);
            p.t = t;
            p.ends = (1u << 2) | (1u << 5) | (1u << 8);
            for (int k = 0; k < 9; k++) p.cols[k] = (uint8_t)(STACK_ORDERS[o][k / 3] * 3 + k % 3);
            int st = push(cur, &p, max);
            if (st != CANON9_OK) return st;
        }
    }
    for (int level = 0; level < 9; level++) {
        uint8_t best[9];
        int have = 0;
        next->len = 0;
        if (level == 1) {
            row2_ctx x;
            memset(&x, 0, sizeof x);
            x.out = next;
            x.max = max;
            x.status = CANON9_OK;
            for (size_t i = 0; i < cur->len && x.status == CANON9_OK; i++) {
                const partial *p = &cur->items[i];
                unsigned allowed = next_rows(p);
                for (int r = 0; r < 9; r++)
                    if (allowed >> r & 1) second_row(&x, v[p->t][p->rows[0]], v[p->t][r], p, r);
            }
            if (x.status != CANON9_OK) return x.status;
            memcpy(best, x.best, 9);
            have = x.have;
        }
        for (size_t i = 0; i < cur->len && level != 1; i++) {
            const partial *p = &cur->items[i];
            unsigned allowed = next_rows(p);
            for (int r = 0; r < 9; r++) {
                if (!(allowed >> r & 1)) continue;
                partial q;
                uint8_t img[9];
                fresh_set fr[3];
                int nfr = refine(v[p->t][r], p, &q, img, fr);
                int cmp = have ? memcmp(img, best, 9) : -1;
                if (cmp > 0) continue;
                if (cmp < 0) {
                    memcpy(best, img, 9);
                    have = 1;
                    next->len = 0;
                }
                q.rows[level] = (uint8_t)r;
                q.used |= (uint16_t)(1u << r);
                q.nrows = (uint8_t)(level + 1);
                if (level == 0) {
                    make_lazy(v[p->t][r], &q, fr, nfr);
                    nfr = 0;
                }
                int st = push_branches(next, v[p->t][r], &q, fr, nfr, max);
                if (st != CANON9_OK) return st;
            }
        }
        memcpy(image + 9 * level, best, 9);
        partial_list swap = *cur;
        *cur = *next;
        *next = swap;
    }
    return CANON9_OK;
}

int canon9_canonical(const uint8_t *puzzle, uint8_t *form, uint8_t *transform, size_t max_partials)
{
    uint8_t v[2][9][9], image[81];
    memset(form, '.', 81);
    int st = read_grid(puzzle, v);
    if (st != CANON9_OK) return st;
    size_t max = max_partials ? max_partials : DEFAULT_MAX_PARTIALS;
    if (max < 64) max = 64;
    partial_list a = {malloc(64 * sizeof(partial)), 0, 64}, b = {malloc(64 * sizeof(partial)), 0, 64};
    if (!a.items || !b.items) st = CANON9_NO_MEMORY;
    else st = search((const uint8_t(*)[9][9])v, &a, &b, max, image);
    if (st == CANON9_OK) write_result(image, &a.items[0], form, transform);
    free(a.items);
    free(b.items);
    return st;
}

void canon9_canonical_batch(const uint8_t *puzzles, size_t n, uint8_t *forms, uint8_t *status)
{
    for (size_t i = 0; i < n; i++)
        status[i] = (uint8_t)canon9_canonical(puzzles + 81 * i, forms + 81 * i, NULL, 0);
}
