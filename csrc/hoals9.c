/* hoals9.c -- HoDoKu's ALS and restricted commons; see hoals9.h and the twin
 * src/sudokit/_pyals9.py (same search, same order, same records). */
#include "hoals9.h"
#include "bits.h"
#include "geom9.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t lo, hi; /* cells 0..63, 64..80 */
} cs81;

static int has(cs81 s, int c) { return c < 64 ? (int)(s.lo >> c & 1) : (int)(s.hi >> (c - 64) & 1); }
static cs81 with_cell(cs81 s, int c)
{
    if (c < 64) s.lo |= (uint64_t)1 << c;
    else s.hi |= (uint64_t)1 << (c - 64);
    return s;
}
static int overlap(cs81 a, cs81 b) { return (a.lo & b.lo) || (a.hi & b.hi); }

static int pc(unsigned m) { return bit_count(m); }

typedef struct {
    cs81 cells;
    uint16_t digits;
} als;

typedef struct {
    const uint16_t *cands;
    als *list;
    size_t n, cap;
    cs81 *set; /* open addressing on the cell masks found (lo = hi = 0: empty) */
    size_t setcap;
    cs81 peer[81], where[10];
} ha_ctx;

int hoals9_put(ha_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 4096;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HA_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HA_OK;
}

static size_t slot_of(cs81 s, size_t cap)
{
    uint64_t h = (s.lo ^ (s.hi * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
    return (size_t)(h >> 17) & (cap - 1);
}

/* Adds the cell set unless it is there; 1 when added, 0 when known, <0 on error. */
static int remember(ha_ctx *x, cs81 s)
{
    if (2 * (x->n + 1) > x->setcap) {
        size_t cap = x->setcap ? 2 * x->setcap : 1024;
        cs81 *set = calloc(cap, sizeof *set);
        if (!set) return HA_NO_MEMORY;
        for (size_t k = 0; k < x->setcap; k++) {
            cs81 e = x->set[k];
            if (!e.lo && !e.hi) continue;
            size_t p = slot_of(e, cap);
            while (set[p].lo || set[p].hi) p = (p + 1) & (cap - 1);
            set[p] = e;
        }
        free(x->set);
        x->set = set;
        x->setcap = cap;
    }
    size_t p = slot_of(s, x->setcap);
    while (x->set[p].lo || x->set[p].hi) {
        if (x->set[p].lo == s.lo && x->set[p].hi == s.hi) return 0;
        p = (p + 1) & (x->setcap - 1);
    }
    x->set[p] = s;
    return 1;
}

static int add_als(ha_ctx *x, cs81 cells, unsigned digits)
{
    if (x->n == x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 256;
        als *list = realloc(x->list, cap * sizeof *list);
        if (!list) return HA_NO_MEMORY;
        x->list = list;
        x->cap = cap;
    }
    x->list[x->n].cells = cells;
    x->list[x->n++].digits = (uint16_t)digits;
    return HA_OK;
}

/* The twin's grow: subsets of free[start..] added to cells, depth first. */
static int grow(ha_ctx *x, const int *free_cells, int nfree, int start, cs81 cells, unsigned digits, int n)
{
    if (n >= 8) return HA_OK;
    for (int k = start; k < nfree; k++) {
        int c = free_cells[k];
        unsigned m = digits | x->cands[c];
        int size = n + 1;
        cs81 bits = with_cell(cells, c);
        if (pc(m) == size + 1) {
            int fresh = remember(x, bits);
            if (fresh < 0) return fresh;
            if (fresh && add_als(x, bits, m) != HA_OK) return HA_NO_MEMORY;
        }
        int st = grow(x, free_cells, nfree, k + 1, bits, m, size);
        if (st != HA_OK) return st;
    }
    return HA_OK;
}

static void geometry(ha_ctx *x)
{
    cs81 house[27];
    for (int h = 0; h < 27; h++) {
        house[h] = (cs81){0, 0};
        for (int k = 0; k < 9; k++) house[h] = with_cell(house[h], geom9_house_cell(h, k));
    }
    for (int c = 0; c < 81; c++) {
        cs81 r = house[c / 9], k = house[9 + c % 9], b = house[18 + c / 27 * 3 + c % 9 / 3];
        cs81 p = {r.lo | k.lo | b.lo, r.hi | k.hi | b.hi};
        if (c < 64) p.lo &= ~((uint64_t)1 << c);
        else p.hi &= ~((uint64_t)1 << (c - 64));
        x->peer[c] = p;
    }
    for (int d = 0; d < 10; d++) x->where[d] = (cs81){0, 0};
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (x->cands[c] >> (d - 1) & 1) x->where[d] = with_cell(x->where[d], c);
}

static cs81 and3(cs81 a, cs81 b) { return (cs81){a.lo & b.lo, a.hi & b.hi}; }
static cs81 or3(cs81 a, cs81 b) { return (cs81){a.lo | b.lo, a.hi | b.hi}; }
static cs81 minus(cs81 a, cs81 b) { return (cs81){a.lo & ~b.lo, a.hi & ~b.hi}; }
static int empty(cs81 a) { return !a.lo && !a.hi; }
static unsigned bit(int d) { return d ? 1u << (d - 1) : 0u; }

typedef struct {
    uint16_t i, j;
    uint8_t x1, x2;
} ha_rc;

/* The ALS of a grid with, per ALS and digit, its cells holding d (with) and the cells
 * outside it holding d that see all of those (sees), and the restricted commons. */
struct ha_grid {
    ha_ctx *x;
    cs81 *with, *sees;
    ha_rc *rc;
    size_t nrc, caprc;
};

static void grid_free(ha_grid *g)
{
    if (g->x) free(g->x->list), free(g->x->set), free(g->x);
    free(g->with), free(g->sees), free(g->rc);
    memset(g, 0, sizeof *g);
}

static int add_rc(ha_grid *g, size_t i, size_t j, int x1, int x2)
{
    if (g->nrc == g->caprc) {
        size_t cap = g->caprc ? 2 * g->caprc : 1024;
        ha_rc *rc = realloc(g->rc, cap * sizeof *rc);
        if (!rc) return HA_NO_MEMORY;
        g->rc = rc;
        g->caprc = cap;
    }
    g->rc[g->nrc++] = (ha_rc){(uint16_t)i, (uint16_t)j, (uint8_t)x1, (uint8_t)x2};
    return HA_OK;
}

/* The cells that see every cell of s (all 81 for an empty s). */
static cs81 seen_by_all(const ha_ctx *x, cs81 s)
{
    cs81 seen = {~(uint64_t)0, ~(uint64_t)0};
    for (uint64_t m = s.lo; m; m &= m - 1) seen = and3(seen, x->peer[lowest_index64(m)]);
    for (uint64_t m = s.hi; m; m &= m - 1) seen = and3(seen, x->peer[64 + lowest_index64(m)]);
    return seen;
}

static int rcs_of(ha_grid *g)
{
    ha_ctx *x = g->x;
    size_t n = x->n;
    g->with = calloc((n ? n : 1) * 10, sizeof *g->with);
    g->sees = calloc((n ? n : 1) * 10, sizeof *g->sees);
    if (!g->with || !g->sees) return HA_NO_MEMORY;
    for (size_t i = 0; i < n; i++) {
        const als *a = &x->list[i];
        for (int d = 1; d <= 9; d++) {
            if (!(a->digits & bit(d))) continue; /* with and sees stay empty */
            cs81 w = and3(x->where[d], a->cells);
            g->with[10 * i + d] = w;
            g->sees[10 * i + d] = minus(and3(x->where[d], seen_by_all(x, w)), a->cells);
        }
    }
    int status = HA_OK;
    for (size_t i = 0; i < n && status == HA_OK; i++) {
        const als *a = &x->list[i];
        const cs81 *sa = g->sees + 10 * i;
        /* the digits that can be restricted common with a: b's cells holding d (never none
         * when b has d) must all be among sa[d], so an empty sa[d] rules d out */
        unsigned live = 0;
        for (int d = 1; d <= 9; d++)
            if (!empty(sa[d])) live |= bit(d);
        live &= a->digits;
        if (!live) continue;
        for (size_t j = i + 1; j < n; j++) {
            const als *b = &x->list[j];
            unsigned common = live & b->digits;
            if (!common || overlap(a->cells, b->cells)) continue;
            const cs81 *wb = g->with + 10 * j;
            int found[2] = {0, 0}, nf = 0;
            for (unsigned m = common; m && nf < 2; m &= m - 1) {
                int d = lowest_index64(m) + 1;
                /* d is restricted common when every d cell of a sees every d cell of b (the
                 * twin's test: all d cells of both within both's reach; a and b apart, it
                 * comes to this, and seeing is symmetric): b's d cells all among the cells
                 * outside a that hold d and see all of a's */
                if (!(wb[d].lo & ~sa[d].lo) && !(wb[d].hi & ~sa[d].hi)) found[nf++] = d;
            }
            if (nf && (status = add_rc(g, i, j, found[0], found[1])) != HA_OK) break;
        }
    }
    return status;
}

/* The ALS, their digit tables and restricted commons of cands into g (zeroed by the
 * caller, freed with grid_free also after an error). */
static int grid_build(const uint16_t cands[81], ha_grid *g)
{
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HA_BAD_INPUT;
    ha_ctx *x = g->x = calloc(1, sizeof *x);
    if (!x) return HA_NO_MEMORY;
    x->cands = cands;
    geometry(x);
    int status = HA_OK;
    for (int h = 0; h < 27 && status == HA_OK; h++) {
        int free_cells[9], nfree = 0;
        for (int k = 0; k < 9; k++) {
            int c = geom9_house_cell(h, k);
            if (cands[c]) free_cells[nfree++] = c;
        }
        status = grow(x, free_cells, nfree, 0, (cs81){0, 0}, 0, 0);
    }
    if (status == HA_OK && x->n > 65535) status = HA_NO_MEMORY; /* cannot happen: at most 27 * 510 sets */
    if (status == HA_OK) status = rcs_of(g);
    return status;
}

static void als_record(const als *a, uint8_t rec[13])
{
    for (int k = 0; k < 8; k++) rec[k] = (uint8_t)(a->cells.lo >> (8 * k));
    for (int k = 0; k < 3; k++) rec[8 + k] = (uint8_t)(a->cells.hi >> (8 * k));
    rec[11] = (uint8_t)(a->digits & 0xFF);
    rec[12] = (uint8_t)(a->digits >> 8);
}

int hoals9_grid_records(const ha_grid *g, ha_out *alses, ha_out *rcs)
{
    int status = HA_OK;
    for (size_t i = 0; status == HA_OK && i < g->x->n; i++) {
        uint8_t rec[13];
        als_record(&g->x->list[i], rec);
        status = hoals9_put(alses, rec, 13);
    }
    for (size_t k = 0; status == HA_OK && k < g->nrc; k++) {
        const ha_rc *r = &g->rc[k];
        uint8_t rec[6] = {(uint8_t)(r->i & 0xFF), (uint8_t)(r->i >> 8), (uint8_t)(r->j & 0xFF), (uint8_t)(r->j >> 8), r->x1, r->x2};
        status = hoals9_put(rcs, rec, 6);
    }
    return status;
}

int hoals9_grid_new(const uint16_t cands[81], ha_grid **grid)
{
    *grid = NULL;
    ha_grid *g = calloc(1, sizeof *g);
    if (!g) return HA_NO_MEMORY;
    int status = grid_build(cands, g);
    if (status != HA_OK) {
        grid_free(g);
        free(g);
        return status;
    }
    *grid = g;
    return HA_OK;
}

void hoals9_grid_free(ha_grid *g)
{
    if (!g) return;
    grid_free(g);
    free(g);
}

int hoals9_search(const uint16_t cands[81], ha_out *alses, ha_out *rcs)
{
    ha_grid *g;
    int status = hoals9_grid_new(cands, &g);
    if (status == HA_OK) status = hoals9_grid_records(g, alses, rcs);
    hoals9_grid_free(g);
    return status;
}

/* --------------------------------------------------------------- ALS-XZ and ALS-XY-Wing */

/* Digits common to ALS a and b but not in skip leave the cells outside both that see all
 * their cells in both (the twin's _common_elims): into elim[z]; returns the digits that did. */
static unsigned common_elims(const ha_grid *g, size_t a, size_t b, unsigned skip, cs81 elim[10])
{
    const als *A = &g->x->list[a], *B = &g->x->list[b];
    cs81 outside = {~(A->cells.lo | B->cells.lo), ~(A->cells.hi | B->cells.hi)};
    unsigned zs = 0, common = A->digits & B->digits & ~skip;
    for (int z = 1; z <= 9; z++) {
        if (!(common & bit(z))) continue;
        cs81 hit = and3(and3(g->sees[10 * a + z], g->sees[10 * b + z]), outside);
        if (empty(hit)) continue;
        zs |= bit(z);
        elim[z] = or3(elim[z], hit);
    }
    return zs;
}

/* One step record (see hoals9.h). */
static int put_step(ha_out *out, const ha_grid *g, const size_t *sets, int nsets, unsigned xs, unsigned zs, const cs81 elim[10])
{
    uint8_t head[1 + 3 * 13 + 6];
    size_t n = 0;
    head[n++] = (uint8_t)nsets;
    for (int k = 0; k < nsets; k++, n += 13) als_record(&g->x->list[sets[k]], head + n);
    int count = 0;
    for (int z = 1; z <= 9; z++) count += pc((unsigned)(elim[z].lo & 0xFFFFFFFFu)) + pc((unsigned)(elim[z].lo >> 32)) + pc((unsigned)elim[z].hi);
    uint8_t tail[6] = {(uint8_t)(xs & 0xFF), (uint8_t)(xs >> 8), (uint8_t)(zs & 0xFF), (uint8_t)(zs >> 8),
                       (uint8_t)(count & 0xFF), (uint8_t)(count >> 8)};
    memcpy(head + n, tail, 6);
    int st = hoals9_put(out, head, n + 6);
    for (int z = 1; z <= 9 && st == HA_OK; z++)
        for (int c = 0; c < 81 && st == HA_OK; c++)
            if (has(elim[z], c)) {
                uint8_t pair[2] = {(uint8_t)c, (uint8_t)z};
                st = hoals9_put(out, pair, 2);
            }
    return st;
}

static int any_elim(const cs81 elim[10])
{
    for (int z = 1; z <= 9; z++)
        if (!empty(elim[z])) return 1;
    return 0;
}

/* The twin's ALS-XZ: one step per RC with eliminations, in RC order. */
static int xz_steps(const ha_grid *g, long limit, ha_out *out, long *found)
{
    for (size_t k = 0; k < g->nrc && *found < limit; k++) {
        const ha_rc *r = &g->rc[k];
        const als *A = &g->x->list[r->i], *B = &g->x->list[r->j];
        cs81 elim[10];
        memset(elim, 0, sizeof elim);
        unsigned zs = common_elims(g, r->i, r->j, bit(r->x1), elim);
        if (r->x2) {
            zs |= common_elims(g, r->i, r->j, bit(r->x2), elim);
            int locked = 0;
            unsigned both = bit(r->x1) | bit(r->x2);
            for (int side = 0; side < 2; side++) {
                size_t one = side ? r->j : r->i;
                const als *O = side ? B : A, *other = side ? A : B;
                for (int d = 1; d <= 9; d++) {
                    if (!(O->digits & ~both & bit(d))) continue;
                    cs81 hit = minus(g->sees[10 * one + d], other->cells);
                    if (empty(hit)) continue;
                    locked = 1;
                    elim[d] = or3(elim[d], hit);
                }
            }
            if (locked) zs = 0; /* HoDoKu prints no Z for a doubly linked ALS-XZ */
        }
        if (!any_elim(elim)) continue;
        size_t sets[2] = {r->i, r->j};
        int st = put_step(out, g, sets, 2, bit(r->x1) | bit(r->x2), zs, elim);
        if (st != HA_OK) return st;
        ++*found;
    }
    return HA_OK;
}

/* The twin's ALS-XY-Wing: RC pairs k1 < k2 sharing an ALS C, in (k1, k2) order. */
static int xy_steps(const ha_grid *g, long limit, ha_out *out, long *found)
{
    size_t n = g->x->n, *first = calloc(n + 1, sizeof *first), *by = malloc((2 * g->nrc + 1) * sizeof *by);
    if (!first || !by) {
        free(first), free(by);
        return HA_NO_MEMORY;
    }
    /* by[first[c] .. first[c + 1]): the RCs of ALS c, ascending */
    for (size_t k = 0; k < g->nrc; k++) first[g->rc[k].i + 1]++, first[g->rc[k].j + 1]++;
    for (size_t c = 0; c < n; c++) first[c + 1] += first[c];
    size_t *fill = malloc((n + 1) * sizeof *fill);
    if (!fill) {
        free(first), free(by);
        return HA_NO_MEMORY;
    }
    memcpy(fill, first, (n + 1) * sizeof *fill);
    for (size_t k = 0; k < g->nrc; k++) by[fill[g->rc[k].i]++] = k, by[fill[g->rc[k].j]++] = k;
    free(fill);
    int st = HA_OK;
    for (size_t k1 = 0; k1 < g->nrc && st == HA_OK && *found < limit; k1++) {
        const ha_rc *r1 = &g->rc[k1];
        /* the later RCs of r1's two ALS, merged in ascending order (they share only r1) */
        size_t p = first[r1->i], pe = first[r1->i + 1], q = first[r1->j], qe = first[r1->j + 1];
        while (p < pe && by[p] <= k1) p++;
        while (q < qe && by[q] <= k1) q++;
        while ((p < pe || q < qe) && st == HA_OK && *found < limit) {
            size_t k2, c;
            if (q >= qe || (p < pe && by[p] < by[q])) k2 = by[p++], c = r1->i;
            else k2 = by[q++], c = r1->j;
            const ha_rc *r2 = &g->rc[k2];
            if (!r1->x2 && !r2->x2 && r1->x1 == r2->x1) continue;
            size_t a = r1->i == c ? r1->j : r1->i, b = r2->i == c ? r2->j : r2->i;
            if (a == b || overlap(g->x->list[a].cells, g->x->list[b].cells)) continue;
            unsigned xs = bit(r1->x1) | bit(r1->x2) | bit(r2->x1) | bit(r2->x2);
            cs81 elim[10];
            memset(elim, 0, sizeof elim);
            unsigned zs = common_elims(g, a, b, xs, elim);
            if (!zs) continue;
            size_t sets[3] = {a, b, c};
            st = put_step(out, g, sets, 3, xs, zs, elim);
            if (st == HA_OK) ++*found;
        }
    }
    free(first), free(by);
    return st;
}

int hoals9_grid_steps(const ha_grid *g, int kind, long limit, ha_out *out)
{
    if ((kind != HA_XZ && kind != HA_XY_WING) || limit < 0) return HA_BAD_INPUT;
    long found = 0;
    return kind == HA_XZ ? xz_steps(g, limit, out, &found) : xy_steps(g, limit, out, &found);
}

int hoals9_steps(const uint16_t cands[81], int kind, long limit, ha_out *out)
{
    if ((kind != HA_XZ && kind != HA_XY_WING) || limit < 0) return HA_BAD_INPUT;
    ha_grid *g;
    int status = hoals9_grid_new(cands, &g);
    if (status == HA_OK) status = hoals9_grid_steps(g, kind, limit, out);
    hoals9_grid_free(g);
    return status;
}

void hoals9_out_free(ha_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
