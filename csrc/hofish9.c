/* hofish9.c -- HoDoKu's Franken/Mutant fish search; see hofish9.h and the twin
 * src/sudokit/_pyfish9.py (same search, same order, same records). */
#include "hofish9.h"

#include "bits.h"
#include "geom9.h"

#include <stdlib.h>
#include <string.h>

#define MAX_FINS 5
#define MAX_ENDO_FINS 2

/* A set of cells: bit i of lo for cells 0-63, bit i-64 of hi for cells 64-80. */
typedef struct {
    uint64_t lo, hi;
} cells81;

static inline cells81 c_or(cells81 a, cells81 b) { return (cells81){a.lo | b.lo, a.hi | b.hi}; }
static inline cells81 c_and(cells81 a, cells81 b) { return (cells81){a.lo & b.lo, a.hi & b.hi}; }
static inline cells81 c_andnot(cells81 a, cells81 b) { return (cells81){a.lo & ~b.lo, a.hi & ~b.hi}; }
static inline int c_any(cells81 a) { return (a.lo | a.hi) != 0; }

/* Bits set in x (SWAR: no CPU-specific instruction, no library call). */
static inline int pc64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static inline int lowest_index9(unsigned m)
{
    int i = 0;
    while (i < 8 && !(m >> i & 1)) i++;
    return i;
}

static inline int c_count(cells81 a) { return pc64(a.lo) + pc64(a.hi); }

static inline void c_set(cells81 *a, int cell)
{
    if (cell < 64) a->lo |= (uint64_t)1 << cell;
    else a->hi |= (uint64_t)1 << (cell - 64);
}

/* The search's state for one call (no global state). */
typedef struct {
    cells81 house[27], peers[81];
    cells81 where;        /* the digit's places */
    int digit, size, finned, max_hits, hits;
    int nbase, ncover;
    uint8_t base_units[54], cover_units[54];
    cells81 base_cands[54];
    uint8_t bases[4], covers[4];
    long spent;
    hf_out *out;
    int status;
} hf_ctx;

static void geometry(hf_ctx *x)
{
    memset(x->house, 0, sizeof x->house);
    for (int i = 0; i < 81; i++) {
        int r = i / 9, col = i % 9, b = r / 3 * 3 + col / 3;
        c_set(&x->house[r], i);
        c_set(&x->house[9 + col], i);
        c_set(&x->house[18 + b], i);
    }
    for (int i = 0; i < 81; i++) {
        int r = i / 9, col = i % 9, b = r / 3 * 3 + col / 3;
        cells81 p = c_or(c_or(x->house[r], x->house[9 + col]), x->house[18 + b]);
        if (i < 64) p.lo &= ~((uint64_t)1 << i);
        else p.hi &= ~((uint64_t)1 << (i - 64));
        x->peers[i] = p;
    }
}

/* Appends n bytes to out. */
static int put(hf_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 256;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HF_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HF_OK;
}

static int emit(hf_ctx *x)
{
    uint8_t rec[10];
    rec[0] = (uint8_t)x->digit;
    rec[1] = (uint8_t)x->size;
    memcpy(rec + 2, x->bases, (size_t)x->size);
    memcpy(rec + 2 + x->size, x->covers, (size_t)x->size);
    x->hits++;
    return put(x->out, rec, 2 + 2 * (size_t)x->size);
}

/* 1 when some cell of `targets` sees every cell of `cells` (the fins): AND the fins'
 * peer masks, stopping as soon as no target is left. */
static int seen_by_all(const hf_ctx *x, cells81 cells, cells81 targets)
{
    for (uint64_t lo = cells.lo; lo && c_any(targets); lo &= lo - 1) targets = c_and(targets, x->peers[lowest_index64(lo)]);
    for (uint64_t hi = cells.hi; hi && c_any(targets); hi &= hi - 1) targets = c_and(targets, x->peers[64 + lowest_index64(hi)]);
    return c_any(targets);
}

/* 1 when bases/covers with these unions make a fish (the twin's _check). */
static int is_fish(const hf_ctx *x, cells81 base, cells81 endo, cells81 cover, cells81 cannibal)
{
    cells81 fins = c_or(c_andnot(base, cover), endo);
    cells81 kill = c_or(c_andnot(cover, base), cannibal);
    if (!x->finned) return !c_any(fins) && c_any(kill);
    if (!c_any(fins) || c_count(fins) > MAX_FINS) return 0;
    return seen_by_all(x, fins, kill);
}

/* At most how many places of `left` k more covers from packed[start..n) can take: the sum
 * of the k largest counts. */
static int reach(const uint64_t *packed, int start, int n, int k, uint64_t left)
{
    int best[4] = {0, 0, 0, 0};
    for (int i = start; i < n; i++) {
        int v = pc64(packed[i] & left);
        for (int j = 0; j < k; j++)
            if (v > best[j]) {
                int t = best[j];
                best[j] = v;
                v = t;
            }
    }
    int sum = 0;
    for (int j = 0; j < k; j++) sum += best[j];
    return sum;
}

/* The cover houses of one base set. The counting (how many base places a cover takes)
 * runs on packed masks: the base's places numbered 0.. (at most 4 x 9 of them) in one
 * word, packed[i] the places of cover i among them. */
typedef struct {
    const uint8_t *units;
    const cells81 *masks;
    const uint64_t *packed;
    int n, room;
    cells81 base, endo;
} cover_set;

/* The last cover of a set: reach's bound (one more cover: the largest count) and the
 * leaves in one pass over the counts; a leaf whose uncovered base places alone are too
 * many fins is rejected from its count (is_fish would reject it), still counted as
 * checked. */
static int cover_last(hf_ctx *x, const cover_set *cs, int start, int level, cells81 uni, cells81 cannibal, uint64_t left)
{
    int counts[54], best = 0, nleft = pc64(left);
    for (int i = start; i < cs->n; i++) {
        counts[i] = pc64(cs->packed[i] & left);
        if (counts[i] > best) best = counts[i];
    }
    if (nleft > cs->room + best) return HF_OK;
    int most = x->finned ? MAX_FINS : 0;
    for (int i = start; i < cs->n; i++) {
        x->spent++;
        if (nleft - counts[i] > most) continue;
        cells81 u = c_or(uni, cs->masks[i]);
        cells81 can = c_or(cannibal, c_and(uni, cs->masks[i]));
        if (is_fish(x, cs->base, cs->endo, u, can)) {
            x->covers[level] = cs->units[i];
            int status = emit(x);
            if (status != HF_OK) return status;
            if (x->max_hits && x->hits >= x->max_hits) return 1;
        }
    }
    return HF_OK;
}

/* `left`: the base places no chosen cover takes (packed). */
static int cover_extend(hf_ctx *x, const cover_set *cs, int start, int level, cells81 uni, cells81 cannibal, uint64_t left)
{
    if (level >= 4) return HF_OK; /* cannot happen (size <= 4): tells the compiler covers[] is not overrun */
    if (level + 1 == x->size) return cover_last(x, cs, start, level, uni, cannibal, left);
    if (pc64(left) > cs->room + reach(cs->packed, start, cs->n, x->size - level, left)) return HF_OK;
    for (int i = start; i < cs->n - x->size + level + 1; i++) {
        cells81 u = c_or(uni, cs->masks[i]);
        cells81 can = c_or(cannibal, c_and(uni, cs->masks[i]));
        x->covers[level] = cs->units[i];
        int status = cover_extend(x, cs, i + 1, level + 1, u, can, left & ~cs->packed[i]);
        if (status) return status;
    }
    return HF_OK;
}

/* The covers of one base set as the viewer test (maybe_fish) sees them: in[h] the base
 * places cover house h takes (empty for a house that is no cover). */
typedef struct {
    const hf_ctx *x;
    cells81 in[27];
    cells81 base, endo;
} view_set;

static inline int c_lowest(cells81 a) { return a.lo ? lowest_index64(a.lo) : 64 + lowest_index64(a.hi); }

static inline int c_has(cells81 a, int cell) { return (int)((cell < 64 ? a.lo >> cell : a.hi >> (cell - 64)) & 1); }

/* The base places sharing a cover with a cell. */
static inline cells81 near_of(const view_set *v, int cell)
{
    const uint8_t *h = GEOM9_CELL_HOUSES[cell];
    return c_or(c_or(v->in[h[0]], v->in[h[1]]), v->in[h[2]]);
}

/* The cells of `cands` not ruled out by a bound shared by all of them: the places
 * `spread` (base places chosen so that no two share a cover) that a cell c does not see
 * need a cover each, none holding c; c needs one more (two when it is in `twice`). More
 * than `size` in all rules c out. The count runs on all cells at once (bit-sliced: count
 * = 4 * b2 + 2 * b1 + b0, held at 4 and above in b2). */
static cells81 few_covers(const view_set *v, cells81 places, cells81 cands, cells81 twice, int size)
{
    cells81 b0 = {0, 0}, b1 = {0, 0}, b2 = {0, 0};
    while (c_any(places)) {
        int q = c_lowest(places);
        cells81 self = {0, 0};
        c_set(&self, q);
        places = c_andnot(places, c_or(near_of(v, q), self));
        cells81 far = c_andnot((cells81){~(uint64_t)0, 0x1FFFF}, c_or(v->x->peers[q], self));
        cells81 carry = c_and(b0, far);
        b0 = (cells81){b0.lo ^ far.lo, b0.hi ^ far.hi};
        cells81 carry2 = c_and(b1, carry);
        b1 = (cells81){b1.lo ^ carry.lo, b1.hi ^ carry.hi};
        b2 = c_or(b2, carry2);
    }
    /* counts of at least 1..4 */
    cells81 at_least[5] = {{~(uint64_t)0, 0x1FFFF}, c_or(c_or(b0, b1), b2), c_or(b1, b2), c_or(b2, c_and(b1, b0)), b2};
    cells81 out = c_andnot(c_andnot(cands, twice), size <= 4 ? at_least[size] : (cells81){0, 0});
    return c_or(out, c_andnot(c_and(cands, twice), at_least[size - 1]));
}

/* 1 when k more covers can take every place of `need` (base places), the covers chosen
 * so far taking `covered`: the lowest place left needs one of its covers. A full set of
 * covers must leave 1..5 fins (uncovered base places and endo fins). */
static int can_cover(const view_set *v, cells81 need, cells81 covered, int k)
{
    if (!c_any(need)) {
        if (k) return 1;
        int fins = c_count(c_or(c_andnot(v->base, covered), v->endo));
        return fins && fins <= MAX_FINS;
    }
    if (!k) return 0;
    const uint8_t *h = GEOM9_CELL_HOUSES[c_lowest(need)];
    for (int j = 0; j < 3; j++) {
        cells81 m = v->in[h[j]];
        if (c_any(m) && can_cover(v, c_andnot(need, m), c_or(covered, m), k - 1)) return 1;
    }
    return 0;
}

/* A necessary condition for a finned fish on these bases (the twin's _maybe_fish). A
 * fish's fins (its uncovered base places and endo fins) are all seen by a cell c it
 * removes: a cover place outside the bases, or a base place in two covers. So for some
 * such c that sees every endo fin, the covers take c (twice for a base place) and every
 * base place that does not see c; and a set of `size` covers leaves 1..5 fins. The
 * cover search runs only when some c passes: the same fish, far fewer cover sets
 * looked at (the fins' cell rarely exists). First a cheap bound per c: places of which
 * no two share a cover need a cover each. */
static int maybe_fish(const view_set *v, cells81 kill)
{
    const hf_ctx *x = v->x;
    for (uint64_t lo = v->endo.lo; lo; lo &= lo - 1) kill = c_and(kill, x->peers[lowest_index64(lo)]);
    for (uint64_t hi = v->endo.hi; hi; hi &= hi - 1) kill = c_and(kill, x->peers[64 + lowest_index64(hi)]);
    kill = few_covers(v, v->base, kill, v->base, x->size);
    while (c_any(kill)) {
        int c = c_lowest(kill);
        if (c < 64) kill.lo &= kill.lo - 1;
        else kill.hi &= kill.hi - 1;
        const uint8_t *h = GEOM9_CELL_HOUSES[c];
        int own = c_has(v->base, c) ? 2 : 1; /* covers c must lie in */
        cells81 need = c_andnot(v->base, x->peers[c]);
        cells81 left = c_andnot(need, near_of(v, c));
        int used = own;
        while (c_any(left) && used <= x->size) {
            left = c_andnot(left, near_of(v, c_lowest(left)));
            used++;
        }
        if (used > x->size) continue;
        for (int a = 0; a < 3; a++) {
            cells81 ma = v->in[h[a]];
            if (!c_any(ma)) continue;
            if (own == 1) {
                if (can_cover(v, c_andnot(need, ma), ma, x->size - 1)) return 1;
                continue;
            }
            for (int b = a + 1; b < 3; b++) {
                cells81 mb = v->in[h[b]], m = c_or(ma, mb);
                if (c_any(mb) && can_cover(v, c_andnot(need, m), m, x->size - 2)) return 1;
            }
        }
    }
    return 0;
}

static int covers(hf_ctx *x, cells81 base, cells81 endo, cells81 view)
{
    uint8_t units[54];
    cells81 masks[54];
    uint64_t packed[54];
    uint8_t index[81]; /* a base place's bit in the packed masks */
    uint32_t used = 0;
    for (int j = 0; j < x->size; j++) used |= (uint32_t)1 << x->bases[j];
    int n = 0;
    for (int k = 0; k < x->ncover; k++) {
        int h = x->cover_units[k];
        cells81 m = c_and(x->where, x->house[h]);
        if (used >> h & 1 || !c_any(c_and(m, base))) continue;
        units[n] = (uint8_t)h;
        masks[n++] = m;
    }
    int room = x->finned ? MAX_FINS - c_count(endo) : 0;
    if (room < 0) return HF_OK;
    if (x->finned) {
        view_set v;
        memset(v.in, 0, sizeof v.in);
        v.x = x, v.base = base, v.endo = endo;
        cells81 any = {0, 0}, two = {0, 0}, in_any = {0, 0};
        for (int i = 0; i < n; i++) {
            cells81 in = c_and(masks[i], base);
            v.in[units[i]] = in;
            two = c_or(two, c_and(in_any, in));
            in_any = c_or(in_any, in);
            any = c_or(any, masks[i]);
        }
        if (!maybe_fish(&v, c_and(view, c_or(c_andnot(any, base), two)))) return HF_OK;
    }
    int places = 0;
    for (uint64_t lo = base.lo; lo; lo &= lo - 1) index[lowest_index64(lo)] = (uint8_t)places++;
    for (uint64_t hi = base.hi; hi; hi &= hi - 1) index[64 + lowest_index64(hi)] = (uint8_t)places++;
    if (places > 63) return HF_OK; /* cannot happen: at most 4 houses of 9 places */
    for (int i = 0; i < n; i++) {
        cells81 in = c_and(masks[i], base);
        uint64_t p = 0;
        for (uint64_t lo = in.lo; lo; lo &= lo - 1) p |= (uint64_t)1 << index[lowest_index64(lo)];
        for (uint64_t hi = in.hi; hi; hi &= hi - 1) p |= (uint64_t)1 << index[64 + lowest_index64(hi)];
        packed[i] = p;
    }
    cover_set cs = {units, masks, packed, n, room, base, endo};
    return cover_extend(x, &cs, 0, 0, (cells81){0, 0}, (cells81){0, 0}, ((uint64_t)1 << places) - 1);
}

/* The same necessary condition for the first size - 1 bases (uni, endo) of a base set,
 * whatever its last base: every fish of the full set has a cell c (a digit place that
 * sees these endo fins) such that the places of these bases that do not see c need,
 * with c, at most `size` covers (covers from the cover houses that are not these bases,
 * a superset of the full set's). Only the quick bound: places of which no two share a
 * cover, nor with c, need a cover each; c itself one (two when it is a place of these
 * bases: a base place must lie in two covers to be removed). */
static cells81 maybe_part(const hf_ctx *x, int chosen, cells81 uni, cells81 endo, cells81 view)
{
    view_set v;
    memset(v.in, 0, sizeof v.in);
    v.x = x, v.base = uni, v.endo = endo;
    uint32_t used = 0;
    for (int j = 0; j < chosen; j++) used |= (uint32_t)1 << x->bases[j];
    cells81 any = {0, 0};
    for (int k = 0; k < x->ncover; k++) {
        int h = x->cover_units[k];
        if (used >> h & 1) continue;
        cells81 m = c_and(x->where, x->house[h]);
        v.in[h] = c_and(m, uni);
        any = c_or(any, m);
    }
    for (uint64_t lo = endo.lo; lo; lo &= lo - 1) any = c_and(any, x->peers[lowest_index64(lo)]);
    for (uint64_t hi = endo.hi; hi; hi &= hi - 1) any = c_and(any, x->peers[64 + lowest_index64(hi)]);
    cells81 pass = {0, 0};
    for (cells81 todo = few_covers(&v, uni, c_and(any, view), uni, x->size); c_any(todo);) {
        int c = c_lowest(todo);
        if (c < 64) todo.lo &= todo.lo - 1;
        else todo.hi &= todo.hi - 1;
        int used_covers = c_has(uni, c) ? 2 : 1;
        cells81 left = c_andnot(c_andnot(uni, x->peers[c]), near_of(&v, c));
        while (c_any(left) && used_covers <= x->size) {
            left = c_andnot(left, near_of(&v, c_lowest(left)));
            used_covers++;
        }
        if (used_covers <= x->size) c_set(&pass, c);
    }
    return pass;
}

/* `view`: the cells that may still be a fish's removed cell seeing its fins (maybe_part's
 * for the first size - 1 bases; every cell before). */
static int base_extend(hf_ctx *x, int start, int chosen, cells81 uni, cells81 endo, cells81 view)
{
    if (chosen >= 4) return HF_OK; /* cannot happen (size <= 4) */
    if (x->finned && chosen >= 1 && chosen + 1 == x->size) {
        view = maybe_part(x, chosen, uni, endo, view);
        if (!c_any(view)) return HF_OK;
    }
    for (int i = start; i < x->nbase; i++) {
        cells81 new_endo = c_and(uni, x->base_cands[i]);
        if (c_any(new_endo) && (!x->finned || c_count(endo) + c_count(new_endo) > MAX_ENDO_FINS)) continue;
        cells81 u = c_or(uni, x->base_cands[i]), e = c_or(endo, new_endo);
        x->bases[chosen] = x->base_units[i];
        int status = HF_OK;
        if (chosen + 1 == x->size) status = covers(x, u, e, view);
        else status = base_extend(x, i + 1, chosen + 1, u, e, view);
        if (status) return status;
    }
    return HF_OK;
}

/* HoDoKu's base and cover houses, in its order, for one orientation (rows first when
 * lines is set). */
static void units(hf_ctx *x, int mutant, int lines)
{
    x->nbase = x->ncover = 0;
    for (int h = 0; h < 27; h++) {
        cells81 m = c_and(x->where, x->house[h]);
        if (!c_any(m)) continue;
        int small = x->finned || c_count(m) <= x->size;
        if (h < 18) {
            int first_base = (h < 9) == lines;
            for (int k = 0; k < (mutant ? 2 : 1); k++) {
                int as_base = k == 0 ? first_base : !first_base;
                if (as_base) {
                    if (small) x->base_units[x->nbase++] = (uint8_t)h;
                } else {
                    x->cover_units[x->ncover++] = (uint8_t)h;
                }
            }
        } else {
            x->cover_units[x->ncover++] = (uint8_t)h;
            if (small) x->base_units[x->nbase++] = (uint8_t)h;
        }
    }
    for (int i = 0; i < x->nbase; i++) x->base_cands[i] = c_and(x->where, x->house[x->base_units[i]]);
}

int hofish9_search(const uint16_t cands[81], int size, int finned, int mutant, int max_hits, hf_out *out, long *spent)
{
    *spent = 0;
    if (size < 2 || size > 4 || max_hits < 0) return HF_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HF_BAD_INPUT;
    hf_ctx *x = malloc(sizeof *x);
    if (!x) return HF_NO_MEMORY;
    geometry(x);
    x->size = size;
    x->finned = finned != 0;
    x->max_hits = max_hits;
    x->hits = 0;
    x->spent = 0;
    x->out = out;
    int status = HF_OK;
    for (int d = 1; d <= 9 && status == HF_OK; d++) {
        x->where = (cells81){0, 0};
        for (int i = 0; i < 81; i++)
            if (cands[i] >> (d - 1) & 1) c_set(&x->where, i);
        if (!c_any(x->where)) continue;
        x->digit = d;
        for (int lines = 1; lines >= 0 && status == HF_OK; lines--) {
            units(x, mutant, lines);
            status = base_extend(x, 0, 0, (cells81){0, 0}, (cells81){0, 0}, (cells81){~(uint64_t)0, 0x1FFFF});
            if (mutant) break;
        }
    }
    *spent = x->spent;
    free(x);
    return status == 1 ? HF_OK : status;
}

/* ---------------------------------------------------------------- basic and finned fish */

static inline int pc9(unsigned m) { return count9(m); } /* one table load (bits.h) */

/* One digit and orientation of the basic/finned search (sudokit.human.fish). */
typedef struct {
    unsigned pos[9];     /* per base line, the cross lines holding the digit */
    int digit, by_rows, size, mode, max_hits, hits;
    int bases[4];
    long spent;
    hf_out *out;
    int both;          /* finned search that also keeps the first sashimi fish in side */
    uint8_t side[10];
    size_t side_len;
} bf_ctx;

/* The record of the fish at hand into rec (10 bytes); its length. */
static size_t bf_record(const bf_ctx *x, unsigned cover, unsigned fins, uint8_t rec[10])
{
    rec[0] = (uint8_t)x->digit;
    rec[1] = (uint8_t)x->by_rows;
    for (int k = 0; k < x->size; k++) rec[2 + k] = (uint8_t)x->bases[k];
    uint8_t *p = rec + 2 + x->size;
    p[0] = (uint8_t)(cover & 0xFF), p[1] = (uint8_t)(cover >> 8);
    p[2] = (uint8_t)(fins & 0xFF), p[3] = (uint8_t)(fins >> 8);
    return 6 + (size_t)x->size;
}

static int bf_emit(bf_ctx *x, unsigned cover, unsigned fins)
{
    uint8_t rec[10];
    size_t len = bf_record(x, cover, fins, rec);
    x->hits++;
    int status = put(x->out, rec, len);
    if (status) return status;
    return x->max_hits && x->hits >= x->max_hits ? 1 : HF_OK;
}

static const unsigned BANDS[3] = {0x7, 0x38, 0x1C0};

/* A basic fish of these bases (union: their cross lines). */
static int bf_basic(bf_ctx *x, unsigned uni)
{
    if (pc9(uni) != x->size) return HF_OK;
    for (int i = 0; i < 9; i++) {
        int used = 0;
        for (int k = 0; k < x->size; k++) used |= x->bases[k] == i;
        if (!used && (x->pos[i] & uni)) return bf_emit(x, uni, 0);
    }
    return HF_OK;
}

/* The finned fish of these bases with fins in `band` and cover = outside | the chosen
 * cross lines of the band (fish.py's _covers and _finned_step). */
static int bf_cover(bf_ctx *x, unsigned uni, unsigned band, unsigned cover)
{
    unsigned fin_cross = uni & ~cover;
    if (!fin_cross) return HF_OK;
    unsigned fin_lines = 0, base_mask = 0;
    for (int k = 0; k < x->size; k++) {
        base_mask |= 1u << x->bases[k];
        if (x->pos[x->bases[k]] & fin_cross) fin_lines |= 1u << x->bases[k];
    }
    unsigned base_band = BANDS[lowest_index9(fin_lines) / 3];
    if (fin_lines & ~base_band) return HF_OK;
    int elims = 0;
    for (int i = 0; i < 9; i++)
        if ((base_band & ~base_mask) >> i & 1 && (x->pos[i] & cover & band)) elims = 1;
    if (!elims) return HF_OK;
    int sashimi = 0;
    for (int k = 0; k < x->size; k++) {
        unsigned on = x->pos[x->bases[k]] & cover;
        if (!on) return HF_OK; /* a base line made only of fins */
        if (pc9(on) == 1) sashimi = 1;
    }
    if (x->both && sashimi) {
        if (!x->side_len) x->side_len = bf_record(x, cover, fin_cross, x->side);
        return HF_OK;
    }
    if (sashimi != (x->mode == 2)) return HF_OK;
    return bf_emit(x, cover, fin_cross);
}

/* Every choice of `missing` cross lines from `pool` (ascending combinations). */
static int bf_extra(bf_ctx *x, unsigned uni, unsigned band, unsigned cover, unsigned pool, int missing)
{
    if (!missing) return bf_cover(x, uni, band, cover);
    for (int j = 0; j < 9; j++) {
        if (!(pool >> j & 1)) continue;
        int status = bf_extra(x, uni, band, cover | 1u << j, pool & ~((2u << j) - 1), missing - 1);
        if (status) return status;
    }
    return HF_OK;
}

static int bf_finned(bf_ctx *x, unsigned uni)
{
    int n = pc9(uni);
    if (n <= x->size || n > x->size + 3) return HF_OK;
    if (pc9(uni & 0x1F8) > x->size && pc9(uni & 0x1C7) > x->size && pc9(uni & 0x3F) > x->size) return HF_OK;
    unsigned bases = 0;
    for (int k = 0; k < x->size; k++) bases |= 1u << x->bases[k];
    for (int b = 0; b < 3; b++) {
        unsigned outside = uni & ~BANDS[b], part = uni & BANDS[b];
        int missing = x->size - pc9(outside);
        /* bf_cover's eliminations are places of a non-base line in the cover lines of this
         * band (a subset of `part`, empty when nothing is missing), in a base band that
         * also holds a fin (a base line's place in `part`): without such a pair of lines,
         * no choice of cover lines gives a fish. */
        if (missing <= 0) continue;
        unsigned with_fin = 0, with_elim = 0;
        for (int i = 0; i < 9; i++)
            if (x->pos[i] & part) *(bases >> i & 1 ? &with_fin : &with_elim) |= 1u << (i / 3);
        if (!(with_fin & with_elim)) continue;
        int status = bf_extra(x, uni, BANDS[b], outside, part, missing);
        if (status) return status;
    }
    return HF_OK;
}

/* CHOOSE[n][k]: the number of k-element subsets of n lines (n <= 9, k <= 4). */
static const unsigned char CHOOSE[10][5] = {
    {1, 0, 0, 0, 0},  {1, 1, 0, 0, 0},  {1, 2, 1, 0, 0},   {1, 3, 3, 1, 0},    {1, 4, 6, 4, 1},
    {1, 5, 10, 10, 5}, {1, 6, 15, 20, 15}, {1, 7, 21, 35, 35}, {1, 8, 28, 56, 70}, {1, 9, 36, 84, 126},
};

/* Whether no base set holding these bases' union `uni` can be a fish of the search: the
 * leaf tests bf_basic and bf_finned start with only grow with the union (more cover
 * lines), so once they fail, they fail for every superset. */
static int bf_dead(const bf_ctx *x, unsigned uni)
{
    int n = pc9(uni);
    if (!x->mode) return n > x->size;
    /* bf_finned needs a band whose lines leave at least one cover line to choose (at most
     * size - 1 lines outside it, at most 3 in it) */
    return n > x->size + 2 ||
           (pc9(uni & 0x1F8) >= x->size && pc9(uni & 0x1C7) >= x->size && pc9(uni & 0x3F) >= x->size);
}

/* Base line combinations (ascending) of lines[0..n), walked without recursion. A branch
 * that cannot hold a fish (bf_dead) is skipped, its combinations still counted in spent
 * (as if looked at). */
static int bf_bases(bf_ctx *x, const int *lines, int n)
{
    int size = x->size, idx[4], t = 0;
    unsigned acc[4];
    if (size < 1 || size > 4) return HF_OK; /* cannot happen (size 2..4) */
    acc[0] = 0, idx[0] = 0;
    while (t >= 0) {
        if (idx[t] > n - size + t) { /* no room left for the lines after this one: back up */
            if (--t >= 0) idx[t]++;
            continue;
        }
        x->bases[t] = lines[idx[t]];
        unsigned uni = acc[t] | x->pos[lines[idx[t]]];
        if (t == size - 1) {
            x->spent++;
            int status = x->mode ? bf_finned(x, uni) : bf_basic(x, uni);
            if (status) return status;
            idx[t]++;
            continue;
        }
        if (bf_dead(x, uni)) {
            x->spent += CHOOSE[n - idx[t] - 1][size - t - 1];
            idx[t]++;
            continue;
        }
        acc[t + 1] = uni;
        idx[t + 1] = idx[t] + 1;
        t++;
    }
    return HF_OK;
}

static int bf_run(const uint16_t cands[81], bf_ctx *x)
{
    int status = HF_OK, size = x->size, mode = x->mode;
    unsigned pos[10][2][9]; /* pos[d][by_rows][line]: the digit's cross lines (one pass over the cells) */
    memset(pos, 0, sizeof pos);
    for (int cell = 0; cell < 81; cell++)
        for (unsigned m = cands[cell]; m; m &= m - 1) {
            int d = lowest_index(m) + 1, r = cell / 9, c = cell % 9;
            pos[d][1][r] |= 1u << c;
            pos[d][0][c] |= 1u << r;
        }
    for (int d = 1; d <= 9 && status == HF_OK; d++) {
        x->digit = d;
        for (int by_rows = 1; by_rows >= 0 && status == HF_OK; by_rows--) {
            x->by_rows = by_rows;
            int lines[9], n = 0;
            for (int i = 0; i < 9; i++) {
                unsigned m = pos[d][by_rows][i];
                x->pos[i] = m;
                int c = pc9(m);
                if (mode ? (m && c <= size + 3) : (c >= 2 && c <= size)) lines[n++] = i;
            }
            status = bf_bases(x, lines, n);
        }
    }
    return status == 1 ? HF_OK : status;
}

int hofish9_basic(const uint16_t cands[81], int size, int mode, int max_hits, hf_out *out, long *spent)
{
    *spent = 0;
    if (size < 2 || size > 4 || mode < 0 || mode > 2 || max_hits < 0) return HF_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HF_BAD_INPUT;
    bf_ctx x;
    memset(&x, 0, sizeof x);
    x.size = size, x.mode = mode, x.max_hits = max_hits, x.out = out;
    int status = bf_run(cands, &x);
    *spent = x.spent;
    return status;
}

int hofish9_basic_finned_first(const uint16_t cands[81], int size, hf_out *out, int *which)
{
    *which = 0;
    if (size < 2 || size > 4) return HF_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HF_BAD_INPUT;
    bf_ctx x;
    memset(&x, 0, sizeof x);
    x.size = size, x.mode = 1, x.max_hits = 1, x.out = out, x.both = 1;
    int status = bf_run(cands, &x);
    if (status != HF_OK) return status;
    if (x.hits) *which = 1;
    else if (x.side_len) {
        *which = 2;
        status = put(out, x.side, x.side_len);
    }
    return status;
}

void hofish9_out_free(hf_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
