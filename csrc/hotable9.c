/* hotable9.c -- HoDoKu's tables and Nice Loop / AIC search; see hotable9.h and the twin
 * src/sudokit/_pytable9.py (same links, same order, same records). */
#include "hotable9.h"
#include "hograph9.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int ht_spend(ht_ctx *x, long k)
{
    x->spent += k;
    return x->spent > x->budget ? HT_BUDGET : HT_OK;
}

int ht_put(ht_out *out, const void *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 4096;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HT_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HT_OK;
}

int ht_put16(ht_out *out, int v)
{
    uint8_t b[2] = {(uint8_t)(v & 0xFF), (uint8_t)(v >> 8 & 0xFF)};
    return ht_put(out, b, 2);
}

/* ------------------------------------------------------------------ geometry */
void ht_geometry(ht_ctx *x)
{
    for (int h = 0; h < 27; h++) x->house[h] = (cs81){0, 0};
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9, b = r / 3 * 3 + col / 3;
        cs81 bit = cs_bit(c);
        x->house[r] = cs_or(x->house[r], bit);
        x->house[9 + col] = cs_or(x->house[9 + col], bit);
        x->house[18 + b] = cs_or(x->house[18 + b], bit);
    }
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9, b = r / 3 * 3 + col / 3;
        x->peer[c] = cs_minus(cs_or(cs_or(x->house[r], x->house[9 + col]), x->house[18 + b]), cs_bit(c));
    }
    for (int d = 0; d < 10; d++) x->where[d] = (cs81){0, 0};
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (x->cands[c] >> (d - 1) & 1) x->where[d] = cs_or(x->where[d], cs_bit(c));
}


/* HoDoKu's group nodes: rows then columns, digit, box. */
void ht_group_nodes(ht_ctx *x)
{
    x->ngroups = 0;
    for (int h = 0; h < 18; h++)
        for (int d = 1; d <= 9; d++) {
            cs81 inside = cs_and(x->where[d], x->house[h]);
            if (cs_empty(inside)) continue;
            for (int b = 18; b < 27; b++) {
                cs81 part = cs_and(inside, x->house[b]);
                if (cs_count(part) < 2 || x->ngroups >= MAX_GROUPS) continue;
                group *g = &x->groups[x->ngroups++];
                cs81 rest = part;
                int c0 = cs_pop(&rest), c1 = cs_pop(&rest);
                g->digit = d;
                g->mask = part;
                g->first = c0;
                g->line = c0 / 9 == c1 / 9 ? c0 / 9 : -1;
                g->col = c0 % 9 == c1 % 9 ? c0 % 9 : -1;
                g->box = box_house(c0);
                cs81 buddies = {~(uint64_t)0, ~(uint64_t)0}, cells = part;
                while (!cs_empty(cells)) buddies = cs_and(buddies, x->peer[cs_pop(&cells)]);
                g->buddies = buddies;
            }
        }
}

/* ---------------------------------------------------------------------- links */
int ht_link(ht_ctx *x, int src, int dst)
{
    if (x->ne == x->ecap) {
        size_t cap = x->ecap ? 2 * x->ecap : 16384;
        uint16_t *s = realloc(x->esrc, cap * sizeof *s);
        if (!s) return HT_NO_MEMORY;
        x->esrc = s;
        uint16_t *d = realloc(x->edst, cap * sizeof *d);
        if (!d) return HT_NO_MEMORY;
        x->edst = d;
        x->ecap = cap;
    }
    x->esrc[x->ne] = (uint16_t)src;
    x->edst[x->ne++] = (uint16_t)dst;
    return HT_OK;
}


/* Forcing Chain links of the candidate nodes, in the twin's chain_links order. */
int ht_chain_links(ht_ctx *x)
{
    for (int cell = 0; cell < 81; cell++) {
        unsigned mask = x->cands[cell];
        if (!mask) continue;
        int bivalue = pop64(mask) == 2;
        for (int d = 1; d <= 9; d++) {
            if (!(mask >> (d - 1) & 1)) continue;
            int on = (d - 1) * 81 + cell, off = OFF + on;
            for (int o = 1; o <= 9; o++) {
                if (o == d || !(mask >> (o - 1) & 1)) continue;
                TRY(ht_link(x, on, OFF + (o - 1) * 81 + cell));
                if (bivalue) TRY(ht_link(x, off, (o - 1) * 81 + cell));
            }
            cs81 seen_on = {0, 0}, seen_off = {0, 0};
            int hs[3] = {cell / 9, 9 + cell % 9, box_house(cell)};
            for (int k = 0; k < 3; k++) {
                cs81 places = cs_minus(cs_and(x->where[d], x->house[hs[k]]), cs_bit(cell));
                if (cs_empty(places)) continue;
                cs81 fresh = cs_minus(places, seen_on);
                while (!cs_empty(fresh)) TRY(ht_link(x, on, OFF + (d - 1) * 81 + cs_pop(&fresh)));
                seen_on = cs_or(seen_on, places);
                if (cs_count(places) == 1 && cs_empty(cs_and(places, seen_off))) {
                    TRY(ht_link(x, off, (d - 1) * 81 + cs_first(places)));
                    seen_off = cs_or(seen_off, places);
                }
            }
        }
    }
    return HT_OK;
}

/* The links into and out of the group nodes, in the twin's group_links order. */
int ht_group_links(ht_ctx *x)
{
    /* each digit's groups, ascending: the only ones a group links to */
    int16_t by_digit[10][MAX_GROUPS];
    int nby[10] = {0};
    for (int j = 0; j < x->ngroups; j++) by_digit[x->groups[j].digit][nby[x->groups[j].digit]++] = (int16_t)j;
    for (int gi = 0; gi < x->ngroups; gi++) {
        const group *g = &x->groups[gi];
        int d = g->digit, base = (d - 1) * 81, gon = GROUP + 2 * gi, goff = gon + 1;
        cs81 seeing = cs_and(x->where[d], g->buddies), rest = seeing;
        while (!cs_empty(rest)) {
            int p = cs_pop(&rest);
            TRY(ht_link(x, gon, OFF + base + p));
            TRY(ht_link(x, base + p, goff));
        }
        if (!cs_empty(seeing)) {
            int hs[2] = {g->box, g->line >= 0 ? g->line : 9 + g->col};
            for (int k = 0; k < 2; k++) {
                cs81 part = cs_and(seeing, x->house[hs[k]]);
                if (cs_count(part) != 1) continue;
                int p = cs_first(part);
                TRY(ht_link(x, goff, base + p));
                TRY(ht_link(x, OFF + base + p, gon));
            }
        }
        int counts[3] = {0, 0, 0}, first[3] = {-1, -1, -1};
        for (int q = 0; q < nby[d]; q++) {
            int j = by_digit[d][q];
            const group *g2 = &x->groups[j];
            if (j == gi || !cs_empty(cs_and(g2->mask, g->mask))) continue;
            int same[3] = {g->line != -1 && g->line == g2->line, g->col != -1 && g->col == g2->col, g->box == g2->box};
            for (int k = 0; k < 3; k++) {
                if (!same[k]) continue;
                if (++counts[k] == 1) first[k] = j;
                TRY(ht_link(x, gon, GROUP + 2 * j + 1));
            }
        }
        int houses[3] = {g->line, g->col >= 0 ? 9 + g->col : -1, g->box};
        for (int k = 0; k < 3; k++) {
            if (counts[k] != 1 || houses[k] < 0) continue;
            const group *g2 = &x->groups[first[k]];
            cs81 left = cs_minus(cs_minus(cs_and(x->where[d], x->house[houses[k]]), g->mask), g2->mask);
            if (cs_empty(left)) TRY(ht_link(x, goff, GROUP + 2 * first[k]));
        }
    }
    return HT_OK;
}

/* Per-node lists from the edge list, each in insertion order. */
int ht_build_adjacency(ht_ctx *x)
{
    memset(x->adjoff, 0, sizeof x->adjoff);
    for (size_t e = 0; e < x->ne; e++) x->adjoff[x->esrc[e] + 1]++;
    for (int v = 0; v < x->n; v++) x->adjoff[v + 1] += x->adjoff[v];
    x->adj = malloc((x->ne ? x->ne : 1) * sizeof *x->adj);
    int *fill = malloc((size_t)x->n * sizeof *fill);
    if (!x->adj || !fill) {
        free(fill);
        return HT_NO_MEMORY;
    }
    memcpy(fill, x->adjoff, (size_t)x->n * sizeof *fill);
    for (size_t e = 0; e < x->ne; e++) x->adj[fill[x->esrc[e]]++] = x->edst[e];
    free(fill);
    return HT_OK;
}

/* -------------------------------------------------------------------- closure */
/* Tarjan's components (iteratively), then each component's reach as the OR of its
 * successors' (Tarjan emits successors first). */
int ht_closure(ht_ctx *x)
{
    int n = x->n, status = HT_NO_MEMORY;
    int *index = malloc((size_t)n * sizeof *index), *low = malloc((size_t)n * sizeof *low);
    int *stack = malloc((size_t)n * sizeof *stack), *wv = malloc((size_t)n * sizeof *wv);
    int *wi = malloc((size_t)n * sizeof *wi), *members = malloc((size_t)n * sizeof *members);
    int *mstart = malloc(((size_t)n + 1) * sizeof *mstart);
    uint8_t *on_stack = calloc((size_t)n, 1);
    if (!index || !low || !stack || !wv || !wi || !members || !mstart || !on_stack) goto done;
    for (int v = 0; v < n; v++) index[v] = -1, x->comp[v] = -1;
    int counter = 0, sp = 0, nm = 0;
    x->ncomp = 0;
    for (int root = 0; root < n; root++) {
        if (!x->exists[root] || index[root] >= 0) continue;
        int wp = 0;
        wv[wp] = root, wi[wp++] = 0;
        index[root] = low[root] = counter++;
        stack[sp++] = root;
        on_stack[root] = 1;
        while (wp) {
            int v = wv[wp - 1], i = wi[wp - 1];
            if (x->adjoff[v] + i < x->adjoff[v + 1]) {
                wi[wp - 1]++;
                int w = x->adj[x->adjoff[v] + i];
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    stack[sp++] = w;
                    on_stack[w] = 1;
                    wv[wp] = w, wi[wp++] = 0;
                } else if (on_stack[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            wp--;
            if (wp && low[v] < low[wv[wp - 1]]) low[wv[wp - 1]] = low[v];
            if (low[v] == index[v]) {
                mstart[x->ncomp] = nm;
                int w;
                do {
                    w = stack[--sp];
                    on_stack[w] = 0;
                    x->comp[w] = x->ncomp;
                    members[nm++] = w;
                } while (w != v);
                x->ncomp++;
            }
        }
    }
    mstart[x->ncomp] = nm;
    status = ht_spend(x, x->ncomp);
    if (status != HT_OK) goto done;
    status = HT_NO_MEMORY;
    x->reach = calloc((size_t)(x->ncomp ? x->ncomp : 1) * (size_t)x->words, sizeof *x->reach);
    /* merging a component's reach ORs only the words of its span */
    int *span = x->span = malloc((size_t)(x->ncomp ? x->ncomp : 1) * 2 * sizeof *span);
    if (!x->reach || !span) goto done;
    for (int k = 0; k < x->ncomp; k++) {
        uint64_t *r = x->reach + (size_t)k * (size_t)x->words;
        int lo = x->words, hi = -1;
        for (int m = mstart[k]; m < mstart[k + 1]; m++) {
            int v = members[m];
            r[v >> 6] |= (uint64_t)1 << (v & 63);
            if (v >> 6 < lo) lo = v >> 6;
            if (v >> 6 > hi) hi = v >> 6;
            for (int e = x->adjoff[v]; e < x->adjoff[v + 1]; e++) {
                int w = x->adj[e], c = x->comp[w];
                if (c == k || c < 0) continue;
                /* w already in r came with the reach of a component that reaches w, which
                 * (closed) holds all that w's component reaches: nothing to add */
                if (r[w >> 6] >> (w & 63) & 1) continue;
                const uint64_t *s = x->reach + (size_t)c * (size_t)x->words;
                int slo = span[2 * c], shi = span[2 * c + 1];
                for (int j = slo; j <= shi; j++) r[j] |= s[j];
                if (slo < lo) lo = slo;
                if (shi > hi) hi = shi;
            }
        }
        span[2 * k] = lo, span[2 * k + 1] = hi;
    }
    status = HT_OK;
done:
    free(index), free(low), free(stack), free(wv), free(wi), free(members), free(mstart), free(on_stack);
    return status;
}

/* ---------------------------------------------------------------------- tables */
/* The premise's table, breadth first in link order, at most LIMIT entries, into
 * x->order / x->parent (valid where mark == gen). */
void ht_walk(ht_ctx *x, int start)
{
    uint32_t gen = ++x->gen;
    if (gen == 0) { /* wrapped: clear the marks */
        memset(x->mark, 0, sizeof x->mark);
        gen = x->gen = 1;
    }
    x->mark[start] = gen;
    x->parent[start] = -1;
    x->order[0] = (uint16_t)start;
    int n = 1;
    for (int j = 0; j < n && n < LIMIT; j++) {
        int v = x->order[j];
        for (int e = x->adjoff[v]; e < x->adjoff[v + 1] && n < LIMIT; e++) {
            int w = x->adj[e];
            if (x->mark[w] == gen) continue;
            x->mark[w] = gen;
            x->parent[w] = (int16_t)v;
            x->order[n++] = (uint16_t)w;
        }
    }
    x->norder = n;
}

/* The chain from the premise to `end` (reached in the current table), into x->chain. */
static int path(ht_ctx *x, int end)
{
    int n = 0;
    for (int v = end; v >= 0 && n <= LIMIT; v = x->parent[v]) x->chain[n++] = (uint16_t)v;
    for (int i = 0; i < n / 2; i++) {
        uint16_t t = x->chain[i];
        x->chain[i] = x->chain[n - 1 - i];
        x->chain[n - 1 - i] = t;
    }
    return n;
}

static int node_first(const ht_ctx *x, int node) { return node < GROUP ? node % 81 : x->groups[(node - GROUP) / 2].first; }
static cs81 node_cells(const ht_ctx *x, int node) { return node < GROUP ? cs_bit(node % 81) : x->groups[(node - GROUP) / 2].mask; }
static int node_digit(const ht_ctx *x, int node) { return node < GROUP ? node % OFF / 81 + 1 : x->groups[(node - GROUP) / 2].digit; }
static int node_strong(int node) { return node < OFF || (node >= GROUP && !(node & 1)); }

/* HoDoKu's lasso test (see the twin's no_lasso). */
static int no_lasso(const ht_ctx *x, const uint16_t *chain, int n, int aic)
{
    if (!aic && node_first(x, chain[n - 1]) == node_first(x, chain[n - 2])) return 0;
    int start_cell = node_first(x, chain[0]), last = -1;
    cs81 used = {0, 0};
    for (int k = 0; k < n; k++) {
        if (cs_has(used, node_first(x, chain[k]))) return 0;
        if (last >= 0 && (node_first(x, last) != start_cell || aic)) used = cs_or(used, node_cells(x, last));
        last = chain[k];
    }
    return 1;
}

/* ---------------------------------------------------------------------- records */
static void elim(ht_ctx *x, int cell, int d)
{
    int i = (d - 1) * 81 + cell;
    uint64_t b = (uint64_t)1 << (i & 63);
    if (!(x->elim[i >> 6] & b)) x->elim[i >> 6] |= b, x->nelim++;
}

static void clear_elims(ht_ctx *x)
{
    memset(x->elim, 0, sizeof x->elim);
    x->nelim = 0;
}

static int grow_slots(ht_ctx *x)
{
    int size = x->nslots ? 2 * x->nslots : 256;
    int *slots = calloc((size_t)size, sizeof *slots);
    if (!slots) return HT_NO_MEMORY;
    for (int s = 0; s < x->nslots; s++) {
        int r = x->slots[s];
        if (!r) continue;
        int p = (int)(x->rec_hash[r - 1] & (uint32_t)(size - 1));
        while (slots[p]) p = (p + 1) & (size - 1);
        slots[p] = r;
    }
    free(x->slots);
    x->slots = slots;
    x->nslots = size;
    return HT_OK;
}

static int grow_records(ht_ctx *x)
{
    int cap = x->reccap ? 2 * x->reccap : 256;
    size_t *at = realloc(x->rec_at, (size_t)cap * sizeof *at);
    if (!at) return HT_NO_MEMORY;
    x->rec_at = at;
    int *nel = realloc(x->rec_nel, (size_t)cap * sizeof *nel);
    if (!nel) return HT_NO_MEMORY;
    x->rec_nel = nel;
    int *len = realloc(x->rec_len, (size_t)cap * sizeof *len);
    if (!len) return HT_NO_MEMORY;
    x->rec_len = len;
    uint32_t *hash = realloc(x->rec_hash, (size_t)cap * sizeof *hash);
    if (!hash) return HT_NO_MEMORY;
    x->rec_hash = hash;
    x->reccap = cap;
    return HT_OK;
}

/* One record for the chain in x->chain[0..n) with the eliminations in x->elim, unless a
 * chain as short or shorter had the same eliminations. */
static int add(ht_ctx *x, int kind, int n)
{
    if (!x->nelim) return HT_OK;
    uint8_t pairs[2 * 729];
    int np = 0;
    uint32_t h = 2166136261u;
    for (int w = 0; w < ELIM_WORDS; w++)
        for (uint64_t m = x->elim[w]; m; m &= m - 1) {
            int i = 64 * w + lowest_index64(m);
            pairs[2 * np] = (uint8_t)(i % 81), pairs[2 * np + 1] = (uint8_t)(i / 81 + 1);
            h = (h ^ (uint32_t)i) * 16777619u;
            np++;
        }
    if (2 * (x->nrec + 1) > x->nslots) TRY(grow_slots(x));
    int p = (int)(h & (uint32_t)(x->nslots - 1));
    while (x->slots[p]) {
        int r = x->slots[p] - 1;
        if (x->rec_hash[r] == h && x->rec_nel[r] == np && !memcmp(x->out->data + x->rec_at[r], pairs, 2 * (size_t)np)) break;
        p = (p + 1) & (x->nslots - 1);
    }
    if (x->slots[p] && x->rec_len[x->slots[p] - 1] <= n) return HT_OK;
    if (x->nrec == x->reccap) TRY(grow_records(x));
    uint8_t head[3] = {(uint8_t)kind, (uint8_t)(np & 0xFF), (uint8_t)(np >> 8)};
    TRY(ht_put(x->out, head, 3));
    int r = x->nrec++;
    x->rec_at[r] = x->out->len;
    x->rec_nel[r] = np;
    x->rec_len[r] = n;
    x->rec_hash[r] = h;
    x->slots[p] = r + 1;
    TRY(ht_put(x->out, pairs, 2 * (size_t)np));
    TRY(ht_put16(x->out, n));
    for (int k = 0; k < n; k++) TRY(ht_put16(x->out, x->chain[k]));
    return HT_OK;
}

/* ----------------------------------------------------------------------- checks */
/* Eliminations of a continuous nice loop (the twin's continuous). */
static void continuous(ht_ctx *x, const uint16_t *chain, int len, int both_strong, int ds, int de)
{
    int n = len - 1, start_cell = node_first(x, chain[0]);
    cs81 on_chain = {0, 0};
    for (int k = 0; k < len; k++) on_chain = cs_or(on_chain, node_cells(x, chain[k]));
    for (int i = 0; i <= n; i++) {
        int fi = node_first(x, chain[i]);
        if ((i == 0 && both_strong) || (i > 0 && node_strong(chain[i]) && i <= n - 2 && node_first(x, chain[i - 1]) != fi)) {
            if (i == 0 || (!node_strong(chain[i + 1]) && fi == node_first(x, chain[i + 1]) && node_strong(chain[i + 2])
                           && node_first(x, chain[i + 1]) != node_first(x, chain[i + 2]))) {
                int c1 = i == 0 ? ds : node_digit(x, chain[i]), c2 = i == 0 ? de : node_digit(x, chain[i + 2]);
                for (int v = 1; v <= 9; v++)
                    if ((x->cands[fi] >> (v - 1) & 1) && v != c1 && v != c2) elim(x, fi, v);
            }
        }
        if (i > 0 && !node_strong(chain[i]) && node_first(x, chain[i - 1]) != fi) {
            int d = node_digit(x, chain[i]);
            cs81 seen = cs_minus(cs_minus(x->where[d], on_chain), cs_bit(start_cell));
            for (int k = i - 1; k <= i; k++) {
                cs81 cells = node_cells(x, chain[k]);
                while (!cs_empty(cells)) seen = cs_and(seen, x->peer[cs_pop(&cells)]);
            }
            while (!cs_empty(seen)) elim(x, cs_pop(&seen), d);
        }
    }
}

/* HoDoKu's checkNiceLoop for the chain to `end`, an entry of the premise's cell. */
static int nice_loop(ht_ctx *x, int end)
{
    int len = path(x, end);
    const uint16_t *chain = x->chain;
    if (len <= 2 || !no_lasso(x, chain, len, 0)) return HT_OK;
    if (node_first(x, chain[0]) == node_first(x, chain[1])) return HT_OK;
    int start = chain[0], cell = start % 81;
    int ds = start % OFF / 81 + 1, de = end % OFF / 81 + 1;
    int fs = start >= OFF, ls = end < OFF, kind = HT_DISCONTINUOUS;
    unsigned digits = x->cands[cell];
    clear_elims(x);
    if (!fs && !ls && ds == de) {
        elim(x, cell, ds);
    } else if (fs && ls && ds == de) {
        for (int v = 1; v <= 9; v++)
            if ((digits >> (v - 1) & 1) && v != ds) elim(x, cell, v);
    } else if (fs != ls && ds != de) {
        elim(x, cell, !fs ? ds : de);
    } else if ((!fs && !ls && pop64(digits) == 2 && ds != de) || (fs && ls && ds != de) || (fs != ls && ds == de)) {
        continuous(x, chain, len, fs && ls, ds, de);
        kind = HT_CONTINUOUS;
    } else {
        return HT_OK;
    }
    return add(x, kind, len);
}

/* HoDoKu's checkAic for the chain from an off-premise to an on-entry. */
static int aic(ht_ctx *x, int start, int end)
{
    int sc = start % 81, ec = end % 81, ds = (start - OFF) / 81 + 1, de = end / 81 + 1;
    clear_elims(x);
    if (ds == de) {
        cs81 mask = cs_and(cs_and(x->where[ds], x->peer[sc]), x->peer[ec]);
        if (cs_count(mask) > 1)
            while (!cs_empty(mask)) elim(x, cs_pop(&mask), ds);
    } else {
        if (x->cands[sc] >> (de - 1) & 1) elim(x, sc, de);
        if (x->cands[ec] >> (ds - 1) & 1) elim(x, ec, ds);
    }
    if (!x->nelim) return HT_OK;
    int len = path(x, end);
    if (len <= 2 || !no_lasso(x, x->chain, len, 1)) return HT_OK;
    return add(x, HT_AIC, len);
}

/* ----------------------------------------------------------------------- search */
/* Entries of the start cell that can close a loop: bit 2*(d-1) + off (the direct ones never do). */
static unsigned loop_ends(const ht_ctx *x, int start)
{
    int cell = start % 81;
    unsigned ends = 0;
    for (int d = 1; d <= 9; d++)
        if (x->cands[cell] >> (d - 1) & 1) ends |= 3u << 2 * (d - 1);
    int slot = 2 * (start % OFF / 81) + (start >= OFF);
    ends &= ~(1u << slot);
    for (int e = x->adjoff[start]; e < x->adjoff[start + 1]; e++) {
        int w = x->adj[e];
        if (w < GROUP && w % 81 == cell) ends &= ~(1u << (2 * (w % OFF / 81) + (w >= OFF)));
    }
    return ends;
}

static int is_end(int node, int cell, unsigned ends)
{
    return node < GROUP && node % 81 == cell && (ends >> (2 * (node % OFF / 81) + (node >= OFF)) & 1);
}

/* The AIC ends of an off-premise (the twin's aic_ends): per digit, the cells whose "on"
 * entry would remove something. Returns whether there is any. */
static int aic_ends(const ht_ctx *x, int start, cs81 out[10])
{
    int cell = start % 81, d = (start - OFF) / 81 + 1, any = 0;
    cs81 wd = x->where[d], peers = x->peer[cell], once = {0, 0}, twice = {0, 0};
    cs81 ys = cs_and(wd, peers);
    while (!cs_empty(ys)) {
        cs81 m = cs_and(x->peer[cs_pop(&ys)], wd);
        twice = cs_or(twice, cs_and(once, m));
        once = cs_or(once, m);
    }
    for (int e = 0; e < 10; e++) out[e] = (cs81){0, 0};
    out[d] = cs_minus(twice, cs_bit(cell));
    for (int e = 1; e <= 9; e++)
        if (e != d && (x->cands[cell] >> (e - 1) & 1)) out[e] = cs_and(cs_and(peers, wd), x->where[e]);
    for (int e = 1; e <= 9; e++) any |= !cs_empty(out[e]);
    return any;
}

static int is_aic_end(int node, const cs81 ends[10])
{
    return node < OFF && cs_has(ends[node / 81 + 1], node % 81);
}

/* Whether the premise's closure holds a loop end or an AIC end; walks the table first
 * when the closure is larger than a table (HoDoKu's tables stop at LIMIT entries). */
static int worth_walking(ht_ctx *x, int start, unsigned ends, const cs81 *aics, int *walked)
{
    int cell = start % 81;
    int comp = x->comp[start];
    const uint64_t *r = x->reach + (size_t)comp * (size_t)x->words;
    int total = x->comp_total ? x->comp_total[comp] : -1; /* the closure's size, once per component */
    if (total < 0) {
        total = 0;
        for (int j = x->span[2 * comp]; j <= x->span[2 * comp + 1] && total <= LIMIT; j++)
            total += pop64(r[j]); /* only "above LIMIT?" matters; the words outside the span are 0 */
        if (x->comp_total) x->comp_total[comp] = total;
    }
    *walked = 0;
    if (total > LIMIT) {
        ht_walk(x, start);
        *walked = 1;
        for (int k = 0; k < x->norder; k++) {
            int v = x->order[k];
            if (is_end(v, cell, ends) || (aics && is_aic_end(v, aics))) return 1;
        }
        return 0;
    }
    for (int d = 1; d <= 9; d++)
        for (int off = 0; off < 2; off++) {
            if (!(ends >> (2 * (d - 1) + off) & 1)) continue;
            int v = off * OFF + (d - 1) * 81 + cell;
            if (r[v >> 6] >> (v & 63) & 1) return 1;
        }
    if (aics)
        for (int d = 1; d <= 9; d++) {
            cs81 cells = aics[d];
            while (!cs_empty(cells)) {
                int v = (d - 1) * 81 + cs_pop(&cells);
                if (r[v >> 6] >> (v & 63) & 1) return 1;
            }
        }
    return 0;
}

static int run(ht_ctx *x)
{
    uint16_t premises[729], aic_starts[729];
    int np = 0, na = 0;
    x->comp_total = malloc((size_t)(x->ncomp ? x->ncomp : 1) * sizeof *x->comp_total);
    if (!x->comp_total) return HT_NO_MEMORY;
    for (int k = 0; k < x->ncomp; k++) x->comp_total[k] = -1;
    for (int cell = 0; cell < 81; cell++)
        for (int d = 1; d <= 9; d++)
            if (x->cands[cell] >> (d - 1) & 1) premises[np++] = (uint16_t)((d - 1) * 81 + cell);
    for (int off = 0; off <= OFF; off += OFF)
        for (int i = 0; i < np; i++) {
            int start = premises[i] + off, cell = start % 81, walked;
            unsigned ends = loop_ends(x, start);
            cs81 aics[10];
            int has_aics = off && aic_ends(x, start, aics);
            if (!worth_walking(x, start, ends, has_aics ? aics : NULL, &walked)) continue;
            if (!walked) ht_walk(x, start);
            TRY(ht_spend(x, x->norder));
            int aic_hit = 0;
            for (int k = 1; k < x->norder; k++) {
                int v = x->order[k];
                if (is_end(v, cell, ends)) TRY(nice_loop(x, v));
                if (has_aics && is_aic_end(v, aics)) aic_hit = 1;
            }
            if (aic_hit) aic_starts[na++] = (uint16_t)start;
        }
    for (int i = 0; i < na; i++) { /* AICs after all loops: the table again, not spent again */
        int start = aic_starts[i];
        cs81 aics[10];
        aic_ends(x, start, aics);
        ht_walk(x, start);
        for (int k = 1; k < x->norder; k++) {
            int v = x->order[k];
            if (is_aic_end(v, aics)) TRY(aic(x, start, v));
        }
    }
    return HT_OK;
}

void ht_prepare(ht_ctx *x, int grouped)
{
    ht_geometry(x);
    if (grouped) ht_group_nodes(x);
    x->n = GROUP + 2 * x->ngroups;
    x->words = (x->n + 63) / 64;
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (x->cands[c] >> (d - 1) & 1) x->exists[(d - 1) * 81 + c] = x->exists[OFF + (d - 1) * 81 + c] = 1;
    for (int g = 0; g < x->ngroups; g++) x->exists[GROUP + 2 * g] = x->exists[GROUP + 2 * g + 1] = 1;
}

ht_ctx *ht_new(void)
{
    /* Not calloc: the big per-node arrays (groups, adjacency offsets, components, parents,
     * the table) are written before they are read; only these start at zero. */
    ht_ctx *x = malloc(sizeof *x);
    if (!x) return NULL;
    memset(x, 0, offsetof(ht_ctx, groups));
    memset(x->exists, 0, sizeof x->exists);
    x->esrc = x->edst = NULL, x->ne = x->ecap = 0;
    x->adj = NULL;
    x->ncomp = 0, x->reach = NULL, x->span = NULL, x->comp_total = NULL;
    x->gen = 0;
    memset(x->mark, 0, sizeof x->mark);
    x->norder = 0;
    memset(x->elim, 0, sizeof x->elim);
    x->nelim = 0;
    x->rec_at = NULL, x->rec_nel = x->rec_len = NULL, x->nrec = x->reccap = 0, x->rec_hash = NULL;
    x->slots = NULL, x->nslots = 0;
    x->out = NULL, x->budget = x->spent = 0;
    return x;
}

void ht_free(ht_ctx *x)
{
    free(x->esrc), free(x->edst), free(x->adj), free(x->reach), free(x->span), free(x->comp_total);
    free(x->rec_at), free(x->rec_nel), free(x->rec_len), free(x->rec_hash), free(x->slots);
}

static int search(ht_ctx *x, int grouped)
{
    ht_prepare(x, grouped);
    TRY(ht_chain_links(x));
    TRY(ht_group_links(x));
    TRY(ht_build_adjacency(x));
    TRY(ht_spend(x, x->n));
    TRY(ht_closure(x));
    return run(x);
}

int hotable9_nice_loops(const uint16_t cands[81], int grouped, long budget, ht_out *out, long *spent)
{
    *spent = 0;
    if (budget < 0) return HT_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HT_BAD_INPUT;
    ht_ctx *x = ht_new();
    if (!x) return HT_NO_MEMORY;
    memcpy(x->cands, cands, sizeof x->cands);
    x->out = out;
    x->budget = budget;
    int status = search(x, grouped);
    *spent = x->spent;
    ht_free(x);
    free(x);
    return status;
}

void hotable9_out_free(ht_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
