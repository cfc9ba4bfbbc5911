/* seloops9.c -- SE's Forcing Chains & Cycles hints, rated, sorted, de-duplicated; see
 * seloops9.h. */
#include "seloops9.h"
#include "bits.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    double difficulty;
    int32_t complexity, sort_key, order;
    size_t rec_at; /* where its sechain9 record starts (kind byte) in the output of its search */
    int n, links, n_rem;
    size_t rem; /* where its (cell, mask) pairs start in rem[] */
    uint64_t rhash;
} sl_hint;

typedef struct {
    sl_hint *h;
    size_t n, cap;
    uint16_t *rem; /* cell, mask pairs */
    size_t n_rem, cap_rem;
    int only_best; /* max_hints == 1: h[0] is the easiest hint so far (n is 0 or 1) */
    uint32_t seen[2 * 729], gen; /* the potentials of one chain: those with seen[key] == gen */
    uint64_t peers[81][2], where[9][2]; /* a cell's 20 peers; the cells holding digit v + 1 */
} sl_list;

/* L's cell sets for the grid cands. */
static void init_sets(sl_list *L, const uint16_t cands[81])
{
    for (int i = 0; i < 81; i++) {
        int row = i / 9, col = i % 9, box0 = row / 3 * 27 + col / 3 * 3;
        for (int j = 0; j < 9; j++) {
            int peer[3] = {row * 9 + j, j * 9 + col, box0 + j / 3 * 9 + j % 3};
            for (int t = 0; t < 3; t++)
                if (peer[t] != i) L->peers[i][peer[t] >> 6] |= 1ull << (peer[t] & 63);
        }
        for (int v = 0; v < 9; v++)
            if (cands[i] >> v & 1) L->where[v][i >> 6] |= 1ull << (i & 63);
    }
}

/* SE's length surcharge (se_hints.length_surcharge), in the same double arithmetic. */
static double surcharge(int complexity)
{
    double added = 0.0;
    int ceil = 4, length = complexity - 2, odd = 0;
    while (length > ceil) {
        added += 0.1;
        ceil = !odd ? ceil * 3 / 2 : ceil * 4 / 3;
        odd = !odd;
    }
    return added;
}

static uint64_t hash_pairs(const uint16_t *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t k = 0; k < n; k++) h = (h ^ p[k]) * 1099511628211ull;
    return h ^ (h >> 29);
}

static int push_rem(sl_list *L, int cell, unsigned mask)
{
    if (L->n_rem + 2 > L->cap_rem) {
        size_t cap = L->cap_rem ? 2 * L->cap_rem : 1024;
        uint16_t *grown = realloc(L->rem, cap * sizeof *grown);
        if (!grown) return SC_NO_MEMORY;
        L->rem = grown, L->cap_rem = cap;
    }
    L->rem[L->n_rem++] = (uint16_t)cell;
    L->rem[L->n_rem++] = (uint16_t)mask;
    return SC_OK;
}

/* What the chain r (n potentials) removes, appended to L->rem; *n_rem pairs. A cycle's
 * potentials are its cells' peers of the same digit seen "on" and "off"; its last
 * potential is its root again. */
static int removable(sl_list *L, const uint16_t cands[81], int kind, const uint8_t *r, int n, int *n_rem)
{
    *n_rem = 0;
    if (kind == 1) {
        unsigned bit = 1u << (r[1] - 1);
        *n_rem = 1;
        return push_rem(L, r[0], r[2] ? (unsigned)(cands[r[0]] & ~bit) : bit);
    }
    /* 81-cell sets as two words: cell i is bit i % 64 of word i / 64 */
    uint64_t in[2] = {0, 0}, fwd[9][2] = {{0}}, back[9][2] = {{0}};
    for (int k = 0; k < n - 1; k++) in[r[4 * k] >> 6] |= 1ull << (r[4 * k] & 63);
    for (int k = 0; k < n - 1; k++) {
        int cell = r[4 * k], v = r[4 * k + 1] - 1;
        uint64_t(*side)[2] = r[4 * k + 2] ? fwd : back;
        for (int w = 0; w < 2; w++) side[v][w] |= L->peers[cell][w] & L->where[v][w] & ~in[w];
    }
    uint16_t rem[81];
    uint64_t any[2] = {0, 0};
    for (int v = 0; v < 9; v++)
        for (int w = 0; w < 2; w++) {
            uint64_t both = fwd[v][w] & back[v][w];
            for (uint64_t b = both & ~any[w]; b; b &= b - 1) rem[64 * w + lowest_index64(b)] = 0;
            any[w] |= both;
            for (; both; both &= both - 1) rem[64 * w + lowest_index64(both)] |= (uint16_t)(1u << v);
        }
    for (int w = 0; w < 2; w++) /* in cell order */
        for (uint64_t b = any[w]; b; b &= b - 1) {
            int cell = 64 * w + lowest_index64(b);
            int st = push_rem(L, cell, rem[cell]);
            if (st != SC_OK) return st;
            ++*n_rem;
        }
    return SC_OK;
}

/* The hints of one sechain9 output of link set `links`, appended to L. */
static int read_hints(sl_list *L, const uint16_t cands[81], const sc_out *o, int links, size_t at)
{
    while (at < o->len) {
        if (o->len - at < 3) return SC_INTERNAL;
        const uint8_t *rec = o->data + at;
        int kind = rec[0], n = rec[1] | rec[2] << 8;
        if (n < 2 || (o->len - at - 3) / 4 < (size_t)n) return SC_INTERNAL;
        at += 3 + 4 * (size_t)n;
        const uint8_t *r = rec + 3;
        int complexity = 0;
        if (++L->gen == 0) { /* the stamps wrapped: start them again */
            memset(L->seen, 0, sizeof L->seen);
            L->gen = 1;
        }
        for (int k = 0; k < n; k++) {
            int key = ((r[4 * k] * 9 + r[4 * k + 1] - 1) << 1) | (r[4 * k + 2] & 1);
            if (L->seen[key] != L->gen) L->seen[key] = L->gen, complexity++;
        }
        double difficulty = (links == 2 ? 7.0 : kind == 0 ? 6.5 : 6.6) + surcharge(complexity);
        /* only the easiest hint wanted: a later one (same or higher sort key, later
         * order) comes first only when easier, or as hard and shorter; only then is what
         * it removes worth working out */
        if (L->only_best && L->n &&
            !(difficulty < L->h[0].difficulty || (difficulty == L->h[0].difficulty && complexity < L->h[0].complexity)))
            continue;
        size_t rem0 = L->n_rem;
        int n_rem;
        int st = removable(L, cands, kind, r, n, &n_rem);
        if (st != SC_OK) return st;
        if (!n_rem) continue;
        if (L->only_best && L->n) { /* it replaces the best so far */
            memmove(L->rem, L->rem + rem0, 2 * (size_t)n_rem * sizeof *L->rem);
            L->n = 0, L->n_rem = 2 * (size_t)n_rem, rem0 = 0;
        }
        if (L->n == L->cap) {
            size_t cap = L->cap ? 2 * L->cap : 256;
            sl_hint *grown = realloc(L->h, cap * sizeof *grown);
            if (!grown) return SC_NO_MEMORY;
            L->h = grown, L->cap = cap;
        }
        sl_hint *h = &L->h[L->n];
        h->difficulty = difficulty;
        h->complexity = complexity;
        h->sort_key = links == 2 ? 4 : links == 1 ? 3 : 2;
        h->order = (int32_t)L->n;
        h->rec_at = (size_t)(rec - o->data), h->n = n, h->links = links, h->n_rem = n_rem, h->rem = rem0;
        h->rhash = hash_pairs(L->rem + rem0, 2 * (size_t)n_rem);
        L->n++;
    }
    return SC_OK;
}

static int cmp_hint(const void *a, const void *b)
{
    const sl_hint *x = a, *y = b;
    if (x->difficulty != y->difficulty) return x->difficulty < y->difficulty ? -1 : 1;
    if (x->complexity != y->complexity) return x->complexity < y->complexity ? -1 : 1;
    if (x->sort_key != y->sort_key) return x->sort_key < y->sort_key ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static int same_rem(const sl_list *L, const sl_hint *a, const sl_hint *b)
{
    return a->rhash == b->rhash && a->n_rem == b->n_rem &&
           !memcmp(L->rem + a->rem, L->rem + b->rem, 4 * (size_t)a->n_rem);
}

/* Sort L->h and keep the first of each set of eliminations: keep[k] = index of the k-th
 * kept hint; returns how many were kept (at most max_keep when > 0), or -1 on no memory. */
static long sort_unique(sl_list *L, size_t max_keep, size_t *keep)
{
    if (!L->n) return 0;
    qsort(L->h, L->n, sizeof *L->h, cmp_hint);
    size_t size = 1;
    while (size < 2 * L->n) size *= 2;
    int32_t *table = malloc(size * sizeof *table);
    if (!table) return -1;
    memset(table, 0xFF, size * sizeof *table);
    size_t kept = 0;
    for (size_t k = 0; k < L->n && (!max_keep || kept < max_keep); k++) {
        size_t slot = (size_t)L->h[k].rhash & (size - 1);
        int dup = 0;
        while (table[slot] >= 0 && !dup) {
            dup = same_rem(L, &L->h[table[slot]], &L->h[k]);
            slot = (slot + 1) & (size - 1);
        }
        if (dup) continue;
        table[slot] = (int32_t)k;
        keep[kept++] = k;
    }
    free(table);
    return (long)kept;
}

static int emit(sc_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? out->cap : 1024;
        while (cap < out->len + n) cap *= 2;
        uint8_t *grown = realloc(out->data, cap);
        if (!grown) return SC_NO_MEMORY;
        out->data = grown, out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return SC_OK;
}

static int emit_hint(const sl_list *L, const sl_hint *h, const sc_out o[3], sc_out *out)
{
    uint8_t head[4] = {(uint8_t)h->links, (uint8_t)(h->complexity & 0xFF), (uint8_t)(h->complexity >> 8),
                       (uint8_t)h->n_rem};
    int st = emit(out, head, 4);
    for (int k = 0; k < h->n_rem && st == SC_OK; k++) {
        unsigned cell = L->rem[h->rem + 2 * (size_t)k], mask = L->rem[h->rem + 2 * (size_t)k + 1];
        uint8_t e[3] = {(uint8_t)cell, (uint8_t)(mask & 0xFF), (uint8_t)(mask >> 8)};
        st = emit(out, e, 3);
    }
    if (st == SC_OK) st = emit(out, o[h->links].data + h->rec_at, 3 + 4 * (size_t)h->n);
    return st;
}

/* Whether the first max_hints distinct hints of L (X-only and Y-only so far) all rate
 * below 7.0: then the search with both link sets cannot change them. */
static int settled(sl_list *L, int max_hints, size_t *keep, int *status)
{
    if (max_hints <= 0 || L->n < (size_t)max_hints) return 0;
    long kept = sort_unique(L, (size_t)max_hints, keep);
    if (kept < 0) {
        *status = SC_NO_MEMORY;
        return 0;
    }
    if (kept < max_hints) return 0;
    for (long k = 0; k < kept; k++)
        if (!(L->h[keep[k]].difficulty < 7.0)) return 0;
    return 1;
}

static const int LINKS[3][2] = {{0, 1}, {1, 0}, {1, 1}}; /* (y, x) of SE's searches: X-only, Y-only, both */

/* The longest chain of search `links` that could still replace L's best hint: one of
 * complexity c rates at least base + surcharge(c) (base 7.0 with both link sets, else
 * 6.5) and comes after the best in the sort unless it rates lower, or as low and is
 * shorter; 0 when there is no best yet (no bound). */
static int complexity_cap(const sl_list *L, int links)
{
    if (!L->n) return 0;
    double base = links == 2 ? 7.0 : 6.5, best = L->h[0].difficulty;
    int best_c = L->h[0].complexity, cap = 1;
    for (int c = 2; c < 4096; c++) {
        double d = base + surcharge(c);
        if (!(d < best || (d == best && c < best_c))) return cap;
        cap = c;
    }
    return 0;
}

/* One of SE's three searches when only the easiest hint is wanted: root by root, each
 * root's chains read at once, so the best hint so far bounds the next roots' searches
 * (complexity_cap); the same best hint as the whole search. */
static int best_search(sl_list *L, sc_ws *ws, const uint16_t cands[81], int links, sc_out *o, long *spent)
{
    int status = sechain9_begin(ws, cands, LINKS[links][0], LINKS[links][1]);
    for (int cell = 0; cell < 81 && status == SC_OK; cell++) {
        unsigned m = cands[cell];
        if (!(m & (m - 1))) continue; /* fewer than two candidates */
        for (int v = 1; v <= 9 && status == SC_OK; v++) {
            if (!(m >> (v - 1) & 1)) continue;
            size_t at = o->len;
            status = sechain9_root(ws, o, cell, v, complexity_cap(L, links), spent);
            if (status == SC_OK) status = read_hints(L, cands, o, links, at);
        }
    }
    return status;
}

int seloops9_hints(const uint16_t cands[81], int max_hints, sc_out *out, long *spent)
{
    *spent = 0;
    if (max_hints < 0) return SC_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return SC_BAD_INPUT;
    sl_list *L = calloc(1, sizeof *L);
    sc_ws *ws = sechain9_ws_new();
    sc_out o[3] = {{0}, {0}, {0}};
    size_t *keep = NULL;
    int status = L && ws ? SC_OK : SC_NO_MEMORY;
    if (status == SC_OK) {
        L->only_best = max_hints == 1;
        init_sets(L, cands);
    }
    for (int k = 0; k < 3 && status == SC_OK; k++) {
        if (k == 2) { /* settled() sorts the hints; each keeps its search order number */
            keep = malloc((L->n ? L->n : 1) * sizeof *keep);
            if (!keep) status = SC_NO_MEMORY;
            else if (settled(L, max_hints, keep, &status)) break;
            if (status != SC_OK) break;
        }
        long s = 0;
        if (L->only_best) status = best_search(L, ws, cands, k, &o[k], &s);
        else {
            status = sechain9_loops_ws(ws, cands, LINKS[k][0], LINKS[k][1], &o[k], &s);
            if (status == SC_OK) status = read_hints(L, cands, &o[k], k, 0);
        }
        *spent += s;
    }
    if (status == SC_OK) {
        free(keep);
        keep = malloc((L->n ? L->n : 1) * sizeof *keep);
        long kept = keep ? sort_unique(L, (size_t)max_hints, keep) : -1;
        if (kept < 0) status = SC_NO_MEMORY;
        for (long k = 0; k < kept && status == SC_OK; k++) status = emit_hint(L, &L->h[keep[k]], o, out);
    }
    for (int k = 0; k < 3; k++) sechain9_out_free(&o[k]);
    sechain9_ws_free(ws);
    if (L) {
        free(L->h);
        free(L->rem);
    }
    free(L);
    free(keep);
    return status;
}
