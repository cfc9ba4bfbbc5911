/* howing9.c -- HoDoKu's XY-Wing, XYZ-Wing and W-Wing; see howing9.h and the twin
 * src/sudokit/_pywing9.py (same search, same order, same records). */
#include "howing9.h"
#include "bits.h"
#include "geom9.h"

#include <stdlib.h>
#include <string.h>

#define REC 10 /* head bytes: kind, a, b, c, z, x, house, s1, s2, count */

typedef struct {
    int key[4];
    uint8_t head[9];
    uint8_t targets[81];
    int n;
} wing;

/* A set of cells: bit i of lo (i < 64) or of hi (i - 64). */
typedef struct {
    uint64_t lo, hi;
} cellset;

/* The strong links of one digit: houses (ascending) where it has exactly two places. */
typedef struct {
    int done, n;
    uint8_t house[27], a[27], b[27]; /* a < b */
} links;

typedef struct {
    cellset peers[81], where[10];
    links strong[10];
    wing *found;
    int nfound, cap;
} hw_ctx;

static int has(cellset s, int c) { return c < 64 ? (int)(s.lo >> c & 1) : (int)(s.hi >> (c - 64) & 1); }
static void add(cellset *s, int c) { if (c < 64) s->lo |= 1ull << c; else s->hi |= 1ull << (c - 64); }
static cellset and2(cellset a, cellset b) { return (cellset){a.lo & b.lo, a.hi & b.hi}; }

/* The cells of s ascending into out; their number. */
static int cells_of(cellset s, uint8_t *out)
{
    int n = 0;
    for (uint64_t m = s.lo; m; m &= m - 1) out[n++] = (uint8_t)__builtin_ctzll(m);
    for (uint64_t m = s.hi; m; m &= m - 1) out[n++] = (uint8_t)(64 + __builtin_ctzll(m));
    return n;
}

static int pc(unsigned m) { return count9(m); } /* candidate masks only */

static int low_digit(unsigned m)
{
    int d = 1;
    while (!(m & 1)) m >>= 1, d++;
    return d;
}

static void build(hw_ctx *x, const uint16_t cands[81])
{
    cellset house[27];
    memset(house, 0, sizeof house);
    memset(x->where, 0, sizeof x->where);
    for (int h = 0; h < 27; h++)
        for (int k = 0; k < 9; k++) add(&house[h], geom9_house_cell(h, k));
    for (int c = 0; c < 81; c++) {
        cellset p = house[c / 9], q = house[9 + c % 9], r = house[18 + c / 27 * 3 + c % 9 / 3];
        x->peers[c] = (cellset){p.lo | q.lo | r.lo, p.hi | q.hi | r.hi};
        if (c < 64) x->peers[c].lo &= ~(1ull << c);
        else x->peers[c].hi &= ~(1ull << (c - 64));
        for (unsigned m = cands[c]; m; m &= m - 1) add(&x->where[low_digit(m)], c);
    }
    for (int d = 0; d < 10; d++) x->strong[d].done = 0;
}

/* The strong links of digit d (computed on first use). */
static const links *strong_links(hw_ctx *x, int d)
{
    links *l = &x->strong[d];
    if (l->done) return l;
    l->done = 1, l->n = 0;
    for (int h = 0; h < 27; h++) {
        int places[9], np = 0;
        for (int k = 0; k < 9; k++) {
            int c = geom9_house_cell(h, k);
            if (has(x->where[d], c)) places[np++] = c;
        }
        if (np != 2) continue;
        int a = places[0] < places[1] ? places[0] : places[1], b = places[0] < places[1] ? places[1] : places[0];
        l->house[l->n] = (uint8_t)h, l->a[l->n] = (uint8_t)a, l->b[l->n] = (uint8_t)b, l->n++;
    }
    return l;
}

static int put(hw_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 256;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HW_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HW_OK;
}

static int put_record(hw_out *out, const uint8_t head[9], const uint8_t *targets, int n)
{
    uint8_t rec[REC + 81];
    memcpy(rec, head, 9);
    rec[9] = (uint8_t)n;
    memcpy(rec + REC, targets, (size_t)n);
    return put(out, rec, (size_t)(REC + n));
}

static int cmp_wing(const void *p, const void *q)
{
    const wing *a = p, *b = q;
    for (int k = 0; k < 4; k++)
        if (a->key[k] != b->key[k]) return a->key[k] < b->key[k] ? -1 : 1;
    return 0;
}

/* XY-Wings (size 2) or XYZ-Wings (size 3), sorted, written to out. */
static int wings(hw_ctx *x, const uint16_t cands[81], int size, hw_out *out)
{
    x->nfound = 0;
    for (int pivot = 0; pivot < 81; pivot++) {
        unsigned pm = cands[pivot];
        if (pc(pm) != size) continue;
        uint8_t peers[20];
        int pincers[20], np = 0, npeers = cells_of(x->peers[pivot], peers);
        for (int k = 0; k < npeers; k++) {
            int q = peers[k];
            if (pc(cands[q]) == 2 && pc(cands[q] & pm) == size - 1 && (size == 3 || cands[q] != pm)) pincers[np++] = q;
        }
        for (int i = 0; i < np; i++)
            for (int j = i + 1; j < np; j++) {
                int q1 = pincers[i], q2 = pincers[j];
                unsigned m1 = cands[q1], m2 = cands[q2], z = m1 & m2;
                if (m1 == m2 || pc(z) != 1) continue;
                if (size == 2 ? (z & pm) || ((m1 | m2) & pm) != pm : !(z & pm) || (m1 | m2) != pm) continue;
                int d = low_digit(z);
                cellset t = and2(and2(x->where[d], x->peers[q1]), x->peers[q2]);
                if (size == 3) t = and2(t, x->peers[pivot]);
                if (pivot < 64) t.lo &= ~(1ull << pivot);
                else t.hi &= ~(1ull << (pivot - 64));
                uint8_t targets[81];
                int n = cells_of(t, targets);
                if (!n) continue;
                if (x->nfound == x->cap) {
                    int cap = x->cap ? 2 * x->cap : 64;
                    wing *f = realloc(x->found, (size_t)cap * sizeof *f);
                    if (!f) return HW_NO_MEMORY;
                    x->found = f, x->cap = cap;
                }
                wing *w = &x->found[x->nfound++];
                if (size == 2) {
                    int t3[3] = {pivot, q1, q2};
                    for (int a = 0; a < 3; a++) /* sort the trio */
                        for (int b = a + 1; b < 3; b++)
                            if (t3[b] < t3[a]) { int s = t3[a]; t3[a] = t3[b]; t3[b] = s; }
                    w->key[0] = t3[0], w->key[1] = t3[1], w->key[2] = t3[2];
                    w->key[3] = t3[0] == pivot ? 0 : t3[1] == pivot ? 1 : 2;
                } else {
                    w->key[0] = pivot, w->key[1] = q1 < q2 ? q1 : q2, w->key[2] = q1 < q2 ? q2 : q1, w->key[3] = 0;
                }
                uint8_t head[9] = {(uint8_t)(size - 2), (uint8_t)pivot, (uint8_t)q1, (uint8_t)q2, (uint8_t)d, 255, 255, 255, 255};
                memcpy(w->head, head, 9);
                memcpy(w->targets, targets, (size_t)n);
                w->n = n;
            }
    }
    if (x->nfound > 1) qsort(x->found, (size_t)x->nfound, sizeof *x->found, cmp_wing);
    for (int k = 0; k < x->nfound; k++) {
        int st = put_record(out, x->found[k].head, x->found[k].targets, x->found[k].n);
        if (st) return st;
    }
    return HW_OK;
}

/* The W-Wing link for x between a and b (see howing9.h); 1 when found. */
static int w_link(hw_ctx *x, int dx, int a, int b, int *house, int *s1, int *s2)
{
    const links *l = strong_links(x, dx);
    for (int k = 0; k < l->n; k++) {
        int places[2] = {l->a[k], l->b[k]}, t1 = -1, t2 = -1;
        for (int j = 0; j < 2; j++) {
            int c = places[j];
            if (c == a || c == b) continue;
            if (has(x->peers[c], a)) t1 = c;
            else if (has(x->peers[c], b)) t2 = c;
        }
        if (t1 >= 0 && t2 >= 0) {
            *house = l->house[k], *s1 = t1, *s2 = t2;
            return 1;
        }
    }
    return 0;
}

static int w_wings(hw_ctx *x, const uint16_t cands[81], hw_out *out)
{
    int bivalue[81], nb = 0;
    for (int c = 0; c < 81; c++)
        if (pc(cands[c]) == 2) bivalue[nb++] = c;
    for (int i = 0; i < nb; i++)
        for (int j = i + 1; j < nb; j++) {
            int a = bivalue[i], b = bivalue[j];
            if (cands[a] != cands[b]) continue;
            cellset both = and2(x->peers[a], x->peers[b]);
            for (unsigned rest = cands[a]; rest; rest &= rest - 1) {
                int y = low_digit(rest);
                uint8_t targets[81];
                int n = cells_of(and2(both, x->where[y]), targets);
                if (!n) continue;
                int dx = low_digit(cands[a] & ~(1u << (y - 1))), house, s1, s2;
                if (!w_link(x, dx, a, b, &house, &s1, &s2)) continue;
                uint8_t head[9] = {2, (uint8_t)a, (uint8_t)b, 255, (uint8_t)y, (uint8_t)dx, (uint8_t)house, (uint8_t)s1, (uint8_t)s2};
                int st = put_record(out, head, targets, n);
                if (st) return st;
            }
        }
    return HW_OK;
}

int howing9_search(const uint16_t cands[81], hw_out *out)
{
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HW_BAD_INPUT;
    hw_ctx *x = malloc(sizeof *x);
    if (!x) return HW_NO_MEMORY;
    build(x, cands);
    x->found = NULL, x->cap = 0;
    int st = wings(x, cands, 2, out);
    if (!st) st = wings(x, cands, 3, out);
    if (!st) st = w_wings(x, cands, out);
    free(x->found);
    free(x);
    return st;
}

void howing9_out_free(hw_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
