/* serules9.c -- SE's simple rules inside nested forcing chains; see serules9.h.
 *
 * A port of se_rules.py's _locking, _hidden_pair, _naked_pair and _x_wing (SE's
 * Locking, HiddenSet and NakedSet of degree 2, and Fisherman of degree 2 as
 * getAdvancedPotentials runs them): the same loops in the same order, so the hits, their
 * eliminations and their parents come out in the order the Python rules give them.
 */
#include "serules9.h"
#include "segeom9.h"

#include <string.h>

typedef struct {
    const uint16_t *cur, *init;
    const uint8_t *counts;
    uint8_t house[27][9];
    uint16_t pos[27][10], gone[27][10]; /* bit k: the house's k-th cell holds v now / held it at the start only */
    uint16_t ipos[27][10];              /* ... held v at the start */
    uint8_t open[27];                   /* cells of the house with candidates */
    sd_out *out;
    int hits;
} rctx;

static int low_bit(unsigned m)
{
    int k = 0;
    while (!(m >> k & 1)) k++;
    return k;
}

static int high_bit(unsigned m)
{
    int k = 15;
    while (!(m >> k & 1)) k--;
    return k;
}

static void init_masks(rctx *c)
{
    segeom_houses(c->house);
    for (int h = 0; h < 27; h++) {
        c->open[h] = 0;
        for (int v = 0; v < 10; v++) c->pos[h][v] = c->ipos[h][v] = 0;
        for (int k = 0; k < 9; k++) {
            int x = c->house[h][k];
            c->open[h] += c->cur[x] != 0;
            for (unsigned m = c->init[x]; m; m &= m - 1) {
                int v = low_bit(m) + 1;
                c->ipos[h][v] |= (uint16_t)(1u << k);
                if (c->cur[x] >> (v - 1) & 1) c->pos[h][v] |= (uint16_t)(1u << k);
            }
            for (unsigned m = c->cur[x] & ~c->init[x]; m; m &= m - 1) /* not on a closure's grid; kept whole */
                c->pos[h][low_bit(m) + 1] |= (uint16_t)(1u << k);
        }
        for (int v = 0; v < 10; v++) c->gone[h][v] = c->ipos[h][v] & ~c->pos[h][v];
    }
}

/* Positions (in house a) of the cells a shares with house b, 0 when they do not meet. */
static unsigned meet(int a, int b)
{
    int ta = a / 9, tb = b / 9, ia = a % 9, ib = b % 9;
    if (ta == 2 && tb == 1) return ib / 3 == ia % 3 ? 0x49u << (ib % 3) : 0;   /* box, column */
    if (ta == 2 && tb == 0) return ib / 3 == ia / 3 ? 0x7u << 3 * (ib % 3) : 0; /* box, row */
    if (ta == 1 && tb == 2) return ia / 3 == ib % 3 ? 0x7u << 3 * (ib / 3) : 0; /* column, box */
    if (ta == 0 && tb == 2) return ia / 3 == ib / 3 ? 0x7u << 3 * (ib % 3) : 0; /* row, box */
    return 0;
}

/* One hit: its eliminations and its parents, left out when it has no parent. */
typedef struct {
    uint8_t rem_cell[81];
    uint16_t rem_mask[81];
    int n_rem;
    uint8_t par_cell[81 * 2], par_value[81 * 2];
    int n_par;
} hit;

static void add_rem(hit *h, int cell, unsigned mask)
{
    for (int k = 0; k < h->n_rem; k++)
        if (h->rem_cell[k] == cell) { /* a dict keeps the first place of a key */
            h->rem_mask[k] = (uint16_t)mask;
            return;
        }
    if (h->n_rem < 81) {
        h->rem_cell[h->n_rem] = (uint8_t)cell;
        h->rem_mask[h->n_rem++] = (uint16_t)mask;
    }
}

static void add_par(hit *h, int cell, int value)
{
    if (h->n_par < 81 * 2) {
        h->par_cell[h->n_par] = (uint8_t)cell;
        h->par_value[h->n_par++] = (uint8_t)value;
    }
}

static int write_hit(rctx *c, const hit *h)
{
    if (!h->n_par || !h->n_rem) return SD_OK;
    uint8_t buf[1 + 3 * 81 + 1 + 2 * 81 * 2];
    size_t n = 0;
    buf[n++] = (uint8_t)h->n_rem;
    for (int k = 0; k < h->n_rem; k++) {
        buf[n++] = h->rem_cell[k];
        buf[n++] = (uint8_t)(h->rem_mask[k] & 0xFF);
        buf[n++] = (uint8_t)(h->rem_mask[k] >> 8);
    }
    buf[n++] = (uint8_t)(h->n_par > 255 ? 255 : h->n_par);
    for (int k = 0; k < h->n_par && k < 255; k++) {
        buf[n++] = h->par_cell[k];
        buf[n++] = h->par_value[k];
    }
    c->hits++;
    return sedyn9_emit(c->out, buf, n);
}

/* se_rules._locking: pointing (box -> column, box -> row), then claiming. A hit's
 * parents are the digit's places in h1 outside h2 that the closure took: without any, the
 * hit is left out, so it is not built. */
static int locking(rctx *c)
{
    static const int first[4] = {18, 18, 9, 0}, second[4] = {9, 0, 18, 18};
    int st = SD_OK;
    for (int pass = 0; pass < 4 && st == SD_OK; pass++)
        for (int h1 = first[pass]; h1 < first[pass] + 9; h1++)
            for (int h2 = second[pass]; h2 < second[pass] + 9; h2++) {
                unsigned inter = meet(h1, h2);
                if (!inter) continue;
                unsigned inter2 = meet(h2, h1);
                for (int v = 1; v <= 9 && st == SD_OK; v++) {
                    unsigned p = c->pos[h1][v], par = c->gone[h1][v] & ~inter, rem = c->pos[h2][v] & ~inter2;
                    if (!par || !rem || (p & ~inter) || popcount9(p) <= 1) continue;
                    hit h;
                    h.n_rem = h.n_par = 0;
                    for (int k = 0; k < 9; k++)
                        if (rem >> k & 1) add_rem(&h, c->house[h2][k], 1u << (v - 1));
                    for (int k = 0; k < 9; k++)
                        if (par >> k & 1) add_par(&h, c->house[h1][k], v);
                    st = write_hit(c, &h);
                }
            }
    return st;
}

static const int ORDER[3] = {18, 9, 0}; /* boxes, columns, rows */

/* se_rules._hidden_pair */
static int hidden_pair(rctx *c)
{
    int st = SD_OK;
    for (int g = 0; g < 3; g++)
        for (int h = ORDER[g]; h < ORDER[g] + 9 && st == SD_OK; h++) {
            if (c->open[h] <= 4) continue;
            for (int b = 1; b < 9 && st == SD_OK; b++)      /* colex pairs: (0,1) (0,2) (1,2) (0,3) ... */
                for (int a = 0; a < b && st == SD_OK; a++) {
                    int va = a + 1, vb = b + 1;
                    unsigned pa = c->pos[h][va], pb = c->pos[h][vb], both = pa | pb;
                    if (popcount9(both) != 2 || popcount9(pa) <= 1 || popcount9(pb) <= 1) continue;
                    if (!((c->ipos[h][va] | c->ipos[h][vb]) & ~both)) continue; /* no parent */
                    unsigned keep = (1u << a) | (1u << b);
                    hit hh;
                    hh.n_rem = hh.n_par = 0;
                    for (int k = 0; k < 9; k++) {
                        int x = c->house[h][k];
                        if ((both >> k & 1) && (c->cur[x] & ~keep)) add_rem(&hh, x, c->cur[x] & ~keep);
                    }
                    if (!hh.n_rem) continue;
                    for (int k = 0; k < 9; k++) {
                        if (both >> k & 1) continue;
                        int x = c->house[h][k];
                        if (c->init[x] >> (va - 1) & 1) add_par(&hh, x, va);
                        if (c->init[x] >> (vb - 1) & 1) add_par(&hh, x, vb);
                    }
                    st = write_hit(c, &hh);
                }
        }
    return st;
}

/* se_rules._naked_pair */
static int naked_pair(rctx *c)
{
    int st = SD_OK;
    for (int g = 0; g < 3; g++)
        for (int h = ORDER[g]; h < ORDER[g] + 9 && st == SD_OK; h++) {
            if (c->open[h] < 4) continue;
            for (int b = 1; b < 9 && st == SD_OK; b++)
                for (int a = 0; a < b && st == SD_OK; a++) {
                    int ca = c->house[h][a], cb = c->house[h][b];
                    unsigned u = c->cur[ca] | c->cur[cb];
                    if (popcount9(u) != 2 || popcount9(c->cur[ca]) <= 1 || popcount9(c->cur[cb]) <= 1) continue;
                    if (!((c->init[ca] | c->init[cb]) & ~u)) continue; /* no parent */
                    hit hh;
                    hh.n_rem = hh.n_par = 0;
                    for (int k = 0; k < 9; k++) {
                        int x = c->house[h][k];
                        if (x != ca && x != cb && (c->cur[x] & u)) add_rem(&hh, x, c->cur[x] & u);
                    }
                    if (!hh.n_rem) continue;
                    for (int t = 0; t < 2; t++) {
                        int x = t ? cb : ca;
                        unsigned gone = c->init[x] & ~u;
                        for (int v = 1; v <= 9; v++)
                            if (gone >> (v - 1) & 1) add_par(&hh, x, v);
                    }
                    st = write_hit(c, &hh);
                }
        }
    return st;
}

/* se_rules._x_wing: base columns then base rows. A base line's k-th cell lies on the k-th
 * cover line. */
static int x_wing(rctx *c)
{
    int st = SD_OK;
    for (int pass = 0; pass < 2; pass++) {
        int bases = pass ? 0 : 9, covers = pass ? 9 : 0;
        for (int j = 1; j < 9 && st == SD_OK; j++)
            for (int i = 0; i < j && st == SD_OK; i++)
                for (int v = 1; v <= 9 && st == SD_OK; v++) {
                    if (c->counts[v] + 4 > 9) continue;
                    unsigned p1 = c->pos[bases + i][v], p2 = c->pos[bases + j][v], both = p1 | p2;
                    if (popcount9(both) != 2 || popcount9(p1) <= 1 || popcount9(p2) <= 1) continue;
                    unsigned par1 = c->gone[bases + i][v] & ~both, par2 = c->gone[bases + j][v] & ~both;
                    if (!par1 && !par2) continue; /* no parent */
                    int k0 = low_bit(both), k1 = high_bit(both);
                    unsigned off = (1u << i) | (1u << j);
                    hit hh;
                    hh.n_rem = hh.n_par = 0;
                    for (int t = 0; t < 2; t++) {
                        int cover = covers + (t ? k1 : k0);
                        unsigned rem = c->pos[cover][v] & ~off;
                        for (int k = 0; k < 9; k++)
                            if (rem >> k & 1) add_rem(&hh, c->house[cover][k], 1u << (v - 1));
                    }
                    if (!hh.n_rem) continue;
                    for (int t = 0; t < 2; t++) {
                        int base = bases + (t ? j : i);
                        unsigned par = t ? par2 : par1;
                        for (int k = 0; k < 9; k++)
                            if (par >> k & 1) add_par(&hh, c->house[base][k], v);
                    }
                    st = write_hit(c, &hh);
                }
    }
    return st;
}

int serules9_advanced(const uint16_t cur[81], const uint16_t init[81], const uint8_t counts[10], sd_out *out,
                      int *rule)
{
    *rule = -1;
    if (!cur || !init || !counts || !out) return SD_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cur[i] > 0x1FF || init[i] > 0x1FF) return SD_BAD_INPUT;
    for (int d = 0; d < 10; d++)
        if (counts[d] > 9) return SD_BAD_INPUT;
    rctx c;
    memset(&c, 0, sizeof c);
    c.cur = cur, c.init = init, c.counts = counts, c.out = out;
    init_masks(&c);
    int (*const rules[4])(rctx *) = {locking, hidden_pair, naked_pair, x_wing};
    for (int r = 0; r < 4; r++) {
        int st = rules[r](&c);
        if (st != SD_OK) return st;
        if (c.hits) {
            *rule = r;
            return SD_OK;
        }
    }
    return SD_OK;
}
