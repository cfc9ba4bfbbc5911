/* hosdc9.c -- HoDoKu's Sue de Coq search; see hosdc9.h and the twin src/sudokit/_pysdc9.py
 * (same search, same order, same records). */
#include "hosdc9.h"
#include "bits.h"
#include "geom9.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SUBSETS 511 /* non-empty subsets of at most 9 cells */

typedef struct {
    int cells[9];
    int n;
} cell_list;

typedef struct {
    uint16_t cells; /* bit k: the k-th cell of the list */
    uint16_t digits;
    uint8_t size;
} subset;

typedef struct {
    const uint16_t *cands;
    int max_hits, hits;
    long spent;
    hs_out *out;
    subset line_sets[MAX_SUBSETS], box_sets[MAX_SUBSETS];
} hs_ctx;

static int pc(unsigned m) { return bit_count(m); }

static int put(hs_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 256;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HS_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HS_OK;
}

/* BOX_HOUSE[c]: the box of cell c as a house (18-26); a table, in_house runs in inner loops. */
static const uint8_t BOX_HOUSE[81] = {
    18, 18, 18, 19, 19, 19, 20, 20, 20,
    18, 18, 18, 19, 19, 19, 20, 20, 20,
    18, 18, 18, 19, 19, 19, 20, 20, 20,
    21, 21, 21, 22, 22, 22, 23, 23, 23,
    21, 21, 21, 22, 22, 22, 23, 23, 23,
    21, 21, 21, 22, 22, 22, 23, 23, 23,
    24, 24, 24, 25, 25, 25, 26, 26, 26,
    24, 24, 24, 25, 25, 25, 26, 26, 26,
    24, 24, 24, 25, 25, 25, 26, 26, 26,
};

static int in_house(int h, int c)
{
    if (h < 9) return c / 9 == h;
    if (h < 18) return c % 9 == h - 9;
    return BOX_HOUSE[c] == h;
}

/* Every non-empty subset of list, depth first (the twin's _subsets), into sets; the count. */
static int subsets(const hs_ctx *x, const cell_list *list, subset *sets)
{
    int n = 0, stack[9], depth = 0;
    uint16_t cells[10] = {0}, digits[10] = {0};
    stack[0] = 0;
    while (depth >= 0) {
        int k = stack[depth];
        if (k >= list->n) {
            depth--;
            if (depth >= 0) stack[depth]++;
            continue;
        }
        cells[depth + 1] = (uint16_t)(cells[depth] | 1u << k);
        digits[depth + 1] = (uint16_t)(digits[depth] | x->cands[list->cells[k]]);
        sets[n].cells = cells[depth + 1];
        sets[n].digits = digits[depth + 1];
        sets[n].size = (uint8_t)(depth + 1);
        n++;
        if (k + 1 < list->n) {
            depth++;
            stack[depth] = k + 1;
        } else {
            stack[depth]++;
        }
    }
    return n;
}

static int record_part(hs_out *out, const int *cells, int n)
{
    uint8_t buf[10];
    buf[0] = (uint8_t)n;
    for (int k = 0; k < n; k++) buf[1 + k] = (uint8_t)cells[k];
    return put(out, buf, 1 + (size_t)n);
}

/* The list cells chosen by a subset's bits. */
static int chosen(const cell_list *list, unsigned bits, int *cells)
{
    int n = 0;
    for (int k = 0; k < list->n; k++)
        if (bits >> k & 1) cells[n++] = list->cells[k];
    return n;
}

/* One I of an intersection: every L, then every B; 1 when max_hits is reached, <0 on error. */
static int houses(hs_ctx *x, const int *inter, int ni, unsigned ci, const cell_list *line_cells, const cell_list *box_cells)
{
    const uint16_t *cands = x->cands;
    int n_plus = pc(ci) - ni;
    uint8_t in_i[81] = {0};
    for (int k = 0; k < ni; k++) in_i[inter[k]] = 1;
    cell_list line_rest = {{0}, 0}, box_rest = {{0}, 0};
    for (int k = 0; k < line_cells->n; k++)
        if (!in_i[line_cells->cells[k]]) line_rest.cells[line_rest.n++] = line_cells->cells[k];
    for (int k = 0; k < box_cells->n; k++)
        if (!in_i[box_cells->cells[k]]) box_rest.cells[box_rest.n++] = box_cells->cells[k];
    int nl = subsets(x, &line_rest, x->line_sets);
    for (int l = 0; l < nl; l++) {
        const subset *ls = &x->line_sets[l];
        unsigned cl = ls->digits;
        int contained = pc(cl & ci), extra = pc(cl & ~ci), lsize = ls->size;
        if (!(contained && lsize > extra && lsize - extra < n_plus)) continue;
        int need = n_plus - (lsize - extra);
        unsigned forbidden = cl & ci;
        int lcells[9], nlc = chosen(&line_rest, ls->cells, lcells);
        uint8_t in_l[81] = {0};
        for (int k = 0; k < nlc; k++) in_l[lcells[k]] = 1;
        cell_list allowed = {{0}, 0};
        for (int k = 0; k < box_rest.n; k++) {
            int c = box_rest.cells[k];
            if (!(cands[c] & forbidden) && !in_l[c]) allowed.cells[allowed.n++] = c;
        }
        int nb = subsets(x, &allowed, x->box_sets);
        for (int b = 0; b < nb; b++) {
            const subset *bs = &x->box_sets[b];
            unsigned cb = bs->digits;
            x->spent++;
            if (!(cb & ci) || bs->size - pc(cb & ~ci) != need) continue;
            int bcells[9], nbc = chosen(&allowed, bs->cells, bcells);
            uint8_t in_b[81] = {0};
            for (int k = 0; k < nbc; k++) in_b[bcells[k]] = 1;
            unsigned shared = cb & cl;
            unsigned box_digits = ((ci | cb) & ~cl) | shared, line_digits = ((ci | cl) & ~cb) | shared;
            int any = 0;
            for (int k = 0; k < box_cells->n && !any; k++) {
                int c = box_cells->cells[k];
                any = !in_i[c] && !in_b[c] && (cands[c] & box_digits);
            }
            for (int k = 0; k < line_cells->n && !any; k++) {
                int c = line_cells->cells[k];
                any = !in_i[c] && !in_l[c] && (cands[c] & line_digits);
            }
            if (!any) continue;
            if (record_part(x->out, inter, ni) || record_part(x->out, lcells, nlc) || record_part(x->out, bcells, nbc))
                return HS_NO_MEMORY;
            if (++x->hits == x->max_hits) return 1;
        }
    }
    return 0;
}

static int search(hs_ctx *x)
{
    const uint16_t *cands = x->cands;
    for (int line = 0; line < 18; line++) {
        cell_list line_cells = {{0}, 0};
        for (int k = 0; k < 9; k++) {
            int c = geom9_house_cell(line, k);
            if (cands[c]) line_cells.cells[line_cells.n++] = c;
        }
        for (int box = 18; box < 27; box++) {
            int inter[3], n = 0;
            for (int k = 0; k < line_cells.n; k++)
                if (in_house(box, line_cells.cells[k]) && n < 3) inter[n++] = line_cells.cells[k];
            if (n < 2) continue;
            cell_list box_cells = {{0}, 0};
            for (int k = 0; k < 9; k++) {
                int c = geom9_house_cell(box, k);
                if (cands[c]) box_cells.cells[box_cells.n++] = c;
            }
            for (int a = 0; a < n - 1; a++)
                for (int b = a + 1; b < n; b++) {
                    unsigned pair = (unsigned)cands[inter[a]] | cands[inter[b]];
                    int two[2] = {inter[a], inter[b]};
                    if (pc(pair) - 2 >= 2) {
                        int st = houses(x, two, 2, pair, &line_cells, &box_cells);
                        if (st) return st;
                    }
                    for (int c = b + 1; c < n; c++) {
                        unsigned triple = pair | cands[inter[c]];
                        int three[3] = {inter[a], inter[b], inter[c]};
                        if (pc(triple) - 3 >= 2) {
                            int st = houses(x, three, 3, triple, &line_cells, &box_cells);
                            if (st) return st;
                        }
                    }
                }
        }
    }
    return 0;
}

int hosdc9_search(const uint16_t cands[81], int max_hits, hs_out *out, long *spent)
{
    *spent = 0;
    if (max_hits < 0) return HS_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HS_BAD_INPUT;
    hs_ctx *x = malloc(sizeof *x);
    if (!x) return HS_NO_MEMORY;
    x->cands = cands;
    x->max_hits = max_hits;
    x->hits = 0;
    x->spent = 0;
    x->out = out;
    int st = search(x);
    *spent = x->spent;
    free(x);
    return st < 0 ? st : HS_OK;
}

void hosdc9_out_free(hs_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
