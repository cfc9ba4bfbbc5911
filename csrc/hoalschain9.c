/* hoalschain9.c -- HoDoKu's ALS-Chain search; see hoalschain9.h and the twin ho_als_chain
 * in src/sudokit/_pyals9.py (same search, same order, same records). */
#include "hoalschain9.h"
#include "bits.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LINKS 50

typedef struct {
    uint64_t lo, hi; /* cells 0..63, 64..80 */
} cs81;

typedef struct {
    cs81 cells, with[10], sees[10];
    unsigned digits;
    int size;
} chals;

typedef struct {
    uint32_t i, j;
    uint8_t x1, x2;
} chrc;

typedef struct {
    cs81 key[10]; /* the eliminations per digit (key[0] unused) */
    int size;
    size_t off, len; /* the record in the arena */
} chfound;

typedef struct {
    chals *a;
    size_t na;
    chrc *rc;
    size_t nrc;
    size_t *first; /* rcs of ALS i: first[i] .. first[i + 1] - 1 */
    long nodes, max_nodes;
    int status;
    uint32_t link[MAX_LINKS];
    uint8_t actual[MAX_LINKS];
    int depth;
    chfound *found;
    size_t nfound, capfound;
    int32_t *table; /* open addressing: found index or -1 */
    size_t tablecap;
    ha_out arena;
} ch_ctx;

static cs81 with_cell(cs81 s, int c)
{
    if (c < 64) s.lo |= (uint64_t)1 << c;
    else s.hi |= (uint64_t)1 << (c - 64);
    return s;
}
static cs81 and2(cs81 a, cs81 b) { return (cs81){a.lo & b.lo, a.hi & b.hi}; }
static int empty(cs81 a) { return !a.lo && !a.hi; }
static unsigned bit(int d) { return d ? 1u << (d - 1) : 0u; }

static int pc64(uint64_t m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* HoDoKu's RestrictedCommon.checkRCInt. */
static int follow(int c11, int c12, int c21, int c22)
{
    if (c12 == 0) {
        if (c22 == 0) return c11 == c21 ? 0 : 1;
        return c11 == c22 ? 1 : c11 == c21 ? 2 : 3;
    }
    if (c22 == 0) return (c21 == c11 || c21 == c12) ? 0 : 1;
    if ((c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21)) return 0;
    if (c22 == c11 || c22 == c12) return 1;
    if (c21 == c11 || c21 == c12) return 2;
    return 3;
}

/* HoDoKu's RestrictedCommon.checkRC (the twin's _actual_rc). */
static int actual_rc(int c1, int c2, int has_last, int l1, int l2, int lact, int first_try)
{
    if (!has_last) return c2 ? (first_try ? 1 : 2) : 1;
    if (lact == 1) return follow(l1, 0, c1, c2);
    if (lact == 2) return follow(l2, 0, c1, c2);
    return follow(l1, l1, c1, c2); /* sic: HoDoKu passes the first digit twice here */
}

static size_t key_slot(const cs81 *key, size_t cap)
{
    uint64_t h = 0x243F6A8885A308D3ull;
    for (int d = 1; d <= 9; d++) h = (h ^ key[d].lo ^ (key[d].hi * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
    return (size_t)(h >> 17) & (cap - 1);
}

static int same_key(const cs81 *a, const cs81 *b)
{
    for (int d = 1; d <= 9; d++)
        if (a[d].lo != b[d].lo || a[d].hi != b[d].hi) return 0;
    return 1;
}

/* The found index of key, or -1; *slot: where it is or would go. */
static int32_t lookup(const ch_ctx *x, const cs81 *key, size_t *slot)
{
    size_t p = key_slot(key, x->tablecap);
    while (x->table[p] >= 0) {
        if (same_key(x->found[x->table[p]].key, key)) break;
        p = (p + 1) & (x->tablecap - 1);
    }
    *slot = p;
    return x->table[p];
}

static int grow_table(ch_ctx *x)
{
    size_t cap = 2 * x->tablecap;
    int32_t *table = malloc(cap * sizeof *table);
    if (!table) return HA_NO_MEMORY;
    for (size_t k = 0; k < cap; k++) table[k] = -1;
    for (size_t f = 0; f < x->nfound; f++) {
        size_t p = key_slot(x->found[f].key, cap);
        while (table[p] >= 0) p = (p + 1) & (cap - 1);
        table[p] = (int32_t)f;
    }
    free(x->table);
    x->table = table;
    x->tablecap = cap;
    return HA_OK;
}

/* The record of the chain under way (see hoalschain9.h) into the arena. */
static int record(ch_ctx *x, int start, size_t *off, size_t *len)
{
    uint8_t head[3] = {(uint8_t)(start & 0xFF), (uint8_t)(start >> 8), (uint8_t)x->depth};
    *off = x->arena.len;
    int st = hoals9_put(&x->arena, head, 3);
    for (int k = 0; k < x->depth && st == HA_OK; k++) {
        uint32_t r = x->link[k];
        uint8_t rec[5] = {(uint8_t)r, (uint8_t)(r >> 8), (uint8_t)(r >> 16), (uint8_t)(r >> 24), x->actual[k]};
        st = hoals9_put(&x->arena, rec, 5);
    }
    *len = x->arena.len - *off;
    return st;
}

/* The twin's _check: the chain from ALS start to ALS end (at least three links). */
static void check(ch_ctx *x, int start, int end)
{
    const chrc *r1 = &x->rc[x->link[0]], *r2 = &x->rc[x->link[x->depth - 1]];
    int a1 = x->actual[0], a2 = x->actual[x->depth - 1];
    unsigned skip = (a1 != 2 ? bit(r1->x1) : 0) | (a1 == 2 ? bit(r1->x2) : 0);
    skip |= (a2 == 1 || a2 == 3 ? bit(r2->x1) : 0) | (a2 == 2 || a2 == 3 ? bit(r2->x2) : 0);
    const chals *a = &x->a[start], *b = &x->a[end];
    cs81 outside = {~(a->cells.lo | b->cells.lo), ~(a->cells.hi | b->cells.hi)};
    cs81 key[10];
    memset(key, 0, sizeof key);
    int any = 0;
    unsigned zs = a->digits & b->digits & ~skip;
    for (int z = 1; z <= 9; z++) {
        if (!(zs & bit(z))) continue;
        key[z] = and2(and2(a->sees[z], b->sees[z]), outside);
        if (!empty(key[z])) any = 1;
    }
    if (!any) return;
    int size = a->size;
    for (int k = 0; k < x->depth; k++) size += x->a[x->rc[x->link[k]].j].size;
    size_t slot;
    int32_t at = lookup(x, key, &slot);
    if (at >= 0 && x->found[at].size <= size) return;
    size_t off, len;
    if ((x->status = record(x, start, &off, &len)) != HA_OK) return;
    if (at >= 0) {
        x->found[at].size = size;
        x->found[at].off = off;
        x->found[at].len = len;
        return;
    }
    if (x->nfound == x->capfound) {
        size_t cap = x->capfound ? 2 * x->capfound : 64;
        chfound *f = realloc(x->found, cap * sizeof *f);
        if (!f || cap > 0x7FFFFFFF) {
            if (f) x->found = f;
            x->status = HA_NO_MEMORY;
            return;
        }
        x->found = f;
        x->capfound = cap;
    }
    chfound *f = &x->found[x->nfound];
    memcpy(f->key, key, sizeof key);
    f->size = size, f->off = off, f->len = len;
    x->table[slot] = (int32_t)x->nfound++;
    if (2 * x->nfound > x->tablecap) x->status = grow_table(x);
}

/* The twin's _extend. */
static void extend(ch_ctx *x, int start, int at, int has_last, int l1, int l2, int lact)
{
    x->nodes++;
    if (x->depth >= MAX_LINKS || x->nodes > x->max_nodes) return;
    size_t k = x->first[at], end = x->first[at + 1];
    int first_try = 1;
    while (k < end && x->status == HA_OK) {
        const chrc *rc = &x->rc[k];
        int actual = actual_rc(rc->x1, rc->x2, has_last, l1, l2, lact, first_try);
        if (actual) {
            x->link[x->depth] = (uint32_t)k;
            x->actual[x->depth++] = (uint8_t)actual;
            if (x->depth >= 3) check(x, start, (int)rc->j);
            if (x->status == HA_OK) extend(x, start, (int)rc->j, 1, rc->x1, rc->x2, actual);
            x->depth--;
            if (!has_last && rc->x2 && first_try) {
                first_try = 0;
                continue; /* the first link has two digits: try the second one as well */
            }
            first_try = 1;
        }
        k++;
    }
}

/* ALS and RC records of hoals9_search into the context. */
static int load(ch_ctx *x, const uint16_t cands[81], const ha_out *alses, const ha_out *rcs)
{
    cs81 peer[81], where[10];
    cs81 house[27] = {{0, 0}};
    for (int o = 0; o < 81; o++) {
        house[o / 9] = with_cell(house[o / 9], o);
        house[9 + o % 9] = with_cell(house[9 + o % 9], o);
        house[18 + o / 27 * 3 + o % 9 / 3] = with_cell(house[18 + o / 27 * 3 + o % 9 / 3], o);
    }
    for (int c = 0; c < 81; c++) {
        cs81 r = house[c / 9], k = house[9 + c % 9], b = house[18 + c / 27 * 3 + c % 9 / 3];
        cs81 p = {r.lo | k.lo | b.lo, r.hi | k.hi | b.hi};
        if (c < 64) p.lo &= ~((uint64_t)1 << c);
        else p.hi &= ~((uint64_t)1 << (c - 64));
        peer[c] = p;
    }
    memset(where, 0, sizeof where);
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (cands[c] & bit(d)) where[d] = with_cell(where[d], c);
    x->na = alses->len / 13;
    x->nrc = rcs->len / 6;
    x->a = calloc(x->na ? x->na : 1, sizeof *x->a);
    x->rc = malloc((x->nrc ? x->nrc : 1) * sizeof *x->rc);
    x->first = malloc((x->na + 1) * sizeof *x->first);
    if (!x->a || !x->rc || !x->first) return HA_NO_MEMORY;
    for (size_t i = 0; i < x->na; i++) {
        const uint8_t *p = alses->data + 13 * i;
        chals *a = &x->a[i];
        for (int k = 0; k < 8; k++) a->cells.lo |= (uint64_t)p[k] << (8 * k);
        for (int k = 0; k < 3; k++) a->cells.hi |= (uint64_t)p[8 + k] << (8 * k);
        a->digits = p[11] | (unsigned)p[12] << 8;
        a->size = pc64(a->cells.lo) + pc64(a->cells.hi);
        for (int d = 1; d <= 9; d++) {
            if (!(a->digits & bit(d))) continue;
            cs81 w = and2(where[d], a->cells), seen = {~(uint64_t)0, ~(uint64_t)0};
            for (uint64_t m = w.lo; m; m &= m - 1) seen = and2(seen, peer[lowest_index64(m)]);
            for (uint64_t m = w.hi; m; m &= m - 1) seen = and2(seen, peer[64 + lowest_index64(m)]);
            cs81 s = and2(where[d], seen);
            a->with[d] = w;
            a->sees[d] = (cs81){s.lo & ~a->cells.lo, s.hi & ~a->cells.hi};
        }
    }
    size_t k = 0;
    for (size_t r = 0; r < x->nrc; r++) {
        const uint8_t *q = rcs->data + 6 * r;
        x->rc[r] = (chrc){(uint32_t)(q[0] | q[1] << 8), (uint32_t)(q[2] | q[3] << 8), q[4], q[5]};
    }
    for (size_t i = 0; i <= x->na; i++) {
        while (k < x->nrc && x->rc[k].i < i) k++;
        x->first[i] = k; /* the rcs come in order of i */
    }
    return HA_OK;
}

/* The chain search over the records of hoals9_search (alses, rcs) of cands. */
static int chains_of(const uint16_t cands[81], const ha_out *alses, const ha_out *rcs, long max_nodes, ha_out *out,
                     long *nodes)
{
    ch_ctx *x = calloc(1, sizeof *x);
    int status = x ? load(x, cands, alses, rcs) : HA_NO_MEMORY;
    if (status == HA_OK) {
        x->max_nodes = max_nodes;
        x->tablecap = 64;
        x->table = malloc(x->tablecap * sizeof *x->table);
        if (!x->table) status = HA_NO_MEMORY;
        else
            for (size_t k = 0; k < x->tablecap; k++) x->table[k] = -1;
    }
    for (size_t start = 0; status == HA_OK && start < x->na; start++) {
        if (x->nodes > x->max_nodes) break;
        extend(x, (int)start, (int)start, 0, 0, 0, 0);
        status = x->status;
    }
    for (size_t f = 0; status == HA_OK && f < x->nfound; f++)
        status = hoals9_put(out, x->arena.data + x->found[f].off, x->found[f].len);
    if (x) {
        *nodes = x->nodes;
        free(x->a), free(x->rc), free(x->first), free(x->found), free(x->table);
        hoals9_out_free(&x->arena);
        free(x);
    }
    return status;
}

int hoalschain9_search(const uint16_t cands[81], long max_nodes, ha_out *out, long *nodes)
{
    *nodes = 0;
    if (max_nodes < 0) return HA_BAD_INPUT;
    ha_out alses = {NULL, 0, 0}, rcs = {NULL, 0, 0};
    int status = hoals9_search(cands, &alses, &rcs);
    if (status == HA_OK) status = chains_of(cands, &alses, &rcs, max_nodes, out, nodes);
    hoals9_out_free(&alses), hoals9_out_free(&rcs);
    return status;
}

int hoalschain9_first(const uint16_t cands[81], const uint8_t *kinds, int nkinds, long max_nodes, ha_out *out,
                      ha_out *alses, ha_out *rcs, int *at, long *nodes)
{
    *nodes = 0;
    *at = nkinds;
    if (max_nodes < 0 || nkinds < 0) return HA_BAD_INPUT;
    for (int k = 0; k < nkinds; k++)
        if (kinds[k] > HA_CHAIN) return HA_BAD_INPUT;
    ha_grid *g;
    int status = hoals9_grid_new(cands, &g);
    for (int k = 0; k < nkinds && status == HA_OK; k++) {
        if (kinds[k] == HA_CHAIN) {
            status = hoals9_grid_records(g, alses, rcs);
            if (status == HA_OK) status = chains_of(cands, alses, rcs, max_nodes, out, nodes);
            if (status == HA_OK && !out->len) alses->len = rcs->len = 0; /* kept only for chains found */
        } else {
            status = hoals9_grid_steps(g, kinds[k], 1, out);
        }
        if (status == HA_OK && out->len) {
            *at = k;
            break;
        }
    }
    hoals9_grid_free(g);
    return status;
}
