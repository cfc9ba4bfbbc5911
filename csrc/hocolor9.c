/* hocolor9.c -- HoDoKu's Simple Colors and Multi-Colors; see hocolor9.h and the twin
 * src/sudokit/_pycolor9.py (same search, same order, same records). */
#include "hocolor9.h"
#include "bits.h"
#include "cells81.h"
#include "geom9.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CLUSTERS 41 /* 81 cells, 2+ per cluster */

/* An 81-bit cell mask: cells 0-63 in lo, 64-80 in hi. */
typedef cs81 cmask; /* cells81.h */

static cmask cm_or(cmask a, cmask b) { return (cmask){a.lo | b.lo, a.hi | b.hi}; }
static cmask cm_and(cmask a, cmask b) { return (cmask){a.lo & b.lo, a.hi & b.hi}; }
static cmask cm_andnot(cmask a, cmask b) { return (cmask){a.lo & ~b.lo, a.hi & ~b.hi}; }
static int cm_any(cmask a) { return (a.lo | a.hi) != 0; }
static int cm_has(cmask a, int c) { return c < 64 ? (int)(a.lo >> c & 1) : (int)(a.hi >> (c - 64) & 1); }
static cmask cm_cell(int c) { return c < 64 ? (cmask){(uint64_t)1 << c, 0} : (cmask){0, (uint64_t)1 << (c - 64)}; }

typedef struct {
    cmask m1, m2, s1, s2; /* the colors' cells and the cells they see */
} cluster;

typedef struct {
    cmask peers[81];
    cmask house[27];
} tables;

static void build_tables(tables *t)
{
    for (int h = 0; h < 27; h++) {
        t->house[h] = (cmask){0, 0};
        for (int k = 0; k < 9; k++) t->house[h] = cm_or(t->house[h], cm_cell(geom9_house_cell(h, k)));
    }
    for (int c = 0; c < 81; c++) {
        cmask all = cm_or(cm_or(t->house[c / 9], t->house[9 + c % 9]), t->house[18 + c / 27 * 3 + c % 9 / 3]);
        t->peers[c] = cm_andnot(all, cm_cell(c));
    }
}

static int put(hc_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 256;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HC_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HC_OK;
}

/* A count byte, then the cells of m ascending. */
static int put_cells(hc_out *out, cmask m)
{
    uint8_t buf[82];
    int n = 0;
    while (cm_any(m)) buf[1 + n++] = (uint8_t)cs_pop(&m);
    buf[0] = (uint8_t)n;
    return put(out, buf, (size_t)n + 1);
}

static int put_record(hc_out *out, int kind, int d, int i, int j, cmask elims)
{
    uint8_t head[4] = {(uint8_t)kind, (uint8_t)d, (uint8_t)i, (uint8_t)j};
    int st = put(out, head, 4);
    return st ? st : put_cells(out, elims);
}

static cmask seen_by_any(const tables *t, cmask m)
{
    cmask s = {0, 0};
    while (cm_any(m)) s = cm_or(s, t->peers[cs_pop(&m)]);
    return s;
}

/* The clusters of digit d (see hocolor9.h), written to out and kept in cl; *n their number. */
static int clusters_of(const tables *t, cmask where, int d, cluster cl[MAX_CLUSTERS], int *n, hc_out *out)
{
    int links[27][3], nl = 0; /* (house, a, b), houses in order */
    int adj[81][6], deg[81] = {0};
    for (int h = 0; h < 27; h++) {
        cmask places = cm_and(where, t->house[h]);
        if (!cm_any(places)) continue;
        int a = cs_pop(&places); /* the lower cell first */
        if (!cm_any(places)) continue;
        int b = cs_pop(&places);
        if (cm_any(places)) continue; /* a strong link: exactly two places */
        links[nl][0] = h, links[nl][1] = a, links[nl][2] = b, nl++;
        adj[a][deg[a]++] = b;
        adj[b][deg[b]++] = a;
    }
    int color[81];
    for (int c = 0; c < 81; c++) color[c] = -1;
    *n = 0;
    for (int start = 0; start < 81; start++) {
        if (!deg[start] || color[start] >= 0) continue;
        int stack[81], top = 0, ok = 1;
        cmask members = cm_cell(start);
        color[start] = 0;
        stack[top++] = start;
        while (top) {
            int cell = stack[--top];
            for (int k = 0; k < deg[cell]; k++) {
                int nxt = adj[cell][k];
                if (color[nxt] < 0) {
                    color[nxt] = 1 - color[cell];
                    members = cm_or(members, cm_cell(nxt));
                    stack[top++] = nxt;
                } else if (color[nxt] == color[cell]) {
                    ok = 0;
                }
            }
        }
        if (!ok) continue;
        cluster *x = &cl[(*n)++];
        x->m1 = x->m2 = (cmask){0, 0};
        for (cmask rest = members; cm_any(rest);) {
            int c = cs_pop(&rest);
            if (color[c]) x->m2 = cm_or(x->m2, cm_cell(c));
            else x->m1 = cm_or(x->m1, cm_cell(c));
        }
        x->s1 = seen_by_any(t, x->m1);
        x->s2 = seen_by_any(t, x->m2);
        uint8_t houses[28];
        int nh = 0;
        for (int l = 0; l < nl; l++) {
            if (!cm_has(members, links[l][1])) continue;
            int first = 1; /* the pair's first house only */
            for (int e = 0; e < l; e++)
                if (links[e][1] == links[l][1] && links[e][2] == links[l][2]) first = 0;
            if (first) houses[1 + nh++] = (uint8_t)links[l][0];
        }
        houses[0] = (uint8_t)nh;
        uint8_t dig = (uint8_t)d;
        int st = put(out, &dig, 1);
        if (!st) st = put_cells(out, x->m1);
        if (!st) st = put_cells(out, x->m2);
        if (!st) st = put(out, houses, (size_t)nh + 1);
        if (st) return st;
    }
    return HC_OK;
}

static int count(cmask m)
{
    int n = 0;
    while (cm_any(m)) cs_pop(&m), n++;
    return n;
}

static int simple_colors(const cluster *cl, int n, int d, cmask where, hc_out *out)
{
    for (int i = 0; i < n; i++) {
        const cluster *x = &cl[i];
        int bad1 = cm_any(cm_and(x->s1, x->m1)), bad2 = cm_any(cm_and(x->s2, x->m2));
        if (bad1 || bad2) {
            cmask elims = cm_or(bad1 ? x->m1 : (cmask){0, 0}, bad2 ? x->m2 : (cmask){0, 0});
            int st = put_record(out, 0, d, i, 255, elims);
            if (st) return st;
        }
        if (count(x->m1) + count(x->m2) < 4) continue;
        cmask targets = cm_andnot(cm_and(cm_and(where, x->s1), x->s2), cm_or(x->m1, x->m2));
        if (cm_any(targets)) {
            int st = put_record(out, 1, d, i, 255, targets);
            if (st) return st;
        }
    }
    return HC_OK;
}

static int multi_colors(const cluster *cl, int n, int d, cmask where, hc_out *out)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j) continue;
            const cluster *a = &cl[i], *b = &cl[j];
            cmask elims = {0, 0};
            if (cm_any(cm_and(a->s1, b->m1)) && cm_any(cm_and(a->s1, b->m2))) elims = cm_or(elims, a->m1);
            if (cm_any(cm_and(a->s2, b->m1)) && cm_any(cm_and(a->s2, b->m2))) elims = cm_or(elims, a->m2);
            if (cm_any(elims)) {
                int st = put_record(out, 2, d, i, j, elims);
                if (st) return st;
            }
            /* a color of A sees a color of B: the two other colors' common sight */
            const cmask *sx[4] = {&a->s1, &a->s1, &a->s2, &a->s2}, *my[4] = {&b->m1, &b->m2, &b->m1, &b->m2};
            const cmask *su[4] = {&a->s2, &a->s2, &a->s1, &a->s1}, *sv[4] = {&b->s2, &b->s1, &b->s2, &b->s1};
            elims = (cmask){0, 0};
            for (int k = 0; k < 4; k++)
                if (cm_any(cm_and(*sx[k], *my[k]))) elims = cm_or(elims, cm_and(cm_and(where, *su[k]), *sv[k]));
            if (cm_any(elims)) {
                int st = put_record(out, 3, d, i, j, elims);
                if (st) return st;
            }
        }
    return HC_OK;
}

typedef struct {
    tables t;
    cluster cl[10][MAX_CLUSTERS];
    int n[10];
    cmask where[10];
} hc_ctx;

int hocolor9_search(const uint16_t cands[81], hc_out *clusters, hc_out *records)
{
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HC_BAD_INPUT;
    hc_ctx *x = malloc(sizeof *x);
    if (!x) return HC_NO_MEMORY;
    build_tables(&x->t);
    int st = HC_OK;
    for (int d = 1; d <= 9; d++) x->where[d] = (cmask){0, 0};
    for (int c = 0; c < 81; c++)
        for (uint32_t m = cands[c]; m; m &= m - 1) {
            int d = 1 + lowest_index(m);
            x->where[d] = cm_or(x->where[d], cm_cell(c));
        }
    for (int d = 1; d <= 9 && !st; d++) st = clusters_of(&x->t, x->where[d], d, x->cl[d], &x->n[d], clusters);
    for (int d = 1; d <= 9 && !st; d++) st = simple_colors(x->cl[d], x->n[d], d, x->where[d], records);
    for (int d = 1; d <= 9 && !st; d++) st = multi_colors(x->cl[d], x->n[d], d, x->where[d], records);
    free(x);
    return st;
}

void hocolor9_out_free(hc_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
