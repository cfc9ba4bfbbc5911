/* senest9.c -- the nested levels of SE's dynamic forcing chains; see senest9.h.
 *
 * A port of se_chains._advanced_potentials' chaining rules (se_rules.nested_rules): the
 * hints of each nested rule sorted and de-duplicated as Chaining.hints does, then, for
 * each hint with rule parents, its eliminations (cell order, digits ascending) with those
 * parents and the hint's complexity and signature. Forcing Chains & Cycles (levels 2, 3)
 * read sechain9's chains here; the multiple and dynamic rules run as nested sedyn9
 * searches (sedyn9_nested).
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif
#include "senest9.h"
#include "sechain9.h"
#include "segeom9.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CACHE_CAP_BYTES ((size_t)1 << 27) /* cache + nested chains kept before a reset */
#define ROOT 255

enum { NAKED = 0, HIDDEN_BLOCK = 1, HIDDEN_ROW = 2, HIDDEN_COLUMN = 3 };
enum { R_LOOPS, R_MULTIPLE, R_DYNAMIC, R_DEEP };

double sd_cpu_now(void)
{
#if defined(CLOCK_THREAD_CPUTIME_ID)
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}

typedef struct {
    uint64_t hash;
    size_t grid, res, res_len; /* offsets in grids / results */
    long spent;
    int used;
} sn_slot;

typedef struct {
    int32_t complexity;
    uint32_t len;
    uint64_t hash;
    size_t at; /* in sigs (uint16 units) */
} sn_chain;

struct sn_state {
    int level;
    struct dctx *multi, *dyn, *deep;
    sc_ws *loops; /* the Forcing Chains & Cycles work area, made on first use */
    sn_slot *slots;
    size_t cap, n_used;
    sd_out grids, results;
    sn_chain *chains;
    int32_t n_chains, cap_chains;
    uint16_t *sigs;
    size_t n_sigs, cap_sigs;
    uint8_t house[27][9], se_houses[81][3], parts[81][20], part_end[81][3];
};

static uint64_t hash_bytes(const void *data, size_t n)
{
    const uint8_t *p = data;
    uint64_t h = 1469598103934665603ull;
    for (size_t k = 0; k < n; k++) h = (h ^ p[k]) * 1099511628211ull;
    return h ^ (h >> 29);
}

sn_state *senest9_new(int level)
{
    sn_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->level = level;
    segeom_houses(s->house);
    segeom_peers(s->house, s->se_houses, s->parts, s->part_end);
    return s;
}

void senest9_free(sn_state *s)
{
    if (!s) return;
    sedyn9_child_free(s->multi);
    sedyn9_child_free(s->dyn);
    sedyn9_child_free(s->deep);
    sechain9_ws_free(s->loops);
    free(s->slots);
    free(s->grids.data);
    free(s->results.data);
    free(s->chains);
    free(s->sigs);
    free(s);
}

void senest9_reset(sn_state *s)
{
    if (s->slots) memset(s->slots, 0, s->cap * sizeof *s->slots);
    s->n_used = 0;
    s->grids.len = s->results.len = 0;
    s->n_chains = 0;
    s->n_sigs = 0;
}

int senest9_trim(sn_state *s)
{
    if (s->grids.len + s->results.len + 2 * s->n_sigs + s->cap * sizeof(sn_slot) <= CACHE_CAP_BYTES) return 0;
    senest9_reset(s);
    return 1;
}

int32_t senest9_complexity(const sn_state *s, int32_t id) { return s->chains[id].complexity; }

int senest9_same(const sn_state *s, int32_t a, int32_t b)
{
    const sn_chain *x = &s->chains[a], *y = &s->chains[b];
    return x->hash == y->hash && x->len == y->len && !memcmp(s->sigs + x->at, s->sigs + y->at, 2 * (size_t)x->len);
}

int32_t senest9_add_chain(sn_state *s, int32_t complexity, const uint16_t *sig, size_t n)
{
    if (s->n_chains == s->cap_chains) {
        int32_t cap = s->cap_chains ? 2 * s->cap_chains : 1024;
        sn_chain *grown = cap > 0 ? realloc(s->chains, (size_t)cap * sizeof *grown) : NULL;
        if (!grown) return -1;
        s->chains = grown, s->cap_chains = cap;
    }
    if (s->n_sigs + n > s->cap_sigs) {
        size_t cap = s->cap_sigs ? s->cap_sigs : 1 << 16;
        while (cap < s->n_sigs + n) cap *= 2;
        uint16_t *grown = realloc(s->sigs, cap * sizeof *grown);
        if (!grown) return -1;
        s->sigs = grown, s->cap_sigs = cap;
    }
    memcpy(s->sigs + s->n_sigs, sig, 2 * n);
    sn_chain *ch = &s->chains[s->n_chains];
    ch->complexity = complexity, ch->len = (uint32_t)n, ch->at = s->n_sigs, ch->hash = hash_bytes(sig, 2 * n);
    s->n_sigs += n;
    return s->n_chains++;
}

/* ------------------------------------------------- Forcing Chains & Cycles, nested */

typedef struct {
    double difficulty;
    int32_t complexity, sort_key, order;
    const uint8_t *rec; /* sechain9 record: end first, root last, 4 bytes each */
    int n, kind, n_rem;
    size_t rem; /* removable (cell, mask) pairs in the rem buffer */
    uint64_t rhash;
} lhint;

typedef struct {
    lhint *h;
    size_t n, cap;
    uint16_t *rem; /* cell, mask pairs */
    size_t n_rem, cap_rem;
} lhints;

/* SE's length surcharge (se_chains.length_surcharge), in the same double arithmetic. */
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

static int push_rem(lhints *L, int cell, unsigned mask)
{
    if (L->n_rem + 2 > L->cap_rem) {
        size_t cap = L->cap_rem ? 2 * L->cap_rem : 4096;
        uint16_t *grown = realloc(L->rem, cap * sizeof *grown);
        if (!grown) return SD_NO_MEMORY;
        L->rem = grown, L->cap_rem = cap;
    }
    L->rem[L->n_rem++] = (uint16_t)cell;
    L->rem[L->n_rem++] = (uint16_t)mask;
    return SD_OK;
}

/* The hints of one sechain9 output (se_chains._loops, non-lazy: a cycle's eliminations
 * in cell order), appended to L. */
static int read_loops(const sn_state *s, const uint16_t cur[81], const sc_out *o, int y, int x, lhints *L)
{
    size_t at = 0;
    while (at + 3 <= o->len) {
        int kind = o->data[at], n = o->data[at + 1] | o->data[at + 2] << 8;
        const uint8_t *r = o->data + at + 3;
        at += 3 + 4 * (size_t)n;
        if (n < 1 || at > o->len) return SD_INTERNAL;
        size_t rem0 = L->n_rem;
        int n_rem = 0, st = SD_OK;
        if (kind == 1) {
            unsigned bit = 1u << (r[1] - 1);
            st = push_rem(L, r[0], r[2] ? (unsigned)(cur[r[0]] & ~bit) : bit);
            n_rem = 1;
        } else {
            uint8_t in[81] = {0};
            uint16_t fwd[81] = {0}, back[81] = {0};
            for (int k = 0; k < n - 1; k++) in[r[4 * k]] = 1;
            for (int k = 0; k < n - 1; k++) {
                int cell = r[4 * k];
                unsigned bit = 1u << (r[4 * k + 1] - 1);
                for (int j = 0; j < 20; j++) {
                    int other = s->parts[cell][j];
                    if (in[other] || !(cur[other] & bit)) continue;
                    if (r[4 * k + 2]) fwd[other] |= (uint16_t)bit;
                    else back[other] |= (uint16_t)bit;
                }
            }
            for (int cell = 0; cell < 81 && st == SD_OK; cell++)
                if (fwd[cell] & back[cell]) st = push_rem(L, cell, fwd[cell] & back[cell]), n_rem++;
        }
        if (st != SD_OK) return st;
        if (!n_rem) continue;
        if (L->n == L->cap) {
            size_t cap = L->cap ? 2 * L->cap : 1024;
            lhint *grown = realloc(L->h, cap * sizeof *grown);
            if (!grown) return SD_NO_MEMORY;
            L->h = grown, L->cap = cap;
        }
        uint8_t seen[2 * 729] = {0};
        int complexity = 0;
        for (int k = 0; k < n; k++) {
            int key = ((r[4 * k] * 9 + r[4 * k + 1] - 1) << 1) | r[4 * k + 2];
            if (!seen[key]) seen[key] = 1, complexity++;
        }
        int both = x && y;
        double base = kind == 0 ? (both ? 7.0 : 6.5) : (both ? 7.0 : 6.6);
        lhint *h = &L->h[L->n];
        h->difficulty = base + surcharge(complexity);
        h->complexity = complexity;
        h->sort_key = both ? 4 : (y ? 3 : 2);
        h->order = (int32_t)L->n;
        h->rec = r, h->n = n, h->kind = kind, h->n_rem = n_rem, h->rem = rem0;
        h->rhash = hash_bytes(L->rem + rem0, 4 * (size_t)n_rem);
        L->n++;
    }
    return SD_OK;
}

static int cmp_lhint(const void *a, const void *b)
{
    const lhint *x = a, *y = b;
    if (x->difficulty != y->difficulty) return x->difficulty < y->difficulty ? -1 : 1;
    if (x->complexity != y->complexity) return x->complexity < y->complexity ? -1 : 1;
    if (x->sort_key != y->sort_key) return x->sort_key < y->sort_key ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* One potential of a nested chain for its signature and rule parents. */
typedef struct {
    uint16_t sig[4 * 729 + 4];
    size_t n_sig;
    uint8_t seen_key[2 * 729], seen_par[729];
    uint8_t par[2 * 729];
    int n_par;
} lwork;

static void visit(const sn_state *s, lwork *w, const uint16_t cur[81], const uint16_t init[81], int cell, int value,
                  int on, int cause)
{
    int key = ((cell * 9 + value - 1) << 1) | on;
    if (w->seen_key[key]) return;
    w->seen_key[key] = 1;
    w->sig[w->n_sig++] = (uint16_t)key;
    if (!on || cause == ROOT) return;
    unsigned bit = 1u << (value - 1);
    if (cause == NAKED) {
        unsigned gone = init[cell] & ~cur[cell];
        for (int v = 1; v <= 9; v++) {
            int cand = cell * 9 + v - 1;
            if (!(gone >> (v - 1) & 1) || w->seen_par[cand]) continue;
            w->seen_par[cand] = 1;
            w->par[2 * w->n_par] = (uint8_t)cell, w->par[2 * w->n_par + 1] = (uint8_t)v, w->n_par++;
        }
        return;
    }
    int h = s->se_houses[cell][cause == HIDDEN_BLOCK ? 0 : cause == HIDDEN_ROW ? 1 : 2];
    for (int k = 0; k < 9; k++) {
        int x = s->house[h][k], cand = x * 9 + value - 1;
        if (!(init[x] & bit) || (cur[x] & bit) || w->seen_par[cand]) continue;
        w->seen_par[cand] = 1;
        w->par[2 * w->n_par] = (uint8_t)x, w->par[2 * w->n_par + 1] = (uint8_t)value, w->n_par++;
    }
}

/* The chain of a kept hint as an entry: its eliminations, rule parents (of the chain and,
 * for a cycle, of the cycle read backwards with every state flipped) and signature. */
static int loop_entry(sn_state *s, const uint16_t cur[81], const uint16_t init[81], const lhints *L,
                      const lhint *h, lwork *w, sd_out *out)
{
    memset(w->seen_par, 0, sizeof w->seen_par);
    w->n_sig = 0, w->n_par = 0;
    const uint8_t *r = h->rec;
    for (int t = 0; t < (h->kind == 0 ? 2 : 1); t++) {
        memset(w->seen_key, 0, sizeof w->seen_key);
        size_t head = w->n_sig++;
        for (int k = 0; k < h->n; k++) {
            if (t == 0) visit(s, w, cur, init, r[4 * k], r[4 * k + 1], r[4 * k + 2], r[4 * k + 3]);
            else {
                int j = h->n - 1 - k;
                visit(s, w, cur, init, r[4 * j], r[4 * j + 1], !r[4 * j + 2], r[4 * j + 3]);
            }
        }
        w->sig[head] = (uint16_t)(w->n_sig - head - 1);
    }
    if (!w->n_par) return SD_OK; /* SE: the rule holds without the chain */
    int32_t id = senest9_add_chain(s, h->complexity, w->sig, w->n_sig);
    if (id < 0) return SD_NO_MEMORY;
    uint8_t n_rem = (uint8_t)h->n_rem;
    int st = sedyn9_emit(out, &n_rem, 1);
    for (int k = 0; k < h->n_rem && st == SD_OK; k++) {
        unsigned mask = L->rem[h->rem + 2 * (size_t)k + 1];
        uint8_t e[3] = {(uint8_t)L->rem[h->rem + 2 * (size_t)k], (uint8_t)(mask & 0xFF), (uint8_t)(mask >> 8)};
        st = sedyn9_emit(out, e, 3);
    }
    uint8_t np[2] = {(uint8_t)(w->n_par & 0xFF), (uint8_t)(w->n_par >> 8)};
    uint8_t tail[4] = {(uint8_t)(id & 0xFF), (uint8_t)(id >> 8 & 0xFF), (uint8_t)(id >> 16 & 0xFF), (uint8_t)((uint32_t)id >> 24)};
    if (st == SD_OK) st = sedyn9_emit(out, np, 2);
    if (st == SD_OK) st = sedyn9_emit(out, w->par, 2 * (size_t)w->n_par);
    if (st == SD_OK) st = sedyn9_emit(out, tail, 4);
    return st;
}

static int same_rem(const lhints *L, const lhint *a, const lhint *b)
{
    return a->rhash == b->rhash && a->n_rem == b->n_rem &&
           !memcmp(L->rem + a->rem, L->rem + b->rem, 4 * (size_t)a->n_rem);
}

/* SE's Forcing Chains & Cycles on cur as nested hits (se_rules._chaining_rule). */
static int loops_rule(sn_state *s, const uint16_t cur[81], const uint16_t init[81], sd_budget *b, sd_out *out)
{
    static const int LINKS[3][2] = {{0, 1}, {1, 0}, {1, 1}}; /* (y, x): X-only, Y-only, both */
    sc_out o[3] = {{0}, {0}, {0}};
    lhints L = {0};
    int32_t *table = NULL;
    lwork *w = NULL;
    int st = SD_OK;
    if (!s->loops && !(s->loops = sechain9_ws_new())) return SD_NO_MEMORY;
    for (int k = 0; k < 3 && st == SD_OK; k++) {
        long spent = 0;
        int sc = sechain9_loops_ws(s->loops, cur, LINKS[k][0], LINKS[k][1], &o[k], &spent);
        st = sc == SC_OK ? sd_budget_spend(b, spent) : sc == SC_NO_MEMORY ? SD_NO_MEMORY : SD_INTERNAL;
        if (st == SD_OK) st = read_loops(s, cur, &o[k], LINKS[k][0], LINKS[k][1], &L);
    }
    if (st == SD_OK && L.n) {
        qsort(L.h, L.n, sizeof *L.h, cmp_lhint);
        size_t size = 1;
        while (size < 2 * L.n) size *= 2;
        table = malloc(size * sizeof *table);
        w = malloc(sizeof *w);
        if (!table || !w) st = SD_NO_MEMORY;
        else memset(table, 0xFF, size * sizeof *table);
        for (size_t k = 0; k < L.n && st == SD_OK; k++) {
            size_t slot = (size_t)L.h[k].rhash & (size - 1);
            int dup = 0;
            while (table[slot] >= 0 && !dup) {
                dup = same_rem(&L, &L.h[table[slot]], &L.h[k]);
                slot = (slot + 1) & (size - 1);
            }
            if (dup) continue;
            table[slot] = (int32_t)k;
            st = loop_entry(s, cur, init, &L, &L.h[k], w, out);
        }
    }
    for (int k = 0; k < 3; k++) sechain9_out_free(&o[k]);
    free(L.h);
    free(L.rem);
    free(table);
    free(w);
    return st;
}

/* ------------------------------------------------------------------ the rules */

/* Whether the entries of out from `from` on remove anything (SE stops at the first rule
 * whose hints give it potentials). */
static int has_potentials(const sd_out *out, size_t from)
{
    size_t at = from;
    while (at < out->len) {
        int n = out->data[at++];
        for (int k = 0; k < n; k++)
            if (out->data[at + 3 * (size_t)k + 1] | out->data[at + 3 * (size_t)k + 2]) return 1;
        at += 3 * (size_t)n;
        size_t m = (size_t)out->data[at] | (size_t)out->data[at + 1] << 8;
        at += 2 + 2 * m + 4;
    }
    return 0;
}

static int run_rule(sn_state *s, int rule, const uint16_t cur[81], const uint16_t init[81], const uint8_t counts[10],
                    sd_budget *b)
{
    struct dctx **child = rule == R_MULTIPLE ? &s->multi : rule == R_DYNAMIC ? &s->dyn : &s->deep;
    if (rule == R_LOOPS) return loops_rule(s, cur, init, b, &s->results);
    if (!*child) *child = sedyn9_child(1, rule != R_MULTIPLE, rule == R_DEEP ? s->level - 3 : 0);
    if (!*child) return SD_NO_MEMORY;
    return sedyn9_nested(*child, cur, init, counts, b, s, &s->results);
}

static int cache_put(sn_state *s, uint64_t h, const uint16_t cur[81], size_t res, size_t res_len, long spent)
{
    if (2 * (s->n_used + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        sn_slot *grown = calloc(cap, sizeof *grown);
        if (!grown) return SD_NO_MEMORY;
        for (size_t k = 0; k < s->cap; k++) {
            if (!s->slots[k].used) continue;
            size_t j = (size_t)s->slots[k].hash & (cap - 1);
            while (grown[j].used) j = (j + 1) & (cap - 1);
            grown[j] = s->slots[k];
        }
        free(s->slots);
        s->slots = grown, s->cap = cap;
    }
    size_t j = (size_t)h & (s->cap - 1);
    while (s->slots[j].used) j = (j + 1) & (s->cap - 1);
    sn_slot *slot = &s->slots[j];
    slot->hash = h, slot->grid = s->grids.len, slot->res = res, slot->res_len = res_len, slot->spent = spent;
    slot->used = 1;
    s->n_used++;
    return sedyn9_emit(&s->grids, (const uint8_t *)cur, 162);
}

int senest9_rules(sn_state *s, const uint16_t cur[81], const uint16_t init[81], const uint8_t counts[10],
                  sd_budget *b, const uint8_t **hits, size_t *len)
{
    *hits = NULL, *len = 0;
    uint64_t h = hash_bytes(cur, 162);
    if (s->cap)
        for (size_t j = (size_t)h & (s->cap - 1); s->slots[j].used; j = (j + 1) & (s->cap - 1)) {
            const sn_slot *slot = &s->slots[j];
            if (slot->hash != h || memcmp(s->grids.data + slot->grid, cur, 162)) continue;
            int st = sd_budget_spend(b, slot->spent);
            if (st == SD_OK) *hits = slot->res_len ? s->results.data + slot->res : NULL, *len = slot->res_len;
            return st;
        }
    static const int RULES[4][3] = {{R_LOOPS, -1}, {R_LOOPS, R_MULTIPLE, -1}, {R_DYNAMIC, -1, -1}, {R_DYNAMIC, R_DEEP, -1}};
    int lv = s->level > 5 ? 3 : s->level - 2;
    long spent0 = b->spent;
    size_t res = s->results.len;
    int st = SD_OK;
    for (int k = 0; k < 3 && RULES[lv][k] >= 0 && st == SD_OK; k++) {
        size_t from = s->results.len;
        st = run_rule(s, RULES[lv][k], cur, init, counts, b);
        if (st != SD_OK) break;
        if (has_potentials(&s->results, from)) break;
        s->results.len = from;
    }
    if (st != SD_OK) {
        s->results.len = res;
        return st;
    }
    st = cache_put(s, h, cur, res, s->results.len - res, b->spent - spent0);
    /* No result bytes at all leave results.data NULL, and NULL + 0 is undefined. */
    if (st == SD_OK) *hits = s->results.len > res ? s->results.data + res : NULL, *len = s->results.len - res;
    return st;
}
