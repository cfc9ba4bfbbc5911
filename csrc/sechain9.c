/* sechain9.c -- SE's cycle and forcing X/Y-chain search; see sechain9.h.
 *
 * A port of Chaining._unary_chaining (se_chains.py), which follows SE's
 * Chaining.getCycles / getForcingChains: level-synchronous breadth first search, the
 * "off" queue keeping duplicates of a potential reached along different chains (SE's
 * LinkedList) while the "on" side keeps the first only (its LinkedSet). Every order
 * that decides which chain is reported first is kept.
 *
 * Speed without changing a byte: the grid does not change during a search, so every
 * candidate's links are listed once per search. A set-based breadth first pass from each
 * root (frontier by frontier, so its work follows the keys reached: a nested search's
 * passes mostly reach a handful) then gives, for sets that do not depend on the order, what
 * the potential-by-potential searches would: how many rounds they take (the forcing
 * chains' set-based search reaches the same keys round by round; the cycle search too:
 * its extra "off" duplicates never reach a new "on" potential, since a key's first
 * arrival is never on its own chain), whether a forcing chain exists (the root's
 * opposite is reached), and whether a cycle can (one of the root's strong partners is
 * the consequence of a non-root "on" potential, and the last round where that happens).
 * Only then are the chains built node by node, in SE's order, stopping where nothing
 * more can be found.
 */
#include "sechain9.h"
#include "bits.h"
#include "segeom9.h"

#include <stdlib.h>
#include <string.h>

#define N_KEYS (81 * 9)  /* a candidate: cell * 9 + value - 1 */
#define N_WORDS 12       /* 64-bit words of a key set */
#define MAX_OUT 28       /* consequences of one potential: 8 digits + 20 peers */
#define NO_NODE (-1)

typedef struct {
    uint8_t cell, value, on, cause;
    int32_t parent;
} sc_node;

typedef struct {
    uint16_t key; /* cell * 9 + value - 1 */
    uint8_t cell, value, cause;
} sc_link;

struct sc_ws {
    uint16_t cands[81];
    uint8_t house[27][9];     /* the cells of each house, ascending */
    uint8_t se_houses[81][3]; /* a cell's houses in SE's order: box, row, column */
    uint8_t parts[81][20];    /* peers: box, then rest of the row, then rest of the column */
    uint8_t part_end[81][3];  /* where each of the three parts ends in parts[] */
    sc_node *nodes;
    int32_t n_nodes;
    int32_t *pend_on, *pend_off, *found; /* queues, cycle ends (SC_MAX_NODES each) */
    int32_t to_on[N_KEYS], to_off[N_KEYS];
    uint32_t on_gen[N_KEYS], off_gen[N_KEYS], gen; /* to_on[k] / to_off[k] hold for this search iff *_gen[k] == gen */
    uint64_t anc[N_KEYS][N_WORDS]; /* cycles: the "off" keys on the chain of the (unique) "on" potential of a key */
    int8_t conj[81][9][3];         /* the other place of a digit in a house (box, row, column) with two, or -1 */
    int grid_ok;           /* cands and conj hold for the grid of the last search */
    int y_chain, x_chain;  /* the link set of the search */
    /* getOnToOff and getOffToOn of a candidate, listed on first use in a search */
    uint32_t link_gen[N_KEYS], cur_links;
    uint8_t n_on_next[N_KEYS], n_off_next[N_KEYS], n_on_y[N_KEYS], n_off_y[N_KEYS]; /* the Y links come first */
    sc_link on_next[N_KEYS][MAX_OUT], off_next[N_KEYS][4];
    /* reach(): the keys reached on / off and the root's strong partners (stamp == r_gen),
     * and its frontiers (each key enters one at most once per pass) */
    uint32_t r_on_gen[N_KEYS], r_off_gen[N_KEYS], r_partner[N_KEYS], r_gen;
    int32_t r_on[N_KEYS], r_off[N_KEYS];
    long spent;
    int max_complexity; /* > 0: chains of more potentials are not wanted (the caller has a better hint) */
};

static const uint8_t CAUSE_OF_HOUSE[3] = {SC_HIDDEN_ROW, SC_HIDDEN_COLUMN, SC_HIDDEN_BLOCK}; /* by h / 9 */

static int key_of(int cell, int value) { return cell * 9 + value - 1; }

sc_ws *sechain9_ws_new(void)
{
    sc_ws *c = malloc(sizeof *c);
    if (!c) return NULL;
    c->nodes = malloc(sizeof(sc_node) * SC_MAX_NODES);
    c->pend_on = malloc(sizeof(int32_t) * SC_MAX_NODES);
    c->pend_off = malloc(sizeof(int32_t) * SC_MAX_NODES);
    c->found = malloc(sizeof(int32_t) * SC_MAX_NODES);
    if (!c->nodes || !c->pend_on || !c->pend_off || !c->found) {
        sechain9_ws_free(c);
        return NULL;
    }
    segeom_houses(c->house);
    segeom_peers(c->house, c->se_houses, c->parts, c->part_end);
    memset(c->on_gen, 0, sizeof c->on_gen);
    memset(c->off_gen, 0, sizeof c->off_gen);
    c->gen = 0;
    memset(c->link_gen, 0, sizeof c->link_gen);
    c->cur_links = 0;
    memset(c->r_on_gen, 0, sizeof c->r_on_gen);
    memset(c->r_off_gen, 0, sizeof c->r_off_gen);
    memset(c->r_partner, 0, sizeof c->r_partner);
    c->r_gen = 0;
    c->grid_ok = 0;
    c->max_complexity = 0;
    return c;
}

void sechain9_ws_free(sc_ws *c)
{
    if (!c) return;
    free(c->found);
    free(c->pend_off);
    free(c->pend_on);
    free(c->nodes);
    free(c);
}

/* The grid does not change during a search: the conjugate of every candidate (cell,
 * digit) in each of its houses once (the house's other place of the digit when it has
 * exactly two, else -1; every potential of a search is a candidate of the grid). */
static void init_conjugates(sc_ws *c)
{
    memset(c->conj, -1, sizeof c->conj);
    for (int h = 0; h < 27; h++) {
        int t = h >= 18 ? 0 : h < 9 ? 1 : 2; /* the house's place in a cell's (box, row, column) */
        for (int v = 1; v <= 9; v++) {
            int count = 0, low = -1, high = -1;
            for (int k = 0; k < 9; k++) {
                int x = c->house[h][k];
                if (c->cands[x] >> (v - 1) & 1) {
                    if (low < 0) low = x;
                    high = x;
                    count++;
                }
            }
            if (count != 2) continue;
            c->conj[low][v - 1][t] = (int8_t)high;
            c->conj[high][v - 1][t] = (int8_t)low;
        }
    }
}

static sc_link link_to(int cell, int value, int cause)
{
    return (sc_link){(uint16_t)key_of(cell, value), (uint8_t)cell, (uint8_t)value, (uint8_t)cause};
}

/* SE's getOnToOff: the cell's other digits (Y links), then the digit's other places in
 * the box, the rest of the row and the rest of the column (X links). */
static int on_to_off(const sc_ws *c, int cell, int value, int y_chain, sc_link out[MAX_OUT])
{
    int n = 0;
    unsigned bit = 1u << (value - 1);
    if (y_chain) {
        unsigned rest = c->cands[cell] & ~bit;
        for (int v = 1; v <= 9; v++)
            if (rest >> (v - 1) & 1) out[n++] = link_to(cell, v, SC_NAKED);
    }
    static const uint8_t part_cause[3] = {SC_HIDDEN_BLOCK, SC_HIDDEN_ROW, SC_HIDDEN_COLUMN};
    int k = 0;
    for (int part = 0; part < 3; part++)
        for (; k < c->part_end[cell][part]; k++) {
            int other = c->parts[cell][k];
            if (c->cands[other] & bit) out[n++] = link_to(other, value, part_cause[part]);
        }
    return n;
}

/* SE's getOffToOn on a grid that does not change: the other digit of a bivalue cell (Y),
 * the other place of the digit in a house with two (X; box, row, column, each cell once). */
static int off_to_on(const sc_ws *c, int cell, int value, int y_chain, int x_chain, sc_link out[4])
{
    int n = 0;
    unsigned m = c->cands[cell];
    if (y_chain && popcount9(m) == 2) {
        int lo = 1, hi = 9;
        while (!(m >> (lo - 1) & 1)) lo++;
        while (!(m >> (hi - 1) & 1)) hi--;
        out[n++] = link_to(cell, lo == value ? hi : lo, SC_NAKED);
    }
    if (x_chain) {
        int seen[3], n_seen = 0;
        for (int t = 0; t < 3; t++) {
            int h = c->se_houses[cell][t], other = c->conj[cell][value - 1][t], dup = 0;
            if (other < 0) continue;
            for (int s = 0; s < n_seen; s++) dup |= seen[s] == other;
            if (dup) continue;
            seen[n_seen++] = other;
            out[n++] = link_to(other, value, CAUSE_OF_HOUSE[h / 9]);
        }
    }
    return n;
}

/* The links of candidate key k on the grid, Y and X (listed once per grid; a search
 * reads the part of its link set: on_links, off_links). */
static void ensure_links(sc_ws *c, int k)
{
    if (c->link_gen[k] == c->cur_links) return;
    c->link_gen[k] = c->cur_links;
    int cell = k / 9, v = k % 9 + 1;
    c->n_on_next[k] = (uint8_t)on_to_off(c, cell, v, 1, c->on_next[k]);
    c->n_off_next[k] = (uint8_t)off_to_on(c, cell, v, 1, 1, c->off_next[k]);
    c->n_on_y[k] = (uint8_t)popcount9(c->cands[cell] & ~(1u << (v - 1)));
    c->n_off_y[k] = (uint8_t)(popcount9(c->cands[cell]) == 2);
}

/* getOnToOff of key k in the search's link set: *n links. */
static inline const sc_link *on_links(sc_ws *c, int k, int *n)
{
    ensure_links(c, k);
    int lo = c->y_chain ? 0 : c->n_on_y[k];
    *n = c->n_on_next[k] - lo;
    return c->on_next[k] + lo;
}

/* getOffToOn of key k in the search's link set: *n links. */
static inline const sc_link *off_links(sc_ws *c, int k, int *n)
{
    ensure_links(c, k);
    int lo = c->y_chain ? 0 : c->n_off_y[k], hi = c->x_chain ? c->n_off_next[k] : c->n_off_y[k];
    *n = hi - lo;
    return c->off_next[k] + lo;
}

/* What a search from the root (key, on) finds, without building its chains. */
typedef struct {
    int rounds;          /* breadth-first rounds until nothing is new */
    int opposite;        /* the root's opposite state is reached (a forcing chain) */
    int last_close;      /* on root: the last round (>= 2) whose "on" potentials imply one of
                          * the root's strong partners off, or 0 (no cycle possible) */
} sc_reach;

/* Start a new set of reach's stamps (the sets are "stamp == gen"). */
static uint32_t reach_stamp(sc_ws *c)
{
    if (++c->r_gen == 0) {
        memset(c->r_on_gen, 0, sizeof c->r_on_gen);
        memset(c->r_off_gen, 0, sizeof c->r_off_gen);
        memset(c->r_partner, 0, sizeof c->r_partner);
        c->r_gen = 1;
    }
    return c->r_gen;
}

/* A breadth-first pass over the keys, frontier by frontier, each key's links listed once
 * per search (ensure_links): most passes of a nested search touch a few keys, so the
 * work follows the keys reached, not the size of a 729-bit set. */
static sc_reach reach(sc_ws *c, int root, int on)
{
    uint32_t g = reach_stamp(c);
    sc_reach r = {0, 0, 0};
    int n_part;
    const sc_link *part = off_links(c, root, &n_part);
    for (int j = 0; j < n_part; j++) c->r_partner[part[j].key] = g; /* off(q) -> on(root) iff off(root) -> on(q) */
    int32_t *f_on = c->r_on, *f_off = c->r_off;
    int n_on = 0, n_off = 0;
    if (on) c->r_on_gen[root] = g, f_on[n_on++] = root;
    else c->r_off_gen[root] = g, f_off[n_off++] = root;
    for (;;) {
        int close = 0;
        for (int i = 0; i < n_on; i++) {
            int k = f_on[i];
            int m;
            const sc_link *next = on_links(c, k, &m);
            for (int j = 0; j < m; j++) {
                int o = next[j].key;
                close |= c->r_partner[o] == g;
                if (c->r_off_gen[o] == g) continue;
                c->r_off_gen[o] = g;
                f_off[n_off++] = o;
            }
        }
        r.rounds++;
        if (close && r.rounds >= 2) r.last_close = r.rounds;
        n_on = 0;
        for (int i = 0; i < n_off; i++) {
            int o = f_off[i];
            int m;
            const sc_link *next = off_links(c, o, &m);
            for (int j = 0; j < m; j++) {
                int k = next[j].key;
                if (c->r_on_gen[k] == g) continue;
                c->r_on_gen[k] = g;
                f_on[n_on++] = k;
            }
        }
        n_off = 0;
        if (!n_on) break;
        /* every chain found in round r has 2r potentials: a cycle closes on its root after
         * 2r links, a forcing chain of 2r links' potentials ends on the root's opposite */
        if (c->max_complexity && 2 * (r.rounds + 1) > c->max_complexity) break;
    }
    r.opposite = (on ? c->r_off_gen : c->r_on_gen)[root] == g;
    return r;
}

/* Store a potential; its index, or NO_NODE when the pool is full. */
static int32_t push(sc_ws *c, int cell, int value, int on, int cause, int32_t parent)
{
    if (c->n_nodes >= SC_MAX_NODES) return NO_NODE;
    sc_node *n = &c->nodes[c->n_nodes];
    n->cell = (uint8_t)cell;
    n->value = (uint8_t)value;
    n->on = (uint8_t)on;
    n->cause = (uint8_t)cause;
    n->parent = parent;
    return c->n_nodes++;
}

static int emit(sc_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? out->cap : 4096;
        while (cap < out->len + n) cap *= 2;
        uint8_t *grown = realloc(out->data, cap);
        if (!grown) return SC_NO_MEMORY;
        out->data = grown;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return SC_OK;
}

/* One record: kind, length, the chain from `end` back to its root. */
static int emit_chain(const sc_ws *c, sc_out *out, int kind, int32_t end)
{
    uint8_t head[3];
    int n = 0;
    for (int32_t p = end; p != NO_NODE; p = c->nodes[p].parent) n++;
    if (n > 0xFFFF) return SC_OVERFLOW;
    head[0] = (uint8_t)kind;
    head[1] = (uint8_t)(n & 0xFF);
    head[2] = (uint8_t)(n >> 8);
    int status = emit(out, head, 3);
    for (int32_t p = end; p != NO_NODE && status == SC_OK; p = c->nodes[p].parent) {
        const sc_node *q = &c->nodes[p];
        uint8_t rec[4] = {q->cell, q->value, q->on, q->cause};
        status = emit(out, rec, 4);
    }
    return status;
}

static void clear_sets(sc_ws *c)
{
    if (++c->gen == 0) {
        memset(c->on_gen, 0, sizeof c->on_gen);
        memset(c->off_gen, 0, sizeof c->off_gen);
        c->gen = 1;
    }
}

static int32_t get_on(const sc_ws *c, int k) { return c->on_gen[k] == c->gen ? c->to_on[k] : NO_NODE; }
static int32_t get_off(const sc_ws *c, int k) { return c->off_gen[k] == c->gen ? c->to_off[k] : NO_NODE; }
static void set_on(sc_ws *c, int k, int32_t n) { c->to_on[k] = n, c->on_gen[k] = c->gen; }
static void set_off(sc_ws *c, int k, int32_t n) { c->to_off[k] = n, c->off_gen[k] = c->gen; }

/* Chaining._cycles: the potentials equal to the root reached again after >= 4 links,
 * for `rounds` breadth-first rounds (after the last one that can close a cycle nothing
 * more is found). */
static int cycles(sc_ws *c, int32_t root, int rounds, int *n_found)
{
    const sc_node *src = &c->nodes[root];
    int src_key = key_of(src->cell, src->value);
    clear_sets(c);
    set_on(c, src_key, root);
    memset(c->anc[src_key], 0, sizeof c->anc[0]);
    uint64_t partners[N_WORDS] = {0}; /* off(q) -> on(root) iff off(root) -> on(q) */
    int n_part;
    const sc_link *part = off_links(c, src_key, &n_part);
    for (int j = 0; j < n_part; j++) partners[part[j].key >> 6] |= 1ull << (part[j].key & 63);
    int32_t n_on = 1, n_off = 0;
    c->pend_on[0] = root;
    int length = 0;
    for (int round = 0; round < rounds && (n_on || n_off); round++) {
        length++;
        for (int32_t i = 0; i < n_on; i++) {
            int32_t p = c->pend_on[i];
            int pk = key_of(c->nodes[p].cell, c->nodes[p].value);
            const uint64_t *anc = c->anc[pk];
            int m;
            const sc_link *next = on_links(c, pk, &m);
            for (int j = 0; j < m; j++) {
                int k = next[j].key;
                if (anc[k >> 6] >> (k & 63) & 1) continue; /* SE's isParent: already on p's chain */
                /* SE queues every such "off" potential; one whose key came before (this
                 * round or earlier) finds no new "on" potential (the first did), so only a
                 * strong partner of the root, which can close a cycle, is worth queueing */
                int first = get_off(c, k) == NO_NODE;
                if (!first && !(partners[k >> 6] >> (k & 63) & 1)) continue;
                int32_t q = push(c, next[j].cell, next[j].value, 0, next[j].cause, p);
                if (q == NO_NODE || n_off >= SC_MAX_NODES) return SC_OVERFLOW;
                if (first) set_off(c, k, q);
                c->pend_off[n_off++] = q;
            }
        }
        n_on = 0;
        length++;
        for (int32_t i = 0; i < n_off; i++) {
            int32_t p = c->pend_off[i];
            int pk = key_of(c->nodes[p].cell, c->nodes[p].value);
            int m;
            const sc_link *next = off_links(c, pk, &m);
            for (int j = 0; j < m; j++) {
                int k = next[j].key;
                int is_cycle = length >= 4 && k == src_key;
                int is_new = get_on(c, k) == NO_NODE;
                if (!is_cycle && !is_new) continue;
                int32_t q = push(c, next[j].cell, next[j].value, 1, next[j].cause, p);
                if (q == NO_NODE) return SC_OVERFLOW;
                if (is_cycle) {
                    if (*n_found >= SC_MAX_NODES) return SC_OVERFLOW;
                    c->found[(*n_found)++] = q;
                }
                if (is_new) {
                    if (n_on >= SC_MAX_NODES) return SC_OVERFLOW;
                    c->pend_on[n_on++] = q;
                    set_on(c, k, q);
                    /* the chain of q: the chain of p's parent (an "on" potential), then p */
                    const sc_node *pp = &c->nodes[c->nodes[p].parent];
                    memcpy(c->anc[k], c->anc[key_of(pp->cell, pp->value)], sizeof c->anc[0]);
                    c->anc[k][pk >> 6] |= 1ull << (pk & 63);
                }
            }
        }
        n_off = 0;
    }
    return SC_OK;
}

/* Chaining._forcing_chains from one root (on or off) known to reach its opposite: the
 * first potential that contradicts the root (SE keeps one chain per target); the search
 * stops there, as nothing after it changes the chain. */
static int forcing_chain(sc_ws *c, int32_t root, int32_t *chain)
{
    const sc_node *src = &c->nodes[root];
    int src_key = key_of(src->cell, src->value), src_on = src->on;
    clear_sets(c);
    int32_t n_on = 0, n_off = 0;
    if (src_on) {
        set_on(c, src_key, root);
        c->pend_on[n_on++] = root;
    } else {
        set_off(c, src_key, root);
        c->pend_off[n_off++] = root;
    }
    *chain = NO_NODE;
    while (n_on || n_off) {
        for (int32_t i = 0; i < n_on; i++) {
            int32_t p = c->pend_on[i];
            int pk = key_of(c->nodes[p].cell, c->nodes[p].value);
            int m;
            const sc_link *next = on_links(c, pk, &m);
            for (int j = 0; j < m; j++) {
                int k = next[j].key;
                /* SE also asks isParent here, but every potential on a chain is in toOff/toOn */
                if (get_off(c, k) != NO_NODE) continue;
                int32_t q = push(c, next[j].cell, next[j].value, 0, next[j].cause, p);
                if (q == NO_NODE || n_off >= SC_MAX_NODES) return SC_OVERFLOW;
                if (src_on && k == src_key) {
                    *chain = q;
                    return SC_OK;
                }
                c->pend_off[n_off++] = q;
                set_off(c, k, q);
            }
        }
        n_on = 0;
        for (int32_t i = 0; i < n_off; i++) {
            int32_t p = c->pend_off[i];
            int pk = key_of(c->nodes[p].cell, c->nodes[p].value);
            int m;
            const sc_link *next = off_links(c, pk, &m);
            for (int j = 0; j < m; j++) {
                int k = next[j].key;
                if (get_on(c, k) != NO_NODE) continue;
                int32_t q = push(c, next[j].cell, next[j].value, 1, next[j].cause, p);
                if (q == NO_NODE || n_on >= SC_MAX_NODES) return SC_OVERFLOW;
                if (!src_on && k == src_key) {
                    *chain = q;
                    return SC_OK;
                }
                c->pend_on[n_on++] = q;
                set_on(c, k, q);
            }
        }
        n_off = 0;
    }
    return SC_INTERNAL; /* reach() said the opposite is reached */
}

/* Chaining._unary_chaining for the candidate (cell, value): SE's search rounds are
 * counted as its three breadth-first searches would (the cycles', then the forcing
 * chains' from the root on and off; the first two reach the same keys round by round). */
static int unary(sc_ws *c, sc_out *out, int cell, int value, int x_chain)
{
    if (popcount9(c->cands[cell]) > 2 && !x_chain) return SC_OK;
    c->spent++;
    int key = key_of(cell, value);
    sc_reach r_on = reach(c, key, 1), r_off = {0, 0, 0};
    c->spent += r_on.rounds;
    if (x_chain) {
        r_off = reach(c, key, 0);
        c->spent += r_on.rounds + r_off.rounds;
    }
    c->n_nodes = 0;
    int32_t root = push(c, cell, value, 1, SC_ROOT, NO_NODE);
    int n_found = 0, status = SC_OK;
    if (r_on.last_close) status = cycles(c, root, r_on.last_close, &n_found);
    int32_t chain_on = NO_NODE, chain_off = NO_NODE;
    if (status == SC_OK && x_chain && r_on.opposite) status = forcing_chain(c, root, &chain_on);
    if (status == SC_OK && x_chain && r_off.opposite) {
        int32_t root_off = push(c, cell, value, 0, SC_ROOT, NO_NODE);
        status = root_off == NO_NODE ? SC_OVERFLOW : forcing_chain(c, root_off, &chain_off);
    }
    for (int i = 0; i < n_found && status == SC_OK; i++) status = emit_chain(c, out, 0, c->found[i]);
    if (status == SC_OK && chain_on != NO_NODE) status = emit_chain(c, out, 1, chain_on);
    if (status == SC_OK && chain_off != NO_NODE) status = emit_chain(c, out, 1, chain_off);
    return status;
}

int sechain9_begin(sc_ws *c, const uint16_t cands[81], int y_chain, int x_chain)
{
    if (!c) return SC_BAD_INPUT;
    if (!y_chain && !x_chain) return SC_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return SC_BAD_INPUT;
    if (!c->grid_ok || memcmp(c->cands, cands, sizeof c->cands)) {
        memcpy(c->cands, cands, sizeof c->cands);
        init_conjugates(c);
        if (++c->cur_links == 0) {
            memset(c->link_gen, 0, sizeof c->link_gen);
            c->cur_links = 1;
        }
        c->grid_ok = 1;
    }
    c->y_chain = !!y_chain, c->x_chain = !!x_chain;
    c->spent = 0;
    c->max_complexity = 0;
    return SC_OK;
}

int sechain9_root(sc_ws *c, sc_out *out, int cell, int value, int max_complexity, long *spent)
{
    c->max_complexity = max_complexity;
    int status = unary(c, out, cell, value, c->x_chain);
    *spent = c->spent;
    return status;
}

int sechain9_loops_ws(sc_ws *c, const uint16_t cands[81], int y_chain, int x_chain, sc_out *out, long *spent)
{
    *spent = 0;
    int status = sechain9_begin(c, cands, y_chain, x_chain);
    if (status != SC_OK) return status;
    for (int cell = 0; cell < 81 && status == SC_OK; cell++) {
        unsigned m = c->cands[cell];
        if (popcount9(m) < 2) continue;
        for (int v = 1; v <= 9 && status == SC_OK; v++)
            if (m >> (v - 1) & 1) status = unary(c, out, cell, v, x_chain);
    }
    *spent = c->spent;
    return status;
}

int sechain9_loops(const uint16_t cands[81], int y_chain, int x_chain, sc_out *out, long *spent)
{
    *spent = 0;
    if (!y_chain && !x_chain) return SC_BAD_INPUT;
    sc_ws *c = sechain9_ws_new();
    if (!c) return SC_NO_MEMORY;
    int status = sechain9_loops_ws(c, cands, y_chain, x_chain, out, spent);
    sechain9_ws_free(c);
    return status;
}

void sechain9_out_free(sc_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
