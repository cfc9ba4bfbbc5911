/* engine_sums.c -- the sum and sandwich primitives of the variant engine (engine.c runs
 * them; the program layout is in engine.h).
 *
 * Sums (sum coef*digit == total) get, besides bounds on every term:
 *   combinations  when every coefficient is 1 and the cells see each other (a killer cage:
 *                 distinct digits), the digit sets of the right size and total are listed
 *                 once; a set stays viable while every cell can hold one of its digits and
 *                 the cells together can hold all of them; cells keep the digits of viable
 *                 sets, and a digit of every viable set with one place left goes there;
 *   reachable     otherwise, when the totals' range is small (ENG_DP_MAX_SPAN), which
 *   totals        digits of each term some assignment of the others completes: partial sums
 *                 as bitsets forwards and backwards (arrows, little killers).
 * Sandwiches on a line of N cells that see each other (a row or column) list the sets of
 * middle digits with the clue's total; for every placement of the 1 and the N, a set of
 * the right size must fit the cells between them and the other middle digits the cells
 * outside; cells keep what some fitting placement gives them.  Other lines keep the older
 * rule (the 1 and the N only where the bounds of the cells between them fit).
 * Lists longer than ENG_MAX_COMBOS fall back to the weaker rules.  Every rule only removes
 * candidates and is monotone, as engine.c requires; the Python twin builds the same tables.
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "engine.h"
#include "engine_model.h"

typedef struct {
    uint32_t *out;
    int n, cap;
} combo_list;

/* Digit sets from lo..hi (1-based) summing to need: k digits, or any number when k < 0.
 * Stops counting past cap (the caller then drops the list). */
static void combos(int d, int hi, int k, int64_t need, uint32_t acc, combo_list *cl)
{
    if (cl->n > cl->cap) return;
    if (k == 0 || (k < 0 && need == 0)) {
        if (need == 0) {
            if (cl->n < cl->cap) cl->out[cl->n] = acc;
            cl->n++;
        }
        return;
    }
    if (d > hi || need < 0) return;
    int64_t span = hi - d + 1;
    if (k > 0) { /* the k-subsets of d..hi sum to every value between these */
        if (span < k || need < (int64_t)k * d + (int64_t)k * (k - 1) / 2 || need > (int64_t)k * hi - (int64_t)k * (k - 1) / 2) return;
    } else if (need > span * (d + hi) / 2) {
        return;
    }
    combos(d + 1, hi, k > 0 ? k - 1 : k, need - d, acc | 1u << (d - 1), cl);
    combos(d + 1, hi, k, need, acc, cl);
}

/* 1 when the k cells pairwise share a house (bit tests in the peer matrix). */
static int all_peers(const eng_model *m, const int *cells, int k)
{
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (!(m->adj[(size_t)cells[i] * m->words + (size_t)cells[j] / 64] >> (cells[j] % 64) & 1)) return 0;
    return 1;
}

/* Append the list to a growing CSR array; -2 when out of memory. */
static int append(uint32_t **arr, int *len, int *cap, const uint32_t *src, int n)
{
    if (n == 0) return 0;
    if (*len + n > *cap) {
        int want = 2 * (*cap + n) + 16;
        uint32_t *grown = realloc(*arr, sizeof(uint32_t) * (size_t)want);
        if (!grown) return -2;
        *arr = grown, *cap = want;
    }
    memcpy(*arr + *len, src, sizeof(uint32_t) * (size_t)n);
    *len += n;
    return 0;
}

static int cmp_popcount(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int px = __builtin_popcount(x), py = __builtin_popcount(y);
    return px != py ? (px < py ? -1 : 1) : (x < y ? -1 : x > y);
}

/* Cages on up to ENG_SUBSET_DIGITS digits take their sets from one table of every digit set
 * bucketed by (size, total), built once per model (cheaper than a search per cage; the
 * order of a list does not matter to sum_combos). */
#define ENG_SUBSET_DIGITS 12

typedef struct {
    int max_total;
    size_t buckets;
    int *start;     /* bucket (k, total) = sets[start[b] .. start[b+1]), b = k*(max_total+1)+total */
    uint32_t *sets; /* every digit set, by bucket, increasing within one */
} subset_table;

static int subset_table_build(eng_model *m, subset_table *st, int n)
{
    size_t count = (size_t)1 << n;
    int max_total = n * (n + 1) / 2, buckets = (n + 1) * (max_total + 1);
    uint16_t *key = eng_alloc(m, sizeof(uint16_t) * count), *sum = eng_alloc(m, sizeof(uint16_t) * count);
    st->max_total = max_total, st->buckets = (size_t)buckets;
    st->start = eng_zalloc(m, (size_t)buckets + 1, sizeof(int));
    st->sets = eng_alloc(m, sizeof(uint32_t) * count);
    if (!key || !sum || !st->start || !st->sets) return -2;
    sum[0] = 0, key[0] = 0, st->start[1] = 1;
    for (size_t mask = 1; mask < count; mask++) { /* drop the lowest digit: one smaller set seen before */
        size_t rest = mask & (mask - 1);
        sum[mask] = (uint16_t)(sum[rest] + __builtin_ctz((unsigned)mask) + 1);
        key[mask] = (uint16_t)(key[rest] + (max_total + 1) + sum[mask] - sum[rest]);
        st->start[key[mask] + 1]++;
    }
    for (int b = 0; b < buckets; b++) st->start[b + 1] += st->start[b];
    int *fill = eng_alloc(m, sizeof(int) * (size_t)buckets);
    if (!fill) return -2;
    memcpy(fill, st->start, sizeof(int) * (size_t)buckets);
    for (size_t mask = 0; mask < count; mask++) st->sets[fill[key[mask]]++] = (uint32_t)mask;
    return 0;
}

/* The sets of k digits summing to total into cl (as combos() would list them, in another order). */
static void subset_lookup(const subset_table *st, int k, int64_t total, combo_list *cl)
{
    cl->n = 0;
    if (total < 0 || total > st->max_total || k > 31 || (size_t)k * (size_t)(st->max_total + 1) + (size_t)total >= st->buckets) return;
    int b = k * (st->max_total + 1) + (int)total, n = st->start[b + 1] - st->start[b];
    if (n > cl->cap) {
        cl->n = cl->cap + 1;
        return;
    }
    memcpy(cl->out, st->sets + st->start[b], sizeof(uint32_t) * (size_t)n);
    cl->n = n;
}

static int build_sum_tables(eng_model *m, combo_list *cl)
{
    int n = m->n_digits, len = 0, cap = 0, rc = 0;
    size_t dp_need = 0;
    subset_table st = {0, 0, NULL, NULL};
    for (int s = 0; s < m->n_sums && rc == 0; s++) {
        int from = m->sum_start[s], k = m->sum_start[s + 1] - from;
        m->sum_combo_start[s] = len;
        int unit = k >= 2;
        for (int t = from; t < m->sum_start[s + 1]; t++) unit &= m->sum_coef[t] == 1;
        if (unit && all_peers(m, m->sum_cell + from, k)) {
            int same = -1; /* an earlier cage of the same size and total has the same sets */
            for (int e = 0; e < s && same < 0; e++)
                if (m->sum_kind[e] == ENG_SUM_COMBOS && m->sum_start[e + 1] - m->sum_start[e] == k && m->sum_total[e] == m->sum_total[s]) same = e;
            if (same >= 0) {
                int from_set = m->sum_combo_start[same], count = m->sum_combo_start[same + 1] - from_set;
                memcpy(cl->out, m->sum_combos + from_set, sizeof(uint32_t) * (size_t)count);
                rc = append(&m->sum_combos, &len, &cap, cl->out, count);
                m->sum_kind[s] = ENG_SUM_COMBOS;
                continue;
            }
            if (n <= ENG_SUBSET_DIGITS && !st.sets && (rc = subset_table_build(m, &st, n)) < 0) break;
            if (st.sets) {
                subset_lookup(&st, k, m->sum_total[s], cl);
            } else {
                cl->n = 0;
                combos(1, n, k, m->sum_total[s], 0, cl);
            }
            if (cl->n <= cl->cap) {
                rc = append(&m->sum_combos, &len, &cap, cl->out, cl->n);
                m->sum_kind[s] = ENG_SUM_COMBOS;
                continue;
            }
        }
        int64_t span = 0, low = 0;
        for (int t = from; t < m->sum_start[s + 1]; t++) {
            int64_t c = m->sum_coef[t];
            span += (c < 0 ? -c : c) * (n - 1);
            low += c < 0 ? c * n : c;
        }
        if (k >= 1 && span <= ENG_DP_MAX_SPAN) {
            m->sum_kind[s] = ENG_SUM_REACH;
            m->sum_words[s] = (int)(span / 64 + 1);
            m->sum_target[s] = m->sum_total[s] - low;
            size_t w = m->sum_words[s] < 2 ? 2 : (size_t)m->sum_words[s]; /* sum_reach128 uses 2 words */
            size_t want = (size_t)(k + 1) * w + 2 * w;
            if (want > dp_need) dp_need = want;
        }
    }
    if (rc < 0) return rc;
    m->sum_combo_start[m->n_sums] = len;
    m->dp_buf = eng_alloc(m, sizeof(uint64_t) * (dp_need + 1)); /* 16-byte aligned */
    return m->dp_buf ? 0 : -2;
}

static int build_sandwich_tables(eng_model *m, combo_list *cl)
{
    int n = m->n_digits, len = 0, cap = 0;
    for (int s = 0; s < m->n_sw; s++) {
        int *by_size = m->sw_size_start + (size_t)s * (size_t)(n + 2);
        m->sw_combo_start[s] = len;
        int k = m->sw_start[s + 1] - m->sw_start[s];
        if (n < 3 || k != n || !all_peers(m, m->sw_cells + m->sw_start[s], k)) continue;
        cl->n = 0;
        combos(2, n - 1, -1, m->sw_total[s], 0, cl);
        if (cl->n > cl->cap) continue;
        qsort(cl->out, (size_t)cl->n, sizeof(uint32_t), cmp_popcount);
        for (int size = 0, j = 0; size <= n + 1; size++) { /* by_size[size]: first set of that size */
            while (j < cl->n && __builtin_popcount(cl->out[j]) < size) j++;
            by_size[size] = j;
        }
        if (append(&m->sw_combos, &len, &cap, cl->out, cl->n) < 0) return -2;
        m->sw_strong[s] = 1;
    }
    m->sw_combo_start[m->n_sw] = len;
    return 0;
}

int eng_sums_build(eng_model *m)
{
    size_t n_sums = (size_t)m->n_sums, n_sw = (size_t)m->n_sw;
    if (!n_sums && !n_sw) return 0; /* eng_sums and eng_sandwiches loop over none: their tables stay NULL */
    m->sum_kind = eng_zalloc(m, n_sums + 1, 1);
    m->sum_words = eng_zalloc(m, n_sums + 1, sizeof(int));
    m->sum_target = eng_zalloc(m, n_sums + 1, sizeof(int64_t));
    m->sum_combo_start = eng_zalloc(m, n_sums + 1, sizeof(int));
    m->sw_strong = eng_zalloc(m, n_sw + 1, 1);
    m->sw_combo_start = eng_zalloc(m, n_sw + 1, sizeof(int));
    m->sw_size_start = eng_zalloc(m, n_sw * (size_t)(m->n_digits + 2) + 1, sizeof(int));
    /* the list scratch only with sums or sandwiches (16 KB: most of a small grid's arena) */
    combo_list cl = {n_sums || n_sw ? eng_alloc(m, sizeof(uint32_t) * ENG_MAX_COMBOS) : NULL, 0, ENG_MAX_COMBOS};
    if (!m->sum_kind || !m->sum_words || !m->sum_target || !m->sum_combo_start || !m->sw_strong || !m->sw_combo_start ||
        !m->sw_size_start || ((n_sums || n_sw) && !cl.out))
        return -2;
    int rc = build_sum_tables(m, &cl);
    if (rc == 0) rc = build_sandwich_tables(m, &cl);
    return rc;
}

/* ------------------------------------------------------------------ sums */
/* Smallest and largest coef*digit over the candidates of a mask (not 0). */
static void term_range(uint32_t mask, int64_t coef, int64_t *lo, int64_t *hi)
{
    int64_t small = lowest_index(mask) + 1, big = 32 - __builtin_clz(mask);
    if (coef > 0) *lo = coef * small, *hi = coef * big;
    else *lo = coef * big, *hi = coef * small;
}

static int sum_bounds(eng_model *m, uint32_t *cand, int s)
{
    int changed = 0, from = m->sum_start[s], to = m->sum_start[s + 1];
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
            if (!eng_narrow(m, cand, c, keep)) return -1;
            changed = 1;
        }
    }
    return changed;
}

/* Distinct digits: keep the digits of viable sets; a digit of every viable set with one
 * place left goes there. */
static int sum_combos(eng_model *m, uint32_t *cand, int s)
{
    const int *cells = m->sum_cell + m->sum_start[s];
    int k = m->sum_start[s + 1] - m->sum_start[s], changed = 0;
    uint32_t allowed = 0, required = ~0u;
    for (int j = m->sum_combo_start[s]; j < m->sum_combo_start[s + 1]; j++) {
        uint32_t set = m->sum_combos[j], cover = 0;
        int t = 0;
        for (; t < k; t++) {
            uint32_t v = cand[cells[t]] & set;
            if (!v) break;
            cover |= v;
        }
        if (t == k && cover == set) allowed |= set, required &= set;
    }
    if (!allowed) return -1;
    uint32_t once = 0, twice = 0;
    for (int t = 0; t < k; t++) {
        uint32_t v = cand[cells[t]] & required;
        twice |= once & v;
        once |= v;
    }
    uint32_t single = required & once & ~twice; /* one place left (a viable set covers each digit) */
    for (int t = 0; t < k; t++) {
        uint32_t v = cand[cells[t]], keep = v & allowed, forced = v & single;
        if (forced) keep = at_most_one_bit(forced) ? keep & forced : 0; /* two in one cell: a contradiction */
        if (keep != v) {
            if (!eng_narrow(m, cand, cells[t], keep)) return -1;
            changed = 1;
        }
    }
    return changed;
}

/* dst |= src << sh (bitsets of w words, bits past w*64 dropped). */
static void or_shl(uint64_t *dst, const uint64_t *src, int64_t sh, int w)
{
    int q = (int)(sh / 64), r = (int)(sh % 64);
    for (int i = w - 1; i >= q; i--) {
        uint64_t v = src[i - q] << r;
        if (r && i - q - 1 >= 0) v |= src[i - q - 1] >> (64 - r);
        dst[i] |= v;
    }
}

/* dst |= src >> sh. */
static void or_shr(uint64_t *dst, const uint64_t *src, int64_t sh, int w)
{
    int q = (int)(sh / 64), r = (int)(sh % 64);
    for (int i = 0; i + q < w; i++) {
        uint64_t v = src[i + q] >> r;
        if (r && i + q + 1 < w) v |= src[i + q + 1] << (64 - r);
        dst[i] |= v;
    }
}

/* 1 when (a << sh) & b is not empty. */
static int meets_shl(const uint64_t *a, const uint64_t *b, int64_t sh, int w)
{
    int q = (int)(sh / 64), r = (int)(sh % 64);
    for (int i = w - 1; i >= q; i--) {
        uint64_t v = a[i - q] << r;
        if (r && i - q - 1 >= 0) v |= a[i - q - 1] >> (64 - r);
        if (v & b[i]) return 1;
    }
    return 0;
}

/* The offset of digit d+1 in a term: coef*(d+1) minus the term's smallest value. */
static int64_t term_offset(int64_t coef, int d, int n)
{
    return coef > 0 ? coef * d : -coef * (n - 1 - d);
}

/* sum_reach for spans under 64 values (little killers up to 7 cells, short arrows), in one
 * word: single shifts (every offset is at most the span) and offsets without a branch. */
static int sum_reach64(eng_model *m, uint32_t *cand, int s)
{
    int from = m->sum_start[s], k = m->sum_start[s + 1] - from, n = m->n_digits, changed = 0;
    int64_t target = m->sum_target[s];
    if (target < 0 || target >= 64) return -1;
    uint64_t *back = m->dp_buf;
    back[k] = 1ull << target;
    for (int t = k - 1; t >= 0; t--) {
        uint64_t acc = 0, after = back[t + 1];
        int64_t coef = m->sum_coef[from + t], base = coef < 0 ? -coef * (n - 1) : 0; /* term_offset = base + coef * d */
        for (uint32_t bits = cand[m->sum_cell[from + t]]; bits; bits = clear_lowest(bits))
            acc |= after >> (base + coef * lowest_index(bits));
        back[t] = acc;
    }
    if (!(back[0] & 1u)) return -1;
    uint64_t pre = 1;
    for (int t = 0; t < k; t++) {
        int c = m->sum_cell[from + t];
        int64_t coef = m->sum_coef[from + t], base = coef < 0 ? -coef * (n - 1) : 0;
        uint64_t next = 0, after = back[t + 1];
        uint32_t keep = 0;
        for (uint32_t bits = cand[c]; bits; bits = clear_lowest(bits)) {
            uint64_t shifted = pre << (base + coef * lowest_index(bits));
            uint32_t hit = (shifted & after) != 0;
            keep |= lowest_bit(bits) & (0u - hit), next |= shifted & (0ull - (uint64_t)hit);
        }
        pre = next;
        if (keep != cand[c]) {
            if (!eng_narrow(m, cand, c, keep)) return -1;
            changed = 1;
        }
    }
    return changed;
}

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 u128;

/* sum_reach for spans under 128 values (little killers, most arrows), in two words. */
static int sum_reach128(eng_model *m, uint32_t *cand, int s)
{
    int from = m->sum_start[s], k = m->sum_start[s + 1] - from, n = m->n_digits, changed = 0;
    int64_t target = m->sum_target[s];
    if (target < 0 || target >= 128) return -1;
    u128 *back = (u128 *)(void *)m->dp_buf; /* (k+1) * 2 words, 16-byte aligned (the arena) */
    back[k] = (u128)1 << target;
    for (int t = k - 1; t >= 0; t--) {
        u128 acc = 0;
        int64_t coef = m->sum_coef[from + t];
        for (uint32_t bits = cand[m->sum_cell[from + t]]; bits; bits = clear_lowest(bits))
            acc |= back[t + 1] >> term_offset(coef, lowest_index(bits), n);
        back[t] = acc;
    }
    if (!(back[0] & 1u)) return -1;
    u128 pre = 1;
    for (int t = 0; t < k; t++) {
        int c = m->sum_cell[from + t];
        int64_t coef = m->sum_coef[from + t];
        u128 next = 0;
        uint32_t keep = 0;
        for (uint32_t bits = cand[c]; bits; bits = clear_lowest(bits)) {
            u128 shifted = pre << term_offset(coef, lowest_index(bits), n);
            if (shifted & back[t + 1]) keep |= lowest_bit(bits), next |= shifted;
        }
        pre = next;
        if (keep != cand[c]) {
            if (!eng_narrow(m, cand, c, keep)) return -1;
            changed = 1;
        }
    }
    return changed;
}
#endif

/* Reachable totals: back[i] holds the partial values before term i that the terms i..k-1
 * can still complete to the target; a digit of term i stays when some partial value of
 * the terms before it, plus its offset, is in back[i+1]. */
static int sum_reach(eng_model *m, uint32_t *cand, int s)
{
    if (m->sum_words[s] == 1) return sum_reach64(m, cand, s);
#if defined(__SIZEOF_INT128__)
    if (m->sum_words[s] <= 2) return sum_reach128(m, cand, s);
#endif
    int from = m->sum_start[s], k = m->sum_start[s + 1] - from, w = m->sum_words[s], n = m->n_digits, changed = 0;
    int64_t target = m->sum_target[s];
    if (target < 0 || target >= (int64_t)w * 64) return -1;
    uint64_t *back = m->dp_buf, *pre = back + (size_t)(k + 1) * (size_t)w, *next = pre + w;
    memset(back, 0, sizeof(uint64_t) * (size_t)(k + 1) * (size_t)w);
    back[(size_t)k * (size_t)w + (size_t)(target / 64)] = 1ull << (target % 64);
    for (int t = k - 1; t >= 0; t--) {
        uint64_t *dst = back + (size_t)t * (size_t)w, *src = dst + w;
        for (uint32_t bits = cand[m->sum_cell[from + t]]; bits; bits = clear_lowest(bits))
            or_shr(dst, src, term_offset(m->sum_coef[from + t], lowest_index(bits), n), w);
    }
    if (!(back[0] & 1u)) return -1;
    memset(pre, 0, sizeof(uint64_t) * (size_t)w);
    pre[0] = 1;
    for (int t = 0; t < k; t++) {
        int c = m->sum_cell[from + t];
        int64_t coef = m->sum_coef[from + t];
        const uint64_t *after = back + (size_t)(t + 1) * (size_t)w;
        uint32_t keep = 0;
        memset(next, 0, sizeof(uint64_t) * (size_t)w);
        for (uint32_t bits = cand[c]; bits; bits = clear_lowest(bits)) {
            int64_t off = term_offset(coef, lowest_index(bits), n);
            if (meets_shl(pre, after, off, w)) keep |= lowest_bit(bits), or_shl(next, pre, off, w);
        }
        memcpy(pre, next, sizeof(uint64_t) * (size_t)w);
        if (keep != cand[c]) {
            if (!eng_narrow(m, cand, c, keep)) return -1;
            changed = 1;
        }
    }
    return changed;
}

int eng_sums(eng_model *m, uint32_t *cand)
{
    int changed = 0;
    for (int s = 0; s < m->n_sums; s++) {
        if (!m->d_sum[s]) continue;
        m->d_sum[s] = 0;
        /* reachable totals keep only what bounds keep (and fail when they do) */
        int a = m->sum_kind[s] == ENG_SUM_REACH ? 0 : sum_bounds(m, cand, s);
        if (a < 0) return -1;
        int b = m->sum_kind[s] == ENG_SUM_COMBOS ? sum_combos(m, cand, s) : m->sum_kind[s] == ENG_SUM_REACH ? sum_reach(m, cand, s) : 0;
        if (b < 0) return -1;
        changed |= a | b;
    }
    return changed;
}

/* ------------------------------------------------------------------ sandwiches */
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

/* Fold into sup[] what the placement (1 at i, N at j) gives each cell: the digits of the
 * sets of the right size that fit between them, the rest of the middle digits outside. */
static int sandwich_place(const eng_model *m, const uint32_t *cand, int s, int i, int j, uint32_t *sup)
{
    const int *cells = m->sw_cells + m->sw_start[s];
    const int *by_size = m->sw_size_start + (size_t)s * (size_t)(m->n_digits + 2);
    int n = m->n_digits, a = i < j ? i : j, b = i < j ? j : i, inner = b - a - 1, found = 0;
    uint32_t middle = m->full & ~(1u | 1u << (n - 1)), in_sup = 0, out_sup = 0;
    const uint32_t *sets = m->sw_combos + m->sw_combo_start[s];
    for (int x = by_size[inner]; x < by_size[inner + 1]; x++) {
        uint32_t set = sets[x], rest = middle & ~set, cover_in = 0, cover_out = 0;
        int ok = 1;
        for (int t = 0; t < n && ok; t++) {
            if (t == a || t == b) continue;
            uint32_t v = cand[cells[t]] & (t > a && t < b ? set : rest);
            if (!v) ok = 0;
            if (t > a && t < b) cover_in |= v;
            else cover_out |= v;
        }
        if (ok && cover_in == set && cover_out == rest) in_sup |= set, out_sup |= rest, found = 1;
    }
    if (!found) return 0;
    for (int t = 0; t < n; t++) sup[t] |= t == i ? 1u : t == j ? 1u << (n - 1) : (t > a && t < b) ? in_sup : out_sup;
    return 1;
}

static int sandwich_strong(eng_model *m, uint32_t *cand, int s)
{
    const int *cells = m->sw_cells + m->sw_start[s];
    int n = m->n_digits, changed = 0, found = 0;
    uint32_t low = 1u, high = 1u << (n - 1), middle = m->full & ~(low | high), sup[ENG_MAX_DIGITS] = {0};
    for (int i = 0; i < n; i++) {
        if (!(cand[cells[i]] & low)) continue;
        for (int j = 0; j < n; j++)
            if (j != i && (cand[cells[j]] & high) && sandwich_fits(cand, cells, i < j ? i : j, i < j ? j : i, m->sw_total[s], middle))
                found |= sandwich_place(m, cand, s, i, j, sup);
    }
    if (!found) return -1;
    for (int t = 0; t < n; t++) {
        uint32_t v = cand[cells[t]], keep = v & sup[t];
        if (keep != v) {
            if (!eng_narrow(m, cand, cells[t], keep)) return -1;
            changed = 1;
        }
    }
    return changed;
}

/* Other lines: keep the 1 and the N only where some placement of both fits the total. */
static int sandwich_bounds(eng_model *m, uint32_t *cand, int s)
{
    int changed = 0;
    uint32_t low = 1u, high = 1u << (m->n_digits - 1), middle = m->full & ~(low | high);
    const int *cells = m->sw_cells + m->sw_start[s];
    int k = m->sw_start[s + 1] - m->sw_start[s];
    uint64_t ok_one = 0, ok_top = 0; /* positions (k <= 25) that keep their 1 / N */
    for (int i = 0; i < k; i++) {
        if (!(cand[cells[i]] & low)) continue;
        for (int j = 0; j < k; j++)
            if (j != i && (cand[cells[j]] & high) && sandwich_fits(cand, cells, i < j ? i : j, i < j ? j : i, m->sw_total[s], middle))
                ok_one |= 1ull << i, ok_top |= 1ull << j;
    }
    if (!ok_one) return -1;
    for (int i = 0; i < k; i++) {
        uint32_t v = cand[cells[i]];
        if ((v & low) && !(ok_one >> i & 1)) v &= ~low;
        if ((v & high) && !(ok_top >> i & 1)) v &= ~high;
        if (v != cand[cells[i]]) {
            if (!eng_narrow(m, cand, cells[i], v)) return -1;
            changed = 1;
        }
    }
    return changed;
}

int eng_sandwiches(eng_model *m, uint32_t *cand)
{
    int changed = 0;
    for (int s = 0; s < m->n_sw; s++) {
        if (!m->d_sw[s]) continue;
        m->d_sw[s] = 0;
        int r = m->sw_strong[s] ? sandwich_strong(m, cand, s) : sandwich_bounds(m, cand, s);
        if (r < 0) return -1;
        changed |= r;
    }
    return changed;
}
