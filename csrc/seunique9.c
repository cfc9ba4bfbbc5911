/* seunique9.c -- SE's Unique Rectangles and Unique Loops; see seunique9.h and the twin
 * src/sudokit/_pyseunique9.py (same search, same order, same records). */
#include "seunique9.h"
#include "bits.h"

#include <stdlib.h>
#include <string.h>

#include "segeom9.h"

/* An 81-bit cell set. */
typedef struct {
    uint64_t w[2];
} cm81;

static inline void cm_add(cm81 *m, int c) { m->w[c >> 6] |= (uint64_t)1 << (c & 63); }
static inline int cm_has(const cm81 *m, int c) { return (int)(m->w[c >> 6] >> (c & 63) & 1); }

/* A set of byte strings (the loops met and the hints kept): an arena of length-prefixed
 * keys and an open-addressing table of arena offsets + 1 (0: empty). */
typedef struct {
    uint8_t *arena;
    size_t alen, acap;
    uint32_t *slot;
    size_t nslot, count;
} su_set;

/* One hint: its rating, type, rank found and record (in ctx->recs). */
typedef struct {
    double rating;
    int typ, rank;
    size_t at, len;
} su_hint;

typedef struct {
    uint16_t cands[81];
    const uint8_t *values;
    uint8_t house[27][9];
    uint8_t se_houses[81][3];
    cm81 peers[81];
    cm81 hmask[27]; /* the cells of each house */
    cm81 where[9];  /* the cells holding digit v + 1 */
    /* the search from one start cell */
    int v1, v2;
    unsigned both;
    cm81 holding;
    uint8_t loop[81];
    int len;
    long spent, limit;
    /* results */
    su_set done, seen;
    su_out recs;
    su_hint *hints;
    size_t nhints, caphints;
} su_ctx;

/* k * 0.1 for k = -1..8 as Python computes it (the ratings are sorted as floats: a sum of
 * these exact doubles in SE's order gives the same order; no multiply to contract). */
static const double TENTHS[10] = {-0x1.999999999999ap-4, 0x0.0p+0,          0x1.999999999999ap-4, 0x1.999999999999ap-3,
                                  0x1.3333333333334p-2,  0x1.999999999999ap-2, 0x1.0000000000000p-1, 0x1.3333333333334p-1,
                                  0x1.6666666666667p-1,  0x1.999999999999ap-1};

static double rating_of(int size, int typ, int n)
{
    double result = 4.5;
    if (size >= 10) result += 0.3;
    if (size >= 8) result += 0.2;
    else if (size >= 6) result += 0.1;
    if (typ == 3 && n >= 0 && n <= 9) result += TENTHS[n];
    return result;
}

static int put(su_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 256;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return SU_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return SU_OK;
}

void seunique9_out_free(su_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}

/* ------------------------------------------------------------------ byte-string set */
static uint32_t key_hash(const uint8_t *key, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t k = 0; k < n; k++) h = (h ^ key[k]) * 16777619u;
    return h;
}

static void set_free(su_set *s)
{
    free(s->arena);
    free(s->slot);
    memset(s, 0, sizeof *s);
}

static int set_grow(su_set *s)
{
    size_t nslot = s->nslot ? 2 * s->nslot : 64;
    uint32_t *slot = calloc(nslot, sizeof *slot);
    if (!slot) return SU_NO_MEMORY;
    for (size_t i = 0; i < s->nslot; i++) {
        uint32_t at = s->slot[i];
        if (!at) continue;
        const uint8_t *key = s->arena + at - 1;
        size_t j = key_hash(key + 1, key[0]) & (nslot - 1);
        while (slot[j]) j = (j + 1) & (nslot - 1);
        slot[j] = at;
    }
    free(s->slot);
    s->slot = slot;
    s->nslot = nslot;
    return SU_OK;
}

/* Adds key (n <= 255 bytes): 1 when new, 0 when already there, or SU_NO_MEMORY. */
static int set_add(su_set *s, const uint8_t *key, size_t n)
{
    if (2 * (s->count + 1) > s->nslot && set_grow(s) != SU_OK) return SU_NO_MEMORY;
    size_t j = key_hash(key, n) & (s->nslot - 1);
    for (; s->slot[j]; j = (j + 1) & (s->nslot - 1)) {
        const uint8_t *old = s->arena + s->slot[j] - 1;
        if (old[0] == n && !memcmp(old + 1, key, n)) return 0;
    }
    if (s->alen + n + 1 > s->acap) {
        size_t cap = s->acap ? 2 * s->acap : 1024;
        while (cap < s->alen + n + 1) cap *= 2;
        if (cap > UINT32_MAX - 1) return SU_NO_MEMORY;
        uint8_t *arena = realloc(s->arena, cap);
        if (!arena) return SU_NO_MEMORY;
        s->arena = arena;
        s->acap = cap;
    }
    s->arena[s->alen] = (uint8_t)n;
    memcpy(s->arena + s->alen + 1, key, n);
    s->slot[j] = (uint32_t)(s->alen + 1);
    s->alen += n + 1;
    s->count++;
    return 1;
}

/* ------------------------------------------------------------------ hints */
static size_t put_cells(uint8_t *buf, const cm81 *cells)
{
    for (int k = 0; k < 16; k++) buf[k] = (uint8_t)(cells->w[k / 8] >> (8 * (k % 8)));
    return 16;
}

/* Keeps a hint of the current loop unless it removes nothing or its key (type, loop
 * cells, type-3 set ident[0..nident)) was kept already. removable[c]: c's removed mask. */
static int add_hint(su_ctx *x, int typ, const uint16_t removable[81], const uint8_t *ident, size_t nident, int n)
{
    int m = 0;
    for (int c = 0; c < 81; c++) m += removable[c] != 0;
    if (!m) return SU_OK;
    cm81 cells = {{0, 0}};
    for (int k = 0; k < x->len; k++) cm_add(&cells, x->loop[k]);
    uint8_t key[64];
    size_t kn = 0;
    key[kn++] = (uint8_t)typ;
    kn += put_cells(key + kn, &cells);
    key[kn++] = (uint8_t)x->len;
    if (nident > sizeof key - kn) return SU_BAD_INPUT; /* cannot happen: 15 bytes at most */
    if (nident) memcpy(key + kn, ident, nident);
    kn += nident;
    int added = set_add(&x->seen, key, kn);
    if (added <= 0) return added; /* 0: seen; or SU_NO_MEMORY */
    if (x->nhints == x->caphints) {
        size_t cap = x->caphints ? 2 * x->caphints : 16;
        su_hint *hints = realloc(x->hints, cap * sizeof *hints);
        if (!hints) return SU_NO_MEMORY;
        x->hints = hints;
        x->caphints = cap;
    }
    uint8_t rec[4 + 81 + 3 * 81];
    size_t rn = 0;
    rec[rn++] = (uint8_t)typ;
    rec[rn++] = (uint8_t)x->len;
    for (int k = 0; k < x->len; k++) rec[rn++] = x->loop[k];
    rec[rn++] = (uint8_t)n;
    rec[rn++] = (uint8_t)m;
    for (int c = 0; c < 81; c++)
        if (removable[c]) {
            rec[rn++] = (uint8_t)c;
            rec[rn++] = (uint8_t)(removable[c] & 0xFF);
            rec[rn++] = (uint8_t)(removable[c] >> 8);
        }
    su_hint *h = &x->hints[x->nhints];
    h->rating = rating_of(x->len, typ, n);
    h->typ = typ;
    h->rank = (int)x->nhints;
    h->at = x->recs.len;
    h->len = rn;
    x->nhints++;
    return put(&x->recs, rec, rn);
}

/* Type 2: the first extra cell's lowest extra digit leaves the cells seeing every extra cell. */
static int type2(su_ctx *x, const uint8_t *extra, int nextra)
{
    unsigned rest = x->cands[extra[0]] & ~x->both;
    unsigned bit = rest & (0u - rest);
    cm81 common = x->peers[extra[0]];
    for (int k = 1; k < nextra; k++) {
        common.w[0] &= x->peers[extra[k]].w[0];
        common.w[1] &= x->peers[extra[k]].w[1];
    }
    uint16_t removable[81] = {0};
    for (int c = 0; c < 81; c++) {
        if (!cm_has(&common, c) || !(x->cands[c] & bit)) continue;
        int is_extra = 0;
        for (int k = 0; k < nextra; k++) is_extra |= extra[k] == c;
        if (!is_extra) removable[c] = (uint16_t)bit;
    }
    return add_hint(x, 2, removable, NULL, 0, 0);
}

/* The colex successor of a k-subset mask (Gosper's hack); 0 after the empty set. */
static unsigned next_colex(unsigned value)
{
    if (!value) return ~0u;
    unsigned smallest = value & (0u - value);
    unsigned ripple = value + smallest;
    return ripple | (((value ^ ripple) >> 2) / smallest);
}

/* Type 3, naked sets of `degree` positions of house h holding c1's position (i1), not c2's. */
static int naked_sets(su_ctx *x, int h, int degree, int i1, int i2, int c1, int c2, unsigned extra)
{
    const uint8_t *cells = x->house[h];
    for (unsigned idx = (1u << degree) - 1; idx < 1u << 9; idx = next_colex(idx)) {
        if (!(idx >> i1 & 1) || (idx >> i2 & 1)) continue;
        unsigned naked = extra & x->cands[c1] & x->cands[c2];
        unsigned uni = 0;
        int single = 0, nothers = 0;
        uint8_t others[9];
        for (int k = 0; k < 9; k++) {
            if (!(idx >> k & 1)) continue;
            unsigned m = k == i1 ? extra : x->cands[cells[k]];
            if (k != i1) naked |= m, others[nothers++] = cells[k];
            if (popcount9(m) <= 1) single = 1;
            uni |= m;
        }
        if (popcount9(naked) != degree || single || popcount9(uni) != degree) continue;
        uint16_t removable[81] = {0};
        for (int k = 0; k < 9; k++) {
            int c = cells[k], other = 0;
            for (int j = 0; j < nothers; j++) other |= others[j] == c;
            if (!other && c != c1 && c != c2) removable[c] = (uint16_t)(x->cands[c] & uni);
        }
        uint8_t ident[16];
        size_t ni = 0;
        ident[ni++] = 'N';
        ident[ni++] = (uint8_t)h;
        ident[ni++] = (uint8_t)(uni & 0xFF);
        ident[ni++] = (uint8_t)(uni >> 8);
        ident[ni++] = (uint8_t)nothers;
        for (int j = 0; j < nothers; j++) ident[ni++] = others[j];
        ident[ni++] = (uint8_t)degree;
        int status = add_hint(x, 3, removable, ident, ni, degree);
        if (status < 0) return status;
    }
    return SU_OK;
}

/* Type 3, hidden sets: the loop digits and degree - 2 digits not among the extra ones on
 * `degree` positions of house h (c2's position left out). */
static int hidden_sets(su_ctx *x, int h, int degree, int i1, int i2, unsigned extra)
{
    const uint8_t *cells = x->house[h];
    int rem[9], nrem = 0;
    for (int v = 1; v <= 9; v++)
        if (v != x->v1 && v != x->v2 && !(extra >> (v - 1) & 1)) rem[nrem++] = v;
    int k2 = degree - 2;
    if (k2 > nrem) return SU_OK;
    for (unsigned pick = (1u << k2) - 1; pick < 1u << nrem; pick = next_colex(pick)) {
        unsigned hidden = 1u << (x->v1 - 1) | 1u << (x->v2 - 1);
        for (int k = 0; k < nrem; k++)
            if (pick >> k & 1) hidden |= 1u << (rem[k] - 1);
        unsigned uni = 0;
        int ok = 1;
        for (int v = 1; v <= 9; v++) {
            if (!(hidden >> (v - 1) & 1)) continue;
            unsigned pos = 0;
            for (int k = 0; k < 9; k++)
                if (k != i2 && (x->cands[cells[k]] >> (v - 1) & 1)) pos |= 1u << k;
            if (!pos) ok = 0;
            uni |= pos;
        }
        if (!ok || popcount9(uni) != degree) continue;
        uint16_t removable[81] = {0};
        uint8_t ident[16];
        size_t ni = 0;
        ident[ni++] = 'H';
        ident[ni++] = (uint8_t)h;
        ident[ni++] = (uint8_t)(hidden & 0xFF);
        ident[ni++] = (uint8_t)(hidden >> 8);
        size_t at_n = ni++;
        int nleft = 0;
        for (int k = 0; k < 9; k++) {
            if (!(uni >> k & 1) || k == i1 || k == i2) continue;
            ident[ni++] = (uint8_t)k;
            nleft++;
            removable[cells[k]] = (uint16_t)(x->cands[cells[k]] & ~hidden);
        }
        ident[at_n] = (uint8_t)nleft;
        ident[ni++] = (uint8_t)nleft;
        int status = add_hint(x, 3, removable, ident, ni, nleft);
        if (status < 0) return status;
    }
    return SU_OK;
}

static int type3(su_ctx *x, int c1, int c2)
{
    unsigned extra = (x->cands[c1] | x->cands[c2]) & ~x->both;
    for (int degree = popcount9(extra); degree < 8; degree++)
        for (int kind = 0; kind < 3; kind++) {
            int h = x->se_houses[c1][kind];
            if (h != x->se_houses[c2][kind]) continue;
            const uint8_t *cells = x->house[h];
            int empty = 0, i1 = 0, i2 = 0;
            for (int k = 0; k < 9; k++) {
                empty += !x->values[cells[k]];
                if (cells[k] == c1) i1 = k;
                if (cells[k] == c2) i2 = k;
            }
            int status = SU_OK;
            if (degree * 2 <= empty) status = naked_sets(x, h, degree, i1, i2, c1, c2, extra);
            if (status == SU_OK && degree * 2 < empty) status = hidden_sets(x, h, degree, i1, i2, extra);
            if (status < 0) return status;
        }
    return SU_OK;
}

/* Type 4: a loop digit with no other place than c1, c2 in a house they share. */
static int type4(su_ctx *x, int c1, int c2)
{
    unsigned b1 = 1u << (x->v1 - 1), b2 = 1u << (x->v2 - 1);
    int r1 = 0, r2 = 0;
    for (int kind = 0; kind < 3; kind++) {
        int h = x->se_houses[c1][kind];
        if (h != x->se_houses[c2][kind]) continue;
        unsigned seen = 0;
        for (int k = 0; k < 9; k++) {
            int c = x->house[h][k];
            if (c != c1 && c != c2) seen |= x->cands[c];
        }
        if (!(seen & b1)) r1 = 1;
        if (!(seen & b2)) r2 = 1;
    }
    if (!r1 && !r2) return SU_OK;
    uint16_t removable[81] = {0};
    removable[c1] = removable[c2] = (uint16_t)(r1 ? b2 : b1);
    return add_hint(x, 4, removable, NULL, 0, 0);
}

/* Every house met once at an even and once at an odd position of the loop. */
static int valid(const su_ctx *x)
{
    uint32_t side[2] = {0, 0};
    for (int k = 0; k < x->len; k++)
        for (int kind = 0; kind < 3; kind++) {
            uint32_t bit = (uint32_t)1 << x->se_houses[x->loop[k]][kind];
            if (side[k & 1] & bit) return 0;
            side[k & 1] |= bit;
        }
    return side[0] == side[1];
}

static int found(su_ctx *x)
{
    if (!valid(x)) return SU_OK;
    uint8_t extra[81];
    int nextra = 0;
    for (int k = 0; k < x->len; k++)
        if (popcount9(x->cands[x->loop[k]]) > 2) extra[nextra++] = x->loop[k];
    /* the same loop from another cell or the other way round: the same hints, all seen */
    cm81 cells = {{0, 0}};
    for (int k = 0; k < x->len; k++) cm_add(&cells, x->loop[k]);
    uint8_t key[16 + 1 + 81 + 2];
    size_t kn = put_cells(key, &cells);
    key[kn++] = (uint8_t)nextra;
    memcpy(key + kn, extra, (size_t)nextra);
    kn += (size_t)nextra;
    key[kn++] = (uint8_t)x->v1;
    key[kn++] = (uint8_t)x->v2;
    int added = set_add(&x->done, key, kn);
    if (added <= 0) return added;
    if (nextra == 1) {
        uint16_t removable[81] = {0};
        removable[extra[0]] = (uint16_t)x->both;
        return add_hint(x, 1, removable, NULL, 0, 0);
    }
    if (nextra > 2) return type2(x, extra, nextra);
    if (nextra != 2) return SU_OK;
    int c1 = extra[0], c2 = extra[1];
    unsigned rest = (x->cands[c1] | x->cands[c2]) & ~x->both;
    int status = SU_OK;
    if (popcount9(rest) == 1) status = type2(x, extra, 2);
    else if (popcount9(rest) >= 2) status = type3(x, c1, c2);
    if (status < 0) return status;
    return type4(x, c1, c2);
}

/* SE's checkForLoops: depth first through the houses in SE's order, never twice through the
 * same kind of house in a row; `ex` accumulates over the siblings, as in SE. */
static int search(su_ctx *x, int cell, cm81 inside, int allowed, unsigned ex, int last)
{
    if (++x->spent > x->limit && x->limit >= 0) return SU_LIMIT;
    x->loop[x->len++] = (uint8_t)cell;
    cm_add(&inside, cell);
    int start = x->loop[0], status = SU_OK;
    for (int kind = 0; kind < 3 && status >= 0; kind++) {
        if (kind == last) continue;
        /* the house's cells holding both digits, ascending (the house's own order) */
        const cm81 *h = &x->hmask[x->se_houses[cell][kind]];
        for (int w = 0; w < 2 && status >= 0; w++)
            for (uint64_t bits = x->holding.w[w] & h->w[w]; bits && status >= 0; bits &= bits - 1) {
                int nxt = 64 * w + lowest_index64(bits);
                if (nxt == start && x->len >= 4) {
                    status = found(x);
                } else if (!cm_has(&inside, nxt)) {
                    unsigned m = x->cands[nxt];
                    ex |= m & ~x->both;
                    unsigned rest = m & (m - 1);           /* m without its lowest digit */
                    int two = rest && !(rest & (rest - 1)); /* exactly two digits */
                    int one_extra = ex && !(ex & (ex - 1));
                    if (two || one_extra || allowed > 0)
                        status = search(x, nxt, inside, !two && rest ? allowed - 1 : allowed, ex, kind);
                }
            }
    }
    x->len--;
    return status < 0 ? status : SU_OK;
}

static int by_rating(const void *a, const void *b)
{
    const su_hint *p = a, *q = b;
    if (p->rating != q->rating) return p->rating < q->rating ? -1 : 1;
    if (p->typ != q->typ) return p->typ < q->typ ? -1 : 1;
    return (p->rank > q->rank) - (p->rank < q->rank);
}

static int run(su_ctx *x, su_out *out)
{
    for (int cell = 0; cell < 81; cell++) {
        unsigned both = x->cands[cell];
        if (popcount9(both) != 2) continue;
        x->both = both;
        x->v1 = x->v2 = 0;
        for (int v = 1; v <= 9; v++)
            if (both >> (v - 1) & 1) *(x->v1 ? &x->v2 : &x->v1) = v;
        for (int w = 0; w < 2; w++) x->holding.w[w] = x->where[x->v1 - 1].w[w] & x->where[x->v2 - 1].w[w];
        x->len = 0;
        int status = search(x, cell, (cm81){{0, 0}}, 2, 0, -1);
        if (status < 0) return status;
    }
    if (x->nhints > 1) qsort(x->hints, x->nhints, sizeof *x->hints, by_rating);
    for (size_t k = 0; k < x->nhints; k++) {
        int status = put(out, x->recs.data + x->hints[k].at, x->hints[k].len);
        if (status < 0) return status;
    }
    return SU_OK;
}

int seunique9_loops(const uint16_t cands[81], const uint8_t values[81], long limit, su_out *out, long *spent)
{
    *spent = 0;
    if (limit < -1) return SU_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF || values[i] > 9) return SU_BAD_INPUT;
    su_ctx *x = calloc(1, sizeof *x);
    if (!x) return SU_NO_MEMORY;
    x->limit = limit;
    memcpy(x->cands, cands, sizeof x->cands);
    x->values = values;
    segeom_houses(x->house);
    for (int i = 0; i < 81; i++) {
        int r = i / 9, col = i % 9;
        x->se_houses[i][0] = (uint8_t)(18 + r / 3 * 3 + col / 3);
        x->se_houses[i][1] = (uint8_t)r;
        x->se_houses[i][2] = (uint8_t)(9 + col);
    }
    for (int h = 0; h < 27; h++)
        for (int k = 0; k < 9; k++) cm_add(&x->hmask[h], x->house[h][k]);
    for (int i = 0; i < 81; i++) {
        for (int w = 0; w < 2; w++)
            for (int kind = 0; kind < 3; kind++) x->peers[i].w[w] |= x->hmask[x->se_houses[i][kind]].w[w];
        x->peers[i].w[i >> 6] &= ~((uint64_t)1 << (i & 63));
        for (int v = 0; v < 9; v++)
            if (x->cands[i] >> v & 1) cm_add(&x->where[v], i);
    }
    int status = run(x, out);
    *spent = x->spent;
    set_free(&x->done);
    set_free(&x->seen);
    seunique9_out_free(&x->recs);
    free(x->hints);
    free(x);
    return status;
}
