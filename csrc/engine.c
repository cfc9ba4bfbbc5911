/* engine.c -- the variant constraint engine (see engine.h for the program layout; the
 * program is decoded by engine_model.c).
 *
 * Candidates are uint32 masks (bit d-1 = digit d).  Propagation runs these primitives to
 * a common fixpoint:
 *   eliminate   a cell down to one candidate removes it from every peer (cells sharing
 *               a house), cascading through a queue;
 *   hidden      in every house of exactly N cells each digit must appear: "once/twice"
 *               masks find digits with one place left;
 *   locked      two full houses sharing cells: a digit that one of them can only hold
 *               in the shared cells leaves the rest of the other (pointing/claiming);
 *   relations   arc consistency on each pair relation, both directions;
 *   rel_points  a digit with two places in a full house: what both places exclude through
 *               relations goes (pointing through weak links);
 *   sums        bounds on sum(coef * digit) == total narrow each term, and digit sets
 *               or reachable totals (engine_sums.c, with the sandwiches);
 *   triples     arc consistency on each triple relation.
 * Every propagator only removes candidates and is monotone, so the fixpoint (and whether
 * it is a contradiction) does not depend on their order or on which items are revisited:
 * the Python twin, which simply reruns everything until nothing changes, reaches the same
 * states.  Programs of several grids also probe the cells with two candidates at the root
 * (probe: a unique result as well).  Here narrowing a cell marks only the items it takes part in dirty, and each
 * propagator visits dirty items only; a branch starts from its parent's fixpoint with
 * just the branched cell marked.
 */
#include "engine.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "engine_model.h"

typedef eng_model model;

#define ENG_MAX_FAILS 0x0FFFFFFFu
#define ENG_LC_DENSE_MAX 5 /* the twin's _LC_DENSE_MAX */
/* Probe at the root when the program has more than this many full houses per digit. */
#define ENG_PROBE_HOUSES 4

/* ------------------------------------------------------------------ propagation */
#define narrow eng_narrow
#define mark eng_mark

static int eliminate(model *m, uint32_t *cand)
{
    while (m->qlen) {
        int i = m->queue[--m->qlen], hit[ENG_MAX_CELLS], n_hit = 0;
        uint32_t bit = cand[i];
        /* the peers holding the digit first, without a branch per peer (which would often go
         * the unexpected way: mispredicted branches were most of the time per node), then
         * narrow those */
        for (int k = m->peer_start[i]; k < m->peer_start[i + 1]; k++) {
            int p = m->peers[k];
            hit[n_hit] = p, n_hit += (cand[p] & bit) != 0;
        }
        for (int k = 0; k < n_hit; k++)
            if (!narrow(m, cand, hit[k], cand[hit[k]] & ~bit)) return 0;
    }
    return 1;
}

/* Hidden singles in full house h: -1 contradiction, else 1 if anything changed.  `size` is
 * n_digits (a full house's cells), a constant for 9 digits: the loops over a house unrolled. */
SK_INLINE int hidden_house(model *m, uint32_t *cand, int h, const int size)
{
    const int *cells = m->full_cells + (size_t)h * (size_t)size;
    uint32_t once = 0, twice = 0, placed = 0;
    for (int k = 0; k < size; k++) {
        uint32_t v = cand[cells[k]];
        twice |= once & v;
        once |= v;
        if (at_most_one_bit(v)) placed |= v;
    }
    if (once != m->full) return -1;
    uint32_t exact = once & ~twice;
    if (!(exact & ~placed)) return 0; /* placed digits are already alone */
    int changed = 0;
    for (int k = 0; k < size; k++) {
        uint32_t v = cand[cells[k]] & exact;
        /* two digits with this cell as their only place fail even when the cell holds
         * nothing else: testing that only on a change made the fixpoint depend on
         * the order the propagators ran in (C and the twin parted on rare puzzles) */
        if (!at_most_one_bit(v)) return -1;
        if (v && v != cand[cells[k]]) {
            narrow(m, cand, cells[k], v);
            changed = 1;
        }
    }
    return changed;
}

/* Hidden singles on the dirty full houses: -1 contradiction, else 1 if anything changed.  A
 * house a narrowing of this pass dirties again waits for the next pass. */
SK_INLINE int hidden_n(model *m, uint32_t *cand, const int size)
{
    int changed = 0;
    eng_absorb(m);
    for (int w = 0; w < m->hwords; w++) {
        uint64_t set = m->p_hidden[w];
        m->p_hidden[w] = 0;
        for (; set; set &= set - 1) {
            int r = hidden_house(m, cand, 64 * w + lowest_index64(set), size);
            if (r < 0) return -1;
            changed |= r;
        }
    }
    return changed;
}

static int hidden(model *m, uint32_t *cand)
{
    return m->n_digits == 9 ? hidden_n(m, cand, 9) : hidden_n(m, cand, m->n_digits);
}

/* Remove `digits` from `len` cells; -1 on a contradiction, else 1 if anything changed. */
static int clear_cells(model *m, uint32_t *cand, const int *cells, int len, uint32_t digits)
{
    int changed = 0;
    for (int k = 0; k < len; k++) {
        int c = cells[k];
        if (cand[c] & digits) {
            if (!narrow(m, cand, c, cand[c] & ~digits)) return -1;
            changed = 1;
        }
    }
    return changed;
}

/* Locked candidates by segments (lk_k slots per house, engine_model.h): every pair, dirty
 * or not.  The union of each segment once, then per pair a few ORs and one test, without a
 * loop or branch per pair: 2% of the pairs find anything, the test of whether one of its
 * houses changed went the unexpected way often, and the unions per pair loaded each cell
 * about four times.  A clear makes later unions of this pass stale (supersets): they find
 * less, the narrowed cells bring locked back, and a stale shared union names a digit only
 * when its house lost every place of it (a contradiction, found anyway). */
/* Remove `digits` from the cells of segment g (engine_model.h: lk_*); -1 on a contradiction. */
static int clear_seg(model *m, uint32_t *cand, int g, uint32_t digits)
{
    int nm = m->lk_nmulti;
    if (g < nm) return clear_cells(m, cand, m->lk_seg_cells + m->lk_seg_start[g], m->lk_seg_start[g + 1] - m->lk_seg_start[g], digits);
    if (g < m->lk_nseg - 1) return clear_cells(m, cand, m->lk_seg_cells + m->lk_seg_start[nm] + (g - nm), 1, digits);
    return 0; /* the empty segment */
}

SK_INLINE void seg_unions(const uint32_t *cand, const int *cells, int count, const int size, uint32_t *u)
{
    for (int g = 0; g < count; g++, cells += size) {
        uint32_t v = 0;
        for (int j = 0; j < size; j++) v |= cand[cells[j]];
        u[g] = v;
    }
}

SK_INLINE int locked_k(model *m, uint32_t *cand, const int k)
{
    int changed = 0, nm = m->lk_nmulti, w = 1 + 2 * k;
    uint32_t *u = m->lk_u;
    const int *cells = m->lk_seg_cells, *start = m->lk_seg_start;
    switch (m->lk_sz) { /* the unions of the segments (one size: unrolled) */
    case 2: seg_unions(cand, cells, nm, 2, u); break;
    case 3: seg_unions(cand, cells, nm, 3, u); break;
    case 4: seg_unions(cand, cells, nm, 4, u); break;
    case 5: seg_unions(cand, cells, nm, 5, u); break;
    default:
        for (int g = 0; g < nm; g++) {
            uint32_t v = 0;
            for (int j = start[g]; j < start[g + 1]; j++) v |= cand[cells[j]];
            u[g] = v;
        }
    }
    for (int g = nm, j = start[nm]; g < m->lk_nseg - 1; g++, j++) u[g] = cand[cells[j]];
    u[m->lk_nseg - 1] = 0;
    const int *at = m->lk_fix;
    for (int p = 0; p < m->n_lock; p++, at += w) {
        uint32_t shared = u[at[0]], out1 = 0, out2 = 0;
        for (int j = 0; j < k; j++) out1 |= u[at[1 + j]], out2 |= u[at[1 + k + j]];
        uint32_t only1 = shared & ~out1, only2 = shared & ~out2; /* digits locked in the shared cells */
        if (!((only1 & out2) | (only2 & out1))) continue;
        for (int j = 0; j < k; j++) /* the rests are made of their segments */
            if (clear_seg(m, cand, at[1 + k + j], only1) < 0 || clear_seg(m, cand, at[1 + j], only2) < 0) return -1;
        changed = 1;
    }
    return changed;
}

/* Locked candidates on every pair of full houses sharing cells: by segments when the
 * program allows (grids, Samurai), else pair by pair over the pairs with a dirty house
 * (diagonals, jigsaw: a rest of house would take more than ENG_LOCK_K segments). */
static int locked(model *m, uint32_t *cand)
{
    if (m->lk_later) { /* tables not built yet: a solved grid has nothing to lock (and no use for them) */
        int open = 0;
        for (int i = 0; i < m->n_cells; i++) open |= !at_most_one_bit(cand[i]);
        if (!open) return 0;
        m->lk_later = 0;
        if (eng_build_locks(m) < 0) return m->no_memory = 1, -1; /* search reports ENG_NO_MEMORY */
    }
    switch (m->lk_k) {
    case 1: return locked_k(m, cand, 1);
    case 2: return locked_k(m, cand, 2);
    case 3: return locked_k(m, cand, 3);
    case 4: return locked_k(m, cand, 4);
    default: break;
    }
    int changed = 0, n = m->n_digits;
    eng_absorb(m);
    for (int w = 0; w < m->hwords; w++) m->lock_snap[w] = m->p_lock[w], m->p_lock[w] = 0;
    for (int p = 0; p < m->n_lock; p++) {
        if (!ENG_HTEST(m->lock_snap, m->lock_house[2 * p]) && !ENG_HTEST(m->lock_snap, m->lock_house[2 * p + 1])) continue;
        const int *shared_cells = m->lock_cells + m->lock_start[p];
        int s = m->lock_shared[p], r = n - s;
        const int *rest1 = shared_cells + s, *rest2 = rest1 + r;
        uint32_t shared = 0, out1 = 0, out2 = 0;
        for (int k = 0; k < s; k++) shared |= cand[shared_cells[k]];
        for (int k = 0; k < r; k++) out1 |= cand[rest1[k]], out2 |= cand[rest2[k]];
        uint32_t only1 = shared & ~out1, only2 = shared & ~out2; /* digits locked in the shared cells */
        int a = (only1 & out2) ? clear_cells(m, cand, rest2, r, only1) : 0;
        if (a < 0) return -1;
        int b = (only2 & out1) ? clear_cells(m, cand, rest1, r, only2) : 0;
        if (b < 0) return -1;
        changed |= a | b;
    }
    return changed;
}

/* Pointing on the peer graph: digit d sits in one of its places P in a full house, so a
 * cell seeing every place loses d (locked candidates do this for cells sharing a house
 * with them; here the peers may come from any houses: a knight's move, a king's touch).
 * Only for two or three places (a monotone rule: fewer places only add eliminations), and
 * only on programs with many two-cell houses (anti-knight, anti-king: 6x fewer branches);
 * elsewhere locked candidates find nearly all of it at a fraction of the cost. */
SK_INLINE int pointing_n(model *m, uint32_t *cand, const int n)
{
    int changed = 0;
    size_t words = m->words;
    uint64_t common[ENG_MAX_CELLS / 64];
    eng_absorb(m);
    for (int hw = 0; hw < m->hwords; hw++) {
        uint64_t set = m->p_point[hw];
        m->p_point[hw] = 0;
        for (; set; set &= set - 1) {
            int h = 64 * hw + lowest_index64(set);
            uint32_t lost = m->lost ? m->lost[h] : m->full; /* places unchanged: nothing new to find */
            if (m->lost) m->lost[h] = 0;
            if (!lost) continue;
            const int *cells = m->full_cells + m->full_start[h];
            uint32_t once = 0, twice = 0, thrice = 0, more = 0;
            for (int k = 0; k < n; k++) {
                uint32_t v = cand[cells[k]];
                more |= thrice & v, thrice |= twice & v, twice |= once & v, once |= v;
            }
            /* two or three places (none: hidden singles fail; one: placed, then eliminated) */
            for (uint32_t ds = twice & ~more & lost; ds; ds = clear_lowest(ds)) {
                int d = lowest_index(ds);
                uint32_t bit = 1u << d;
                int places[ENG_MAX_DIGITS], np = 0;
                for (int k = 0; k < n; k++)
                    if (cand[cells[k]] & bit) places[np++] = cells[k];
                memcpy(common, m->adj + (size_t)places[0] * words, words * sizeof(uint64_t));
                for (int j = 1; j < np; j++)
                    for (size_t w = 0; w < words; w++) common[w] &= m->adj[(size_t)places[j] * words + w];
                if (m->full_mask) /* the house's own cells hold d only at its places */
                    for (size_t w = 0; w < words; w++) common[w] &= ~m->full_mask[(size_t)h * words + w];
                for (size_t w = 0; w < words; w++)
                    for (uint64_t bits = common[w]; bits; bits &= bits - 1) {
                        int x = (int)(w * 64 + (size_t)__builtin_ctzll(bits));
                        if (cand[x] & bit) {
                            if (!narrow(m, cand, x, cand[x] & ~bit)) return -1;
                            changed = 1;
                        }
                    }
            }
        }
    }
    return changed;
}

static int pointing(model *m, uint32_t *cand)
{
    return m->n_digits == 9 ? pointing_n(m, cand, 9) : pointing_n(m, cand, m->n_digits);
}

/* The cell at the other end of relation k from cell p, and the digits it allows when p
 * holds digit d+1. */
SK_INLINE int rel_other(const model *m, int k, int p, int d, uint32_t *allowed)
{
    size_t at = (size_t)k * (size_t)m->n_digits + (size_t)d;
    if (m->rel_a[k] == p) {
        *allowed = m->fwd[at];
        return m->rel_b[k];
    }
    *allowed = m->rev[at];
    return m->rel_a[k];
}

/* Fold place j of digit d+1 into the cells every earlier place excluded something from:
 * link_cnt[x] counts the places seen (valid while link_stamp[x] == epoch), link_gone[x]
 * holds the digits all of them exclude.  A place excludes every other digit of its own
 * cell, and what its relations forbid (several relations with one cell: all of them). */
static void link_fold(model *m, int p, int j, int d, int epoch)
{
    int *cnt = m->link_cnt, *stamp = m->link_stamp;
    uint32_t *gone = m->link_gone, *allow = m->link_allow, a;
    int from = m->w_rel.start[p], to = m->w_rel.start[p + 1];
    if (!m->rel_dups) { /* one relation per pair of cells (as compiled): one pass */
        for (int t = from; t < to; t++) {
            int x = rel_other(m, m->w_rel.items[t], p, d, &a);
            if (stamp[x] != epoch) stamp[x] = epoch, cnt[x] = 0;
            if (cnt[x] == j) gone[x] = (j ? gone[x] : m->full) & ~a, cnt[x] = j + 1;
        }
        from = to;
    }
    for (int t = from; t < to; t++) {
        int x = rel_other(m, m->w_rel.items[t], p, d, &a);
        if (stamp[x] != epoch) stamp[x] = epoch, cnt[x] = 0;
        if (cnt[x] == j) allow[x] = m->full;
    }
    for (int t = from; t < to; t++) {
        int x = rel_other(m, m->w_rel.items[t], p, d, &a);
        if (cnt[x] == j) allow[x] &= a;
    }
    for (int t = from; t < to; t++) {
        int x = rel_other(m, m->w_rel.items[t], p, d, &a);
        if (cnt[x] == j) gone[x] = (j ? gone[x] : m->full) & ~allow[x], cnt[x] = j + 1;
    }
    if (stamp[p] != epoch) stamp[p] = epoch, cnt[p] = 0;
    if (cnt[p] == j) gone[p] = (j ? gone[p] : m->full) & ~(1u << d), cnt[p] = j + 1;
}

/* Pointing through relations: digit d+1 has two places P in a full house, so a candidate
 * that both (place, d+1) exclude goes (the digit is in one of them): a place
 * excludes the other digits of its own cell and what its relations forbid.  (Two related
 * places: non-consecutive neighbours that are the only places of 5 in their row hold
 * neither 4 nor 6; a cell between two places of 5 holds neither either.)  Only the first
 * place and the cells related to it can lose anything: they are the ones tried. */

/* What place p of digit d+1 excludes at the cells it is related to: link_gone[x] (valid
 * while link_stamp[x] == epoch), and at p itself its other digits. */
SK_INLINE void link_mark(model *m, int p, int d, int epoch)
{
    int *stamp = m->link_stamp;
    uint32_t *gone = m->link_gone;
    for (int t = m->w_rel.start[p]; t < m->w_rel.start[p + 1]; t++) {
        int arc = m->rel_arc[t], x = m->rel_to[t];
        stamp[x] = epoch, gone[x] = ~(arc & 1 ? m->rev : m->fwd)[(size_t)(arc >> 1) * (size_t)m->n_digits + (size_t)d];
    }
    stamp[p] = epoch, gone[p] = ~(1u << d);
}

/* rel_points on full house h for the digits in `lost`, one relation per pair of cells:
 * -1 contradiction, else 1 if anything changed. */
SK_INLINE int rel_points_house(model *m, uint32_t *cand, int h, uint32_t lost, const int n)
{
    int changed = 0;
    const int *cells = m->full_cells + (size_t)h * (size_t)n;
    uint32_t c1 = 0, c2 = 0, c3 = 0;
    for (int j = 0; j < n; j++) {
        uint32_t v = cand[cells[j]];
        c3 |= c2 & v, c2 |= c1 & v, c1 |= v;
    }
    /* two places (three or four cut few more branches at twice the cost), found in one
     * scan for every such digit */
    uint32_t two = c2 & ~c3 & lost;
    for (uint32_t ds = two; ds; ds = clear_lowest(ds)) {
        int d = lowest_index(ds);
        uint32_t bit = 1u << d, at = 0;
        for (int j = 0; j < n; j++) at |= (cand[cells[j]] >> d & 1u) << j; /* its places, no branch per cell */
        if (at_most_one_bit(at)) continue; /* an earlier digit took a place */
        int p0 = cells[lowest_index(at)], p1 = cells[lowest_index(clear_lowest(at))];
        if (m->link_epoch == INT_MAX) /* stamps of long searches start over */
            memset(m->link_stamp, 0, sizeof(int) * (size_t)m->n_cells), m->link_epoch = 0;
        int epoch = ++m->link_epoch;
        link_mark(m, p1, d, epoch); /* what p1 excludes; then p0 and its relations, which p1 must exclude too */
        for (int t = m->w_rel.start[p0] - 1; t < m->w_rel.start[p0 + 1]; t++) {
            int x;
            uint32_t g;
            if (t < m->w_rel.start[p0]) {
                x = p0, g = ~bit;
            } else {
                int arc = m->rel_arc[t];
                x = m->rel_to[t], g = ~(arc & 1 ? m->rev : m->fwd)[(size_t)(arc >> 1) * (size_t)n + (size_t)d];
            }
            if (m->link_stamp[x] != epoch) continue;
            uint32_t gone = g & m->link_gone[x] & cand[x];
            if (gone) {
                if (!narrow(m, cand, x, cand[x] & ~gone)) return -1;
                changed = 1;
            }
        }
    }
    return changed;
}

/* The same when two relations join one pair of cells (folding every relation of a place). */
static int rel_points_dups_house(model *m, uint32_t *cand, int h, uint32_t lost)
{
    int changed = 0, n = m->n_digits;
    const int *cells = m->full_cells + m->full_start[h];
    uint32_t c1 = 0, c2 = 0, c3 = 0;
    for (int j = 0; j < n; j++) {
        uint32_t v = cand[cells[j]];
        c3 |= c2 & v, c2 |= c1 & v, c1 |= v;
    }
    /* two places (three or four cut few more branches at twice the cost) */
    for (uint32_t ds = c2 & ~c3 & lost; ds; ds = clear_lowest(ds)) {
        int d = lowest_index(ds), places[ENG_MAX_DIGITS], np = 0;
        uint32_t bit = 1u << d;
        for (int j = 0; j < n; j++)
            if (cand[cells[j]] & bit) places[np++] = cells[j];
        if (np != 2) continue;
        if (m->link_epoch == INT_MAX) /* stamps of long searches start over */
            memset(m->link_stamp, 0, sizeof(int) * (size_t)m->n_cells), m->link_epoch = 0;
        int epoch = ++m->link_epoch;
        for (int j = 0; j < np; j++) link_fold(m, places[j], j, d, epoch);
        int p0 = places[0];
        for (int t = m->w_rel.start[p0] - 1; t < m->w_rel.start[p0 + 1]; t++) {
            uint32_t a;
            int x = t < m->w_rel.start[p0] ? p0 : rel_other(m, m->w_rel.items[t], p0, d, &a);
            if (m->link_cnt[x] != np) continue;
            m->link_cnt[x] = np + 1; /* once */
            uint32_t gone = m->link_gone[x] & cand[x];
            if (gone) {
                if (!narrow(m, cand, x, cand[x] & ~gone)) return -1;
                changed = 1;
            }
        }
    }
    return changed;
}

/* rel_points on the dirty full houses with relations.  lost: the places of other digits did
 * not change, nothing new for them. */
static int rel_points(model *m, uint32_t *cand)
{
    if (!m->n_rels) return 0; /* no house has a relation (and rlost is NULL) */
    int changed = 0;
    eng_absorb(m);
    for (int hw = 0; hw < m->hwords; hw++) {
        uint64_t set = m->p_pair[hw] & m->rel_hmask[hw];
        m->p_pair[hw] = 0;
        for (; set; set &= set - 1) {
            int h = 64 * hw + lowest_index64(set), r;
            uint32_t lost = m->rlost[h];
            m->rlost[h] = 0;
            if (!lost) continue;
            if (m->rel_dups) r = rel_points_dups_house(m, cand, h, lost);
            else r = m->n_digits == 9 ? rel_points_house(m, cand, h, lost, 9) : rel_points_house(m, cand, h, lost, m->n_digits);
            if (r < 0) return -1;
            changed |= r;
        }
    }
    return changed;
}

static uint32_t support(const uint32_t *table, uint32_t mask)
{
    uint32_t s = 0;
    for (; mask; mask = clear_lowest(mask)) s |= table[lowest_index(mask)];
    return s;
}

/* The digits of b some digit of `mask` in a allows: a lookup when the relation's table
 * has one (N <= ENG_LUT_DIGITS), else a loop over the table. */
SK_INLINE uint32_t rel_support(const model *m, int k, int dir, uint32_t mask)
{
    int id = m->rel_lut[2 * k + dir];
    if (id >= 0) return m->luts[((size_t)id << m->n_digits) + mask];
    return support((dir ? m->rev : m->fwd) + (size_t)k * (size_t)m->n_digits, mask);
}

/* Arc consistency: each cell on the stack (mark pushes it once) revises the other cell of
 * each of its relations. */
static int relations(model *m, uint32_t *cand)
{
    int changed = 0;
    while (m->rel_top) {
        int c = m->rel_stack[--m->rel_top];
        m->d_rel[c] = 0;
        uint32_t mc = cand[c];
        for (int t = m->w_rel.start[c]; t < m->w_rel.start[c + 1]; t++) {
            int to = m->rel_to[t];
            const uint32_t *lut = m->rel_tab[t];
            uint32_t mt = cand[to];
            uint32_t nt = mt & (lut ? lut[mc] : rel_support(m, m->rel_arc[t] >> 1, m->rel_arc[t] & 1, mc));
            if (nt != mt) {
                if (!narrow(m, cand, to, nt)) return -1;
                changed = 1;
            }
        }
    }
    return changed;
}

/* Generalised arc consistency on each triple relation (a, b, c). */
static int triples(model *m, uint32_t *cand)
{
    int changed = 0, n = m->n_digits;
    for (int k = 0; k < m->n_tri; k++) {
        if (!m->d_tri[k]) continue;
        m->d_tri[k] = 0;
        const int *t = m->tri_cells + 3 * k;
        const uint32_t *table = m->tri_table + (size_t)k * (size_t)n * (size_t)n;
        uint32_t ma = cand[t[0]], mb = cand[t[1]], mc = cand[t[2]], sa = 0, sb = 0, sc = 0;
        for (uint32_t xs = ma; xs; xs = clear_lowest(xs))
            for (uint32_t ys = mb; ys; ys = clear_lowest(ys)) {
                uint32_t v = table[lowest_index(xs) * n + lowest_index(ys)] & mc;
                if (v) sa |= lowest_bit(xs), sb |= lowest_bit(ys), sc |= v;
            }
        uint32_t olds[3] = {ma, mb, mc}, news[3] = {ma & sa, mb & sb, mc & sc};
        for (int j = 0; j < 3; j++)
            if (news[j] != olds[j]) {
                if (!narrow(m, cand, t[j], news[j])) return -1;
                changed = 1;
            }
    }
    return changed;
}

/* Run every primitive to the common fixpoint; 0 on a contradiction.  The cheap ones settle
 * first (eliminations and relations before each pass of hidden singles: fewer house scans,
 * 5-8% less work on non-consecutive and renban, 15% on Kropki); rel_points, locked
 * candidates and pointing run only then (any order reaches the same fixpoint, this one
 * reaches it with the fewest passes of the costly ones: rel_points before locked
 * candidates is 5% less work on non-consecutive, the same elsewhere). */
static int propagate(model *m, uint32_t *cand)
{
    for (;;) {
        for (;;) {
            if (!eliminate(m, cand)) return 0;
            int b = relations(m, cand);
            if (b < 0) return 0;
            if (b) continue;
            int a = hidden(m, cand);
            if (a < 0) return 0;
            int c = m->n_sums ? eng_sums(m, cand) : 0; /* (no call: 1% of non-consecutive's time) */
            if (c < 0) return 0;
            int d = m->n_tri ? triples(m, cand) : 0;
            if (d < 0) return 0;
            int e = m->n_sw ? eng_sandwiches(m, cand) : 0;
            if (e < 0) return 0;
            if (!a && !c && !d && !e && !m->qlen) break;
        }
        int p = rel_points(m, cand);
        if (p < 0) return 0;
        if (p) continue;
        int l = locked(m, cand);
        if (l < 0) return 0;
        if (l) continue;
        int q = m->point ? pointing(m, cand) : 0;
        if (q < 0) return 0;
        if (!q) return 1;
    }
}

/* After a failed propagation: forget what it left dirty.  Every branch starts from its
 * parent's fixpoint, so only the branched cell's items need a visit; the leftovers of the
 * failed sibling would make the next propagation rescan houses and relations for nothing. */
static void settle(model *m)
{
    m->qlen = 0;
    memset(m->fresh, 0, sizeof(uint64_t) * 5 * (size_t)m->hwords); /* fresh and the four p_ sets after it */
    if (m->lost) memset(m->lost, 0, sizeof(uint32_t) * (size_t)m->n_full);
    if (m->rlost) memset(m->rlost, 0, sizeof(uint32_t) * (size_t)m->n_full);
    while (m->rel_top) m->d_rel[m->rel_stack[--m->rel_top]] = 0;
    memset(m->d_sum, 0, (size_t)m->n_sums);
    memset(m->d_tri, 0, (size_t)m->n_tri);
    memset(m->d_sw, 0, (size_t)m->n_sw);
}

/* Failed-literal probing of the cells with two candidates: a candidate whose placement
 * propagates to a contradiction goes (the cell keeps its other digit), repeated until every
 * such candidate survives its probe.  The result is unique (fewer candidates only make more
 * probes fail), so the Python twin, probing in the same order, reaches the same state.
 * Run once at the root of programs with many full houses (ENG_PROBE_HOUSES): Samurai loses
 * 60% of its work; on single grids it costs more than the branches it saves.  0 on a
 * contradiction.
 *
 * A probe that succeeds places other cells of two candidates (x places y): probing y on the
 * same state succeeds too (the probe of x's fixpoint is below y's state, and fixpoints of
 * monotone rules are greatest), so ok[j] keeps those digits and they are not probed until
 * the state next changes (Samurai: most of its solve is probes; the result is the same,
 * every probe left undone would have succeeded). */
static int probe(model *m, uint32_t *cur, uint32_t *tmp)
{
    size_t n = (size_t)m->n_cells;
    uint32_t *ok = eng_zalloc(m, n, sizeof(uint32_t));
    if (!ok) return m->no_memory = 1, 0;
    /* The cells in circles, as the twin's passes from cell 0 to the last, but stopping after
     * a whole circle without a change: the twin's last pass probes the rest on the state
     * their probes last succeeded on (Samurai: fewer probes, the same result). */
    for (int i = 0, quiet = 0; quiet < m->n_cells; i = i + 1 == m->n_cells ? 0 : i + 1) {
        quiet++;
        if (at_most_one_bit(cur[i]) || bit_count(cur[i]) != 2) continue;
        for (uint32_t vs = cur[i]; vs; vs = clear_lowest(vs)) {
            uint32_t bit = lowest_bit(vs);
            if (!(cur[i] & bit) || at_most_one_bit(cur[i]) || (ok[i] & bit)) continue;
            memcpy(tmp, cur, sizeof(uint32_t) * n);
            tmp[i] = bit;
            m->qlen = 0;
            m->queue[m->qlen++] = i;
            mark(m, i, cur[i] & ~bit, bit);
            if (propagate(m, tmp)) {
                for (size_t j = 0; j < n; j++) /* the two-candidate cells it placed (no branch per cell) */
                    ok[j] |= tmp[j] & (0u - (uint32_t)(at_most_one_bit(tmp[j]) & (bit_count(cur[j]) == 2)));
                continue;
            }
            settle(m);
            if (!narrow(m, cur, i, cur[i] & ~bit) || !propagate(m, cur)) return 0;
            memset(ok, 0, sizeof(uint32_t) * n); /* a new state: probe again */
            quiet = 0;
        }
    }
    return 1;
}

/* The cells still open (two or more candidates) that cell i shares a relation with, once
 * per relation. Sums are left out: on little killers their long diagonals steered this
 * tie-break into trees ~500x larger (a published puzzle: 2 ms -> 1.2 s). */
static int open_links(const model *m, const uint32_t *cand, int i)
{
    int d = 0;
    for (int k = m->w_rel.start[i]; k < m->w_rel.start[i + 1]; k++) {
        int r = m->w_rel.items[k], x = m->rel_a[r] == i ? m->rel_b[r] : m->rel_a[r];
        d += !at_most_one_bit(cand[x]);
    }
    return d;
}

/* The cell with the fewest (at least two) candidates; among those, the one whose branches
 * failed most often so far (a conflict-directed tie-break: 20-55% fewer nodes on
 * non-consecutive, anti-knight and renban puzzles), then the one linked to the most open
 * cells by relations (fewer nodes on renban and Kropki), then the first.  -1 when all
 * are placed. */
static int pick(const model *m, const uint32_t *cand, const uint32_t *fails)
{
    /* one pass without a branch per cell: the least key (candidates, then fails reversed),
     * and how many cells have it */
    uint64_t best_key = UINT64_MAX;
    int best = -1, ties = 0;
    for (int i = 0; i < m->n_cells; i++) {
        uint32_t v = cand[i];
        uint64_t key = at_most_one_bit(v) ? UINT64_MAX : (uint64_t)bit_count(v) << 32 | (ENG_MAX_FAILS - fails[i]);
        int less = key < best_key, same = key == best_key;
        ties = less ? 1 : ties + same;
        best = less ? i : best;
        best_key = less ? key : best_key;
    }
    if (best_key == UINT64_MAX) return -1;
    if (ties == 1) return best;
    /* ties: the one linked to the most open cells by relations, then the first */
    int best_d = open_links(m, cand, best);
    for (int i = best + 1; i < m->n_cells; i++) {
        if (at_most_one_bit(cand[i]) || ((uint64_t)bit_count(cand[i]) << 32 | (ENG_MAX_FAILS - fails[i])) != best_key) continue;
        int d = open_links(m, cand, i);
        if (d > best_d) best = i, best_d = d;
    }
    return best;
}

static void write_solution(const model *m, const uint32_t *cand, uint8_t *out)
{
    for (int i = 0; i < m->n_cells; i++) out[i] = (uint8_t)(lowest_index(cand[i]) + 1);
}

typedef struct {
    int cell;
    uint32_t rest; /* digits of `cell` not tried yet */
} frame;

/* Depth-first search over states[0..depth]; frames[d] branches states[d] into states[d+1]. */
static int search(model *m, uint32_t limit, uint64_t budget, uint32_t *count, uint8_t *solution, uint64_t *nodes,
                  eng_poll_fn poll, void *poll_arg)
{
    size_t n = (size_t)m->n_cells;
    /* from the model's arena (freed with it): the small ones first, so that a large grid's
     * states open their own chunk */
    frame *frames = eng_alloc(m, sizeof(frame) * (n + 1));
    uint32_t *fails = eng_zalloc(m, n, sizeof(uint32_t));
    uint32_t *states = eng_alloc(m, sizeof(uint32_t) * n * (n + 2));
    if (!states || !frames || !fails) return ENG_NO_MEMORY;
    /* last conflict (programs with relations, sums or triples): the cell of the latest branch
     * that failed is branched on first while it is open, so a cell that failed in one
     * subtree is tried again at once in the next (a cheap kind of backjumping: little
     * killer 1.8x, Kropki 1.5x, renban 1.4x less work in all; on programs of houses only it
     * was mixed: 16x16, 25x25, diagonal and anti-knight 8-16% more work, so plain MRV there) */
    int status = ENG_DONE, depth = 0, lc = -1, use_lc = m->n_rels > 0 || m->n_sums > 0 || m->n_tri > 0;
    /* with relations as many as the cells (non-consecutive: one per neighbour pair) last
     * conflict takes a cell of at most ENG_LC_DENSE_MAX candidates only: re-branching a
     * wider one there many ways cost more than MRV's pick (non-consecutive 19,332 -> 17,414
     * branches, median 902 -> 856 a puzzle, 11% less work); on sparse relations the cap
     * hurt (a cap of 4 on every program: Kropki 33%, little killer 8% more work) */
    int lc_max = m->n_rels >= m->n_cells ? ENG_LC_DENSE_MAX : 32;
    memcpy(states, m->masks0, sizeof(uint32_t) * n);
    m->qlen = 0;
    memset(m->fresh, 0, sizeof(uint64_t) * (size_t)m->hwords);
    for (int h = 0; h < m->n_full; h++) /* every house, for every house propagator */
        ENG_HSET(m->p_hidden, h), ENG_HSET(m->p_pair, h), ENG_HSET(m->p_lock, h), ENG_HSET(m->p_point, h);
    if (m->lost) memset(m->lost, 0xFF, sizeof(uint32_t) * (size_t)m->n_full);
    if (m->rlost) memset(m->rlost, 0xFF, sizeof(uint32_t) * (size_t)m->n_full);
    m->rel_top = 0;
    for (int i = 0; i < m->n_cells; i++) /* every relation, both ways */
        m->d_rel[i] = m->w_rel.start[i] < m->w_rel.start[i + 1];
    for (int i = m->n_cells - 1; i >= 0; i--)
        if (m->d_rel[i]) m->rel_stack[m->rel_top++] = i;
    memset(m->d_sum, 1, (size_t)m->n_sums);
    memset(m->d_tri, 1, (size_t)m->n_tri);
    memset(m->d_sw, 1, (size_t)m->n_sw);
    int alive = 1;
    for (size_t i = 0; i < n; i++) {
        if (!states[i]) alive = 0;
        else if (at_most_one_bit(states[i])) m->queue[m->qlen++] = (int)i;
    }
    if (!alive || !propagate(m, states)) goto done;
    if (m->n_full > ENG_PROBE_HOUSES * m->n_digits && !probe(m, states, states + (n + 1) * n)) goto done;
    for (;;) {
        uint32_t *cur = states + (size_t)depth * n;
        int cell = lc >= 0 && !at_most_one_bit(cur[lc]) && bit_count(cur[lc]) <= lc_max ? lc : pick(m, cur, fails);
        if (cell < 0) {
            if (++*count == 1) write_solution(m, cur, solution);
            if (*count >= limit) goto done;
        } else {
            frames[depth].cell = cell;
            frames[depth].rest = cur[cell];
            depth++;
        }
        for (;;) { /* the next untried branch, depth first */
            if (depth == 0) goto done;
            frame *f = &frames[depth - 1];
            if (!f->rest) {
                depth--;
                continue;
            }
            uint32_t bit = lowest_bit(f->rest);
            f->rest &= ~bit;
            ++*nodes;
            if (budget && *nodes > budget) {
                status = ENG_BUDGET;
                goto done;
            }
            if (poll && (*nodes & 4095u) == 0 && poll(poll_arg)) {
                status = ENG_STOPPED;
                goto done;
            }
            uint32_t *child = states + (size_t)depth * n;
            memcpy(child, states + (size_t)(depth - 1) * n, sizeof(uint32_t) * n);
            uint32_t removed = child[f->cell] & ~bit;
            child[f->cell] = bit;
            m->qlen = 0;
            m->queue[m->qlen++] = f->cell;
            mark(m, f->cell, removed, bit);
            if (propagate(m, child)) break;
            settle(m);
            if (fails[f->cell] < ENG_MAX_FAILS) fails[f->cell]++; /* the twin caps it the same way */
            if (use_lc) lc = f->cell;
        }
    }
done:
    return m->no_memory ? ENG_NO_MEMORY : status;
}

int eng_solve(const int32_t *prog, size_t len, uint32_t limit, uint64_t node_budget, uint32_t *count,
              uint8_t *solution, uint64_t *nodes, eng_poll_fn poll, void *poll_arg)
{
    *count = 0;
    *nodes = 0;
    if (limit < 1) return ENG_BAD_PROGRAM;
    model m;
    int rc = eng_model_read(&m, prog, len);
    int status = rc == -1 ? ENG_BAD_PROGRAM : rc == -2 ? ENG_NO_MEMORY : ENG_DONE;
    if (rc == 0) status = search(&m, limit, node_budget, count, solution, nodes, poll, poll_arg);
    eng_model_free(&m);
    return status;
}
