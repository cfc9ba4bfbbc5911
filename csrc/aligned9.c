/* aligned9.c -- SE's Aligned Pair/Triplet Exclusion; see aligned9.h.
 *
 * A port of the twin src/sudokit/_pyaligned9.py: same base cells, same colex order of
 * pairs, same order of third cells, same output bytes. Cell sets are 81-bit masks in two
 * 64-bit words. Shortcuts the twin does not take (each changes no byte): an excluder with
 * a digit none of the base cells has cannot be held by a combination, so it is not tried;
 * a pair with no other excluder removes nothing.
 */
#include "aligned9.h"
#include "bits.h"
#include "segeom9.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t lo, hi; /* cells 0..63, 64..80 */
} cellset;

typedef struct {
    uint16_t cands[81];
    int n_base;
    uint8_t base[81];       /* the base cells, ascending */
    uint8_t is_base[81];
    uint8_t n_excl[81];
    uint8_t excl[81][20];   /* a base cell's excluders, in SE's peer order */
    cellset reach[81];      /* the same as a set */
    uint8_t row[81], col[81], box[81];
} al_ctx;

/* Whether s has two or more cells. */
static int set_two(cellset s) { return (s.lo & (s.lo - 1)) || (s.hi & (s.hi - 1)) || (s.lo && s.hi); }
static cellset set_and(cellset a, cellset b) { cellset r = {a.lo & b.lo, a.hi & b.hi}; return r; }
static int set_has(cellset s, int c) { return c < 64 ? (int)(s.lo >> c & 1) : (int)(s.hi >> (c - 64) & 1); }
static void set_add(cellset *s, int c)
{
    if (c < 64) s->lo |= (uint64_t)1 << c;
    else s->hi |= (uint64_t)1 << (c - 64);
}

static int box_of(int c) { return c / 27 * 3 + c % 9 / 3; }

static void init_geometry(al_ctx *x)
{
    for (int i = 0; i < 81; i++) {
        x->row[i] = (uint8_t)(i / 9);
        x->col[i] = (uint8_t)(i % 9);
        x->box[i] = (uint8_t)box_of(i);
    }
}

/* The peers of cell i in SE's order: its box, the rest of its row, the rest of its column. */
static void peers_of(const al_ctx *x, int i, uint8_t peers[20])
{
    int r = i / 9, col = i % 9, b = x->box[i], n = 0;
    int top = b / 3 * 27 + b % 3 * 3;
    for (int k = 0; k < 9; k++) { /* the box, ascending */
        int c = top + k / 3 * 9 + k % 3;
        if (c != i) peers[n++] = (uint8_t)c;
    }
    for (int k = 0; k < 9; k++) /* the rest of the row */
        if (x->box[r * 9 + k] != b) peers[n++] = (uint8_t)(r * 9 + k);
    for (int k = 0; k < 9; k++) /* the rest of the column */
        if (x->box[k * 9 + col] != b) peers[n++] = (uint8_t)(k * 9 + col);
}

static int sees(const al_ctx *x, int a, int b)
{
    return a != b && (x->row[a] == x->row[b] || x->col[a] == x->col[b] || x->box[a] == x->box[b]);
}

/* The base cells with their excluders (_pyaligned9._bases). */
static void find_bases(al_ctx *x, int degree)
{
    x->n_base = 0;
    for (int cell = 0; cell < 81; cell++) {
        x->is_base[cell] = 0;
        if (popcount9(x->cands[cell]) < 2) continue;
        int n_ex = 0, single = 0;
        cellset reach = {0, 0};
        uint8_t peers[20];
        peers_of(x, cell, peers);
        for (int k = 0; k < 20; k++) {
            int other = peers[k], n = popcount9(x->cands[other]);
            if (n == 1) {
                single = 1; /* a naked single among the peers: SE skips the cell */
                break;
            }
            if (n >= 2 && n <= degree) {
                x->excl[cell][n_ex++] = (uint8_t)other;
                set_add(&reach, other);
            }
        }
        if (single || !n_ex) continue;
        x->n_excl[cell] = (uint8_t)n_ex;
        x->reach[cell] = reach;
        x->is_base[cell] = 1;
        x->base[x->n_base++] = (uint8_t)cell;
    }
}

static int grow(al_out *out, size_t need)
{
    if (out->len + need <= out->cap) return 1;
    size_t cap = out->cap ? out->cap : 256;
    while (cap < out->len + need) cap *= 2;
    uint8_t *data = realloc(out->data, cap);
    if (!data) return 0;
    out->data = data;
    out->cap = cap;
    return 1;
}

/* Does the digit combination `combo` hold every candidate of one of the excluders? */
static int locked(const uint16_t *excl_masks, int n_excl, unsigned combo)
{
    for (int k = 0; k < n_excl; k++)
        if (!(excl_masks[k] & ~combo)) return 1;
    return 0;
}

/* One exclusion test on `n` base cells with the common excluders `common`: appends a
 * record when a candidate goes; 0 only when out of memory. *added: records appended. */
static int exclusion(const al_ctx *x, const uint8_t *base, int n, cellset common, al_out *out, int *added)
{
    unsigned full[3] = {0, 0, 0}, allowed[3] = {0, 0, 0};
    for (int k = 0; k < n; k++) full[k] = x->cands[base[k]];
    /* the common excluders' masks; one with a digit no base cell has never locks */
    unsigned any = full[0] | full[1] | full[2];
    uint16_t masks[81];
    int n_excl = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = w ? common.hi : common.lo; m; m &= m - 1) {
            uint16_t mask = x->cands[64 * w + lowest_index64(m)];
            if (!(mask & ~any)) masks[n_excl++] = mask;
        }
    if (n == 2 && !n_excl) return 1; /* two cells of 2+ digits each: every digit has a partner */
    int s01 = sees(x, base[0], base[1]);
    int s02 = n == 3 && sees(x, base[0], base[2]), s12 = n == 3 && sees(x, base[1], base[2]);
    for (unsigned m0 = full[0]; m0; m0 &= m0 - 1) {
        unsigned b0 = m0 & (0u - m0);
        for (unsigned m1 = full[1]; m1; m1 &= m1 - 1) {
            unsigned b1 = m1 & (0u - m1);
            if (b0 == b1 && s01) continue;
            if (n == 2) {
                if (locked(masks, n_excl, b0 | b1)) continue;
                allowed[0] |= b0;
                allowed[1] |= b1;
                continue;
            }
            for (unsigned m2 = full[2]; m2; m2 &= m2 - 1) {
                unsigned b2 = m2 & (0u - m2);
                if ((b2 == b0 && s02) || (b2 == b1 && s12) || locked(masks, n_excl, b0 | b1 | b2)) continue;
                allowed[0] |= b0;
                allowed[1] |= b1;
                allowed[2] |= b2;
            }
        }
    }
    int gone = 0;
    for (int k = 0; k < n; k++) gone += (full[k] & ~allowed[k]) != 0;
    if (!gone) return 1;
    if (!grow(out, 1 + 3 * (size_t)gone)) return 0;
    out->data[out->len++] = (uint8_t)gone;
    for (int k = 0; k < n; k++) {
        unsigned mask = full[k] & ~allowed[k];
        if (!mask) continue;
        out->data[out->len++] = base[k];
        out->data[out->len++] = (uint8_t)(mask & 0xFF);
        out->data[out->len++] = (uint8_t)(mask >> 8);
    }
    (*added)++;
    return 1;
}

/* The triplets of the pair (c0, c1): every third base cell among their excluders, c0's
 * first, in their peer order (_pyaligned9._triplets). */
static int triplets(const al_ctx *x, int c0, int c1, al_out *out, int *added, int max_hints)
{
    cellset pair = set_and(x->reach[c0], x->reach[c1]);
    if (!set_two(pair)) return 1;
    for (int side = 0; side < 2; side++) {
        int from = side ? c1 : c0;
        for (int k = 0; k < x->n_excl[from]; k++) {
            int c2 = x->excl[from][k];
            if (side && set_has(x->reach[c0], c2)) continue; /* already seen among c0's */
            if (!x->is_base[c2] || c2 == c0 || c2 == c1) continue;
            cellset common = set_and(pair, x->reach[c2]);
            if (!set_two(common)) continue;
            uint8_t base[3] = {(uint8_t)c0, (uint8_t)c1, (uint8_t)c2};
            if (!exclusion(x, base, 3, common, out, added)) return 0;
            if (max_hints && *added >= max_hints) return 1;
        }
    }
    return 1;
}

int aligned9_exclusion(const uint16_t cands[81], int degree, int max_hints, al_out *out, long *spent)
{
    *spent = 0;
    if (degree != 2 && degree != 3) return AL_BAD_INPUT;
    if (max_hints < 0) return AL_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return AL_BAD_INPUT;
    al_ctx *x = malloc(sizeof *x);
    if (!x) return AL_NO_MEMORY;
    memcpy(x->cands, cands, sizeof x->cands);
    init_geometry(x);
    find_bases(x, degree);
    int status = AL_OK, added = 0;
    if (x->n_base >= degree) {
        for (int i1 = 1; i1 < x->n_base; i1++) {
            for (int i0 = 0; i0 < i1; i0++) { /* colex: (0,1) (0,2) (1,2) (0,3) ... */
                int c0 = x->base[i0], c1 = x->base[i1], ok;
                ++*spent;
                if (degree == 2) {
                    cellset common = set_and(x->reach[c0], x->reach[c1]);
                    uint8_t base[2] = {(uint8_t)c0, (uint8_t)c1};
                    ok = !set_two(common) || exclusion(x, base, 2, common, out, &added);
                } else {
                    ok = triplets(x, c0, c1, out, &added, max_hints);
                }
                if (!ok) {
                    status = AL_NO_MEMORY;
                    goto done;
                }
                if (max_hints && added >= max_hints) goto done;
            }
        }
    }
done:
    free(x);
    return status;
}

void aligned9_out_free(al_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
