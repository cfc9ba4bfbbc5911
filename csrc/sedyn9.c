/* sedyn9.c -- SE's multiple, Nishio and dynamic forcing chains; see sedyn9.h.
 *
 * A port of Chaining._multiple_chains and what it calls (se_chains.py), which follow SE's
 * Chaining.getMultipleChainsHintList / doBinaryChaining / doRegionChainings / doChaining:
 * two FIFO queues (on, off), the "on" side drained first, one insertion-ordered set per
 * state (a candidate is taken once, its first implication kept), a contradiction ends the
 * closure at once. Every order that decides which hint comes first is kept; the hints are
 * then de-duplicated as Chaining.hints does it, keeping for each set of eliminations the
 * hint that sorts first (SE's complexity, then its sort key, then search order).
 *
 * Memory: potentials live in a pool reset for every cell (the hints of a cell are
 * serialised before the next cell starts); every array is sized from the grid's 729
 * candidates, so no index can pass its bound on any input.
 */
#include "sedyn9.h"
#include "bits.h"
#include "segeom9.h"
#include "senest9.h"
#include "serules9.h"

#include <stdlib.h>
#include <string.h>

#define N_CANDS 729            /* a candidate: cell * 9 + value - 1 */
#define N_KEYS (2 * N_CANDS)   /* a potential's identity: candidate * 2 + on */
#define MAX_PARENTS 0xFFFF     /* a link: <= 8; a simple rule's hit <= 14; a nested chain's: its rule parents */
#define MAX_POOL (1 << 22)
#define MAX_PAR_POOL (1 << 26)
#define NO_NODE (-1)
#define N_CLOSURES 18          /* 9 values of a cell, the "off" closure, 8 more cells of a house */
#define KEEP_NODES (1 << 19)   /* dynamic modes: the pools kept across cells for the memo */
#define KEEP_PARS (1 << 22)

enum { NAKED = 0, HIDDEN_BLOCK = 1, HIDDEN_ROW = 2, HIDDEN_COLUMN = 3, ADVANCED = 4, ROOT = 255 };

typedef struct {
    uint8_t cell, value, on, cause;
    uint16_t npar;
    int32_t par;    /* first parent in the parent pool */
    int32_t nested; /* the nested chain behind an advanced potential (senest9 id), or -1 */
} dnode;

/* SE's pair of LinkedSets (toOn, toOff): membership by candidate, insertion order kept */
typedef struct {
    int32_t on_map[N_CANDS], off_map[N_CANDS];
    int32_t on_list[N_CANDS], off_list[N_CANDS];
    uint16_t on_cand[N_CANDS], off_cand[N_CANDS]; /* the candidates of the lists: what clear() resets */
    int n_on, n_off;
} closure;

typedef struct {
    int32_t complexity, order;
    uint8_t sort_key, kind, absurd, house, digit, cell;
    uint16_t mask;
    uint8_t res_cell, res_value, res_on, res_t0;
    size_t blob, blob_len; /* the serialised targets in ctx.blobs */
} dhint;

typedef struct {
    uint8_t cell, value, cause;
} dnext;

typedef struct {
    uint64_t hash;
    size_t grid, res, len; /* offsets into sr_grids / sr_res */
    int used;
} sr_slot;

typedef struct dctx {
    uint16_t cands[81], init[81];
    uint16_t src[81]; /* nested mode: the outer closure's source grid (rule parents) */
    int multiple, dynamic, nishio, level, nested_mode;
    uint8_t counts[10];
    sd_budget *budget, own_budget;
    sn_state *nest; /* level >= 2 */
    uint8_t house[27][9], se_houses[81][3], parts[81][20], part_end[81][3];
    uint64_t hmask[27][2];                  /* a house's cells as an 81-bit set */
    uint64_t where[9][2], init_where[9][2]; /* digit d + 1's cells in cands / init */
    dnode *nodes;
    int32_t n_nodes, cap_nodes;
    int32_t *pars;
    int32_t n_pars, cap_pars;
    closure *cl; /* N_CLOSURES */
    int32_t q_on[N_CANDS], q_off[N_CANDS];
    uint32_t stamp[N_KEYS], cur_stamp;
    int32_t pos[N_KEYS], bfs_list[N_KEYS];
    uint32_t seen_par[N_CANDS], cur_par;
    uint16_t sig[2 + 9 * (1 + N_KEYS)];
    uint8_t parbuf[2 * N_CANDS];
    int32_t ids[9 * N_KEYS];
    dhint *hints;
    int32_t n_hints, cap_hints, order;
    int32_t best[81 * 512];
    sd_out blobs;
    /* A closure starts from the search's grid (a dynamic one restores it when done) and
     * its nested searches are pure functions of the grid it makes, so an "on" closure is a
     * function of its candidate; each is computed once and copied into a closure when a
     * cell or a region asks for it again (a candidate is asked for up to 4 times). The
     * memo lasts while its nodes do: the whole search in static mode; in the dynamic
     * modes until the pools pass KEEP_NODES / KEEP_PARS or the nested chains are reset
     * between two cells (memo_reset). */
    uint32_t memo_gen[N_CANDS], cur_memo;
    struct {
        int32_t at, n_on, n_off; /* the node ids in memo_ids: on list, then off list */
        int32_t abs_on, abs_off; /* its contradiction (dynamic modes), or NO_NODE */
        long rounds;             /* what computing it spent */
    } memo[N_CANDS];
    int32_t *memo_ids;
    /* Static mode: a candidate's getOffToOn links (the grid does not change), made on first
     * use in a search (links_gen == cur_links). */
    uint32_t links_gen[N_CANDS], cur_links;
    uint8_t n_links[N_CANDS];
    dnext links[N_CANDS][4];
    int32_t n_memo_ids, cap_memo_ids;
    /* The simple rules' hits per grid met in this search (serules9 reads a grid against
     * init, fixed for the search): a dynamic closure is computed again for each region
     * that asks for it, and meets the same grids. */
    sr_slot *sr_slots;
    size_t sr_cap, sr_used;
    sd_out sr_grids, sr_res;
} dctx;

static const uint8_t CAUSE_OF_HOUSE[3] = {HIDDEN_ROW, HIDDEN_COLUMN, HIDDEN_BLOCK}; /* by house / 9 */

static void init_geometry(dctx *c)
{
    segeom_houses(c->house);
    segeom_peers(c->house, c->se_houses, c->parts, c->part_end);
    memset(c->hmask, 0, sizeof c->hmask);
    for (int h = 0; h < 27; h++)
        for (int k = 0; k < 9; k++) c->hmask[h][c->house[h][k] >> 6] |= 1ull << (c->house[h][k] & 63);
}

/* Whether the 128-bit set (a, b) has exactly two members (no popcount instruction is
 * assumed: the portable build would call a library routine). */
static int two_of(uint64_t a, uint64_t b)
{
    if (a && b) return !(a & (a - 1)) && !(b & (b - 1));
    uint64_t x = a | b, rest = x & (x - 1);
    return rest && !(rest & (rest - 1));
}

static int top64(uint64_t x) /* index of the highest set bit of a nonzero word */
{
#if defined(__GNUC__) || defined(__clang__)
    return 63 - __builtin_clzll(x);
#else
    int i = 63;
    while (!(x >> i & 1)) i--;
    return i;
#endif
}

/* where[] of c->init, kept in init_where (the grid a closure restores). */
static void init_where(dctx *c)
{
    memset(c->init_where, 0, sizeof c->init_where);
    for (int i = 0; i < 81; i++)
        for (unsigned m = c->init[i]; m; m &= m - 1) c->init_where[lowest_index64(m)][i >> 6] |= 1ull << (i & 63);
    memcpy(c->where, c->init_where, sizeof c->where);
}

static int cand_of(int cell, int value) { return cell * 9 + value - 1; }

static int key_of(const dnode *n) { return cand_of(n->cell, n->value) * 2 + n->on; }

static int grow_to(void **buf, int32_t *cap, size_t size, int32_t need, int32_t max)
{
    if (need <= *cap) return SD_OK;
    if (need > max) return SD_NO_MEMORY;
    int32_t cap2 = *cap ? *cap : 4096;
    while (cap2 < need) cap2 *= 2;
    void *grown = realloc(*buf, (size_t)cap2 * size);
    if (!grown) return SD_NO_MEMORY;
    *buf = grown;
    *cap = cap2;
    return SD_OK;
}

static int grow(void **buf, int32_t *cap, size_t size, int32_t need) { return grow_to(buf, cap, size, need, MAX_POOL); }

#if defined(__GNUC__) || defined(__clang__)
#define SD_COLD __attribute__((noinline, cold))
#else
#define SD_COLD
#endif

static SD_COLD int grow_nodes(dctx *c) { return grow((void **)&c->nodes, &c->cap_nodes, sizeof(dnode), c->n_nodes + 1); }

static SD_COLD int grow_pars(dctx *c)
{
    return grow_to((void **)&c->pars, &c->cap_pars, sizeof(int32_t), c->n_pars + 1, MAX_PAR_POOL);
}

/* A new potential (its parents are added right after with add_parent); -1 on no memory.
 * Inline, as add_parent: the closures make one or two per implication. */
static inline int32_t new_node(dctx *c, int cell, int value, int on, int cause)
{
    if (c->n_nodes >= c->cap_nodes && grow_nodes(c) != SD_OK) return NO_NODE;
    dnode *n = &c->nodes[c->n_nodes];
    n->cell = (uint8_t)cell;
    n->value = (uint8_t)value;
    n->on = (uint8_t)on;
    n->cause = (uint8_t)cause;
    n->npar = 0;
    n->par = c->n_pars;
    n->nested = -1;
    return c->n_nodes++;
}

/* Parents of node n must be added before the next node is made (they are contiguous). */
static inline int add_parent(dctx *c, int32_t n, int32_t parent)
{
    dnode *d = &c->nodes[n];
    if (d->npar >= MAX_PARENTS || d->par + d->npar != c->n_pars) return SD_INTERNAL;
    if (c->n_pars >= c->cap_pars && grow_pars(c) != SD_OK) return SD_NO_MEMORY;
    c->pars[c->n_pars++] = parent;
    d->npar++;
    return SD_OK;
}

/* Empty a closure: every candidate it holds is in its lists (put is the only writer). */
static void clear(closure *cl)
{
    for (int k = 0; k < cl->n_on; k++) cl->on_map[cl->on_cand[k]] = NO_NODE;
    for (int k = 0; k < cl->n_off; k++) cl->off_map[cl->off_cand[k]] = NO_NODE;
    cl->n_on = cl->n_off = 0;
}

static void put(closure *cl, const dnode *nodes, int32_t n)
{
    int cand = cand_of(nodes[n].cell, nodes[n].value);
    if (nodes[n].on) {
        cl->on_map[cand] = n;
        cl->on_cand[cl->n_on] = (uint16_t)cand;
        cl->on_list[cl->n_on++] = n;
    } else {
        cl->off_map[cand] = n;
        cl->off_cand[cl->n_off] = (uint16_t)cand;
        cl->off_list[cl->n_off++] = n;
    }
}

static int32_t root(dctx *c, closure *cl, int cell, int value, int on)
{
    int32_t n = new_node(c, cell, value, on, ROOT);
    if (n != NO_NODE) put(cl, c->nodes, n);
    return n;
}

/* SE's getOnToOff on the current grid: the cell's other digits, then the digit's other
 * places in the box, the rest of the row and the rest of the column. */
static int on_to_off(const dctx *c, int cell, int value, dnext out[28])
{
    int n = 0;
    unsigned bit = 1u << (value - 1);
    if (!c->nishio) {
        unsigned rest = c->cands[cell] & ~bit;
        for (int v = 1; v <= 9; v++)
            if (rest >> (v - 1) & 1) out[n++] = (dnext){(uint8_t)cell, (uint8_t)v, NAKED};
    }
    static const uint8_t part_cause[3] = {HIDDEN_BLOCK, HIDDEN_ROW, HIDDEN_COLUMN};
    int k = 0;
    for (int part = 0; part < 3; part++)
        for (; k < c->part_end[cell][part]; k++) {
            int other = c->parts[cell][k];
            if (c->cands[other] & bit) out[n++] = (dnext){(uint8_t)other, (uint8_t)value, part_cause[part]};
        }
    return n;
}

/* SE's getOffToOn links of (cell, value) off on the current grid: the other digit of a
 * bivalue cell, the other place of the digit in a house with two (box, row, column; each
 * cell once); returns their count. */
static int links_on(const dctx *c, int cell, int value, dnext out[4])
{
    int n = 0;
    unsigned m = c->cands[cell];
    if (!c->nishio && popcount9(m) == 2) {
        int lo = 1, hi = 9;
        while (!(m >> (lo - 1) & 1)) lo++;
        while (!(m >> (hi - 1) & 1)) hi--;
        out[n++] = (dnext){(uint8_t)cell, (uint8_t)(lo == value ? hi : lo), NAKED};
    }
    int seen[3], n_seen = 0;
    for (int t = 0; t < 3; t++) {
        int h = c->se_houses[cell][t];
        uint64_t m0 = c->where[value - 1][0] & c->hmask[h][0], m1 = c->where[value - 1][1] & c->hmask[h][1];
        if (!two_of(m0, m1)) continue;
        int low = m0 ? lowest_index64(m0) : 64 + lowest_index64(m1), high = m1 ? 64 + top64(m1) : top64(m0);
        int other = low == cell ? high : low, dup = 0;
        for (int s = 0; s < n_seen; s++) dup |= seen[s] == other;
        if (dup) continue;
        seen[n_seen++] = other;
        out[n++] = (dnext){(uint8_t)other, (uint8_t)value, CAUSE_OF_HOUSE[h / 9]};
    }
    return n;
}

/* SE's getOffToOn from off potential p (links_on). In the dynamic modes each link also
 * gets, as parents, the eliminations of this closure that made the cell bivalue or the
 * house a pair. Made as nodes in made[]; returns their count or a negative status. */
static int off_to_on(dctx *c, closure *cl, int32_t p, int32_t made[4])
{
    int cell = c->nodes[p].cell, value = c->nodes[p].value, n;
    dnext live[4];
    const dnext *next = live;
    if (c->dynamic) n = links_on(c, cell, value, live);
    else {
        int cand = cand_of(cell, value);
        if (c->links_gen[cand] != c->cur_links) {
            c->n_links[cand] = (uint8_t)links_on(c, cell, value, c->links[cand]);
            c->links_gen[cand] = c->cur_links;
        }
        next = c->links[cand], n = c->n_links[cand];
    }
    for (int k = 0; k < n; k++) {
        int32_t q = new_node(c, next[k].cell, next[k].value, 1, next[k].cause);
        if (q == NO_NODE) return SD_NO_MEMORY;
        int st = add_parent(c, q, p);
        if (st != SD_OK) return st;
        if (c->dynamic && next[k].cause == NAKED)
            for (unsigned gone = c->init[cell] & ~c->cands[cell]; gone && st == SD_OK; gone &= gone - 1) {
                int32_t h = cl->off_map[cand_of(cell, 1 + lowest_index64(gone))];
                st = h == NO_NODE ? SD_INTERNAL : add_parent(c, q, h);
            }
        else if (c->dynamic) { /* the house's places of value this closure removed, in house order (ascending) */
            int h = c->se_houses[cell][next[k].cause - HIDDEN_BLOCK];
            for (int w = 0; w < 2; w++)
                for (uint64_t gone = c->init_where[value - 1][w] & ~c->where[value - 1][w] & c->hmask[h][w];
                     gone && st == SD_OK; gone &= gone - 1) {
                    int32_t hp = cl->off_map[cand_of(64 * w + lowest_index64(gone), value)];
                    st = hp == NO_NODE ? SD_INTERNAL : add_parent(c, q, hp);
                }
        }
        if (st != SD_OK) return st;
        made[k] = q;
    }
    return n;
}

/* Add the off potentials of a rule's hits (entries as serules9 writes them, n_parents one
 * byte, or as senest9 does, n_parents uint16 and a nested chain id) to the closure: each
 * hit's eliminations, whose parents are the closure's eliminations it relied on (no
 * contradiction check: SE adds them as they are). */
static int add_hits(dctx *c, closure *cl, int *t_off, const uint8_t *data, size_t len, int wide)
{
    size_t at = 0;
    int st = SD_OK;
    while (st == SD_OK && at < len) {
        int n = data[at++];
        const uint8_t *rem = data + at;
        at += 3 * (size_t)n;
        size_t m = 0;
        if (at + (wide ? 2 : 1) <= len) m = wide ? (size_t)data[at] | (size_t)data[at + 1] << 8 : data[at];
        at += wide ? 2 : 1;
        if (m < 1 || m > N_CANDS || at + 2 * m + (wide ? 4 : 0) > len) return SD_INTERNAL;
        const uint8_t *par = data + at;
        at += 2 * m;
        int32_t nested = -1;
        if (wide) {
            nested = (int32_t)((uint32_t)data[at] | (uint32_t)data[at + 1] << 8 | (uint32_t)data[at + 2] << 16 |
                               (uint32_t)data[at + 3] << 24);
            at += 4;
        }
        for (size_t k = 0; k < m; k++) {
            int cell = par[2 * k], v = par[2 * k + 1];
            if (cell >= 81 || v < 1 || v > 9 || cl->off_map[cand_of(cell, v)] == NO_NODE) return SD_INTERNAL;
        }
        for (int k = 0; k < n && st == SD_OK; k++) {
            int cell = rem[3 * k];
            unsigned mask = (unsigned)rem[3 * k + 1] | (unsigned)rem[3 * k + 2] << 8;
            if (cell >= 81 || mask > 0x1FF) return SD_INTERNAL;
            for (int v = 1; v <= 9 && st == SD_OK; v++) {
                if (!(mask >> (v - 1) & 1)) continue;
                int32_t q = new_node(c, cell, v, 0, ADVANCED);
                if (q == NO_NODE) return SD_NO_MEMORY;
                c->nodes[q].nested = nested;
                for (size_t j = 0; j < m && st == SD_OK; j++)
                    st = add_parent(c, q, cl->off_map[cand_of(par[2 * j], par[2 * j + 1])]);
                if (st != SD_OK || cl->off_map[cand_of(cell, v)] != NO_NODE) continue;
                if (cl->n_off >= N_CANDS || *t_off >= N_CANDS) return SD_INTERNAL;
                put(cl, c->nodes, q);
                c->q_off[(*t_off)++] = q;
            }
        }
    }
    return st;
}

static uint64_t grid_hash(const uint16_t g[81])
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 81; i += 3)
        h = (h ^ ((uint64_t)g[i] | (uint64_t)g[i + 1] << 16 | (uint64_t)g[i + 2] << 32)) * 1099511628211ull;
    return h ^ (h >> 29);
}

static void simple_cache_reset(dctx *c)
{
    if (c->sr_slots) memset(c->sr_slots, 0, c->sr_cap * sizeof *c->sr_slots);
    c->sr_used = 0;
    c->sr_grids.len = c->sr_res.len = 0;
}

/* serules9_advanced on c->cands, through the search's cache: *hits, *len (valid until the
 * next call). */
static int simple_rules(dctx *c, sd_out *buf, const uint8_t **hits, size_t *len)
{
    uint64_t h = grid_hash(c->cands);
    if (c->sr_cap)
        for (size_t j = (size_t)h & (c->sr_cap - 1); c->sr_slots[j].used; j = (j + 1) & (c->sr_cap - 1)) {
            const sr_slot *slot = &c->sr_slots[j];
            if (slot->hash != h || memcmp(c->sr_grids.data + slot->grid, c->cands, sizeof c->cands)) continue;
            /* An empty result may be cached before any result bytes exist (data still
             * NULL), and NULL + 0 is undefined: such a hit points nowhere. */
            *hits = slot->len ? c->sr_res.data + slot->res : NULL, *len = slot->len;
            return SD_OK;
        }
    int rule = -1, st = serules9_advanced(c->cands, c->init, c->counts, buf, &rule);
    *hits = buf->data, *len = buf->len;
    if (st != SD_OK) return st;
    if (c->sr_grids.len + c->sr_res.len > ((size_t)1 << 25)) simple_cache_reset(c);
    if (2 * (c->sr_used + 1) > c->sr_cap) {
        size_t cap = c->sr_cap ? 2 * c->sr_cap : 1024;
        sr_slot *grown = calloc(cap, sizeof *grown);
        if (!grown) return SD_NO_MEMORY;
        for (size_t k = 0; k < c->sr_cap; k++) {
            if (!c->sr_slots[k].used) continue;
            size_t j = (size_t)c->sr_slots[k].hash & (cap - 1);
            while (grown[j].used) j = (j + 1) & (cap - 1);
            grown[j] = c->sr_slots[k];
        }
        free(c->sr_slots);
        c->sr_slots = grown, c->sr_cap = cap;
    }
    size_t j = (size_t)h & (c->sr_cap - 1);
    while (c->sr_slots[j].used) j = (j + 1) & (c->sr_cap - 1);
    sr_slot *slot = &c->sr_slots[j];
    slot->hash = h, slot->grid = c->sr_grids.len, slot->res = c->sr_res.len, slot->len = buf->len, slot->used = 1;
    c->sr_used++;
    st = sedyn9_emit(&c->sr_grids, (const uint8_t *)c->cands, sizeof c->cands);
    if (st == SD_OK && buf->len) st = sedyn9_emit(&c->sr_res, buf->data, buf->len);
    return st;
}

/* SE's getAdvancedPotentials: the eliminations of the first simple rule (serules9) that
 * needs some of the closure's eliminations; at level 2 and up, when none does, those of
 * the first nested chaining rule (senest9) with some. */
static int advanced(dctx *c, closure *cl, int *t_off)
{
    sd_out buf = {0};
    const uint8_t *found = NULL;
    size_t n_found = 0;
    int st = simple_rules(c, &buf, &found, &n_found);
    if (st == SD_OK && n_found) st = add_hits(c, cl, t_off, found, n_found, 0);
    int simple = n_found > 0;
    sedyn9_out_free(&buf);
    if (st != SD_OK || simple || c->level < 2) return st;
    const uint8_t *hits;
    size_t len;
    st = senest9_rules(c->nest, c->cands, c->init, c->counts, c->budget, &hits, &len);
    if (st == SD_OK && len) st = add_hits(c, cl, t_off, hits, len, 1);
    return st;
}

/* SE's doChaining: propagate the closure's assumptions in place. abs_on, abs_off: the
 * first candidate forced both on and off (the closure then ends), or NO_NODE. The grid is
 * restored on return. */
static int chaining(dctx *c, closure *cl, int32_t *abs_on, int32_t *abs_off)
{
    int h_on = 0, t_on = 0, h_off = 0, t_off = 0, status = SD_OK;
    *abs_on = *abs_off = NO_NODE;
    for (int k = 0; k < cl->n_on; k++) c->q_on[t_on++] = cl->on_list[k];
    for (int k = 0; k < cl->n_off; k++) c->q_off[t_off++] = cl->off_list[k];
    while (status == SD_OK && (h_on < t_on || h_off < t_off)) {
        status = sd_budget_spend(c->budget, 1);
        if (status != SD_OK) break;
        if (h_on < t_on) {
            int32_t p = c->q_on[h_on++];
            dnext next[28];
            int n = on_to_off(c, c->nodes[p].cell, c->nodes[p].value, next);
            for (int k = 0; k < n && status == SD_OK; k++) {
                int cand = cand_of(next[k].cell, next[k].value);
                int conj = cl->on_map[cand];
                if (conj == NO_NODE && cl->off_map[cand] != NO_NODE) continue;
                int32_t q = new_node(c, next[k].cell, next[k].value, 0, next[k].cause);
                if (q == NO_NODE) status = SD_NO_MEMORY;
                else status = add_parent(c, q, p);
                if (status != SD_OK) break;
                if (conj != NO_NODE) {
                    *abs_on = conj;
                    *abs_off = q;
                    goto done;
                }
                if (cl->n_off >= N_CANDS || t_off >= N_CANDS) {
                    status = SD_INTERNAL;
                    break;
                }
                put(cl, c->nodes, q);
                c->q_off[t_off++] = q;
            }
        } else {
            int32_t p = c->q_off[h_off++], made[4];
            int n = off_to_on(c, cl, p, made);
            if (n < 0) {
                status = n;
                break;
            }
            if (c->dynamic) {
                int cell = c->nodes[p].cell, d = c->nodes[p].value - 1;
                c->cands[cell] &= (uint16_t)~(1u << d);
                c->where[d][cell >> 6] &= ~(1ull << (cell & 63));
            }
            for (int k = 0; k < n; k++) {
                int32_t q = made[k];
                int cand = cand_of(c->nodes[q].cell, c->nodes[q].value);
                if (cl->off_map[cand] != NO_NODE) {
                    *abs_on = q;
                    *abs_off = cl->off_map[cand];
                    goto done;
                }
                if (cl->on_map[cand] != NO_NODE) continue;
                if (cl->n_on >= N_CANDS || t_on >= N_CANDS) {
                    status = SD_INTERNAL;
                    break;
                }
                put(cl, c->nodes, q);
                c->q_on[t_on++] = q;
            }
        }
        if (status == SD_OK && c->level > 0 && h_on == t_on && h_off == t_off) status = advanced(c, cl, &t_off);
    }
done:
    memcpy(c->cands, c->init, sizeof c->cands);
    memcpy(c->where, c->init_where, sizeof c->where);
    return status;
}

/* SE's getChain: the potentials of target's chain breadth first, each key once, into
 * bfs_list (pos[key]: its index there). A potential is marked when it is queued, which
 * visits them in the order of their first appearance, as SE's check on taking does.
 * Returns the count. */
static int chain_of(dctx *c, int32_t target)
{
    if (++c->cur_stamp == 0) {
        memset(c->stamp, 0, sizeof c->stamp);
        c->cur_stamp = 1;
    }
    int head = 0, n = 0;
    int key = key_of(&c->nodes[target]);
    c->stamp[key] = c->cur_stamp;
    c->pos[key] = n;
    c->bfs_list[n++] = target;
    while (head < n) {
        const dnode *p = &c->nodes[c->bfs_list[head++]];
        for (int k = 0; k < p->npar; k++) {
            int32_t q = c->pars[p->par + k];
            key = key_of(&c->nodes[q]);
            if (c->stamp[key] == c->cur_stamp) continue;
            c->stamp[key] = c->cur_stamp;
            c->pos[key] = n;
            c->bfs_list[n++] = q;
        }
    }
    return n;
}

int sedyn9_emit(sd_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? out->cap : 4096;
        while (cap < out->len + n) cap *= 2;
        uint8_t *grown = realloc(out->data, cap);
        if (!grown) return SD_NO_MEMORY;
        out->data = grown;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return SD_OK;
}

/* The targets' chains into blobs: n_targets, then per target its getChain list. */
static int serialise(dctx *c, const int32_t *targets, int nt)
{
    uint8_t b = (uint8_t)nt;
    int st = sedyn9_emit(&c->blobs, &b, 1);
    for (int t = 0; t < nt && st == SD_OK; t++) {
        int n = chain_of(c, targets[t]);
        if (n < 0) return n;
        uint8_t head[2] = {(uint8_t)(n & 0xFF), (uint8_t)(n >> 8)};
        st = sedyn9_emit(&c->blobs, head, 2);
        for (int k = 0; k < n && st == SD_OK; k++) {
            const dnode *p = &c->nodes[c->bfs_list[k]];
            uint8_t rec[6] = {p->cell, p->value, p->on, p->cause, (uint8_t)(p->npar & 0xFF), (uint8_t)(p->npar >> 8)};
            st = sedyn9_emit(&c->blobs, rec, 6);
            for (int j = 0; j < p->npar && st == SD_OK; j++) {
                int at = c->pos[key_of(&c->nodes[c->pars[p->par + j]])];
                uint8_t ix[2] = {(uint8_t)(at & 0xFF), (uint8_t)(at >> 8)};
                st = sedyn9_emit(&c->blobs, ix, 2);
            }
        }
    }
    return st;
}

static int before(int32_t ca, int ka, int32_t oa, int32_t cb, int kb, int32_t ob)
{
    if (ca != cb) return ca < cb;
    if (ka != kb) return ka < kb;
    return oa < ob;
}

/* The complexity of the chains to targets (SE's getComplexity): their potentials plus,
 * once each, the complexity of every distinct nested chain they use. */
static int32_t complexity_of(dctx *c, const int32_t *targets, int nt)
{
    int32_t complexity = 0;
    int n_ids = 0;
    for (int t = 0; t < nt; t++) {
        int n = chain_of(c, targets[t]);
        complexity += n;
        if (c->level < 2) continue;
        for (int k = 0; k < n; k++) {
            int32_t id = c->nodes[c->bfs_list[k]].nested, dup = 0;
            if (id < 0) continue;
            for (int j = 0; j < n_ids && !dup; j++) dup = c->ids[j] == id || senest9_same(c->nest, c->ids[j], id);
            if (dup) continue;
            c->ids[n_ids++] = id;
            complexity += senest9_complexity(c->nest, id);
        }
    }
    return complexity;
}

static void put_u16(uint8_t *at, unsigned v) { at[0] = (uint8_t)(v & 0xFF), at[1] = (uint8_t)(v >> 8); }

/* Nested mode: the hint's signature (per target its length and keys) and its rule
 * parents (SE's getRuleParents: the eliminations from src to init that its "on"
 * potentials relied on; an assumption of a cell/region chain counts as naked/hidden),
 * into blobs: sig_len (uint32 LE), sig (uint16 LE each), n_par (uint16 LE), (cell, value)s. */
static int nested_blob(dctx *c, const int32_t *targets, int nt, int kind, int house)
{
    size_t n_sig = 0;
    int n_par = 0;
    if (++c->cur_par == 0) {
        memset(c->seen_par, 0, sizeof c->seen_par);
        c->cur_par = 1;
    }
    for (int t = 0; t < nt; t++) {
        int n = chain_of(c, targets[t]);
        c->sig[n_sig++] = (uint16_t)n;
        for (int k = 0; k < n; k++) {
            const dnode *p = &c->nodes[c->bfs_list[k]];
            c->sig[n_sig++] = (uint16_t)key_of(p);
            int cause = p->cause;
            if (cause == ROOT) cause = kind == SD_CELL ? NAKED : kind == SD_REGION ? CAUSE_OF_HOUSE[house / 9] : ROOT;
            if (!p->on || cause == ROOT || cause == ADVANCED) continue;
            unsigned bit = 1u << (p->value - 1);
            if (cause == NAKED) {
                unsigned gone = c->src[p->cell] & ~c->init[p->cell];
                for (int v = 1; v <= 9; v++) {
                    int cand = cand_of(p->cell, v);
                    if (!(gone >> (v - 1) & 1) || c->seen_par[cand] == c->cur_par) continue;
                    c->seen_par[cand] = c->cur_par;
                    c->parbuf[2 * n_par] = p->cell, c->parbuf[2 * n_par + 1] = (uint8_t)v, n_par++;
                }
            } else {
                int h = c->se_houses[p->cell][cause == HIDDEN_BLOCK ? 0 : cause == HIDDEN_ROW ? 1 : 2];
                for (int k2 = 0; k2 < 9; k2++) {
                    int x = c->house[h][k2], cand = cand_of(x, p->value);
                    if (!(c->src[x] & bit) || (c->init[x] & bit) || c->seen_par[cand] == c->cur_par) continue;
                    c->seen_par[cand] = c->cur_par;
                    c->parbuf[2 * n_par] = (uint8_t)x, c->parbuf[2 * n_par + 1] = p->value, n_par++;
                }
            }
        }
    }
    uint8_t head[4] = {(uint8_t)(n_sig & 0xFF), (uint8_t)(n_sig >> 8 & 0xFF), (uint8_t)(n_sig >> 16 & 0xFF), 0};
    int st = sedyn9_emit(&c->blobs, head, 4);
    for (size_t k = 0; k < n_sig && st == SD_OK; k++) {
        uint8_t w[2];
        put_u16(w, c->sig[k]);
        st = sedyn9_emit(&c->blobs, w, 2);
    }
    uint8_t np[2];
    put_u16(np, (unsigned)n_par);
    if (st == SD_OK) st = sedyn9_emit(&c->blobs, np, 2);
    if (st == SD_OK) st = sedyn9_emit(&c->blobs, c->parbuf, 2 * (size_t)n_par);
    return st;
}

/* One hint found (Chaining._add): kept when it sorts before every earlier hint with the
 * same eliminations. result: the result potential's node, or NO_NODE with res_* given. */
static int add_hint(dctx *c, int kind, int absurd, int house, int digit, int cell, unsigned mask,
                    const int32_t *targets, int nt, int res_t0, int res_cell, int res_value, int res_on)
{
    if (!mask) return SD_OK;
    int32_t order = c->order++, complexity = complexity_of(c, targets, nt);
    int sort_key = kind == SD_BINARY ? (absurd ? 7 : 1) : kind == SD_CELL ? 5 : 6;
    int32_t *slot = &c->best[cell * 512 + (int)mask];
    if (*slot != NO_NODE) {
        const dhint *h = &c->hints[*slot];
        if (!before(complexity, sort_key, order, h->complexity, h->sort_key, h->order)) return SD_OK;
    } else {
        if (grow((void **)&c->hints, &c->cap_hints, sizeof(dhint), c->n_hints + 1) != SD_OK) return SD_NO_MEMORY;
        *slot = c->n_hints++;
    }
    dhint *h = &c->hints[*slot];
    h->complexity = complexity;
    h->order = order;
    h->sort_key = (uint8_t)sort_key;
    h->kind = (uint8_t)kind;
    h->absurd = (uint8_t)absurd;
    h->house = (uint8_t)(house < 0 ? 255 : house);
    h->digit = (uint8_t)digit;
    h->cell = (uint8_t)cell;
    h->mask = (uint16_t)mask;
    if (res_t0) {
        const dnode *r = &c->nodes[targets[0]];
        res_cell = r->cell, res_value = r->value, res_on = r->on;
    }
    h->res_cell = (uint8_t)res_cell, h->res_value = (uint8_t)res_value, h->res_on = (uint8_t)res_on;
    h->res_t0 = (uint8_t)res_t0;
    h->blob = c->blobs.len;
    int st = c->nested_mode ? nested_blob(c, targets, nt, kind, house) : serialise(c, targets, nt);
    h->blob_len = c->blobs.len - h->blob;
    return st;
}

/* The eliminations of a reduction to potential n: its cell's other digits when on, itself
 * when off. */
static unsigned removable_of(const dctx *c, int32_t n)
{
    const dnode *p = &c->nodes[n];
    unsigned bit = 1u << (p->value - 1);
    return p->on ? (unsigned)(c->init[p->cell] & ~bit) : bit;
}

/* Forget the memo and free every node (no closure or memo entry refers to them then). */
static void memo_reset(dctx *c)
{
    c->n_nodes = c->n_pars = 0, c->n_memo_ids = 0;
    if (++c->cur_memo == 0) {
        memset(c->memo_gen, 0, sizeof c->memo_gen);
        c->cur_memo = 1;
    }
}

/* The closure of (cell, value) assumed on, into cl (emptied first; SE's doChaining from
 * that one potential). A closure this search computed before is copied from the memo
 * (with its contradiction), and the rounds computing it spent are spent again (the node
 * budget, and where a search stops on it, do not see the memo). */
static int on_closure(dctx *c, closure *cl, int cell, int value, int32_t *a_on, int32_t *a_off)
{
    int cand = cand_of(cell, value);
    clear(cl);
    *a_on = *a_off = NO_NODE;
    if (c->memo_gen[cand] == c->cur_memo) {
        const int32_t *ids = c->memo_ids + c->memo[cand].at;
        for (int32_t k = 0; k < c->memo[cand].n_on + c->memo[cand].n_off; k++) put(cl, c->nodes, ids[k]);
        *a_on = c->memo[cand].abs_on, *a_off = c->memo[cand].abs_off;
        /* charged as the rounds one at a time would be: a search without the memo stops
         * at round limit + 1, so a copied closure that passes the limit charges up to there */
        long rounds = c->memo[cand].rounds;
        if (c->budget->limit >= 0 && c->budget->spent + rounds > c->budget->limit) rounds = c->budget->limit + 1 - c->budget->spent;
        return sd_budget_spend(c->budget, rounds);
    }
    if (root(c, cl, cell, value, 1) == NO_NODE) return SD_NO_MEMORY;
    long spent0 = c->budget->spent;
    int st = chaining(c, cl, a_on, a_off);
    if (st != SD_OK || c->nishio) return st; /* Nishio asks for each closure once */
    int32_t n = cl->n_on + cl->n_off;
    if (grow((void **)&c->memo_ids, &c->cap_memo_ids, sizeof(int32_t), c->n_memo_ids + n) != SD_OK) return SD_NO_MEMORY;
    c->memo[cand].at = c->n_memo_ids, c->memo[cand].n_on = cl->n_on, c->memo[cand].n_off = cl->n_off;
    c->memo[cand].abs_on = *a_on, c->memo[cand].abs_off = *a_off;
    c->memo[cand].rounds = c->budget->spent - spent0;
    memcpy(c->memo_ids + c->n_memo_ids, cl->on_list, (size_t)cl->n_on * sizeof(int32_t));
    memcpy(c->memo_ids + c->n_memo_ids + cl->n_on, cl->off_list, (size_t)cl->n_off * sizeof(int32_t));
    c->n_memo_ids += n;
    c->memo_gen[cand] = c->cur_memo;
    return SD_OK;
}

/* SE's doBinaryChaining of one candidate into on_cl (its "on" closure) and cl[9]. */
static int binary_chaining(dctx *c, closure *on_cl, int cell, int value, int reduction, int contradiction)
{
    closure *off_cl = &c->cl[9];
    unsigned bit = 1u << (value - 1);
    int32_t a_on, a_off, targets[2];
    int st = on_closure(c, on_cl, cell, value, &a_on, &a_off);
    if (st == SD_OK && contradiction && a_on != NO_NODE) {
        targets[0] = a_on, targets[1] = a_off;
        st = add_hint(c, SD_BINARY, 1, -1, 0, cell, bit, targets, 2, 0, cell, value, 0);
    }
    if (st != SD_OK) return st;
    clear(off_cl);
    int32_t mark_nodes = c->n_nodes, mark_pars = c->n_pars;
    if (root(c, off_cl, cell, value, 0) == NO_NODE) return SD_NO_MEMORY;
    st = chaining(c, off_cl, &a_on, &a_off);
    if (!reduction && !contradiction) { /* only its rounds count: free its nodes (static mode keeps the pool) */
        clear(off_cl);
        c->n_nodes = mark_nodes, c->n_pars = mark_pars;
        return st;
    }
    if (st == SD_OK && contradiction && a_on != NO_NODE) {
        targets[0] = a_on, targets[1] = a_off;
        st = add_hint(c, SD_BINARY, 1, -1, 0, cell, c->init[cell] & ~bit, targets, 2, 0, cell, value, 1);
    }
    if (st != SD_OK || !reduction) return st;
    for (int k = 0; k < on_cl->n_on && st == SD_OK; k++) {
        int32_t from_on = on_cl->on_list[k];
        const dnode *p = &c->nodes[from_on];
        int32_t from_off = off_cl->on_map[cand_of(p->cell, p->value)];
        if (from_off == NO_NODE) continue;
        targets[0] = from_on, targets[1] = from_off;
        st = add_hint(c, SD_BINARY, 0, -1, 0, p->cell, removable_of(c, from_on), targets, 2, 1, 0, 0, 0);
    }
    for (int k = 0; k < on_cl->n_off && st == SD_OK; k++) {
        int32_t from_on = on_cl->off_list[k];
        const dnode *p = &c->nodes[from_on];
        int32_t from_off = off_cl->off_map[cand_of(p->cell, p->value)];
        if (from_off == NO_NODE) continue;
        targets[0] = from_on, targets[1] = from_off;
        st = add_hint(c, SD_BINARY, 0, -1, 0, p->cell, removable_of(c, from_off), targets, 2, 1, 0, 0, 0);
    }
    return st;
}

/* The reductions common to every closure of outs[0..n) (the first closure's order), as
 * kind hints. */
static int reductions(dctx *c, closure **outs, int n, int kind, int house, int digit)
{
    int32_t targets[9];
    int st = SD_OK;
    for (int on = 1; on >= 0 && st == SD_OK; on--) {
        const int32_t *list = on ? outs[0]->on_list : outs[0]->off_list;
        int count = on ? outs[0]->n_on : outs[0]->n_off;
        for (int k = 0; k < count && st == SD_OK; k++) {
            const dnode *p = &c->nodes[list[k]];
            int cand = cand_of(p->cell, p->value), all = 1;
            for (int j = 0; j < n && all; j++) {
                targets[j] = on ? outs[j]->on_map[cand] : outs[j]->off_map[cand];
                all = targets[j] != NO_NODE;
            }
            if (all) st = add_hint(c, kind, 0, house, digit, p->cell, removable_of(c, list[k]), targets, n, 1, 0, 0, 0);
        }
    }
    return st;
}

/* SE's doRegionChainings: a house where value has two places (or more, multiple) and
 * cell is the first of them. */
static int region_chainings(dctx *c, closure *on_cl, int cell, int value)
{
    unsigned bit = 1u << (value - 1);
    for (int t = 0; t < 3; t++) {
        int h = c->se_houses[cell][t], cells[9], n = 0;
        for (int k = 0; k < 9; k++)
            if (c->init[c->house[h][k]] & bit) cells[n++] = c->house[h][k];
        if (!(n == 2 || (c->multiple && n > 2)) || cells[0] != cell) continue;
        closure *outs[9];
        outs[0] = on_cl;
        for (int j = 1; j < n; j++) {
            closure *cl = &c->cl[9 + j];
            int32_t a_on, a_off;
            int st = on_closure(c, cl, cells[j], value, &a_on, &a_off);
            if (st != SD_OK) return st;
            outs[j] = cl;
        }
        int st = reductions(c, outs, n, SD_REGION, h, value);
        if (st != SD_OK) return st;
    }
    return SD_OK;
}

static int cell_chains(dctx *c, int cell)
{
    unsigned m = c->init[cell];
    int card = popcount9(m), nv = 0;
    int reduction = card >= 3 && !c->nishio && c->dynamic, contradiction = c->dynamic || c->nishio;
    closure *outs[9];
    if (c->dynamic && (c->n_nodes > KEEP_NODES || c->n_pars > KEEP_PARS)) memo_reset(c); /* static: < 2 x 729 closures */
    for (int v = 1; v <= 9; v++) {
        if (!(m >> (v - 1) & 1)) continue;
        closure *on_cl = &c->cl[nv];
        int st = binary_chaining(c, on_cl, cell, v, reduction, contradiction);
        if (st == SD_OK && !c->nishio) st = region_chainings(c, on_cl, cell, v);
        if (st != SD_OK) return st;
        outs[nv++] = on_cl;
    }
    if (!c->nishio && (card == 2 || (c->multiple && card > 2))) return reductions(c, outs, nv, SD_CELL, -1, 0);
    return SD_OK;
}

static int cmp_hint(const void *a, const void *b)
{
    const dhint *x = a, *y = b;
    if (before(x->complexity, x->sort_key, x->order, y->complexity, y->sort_key, y->order)) return -1;
    return before(y->complexity, y->sort_key, y->order, x->complexity, x->sort_key, x->order);
}

static int write_out(dctx *c, sd_out *out)
{
    if (c->n_hints > 1) qsort(c->hints, (size_t)c->n_hints, sizeof(dhint), cmp_hint);
    int st = SD_OK;
    for (int32_t k = 0; k < c->n_hints && st == SD_OK; k++) {
        const dhint *h = &c->hints[k];
        if (h->complexity > 0xFFFF) return SD_INTERNAL;
        uint8_t head[13] = {h->kind, h->absurd, h->house, h->digit, h->cell, (uint8_t)(h->mask & 0xFF),
                            (uint8_t)(h->mask >> 8), h->res_cell, h->res_value, h->res_on, h->res_t0,
                            (uint8_t)(h->complexity & 0xFF), (uint8_t)(h->complexity >> 8)};
        st = sedyn9_emit(out, head, sizeof head);
        if (st == SD_OK) st = sedyn9_emit(out, c->blobs.data + h->blob, h->blob_len);
    }
    return st;
}

static void ctx_free(dctx *c)
{
    if (!c) return;
    senest9_free(c->nest);
    free(c->cl);
    free(c->nodes);
    free(c->pars);
    free(c->hints);
    free(c->blobs.data);
    free(c->memo_ids);
    free(c->sr_slots);
    free(c->sr_grids.data);
    free(c->sr_res.data);
    free(c);
}

static dctx *ctx_new(int multiple, int dynamic, int nishio, int level)
{
    dctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->cl = malloc(N_CLOSURES * sizeof(closure));
    c->nest = level >= 2 ? senest9_new(level) : NULL;
    if (!c->cl || (level >= 2 && !c->nest)) {
        ctx_free(c);
        return NULL;
    }
    c->multiple = !!multiple, c->dynamic = !!dynamic, c->nishio = !!nishio, c->level = level;
    init_geometry(c);
    for (int k = 0; k < N_CLOSURES; k++) {
        closure *cl = &c->cl[k];
        for (int j = 0; j < N_CANDS; j++) cl->on_map[j] = cl->off_map[j] = NO_NODE;
        cl->n_on = cl->n_off = 0;
    }
    for (int k = 0; k < 81 * 512; k++) c->best[k] = NO_NODE;
    return c;
}

/* One search on c->init (= c->cands): every cell's chains, the hints kept in c->hints
 * (unsorted; write_out or nested_out sorts them). */
static int ctx_run(dctx *c)
{
    for (int32_t k = 0; k < c->n_hints; k++) c->best[c->hints[k].cell * 512 + c->hints[k].mask] = NO_NODE;
    c->n_hints = 0, c->order = 0, c->blobs.len = 0;
    memo_reset(c);
    simple_cache_reset(c);
    if (++c->cur_links == 0) {
        memset(c->links_gen, 0, sizeof c->links_gen);
        c->cur_links = 1;
    }
    init_where(c);
    int st = SD_OK;
    for (int cell = 0; cell < 81 && st == SD_OK; cell++) {
        int card = popcount9(c->init[cell]);
        if (!(card > 2 || (card > 1 && c->dynamic))) continue;
        if (c->nest && senest9_trim(c->nest)) memo_reset(c); /* the memo's nodes name nested chains */
        st = cell_chains(c, cell);
    }
    return st;
}

struct dctx *sedyn9_child(int multiple, int dynamic, int level)
{
    dctx *c = ctx_new(multiple, dynamic, 0, level);
    if (c) c->nested_mode = 1;
    return c;
}

void sedyn9_child_free(struct dctx *c) { ctx_free(c); }

int sedyn9_nested(struct dctx *c, const uint16_t cur[81], const uint16_t src[81], const uint8_t counts[10],
                  sd_budget *b, sn_state *owner, sd_out *out)
{
    memcpy(c->cands, cur, sizeof c->cands);
    memcpy(c->init, cur, sizeof c->init);
    memcpy(c->src, src, sizeof c->src);
    memcpy(c->counts, counts, sizeof c->counts);
    c->budget = b;
    if (c->nest) senest9_reset(c->nest);
    int st = ctx_run(c);
    if (st != SD_OK) return st;
    if (c->n_hints > 1) qsort(c->hints, (size_t)c->n_hints, sizeof(dhint), cmp_hint);
    for (int32_t k = 0; k < c->n_hints && st == SD_OK; k++) {
        const dhint *h = &c->hints[k];
        const uint8_t *blob = c->blobs.data + h->blob;
        size_t n_sig = (size_t)blob[0] | (size_t)blob[1] << 8 | (size_t)blob[2] << 16;
        const uint8_t *np = blob + 4 + 2 * n_sig;
        size_t n_par = (size_t)np[0] | (size_t)np[1] << 8;
        if (!n_par) continue; /* the hint holds without the closure: SE leaves it out */
        for (size_t j = 0; j < n_sig; j++) c->sig[j] = (uint16_t)(blob[4 + 2 * j] | blob[5 + 2 * j] << 8);
        int32_t id = senest9_add_chain(owner, h->complexity, c->sig, n_sig);
        if (id < 0) return SD_NO_MEMORY;
        uint8_t head[4] = {1, h->cell, (uint8_t)(h->mask & 0xFF), (uint8_t)(h->mask >> 8)};
        uint8_t tail[4] = {(uint8_t)(id & 0xFF), (uint8_t)(id >> 8 & 0xFF), (uint8_t)(id >> 16 & 0xFF),
                           (uint8_t)((uint32_t)id >> 24)};
        st = sedyn9_emit(out, head, 4);
        if (st == SD_OK) st = sedyn9_emit(out, np, 2 + 2 * n_par);
        if (st == SD_OK) st = sedyn9_emit(out, tail, 4);
    }
    return st;
}

int sedyn9_hints_timed(const uint16_t cands[81], int multiple, int dynamic, int nishio, int level,
                       const uint8_t counts[10], long limit, double seconds, sd_out *out, long *spent)
{
    *spent = 0;
    if (!cands || !out || !counts || (!multiple && !dynamic) || (nishio && !dynamic) || level < 0 ||
        level > SD_MAX_LEVEL || (level && !dynamic))
        return SD_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return SD_BAD_INPUT;
    for (int d = 0; d < 10; d++)
        if (counts[d] > 9) return SD_BAD_INPUT;
    dctx *c = ctx_new(multiple, dynamic, nishio, level);
    if (!c) return SD_NO_MEMORY;
    memcpy(c->cands, cands, sizeof c->cands);
    memcpy(c->init, cands, sizeof c->init);
    memcpy(c->src, cands, sizeof c->src);
    memcpy(c->counts, counts, sizeof c->counts);
    c->own_budget.limit = limit;
    c->own_budget.deadline = seconds >= 0 ? sd_cpu_now() + seconds : -1.0;
    c->budget = &c->own_budget;
    int st = ctx_run(c);
    if (st == SD_OK) st = write_out(c, out);
    *spent = c->own_budget.spent;
    ctx_free(c);
    return st;
}

int sedyn9_hints(const uint16_t cands[81], int multiple, int dynamic, int nishio, int level, const uint8_t counts[10],
                 long limit, sd_out *out, long *spent)
{
    return sedyn9_hints_timed(cands, multiple, dynamic, nishio, level, counts, limit, -1.0, out, spent);
}

void sedyn9_out_free(sd_out *out)
{
    if (!out) return;
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
