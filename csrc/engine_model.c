/* engine_model.c -- read and check a variant engine program (layout in engine.h) and
 * build the model propagation works on (engine_model.h).  Every index read from the
 * program is bounds-checked here, so propagation can trust the model. */
#include "engine_model.h"

#include <stdlib.h>
#include <string.h>

#include "engine.h"

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

void eng_model_free(eng_model *m)
{
    free(m->sum_combos); /* grown by realloc (engine_sums.c) */
    free(m->sw_combos);
    for (eng_chunk *c = m->chunks, *next; c; c = next) next = c->next, free(c);
    m->chunks = NULL, m->arena_at = NULL, m->arena_left = 0;
}

/* The arena (engine_model.h): the first chunk holds a small program's whole model and its
 * search; a request that does not fit opens a chunk twice the last (or as large as the
 * request), the rest of the last one left unused. */
void *eng_alloc(eng_model *m, size_t bytes)
{
#ifdef ENG_ARENA_EXACT
    /* under AddressSanitizer every block is its own malloc of its exact size, so that an
     * overrun meets a redzone (in a shared chunk it would land in the next block unseen) */
    if (bytes > SIZE_MAX - ENG_CHUNK_HEAD) return NULL;
    eng_chunk *own = malloc(ENG_CHUNK_HEAD + (bytes ? bytes : 1));
    if (!own) return NULL;
    own->next = m->chunks, own->size = 0, m->chunks = own;
    return (unsigned char *)own + ENG_CHUNK_HEAD;
#else
    size_t need = (bytes + ENG_ALIGN - 1) & ~(size_t)(ENG_ALIGN - 1);
    if (need < bytes) return NULL;
    if (need > m->arena_left) {
        size_t size = m->chunks ? 2 * m->chunks->size : ENG_CHUNK_FIRST;
        if (size < need) size = need;
        if (size > SIZE_MAX - ENG_CHUNK_HEAD) return NULL;
        eng_chunk *c = malloc(ENG_CHUNK_HEAD + size);
        if (!c) return NULL;
        c->next = m->chunks, c->size = size, m->chunks = c;
        m->arena_at = (unsigned char *)c + ENG_CHUNK_HEAD, m->arena_left = size;
    }
    void *p = m->arena_at;
    m->arena_at += need, m->arena_left -= need;
    return p;
#endif
}

void *eng_zalloc(eng_model *m, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) return NULL;
    void *p = eng_alloc(m, count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

/* Read the houses: fill the peer bit matrix, count full houses and their cells. */
/* Read the houses: fill the peer bit matrix (each cell's row ORed with its houses' cell
 * masks; the diagonal cleared at the end), count full houses and their cells. */
static int read_houses(reader *r, eng_model *m, int n_houses, uint64_t *adj, size_t words, int *full_cells_total)
{
    size_t start = r->pos;
    int total = 0, pairs = 0;
    uint64_t *hmask = eng_zalloc(m, words, sizeof(uint64_t));
    if (!hmask) return -2;
    for (int h = 0; h < n_houses; h++) {
        int32_t size, c;
        if (take(r, &size) < 0 || size < 0 || size > m->n_cells || r->pos + (size_t)size > r->len) return -1;
        const int32_t *cells = r->w + r->pos;
        memset(hmask, 0, words * sizeof(uint64_t));
        for (int k = 0; k < size; k++) {
            uint64_t bit;
            /* a cell twice would break the hidden-single count */
            if (take(r, &c) < 0 || c < 0 || c >= m->n_cells || (hmask[c / 64] & (bit = 1ull << (c % 64)))) return -1;
            hmask[c / 64] |= bit;
        }
        for (int k = 0; k < size; k++)
            for (size_t w = 0; w < words; w++) adj[(size_t)cells[k] * words + w] |= hmask[w];
        if (size == m->n_digits) total += size, m->n_full++;
        if (size == 2) pairs++;
    }
    m->point = pairs >= m->n_cells / 2 && m->n_digits > 2; /* anti-knight, anti-king (see engine.c) */
    for (int i = 0; i < m->n_cells; i++) adj[(size_t)i * words + (size_t)i / 64] &= ~(1ull << (i % 64));
    *full_cells_total = total;
    r->pos = start;
    return 0;
}

static int build_full_houses(reader *r, eng_model *m, int n_houses)
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

/* Bits set in x, without a library call (no -mpopcnt by default). */
static inline int count_bits64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full) * 0x0101010101010101ull) >> 56);
}

static int build_peers(eng_model *m, const uint64_t *adj, size_t words)
{
    size_t total = 0;
    for (size_t i = 0; i < (size_t)m->n_cells * words; i++) total += (size_t)count_bits64(adj[i]);
    m->peer_start = eng_alloc(m, sizeof(int) * (size_t)(m->n_cells + 1));
    m->peers = eng_alloc(m, sizeof(int) * (total ? total : 1));
    if (!m->peer_start || !m->peers) return -2; /* no memory (was -1: reported as a malformed program) */
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

static int read_rels(reader *r, eng_model *m)
{
    int n = m->n_digits;
    /* a header claiming more relations than the program holds is malformed: found before
     * allocating for them (a 100-byte program made the tables below hundreds of MB) */
    if ((size_t)m->n_rels * (2 + (size_t)n) > r->len - r->pos) return -1;
    m->rel_a = eng_alloc(m, sizeof(int) * (size_t)(m->n_rels + 1));
    m->rel_b = eng_alloc(m, sizeof(int) * (size_t)(m->n_rels + 1));
    m->fwd = eng_zalloc(m, (size_t)m->n_rels * (size_t)n + 1, sizeof(uint32_t));
    m->rev = eng_zalloc(m, (size_t)m->n_rels * (size_t)n + 1, sizeof(uint32_t));
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

static int read_sums(reader *r, eng_model *m)
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
    m->sum_start = eng_alloc(m, sizeof(int) * (size_t)(m->n_sums + 1));
    m->sum_total = eng_alloc(m, sizeof(int64_t) * (size_t)(m->n_sums + 1));
    m->sum_cell = eng_alloc(m, sizeof(int) * (terms + 1));
    m->sum_coef = eng_alloc(m, sizeof(int64_t) * (terms + 1));
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

static int read_triples(reader *r, eng_model *m)
{
    size_t nn = (size_t)m->n_digits * (size_t)m->n_digits;
    if ((size_t)m->n_tri * (3 + nn) > r->len - r->pos) return -1; /* as in read_rels: 1.6 GB for 100 bytes */
    m->tri_cells = eng_alloc(m, sizeof(int) * 3 * (size_t)(m->n_tri + 1));
    m->tri_table = eng_alloc(m, sizeof(uint32_t) * nn * (size_t)(m->n_tri + 1));
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

static int read_sandwiches(reader *r, eng_model *m)
{
    size_t start = r->pos, cells = 0;
    for (int s = 0; s < m->n_sw; s++) {
        int32_t k, total;
        /* A sandwich line is one row or column (at most ENG_MAX_DIGITS cells): the propagator
         * keeps its positions in 64-bit masks, so a longer hostile line must not get there. */
        if (take(r, &k) < 0 || take(r, &total) < 0 || k < 0 || k > m->n_cells || k > ENG_MAX_DIGITS) return -1;
        if (total > ENG_MAX_COEF || total < -ENG_MAX_COEF || r->pos + (size_t)k > r->len) return -1;
        r->pos += (size_t)k;
        cells += (size_t)k;
    }
    r->pos = start;
    m->sw_start = eng_alloc(m, sizeof(int) * (size_t)(m->n_sw + 1));
    m->sw_total = eng_alloc(m, sizeof(int64_t) * (size_t)(m->n_sw + 1));
    m->sw_cells = eng_alloc(m, sizeof(int) * (cells + 1));
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

int eng_program_cells(const int32_t *prog, size_t len)
{
    if (len < 7 || prog[0] < 1 || prog[0] > ENG_MAX_CELLS || prog[1] < 1 || prog[1] > ENG_MAX_DIGITS) return -1;
    return prog[0];
}

/* Invert items -> cells (item k has cells[start[k] .. start[k+1])) into cell -> items. */
static int invert(eng_model *m, int n_cells, int n_items, const int *start, const int *cells, eng_csr *out)
{
    size_t total = n_items ? (size_t)start[n_items] : 0;
    out->start = eng_zalloc(m, (size_t)n_cells + 1, sizeof(int));
    out->items = eng_alloc(m, sizeof(int) * (total + 1));
    if (!out->start || !out->items) return -2;
    if (!total) return 0; /* no items (most programs have no sums, triples or sandwiches) */
    for (size_t t = 0; t < total; t++) out->start[cells[t] + 1]++;
    for (int i = 0; i < n_cells; i++) out->start[i + 1] += out->start[i];
    int *fill = eng_alloc(m, sizeof(int) * ((size_t)n_cells + 1));
    if (!fill) return -2;
    memcpy(fill, out->start, sizeof(int) * (size_t)n_cells);
    for (int k = 0; k < n_items; k++)
        for (int t = start[k]; t < start[k + 1]; t++) out->items[fill[cells[t]]++] = k;
    return 0;
}

static int build_watchers(eng_model *m)
{
    int rc = invert(m, m->n_cells, m->n_full, m->full_start, m->full_cells, &m->w_house);
    if (rc == 0) rc = invert(m, m->n_cells, m->n_sums, m->sum_start, m->sum_cell, &m->w_sum);
    if (rc == 0) rc = invert(m, m->n_cells, m->n_sw, m->sw_start, m->sw_cells, &m->w_sw);
    int *start = eng_alloc(m, sizeof(int) * ((size_t)m->n_rels + (size_t)m->n_tri + 2));
    int *pairs = eng_alloc(m, sizeof(int) * (2 * (size_t)m->n_rels + 1));
    if (!start || !pairs) rc = -2;
    if (rc == 0) { /* relations: cells (a, b); triples: their three cells */
        for (int k = 0; k <= m->n_rels; k++) start[k] = 2 * k;
        for (int k = 0; k < m->n_rels; k++) pairs[2 * k] = m->rel_a[k], pairs[2 * k + 1] = m->rel_b[k];
        rc = invert(m, m->n_cells, m->n_rels, start, pairs, &m->w_rel);
    }
    if (rc == 0) {
        for (int k = 0; k <= m->n_tri; k++) start[k] = 3 * k;
        rc = invert(m, m->n_cells, m->n_tri, start, m->tri_cells, &m->w_tri);
    }
    return rc;
}

/* Pairs (h1 < h2) of full houses sharing at least two cells, for
 * locked candidates (engine_model.h: lock_* and lk_*).  Every house's partners come from its
 * cells' watcher lists (not by comparing every pair of houses: Samurai has 131 full houses,
 * 25x25 has 75 of 25 cells), with the shared cells as a mask of positions in the house
 * (full houses have n_digits <= 25 cells).  A pair's rest of a house is then the other
 * pairs' shared cells that fit in it (disjoint), then single cells; when some rest needs
 * more than ENG_LOCK_K segments, locked goes pair by pair over lock_cells instead.  Built by
 * engine.c's locked the first time it has an open cell to look at (engine_model.h). */
int eng_build_locks(eng_model *m)
{
    if (m->n_full < 2 || m->n_full > ENG_MAX_LOCK_HOUSES) return 0;
    int n = m->n_digits, nf = m->n_full, nc = m->n_cells, rc = 0, ne = 0, K = ENG_LOCK_K;
    const eng_csr *w = &m->w_house;
    uint32_t all = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
    size_t wf = 2 * (size_t)K + 1, bound = 0;
    /* a house meets another through a shared cell: at most sum deg (deg - 1) entries */
    for (int c = 0; c < nc; c++) {
        size_t d = (size_t)(w->start[c + 1] - w->start[c]);
        bound += d * (d ? d - 1 : 0);
    }
    /* scratch on the stack for small grids (this runs on every solve), else from the arena
     * (left there: it is freed with the model); phase 1 sized by the bound, phase 2 by the
     * pairs found */
    int stackbuf[4096], *tmp = stackbuf;
    size_t phase1 = 3 * (size_t)nf + 1 + 2 * bound, cap = sizeof stackbuf / sizeof stackbuf[0];
    size_t phase2_max = (size_t)nc + (bound + 1) + (bound / 2 + 1) * (1 + 2 + 1 + wf + 2 + 2 + 1 + (size_t)n) + (size_t)nc + 8;
    if (phase1 + phase2_max > cap && !(tmp = eng_alloc(m, sizeof(int) * (phase1 + phase2_max)))) return -2;
    /* entries e = ent_start[h] ..: house h shares the cells at positions ent_mask[e] with ent_h[e] */
    int *ent_start = tmp, *met = ent_start + nf + 1, *ent_h = met + nf;
    uint32_t *acc = (uint32_t *)(ent_h + bound), *ent_mask = acc + nf;
    memset(acc, 0, sizeof(uint32_t) * (size_t)nf);
    for (int h = 0; h < nf; h++) {
        const int *cells = m->full_cells + m->full_start[h];
        int n_met = 0;
        ent_start[h] = ne;
        for (int k = 0; k < n; k++)
            for (int i = w->start[cells[k]]; i < w->start[cells[k] + 1]; i++) {
                int g = w->items[i];
                if (g == h) continue;
                if (!acc[g]) met[n_met++] = g;
                acc[g] |= 1u << k;
            }
        for (int x = 0; x < n_met; x++) {
            uint32_t mask = acc[met[x]];
            acc[met[x]] = 0;
            if (mask & (mask - 1u)) ent_h[ne] = met[x], ent_mask[ne++] = mask;
        }
    }
    ent_start[nf] = ne;
    int nl = ne / 2;
    size_t pairs_sz = (size_t)nl + 1;
    /* phase 2: per entry its pair; per pair its houses, shared count, segment, rests (ids and
     * counts), masks; the segments' starts and cells */
    int *single = (int *)(ent_mask + bound), *ent_pair = single + nc, *seg_of = ent_pair + ne + 1;
    int *lh = seg_of + pairs_sz, *ls = lh + 2 * pairs_sz, *fix = ls + pairs_sz, *cnt = fix + pairs_sz * wf;
    uint32_t *pm = (uint32_t *)(cnt + 2 * pairs_sz);
    int *seg_start = (int *)(pm + 2 * pairs_sz), *seg_cells = seg_start + pairs_sz + 1;
    { /* the pairs; ent_pair[e] = 2p + j: house h is pair p's j-th */
        int p = 0;
        for (int h = 0; h < nf; h++)
            for (int e = ent_start[h]; e < ent_start[h + 1]; e++)
                if (ent_h[e] > h) lh[2 * p] = h, lh[2 * p + 1] = ent_h[e], pm[2 * p] = ent_mask[e], ent_pair[e] = 2 * p++;
        for (int h = 0; h < nf; h++)
            for (int e = ent_start[h]; e < ent_start[h + 1]; e++) {
                int g = ent_h[e];
                if (g > h) continue;
                for (int f = ent_start[g]; f < ent_start[g + 1]; f++)
                    if (ent_h[f] == h) ent_pair[e] = ent_pair[f] + 1, pm[ent_pair[f] + 1] = ent_mask[e];
            }
        nl = p;
    }
    int nseg = 0, len = 0, kmax = 0;
    /* segments: a pair's shared cells, unless an earlier pair of its first house has the same
     * (Samurai: a corner box, a row of an outer grid and a row of the centre grid) */
    for (int p = 0; p < nl; p++) {
        int h = lh[2 * p], found = -1, sh = 0;
        for (int e = ent_start[h]; e < ent_start[h + 1] && found < 0; e++)
            if ((ent_pair[e] >> 1) < p && ent_mask[e] == pm[2 * p]) found = seg_of[ent_pair[e] >> 1];
        if (found < 0) {
            seg_start[nseg] = len;
            for (uint32_t x = pm[2 * p]; x; x &= x - 1) seg_cells[len++] = m->full_cells[m->full_start[h] + __builtin_ctz(x)];
            found = nseg++;
        }
        for (uint32_t x = pm[2 * p]; x; x &= x - 1) sh++;
        seg_of[p] = found, ls[p] = sh;
    }
    int nmulti = nseg;
    seg_start[nseg] = len;
    for (int c = 0; c < nc; c++) single[c] = -1;
    /* each pair's rest of each house as segments (its own never fits) */
    for (int p = 0; p < nl && kmax <= K; p++) {
        int *out = fix + (size_t)p * wf;
        out[0] = seg_of[p];
        for (int j = 0; j < 2; j++) {
            int h = lh[2 * p + j], k1 = 0, *ids = out + 1 + j * K;
            uint32_t rest = all & ~pm[2 * p + j];
            for (int e = ent_start[h]; e < ent_start[h + 1]; e++) {
                if (ent_mask[e] & ~rest) continue;
                rest &= ~ent_mask[e];
                if (k1 < K) ids[k1] = seg_of[ent_pair[e] >> 1];
                k1++;
            }
            for (; rest; rest &= rest - 1) {
                int c = m->full_cells[m->full_start[h] + __builtin_ctz(rest)];
                if (single[c] < 0) single[c] = nseg++, seg_cells[len++] = c;
                if (k1 < K) ids[k1] = single[c];
                k1++;
            }
            if (k1 > kmax) kmax = k1;
            cnt[2 * p + j] = k1;
        }
    }
    int segs = nl && kmax <= K, k = kmax > 0 ? kmax : 1, wk = 1 + 2 * k;
    /* the model's, in one block: lock_house, lock_shared, then with segments lk_seg_start,
     * lk_seg_cells, lk_fix and lk_u */
    size_t block = 3 * pairs_sz + (segs ? (size_t)nmulti + 2 + (size_t)len + (size_t)nl * (size_t)wk + (size_t)nseg + 2 : 0);
    m->lk_block = eng_alloc(m, sizeof(int) * block);
    if (!m->lk_block) rc = -2;
    if (rc == 0) {
        m->n_lock = nl;
        m->lock_house = m->lk_block, m->lock_shared = m->lock_house + 2 * pairs_sz;
        memcpy(m->lock_house, lh, sizeof(int) * 2 * (size_t)nl);
        memcpy(m->lock_shared, ls, sizeof(int) * (size_t)nl);
    }
    if (rc == 0 && segs) { /* by segments: lk_k = kmax slots per house, padded with the empty segment */
        int sz = ls[0];
        m->lk_seg_start = m->lock_shared + pairs_sz, m->lk_seg_cells = m->lk_seg_start + nmulti + 2;
        m->lk_fix = m->lk_seg_cells + len, m->lk_u = (uint32_t *)(m->lk_fix + (size_t)nl * (size_t)wk);
        memcpy(m->lk_seg_start, seg_start, sizeof(int) * ((size_t)nmulti + 1));
        memcpy(m->lk_seg_cells, seg_cells, sizeof(int) * (size_t)len);
        for (int p = 0; p < nl; p++) {
            const int *src = fix + (size_t)p * wf;
            int *dst = m->lk_fix + (size_t)p * (size_t)wk;
            dst[0] = src[0];
            for (int x = 0; x < k; x++) {
                dst[1 + x] = x < cnt[2 * p] ? src[1 + x] : nseg;
                dst[1 + k + x] = x < cnt[2 * p + 1] ? src[1 + K + x] : nseg;
            }
        }
        for (int g = 0; g < nmulti; g++) /* one size for all: a loop the compiler unrolls */
            if (seg_start[g + 1] - seg_start[g] != sz) sz = 0;
        m->lk_nmulti = nmulti, m->lk_nseg = nseg + 1, m->lk_sz = sz, m->lk_k = k;
    } else if (rc == 0 && nl) { /* pair by pair: its shared cells, the rest of h1, the rest of h2 */
        m->lock_start = eng_alloc(m, sizeof(int) * ((size_t)nl + 1));
        m->lock_cells = eng_alloc(m, sizeof(int) * (size_t)nl * 2 * (size_t)n + 1);
        if (!m->lock_start || !m->lock_cells) rc = -2;
        for (int p = 0, at = 0; rc == 0 && p < nl; p++) {
            const int *a = m->full_cells + m->full_start[lh[2 * p]];
            const int *b = m->full_cells + m->full_start[lh[2 * p + 1]];
            m->lock_start[p] = at;
            for (uint32_t x = pm[2 * p]; x; x &= x - 1) m->lock_cells[at++] = a[__builtin_ctz(x)];
            for (uint32_t x = all & ~pm[2 * p]; x; x &= x - 1) m->lock_cells[at++] = a[__builtin_ctz(x)];
            for (uint32_t x = all & ~pm[2 * p + 1]; x; x &= x - 1) m->lock_cells[at++] = b[__builtin_ctz(x)];
        }
    }
    return rc;
}

/* The most candidates a cell can have and still narrow the other cell of arc 2k + dir:
 * the support of a mask misses digit y only when every digit of the mask forbids y, so it
 * is the largest number of digits forbidding one same y. */
static int arc_reach(const eng_model *m, int arc)
{
    int n = m->n_digits, best = 0;
    const uint32_t *table = (arc & 1 ? m->rev : m->fwd) + (size_t)(arc >> 1) * (size_t)n;
    for (int y = 0; y < n; y++) {
        int forbid = 0;
        for (int x = 0; x < n; x++) forbid += !(table[x] >> y & 1u);
        if (forbid > best) best = forbid;
    }
    return best;
}

/* Which narrowed cells go on the relation stack (rel_reach, popc, rel_gate: engine_model.h). */
static int build_rel_gates(eng_model *m, int n_luts)
{
    int n = m->n_digits;
    size_t size = (size_t)1 << n;
    if (!m->n_rels) return 0; /* (read only with relations) */
    m->rel_reach = eng_zalloc(m, (size_t)m->n_cells + 1, 1);
    m->rel_gate = eng_zalloc(m, (size_t)m->n_cells + 1, sizeof(uint32_t *));
    if (!m->rel_reach || !m->rel_gate) return -2;
    if (n <= ENG_LUT_DIGITS && m->n_rels) {
        if (!(m->popc = eng_alloc(m, size))) return -2;
        m->popc[0] = 0;
        for (size_t mask = 1; mask < size; mask++) m->popc[mask] = (uint8_t)(m->popc[mask & (mask - 1)] + 1);
    }
    int reach_of[ENG_MAX_LUTS]; /* per distinct table: computed once */
    for (int j = 0; j < n_luts; j++) reach_of[j] = -1;
    for (int c = 0; c < m->n_cells; c++) {
        int from = m->w_rel.start[c], to = m->w_rel.start[c + 1], same = from < to;
        for (int t = from; t < to; t++) {
            int id = m->rel_lut[m->rel_arc[t]], k;
            if (id < 0) k = arc_reach(m, m->rel_arc[t]);
            else if ((k = reach_of[id]) < 0) k = reach_of[id] = arc_reach(m, m->rel_arc[t]);
            if (k > m->rel_reach[c]) m->rel_reach[c] = (uint8_t)k;
            same &= m->rel_tab[t] == m->rel_tab[from];
        }
        if (same) m->rel_gate[c] = m->rel_tab[from]; /* NULL too when it has no lookup */
    }
    return 0;
}

/* The relation stack, and support lookups shared by relations with identical tables. */
static int build_rel_luts(eng_model *m)
{
    int n = m->n_digits, n_luts = 0;
    if (!m->n_rels) return 0; /* relations() and rel_points() never run */
    m->rel_stack = eng_alloc(m, sizeof(int) * ((size_t)m->n_cells + 1));
    m->rel_lut = eng_alloc(m, sizeof(int) * (2 * (size_t)m->n_rels + 1));
    size_t arcs = (size_t)m->w_rel.start[m->n_cells];
    m->rel_arc = eng_alloc(m, sizeof(int) * (arcs + 1));
    m->rel_to = eng_alloc(m, sizeof(int) * (arcs + 1));
    if (!m->rel_stack || !m->rel_lut || !m->rel_arc || !m->rel_to) return -2;
    for (int c = 0; c < m->n_cells; c++)
        for (int t = m->w_rel.start[c]; t < m->w_rel.start[c + 1]; t++) {
            int k = m->w_rel.items[t];
            m->rel_arc[t] = 2 * k + (m->rel_a[k] != c);
            m->rel_to[t] = m->rel_a[k] != c ? m->rel_a[k] : m->rel_b[k];
        }
    const uint32_t *distinct[ENG_MAX_LUTS];
    for (int k = 0; k < 2 * m->n_rels; k++) {
        const uint32_t *table = (k & 1 ? m->rev : m->fwd) + (size_t)(k / 2) * (size_t)n;
        int id = -1;
        for (int j = 0; j < n_luts && id < 0; j++)
            if (!memcmp(distinct[j], table, sizeof(uint32_t) * (size_t)n)) id = j;
        if (id < 0 && n <= ENG_LUT_DIGITS && n_luts < ENG_MAX_LUTS) distinct[n_luts] = table, id = n_luts++;
        m->rel_lut[k] = id;
    }
    size_t size = (size_t)1 << n;
    m->luts = eng_alloc(m, sizeof(uint32_t) * (n_luts ? (size_t)n_luts * size : 1));
    if (!m->luts) return -2;
    for (int j = 0; j < n_luts; j++) {
        uint32_t *lut = m->luts + (size_t)j * size;
        lut[0] = 0;
        for (size_t mask = 1; mask < size; mask++) lut[mask] = lut[mask & (mask - 1)] | distinct[j][__builtin_ctz((unsigned)mask)];
    }
    m->rel_tab = eng_alloc(m, sizeof(uint32_t *) * (arcs + 1));
    if (!m->rel_tab) return -2;
    for (size_t t = 0; t < arcs; t++) {
        int id = m->rel_lut[m->rel_arc[t]];
        m->rel_tab[t] = id >= 0 ? m->luts + ((size_t)id << n) : NULL;
    }
    return build_rel_gates(m, n_luts);
}

/* One block of dirty flags, one per item, and the house bit sets (engine_model.h). */
static int alloc_dirty(eng_model *m)
{
    size_t sizes[] = {(size_t)m->n_cells, (size_t)m->n_sums, (size_t)m->n_tri, (size_t)m->n_sw};
    size_t total = 1;
    for (size_t k = 0; k < 4; k++) total += sizes[k];
    m->dirty = eng_zalloc(m, total, 1);
    size_t hw = ((size_t)m->n_full + 63) / 64;
    m->hwords = (int)hw;
    uint64_t *sets = eng_zalloc(m, 7 * hw + 1, sizeof(uint64_t));
    if (!m->dirty || !sets) return -2;
    uint8_t **flags[] = {&m->d_rel, &m->d_sum, &m->d_tri, &m->d_sw};
    uint8_t *at = m->dirty;
    for (size_t k = 0; k < 4; k++) *flags[k] = at, at += sizes[k];
    uint64_t **set[] = {&m->fresh, &m->p_hidden, &m->p_pair, &m->p_lock, &m->p_point, &m->lock_snap, &m->rel_hmask};
    for (size_t k = 0; k < 7; k++) *set[k] = sets + k * hw;
    for (int h = 0; h < m->n_full; h++)
        if (m->house_rel[h]) ENG_HSET(m->rel_hmask, h);
    return 0;
}

/* eng_mark (engine_model.h) for the other programs: any houses, any item kinds. */
void eng_mark_items(eng_model *m, int c, uint32_t removed, uint32_t v)
{
    unsigned kinds = m->kinds; /* skip the item kinds the program does not have */
    const eng_csr *w = &m->w_house;
    if (kinds & ENG_K_HB) /* the cell's houses as bit words (up to ENG_HB_WORDS) */
        m->fresh[0] |= m->cell_hb[c];
    else if (m->cell_hb)
        for (int k = 0; k < m->hwords; k++) m->fresh[k] |= m->cell_hb[(size_t)c * (size_t)m->hwords + (size_t)k];
    else
        for (int k = w->start[c]; k < w->start[c + 1]; k++) ENG_HSET(m->fresh, w->items[k]);
    if (kinds & ENG_K_H3) { /* single grids: no loop */
        const int *h3 = m->cell_h3 + 3 * c;
        if (kinds & ENG_K_RLOST) m->rlost[h3[0]] |= removed, m->rlost[h3[1]] |= removed, m->rlost[h3[2]] |= removed;
        if (kinds & ENG_K_LOST) m->lost[h3[0]] |= removed, m->lost[h3[1]] |= removed, m->lost[h3[2]] |= removed;
    } else {
        if (kinds & ENG_K_RLOST)
            for (int k = w->start[c]; k < w->start[c + 1]; k++) m->rlost[w->items[k]] |= removed;
        if (kinds & ENG_K_LOST)
            for (int k = w->start[c]; k < w->start[c + 1]; k++) m->lost[w->items[k]] |= removed;
    }
    if (kinds & ENG_K_REL) eng_push_rel(m, c, v);
    if (kinds & ENG_K_SUM)
        for (int k = m->w_sum.start[c]; k < m->w_sum.start[c + 1]; k++) m->d_sum[m->w_sum.items[k]] = 1;
    if (kinds & ENG_K_TRI)
        for (int k = m->w_tri.start[c]; k < m->w_tri.start[c + 1]; k++) m->d_tri[m->w_tri.items[k]] = 1;
    if (kinds & ENG_K_SW)
        for (int k = m->w_sw.start[c]; k < m->w_sw.start[c + 1]; k++) m->d_sw[m->w_sw.items[k]] = 1;
}

/* Decode and check the program; 0, -1 (malformed) or -2 (no memory). */
int eng_model_read(eng_model *m, const int32_t *prog, size_t len)
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
    m->masks0 = eng_alloc(m, sizeof(uint32_t) * (size_t)m->n_cells);
    if (!m->masks0) return -2;
    for (int i = 0; i < m->n_cells; i++) {
        int32_t v;
        if (take(&r, &v) < 0 || v < 0 || (uint32_t)v > m->full) return -1;
        m->masks0[i] = (uint32_t)v;
    }
    size_t words = ((size_t)m->n_cells + 63) / 64;
    uint64_t *adj = m->adj = eng_zalloc(m, (size_t)m->n_cells * words, sizeof(uint64_t));
    m->words = words;
    if (!adj) return -2;
    int full_total = 0, rc = read_houses(&r, m, hdr[2], adj, words, &full_total);
    if (rc == 0) {
        m->full_start = eng_alloc(m, sizeof(int) * (size_t)(m->n_full + 1));
        m->full_cells = eng_alloc(m, sizeof(int) * (size_t)(full_total + 1));
        rc = (!m->full_start || !m->full_cells) ? -2 : build_full_houses(&r, m, hdr[2]);
    }
    if (rc == 0) rc = build_peers(m, adj, words);
    if (rc == 0) rc = read_rels(&r, m);
    if (rc == 0) rc = read_sums(&r, m);
    if (rc == 0) rc = read_triples(&r, m);
    if (rc == 0) rc = read_sandwiches(&r, m);
    if (rc == 0 && r.pos != r.len) rc = -1;
    if (rc == 0) rc = build_watchers(m);
    m->lk_later = 1; /* eng_build_locks: when first needed */
    if (rc == 0 && !(m->house_rel = eng_zalloc(m, (size_t)m->n_full + 1, 1))) rc = -2;
    if (rc == 0 && m->n_rels) { /* rel_points' scratch (it runs only with relations) */
        size_t c = (size_t)m->n_cells;
        m->link_cnt = eng_zalloc(m, c, sizeof(int)), m->link_stamp = eng_zalloc(m, c, sizeof(int));
        m->link_gone = eng_zalloc(m, c, sizeof(uint32_t)), m->link_allow = eng_zalloc(m, c, sizeof(uint32_t));
        if (!m->link_cnt || !m->link_stamp || !m->link_gone || !m->link_allow) rc = -2;
    }
    for (int c = 0; rc == 0 && m->n_rels && c < m->n_cells; c++) /* link_stamp[x] = c + 1: x seen from c */
        for (int t = m->w_rel.start[c]; t < m->w_rel.start[c + 1]; t++) {
            int k = m->w_rel.items[t], x = m->rel_a[k] == c ? m->rel_b[k] : m->rel_a[k];
            if (m->link_stamp[x] == c + 1) m->rel_dups = 1;
            m->link_stamp[x] = c + 1;
        }
    if (rc == 0 && m->n_rels) memset(m->link_stamp, 0, sizeof(int) * (size_t)m->n_cells), m->link_epoch = 0;
    for (int h = 0; rc == 0 && m->n_rels && h < m->n_full; h++)
        for (int k = m->full_start[h]; k < m->full_start[h + 1]; k++)
            if (m->w_rel.start[m->full_cells[k]] < m->w_rel.start[m->full_cells[k] + 1]) m->house_rel[h] = 1;
    if (rc == 0) rc = alloc_dirty(m);
    if (rc == 0) rc = eng_sums_build(m);
    if (rc == 0) rc = build_rel_luts(m);
    if (rc == 0 && m->point && m->n_full <= ENG_MAX_POINT_HOUSES) {
        m->full_mask = eng_zalloc(m, (size_t)m->n_full * m->words + 1, sizeof(uint64_t));
        m->lost = eng_zalloc(m, (size_t)m->n_full + 1, sizeof(uint32_t));
        if (!m->full_mask || !m->lost) rc = -2;
        for (int h = 0; rc == 0 && h < m->n_full; h++)
            for (int k = m->full_start[h]; k < m->full_start[h + 1]; k++)
                m->full_mask[(size_t)h * m->words + (size_t)m->full_cells[k] / 64] |= 1ull << (m->full_cells[k] % 64);
    }
    if (rc == 0 && m->n_rels && !(m->rlost = eng_zalloc(m, (size_t)m->n_full + 1, sizeof(uint32_t)))) rc = -2;
    int three = rc == 0;
    for (int i = 0; three && i < m->n_cells; i++) three = m->w_house.start[i + 1] - m->w_house.start[i] == 3;
    if (three && !(m->cell_h3 = eng_alloc(m, sizeof(int) * 3 * (size_t)m->n_cells))) rc = -2;
    if (three && rc == 0) memcpy(m->cell_h3, m->w_house.items, sizeof(int) * 3 * (size_t)m->n_cells);
    if (rc == 0 && m->hwords <= ENG_HB_WORDS) { /* a cell marks its houses in a word or two */
        m->cell_hb = eng_zalloc(m, (size_t)m->n_cells * (size_t)m->hwords + 1, sizeof(uint64_t));
        if (!m->cell_hb) rc = -2;
        for (int i = 0; rc == 0 && i < m->n_cells; i++)
            for (int k = m->w_house.start[i]; k < m->w_house.start[i + 1]; k++)
                ENG_HSET(m->cell_hb + (size_t)i * (size_t)m->hwords, m->w_house.items[k]);
    }
    if (rc == 0)
        m->kinds = (m->lost ? ENG_K_LOST : 0u) | (m->n_rels ? ENG_K_REL : 0u) | (m->n_sums ? ENG_K_SUM : 0u) |
                   (m->n_tri ? ENG_K_TRI : 0u) | (m->n_sw ? ENG_K_SW : 0u) | (m->rlost ? ENG_K_RLOST : 0u) |
                   (m->cell_hb && m->hwords == 1 ? ENG_K_HB : 0u) | (m->cell_h3 ? ENG_K_H3 : 0u);
    if (rc == 0) {
        m->qcap = 2 * m->n_cells + 2;
        m->queue = eng_alloc(m, sizeof(int) * (size_t)m->qcap);
        if (!m->queue) rc = -2;
    }
    return rc;
}

