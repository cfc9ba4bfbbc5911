/* sechain9.c -- SE's cycle and forcing X/Y-chain search; see sechain9.h.
 *
 * A line-by-line port of Chaining._unary_chaining (se_chains.py), which follows SE's
 * Chaining.getCycles / getForcingChains: level-synchronous breadth first search, the
 * "off" queue keeping duplicates of a potential reached along different chains (SE's
 * LinkedList) while the "on" side keeps the first only (its LinkedSet). Every order
 * that decides which chain is reported first is kept.
 */
#include "sechain9.h"
#include "segeom9.h"

#include <stdlib.h>
#include <string.h>

#define N_KEYS (81 * 9)  /* a candidate: cell * 9 + value - 1 */
#define MAX_OUT 28       /* consequences of one potential: 8 digits + 20 peers */
#define NO_NODE (-1)

typedef struct {
    uint8_t cell, value, on, cause;
    int32_t parent;
} sc_node;

typedef struct {
    uint8_t cell, value, cause;
} sc_next;

typedef struct {
    uint16_t cands[81];
    uint8_t house[27][9];     /* the cells of each house, ascending */
    uint8_t se_houses[81][3]; /* a cell's houses in SE's order: box, row, column */
    uint8_t parts[81][20];    /* peers: box, then rest of the row, then rest of the column */
    uint8_t part_end[81][3];  /* where each of the three parts ends in parts[] */
    sc_node *nodes;
    int32_t n_nodes;
    int32_t *pend_on, *pend_off; /* queues (SC_MAX_NODES each) */
    int32_t to_on[N_KEYS], to_off[N_KEYS];
    uint32_t on_gen[N_KEYS], off_gen[N_KEYS], gen; /* to_on[k] / to_off[k] hold for this search iff *_gen[k] == gen */
    uint64_t anc[N_KEYS][12]; /* cycles: the "off" keys on the chain of the (unique) "on" potential of a key */
    int8_t conj[81][9][3];    /* the other place of a digit in a house (box, row, column) with two, or -1 */
    uint8_t found[2 * N_KEYS];
    long spent;
} sc_ctx;

static const uint8_t CAUSE_OF_HOUSE[3] = {SC_HIDDEN_ROW, SC_HIDDEN_COLUMN, SC_HIDDEN_BLOCK}; /* by h / 9 */

static void init_geometry(sc_ctx *c)
{
    segeom_houses(c->house);
    segeom_peers(c->house, c->se_houses, c->parts, c->part_end);
}

/* The grid does not change during a search: the conjugate of every candidate (cell,
 * digit) in each of its houses once (the house's other place of the digit when it has
 * exactly two, else -1; every potential of a search is a candidate of the grid). */
static void init_conjugates(sc_ctx *c)
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

static int key_of(int cell, int value) { return cell * 9 + value - 1; }

/* Store a potential; its index, or NO_NODE when the pool is full. */
static int32_t push(sc_ctx *c, int cell, int value, int on, int cause, int32_t parent)
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

/* SE's getOnToOff: the cell's other digits (Y links), then the digit's other places in
 * the box, the rest of the row and the rest of the column (X links). */
static int on_to_off(const sc_ctx *c, const sc_node *p, int y_chain, sc_next out[MAX_OUT])
{
    int n = 0, cell = p->cell, value = p->value;
    unsigned bit = 1u << (value - 1);
    if (y_chain) {
        unsigned rest = c->cands[cell] & ~bit;
        for (int v = 1; v <= 9; v++)
            if (rest >> (v - 1) & 1) out[n++] = (sc_next){(uint8_t)cell, (uint8_t)v, SC_NAKED};
    }
    static const uint8_t part_cause[3] = {SC_HIDDEN_BLOCK, SC_HIDDEN_ROW, SC_HIDDEN_COLUMN};
    int k = 0;
    for (int part = 0; part < 3; part++)
        for (; k < c->part_end[cell][part]; k++) {
            int other = c->parts[cell][k];
            if (c->cands[other] & bit) out[n++] = (sc_next){(uint8_t)other, (uint8_t)value, part_cause[part]};
        }
    return n;
}

/* SE's getOffToOn on a grid that does not change: the other digit of a bivalue cell (Y),
 * the other place of the digit in a house with two (X; box, row, column, each cell once). */
static int off_to_on(const sc_ctx *c, const sc_node *p, int y_chain, int x_chain, sc_next out[4])
{
    int n = 0, cell = p->cell, value = p->value;
    unsigned m = c->cands[cell];
    if (y_chain && popcount9(m) == 2) {
        int lo = 1, hi = 9;
        while (!(m >> (lo - 1) & 1)) lo++;
        while (!(m >> (hi - 1) & 1)) hi--;
        out[n++] = (sc_next){(uint8_t)cell, (uint8_t)(lo == value ? hi : lo), SC_NAKED};
    }
    if (x_chain) {
        int seen[3], n_seen = 0;
        for (int t = 0; t < 3; t++) {
            int h = c->se_houses[cell][t], other = c->conj[cell][value - 1][t], dup = 0;
            if (other < 0) continue;
            for (int s = 0; s < n_seen; s++) dup |= seen[s] == other;
            if (dup) continue;
            seen[n_seen++] = other;
            out[n++] = (sc_next){(uint8_t)other, (uint8_t)value, CAUSE_OF_HOUSE[h / 9]};
        }
    }
    return n;
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
static int emit_chain(const sc_ctx *c, sc_out *out, int kind, int32_t end)
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

static void clear_sets(sc_ctx *c)
{
    if (++c->gen == 0) {
        memset(c->on_gen, 0, sizeof c->on_gen);
        memset(c->off_gen, 0, sizeof c->off_gen);
        c->gen = 1;
    }
}

static int32_t get_on(const sc_ctx *c, int k) { return c->on_gen[k] == c->gen ? c->to_on[k] : NO_NODE; }
static int32_t get_off(const sc_ctx *c, int k) { return c->off_gen[k] == c->gen ? c->to_off[k] : NO_NODE; }
static void set_on(sc_ctx *c, int k, int32_t n) { c->to_on[k] = n, c->on_gen[k] = c->gen; }
static void set_off(sc_ctx *c, int k, int32_t n) { c->to_off[k] = n, c->off_gen[k] = c->gen; }

/* Chaining._cycles: the potentials equal to the root reached again after >= 4 links. */
static int cycles(sc_ctx *c, int32_t root, int y_chain, int x_chain, int32_t *found, int *n_found)
{
    const sc_node *src = &c->nodes[root];
    int src_cell = src->cell, src_value = src->value;
    clear_sets(c);
    set_on(c, key_of(src_cell, src_value), root);
    memset(c->anc[key_of(src_cell, src_value)], 0, sizeof c->anc[0]);
    int32_t n_on = 1, n_off = 0;
    c->pend_on[0] = root;
    int length = 0;
    sc_next next[MAX_OUT];
    while (n_on || n_off) {
        length++;
        for (int32_t i = 0; i < n_on; i++) {
            int32_t p = c->pend_on[i];
            int m = on_to_off(c, &c->nodes[p], y_chain, next);
            const uint64_t *anc = c->anc[key_of(c->nodes[p].cell, c->nodes[p].value)];
            for (int j = 0; j < m; j++) {
                int k = key_of(next[j].cell, next[j].value);
                if (anc[k >> 6] >> (k & 63) & 1) continue; /* SE's isParent: already on p's chain */
                int32_t q = push(c, next[j].cell, next[j].value, 0, next[j].cause, p);
                if (q == NO_NODE || n_off >= SC_MAX_NODES) return SC_OVERFLOW;
                c->pend_off[n_off++] = q;
            }
        }
        n_on = 0;
        length++;
        for (int32_t i = 0; i < n_off; i++) {
            int32_t p = c->pend_off[i];
            int m = off_to_on(c, &c->nodes[p], y_chain, x_chain, next);
            for (int j = 0; j < m; j++) {
                int k = key_of(next[j].cell, next[j].value);
                int is_cycle = length >= 4 && next[j].cell == src_cell && next[j].value == src_value;
                int is_new = get_on(c, k) == NO_NODE;
                if (!is_cycle && !is_new) continue;
                int32_t q = push(c, next[j].cell, next[j].value, 1, next[j].cause, p);
                if (q == NO_NODE) return SC_OVERFLOW;
                if (is_cycle) {
                    if (*n_found >= SC_MAX_NODES) return SC_OVERFLOW;
                    found[(*n_found)++] = q;
                }
                if (is_new) {
                    if (n_on >= SC_MAX_NODES) return SC_OVERFLOW;
                    c->pend_on[n_on++] = q;
                    set_on(c, k, q);
                    /* the chain of q: the chain of p's parent (an "on" potential), then p */
                    const uint64_t *up = c->anc[key_of(c->nodes[c->nodes[p].parent].cell, c->nodes[c->nodes[p].parent].value)];
                    int kp = key_of(c->nodes[p].cell, c->nodes[p].value);
                    memcpy(c->anc[k], up, sizeof c->anc[0]);
                    c->anc[k][kp >> 6] |= 1ull << (kp & 63);
                }
            }
        }
        n_off = 0;
        c->spent++;
    }
    return SC_OK;
}

/* Chaining._forcing_chains from one root (on or off): the first potential that
 * contradicts the root, if any (SE keeps one chain per target). */
static int forcing_chains(sc_ctx *c, int32_t root, int y_chain, int32_t *chain)
{
    const sc_node *src = &c->nodes[root];
    int src_cell = src->cell, src_value = src->value, src_on = src->on;
    clear_sets(c);
    int32_t n_on = 0, n_off = 0;
    if (src_on) {
        set_on(c, key_of(src_cell, src_value), root);
        c->pend_on[n_on++] = root;
    } else {
        set_off(c, key_of(src_cell, src_value), root);
        c->pend_off[n_off++] = root;
    }
    *chain = NO_NODE;
    sc_next next[MAX_OUT];
    while (n_on || n_off) {
        for (int32_t i = 0; i < n_on; i++) {
            int32_t p = c->pend_on[i];
            int m = on_to_off(c, &c->nodes[p], y_chain, next);
            for (int j = 0; j < m; j++) {
                int k = key_of(next[j].cell, next[j].value);
                int hit = src_on && *chain == NO_NODE && next[j].cell == src_cell && next[j].value == src_value;
                /* SE also asks isParent here, but every potential on a chain is in toOff/toOn */
                int keep = get_off(c, k) == NO_NODE;
                if (!hit && !keep) continue;
                int32_t q = push(c, next[j].cell, next[j].value, 0, next[j].cause, p);
                if (q == NO_NODE) return SC_OVERFLOW;
                if (hit) *chain = q;
                if (keep) {
                    if (n_off >= SC_MAX_NODES) return SC_OVERFLOW;
                    c->pend_off[n_off++] = q;
                    set_off(c, k, q);
                }
            }
        }
        n_on = 0;
        for (int32_t i = 0; i < n_off; i++) {
            int32_t p = c->pend_off[i];
            int m = off_to_on(c, &c->nodes[p], y_chain, 1, next);
            for (int j = 0; j < m; j++) {
                int k = key_of(next[j].cell, next[j].value);
                int hit = !src_on && *chain == NO_NODE && next[j].cell == src_cell && next[j].value == src_value;
                int keep = get_on(c, k) == NO_NODE;
                if (!hit && !keep) continue;
                int32_t q = push(c, next[j].cell, next[j].value, 1, next[j].cause, p);
                if (q == NO_NODE) return SC_OVERFLOW;
                if (hit) *chain = q;
                if (keep) {
                    if (n_on >= SC_MAX_NODES) return SC_OVERFLOW;
                    c->pend_on[n_on++] = q;
                    set_on(c, k, q);
                }
            }
        }
        n_off = 0;
        c->spent++;
    }
    return SC_OK;
}

/* Chaining._unary_chaining for the candidate (cell, value). */
static int unary(sc_ctx *c, sc_out *out, int cell, int value, int y_chain, int x_chain, int32_t *found)
{
    if (popcount9(c->cands[cell]) > 2 && !x_chain) return SC_OK;
    c->spent++;
    c->n_nodes = 0;
    int32_t root = push(c, cell, value, 1, SC_ROOT, NO_NODE);
    int n_found = 0, status = cycles(c, root, y_chain, x_chain, found, &n_found);
    int32_t chain_on = NO_NODE, chain_off = NO_NODE;
    if (status == SC_OK && x_chain) {
        status = forcing_chains(c, root, y_chain, &chain_on);
        int32_t root_off = push(c, cell, value, 0, SC_ROOT, NO_NODE);
        if (status == SC_OK && root_off == NO_NODE) status = SC_OVERFLOW;
        if (status == SC_OK) status = forcing_chains(c, root_off, y_chain, &chain_off);
    }
    for (int i = 0; i < n_found && status == SC_OK; i++) status = emit_chain(c, out, 0, found[i]);
    if (status == SC_OK && chain_on != NO_NODE) status = emit_chain(c, out, 1, chain_on);
    if (status == SC_OK && chain_off != NO_NODE) status = emit_chain(c, out, 1, chain_off);
    return status;
}

int sechain9_loops(const uint16_t cands[81], int y_chain, int x_chain, sc_out *out, long *spent)
{
    *spent = 0;
    if (!y_chain && !x_chain) return SC_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return SC_BAD_INPUT;
    sc_ctx *c = malloc(sizeof *c);
    if (!c) return SC_NO_MEMORY;
    c->nodes = malloc(sizeof(sc_node) * SC_MAX_NODES);
    c->pend_on = malloc(sizeof(int32_t) * SC_MAX_NODES);
    c->pend_off = malloc(sizeof(int32_t) * SC_MAX_NODES);
    int32_t *found = malloc(sizeof(int32_t) * SC_MAX_NODES);
    int status = (c->nodes && c->pend_on && c->pend_off && found) ? SC_OK : SC_NO_MEMORY;
    if (status == SC_OK) {
        memcpy(c->cands, cands, sizeof c->cands);
        memset(c->on_gen, 0, sizeof c->on_gen);
        memset(c->off_gen, 0, sizeof c->off_gen);
        c->gen = 0;
        init_geometry(c);
        init_conjugates(c);
        c->spent = 0;
        for (int cell = 0; cell < 81 && status == SC_OK; cell++) {
            unsigned m = c->cands[cell];
            if (popcount9(m) < 2) continue;
            for (int v = 1; v <= 9 && status == SC_OK; v++)
                if (m >> (v - 1) & 1) status = unary(c, out, cell, v, y_chain, x_chain, found);
        }
        *spent = c->spent;
    }
    free(found);
    free(c->pend_off);
    free(c->pend_on);
    free(c->nodes);
    free(c);
    return status;
}

void sechain9_out_free(sc_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
