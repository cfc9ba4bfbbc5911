/* hosingle9.c -- HoDoKu's single-digit patterns and X-Chain search; see hosingle9.h and
 * the twin src/sudokit/_pysingle9.py (same searches, same order, same records). */
#include "hosingle9.h"
#include "geom9.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LINKS 20 /* HoDoKu's default cap on X-Chain length (links) */
#define CELL_LINKS 20 /* peers of a cell: 8 in the row, 8 in the column, 4 in the box */

/* A set of cells: bit i of lo (i < 64) or of hi (i - 64). */
typedef struct {
    uint64_t lo, hi;
} cellset;

static int has(cellset s, int c) { return c < 64 ? (int)(s.lo >> c & 1) : (int)(s.hi >> (c - 64) & 1); }
static void add(cellset *s, int c) { if (c < 64) s->lo |= 1ull << c; else s->hi |= 1ull << (c - 64); }
static void drop(cellset *s, int c) { if (c < 64) s->lo &= ~(1ull << c); else s->hi &= ~(1ull << (c - 64)); }
static cellset and2(cellset a, cellset b) { return (cellset){a.lo & b.lo, a.hi & b.hi}; }
static cellset and3(cellset a, cellset b, cellset c) { return (cellset){a.lo & b.lo & c.lo, a.hi & b.hi & c.hi}; }
static int empty(cellset s) { return !s.lo && !s.hi; }

static int count64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

static int count(cellset s) { return count64(s.lo) + count64(s.hi); }

static int row_of(int c) { return GEOM9_CELL_HOUSES[c][0]; }
static int col_of(int c) { return GEOM9_CELL_HOUSES[c][1] - 9; }
static int box_of(int c) { return GEOM9_CELL_HOUSES[c][2] - 18; }

/* House k (0 row, 1 column, 2 box) of cell c. */
static int house_of(int c, int k) { return GEOM9_CELL_HOUSES[c][k]; }

typedef struct {
    uint8_t cell, strong;
} hd_link;

typedef struct {
    uint8_t h, a, b; /* a strong link: house, lower cell, higher cell */
} hd_strong;

/* Eliminations of an X-Chain as HoDoKu's deletesMap keys them: the digit and its cells. */
typedef struct {
    uint8_t used, d;
    cellset cells;
    int level; /* the fewest links a reported chain with these eliminations had */
} hd_key;

typedef struct {
    cellset where[10], peer[81], house[27];
    uint8_t cnt[27][10];        /* places of digit d in house h */
    hd_link links[10][81][CELL_LINKS]; /* HoDoKu's X-Chain links of each digit */
    uint8_t nlinks[10][81];
    uint8_t strong_to[10][81][3]; /* the cells of the strong ones, in the same order (one per house at most) */
    uint8_t nstrong_to[10][81];
    hd_strong strong[27];
    int nstrong;
    hd_out *out;
    hd_key *keys;
    size_t cap, count;
} hd_ctx;

static int put(hd_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 1024;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HD_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HD_OK;
}

/* The strong links of digit d in houses [lo, hi), in house order. */
static void strong_links(hd_ctx *x, int d, int lo, int hi)
{
    x->nstrong = 0;
    for (int h = lo; h < hi; h++) {
        if (x->cnt[h][d] != 2) continue;
        int a, b; /* house order is ascending cell order: the set's two cells, lowest first */
        cellset m = and2(x->house[h], x->where[d]);
        a = m.lo ? __builtin_ctzll(m.lo) : 64 + __builtin_ctzll(m.hi);
        drop(&m, a);
        b = m.lo ? __builtin_ctzll(m.lo) : 64 + __builtin_ctzll(m.hi);
        x->strong[x->nstrong++] = (hd_strong){(uint8_t)h, (uint8_t)a, (uint8_t)b};
    }
}

/* A link record: d, h1, e1, f1, h2, e2, f2, n, the n target cells. */
static int emit_link(hd_ctx *x, int d, int h1, int e1, int f1, int h2, int e2, int f2, cellset targets)
{
    uint8_t buf[8 + 81];
    uint8_t n = 0;
    buf[0] = (uint8_t)d, buf[1] = (uint8_t)h1, buf[2] = (uint8_t)e1, buf[3] = (uint8_t)f1;
    buf[4] = (uint8_t)h2, buf[5] = (uint8_t)e2, buf[6] = (uint8_t)f2;
    for (int c = 0; c < 81; c++)
        if (has(targets, c)) buf[8 + n++] = (uint8_t)c;
    buf[7] = n;
    return put(x->out, buf, 8 + (size_t)n);
}

/* ------------------------------------------------------------------ Skyscraper */
static int skyscraper(hd_ctx *x)
{
    for (int lines = 1; lines >= 0; lines--) {
        for (int d = 1; d <= 9; d++) {
            strong_links(x, d, lines ? 0 : 9, lines ? 9 : 18);
            for (int i = 0; i < x->nstrong; i++) {
                for (int j = i + 1; j < x->nstrong; j++) {
                    hd_strong p = x->strong[i], q = x->strong[j];
                    int (*cross)(int) = lines ? col_of : row_of;
                    int e1, f1, e2, f2;
                    if (cross(p.a) == cross(q.a)) e1 = p.a, f1 = p.b, e2 = q.a, f2 = q.b;
                    else if (cross(p.b) == cross(q.b)) e1 = p.b, f1 = p.a, e2 = q.b, f2 = q.a;
                    else continue;
                    if (cross(f1) == cross(f2)) continue; /* an X-Wing */
                    cellset targets = and3(x->where[d], x->peer[f1], x->peer[f2]);
                    if (empty(targets)) continue;
                    int status = emit_link(x, d, p.h, e1, f1, q.h, e2, f2, targets);
                    if (status != HD_OK) return status;
                }
            }
        }
    }
    return HD_OK;
}

/* ------------------------------------------------------------------ 2-String Kite */
static int kite(hd_ctx *x)
{
    hd_strong rows[9], cols[9];
    for (int d = 1; d <= 9; d++) {
        strong_links(x, d, 0, 9);
        int nr = x->nstrong;
        memcpy(rows, x->strong, sizeof(hd_strong) * (size_t)nr);
        strong_links(x, d, 9, 18);
        int nc = x->nstrong;
        memcpy(cols, x->strong, sizeof(hd_strong) * (size_t)nc);
        for (int i = 0; i < nr; i++) {
            for (int j = 0; j < nc; j++) {
                int a1 = rows[i].a, b1 = rows[i].b, a2 = cols[j].a, b2 = cols[j].b;
                const int tries[4][4] = {{a1, b1, a2, b2}, {a1, b1, b2, a2}, {b1, a1, a2, b2}, {b1, a1, b2, a2}};
                int k = 0;
                while (k < 4 && box_of(tries[k][0]) != box_of(tries[k][2])) k++;
                if (k == 4) continue;
                if (a1 == a2 || a1 == b2 || b1 == a2 || b1 == b2) continue;
                int e1 = tries[k][0], f1 = tries[k][1], e2 = tries[k][2], f2 = tries[k][3];
                int target = row_of(f2) * 9 + col_of(f1);
                if (!has(x->where[d], target)) continue;
                cellset t = {0, 0};
                add(&t, target);
                int status = emit_link(x, d, rows[i].h, e1, f1, cols[j].h, e2, f2, t);
                if (status != HD_OK) return status;
            }
        }
    }
    return HD_OK;
}

/* HoDoKu's X-Chain links of digit d: for every place, the other places of its row, its
 * column and its box (box cells outside both), each strong when that house holds two. */
static void chain_links(hd_ctx *x, int d)
{
    hd_link (*links)[CELL_LINKS] = x->links[d];
    uint8_t *nlinks = x->nlinks[d], *nstrong = x->nstrong_to[d];
    memset(nlinks, 0, 81);
    memset(nstrong, 0, 81);
    cellset w = x->where[d];
    for (int half = 0; half < 2; half++)
        for (uint64_t bits = half ? w.hi : w.lo; bits; bits &= bits - 1) {
            int c = __builtin_ctzll(bits) + 64 * half;
            for (int k = 0; k < 3; k++) {
                int h = house_of(c, k);
                uint8_t strong = x->cnt[h][d] == 2;
                cellset m = and2(x->house[h], w); /* the house's other places, in house (ascending) order */
                if (k == 2) { /* box cells outside the cell's row and column */
                    cellset line = x->house[row_of(c)], col = x->house[9 + col_of(c)];
                    m.lo &= ~(line.lo | col.lo), m.hi &= ~(line.hi | col.hi);
                }
                drop(&m, c);
                for (int part = 0; part < 2; part++)
                    for (uint64_t o = part ? m.hi : m.lo; o; o &= o - 1) {
                        uint8_t to = (uint8_t)(__builtin_ctzll(o) + 64 * part);
                        links[c][nlinks[c]++] = (hd_link){to, strong};
                        if (strong && nstrong[c] < 3) x->strong_to[d][c][nstrong[c]++] = to;
                    }
            }
        }
}

/* The house where a and b are the only two places of d (row, column, box), or -1. */
static int link_house(const hd_ctx *x, int d, int a, int b)
{
    for (int k = 0; k < 3; k++) {
        int h = house_of(a, k);
        if (has(x->house[h], b) && x->cnt[h][d] == 2) return h;
    }
    return -1;
}

/* ------------------------------------------------------------------ Turbot Fish */
typedef struct {
    int n;
    long total;
    uint8_t s, d, a, b, c;
    size_t seq;
} hd_turbot;

static int turbot_cmp(const void *p, const void *q)
{
    const hd_turbot *u = p, *v = q;
    if (u->n != v->n) return u->n > v->n ? -1 : 1;
    if (u->total != v->total) return u->total < v->total ? -1 : 1;
    if (u->s != v->s) return u->s < v->s ? -1 : 1;
    if (u->d != v->d) return u->d < v->d ? -1 : 1;
    return u->seq < v->seq ? -1 : u->seq > v->seq;
}

/* Is s=a-b=c a chain HoDoKu's Skyscraper or 2-String Kite search finds (near ends a, b)? */
static int named_elsewhere(const hd_ctx *x, int d, int s, int a, int b, int c)
{
    int h1 = link_house(x, d, a, s), h2 = link_house(x, d, b, c);
    if (h1 >= 18 || h2 >= 18 || h1 < 0 || h2 < 0) return 0;
    if ((h1 < 9) != (h2 < 9))
        return box_of(a) == box_of(b) && s != a && s != b && s != c && a != b && a != c && b != c;
    int (*cross)(int) = h1 < 9 ? col_of : row_of;
    int p0 = s < a ? s : a, p1 = s < a ? a : s, q0 = b < c ? b : c, q1 = b < c ? c : b;
    if (cross(p0) == cross(q0)) return a == p0 && b == q0;
    return cross(p1) == cross(q1) && a == p1 && b == q1;
}

static int turbot(hd_ctx *x)
{
    hd_turbot *found = NULL;
    size_t n = 0, cap = 0;
    int status = HD_OK;
    for (int d = 1; d <= 9 && status == HD_OK; d++) {
        chain_links(x, d);
        hd_link (*links)[CELL_LINKS] = x->links[d];
        const uint8_t *nlinks = x->nlinks[d], *nstrong = x->nstrong_to[d];
        const uint8_t (*strong_to)[3] = x->strong_to[d]; /* the strong links alone: the same ones, in order */
        for (int s = 0; s < 81 && status == HD_OK; s++) {
            for (int i = 0; i < nstrong[s] && status == HD_OK; i++) {
                int a = strong_to[s][i];
                for (int j = 0; j < nlinks[a] && status == HD_OK; j++) {
                    int b = links[a][j].cell;
                    if (b == s) continue;
                    for (int k = 0; k < nstrong[b]; k++) {
                        int c = strong_to[b][k];
                        if (c == a) continue;
                        cellset targets = and3(x->where[d], x->peer[s], x->peer[c]);
                        if (empty(targets) || named_elsewhere(x, d, s, a, b, c)) continue; /* the cheap test first */
                        if (n == cap) {
                            size_t ncap = cap ? 2 * cap : 64;
                            hd_turbot *grown = realloc(found, ncap * sizeof *grown);
                            if (!grown) {
                                status = HD_NO_MEMORY;
                                break;
                            }
                            found = grown, cap = ncap;
                        }
                        long total = 0, offset = 1;
                        for (int t = 0; t < 81; t++)
                            if (has(targets, t)) total += t * offset + d, offset += 80;
                        found[n] = (hd_turbot){count(targets), total, (uint8_t)s, (uint8_t)d, (uint8_t)a, (uint8_t)b, (uint8_t)c, n};
                        n++;
                    }
                }
            }
        }
    }
    if (status == HD_OK && n) qsort(found, n, sizeof *found, turbot_cmp);
    for (size_t i = 0; i < n && status == HD_OK; i++) {
        const hd_turbot *f = &found[i];
        cellset targets = and3(x->where[f->d], x->peer[f->s], x->peer[f->c]);
        status = emit_link(x, f->d, link_house(x, f->d, f->s, f->a), f->a, f->s, link_house(x, f->d, f->b, f->c), f->b, f->c,
                           targets);
    }
    free(found);
    return status;
}

/* ------------------------------------------------------------------ Empty Rectangle */
typedef struct {
    uint8_t rec[8]; /* d, box, row, col, h, near, far, target */
    int row, col, flag, near;
} hd_er;

static int er_cmp(const void *p, const void *q)
{
    const hd_er *u = p, *v = q;
    if (u->row != v->row) return u->row > v->row ? -1 : 1;
    if (u->col != v->col) return u->col > v->col ? -1 : 1;
    if (u->flag != v->flag) return u->flag < v->flag ? -1 : 1;
    return u->near < v->near ? -1 : u->near > v->near;
}

static int empty_rectangle(hd_ctx *x)
{
    hd_er items[9 * 18 * 2]; /* per box: crosses x row/column links x two ends */
    for (int d = 1; d <= 9; d++) {
        strong_links(x, d, 0, 18);
        for (int box = 18; box < 27; box++) {
            cellset in_box = and2(x->where[d], x->house[box]);
            if (count(in_box) < 2) continue;
            int n = 0, b = box - 18;
            for (int row = 3 * (b / 3); row < 3 * (b / 3) + 3; row++) {
                for (int col = 3 * (b % 3); col < 3 * (b % 3) + 3; col++) {
                    cellset r = x->house[row], k = x->house[9 + col];
                    cellset rest = {in_box.lo & ~(r.lo | k.lo), in_box.hi & ~(r.hi | k.hi)};
                    if (!empty(rest)) continue;
                    cellset off_row = {in_box.lo & ~r.lo, in_box.hi & ~r.hi}, off_col = {in_box.lo & ~k.lo, in_box.hi & ~k.hi};
                    if (empty(off_row) || empty(off_col)) continue; /* one line: a Pointing */
                    for (int i = 0; i < x->nstrong; i++) {
                        hd_strong l = x->strong[i];
                        if (!empty(and2(x->house[l.h], x->house[box]))) continue;
                        for (int e = 0; e < 2; e++) {
                            int near = e ? l.b : l.a, far = e ? l.a : l.b, target;
                            if (l.h >= 9 && row_of(near) == row) target = row_of(far) * 9 + col;
                            else if (l.h < 9 && col_of(near) == col) target = row * 9 + col_of(far);
                            else continue;
                            if (box_of(target) == b || !has(x->where[d], target)) continue;
                            hd_er *it = &items[n++];
                            const uint8_t rec[8] = {(uint8_t)d, (uint8_t)box, (uint8_t)row, (uint8_t)col,
                                                    l.h, (uint8_t)near, (uint8_t)far, (uint8_t)target};
                            memcpy(it->rec, rec, sizeof rec);
                            it->row = row, it->col = col, it->flag = row_of(near) != row, it->near = near;
                        }
                    }
                }
            }
            if (n > 1) qsort(items, (size_t)n, sizeof *items, er_cmp);
            for (int i = 0; i < n; i++) {
                int status = put(x->out, items[i].rec, 8);
                if (status != HD_OK) return status;
            }
        }
    }
    return HD_OK;
}

/* ------------------------------------------------------------------ X-Chain */
static size_t key_hash(const hd_key *k)
{
    uint64_t h = k->cells.lo * 0x9E3779B97F4A7C15ull ^ k->cells.hi * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t)k->d << 56;
    return (size_t)(h ^ h >> 29);
}

static int key_same(const hd_key *a, const hd_key *b)
{
    return a->d == b->d && a->cells.lo == b->cells.lo && a->cells.hi == b->cells.hi;
}

/* The deletesMap entry of k (new entries get level 0x7FFFFFFF); NULL when out of memory. */
static hd_key *key_slot(hd_ctx *x, const hd_key *k)
{
    if (2 * (x->count + 1) > x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 256;
        hd_key *keys = calloc(cap, sizeof *keys);
        if (!keys) return NULL;
        for (size_t i = 0; i < x->cap; i++) {
            if (!x->keys[i].used) continue;
            size_t j = key_hash(&x->keys[i]) & (cap - 1);
            while (keys[j].used) j = (j + 1) & (cap - 1);
            keys[j] = x->keys[i];
        }
        free(x->keys);
        x->keys = keys, x->cap = cap;
    }
    size_t j = key_hash(k) & (x->cap - 1);
    while (x->keys[j].used && !key_same(&x->keys[j], k)) j = (j + 1) & (x->cap - 1);
    if (!x->keys[j].used) {
        x->keys[j] = *k;
        x->keys[j].used = 1;
        x->keys[j].level = 0x7FFFFFFF;
        x->count++;
    }
    return &x->keys[j];
}

typedef struct {
    int cell, strong_only, at, end;
} hd_entry;

/* The chain[0..level] ends on a strong link with `elims` seeing both ends: report it
 * unless a chain with the same eliminations was reported with no more links. */
static int x_chain_check(hd_ctx *x, int d, cellset elims, const uint8_t *chain, int level)
{
    if (empty(elims)) return HD_OK;
    hd_key k;
    memset(&k, 0, sizeof k);
    k.d = (uint8_t)d, k.cells = elims;
    hd_key *slot = key_slot(x, &k);
    if (!slot) return HD_NO_MEMORY;
    if (slot->level <= level) return HD_OK;
    slot->level = level;
    uint8_t buf[2 + MAX_LINKS + 1];
    buf[0] = (uint8_t)d, buf[1] = (uint8_t)(level + 1);
    memcpy(buf + 2, chain, (size_t)level + 1);
    return put(x->out, buf, 2 + (size_t)level + 1);
}

/* HoDoKu's getChain from one start link: chain[0] the start, chain[1] its strong partner. */
static int x_chain_from(hd_ctx *x, int d, uint8_t chain[MAX_LINKS + 1], long budget, long *spent)
{
    hd_link (*links)[CELL_LINKS] = x->links[d];
    const uint8_t *nlinks = x->nlinks[d], *nstrong = x->nstrong_to[d];
    const uint8_t (*strong_to)[3] = x->strong_to[d];
    hd_entry stack[MAX_LINKS + 1];
    int start = chain[0], level = 1;
    cellset start_set = and2(x->peer[start], x->where[d]), used = {0, 0};
    add(&used, start);
    stack[1] = (hd_entry){chain[1], 0, 0, nlinks[chain[1]]};
    for (;;) {
        while (stack[level].at >= stack[level].end) {
            if (--level <= 0) return HD_OK;
            drop(&used, stack[level].cell);
        }
        hd_entry *e = &stack[level];
        /* a strong-only step walks the cell's strong links alone (the others it would skip) */
        hd_link l = e->strong_only ? (hd_link){strong_to[e->cell][e->at++], 1} : links[e->cell][e->at++];
        int strong = l.strong;
        int loop = 0;
        if (has(used, l.cell)) {
            if (l.cell != start) continue; /* back to the chain */
            loop = 1;                     /* back to the start: checked, not extended */
        }
        add(&used, e->cell);
        if (!e->strong_only) strong = 0; /* a strong link used as a weak one */
        if (++*spent > budget) return HD_BUDGET;
        chain[++level] = l.cell;
        if (level > 1 && strong) {
            int status = x_chain_check(x, d, and2(start_set, x->peer[l.cell]), chain, level);
            if (status != HD_OK) return status;
        }
        int strong_only = e->strong_only;
        if (level < MAX_LINKS && !loop)
            stack[level] = (hd_entry){l.cell, !strong_only, 0, strong_only ? nlinks[l.cell] : nstrong[l.cell]};
        else stack[level] = (hd_entry){l.cell, 0, 0, 0};
    }
}

static int x_chain(hd_ctx *x, long budget, long *spent)
{
    for (int d = 1; d <= 9; d++) chain_links(x, d);
    for (int start = 0; start < 81; start++) {
        for (int d = 1; d <= 9; d++) {
            if (!has(x->where[d], start)) continue;
            for (int i = 0; i < x->nstrong_to[d][start]; i++) {
                uint8_t chain[MAX_LINKS + 1];
                chain[0] = (uint8_t)start, chain[1] = x->strong_to[d][start][i];
                int status = x_chain_from(x, d, chain, budget, spent);
                if (status != HD_OK) return status;
            }
        }
    }
    return HD_OK;
}

/* The search context of cands (NULL: no memory). */
static hd_ctx *hd_new(const uint16_t cands[81], hd_out *out)
{
    hd_ctx *x = malloc(sizeof *x); /* not calloc: the chain links (most of it) are written before they are read */
    if (!x) return NULL;
    memset(x->where, 0, sizeof x->where), memset(x->peer, 0, sizeof x->peer), memset(x->house, 0, sizeof x->house);
    memset(x->cnt, 0, sizeof x->cnt), memset(x->nlinks, 0, sizeof x->nlinks);
    memset(x->nstrong_to, 0, sizeof x->nstrong_to);
    x->nstrong = 0, x->keys = NULL, x->cap = x->count = 0;
    x->out = out;
    for (int h = 0; h < 27; h++)
        for (int k = 0; k < 9; k++) add(&x->house[h], geom9_house_cell(h, k));
    for (int i = 0; i < 81; i++) {
        for (int k = 0; k < 3; k++) {
            cellset hm = x->house[house_of(i, k)];
            x->peer[i].lo |= hm.lo, x->peer[i].hi |= hm.hi;
        }
        drop(&x->peer[i], i);
        for (int d = 1; d <= 9; d++)
            if (cands[i] >> (d - 1) & 1) {
                add(&x->where[d], i);
                for (int k = 0; k < 3; k++) x->cnt[house_of(i, k)][d]++;
            }
    }
    return x;
}

static int hd_run(hd_ctx *x, int kind, long budget, long *spent)
{
    switch (kind) {
    case HD_SKYSCRAPER: return skyscraper(x);
    case HD_KITE: return kite(x);
    case HD_TURBOT: return turbot(x);
    case HD_EMPTY_RECT: return empty_rectangle(x);
    default: return x_chain(x, budget, spent);
    }
}

static int hd_check(const uint16_t cands[81])
{
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HD_BAD_INPUT;
    return HD_OK;
}

int hosingle9_search(const uint16_t cands[81], int kind, long budget, hd_out *out, long *spent)
{
    *spent = 0;
    if (budget < 0 || kind < HD_SKYSCRAPER || kind > HD_X_CHAIN || hd_check(cands)) return HD_BAD_INPUT;
    hd_ctx *x = hd_new(cands, out);
    if (!x) return HD_NO_MEMORY;
    int status = hd_run(x, kind, budget, spent);
    free(x->keys);
    free(x);
    return status;
}

int hosingle9_first(const uint16_t cands[81], const uint8_t *kinds, int n, hd_out *out, int *which)
{
    *which = n;
    if (n < 0 || (n && !kinds) || hd_check(cands)) return HD_BAD_INPUT;
    for (int k = 0; k < n; k++)
        if (kinds[k] > HD_EMPTY_RECT) return HD_BAD_INPUT;
    if (!n) return HD_OK;
    hd_ctx *x = hd_new(cands, out);
    if (!x) return HD_NO_MEMORY;
    int status = HD_OK;
    long spent = 0;
    for (int k = 0; k < n && status == HD_OK; k++) {
        status = hd_run(x, kinds[k], 0, &spent);
        if (status == HD_OK && out->len) {
            *which = k;
            break;
        }
    }
    free(x->keys);
    free(x);
    return status;
}

void hosingle9_out_free(hd_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
