/* engine_model.h -- the decoded program of the variant engine (internal to engine*.c).
 *
 * model_read checks a program (layout in engine.h) and builds what propagation needs:
 * peers per cell, the full houses (exactly N cells), the pairs of full houses that share
 * two or more cells (for locked candidates), relations, sums, triples, sandwiches, and for
 * every cell the items it takes part in ("watchers"), so that narrowing a cell marks only
 * those items dirty.  All memory is owned by the model (its arena; no global state).
 */
#ifndef SUDOKIT_ENGINE_MODEL_H
#define SUDOKIT_ENGINE_MODEL_H

#include <stddef.h>
#include <stdint.h>

/* Locked candidates run on programs with at most this many full houses (the pair table is
 * quadratic in them); the Python twin uses the same bound. */
#define ENG_MAX_LOCK_HOUSES 256
/* Locked candidates by segments when every rest of a house is at most this many segments
 * (a 9x9: two, 16x16: three, 25x25: four). */
#define ENG_LOCK_K 4

/* Sums and sandwiches list digit sets up to this many (more: the weaker rules, see
 * engine_sums.c); sums whose totals span more than ENG_DP_MAX_SPAN values keep bounds only.
 * The Python twin uses the same bounds. */
#define ENG_MAX_COMBOS 4096
#define ENG_DP_MAX_SPAN 1023
/* Relations get support lookup tables (2^N words per distinct table, at most
 * ENG_MAX_LUTS of them) up to this many digits. */
#define ENG_LUT_DIGITS 10
#define ENG_MAX_LUTS 64
/* Pointing keeps a bit row per full house up to this many houses (it only saves work). */
#define ENG_MAX_POINT_HOUSES 4096
/* Item kinds a program has (eng_mark marks only those); HB: up to 64 full houses (cell_hb
 * one word a cell), H3: every cell in three full houses (cell_h3). */
enum { ENG_K_LOST = 1, ENG_K_REL = 2, ENG_K_SUM = 4, ENG_K_TRI = 8, ENG_K_SW = 16, ENG_K_RLOST = 32, ENG_K_HB = 64, ENG_K_H3 = 128 };
/* eng_mark's straight paths: houses only (any grid of up to 64 houses), and a single grid
 * whose only other items are relations (non-consecutive, Kropki, XV, whispers...), sums, or
 * pointing's lost digits. */
#define ENG_K_GRID_RELS (ENG_K_HB | ENG_K_H3 | ENG_K_REL | ENG_K_RLOST)
#define ENG_K_GRID_SUMS (ENG_K_HB | ENG_K_H3 | ENG_K_SUM)    /* killer, little killer, arrows */
#define ENG_K_GRID_POINT (ENG_K_HB | ENG_K_H3 | ENG_K_LOST)  /* anti-knight, anti-king */
/* cell_hb up to this many words a cell (128 full houses: 25x25, not Samurai) */
#define ENG_HB_WORDS 2
enum { ENG_SUM_BOUNDS = 0, ENG_SUM_COMBOS = 1, ENG_SUM_REACH = 2 };

typedef struct {
    int *start, *items; /* items of cell i: items[start[i] .. start[i+1]) */
} eng_csr;

/* The model's memory is one arena: chunks from malloc, handed out by a bump pointer (16-byte
 * aligned) and freed all at once by eng_model_free.  A small program's model and search took
 * ~50 mallocs and frees a solve, a third of a 4x4's instructions. */
#if defined(__SANITIZE_ADDRESS__)
#define ENG_ARENA_EXACT 1 /* one malloc per block under AddressSanitizer (engine_model.c: eng_alloc) */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ENG_ARENA_EXACT 1
#endif
#endif
#define ENG_ALIGN 16
#define ENG_CHUNK_FIRST 65536
typedef struct eng_chunk {
    struct eng_chunk *next;
    size_t size;
} eng_chunk;
#define ENG_CHUNK_HEAD ((sizeof(eng_chunk) + ENG_ALIGN - 1) & ~(size_t)(ENG_ALIGN - 1))

typedef struct {
    int n_cells, n_digits;
    uint32_t full;
    uint32_t *masks0;
    int *peer_start, *peers;              /* CSR: peers of cell i (cells sharing a house) */
    int n_full, *full_start, *full_cells; /* houses of exactly n_digits cells */
    int n_lock, *lock_house;              /* pairs of full houses sharing >= 2 cells: 2 per pair */
    int *lock_shared;                     /* per pair: how many cells its houses share */
    int *lock_start, *lock_cells; /* only without segments (lk_k == 0): pair p's shared cells, then the rest
                                     of each house, at lock_cells + lock_start[p] */
    /* Locked candidates by segments (engine.c's locked), when every pair's rest of each of
     * its houses is at most ENG_LOCK_K segments (lk_k > 0; else pair by pair): the distinct
     * shared cell sets of the pairs (segments 0 .. lk_nmulti-1, cells at lk_seg_cells +
     * lk_seg_start[g]), then single cells (segment lk_nmulti + j is cell
     * lk_seg_cells[lk_seg_start[lk_nmulti] + j]), then an empty one (lk_nseg - 1).  Pair p is
     * lk_fix[p * (1 + 2 lk_k) ...]: its segment, then lk_k segments making up the rest of its
     * first house, then lk_k for the second (padded with the empty segment). */
    int lk_k, lk_nmulti, lk_nseg, *lk_seg_start, *lk_seg_cells, *lk_fix;
    int *lk_block; /* one allocation: lock_house, lock_shared and the lk_ arrays */
    int lk_sz; /* the size of every shared cell segment, when they have one (else 0) */
    /* the lock_ and lk_ tables are not built yet: eng_build_locks builds them the first time
     * locked candidates see an open cell (a small grid solved by singles at the root never
     * needs them: they were 40% of a 4x4's solve); no_memory: that build failed */
    int lk_later, no_memory;
    uint32_t *lk_u; /* scratch: the union of each segment */
    int n_rels, *rel_a, *rel_b;
    uint32_t *fwd, *rev; /* n_rels x n_digits */
    uint8_t *house_rel;         /* per full house: 1 when one of its cells has a relation */
    int *link_cnt, *link_stamp, link_epoch; /* engine.c's rel_points: scratch per cell */
    int rel_dups;                           /* two relations between one pair of cells */
    uint32_t *link_gone, *link_allow;
    int n_sums, *sum_start, *sum_cell;
    int64_t *sum_coef, *sum_total;
    int n_tri, *tri_cells;          /* n_tri x (a, b, c) */
    uint32_t *tri_table;            /* n_tri x n_digits^2 */
    int n_sw, *sw_start, *sw_cells; /* CSR: cells of sandwich s in line order */
    int64_t *sw_total;
    /* engine_sums.c's tables: per sum its kind, its digit sets (CSR), or the bitset words
     * and target of its reachable totals; per sandwich whether it lists sets, the sets
     * (CSR) sorted by size and sw_size_start[s * (N+2) + k] = the first of size >= k */
    uint8_t *sum_kind, *sw_strong;
    int *sum_combo_start, *sum_words, *sw_combo_start, *sw_size_start;
    uint32_t *sum_combos, *sw_combos;
    int64_t *sum_target;
    uint64_t *dp_buf;
    /* Relations: the cells that narrowed since their relations last looked, on a stack
     * (d_rel flags who is on it: one push per cell, however many relations it has); each
     * revises the other cells of its relations (the arcs leaving it).  Support lookups for
     * N <= ENG_LUT_DIGITS, shared by identical tables: rel_lut[2k + dir] = table id or -1,
     * luts[(id << N) + mask] = the union of the table's rows over mask. */
    int *rel_stack, rel_top, *rel_lut;
    int *rel_arc, *rel_to; /* parallel to w_rel.items: the arc 2k + dir leaving the cell (dir 1: from b to a)
                              and the cell it revises */
    const uint32_t **rel_tab; /* parallel to w_rel.items: the arc's support lookup (or NULL: no table) */
    /* rel_reach[c] = the most candidates cell c can have and still narrow a cell it is related
     * to (non-consecutive: 3; 0: no relations); with support lookups popc[mask] = the
     * candidates in mask, and a cell with more than rel_reach does not go on the relation stack */
    uint8_t *rel_reach, *popc;
    const uint32_t **rel_gate; /* per cell: the support lookup all its arcs share (or NULL); with
                                  one, a cell goes on the stack only when its candidates' support
                                  misses a digit (non-consecutive: {4, 5} does, {4, 6, 8} not) */
    uint32_t *luts;
    eng_csr w_house, w_rel, w_sum, w_tri, w_sw; /* watchers: items of each kind per cell */
    int *cell_h3; /* when every cell is in exactly three full houses: them, three per cell (else NULL) */
    uint8_t *dirty; /* one block holding the flags below: one per item */
    uint8_t *d_rel, *d_sum, *d_tri, *d_sw;
    /* The full houses to revisit, as bit sets of hwords words: a narrowed cell sets its houses
     * in `fresh` (one OR on grids of up to 64 houses: cell_hb[c]), and each house propagator
     * first moves `fresh` into every propagator's own set (eng_absorb), then visits the
     * houses of its set.  Before, one flag byte per house: each pass scanned all of them. */
    int hwords;
    uint64_t *fresh, *p_hidden, *p_pair, *p_lock, *p_point, *lock_snap;
    uint64_t *rel_hmask; /* the full houses with house_rel set (rel_points visits only those) */
    uint64_t *cell_hb;   /* with hwords <= ENG_HB_WORDS: each cell's full houses, hwords words a cell (else NULL) */
    /* with point: lost[h] = the digits full house h lost a place of since pointing last
     * looked at it (pointing depends only on the places of a digit: the others are skipped) */
    uint32_t *lost;
    /* with relations: rlost[h] = the same for rel_points (what it finds for a digit depends
     * only on the digit's places too) */
    uint32_t *rlost;
    unsigned kinds; /* ENG_K_* bits: which of the above the program has (eng_mark skips the rest) */
    uint64_t *adj; /* peer bit matrix: row i (words words) = the peers of cell i */
    size_t words;
    int point; /* run pointing on the peer graph (many two-cell houses) */
    uint64_t *full_mask; /* with point: the cells of each full house as a bit row (or NULL) */
    int *queue, qlen, qcap;
    eng_chunk *chunks; /* the arena: newest chunk first */
    unsigned char *arena_at;
    size_t arena_left;
} eng_model;

/* Decode and check the program; 0, -1 (malformed) or -2 (no memory).  model_free is safe
 * after any return. */
int eng_model_read(eng_model *m, const int32_t *prog, size_t len);
void eng_model_free(eng_model *m);
/* From the model's arena: `bytes` uninitialised, or count x size zeroed; NULL when out of
 * memory (or on overflow).  Freed with the model. */
#if defined(__GNUC__) || defined(__clang__)
#define ENG_MALLOC_LIKE __attribute__((malloc)) /* no alias with any other pointer: loops over two blocks vectorise */
#else
#define ENG_MALLOC_LIKE
#endif
ENG_MALLOC_LIKE void *eng_alloc(eng_model *m, size_t bytes);
ENG_MALLOC_LIKE void *eng_zalloc(eng_model *m, size_t count, size_t size);

/* The pairs of full houses for locked candidates (lock_ and lk_ fields); 0 or -2. */
int eng_build_locks(eng_model *m);

/* engine_sums.c: build its tables (0 or -2), and the two propagators (-1 contradiction,
 * else 1 when anything changed). */
int eng_sums_build(eng_model *m);
int eng_sums(eng_model *m, uint32_t *cand);
int eng_sandwiches(eng_model *m, uint32_t *cand);

#define ENG_HSET(set, h) ((set)[(h) >> 6] |= 1ull << ((h)&63))
#define ENG_HTEST(set, h) ((set)[(h) >> 6] >> ((h)&63) & 1u)

/* Mark every item cell c takes part in dirty; the cell lost the digits `removed`, v are left.
 * The common kinds of single grids inline (ENG_K_GRID_*), the rest in engine_model.c
 * (eng_mark_items). */
void eng_mark_items(eng_model *m, int c, uint32_t removed, uint32_t v);
static inline void eng_push_rel(eng_model *m, int c, uint32_t v);

static inline void eng_mark(eng_model *m, int c, uint32_t removed, uint32_t v)
{
    unsigned kinds = m->kinds;
    if ((kinds & ~ENG_K_H3) == ENG_K_HB) { /* houses only */
        m->fresh[0] |= m->cell_hb[c];
    } else if (kinds == ENG_K_GRID_RELS) {
        const int *h3 = m->cell_h3 + 3 * c;
        m->fresh[0] |= m->cell_hb[c];
        m->rlost[h3[0]] |= removed, m->rlost[h3[1]] |= removed, m->rlost[h3[2]] |= removed;
        eng_push_rel(m, c, v);
    } else if (kinds == ENG_K_GRID_SUMS) {
        m->fresh[0] |= m->cell_hb[c];
        for (int k = m->w_sum.start[c]; k < m->w_sum.start[c + 1]; k++) m->d_sum[m->w_sum.items[k]] = 1;
    } else if (kinds == ENG_K_GRID_POINT) {
        const int *h3 = m->cell_h3 + 3 * c;
        m->fresh[0] |= m->cell_hb[c];
        m->lost[h3[0]] |= removed, m->lost[h3[1]] |= removed, m->lost[h3[2]] |= removed;
    } else {
        eng_mark_items(m, c, removed, v);
    }
}

/* Cell c, left with candidates v, onto the relation stack when its relations can narrow the
 * cells they join (once: d_rel), without a branch on whether (it went the unexpected way often). */
static inline void eng_push_rel(eng_model *m, int c, uint32_t v)
{
    const uint32_t *gate = m->rel_gate[c];
    unsigned reach = m->rel_reach[c];
    int want = gate ? gate[v] != m->full : reach && (!m->popc || m->popc[v] <= reach);
    int push = want & !m->d_rel[c];
    m->rel_stack[m->rel_top] = c; /* room: rel_top <= n_cells (one entry per cell), n_cells + 1 entries */
    m->rel_top += push, m->d_rel[c] |= (uint8_t)push;
}

/* Narrow cell c to mask v (a subset of its candidates); 0 on an empty mask.  A cell left
 * with one candidate is queued for elimination from its peers. */
static inline int eng_narrow(eng_model *m, uint32_t *cand, int c, uint32_t v)
{
    if (!v) return 0;
    uint32_t removed = cand[c] & ~v;
    cand[c] = v;
    if ((v & (v - 1u)) == 0 && m->qlen < m->qcap) m->queue[m->qlen++] = c;
    eng_mark(m, c, removed, v);
    return 1;
}

/* Move the houses narrowed cells marked into every house propagator's own set. */
static inline void eng_absorb(eng_model *m)
{
    for (int w = 0; w < m->hwords; w++) {
        uint64_t f = m->fresh[w];
        m->p_hidden[w] |= f, m->p_pair[w] |= f, m->p_lock[w] |= f, m->p_point[w] |= f;
        m->fresh[w] = 0;
    }
}

#endif
