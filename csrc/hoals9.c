/* hoals9.c -- HoDoKu's ALS and restricted commons; see hoals9.h and the twin
 * src/sudokit/_pyals9.py (same search, same order, same records). */
#include "hoals9.h"
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

static int pc(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

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

static int put(ha_out *out, const uint8_t *bytes, size_t n)
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
    for (int c = 0; c < 81; c++) {
        cs81 p = {0, 0};
        for (int o = 0; o < 81; o++)
            if (o != c && (o / 9 == c / 9 || o % 9 == c % 9 || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3))) p = with_cell(p, o);
        x->peer[c] = p;
    }
    for (int d = 0; d < 10; d++) x->where[d] = (cs81){0, 0};
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (x->cands[c] >> (d - 1) & 1) x->where[d] = with_cell(x->where[d], c);
}

static cs81 and3(cs81 a, cs81 b) { return (cs81){a.lo & b.lo, a.hi & b.hi}; }

static int rcs_of(ha_ctx *x, ha_out *rcs)
{
    size_t n = x->n;
    cs81 *with = malloc((n ? n : 1) * 10 * sizeof *with), *reach = malloc((n ? n : 1) * 10 * sizeof *reach);
    if (!with || !reach) {
        free(with), free(reach);
        return HA_NO_MEMORY;
    }
    for (size_t i = 0; i < n; i++) {
        const als *a = &x->list[i];
        for (int d = 1; d <= 9; d++) {
            cs81 w = and3(x->where[d], a->cells), seen = {~(uint64_t)0, ~(uint64_t)0};
            for (int c = 0; c < 81; c++)
                if (has(w, c)) seen = and3(seen, x->peer[c]);
            cs81 out = and3(x->where[d], seen);
            out.lo &= ~a->cells.lo, out.hi &= ~a->cells.hi;
            with[10 * i + d] = w;
            reach[10 * i + d] = (cs81){w.lo | out.lo, w.hi | out.hi};
        }
    }
    int status = HA_OK;
    for (size_t i = 0; i < n && status == HA_OK; i++) {
        const als *a = &x->list[i];
        for (size_t j = i + 1; j < n; j++) {
            const als *b = &x->list[j];
            unsigned common = a->digits & b->digits;
            if (!common || overlap(a->cells, b->cells)) continue;
            int found[2] = {0, 0}, nf = 0;
            for (int d = 1; d <= 9 && nf < 2; d++) {
                if (!(common >> (d - 1) & 1)) continue;
                cs81 both = {with[10 * i + d].lo | with[10 * j + d].lo, with[10 * i + d].hi | with[10 * j + d].hi};
                cs81 ok = and3(reach[10 * i + d], reach[10 * j + d]);
                if (!(both.lo & ~ok.lo) && !(both.hi & ~ok.hi)) found[nf++] = d;
            }
            if (!nf) continue;
            uint8_t rec[6] = {(uint8_t)(i & 0xFF), (uint8_t)(i >> 8), (uint8_t)(j & 0xFF), (uint8_t)(j >> 8),
                              (uint8_t)found[0], (uint8_t)found[1]};
            status = put(rcs, rec, 6);
            if (status != HA_OK) break;
        }
    }
    free(with), free(reach);
    return status;
}

int hoals9_search(const uint16_t cands[81], ha_out *alses, ha_out *rcs)
{
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HA_BAD_INPUT;
    ha_ctx *x = calloc(1, sizeof *x);
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
    for (size_t i = 0; i < x->n && status == HA_OK; i++) {
        uint8_t rec[13];
        for (int k = 0; k < 8; k++) rec[k] = (uint8_t)(x->list[i].cells.lo >> (8 * k));
        for (int k = 0; k < 3; k++) rec[8 + k] = (uint8_t)(x->list[i].cells.hi >> (8 * k));
        rec[11] = (uint8_t)(x->list[i].digits & 0xFF);
        rec[12] = (uint8_t)(x->list[i].digits >> 8);
        status = put(alses, rec, 13);
    }
    if (status == HA_OK && x->n > 65535) status = HA_NO_MEMORY; /* cannot happen: at most 27 * 510 sets */
    if (status == HA_OK) status = rcs_of(x, rcs);
    free(x->list), free(x->set), free(x);
    return status;
}

void hoals9_out_free(ha_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
