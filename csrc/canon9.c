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
        for (size_t i = 0; i < cur->len; i++) {
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
