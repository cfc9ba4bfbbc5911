/* hoxy9.c -- XY-Chain / Remote Pair search in HoDoKu's depth-first order; see hoxy9.h
 * and the twin src/sudokit/_pyxy9.py (same search, same order, same records). */
#include "hoxy9.h"
#include "bits.h"
#include "cells81.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LINKS 20

typedef cs81 cellset; /* cells81.h: bit i of lo (i < 64) or of hi (i - 64) */

/* Eliminations, as HoDoKu's deletesMap keys them: up to two digits and their cells. */
typedef struct {
    uint8_t used, d1, d2;
    cellset c1, c2;
    int level; /* the fewest links a reported chain with these eliminations had */
} hx_key;

typedef struct {
    uint8_t next[81][2][20]; /* of a bivalue cell, per digit (lower, higher): its bivalue
                                peers holding it, in HoDoKu's link order */
    uint8_t nnext[81][2];
    uint16_t cands[81];
    cellset where[10], peer[81]; /* peer: of the bivalue cells only */
    int remote, start, d, e;
    unsigned pair;
    long budget, *spent;
    uint16_t chain[MAX_LINKS + 2];
    int nchain;
    uint8_t cells[MAX_LINKS / 2 + 2];
    int ncells;
    uint8_t on_chain[81]; /* 1 for the cells on the chain */
    hx_key *keys;
    size_t cap, count;
    hx_out *out;
} hx_ctx;

static int has(cellset s, int c) { return c < 64 ? (int)(s.lo >> c & 1) : (int)(s.hi >> (c - 64) & 1); }
static void add(cellset *s, int c) { if (c < 64) s->lo |= 1ull << c; else s->hi |= 1ull << (c - 64); }
static void drop(cellset *s, int c) { if (c < 64) s->lo &= ~(1ull << c); else s->hi &= ~(1ull << (c - 64)); }
static cellset and3(cellset a, cellset b, cellset c) { return (cellset){a.lo & b.lo & c.lo, a.hi & b.hi & c.hi}; }
static int empty(cellset s) { return !s.lo && !s.hi; }
static cellset or2(cellset a, cellset b) { return (cellset){a.lo | b.lo, a.hi | b.hi}; }

static int two_bits(unsigned m) /* exactly two digits: a bivalue cell */
{
    unsigned rest = m & (m - 1);
    return rest && !(rest & (rest - 1));
}

static int low_digit(unsigned m) /* the lowest digit of a non-empty mask */
{
    return 1 + lowest_index(m);
}

static int put(hx_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 1024;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HX_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HX_OK;
}

static size_t key_hash(const hx_key *k)
{
    uint64_t h = k->c1.lo * 0x9E3779B97F4A7C15ull ^ k->c1.hi * 0xC2B2AE3D27D4EB4Full;
    h ^= (k->c2.lo + 0x165667B19E3779F9ull) * 0xD6E8FEB86659FD93ull ^ k->c2.hi * 0xFF51AFD7ED558CCDull;
    h ^= (uint64_t)k->d1 << 56 ^ (uint64_t)k->d2 << 48;
    return (size_t)(h ^ h >> 29);
}

static int key_same(const hx_key *a, const hx_key *b)
{
    return a->d1 == b->d1 && a->d2 == b->d2 && a->c1.lo == b->c1.lo && a->c1.hi == b->c1.hi
        && a->c2.lo == b->c2.lo && a->c2.hi == b->c2.hi;
}

/* The deletesMap entry of k (new entries get level 0x7FFFFFFF); NULL when out of memory. */
static hx_key *key_slot(hx_ctx *x, const hx_key *k)
{
    if (2 * (x->count + 1) > x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 256;
        hx_key *keys = calloc(cap, sizeof *keys);
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

/* The chain ends true on the start digit in `end` at chain entry `level`: report it
 * unless a chain with the same eliminations was reported with no more links. */
static int check(hx_ctx *x, int end, int level)
{
    cellset ends = and3(x->where[x->d], x->peer[x->start], x->peer[end]);
    if (empty(ends)) return HX_OK;
    hx_key k;
    memset(&k, 0, sizeof k);
    if (!x->remote) {
        k.d1 = (uint8_t)x->d, k.c1 = ends;
    } else {
        if (level < 7) return HX_OK;
        const cellset all = {~0ull, ~0ull};
        cellset seen = {0, 0}; /* cells seeing two chain cells an odd number (3+) apart */
        for (int i = 0; i < x->ncells; i++)
            for (int j = i + 3; j < x->ncells; j += 2) {
                cellset both = and3(x->peer[x->cells[i]], x->peer[x->cells[j]], all);
                seen.lo |= both.lo, seen.hi |= both.hi;
            }
        int d1 = x->d < x->e ? x->d : x->e, d2 = x->d < x->e ? x->e : x->d;
        k.d1 = (uint8_t)d1, k.d2 = (uint8_t)d2;
        k.c1 = and3(x->where[d1], seen, all);
        k.c2 = and3(x->where[d2], seen, all);
    }
    hx_key *slot = key_slot(x, &k);
    if (!slot) return HX_NO_MEMORY;
    if (slot->level <= level) return HX_OK;
    slot->level = level;
    uint8_t buf[1 + 2 * (MAX_LINKS + 2)];
    buf[0] = (uint8_t)x->nchain;
    for (int i = 0; i < x->nchain; i++) buf[1 + 2 * i] = (uint8_t)(x->chain[i] & 0xFF), buf[2 + 2 * i] = (uint8_t)(x->chain[i] >> 8);
    return put(x->out, buf, 1 + 2 * (size_t)x->nchain);
}

/* From `cell` with digit `v` true (chain entry `level`) on to the next cells. */
static int extend(hx_ctx *x, int cell, int v, int level)
{
    if (level >= MAX_LINKS) return HX_OK;
    unsigned vbit = 1u << (v - 1), own = x->cands[cell];
    int slot = (own & (0u - own)) != vbit; /* v is the cell's higher digit */
    for (int k = 0; k < x->nnext[cell][slot]; k++) {
        int c = x->next[cell][slot][k];
        unsigned m = x->cands[c];
        if (x->pair && m != x->pair) continue;
        if (x->on_chain[c]) continue; /* back to the chain (to its start: a loop, not reported) */
        if (++*x->spent > x->budget) return HX_BUDGET;
        if (level + 1 >= MAX_LINKS) continue;
        int w = low_digit(m ^ vbit); /* c is bivalue and holds v: its other digit */
        x->chain[x->nchain++] = (uint16_t)(2 * (9 * c + v - 1));
        x->chain[x->nchain++] = (uint16_t)(2 * (9 * c + w - 1) + 1);
        x->cells[x->ncells++] = (uint8_t)c;
        int status = w == x->d ? check(x, c, level + 2) : HX_OK;
        if (status == HX_OK) {
            x->on_chain[c] = 1;
            status = extend(x, c, w, level + 2);
            x->on_chain[c] = 0;
        }
        x->nchain -= 2, x->ncells--;
        if (status != HX_OK) return status;
    }
    return HX_OK;
}

int hoxy9_search(const uint16_t cands[81], int remote, long budget, hx_out *out, long *spent)
{
    *spent = 0;
    if (budget < 0) return HX_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HX_BAD_INPUT;
    /* A Remote Pair chain only holds cells whose pair another cell holds too: from any
     * other cell no link passes the pair test (none is taken or counted in spent). */
    uint8_t holders_of[512] = {0}, pairs = 0;
    if (remote) {
        for (int i = 0; i < 81; i++)
            if (two_bits(cands[i]) && holders_of[cands[i]]++ == 1) pairs = 1;
        if (!pairs) return HX_OK;
    }
    hx_ctx *x = malloc(sizeof *x); /* next/nnext are written below for every bivalue cell */
    if (!x) return HX_NO_MEMORY;
    memcpy(x->cands, cands, sizeof x->cands);
    x->out = out, x->remote = remote, x->budget = budget, x->spent = spent;
    x->keys = NULL, x->cap = x->count = 0;
    memset(x->on_chain, 0, sizeof x->on_chain);
    cellset rows[9], cols[9], boxes[9], bivalue = {0, 0};
    memset(rows, 0, sizeof rows), memset(cols, 0, sizeof cols), memset(boxes, 0, sizeof boxes);
    memset(x->where, 0, sizeof x->where);
    for (int i = 0; i < 81; i++) {
        add(&rows[i / 9], i), add(&cols[i % 9], i), add(&boxes[i / 27 * 3 + i % 9 / 3], i);
        for (uint32_t m = cands[i]; m; m &= m - 1) add(&x->where[1 + lowest_index(m)], i);
        if (two_bits(cands[i]) && (!remote || holders_of[cands[i]] >= 2)) add(&bivalue, i);
    }
    for (cellset todo = bivalue; !empty(todo);) {
        int i = cs_pop(&todo); /* only bivalue cells are ever on a chain */
        /* the peers in HoDoKu's link order: the row, the column, then the rest of the box */
        cellset row = rows[i / 9], col = cols[i % 9], box = boxes[i / 27 * 3 + i % 9 / 3];
        drop(&row, i), drop(&col, i);
        cellset rest = {box.lo & ~(row.lo | col.lo), box.hi & ~(row.hi | col.hi)};
        drop(&rest, i);
        x->peer[i] = or2(or2(row, col), rest);
        for (int slot = 0; slot < 2; slot++) {
            unsigned bit = slot ? cands[i] & (cands[i] - 1) : cands[i] & (0u - cands[i]);
            cellset holders = x->where[1 + lowest_index(bit)];
            holders.lo &= bivalue.lo, holders.hi &= bivalue.hi;
            const cellset parts[3] = {row, col, rest};
            int count = 0;
            for (int k = 0; k < 3; k++)
                for (cellset m = {parts[k].lo & holders.lo, parts[k].hi & holders.hi}; !empty(m);)
                    x->next[i][slot][count++] = (uint8_t)cs_pop(&m);
            x->nnext[i][slot] = (uint8_t)count;
        }
    }
    int status = HX_OK;
    for (int start = 0; start < 81 && status == HX_OK; start++) {
        unsigned m = cands[start];
        if (!has(bivalue, start)) continue;
        for (int d = 1; d <= 9 && status == HX_OK; d++) {
            if (!(m >> (d - 1) & 1)) continue;
            x->start = start, x->d = d, x->e = low_digit(m & ~(1u << (d - 1)));
            x->pair = remote ? m : 0;
            x->chain[0] = (uint16_t)(2 * (9 * start + d - 1));
            x->chain[1] = (uint16_t)(2 * (9 * start + x->e - 1) + 1);
            x->nchain = 2;
            x->cells[0] = (uint8_t)start;
            x->ncells = 1;
            x->on_chain[start] = 1;
            status = extend(x, start, x->e, 1);
            x->on_chain[start] = 0;
        }
    }
    free(x->keys);
    free(x);
    return status;
}

void hoxy9_out_free(hx_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
