/* hoforce9.c -- HoDoKu's Forcing Chain / Net search; see hoforce9.h and the twin
 * src/sudokit/_pyforce9.py (same tables, same checks, same choice, same bytes). */
#include "hoforce9.h"
#include "hograph9.h"

#include <stdlib.h>
#include <string.h>

#define TW 24 /* words of a candidate table: bits 0..1457 (+ padding for field reads) */
#define LOOK_AHEAD 4 /* HoDoKu's Options.ANZ_TABLE_LOOK_AHEAD */
#define NRESULTS (2 * OFF) /* placed * 729 + (d-1) * 81 + cell */
#define STOP 1 /* a premise's other contradictions cannot matter (the first appearance pass) */

/* One result of the checks, as the twin's results() yields it. */
typedef struct {
    int cell, digit, placed, ekind, eindex, np;
    uint16_t premise[9];
    int nends[9];
    uint16_t ends[9][9];
} fc_yield;

typedef struct {
    ht_ctx *g;
    uint8_t values[81];
    cs81 empty, allowed[10];
    uint32_t ahouses[10]; /* bit h: the house holds a cell where the digit is allowed */
    uint64_t *tab; /* TW words per candidate node */
    int mode;      /* 0: first appearance of every result; 1: the chains of `target` */
    long seq, first[NRESULTS];
    int target, tnode, have[2], blen[2]; /* [0] contradiction, [1] verity; tnode: the node a verity of target shows */
    fc_yield best[2];
    /* the breadth-first walk of one premise, unlimited but stopped once its ends are reached */
    uint32_t bgen, *bmark;
    int bprem, bhead, btail; /* the premise walked (-1: none), its queue's head and tail */
    uint16_t *rdist; /* each node's distance to tnode (0xFFFF: none) */
    uint16_t *bdist, *queue;
    int16_t *bpar;
    /* HoDoKu's net tables (TablingSolver): each premise's direct entries (its simulation,
     * edge e0[v] + i for entry i + 1) keep their reasons (retIndices, largest first) and
     * distance; a premise's expanded table (x*) and the chains built from it decide which
     * step of one result HoDoKu keeps and whether it is a net at all */
    int nets, e0[GROUP], nsim[GROUP];
    uint16_t (*erets)[5], *edist;
    size_t ecap;
    int xprem, xn;
    uint16_t xnode[LIMIT], xdist[LIMIT];
    int16_t xsrc[LIMIT], *xidx;
    uint32_t xgen, *xmark, mgen, *mmark;
    uint16_t **xcache; /* each premise's expanded table once built: n, then nodes, distances, sources */
} fc_ctx;

/* At least two cells (cheaper than counting them). */
static int cs_many(cs81 s) { return (s.lo & (s.lo - 1)) || (s.hi & (s.hi - 1)) || (s.lo && s.hi); }

static int on_node(int cell, int d) { return (d - 1) * 81 + cell; }
static int off_node(int cell, int d) { return OFF + (d - 1) * 81 + cell; }

/* ------------------------------------------------------------- Forcing Net links */
/* HoDoKu's grid while it plays a premise (Sudoku2, the twin's _Sim): the singles queues
 * in the order singles appear (a naked single stays queued with its digit when its cell
 * is emptied later; a deletion that empties a cell leaves the house counts as they were),
 * and the table entries recorded (TablingSolver.setCell). These quirks decide which
 * singles a false premise sets first, so which nets exist. */
typedef struct {
    const ht_ctx *g;
    uint16_t cands[81];
    uint8_t values[81];
    cs81 where[10];
    int8_t free[27][10]; /* places of each digit in each house, as HoDoKu counts them */
    uint8_t nsc[81], nsd[81], hsc[27 * 9], hsd[27 * 9]; /* the queues: cell, digit */
    int nns, nhs;
    uint64_t seen[TW];
    uint16_t out[GROUP];
    int nout;
    uint32_t chouses[81]; /* each cell's houses */
    uint16_t rets[GROUP][5], dist[GROUP]; /* each entry's reasons (entry indices) and distance */
    int16_t idx[GROUP];                  /* a seen node's entry index */
} fc_sim;

/* TableEntry.makeSRetIndex: the largest reason first (swapped with the one found larger). */
static void sort_rets(uint16_t r[5])
{
    for (int i = 1; i < 5; i++)
        if (r[i] > r[0]) {
            uint16_t t = r[0];
            r[0] = r[i], r[i] = t;
        }
}

/* TableEntry.addEntry: a new node, its reasons and its distance (that of its first
 * reason, as given, + 1; HoDoKu keeps 9 bits). */
static void sim_entry(fc_sim *s, int node, const uint16_t *rets, int nr)
{
    uint64_t b = (uint64_t)1 << (node & 63);
    if (s->seen[node >> 6] & b) return;
    s->seen[node >> 6] |= b;
    int i = s->nout++;
    s->out[i] = (uint16_t)node;
    s->idx[node] = (int16_t)i;
    int r0 = nr ? rets[0] : 0;
    s->dist[i] = (uint16_t)(((r0 < i ? s->dist[r0] : 0) + 1) & 0x1FF);
    for (int k = 0; k < 5; k++) s->rets[i][k] = k < nr ? rets[k] : 0;
    sort_rets(s->rets[i]);
}

static void sim_add(fc_sim *s, int node)
{
    static const uint16_t none[1] = {0};
    sim_entry(s, node, none, 1);
}

/* The entry index of a seen node, else 0 (TableEntry.getEntryIndex). */
static uint16_t sim_index(const fc_sim *s, int node)
{
    return (s->seen[node >> 6] >> (node & 63) & 1) ? (uint16_t)s->idx[node] : 0;
}

static int cell_house(int c, int k) { return k == 0 ? c / 9 : k == 1 ? 9 + c % 9 : box_house(c); }

/* A house's count of d fell to 1: queue its first place (if any is left). */
static void sim_hidden(fc_sim *s, int h, int d)
{
    cs81 places = cs_and(s->where[d], s->g->house[h]);
    if (cs_empty(places) || s->nhs >= 27 * 9) return;
    s->hsc[s->nhs] = (uint8_t)cs_first(places), s->hsd[s->nhs++] = (uint8_t)d;
}

/* A house's count of d fell to 0: drop the first queued hidden single of d in it. */
static void sim_unqueue(fc_sim *s, int h, int d)
{
    for (int i = 0; i < s->nhs; i++)
        if (s->hsd[i] == d && (s->chouses[s->hsc[i]] >> h & 1)) {
            memmove(s->hsc + i, s->hsc + i + 1, (size_t)(s->nhs - i - 1));
            memmove(s->hsd + i, s->hsd + i + 1, (size_t)(s->nhs - i - 1));
            s->nhs--;
            return;
        }
}

static void sim_count(fc_sim *s, int c, int d, int placed)
{
    for (int k = 0; k < 3; k++) {
        int h = cell_house(c, k), n = --s->free[h][d];
        if (n == 1 && d != placed) sim_hidden(s, h, d);
        else if (n == 0 && !placed) sim_unqueue(s, h, d);
    }
}

/* Sudoku2.delCandidate. */
static void sim_remove(fc_sim *s, int c, int d)
{
    unsigned bit = 1u << (d - 1);
    if (!(s->cands[c] & bit)) return;
    s->cands[c] &= (uint16_t)~bit;
    s->where[d] = cs_minus(s->where[d], cs_bit(c));
    if (!s->cands[c]) return; /* HoDoKu stops here: the counts keep the candidate */
    if (pop64(s->cands[c]) == 1 && s->nns < 81) s->nsc[s->nns] = (uint8_t)c, s->nsd[s->nns++] = (uint8_t)(lowest_index64(s->cands[c]) + 1);
    sim_count(s, c, d, 0);
}

/* TablingSolver.setCell (the entries, the set's reasons given) and Sudoku2.setCell. */
static void sim_place(fc_sim *s, int c, int d, const uint16_t *rets, int nr)
{
    const ht_ctx *g = s->g;
    uint16_t ri[1] = {(uint16_t)s->nout}; /* the deletions' reason: the set's index (even when it is not added) */
    sim_entry(s, on_node(c, d), rets, nr);
    cs81 orig = cs_and(g->where[d], g->peer[c]); /* the original candidates of d that see c */
    while (!cs_empty(orig)) sim_entry(s, off_node(cs_pop(&orig), d), ri, 1);
    unsigned own = s->cands[c];
    for (int o = 1; o <= 9; o++)
        if (o != d && (own >> (o - 1) & 1)) sim_entry(s, off_node(c, o), ri, 1);
    if (s->values[c] == d) return;
    s->values[c] = (uint8_t)d;
    s->cands[c] = 0;
    for (int o = 1; o <= 9; o++)
        if (own >> (o - 1) & 1) s->where[o] = cs_minus(s->where[o], cs_bit(c));
    for (cs81 peers = cs_and(s->where[d], g->peer[c]); !cs_empty(peers);) sim_remove(s, cs_pop(&peers), d); /* the others: no-ops */
    for (int o = 1; o <= 9; o++)
        if (own >> (o - 1) & 1) sim_count(s, c, o, d);
}

/* The premise carried out on a copy, then four rounds of the naked and hidden singles
 * HoDoKu's queues hold; every node set or deleted becomes a link of the premise, in order
 * (the twin's simulate). */
static int simulate(fc_ctx *f, fc_sim *s, const int8_t free0[27][10], int cell, int digit, int on)
{
    const ht_ctx *g = f->g;
    memcpy(s->cands, g->cands, sizeof s->cands);
    memcpy(s->values, f->values, sizeof s->values);
    memcpy(s->where, g->where, sizeof s->where);
    memcpy(s->free, free0, sizeof s->free);
    memset(s->seen, 0, sizeof s->seen);
    s->nout = s->nns = s->nhs = 0;
    int premise = on ? on_node(cell, digit) : off_node(cell, digit);
    static const uint16_t none[1] = {0};
    if (on) {
        sim_place(s, cell, digit, none, 1);
    } else {
        sim_add(s, premise);
        sim_remove(s, cell, digit);
        if (pop64(s->cands[cell]) == 1) sim_place(s, cell, lowest_index64(s->cands[cell]) + 1, none, 1);
    }
    for (int round = 0; round < LOOK_AHEAD; round++) {
        uint8_t sc[81 + 27 * 9], sd[81 + 27 * 9];
        int n = 0;
        for (int i = 0; i < s->nns; i++)
            if (!s->values[s->nsc[i]]) sc[n] = s->nsc[i], sd[n++] = s->nsd[i];
        int nnaked = n;
        cs81 taken = {0, 0}; /* one hidden single per cell, the first queued */
        for (int i = 0; i < s->nhs; i++) {
            int c = s->hsc[i], d = s->hsd[i];
            if (s->values[c] || cs_has(taken, c)) continue;
            if (s->free[c / 9][d] != 1 && s->free[9 + c % 9][d] != 1 && s->free[box_house(c)][d] != 1) continue;
            taken = cs_or(taken, cs_bit(c));
            sc[n] = (uint8_t)c, sd[n++] = (uint8_t)d;
        }
        for (int i = 0; i < n; i++) {
            /* the set's reasons: a naked single's other original digits deleted; a hidden
             * single's other original places deleted in its house with the fewest places
             * (row, then column, then box on ties) */
            int c = sc[i], d = sd[i], nr = 0, naked = i < nnaked;
            uint16_t rets[5];
            if (naked) {
                for (int o = 1; o <= 9 && nr < 5; o++)
                    if (o != d && (g->cands[c] >> (o - 1) & 1)) rets[nr++] = sim_index(s, off_node(c, o));
            } else {
                int h = c / 9;
                if (s->free[9 + c % 9][d] < s->free[h][d]) h = 9 + c % 9;
                if (s->free[box_house(c)][d] < s->free[h][d]) h = box_house(c);
                cs81 places = cs_minus(cs_and(g->where[d], g->house[h]), cs_bit(c));
                while (!cs_empty(places) && nr < 5) rets[nr++] = sim_index(s, off_node(cs_pop(&places), d));
            }
            if (!nr) rets[nr++] = 0;
            sim_place(s, c, d, rets, nr);
        }
    }
    if (f->nets) { /* keep each entry's reasons and distance for HoDoKu's chains */
        size_t need = f->g->ne + (size_t)s->nout;
        if (need > f->ecap) {
            size_t cap = f->ecap ? 2 * f->ecap : 65536;
            while (cap < need) cap *= 2;
            uint16_t(*r)[5] = realloc(f->erets, cap * sizeof *r);
            if (!r) return HT_NO_MEMORY;
            f->erets = r;
            uint16_t *dd = realloc(f->edist, cap * sizeof *dd);
            if (!dd) return HT_NO_MEMORY;
            f->edist = dd;
            f->ecap = cap;
        }
        f->e0[premise] = (int)f->g->ne, f->nsim[premise] = s->nout - 1;
        for (int i = 1; i < s->nout; i++) {
            memcpy(f->erets[f->g->ne + (size_t)i - 1], s->rets[i], sizeof s->rets[i]);
            f->edist[f->g->ne + (size_t)i - 1] = s->dist[i];
        }
    }
    for (int i = 0; i < s->nout; i++)
        if (s->out[i] != premise) TRY(ht_link(f->g, premise, s->out[i]));
    return HT_OK;
}

static int net_links(fc_ctx *f)
{
    fc_sim *s = malloc(sizeof *s);
    if (!s) return HT_NO_MEMORY;
    const ht_ctx *g = f->g;
    int8_t free0[27][10];
    s->g = g;
    for (int c = 0; c < 81; c++) s->chouses[c] = 1u << (c / 9) | 1u << (9 + c % 9) | 1u << box_house(c);
    for (int h = 0; h < 27; h++)
        for (int d = 0; d <= 9; d++) free0[h][d] = (int8_t)(d ? cs_count(cs_and(g->where[d], g->house[h])) : 0);
    int status = HT_OK;
    for (int cell = 0; cell < 81 && status == HT_OK; cell++)
        for (int d = 1; d <= 9 && status == HT_OK; d++) {
            if (!(f->g->cands[cell] >> (d - 1) & 1)) continue;
            status = simulate(f, s, (const int8_t(*)[10])free0, cell, d, 1);
            if (status == HT_OK) status = simulate(f, s, (const int8_t(*)[10])free0, cell, d, 0);
        }
    free(s);
    return status;
}

/* ------------------------------------------------------------------- the tables */
/* Every candidate node's table: its closure, or its walk when that is larger than LIMIT. */
static int tables(fc_ctx *f)
{
    ht_ctx *g = f->g;
    f->tab = malloc((size_t)GROUP * TW * sizeof *f->tab);
    int *total = malloc((size_t)(g->ncomp ? g->ncomp : 1) * sizeof *total);
    if (!f->tab || !total) {
        free(total);
        return HT_NO_MEMORY;
    }
    for (int k = 0; k < g->ncomp; k++) total[k] = -1;
    for (int v = 0; v < GROUP; v++) {
        uint64_t *t = f->tab + (size_t)v * TW;
        memset(t, 0, TW * sizeof *t);
        if (!g->exists[v]) continue;
        int k = g->comp[v];
        const uint64_t *r = g->reach + (size_t)k * (size_t)g->words;
        if (total[k] < 0) {
            total[k] = 0;
            for (int j = g->span[2 * k]; j <= g->span[2 * k + 1] && total[k] <= LIMIT; j++)
                total[k] += pop64(r[j]); /* only "above LIMIT?" matters; the words outside the span are 0 */
        }
        if (total[k] > LIMIT) {
            ht_walk(g, v);
            for (int i = 0; i < g->norder; i++) {
                int w = g->order[i];
                if (w < GROUP) t[w >> 6] |= (uint64_t)1 << (w & 63);
            }
        } else {
            memcpy(t, r, (GROUP / 64) * sizeof *t);
            t[GROUP / 64] = r[GROUP / 64] & (((uint64_t)1 << (GROUP % 64)) - 1);
        }
    }
    free(total);
    return HT_OK;
}

static int tbit(const uint64_t *t, int v) { return (int)(t[v >> 6] >> (v & 63) & 1); }

/* The 81 bits of t from bit o. */
static cs81 field(const uint64_t *t, int o)
{
    int i = o >> 6, b = o & 63;
    uint64_t w0 = t[i], w1 = t[i + 1], w2 = i + 2 < TW ? t[i + 2] : 0;
    cs81 s;
    s.lo = b ? w0 >> b | w1 << (64 - b) : w0;
    s.hi = (b ? w1 >> b | w2 << (64 - b) : w1) & (((uint64_t)1 << 17) - 1);
    return s;
}

static void parts(const uint64_t *t, cs81 on[10], cs81 off[10])
{
    for (int d = 1; d <= 9; d++) on[d] = field(t, (d - 1) * 81), off[d] = field(t, OFF + (d - 1) * 81);
}

/* ------------------------------------------------------------- chain lengths */
/* The sum of (breadth-first distance + 1) of the ends from premise p (an end not reached:
 * 1), as the unlimited walk gives them: the walk stops once every end is reached, which
 * does not change a distance or a parent. Afterwards bpar holds the path to each end. */
static int ends_length(fc_ctx *f, int p, const uint16_t *ends, int nends)
{
    const ht_ctx *g = f->g;
    if (p != f->bprem) { /* a new walk; the same premise's walk goes on where it stopped */
        uint32_t gen = ++f->bgen;
        if (gen == 0) { /* wrapped: clear the marks */
            memset(f->bmark, 0, (size_t)g->n * sizeof *f->bmark);
            gen = f->bgen = 1;
        }
        f->bprem = p;
        f->bmark[p] = gen, f->bdist[p] = 0, f->bpar[p] = -1;
        f->queue[0] = (uint16_t)p;
        f->bhead = 0, f->btail = 1;
    }
    uint32_t gen = f->bgen;
    int missing = 0;
    for (int k = 0; k < nends; k++) missing += f->bmark[ends[k]] != gen;
    while (f->bhead < f->btail && missing) {
        int v = f->queue[f->bhead++];
        for (int e = g->adjoff[v]; e < g->adjoff[v + 1]; e++) {
            int w = g->adj[e];
            if (f->bmark[w] == gen) continue;
            f->bmark[w] = gen, f->bdist[w] = (uint16_t)(f->bdist[v] + 1), f->bpar[w] = (int16_t)v;
            f->queue[f->btail++] = (uint16_t)w;
            for (int k = 0; k < nends; k++) missing -= ends[k] == w;
        }
    }
    int len = 0;
    for (int k = 0; k < nends; k++) len += (f->bmark[ends[k]] == gen ? f->bdist[ends[k]] : 0) + 1;
    return len;
}

/* Every node's breadth-first distance to tnode (a walk back along the links): a verity's
 * chain lengths without a walk from each of its premises. */
static int reverse_distances(fc_ctx *f)
{
    const ht_ctx *g = f->g;
    int n = g->n, status = HT_NO_MEMORY;
    int *roff = calloc((size_t)n + 1, sizeof *roff), *fill = malloc((size_t)n * sizeof *fill);
    uint16_t *radj = malloc((size_t)(g->adjoff[n] ? g->adjoff[n] : 1) * sizeof *radj);
    f->rdist = malloc((size_t)n * sizeof *f->rdist);
    if (!roff || !fill || !radj || !f->rdist) goto done;
    for (int e = 0; e < g->adjoff[n]; e++) roff[g->adj[e] + 1]++;
    for (int v = 0; v < n; v++) roff[v + 1] += roff[v];
    memcpy(fill, roff, (size_t)n * sizeof *fill);
    for (int v = 0; v < n; v++)
        for (int e = g->adjoff[v]; e < g->adjoff[v + 1]; e++) radj[fill[g->adj[e]]++] = (uint16_t)v;
    for (int v = 0; v < n; v++) f->rdist[v] = 0xFFFF;
    int head = 0, tail = 0;
    f->rdist[f->tnode] = 0;
    f->queue[tail++] = (uint16_t)f->tnode;
    while (head < tail) {
        int v = f->queue[head++];
        for (int e = roff[v]; e < roff[v + 1]; e++) {
            int w = radj[e];
            if (f->rdist[w] != 0xFFFF) continue;
            f->rdist[w] = (uint16_t)(f->rdist[v] + 1);
            f->queue[tail++] = (uint16_t)w;
        }
    }
    status = HT_OK;
done:
    free(roff), free(fill), free(radj);
    return status;
}

/* ---------------------------------------------------------- HoDoKu's net chains */
/* Entry i of node v's direct table (0: v itself): node, distance, reasons (NULL: none). */
static int direct_count(const fc_ctx *f, int v)
{
    int n = 1 + f->g->adjoff[v + 1] - f->g->adjoff[v];
    return n < LIMIT ? n : LIMIT;
}

static int direct_node(const fc_ctx *f, int v, int i) { return i ? f->g->adj[f->g->adjoff[v] + i - 1] : v; }

static int direct_dist(const fc_ctx *f, int v, int i)
{
    if (!i) return 1;
    return v < GROUP && i - 1 < f->nsim[v] ? f->edist[f->e0[v] + i - 1] : 2;
}

static const uint16_t *direct_rets(const fc_ctx *f, int v, int i)
{
    return i && v < GROUP && i - 1 < f->nsim[v] ? f->erets[f->e0[v] + i - 1] : NULL;
}

static int direct_index(const fc_ctx *f, int v, int node)
{
    int n = direct_count(f, v);
    for (int i = 0; i < n; i++)
        if (direct_node(f, v, i) == node) return i;
    return -1;
}

/* TablingSolver.expandTables for premise p: its direct entries, then breadth first each
 * entry's direct entries (from that entry's table, at the sum of the distances), at most
 * LIMIT entries; an entry already there from another table takes a shorter sum. */
static void expand(fc_ctx *f, int p)
{
    if (f->xprem == p) return;
    f->xprem = p;
    uint32_t gen = ++f->xgen;
    f->xn = 0;
    const uint16_t *c = f->xcache[p];
    if (c) { /* built before (a verity's premises take turns) */
        int n = f->xn = c[0];
        memcpy(f->xnode, c + 1, (size_t)n * sizeof *c);
        memcpy(f->xdist, c + 1 + n, (size_t)n * sizeof *c);
        memcpy(f->xsrc, c + 1 + 2 * n, (size_t)n * sizeof *c);
        for (int i = 0; i < n; i++) f->xmark[f->xnode[i]] = gen, f->xidx[f->xnode[i]] = (int16_t)i;
        return;
    }
    for (int i = 0, n = direct_count(f, p); i < n; i++) {
        int v = direct_node(f, p, i);
        if (f->xmark[v] == gen) continue;
        f->xmark[v] = gen, f->xidx[v] = (int16_t)f->xn;
        f->xnode[f->xn] = (uint16_t)v, f->xdist[f->xn] = (uint16_t)direct_dist(f, p, i), f->xsrc[f->xn++] = -1;
    }
    for (int j = 1; j < f->xn && f->xn < LIMIT; j++) {
        int src = f->xnode[j], base = f->xdist[j];
        for (int k = 1, n = direct_count(f, src); k < n; k++) {
            int v = direct_node(f, src, k), d = (base + direct_dist(f, src, k)) & 0x1FF;
            if (f->xmark[v] == gen) {
                int o = f->xidx[v];
                if (f->xsrc[o] >= 0 && f->xdist[o] > d) f->xsrc[o] = (int16_t)src, f->xdist[o] = (uint16_t)d;
            } else if (f->xn < LIMIT) {
                f->xmark[v] = gen, f->xidx[v] = (int16_t)f->xn;
                f->xnode[f->xn] = (uint16_t)v, f->xdist[f->xn] = (uint16_t)d, f->xsrc[f->xn++] = (int16_t)src;
            }
        }
    }
    uint16_t *keep = malloc((1 + 3 * (size_t)f->xn) * sizeof *keep);
    if (!keep) return; /* not kept: built again next time */
    int n = keep[0] = (uint16_t)f->xn;
    memcpy(keep + 1, f->xnode, (size_t)n * sizeof *keep);
    memcpy(keep + 1 + n, f->xdist, (size_t)n * sizeof *keep);
    memcpy(keep + 1 + 2 * n, f->xsrc, (size_t)n * sizeof *keep);
    f->xcache[p] = keep;
}

static cs81 node_cells(const fc_ctx *f, int node)
{
    return node < GROUP ? cs_bit(node % 81) : f->g->groups[(node - GROUP) / 2].mask;
}

static int node_first_cell(const fc_ctx *f, int node)
{
    return node < GROUP ? node % 81 : f->g->groups[(node - GROUP) / 2].first;
}

/* TablingSolver.buildChain from entry i of the expanded table: back along the first
 * reasons (through the table an entry came from, then back) to the premise; the main
 * chain (ismin 0) marks its nodes (mmark) and its cells (chainset) and lists the other
 * reasons of its entries, its net branches (mins); a branch (ismin 1) stops at a node of
 * the main chain. Returns the number of nodes; *last: the last one. */
static int build(fc_ctx *f, int i, int ismin, cs81 *chainset, int *mins, int *nmins, int *last)
{
    static const uint16_t zero[5] = {0, 0, 0, 0, 0};
    int len = 1, cur = -1, first = i, expanded = 0; /* cur: -1 the expanded table, else a direct one */
    *last = f->xnode[i];
    if (!ismin) f->mmark[*last] = f->mgen;
    while (first != 0 && len < LIMIT) {
        if (cur < 0 && f->xsrc[first] >= 0) {
            int node = f->xnode[first];
            cur = f->xsrc[first];
            first = direct_index(f, cur, node);
            if (first < 0) return len;
            expanded = 1;
        }
        const uint16_t *r = direct_rets(f, cur < 0 ? f->xprem : cur, first);
        if (!r) r = zero;
        for (int q = 0; q < 5; q++) {
            int e = r[q], node = cur < 0 ? f->xnode[e] : direct_node(f, cur, e);
            if (q == 0) {
                first = e;
                len++;
                *last = node;
                if (!ismin) {
                    *chainset = cs_or(*chainset, node_cells(f, node));
                    f->mmark[node] = f->mgen;
                } else if (cs_has(*chainset, node_first_cell(f, node)) && f->mmark[node] == f->mgen) {
                    return len;
                }
            } else if (e && !ismin && *nmins < 200) {
                mins[(*nmins)++] = node;
            }
        }
        if (expanded && first == 0) {
            int ret = direct_node(f, cur, 0);
            cur = -1, first = f->xidx[ret], expanded = 0;
        }
    }
    return len;
}

/* HoDoKu's length of the chain from premise p to node end (the main chain and each
 * branch that joins it: its nodes with a separator instead of the joining one) and whether
 * it is a net; -1 when end is not in p's expanded table. */
static int ho_length(fc_ctx *f, int p, int end, int *net)
{
    expand(f, p);
    *net = 0;
    if (f->xmark[end] != f->xgen) return -1;
    cs81 chainset = {0, 0};
    int mins[200], nmins = 0, last, none = 0;
    f->mgen++;
    int len = build(f, f->xidx[end], 0, &chainset, mins, &nmins, &last);
    for (int k = 0; k < nmins; k++) {
        if (f->xmark[mins[k]] != f->xgen) continue;
        int blen = build(f, f->xidx[mins[k]], 1, &chainset, NULL, &none, &last);
        if (f->mmark[last] == f->mgen) len += blen, *net = 1;
    }
    return len;
}

/* What a result does: mode 0 notes its first appearance; mode 1 keeps the target's
 * shortest chains per kind (the first on ties). */
static void mark(fc_ctx *f, int id)
{
    if (f->first[id] < 0) f->first[id] = f->seq++;
}

static int emit(fc_ctx *f, const fc_yield *y)
{
    int id = y->placed * OFF + (y->digit - 1) * 81 + y->cell;
    if (f->mode == 0) {
        mark(f, id);
        return HT_OK;
    }
    if (id != f->target) return HT_OK;
    if (f->nets) { /* HoDoKu's chains: a net only, the first kept unless a later one is strictly
                    * shorter; one step per placement and kind (its key names the kind), per
                    * elimination one */
        int len = 0, net = 0;
        for (int i = 0; i < y->np; i++)
            for (int k = 0; k < y->nends[i]; k++) {
                int n1, l = ho_length(f, y->premise[i], y->ends[i][k], &n1);
                if (l < 0) return HT_OK; /* beyond HoDoKu's table */
                len += l, net |= n1;
            }
        int slot = y->placed && y->ekind == HF_NONE;
        if (net && (!f->have[slot] || len < f->blen[slot])) f->have[slot] = 1, f->blen[slot] = len, f->best[slot] = *y;
        return HT_OK;
    }
    int len = 0;
    if (y->ekind == HF_NONE) /* a verity: every end is tnode; distances from the reverse walk */
        for (int i = 0; i < y->np; i++) len += y->nends[i] * ((f->rdist[y->premise[i]] != 0xFFFF ? f->rdist[y->premise[i]] : 0) + 1);
    else
        for (int i = 0; i < y->np; i++) len += ends_length(f, y->premise[i], y->ends[i], y->nends[i]);
    int kind = y->ekind == HF_NONE;
    if (!f->have[kind] || len < f->blen[kind]) {
        f->have[kind] = 1;
        f->blen[kind] = len;
        f->best[kind] = *y;
    }
    return HT_OK;
}

/* ------------------------------------------------------------------ the checks */
static int contra(fc_ctx *f, fc_yield *y, int ekind, int eindex)
{
    y->ekind = ekind, y->eindex = eindex;
    TRY(emit(f, y));
    return f->mode == 0 ? STOP : HT_OK; /* all of a premise's contradictions have its result */
}

/* HoDoKu's checkOneChain on the table of premise `node` (result cell/digit/placed set in y). */
static int contradictions(fc_ctx *f, const uint64_t *t, fc_yield *y)
{
    const ht_ctx *g = f->g;
    cs81 on[10], off[10];
    parts(t, on, off);
    y->np = 1;
    for (int d = 1; d <= 9; d++) {
        cs81 both = cs_and(on[d], off[d]);
        if (cs_empty(both)) continue;
        int c = cs_first(both);
        y->nends[0] = 2, y->ends[0][0] = (uint16_t)off_node(c, d), y->ends[0][1] = (uint16_t)on_node(c, d);
        TRY(contra(f, y, HF_CELL, c));
    }
    for (int i = 1; i <= 9; i++) {
        if (cs_empty(on[i])) continue;
        for (int j = i + 1; j <= 9; j++) {
            cs81 both = cs_and(on[i], on[j]);
            if (cs_empty(both)) continue;
            int c = cs_first(both);
            y->nends[0] = 2, y->ends[0][0] = (uint16_t)on_node(c, i), y->ends[0][1] = (uint16_t)on_node(c, j);
            TRY(contra(f, y, HF_CELL, c));
        }
    }
    for (int kind = 0; kind < 3; kind++)
        for (int d = 1; d <= 9; d++) {
            if (!cs_many(on[d])) continue;
            for (int h = 9 * kind; h < 9 * kind + 9; h++) {
                cs81 part = cs_and(on[d], g->house[h]);
                if (!cs_many(part)) continue;
                y->nends[0] = 0;
                while (!cs_empty(part)) y->ends[0][y->nends[0]++] = (uint16_t)on_node(cs_pop(&part), d);
                TRY(contra(f, y, HF_HOUSE, h));
            }
        }
    cs81 dead = {~(uint64_t)0, ((uint64_t)1 << 17) - 1}, any_on = {0, 0};
    for (int d = 1; d <= 9; d++) {
        cs81 ok = cs_or(off[d], cs_minus(dead, g->where[d])); /* off or not a place, within dead */
        dead = cs_and(dead, ok);
        any_on = cs_or(any_on, on[d]);
    }
    dead = cs_minus(cs_and(dead, f->empty), any_on);
    while (!cs_empty(dead)) {
        int c = cs_pop(&dead);
        y->nends[0] = 0;
        for (int d = 1; d <= 9; d++)
            if (g->cands[c] >> (d - 1) & 1) y->ends[0][y->nends[0]++] = (uint16_t)off_node(c, d);
        TRY(contra(f, y, HF_CELL, c));
    }
    for (int kind = 0; kind < 3; kind++)
        for (int d = 1; d <= 9; d++) {
            if (cs_empty(off[d])) continue;
            cs81 miss = cs_minus(f->allowed[d], off[d]); /* allowed places the table does not delete */
            for (uint32_t hs = f->ahouses[d] >> (9 * kind) & 0x1FF; hs; hs &= hs - 1) { /* houses with allowed places, ascending */
                int h = 9 * kind + lowest_index64(hs);
                if (!cs_empty(cs_and(miss, g->house[h]))) continue;
                cs81 part = cs_and(f->allowed[d], g->house[h]);
                y->nends[0] = 0;
                while (!cs_empty(part)) y->ends[0][y->nends[0]++] = (uint16_t)off_node(cs_pop(&part), d);
                TRY(contra(f, y, HF_HOUSE, h));
            }
        }
    return HT_OK;
}

/* The verity of a cell's or a house's on-premises (the twin's _verity). */
static int verity(fc_ctx *f, const uint16_t *premises, int np)
{
    if (f->mode == 1) /* only the target matters: is it in every table? */
        for (int i = 0; i < np; i++)
            if (!tbit(f->tab + (size_t)premises[i] * TW, f->tnode)) return HT_OK;
    uint64_t common[TW];
    memcpy(common, f->tab + (size_t)premises[0] * TW, sizeof common);
    for (int i = 1; i < np; i++) {
        const uint64_t *t = f->tab + (size_t)premises[i] * TW;
        for (int j = 0; j < TW; j++) common[j] &= t[j];
    }
    int any = 0;
    for (int j = 0; j < TW; j++) any |= common[j] != 0;
    if (!any) return HT_OK;
    cs81 on[10], off[10];
    parts(common, on, off);
    if (f->mode == 0) {
        for (int d = 1; d <= 9; d++)
            for (int placed = 1; placed >= 0; placed--)
                for (cs81 cells = placed ? on[d] : off[d]; !cs_empty(cells);)
                    mark(f, placed * OFF + (d - 1) * 81 + cs_pop(&cells));
        return HT_OK;
    }
    fc_yield y;
    y.ekind = HF_NONE, y.eindex = 0, y.np = np;
    for (int i = 0; i < np; i++) y.premise[i] = premises[i], y.nends[i] = 1;
    for (int d = 1; d <= 9; d++)
        for (int placed = 1; placed >= 0; placed--) {
            cs81 cells = placed ? on[d] : off[d];
            while (!cs_empty(cells)) {
                int c = cs_pop(&cells);
                y.cell = c, y.digit = d, y.placed = placed;
                for (int i = 0; i < np; i++) y.ends[i][0] = (uint16_t)(placed ? on_node(c, d) : off_node(c, d));
                TRY(emit(f, &y));
            }
        }
    return HT_OK;
}

/* Every result in HoDoKu's check order (the twin's results), through emit. */
static int results(fc_ctx *f)
{
    const ht_ctx *g = f->g;
    fc_yield y;
    int tcell = f->target % 81, tdigit = f->target % OFF / 81 + 1;
    /* HoDoKu names the cell of a premise that leads to its own opposite from a stale set:
     * the first cell of box 9 where 9 is allowed (the last set its previous table check
     * left); when there is none, the premise's cell. */
    cs81 stale = cs_and(f->allowed[9], g->house[26]);
    int scell = cs_empty(stale) ? -1 : cs_first(stale);
    for (int cell = 0; cell < 81; cell++)
        for (int d = 1; d <= 9; d++) {
            if (!(g->cands[cell] >> (d - 1) & 1)) continue;
            if (f->mode == 1 && (cell != tcell || d != tdigit)) continue;
            for (int placed = 0; placed < 2; placed++) {
                int node = placed ? off_node(cell, d) : on_node(cell, d);
                int inverse = placed ? on_node(cell, d) : off_node(cell, d);
                const uint64_t *t = f->tab + (size_t)node * TW;
                y.cell = cell, y.digit = d, y.placed = placed, y.np = 1, y.premise[0] = (uint16_t)node;
                int status = HT_OK;
                if (tbit(t, inverse)) {
                    y.nends[0] = 1, y.ends[0][0] = (uint16_t)inverse;
                    status = contra(f, &y, HF_CELL, scell < 0 ? cell : scell);
                }
                if (status == HT_OK) status = contradictions(f, t, &y);
                if (status != HT_OK && status != STOP) return status;
            }
        }
    for (int cell = 0; cell < 81; cell++)
        for (int d = 1; d <= 9; d++) {
            if (!(g->cands[cell] >> (d - 1) & 1)) continue;
            int a = on_node(cell, d), b = off_node(cell, d);
            uint64_t common[TW];
            const uint64_t *ta = f->tab + (size_t)a * TW, *tb = f->tab + (size_t)b * TW;
            if (f->mode == 1 && (cell == tcell || !tbit(ta, f->tnode) || !tbit(tb, f->tnode))) continue;
            for (int j = 0; j < TW; j++) common[j] = ta[j] & tb[j];
            cs81 on[10], off[10];
            parts(common, on, off);
            if (f->mode == 0) {
                for (int placed = 1; placed >= 0; placed--)
                    for (int d2 = 1; d2 <= 9; d2++)
                        for (cs81 cells = cs_minus(placed ? on[d2] : off[d2], cs_bit(cell)); !cs_empty(cells);)
                            mark(f, placed * OFF + (d2 - 1) * 81 + cs_pop(&cells));
                continue;
            }
            y.ekind = HF_NONE, y.eindex = 0, y.np = 2, y.premise[0] = (uint16_t)a, y.premise[1] = (uint16_t)b;
            y.nends[0] = y.nends[1] = 1;
            for (int placed = 1; placed >= 0; placed--)
                for (int d2 = 1; d2 <= 9; d2++) {
                    cs81 cells = cs_minus(placed ? on[d2] : off[d2], cs_bit(cell));
                    while (!cs_empty(cells)) {
                        int c2 = cs_pop(&cells);
                        y.cell = c2, y.digit = d2, y.placed = placed;
                        y.ends[0][0] = y.ends[1][0] = (uint16_t)(placed ? on_node(c2, d2) : off_node(c2, d2));
                        TRY(emit(f, &y));
                    }
                }
        }
    uint16_t premises[9];
    for (int cell = 0; cell < 81; cell++) {
        int np = 0;
        for (int d = 1; d <= 9; d++)
            if (g->cands[cell] >> (d - 1) & 1) premises[np++] = (uint16_t)on_node(cell, d);
        if (np) TRY(verity(f, premises, np));
    }
    for (int h = 0; h < 27; h++)
        for (int d = 1; d <= 9; d++) {
            cs81 places = cs_and(g->where[d], g->house[h]);
            int np = 0;
            while (!cs_empty(places)) premises[np++] = (uint16_t)on_node(cs_pop(&places), d);
            if (np) TRY(verity(f, premises, np));
        }
    return HT_OK;
}

/* HoDoKu's first result: a placement before any elimination, the lowest cell (then
 * digit), the first found on ties; -1 when there is none. */
static int choose(const fc_ctx *f)
{
    int best = -1;
    for (int id = 0; id < NRESULTS; id++) {
        if (f->first[id] < 0) continue;
        int placed = id >= OFF, cell = id % 81, digit = id % OFF / 81 + 1;
        if (best < 0) {
            best = id;
            continue;
        }
        int bplaced = best >= OFF, bcell = best % 81, bdigit = best % OFF / 81 + 1;
        long key = placed ? cell : 1000 + cell * 10 + digit, bkey = bplaced ? bcell : 1000 + bcell * 10 + bdigit;
        if (key < bkey || (key == bkey && f->first[id] < f->first[best])) best = id;
    }
    return best;
}

/* ------------------------------------------------------------------ the record */
static int put_node(ht_out *out, const ht_ctx *g, int node)
{
    uint8_t b[3];
    if (node < GROUP) {
        b[0] = (uint8_t)(node % 81), b[1] = (uint8_t)(node % OFF / 81 + 1);
    } else {
        const group *gr = &g->groups[(node - GROUP) / 2];
        b[0] = (uint8_t)gr->first, b[1] = (uint8_t)gr->digit;
    }
    b[2] = (uint8_t)(node < OFF || (node >= GROUP && !(node & 1)));
    return ht_put(out, b, 3);
}

static int record(fc_ctx *f, const fc_yield *y, ht_out *out)
{
    uint8_t head[5] = {(uint8_t)y->cell, (uint8_t)y->digit, (uint8_t)y->placed, (uint8_t)y->ekind, (uint8_t)y->eindex};
    TRY(ht_put(out, head, 5));
    TRY(ht_put16(out, y->np));
    for (int i = 0; i < y->np; i++) {
        int p = y->premise[i];
        TRY(ht_put16(out, p));
        TRY(ht_put16(out, y->nends[i]));
        ends_length(f, p, y->ends[i], y->nends[i]);
        uint16_t path[MAX_NODES];
        for (int k = 0; k < y->nends[i]; k++) {
            int m = 0, v = y->ends[i][k];
            path[m++] = (uint16_t)v;
            if (f->bmark[v] == f->bgen)
                for (v = f->bpar[v]; v >= 0 && m < MAX_NODES; v = f->bpar[v]) path[m++] = (uint16_t)v;
            TRY(ht_put16(out, m));
            for (int j = m - 1; j >= 0; j--) TRY(put_node(out, f->g, path[j]));
        }
    }
    return HT_OK;
}

/* ------------------------------------------------------------------ the search */
static int search(fc_ctx *f, int nets, ht_out *out)
{
    ht_ctx *g = f->g;
    ht_prepare(g, 1);
    f->nets = nets;
    TRY(nets ? net_links(f) : ht_chain_links(g));
    TRY(ht_group_links(g));
    TRY(ht_build_adjacency(g));
    TRY(ht_spend(g, g->n));
    TRY(ht_closure(g));
    TRY(tables(f));
    cs81 placed_peers[10];
    f->empty = (cs81){0, 0};
    for (int d = 0; d < 10; d++) placed_peers[d] = (cs81){0, 0};
    for (int c = 0; c < 81; c++) {
        int v = f->values[c];
        if (!v) f->empty = cs_or(f->empty, cs_bit(c));
        else placed_peers[v] = cs_or(placed_peers[v], cs_or(g->peer[c], cs_bit(c)));
    }
    for (int d = 1; d <= 9; d++) {
        f->allowed[d] = cs_minus(f->empty, placed_peers[d]);
        f->ahouses[d] = 0;
        for (int h = 0; h < 27; h++)
            if (!cs_empty(cs_and(f->allowed[d], g->house[h]))) f->ahouses[d] |= 1u << h;
    }
    f->xmark = calloc(MAX_NODES, sizeof *f->xmark);
    f->mmark = calloc(MAX_NODES, sizeof *f->mmark);
    f->xidx = calloc(MAX_NODES, sizeof *f->xidx);
    f->xcache = calloc(MAX_NODES, sizeof *f->xcache);
    if (!f->xmark || !f->mmark || !f->xidx || !f->xcache) return HT_NO_MEMORY;
    f->xprem = -1;
    f->queue = malloc((size_t)g->n * sizeof *f->queue);
    f->bmark = calloc((size_t)g->n, sizeof *f->bmark);
    f->bdist = malloc((size_t)g->n * sizeof *f->bdist);
    f->bpar = malloc((size_t)g->n * sizeof *f->bpar);
    if (!f->queue || !f->bmark || !f->bdist || !f->bpar) return HT_NO_MEMORY;
    for (int id = 0; id < NRESULTS; id++) f->first[id] = -1;
    f->mode = 0;
    f->target = -1;
    TRY(results(f));
    f->mode = 1;
    for (f->target = choose(f); f->target >= 0; f->target = choose(f)) {
        f->bprem = -1;
        f->tnode = f->target >= OFF ? f->target - OFF : f->target + OFF; /* placed: its on node; else its off node */
        if (!nets) {
            TRY(reverse_distances(f));
            TRY(results(f));
            break;
        }
        f->have[0] = f->have[1] = 0;
        TRY(results(f));
        if (f->have[0] || f->have[1]) break;
        f->first[f->target] = -1; /* HoDoKu drops a Forcing Net step whose chains are no net */
    }
    if (f->target < 0) return HT_OK;
    if (nets) return record(f, &f->best[f->have[0] ? 0 : 1], out); /* a placement's contradiction sorts first */
    /* a placement: the kind found first (contradictions come first); an elimination: a
     * verity only when strictly shorter */
    int kind = f->have[0] ? 0 : 1;
    if (f->have[0] && f->have[1] && f->target < OFF && f->blen[1] < f->blen[0]) kind = 1;
    return record(f, &f->best[kind], out);
}

int hoforce9_find(const uint16_t cands[81], const uint8_t values[81], int nets, long budget, ht_out *out,
                  long *spent)
{
    *spent = 0;
    if (budget < 0) return HT_BAD_INPUT;
    int any = 0;
    for (int i = 0; i < 81; i++) {
        if (cands[i] > 0x1FF || values[i] > 9) return HT_BAD_INPUT;
        any |= cands[i] != 0;
    }
    if (!any) return HT_OK;
    fc_ctx *f = calloc(1, sizeof *f);
    ht_ctx *g = ht_new();
    if (!f || !g) {
        free(f), free(g);
        return HT_NO_MEMORY;
    }
    memcpy(g->cands, cands, sizeof g->cands);
    memcpy(f->values, values, sizeof f->values);
    g->budget = budget;
    f->g = g;
    int status = search(f, nets, out);
    *spent = g->spent;
    if (f->xcache)
        for (int v = 0; v < MAX_NODES; v++) free(f->xcache[v]);
    free(f->xcache);
    free(f->erets), free(f->edist), free(f->xmark), free(f->mmark), free(f->xidx);
    free(f->tab), free(f->queue), free(f->bmark), free(f->bdist), free(f->bpar), free(f->rdist);
    ht_free(g);
    free(g), free(f);
    return status;
}
