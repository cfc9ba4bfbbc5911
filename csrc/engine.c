/* engine.c -- the variant constraint engine (see engine.h for the program layout).
 *
 * Candidates are uint32 masks (bit d-1 = digit d).  Propagation runs four primitives to
 * a common fixpoint:
 *   eliminate   a cell down to one candidate removes it from every peer (cells sharing
 *               a house), cascading through a queue;
 *   hidden      in every house of exactly N cells each digit must appear: "once/twice"
 *               masks find digits with one place left;
 *   relations   arc consistency on each pair relation, both directions;
 *   sums        bounds on sum(coef * digit) == total narrow each term.
 * Every propagator only removes candidates and is monotone, so the fixpoint (and whether
 * it is a contradiction) does not depend on their order: the Python twin reaches the
 * same states.
 */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"

typedef struct {
    int n_cells, n_digits;
    uint32_t full;
    uint32_t *masks0;
    int *peer_start, *peers;          /* CSR: peers of cell i are peers[peer_start[i] .. peer_start[i+1]) */
    int n_full, *full_start, *full_cells; /* houses of exactly n_digits cells */
    int n_rels, *rel_a, *rel_b;
    uint32_t *fwd, *rev;              /* n_rels x n_digits */
    int n_sums, *sum_start, *sum_cell;
    int64_t *sum_coef, *sum_total;
    int n_tri, *tri_cells;            /* n_tri x (a, b, c) */
    uint32_t *tri_table;              /* n_tri x n_digits^2 */
    int n_sw, *sw_start, *sw_cells;   /* CSR: cells of sandwich s in line order */
    int64_t *sw_total;
    int *queue, qlen, qcap;
} model;

/* A bounds-checked reader over the program words. */
typedef struct {
    const int32_t *w;
    size_t len, pos;
} reader;

static int take(reader *r, int32_t *out)
{
    if (r->pos >= r->len) return -1;
    *out = r->w[r->pos++];
    return 0;
}

static void model_free(model *m)
{
    free(m->masks0);
    free(m->peer_start);
    free(m->peers);
    free(m->full_start);
    free(m->full_cells);
    free(m->rel_a);
    free(m->rel_b);
    free(m->fwd);
    free(m->rev);
    free(m->sum_start);
    free(m->sum_cell);
    free(m->sum_coef);
    free(m->sum_total);
    free(m->tri_cells);
    free(m->tri_table);
    free(m->sw_start);
    free(m->sw_cells);
    free(m->sw_total);
    free(m->queue);
}

int eng_program_cells(const int32_t *prog, size_t len)
{
    if (len < 7 || prog[0] < 1 || prog[0] > ENG_MAX_CELLS || prog[1] < 1 || prog[1] > ENG_MAX_DIGITS) return -1;
    return prog[0];
}

/* Read the houses: fill the peer bit matrix, count full houses and their cells. */
static int read_houses(reader *r, model *m, int n_houses, uint64_t *adj, size_t words, int *full_cells_total)
{
    size_t start = r->pos;
    int total = 0;
    for (int h = 0; h < n_houses; h++) {
        int32_t size, c;
        if (take(r, &size) < 0 || size < 0 || size > m->n_cells) return -1;
        if (r->pos + (size_t)size > r->len) return -1;
        const int32_t *cells = r->w + r->pos;
        for (int k = 0; k < size; k++) {
            if (take(r, &c) < 0 || c < 0 || c >= m->n_cells) return -1;
            for (int j = 0; j < k; j++)
                if (cells[j] == c) return -1; /* a cell twice would break the hidden-single count */
        }
        for (int k = 0; k < size; k++)
            for (int j = 0; j < size; j++)
                if (j != k) adj[(size_t)cells[k] * words + (size_t)cells[j] / 64] |= 1ull << (cells[j] % 64);
        if (size == m->n_digits) total += size, m->n_full++;
    }
    *full_cells_total = total;
    r->pos = start;
    return 0;
}

static int build_full_houses(reader *r, model *m, int n_houses)
{
    int k = 0, f = 0;
    for (int h = 0; h < n_houses; h++) {
        int32_t size = r->w[r->pos++];
        if (size == m->n_digits) {
            m->full_start[f++] = k;
            for (int j = 0; j < size; j++) m->full_cells[k++] = r->w[r->pos + (size_t)j];
        }
        r->pos += (size_t)size;
    }
    m->full_start[f] = k;
    return 0;
}

static int build_peers(model *m, const uint64_t *adj, size_t words)
{
    size_t total = 0;
    for (size_t i = 0; i < (size_t)m->n_cells * words; i++) total += (size_t)__builtin_popcountll(adj[i]);
    m->peer_start = malloc(sizeof(int) * (size_t)(m->n_cells + 1));
    m->peers = malloc(sizeof(int) * (total ? total : 1));
    if (!m->peer_start || !m->peers) return -1;
    int k = 0;
    for (int i = 0; i < m->n_cells; i++) {
        m->peer_start[i] = k;
        for (size_t w = 0; w < words; w++)
            for (uint64_t bits = adj[(size_t)i * words + w]; bits; bits &= bits - 1)
                m->peers[k++] = (int)(w * 64 + (size_t)__builtin_ctzll(bits));
    }
    m->peer_start[m->n_cells] = k;
    return 0;
}

static int read_rels(reader *r, model *m)
{
    int n = m->n_digits;
    m->rel_a = malloc(sizeof(int) * (size_t)(m->n_rels + 1));
    m->rel_b = malloc(sizeof(int) * (size_t)(m->n_rels + 1));
    m->fwd = calloc((size_t)m->n_rels * (size_t)n + 1, sizeof(uint32_t));
    m->rev = calloc((size_t)m->n_rels * (size_t)n + 1, sizeof(uint32_t));
    if (!m->rel_a || !m->rel_b || !m->fwd || !m->rev) return -2;
    for (int k = 0; k < m->n_rels; k++) {
        int32_t a, b, t;
        if (take(r, &a) < 0 || take(r, &b) < 0 || a < 0 || b < 0 || a >= m->n_cells || b >= m->n_cells || a == b) return -1;
        m->rel_a[k] = a;
        m->rel_b[k] = b;
        uint32_t *fwd = m->fwd + (size_t)k * (size_t)n, *rev = m->rev + (size_t)k * (size_t)n;
        for (int x = 0; x < n; x++) {
            if (take(r, &t) < 0 || t < 0 || (uint32_t)t > m->full) return -1;
            fwd[x] = (uint32_t)t;
            for (int y = 0; y < n; y++)
                if ((uint32_t)t >> y & 1u) rev[y] |= 1u << x;
        }
    }
    return 0;
}

static int read_sums(reader *r, model *m)
{
    size_t start = r->pos, terms = 0;
    for (int s = 0; s < m->n_sums; s++) {
        int32_t k, total;
        if (take(r, &k) < 0 || take(r, &total) < 0 || k < 0 || k > m->n_cells) return -1;
        if ((int64_t)total > (int64_t)ENG_MAX_COEF * ENG_MAX_CELLS || (int64_t)total < -(int64_t)ENG_MAX_COEF * ENG_MAX_CELLS) return -1;
        if (r->pos + 2 * (size_t)k > r->len) return -1;
        r->pos += 2 * (size_t)k;
        terms += (size_t)k;
    }
    r->pos = start;
    m->sum_start = malloc(sizeof(int) * (size_t)(m->n_sums + 1));
    m->sum_total = malloc(sizeof(int64_t) * (size_t)(m->n_sums + 1));
    m->sum_cell = malloc(sizeof(int) * (terms + 1));
    m->sum_coef = malloc(sizeof(int64_t) * (terms + 1));
    if (!m->sum_start || !m->sum_total || !m->sum_cell || !m->sum_coef) return -2;
    int t = 0;
    for (int s = 0; s < m->n_sums; s++) {
        int32_t k = r->w[r->pos++];
        m->sum_total[s] = r->w[r->pos++];
        m->sum_start[s] = t;
        for (int j = 0; j < k; j++, t++) {
            int32_t c = r->w[r->pos++], coef = r->w[r->pos++];
            if (c < 0 || c >= m->n_cells || coef > ENG_MAX_COEF || coef < -ENG_MAX_COEF) return -1;
            m->sum_cell[t] = c;
            m->sum_coef[t] = coef;
        }
    }
    m->sum_start[m->n_sums] = t;
    return 0;
}

static int read_triples(reader *r, model *m)
{
    size_t nn = (size_t)m->n_digits * (size_t)m->n_digits;
    m->tri_cells = malloc(sizeof(int) * 3 * (size_t)(m->n_tri + 1));
    m->tri_table = malloc(sizeof(uint32_t) * nn * (size_t)(m->n_tri + 1));
    if (!m->tri_cells || !m->tri_table) return -2;
    for (int k = 0; k < m->n_tri; k++) {
        int32_t v;
        for (int j = 0; j < 3; j++) {
            if (take(r, &v) < 0 || v < 0 || v >= m->n_cells) return -1;
            m->tri_cells[3 * k + j] = v;
        }
        const int *t = m->tri_cells + 3 * k;
        if (t[0] == t[1] || t[0] == t[2] || t[1] == t[2]) return -1;
        for (size_t j = 0; j < nn; j++) {
            if (take(r, &v) < 0 || v < 0 || (uint32_t)v > m->full) return -1;
            m->tri_table[(size_t)k * nn + j] = (uint32_t)v;
        }
    }
    return 0;
}

static int read_sandwiches(reader *r, model *m)
{
    size_t start = r->pos, cells = 0;
    for (int s = 0; s < m->n_sw; s++) {
        int32_t k, total;
        if (take(r, &k) < 0 || take(r, &total) < 0 || k < 0 || k > m->n_cells) return -1;
        if (total > ENG_MAX_COEF || total < -ENG_MAX_COEF || r->pos + (size_t)k > r->len) return -1;
        r->pos += (size_t)k;
        cells += (size_t)k;
    }
    r->pos = start;
    m->sw_start = malloc(sizeof(int) * (size_t)(m->n_sw + 1));
    m->sw_total = malloc(sizeof(int64_t) * (size_t)(m->n_sw + 1));
    m->sw_cells = malloc(sizeof(int) * (cells + 1));
    if (!m->sw_start || !m->sw_total || !m->sw_cells) return -2;
    int t = 0;
    for (int s = 0; s < m->n_sw; s++) {
        int32_t k = r->w[r->pos++];
        m->sw_total[s] = r->w[r->pos++];
        m->sw_start[s] = t;
        for (int j = 0; j < k; j++) {
            int32_t c = r->w[r->pos++];
            if (c < 0 || c >= m->n_cells) return -1;
            m->sw_cells[t++] = c;
        }
    }
    m->sw_start[m->n_sw] = t;
    return 0;
}

/* Decode and check the program; 0, -1 (malformed) or -2 (no memory). */
static int model_read(model *m, const int32_t *prog, size_t len)
{
    memset(m, 0, sizeof *m);
    reader r = {prog, len, 0};
    int32_t hdr[7];
    for (int k = 0; k < 7; k++)
        if (take(&r, &hdr[k]) < 0) return -1;
    if (hdr[0] < 1 || hdr[0] > ENG_MAX_CELLS || hdr[1] < 1 || hdr[1] > ENG_MAX_DIGITS) return -1;
    for (int k = 2; k < 7; k++)
        if (hdr[k] < 0 || hdr[k] > 1 << 20) return -1;
    m->n_cells = hdr[0];
    m->n_digits = hdr[1];
    m->full = (hdr[1] == 32) ? 0xFFFFFFFFu : (1u << hdr[1]) - 1u;
    m->n_rels = hdr[3];
    m->n_sums = hdr[4];
    m->n_tri = hdr[5];
    m->n_sw = hdr[6];
    m->masks0 = malloc(sizeof(uint32_t) * (size_t)m->n_cells);
    if (!m->masks0) return -2;
    for (int i = 0; i < m->n_cells; i++) {
        int32_t v;
        if (take(&r, &v) < 0 || v < 0 || (uint32_t)v > m->full) return -1;
        m->masks0[i] = (uint32_t)v;
    }
    size_t words = ((size_t)m->n_cells + 63) / 64;
    uint64_t *adj = calloc((size_t)m->n_cells * words, sizeof(uint64_t));
    if (!adj) return -2;
    int full_total = 0, rc = read_houses(&r, m, hdr[2], adj, words, &full_total);
    if (rc == 0) {
        m->full_start = malloc(sizeof(int) * (size_t)(m->n_full + 1));
        m->full_cells = malloc(sizeof(int) * (size_t)(full_total + 1));
        rc = (!m->full_start || !m->full_cells) ? -2 : build_full_houses(&r, m, hdr[2]);
    }
    if (rc == 0) rc = build_peers(m, adj, words);
    free(adj);
    if (rc == 0) rc = read_rels(&r, m);
    if (rc == 0) rc = read_sums(&r, m);
    if (rc == 0) rc = read_triples(&r, m);
    if (rc == 0) rc = read_sandwiches(&r, m);
    if (rc == 0 && r.pos != r.len) rc = -1;
    if (rc == 0) {
        m->qcap = 2 * m->n_cells + 2;
        m->queue = malloc(sizeof(int) * (size_t)m->qcap);
        if (!m->queue) rc = -2;
    }
    return rc;
}

/* ------------------------------------------------------------------ propagation */
/* Narrow cell c to mask v (a subset of its candidates); 0 on an empty mask. */
SK_INLINE int narrow(model *m, uint32_t *cand, int c, uint32_t v)
{
    if (!v) return 0;
    cand[c] = v;
    if (at_most_one_bit(v) && m->qlen < m->qcap) m->queue[m->qlen++] = c;
    return 1;
}

static int eliminate(model *m, uint32_t *cand)
{
    while (m->qlen) {
        int i = m->queue[--m->qlen];
        uint32_t bit = cand[i];
        for (int k = m->peer_start[i]; k < m->peer_start[i + 1]; k++) {
            int p = m->peers[k];
            if (cand[p] & bit)
                if (!narrow(m, cand, p, cand[p] & ~bit)) return 0;
        }
    }
    return 1;
}

/* Hidden singles: -1 contradiction, else 1 if anything changed. */
static int hidden(model *m, uint32_t *cand)
{
    int changed = 0;
    for (int h = 0; h < m->n_full; h++) {
        const int *cells = m->full_cells + m->full_start[h], size = m->full_start[h + 1] - m->full_start[h];
        uint32_t once = 0, twice = 0;
        for (int k = 0; k < size; k++) {
            twice |= once & cand[cells[k]];
            once |= cand[cells[k]];
        }
        if (once != m->full) return -1;
        uint32_t exact = once & ~twice;
        if (!exact) continue;
        for (int k = 0; k < size; k++) {
            uint32_t v = cand[cells[k]] & exact;
            if (v && v != cand[cells[k]]) {
                if (!at_most_one_bit(v)) return -1;
                narrow(m, cand, cells[k], v);
                changed = 1;
            }
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

static int relations(model *m, uint32_t *cand)
{
    int changed = 0, n = m->n_digits;
    for (int k = 0; k < m->n_rels; k++) {
        int a = m->rel_a[k], b = m->rel_b[k];
        uint32_t ma = cand[a], mb = cand[b];
        uint32_t nb = mb & support(m->fwd + (size_t)k * (size_t)n, ma);
        if (nb != mb) {
            if (!narrow(m, cand, b, nb)) return -1;
            changed = 1;
        }
        uint32_t na = ma & support(m->rev + (size_t)k * (size_t)n, nb);
        if (na != ma) {
            if (!narrow(m, cand, a, na)) return -1;
            changed = 1;
        }
    }
    return changed;
}

/* Smallest and largest coef*digit over the candidates of a mask (not 0). */
static void term_range(uint32_t mask, int64_t coef, int64_t *lo, int64_t *hi)
{
    int64_t small = lowest_index(mask) + 1, big = 32 - __builtin_clz(mask);
    if (coef > 0) *lo = coef * small, *hi = coef * big;
    else *lo = coef * big, *hi = coef * small;
}

static int sums(model *m, uint32_t *cand)
{
    int changed = 0;
    for (int s = 0; s < m->n_sums; s++) {
        int from = m->sum_start[s], to = m->sum_start[s + 1];
        int64_t lo = 0, hi = 0, total = m->sum_total[s], tlo, thi;
        for (int t = from; t < to; t++) {
            term_range(cand[m->sum_cell[t]], m->sum_coef[t], &tlo, &thi);
            lo += tlo;
            hi += thi;
        }
        if (total < lo || total > hi) return -1;
        /* Each cell is in a sum once (the compiler merges repeats), so cand[c] is still
         * the mask whose range went into lo/hi when its turn comes. */
        for (int t = from; t < to; t++) {
            int c = m->sum_cell[t];
            int64_t coef = m->sum_coef[t];
            term_range(cand[c], coef, &tlo, &thi);
            int64_t low = total - (hi - thi), high = total - (lo - tlo);
            uint32_t keep = 0;
            for (uint32_t bits = cand[c]; bits; bits = clear_lowest(bits)) {
                int64_t v = coef * (lowest_index(bits) + 1);
                if (low <= v && v <= high) keep |= lowest_bit(bits);
            }
            if (keep != cand[c]) {
                if (!narrow(m, cand, c, keep)) return -1;
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

/* 1 if the cells strictly between positions i < j of a sandwich can hold middle digits summing to total. */
static int sandwich_fits(const uint32_t *cand, const int *cells, int i, int j, int64_t total, uint32_t middle)
{
    int64_t lo = 0, hi = 0;
    for (int k = i + 1; k < j; k++) {
        uint32_t v = cand[cells[k]] & middle;
        if (!v) return 0;
        lo += lowest_index(v) + 1;
        hi += 32 - __builtin_clz(v);
    }
    return lo <= total && total <= hi;
}

/* Keep the 1 and the N of a sandwich line only where some placement of both fits the total. */
static int sandwiches(model *m, uint32_t *cand)
{
    int changed = 0;
    uint32_t low = 1u, high = 1u << (m->n_digits - 1), middle = m->full & ~(low | high);
    for (int s = 0; s < m->n_sw; s++) {
        const int *cells = m->sw_cells + m->sw_start[s];
        int k = m->sw_start[s + 1] - m->sw_start[s];
        uint64_t ok_one = 0, ok_top = 0; /* positions (k <= 25) that keep their 1 / N */
        for (int i = 0; i < k; i++) {
            if (!(cand[cells[i]] & low)) continue;
            for (int j = 0; j < k; j++)
                if (j != i && (cand[cells[j]] & high) &&
                    sandwich_fits(cand, cells, i < j ? i : j, i < j ? j : i, m->sw_total[s], middle))
                    ok_one |= 1ull << i, ok_top |= 1ull << j;
        }
        if (!ok_one) return -1;
        for (int i = 0; i < k; i++) {
            uint32_t v = cand[cells[i]];
            if ((v & low) && !(ok_one >> i & 1)) v &= ~low;
            if ((v & high) && !(ok_top >> i & 1)) v &= ~high;
            if (v != cand[cells[i]]) {
                if (!narrow(m, cand, cells[i], v)) return -1;
                changed = 1;
            }
        }
    }
    return changed;
}

/* Run every primitive to the common fixpoint; 0 on a contradiction. */
static int propagate(model *m, uint32_t *cand)
{
    for (;;) {
        if (!eliminate(m, cand)) return 0;
        int a = hidden(m, cand);
        if (a < 0) return 0;
        int b = relations(m, cand);
        if (b < 0) return 0;
        int c = sums(m, cand);
        if (c < 0) return 0;
        int d = triples(m, cand);
        if (d < 0) return 0;
        int e = sandwiches(m, cand);
        if (e < 0) return 0;
        if (!a && !b && !c && !d && !e && !m->qlen) return 1;
    }
}

/* The first cell with the fewest (at least two) candidates, or -1 when all are placed. */
static int pick(const model *m, const uint32_t *cand)
{
    int best = -1, best_count = 99;
    for (int i = 0; i < m->n_cells; i++) {
        if (at_most_one_bit(cand[i])) continue;
        int k = bit_count(cand[i]);
        if (k < best_count) {
            best = i;
            best_count = k;
            if (k == 2) break;
        }
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
    uint32_t *states = malloc(sizeof(uint32_t) * n * (n + 1));
    frame *frames = malloc(sizeof(frame) * (n + 1));
    if (!states || !frames) {
        free(states);
        free(frames);
        return ENG_NO_MEMORY;
    }
    int status = ENG_DONE, depth = 0;
    memcpy(states, m->masks0, sizeof(uint32_t) * n);
    m->qlen = 0;
    int alive = 1;
    for (size_t i = 0; i < n; i++) {
        if (!states[i]) alive = 0;
        else if (at_most_one_bit(states[i])) m->queue[m->qlen++] = (int)i;
    }
    if (!alive || !propagate(m, states)) goto done;
    for (;;) {
        uint32_t *cur = states + (size_t)depth * n;
        int cell = pick(m, cur);
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
            child[f->cell] = bit;
            m->qlen = 0;
            m->queue[m->qlen++] = f->cell;
            if (propagate(m, child)) break;
        }
    }
done:
    free(frames);
    free(states);
    return status;
}

int eng_solve(const int32_t *prog, size_t len, uint32_t limit, uint64_t node_budget, uint32_t *count,
              uint8_t *solution, uint64_t *nodes, eng_poll_fn poll, void *poll_arg)
{
    *count = 0;
    *nodes = 0;
    if (limit < 1) return ENG_BAD_PROGRAM;
    model m;
    int rc = model_read(&m, prog, len);
    int status = rc == -1 ? ENG_BAD_PROGRAM : rc == -2 ? ENG_NO_MEMORY : ENG_DONE;
    if (rc == 0) status = search(&m, limit, node_budget, count, solution, nodes, poll, poll_arg);
    model_free(&m);
    return status;
}
