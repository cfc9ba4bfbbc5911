/* solver9_body.h -- the 9x9 solver's propagation and search, included by solver9.c once
 * per code path (portable, BMI2, AVX2; chosen at run time).  Before including it,
 * define S9_NAME(x) (a unique name for this copy), S9_TARGET (a target attribute or
 * nothing) and S9_USE_PEXT (0 or 1).  The state layout is described in solver9.c.
 */

/* Place digit d in cell pos of band b: drop its row/box/column peers, empty the cell of other digits. */
S9_TARGET SK_INLINE void S9_NAME(place)(s9_state *st, int d, int b, int pos)
{
    uint32_t bit = 1u << pos;
    uint32_t mine = st->f[3 * d + b] & ~T9_BAND_PEERS[pos];
    uint32_t col = ~spread_columns(1u << (pos % 9));
    for (int e = 0; e < 9; e++) st->f[3 * e + b] &= ~bit;
    st->f[3 * d + b] = mine;
    st->f[3 * d + (b + 1) % 3] &= col;
    st->f[3 * d + (b + 2) % 3] &= col;
    st->unsolved[b] &= ~bit;
}

/* Minirows (bit 3*r + j) of a band mask that hold a candidate. */
S9_TARGET SK_INLINE uint32_t S9_NAME(minirows)(uint32_t a)
{
#if S9_USE_PEXT
    return _pext_u32(a | a >> 1 | a >> 2, 0x1249249u); /* the first bit of each minirow, packed */
#else
    return T9_BOX_OCC[a & SK_NINE] | (uint32_t)T9_BOX_OCC[(a >> 9) & SK_NINE] << 3 |
           (uint32_t)T9_BOX_OCC[a >> 18] << 6;
#endif
}

/* The 9 cells of box k of a band mask, packed as bit 3*r + c. */
S9_TARGET SK_INLINE uint32_t S9_NAME(box_bits)(uint32_t a, int k)
{
#if S9_USE_PEXT
    return _pext_u32(a, 0x1C0E07u << (3 * k));
#else
    a >>= 3 * k;
    return (a & 7u) | (a >> 6 & 0x38u) | (a >> 12 & 0x1C0u);
#endif
}

/* Keep only the cells of minirows that some legal row->box pattern of the band uses. */
S9_TARGET SK_INLINE uint32_t S9_NAME(band_filter)(uint32_t a) { return a & T9_PERM_KEEP[S9_NAME(minirows)(a)]; }

/* Bring digit d to its fixpoint (steps 1-3 above).  Returns 0 on a contradiction. */
S9_TARGET static int S9_NAME(update_digit)(s9_state *st, int d)
{
    uint32_t *f = st->f + 3 * d;
    uint32_t a0 = f[0], a1 = f[1], a2 = f[2];
    for (;;) {
        a0 = S9_NAME(band_filter)(a0);
        a1 = S9_NAME(band_filter)(a1);
        a2 = S9_NAME(band_filter)(a2);
        if (SK_UNLIKELY(!a0 || !a1 || !a2)) return 0;
        uint32_t o0 = fold_columns(a0), o1 = fold_columns(a1), o2 = fold_columns(a2);
        if (SK_UNLIKELY((o0 | o1 | o2) != SK_NINE)) return 0;
        uint32_t l0 = T9_LOCKED_COLS[o0], l1 = T9_LOCKED_COLS[o1], l2 = T9_LOCKED_COLS[o2];
        uint32_t n0 = a0 & ~spread_columns(l1 | l2) & spread_columns(T9_CLAIM_KEEP[o0 & ~(o1 | o2)]);
        uint32_t n1 = a1 & ~spread_columns(l0 | l2) & spread_columns(T9_CLAIM_KEEP[o1 & ~(o0 | o2)]);
        uint32_t n2 = a2 & ~spread_columns(l0 | l1) & spread_columns(T9_CLAIM_KEEP[o2 & ~(o0 | o1)]);
        if (n0 == a0 && n1 == a1 && n2 == a2) break;
        a0 = n0;
        a1 = n1;
        a2 = n2;
    }
    f[0] = a0;
    f[1] = a1;
    f[2] = a2;
    for (int b = 0; b < 3; b++) {
        uint32_t placed = row_singles_nonempty(f[b]) & st->unsolved[b];
        if (placed) {
            uint32_t mine = f[b];
            st->unsolved[b] &= ~placed;
            for (int e = 0; e < 9; e++) st->f[3 * e + b] &= ~placed;
            f[b] = mine;
        }
    }
    st->seen[3 * d] = f[0];
    st->seen[3 * d + 1] = f[1];
    st->seen[3 * d + 2] = f[2];
    return 1;
}

/* Bring every changed digit to its fixpoint, until none changes.  Returns 0 on a contradiction. */
S9_TARGET static int S9_NAME(update_digits)(s9_state *st)
{
    int changed;
    do {
        changed = 0;
        for (int d = 0; d < 9; d++) {
            const uint32_t *f = st->f + 3 * d, *s = st->seen + 3 * d;
            if ((f[0] ^ s[0]) | (f[1] ^ s[1]) | (f[2] ^ s[2])) {
                if (!S9_NAME(update_digit)(st, d)) return 0;
                changed = 1;
            }
        }
    } while (changed);
    return 1;
}

/* Place the naked singles of band b.  Returns -1 on a contradiction, else how many were placed. */
S9_TARGET static int S9_NAME(naked_singles)(s9_state *st, int b)
{
    uint32_t once = 0, twice = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t x = st->f[3 * d + b];
        twice |= once & x;
        once |= x;
    }
    if (SK_UNLIKELY(once != SK_BAND_FULL)) return -1; /* some cell has no candidate */
    uint32_t singles = once & ~twice & st->unsolved[b];
    int n = 0;
    for (; singles; singles = clear_lowest(singles), n++) {
        int pos = lowest_index(singles);
        int d = 0;
        while (d < 9 && !(st->f[3 * d + b] >> pos & 1u)) d++;
        if (SK_UNLIKELY(d == 9)) return -1; /* an earlier single took its last digit */
        S9_NAME(place)(st, d, b, pos);
    }
    return n;
}

/* Triads: the 3 cells of a minirow (or of a minicolumn) hold exactly 3 digits.
 *   - fewer than 3 digits left for one: contradiction;
 *   - exactly 3 left: each must sit there, so it leaves the rest of that row and box
 *     (column and box);
 *   - 3 digits certainly there (the triad is the digit's only one in its row, or its only
 *     column in its box): every other digit leaves those 3 cells.
 * All 54 triads are counted at once: per digit, one 64-bit word holds, for each band b,
 * its 9 minirows (bits 18b..18b+8) and its 9 minicolumns (bits 18b+9..18b+17).
 * Returns -1 on a contradiction, else 1 if some candidate went, 0 if none. */
#define S9_ALL_TRIADS 0x3FFFFFFFFFFFFFull /* 54 bits */
S9_TARGET static int S9_NAME(triads)(s9_state *st, uint64_t has[9])
{
    uint64_t sure[9];
    uint64_t n1 = 0, n2 = 0, n3 = 0, n4 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int d = 0; d < 9; d++) {
        uint64_t h = 0, c = 0;
        for (int b = 0; b < 3; b++) {
            uint32_t a = st->f[3 * d + b], x = S9_NAME(minirows)(a), y = fold_columns(a);
            h |= (uint64_t)(x | y << 9) << (18 * b);
            c |= (uint64_t)(T9_ALONE_IN_ROW[x] | (uint32_t)T9_LOCKED_COLS[y] << 9) << (18 * b);
        }
        has[d] = h;
        sure[d] = c;
        n4 |= n3 & h; n3 |= n2 & h; n2 |= n1 & h; n1 |= h;
        s3 |= s2 & c; s2 |= s1 & c; s1 |= c;
    }
    if (SK_UNLIKELY(n3 != S9_ALL_TRIADS)) return -1;
    uint64_t exactly3 = n3 & ~n4, full = s3;
    int changed = 0;
    for (int d = 0; d < 9; d++) {
        uint64_t open = has[d] & ~sure[d]; /* triads d may use but is not known to */
        uint64_t forced = open & exactly3, barred = open & full;
        if (!(forced | barred)) continue;
        uint32_t *f = st->f + 3 * d;
        for (int b = 0; b < 3; b++) {
            uint32_t fb = (uint32_t)(forced >> (18 * b)), bb = (uint32_t)(barred >> (18 * b));
            uint32_t rf = fb & SK_NINE, cf = fb >> 9 & SK_NINE;
            uint32_t keep = T9_FORCE_KEEP[rf] & spread_columns(T9_CLAIM_KEEP[cf]) &
                            ~(T9_MINIROW_CELLS[bb & SK_NINE] | spread_columns(bb >> 9 & SK_NINE));
            uint32_t out = ~spread_columns(cf);
            uint32_t a0 = f[b] & keep, a1 = f[(b + 1) % 3] & out, a2 = f[(b + 2) % 3] & out;
            changed |= (a0 != f[b]) | (a1 != f[(b + 1) % 3]) | (a2 != f[(b + 2) % 3]);
            f[b] = a0;
            f[(b + 1) % 3] = a1;
            f[(b + 2) % 3] = a2;
        }
    }
    return changed;
}

/* Propagate to the fixpoint.  Returns 0 on a contradiction.  On success `has` holds the
 * triads each digit can use in the final state (see triads()), which choose_config reads. */
S9_TARGET static int S9_NAME(propagate)(s9_state *st, uint64_t has[9])
{
    for (;;) {
        if (!S9_NAME(update_digits)(st)) return 0;
        int placed = 0;
        for (int b = 0; b < 3; b++) {
            int n = S9_NAME(naked_singles)(st, b);
            if (n < 0) return 0;
            placed += n;
        }
        if (placed) continue;
        /* Every cell placed and every digit at its fixpoint: a valid grid (each digit then
         * has one cell per row, box and column), so triads would find nothing. */
        if (!(st->unsolved[0] | st->unsolved[1] | st->unsolved[2])) return 1;
        int n = S9_NAME(triads)(st, has);
        if (n <= 0) return n == 0;
    }
}

/* Digits still possible in cell pos of band b, as a 9-bit set. */
S9_TARGET SK_INLINE uint32_t S9_NAME(cell_digits)(const s9_state *st, int b, int pos)
{
    uint32_t out = 0;
    for (int d = 0; d < 9; d++) out |= (st->f[3 * d + b] >> pos & 1u) << d;
    return out;
}

/* Choose the branching cell: the first bivalue cell, else one with the fewest candidates. */
S9_TARGET static uint32_t S9_NAME(choose_cell)(const s9_state *st, int *band, int *pos)
{
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0, thrice = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = st->f[3 * d + b];
            thrice |= twice & x;
            twice |= once & x;
            once |= x;
        }
        uint32_t two = twice & ~thrice & st->unsolved[b];
        if (two) {
            *band = b;
            *pos = lowest_index(two);
            return S9_NAME(cell_digits)(st, b, *pos);
        }
    }
    int best = 10;
    uint32_t best_digits = 0;
    for (int b = 0; b < 3; b++) {
        for (uint32_t u = st->unsolved[b]; u; u = clear_lowest(u)) {
            int p = lowest_index(u);
            uint32_t digits = S9_NAME(cell_digits)(st, b, p);
            int n = bit_count(digits);
            if (n < best) {
                best = n;
                best_digits = digits;
                *band = b;
                *pos = p;
                if (n <= 3) return digits;
            }
        }
    }
    return best_digits;
}

S9_TARGET static void S9_NAME(record_solution)(s9_search *s, const s9_state *st)
{
    if (s->count++ == 0 && s->solution) {
        for (int d = 0; d < 9; d++)
            for (int b = 0; b < 3; b++)
                for (uint32_t x = st->f[3 * d + b]; x; x = clear_lowest(x))
                    s->solution[27 * b + lowest_index(x)] = (uint8_t)('1' + d);
    }
}

/* Where to branch: among the 3 bands (row->box configurations of each digit) and the 3
 * stacks (band->column configurations of each digit's minicolumns), the one with the
 * fewest configurations left over all digits, and in it the digit with the fewest (at
 * least 2).  Sets *where (0..2 band, 3..5 stack) and *digit and returns that digit's 3x3
 * matrix (bit 3*i + j), or returns 0 if every digit is down to one configuration. */
S9_TARGET static uint32_t S9_NAME(choose_config)(const uint64_t has[9], int *where, int *digit)
{
    uint32_t mat[6][9];
    for (int d = 0; d < 9; d++) {
        uint64_t h = has[d];
        mat[0][d] = (uint32_t)h & SK_NINE;
        mat[1][d] = (uint32_t)(h >> 18) & SK_NINE;
        mat[2][d] = (uint32_t)(h >> 36) & SK_NINE;
        /* the minicolumns of the digit as a band-shaped mask: row b = columns used in band b */
        uint32_t cols = ((uint32_t)(h >> 9) & SK_NINE) | ((uint32_t)(h >> 27) & SK_NINE) << 9 |
                        ((uint32_t)(h >> 45) & SK_NINE) << 18;
        for (int k = 0; k < 3; k++) mat[3 + k][d] = S9_NAME(box_bits)(cols, k);
    }
    int best_total = 1000, best_w = -1;
    for (int w = 0; w < 6; w++) {
        int total = 0, open = 0;
        for (int d = 0; d < 9; d++) {
            int n = T9_NCONF[mat[w][d]];
            total += n;
            open |= n >= 2;
        }
        if (open && total < best_total) {
            best_total = total;
            best_w = w;
        }
    }
    if (best_w < 0) return 0;
    int dn = 7;
    uint32_t best_m = 0;
    for (int d = 0; d < 9; d++) {
        int n = T9_NCONF[mat[best_w][d]];
        if (n >= 2 && n < dn) {
            dn = n;
            best_m = mat[best_w][d];
            *digit = d;
        }
    }
    *where = best_w;
    return best_m;
}

/* Restrict digit d to one configuration (a 3x3 permutation matrix) of band or stack `where`. */
S9_TARGET SK_INLINE void S9_NAME(apply_config)(s9_state *st, int where, int d, uint32_t config)
{
    if (where < 3) {
        st->f[3 * d + where] &= T9_PERM_KEEP[config];
        return;
    }
    int s = 3 * (where - 3);
    uint32_t others = SK_NINE & ~(7u << s);
    for (int b = 0; b < 3; b++) st->f[3 * d + b] &= spread_columns(others | (config >> (3 * b) & 7u) << s);
}

S9_TARGET static void S9_NAME(search)(s9_search *s, s9_state *st)
{
    for (;;) {
        if (SK_UNLIKELY(s->stopped)) return;
        uint64_t has[9];
        if (!S9_NAME(propagate)(st, has)) return;
        if (!(st->unsolved[0] | st->unsolved[1] | st->unsolved[2])) {
            S9_NAME(record_solution)(s, st);
            return;
        }
        int b = 0, pos = 0, d = 0, where = 0;
        uint32_t m = S9_NAME(choose_config)(has, &where, &d);
        if (m) {
            uint32_t configs[6];
            int n = 0;
            for (int k = 0; k < 6; k++)
                if ((T9_CONFIGS[k] & m) == T9_CONFIGS[k]) configs[n++] = T9_CONFIGS[k];
            for (int k = 0; k + 1 < n; k++) {
                s9_state child = *st;
                S9_NAME(apply_config)(&child, where, d, configs[k]);
                if (SK_UNLIKELY((++s->guesses & S9_POLL_EVERY) == 0) && s9_poll(s)) return;
                S9_NAME(search)(s, &child);
                if (s->count >= s->limit) return;
            }
            S9_NAME(apply_config)(st, where, d, configs[n - 1]);
            continue;
        }
        uint32_t digits = S9_NAME(choose_cell)(st, &b, &pos);
        while (!at_most_one_bit(digits)) { /* every alternative but the last on a copy */
            d = lowest_index(digits);
            digits = clear_lowest(digits);
            s9_state child = *st;
            S9_NAME(place)(&child, d, b, pos);
            if (SK_UNLIKELY((++s->guesses & S9_POLL_EVERY) == 0) && s9_poll(s)) return;
            S9_NAME(search)(s, &child);
            if (s->count >= s->limit) return;
            st->f[3 * d + b] &= ~(1u << pos);
        }
        if (!digits) return;
        S9_NAME(place)(st, lowest_index(digits), b, pos); /* the last alternative, in place */
    }
}

/* Set up the state from the givens.  Returns 1, 0 for conflicting givens, -1 for bad bytes.
 * Digit by digit on whole masks: the givens of d clear d from their rows, columns and
 * boxes; two givens of d share a row, column or box exactly when d's givens occupy
 * fewer distinct rows, columns or boxes than there are givens (a conflict). */
S9_TARGET static int S9_NAME(setup)(s9_state *st, const uint8_t *puzzle)
{
    uint32_t given[27];
    if (s9_scan(puzzle, given) < 0) return -1;
    uint32_t cells[3] = {0, 0, 0};
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) cells[b] |= given[3 * d + b];
    int conflict = 0;
    for (int d = 0; d < 9; d++) {
        const uint32_t *g = given + 3 * d;
        uint32_t cols = fold_columns(g[0]) | fold_columns(g[1]) | fold_columns(g[2]);
        uint32_t rows9 = 0, boxes9 = 0, out[3];
        for (int b = 0; b < 3; b++) {
            uint32_t mr = S9_NAME(minirows)(g[b]); /* bit 3*row + box */
            uint32_t r = mr | mr >> 1 | mr >> 2, rows = (r & 1u) | (r >> 2 & 2u) | (r >> 4 & 4u);
            uint32_t boxes = (mr | mr >> 3 | mr >> 6) & 7u;
            rows9 |= rows << (3 * b);
            boxes9 |= boxes << (3 * b);
            out[b] = S9_ROW_CELLS[rows] | S9_BOX_CELLS[boxes];
        }
        int n = bit_count(g[0]) + bit_count(g[1]) + bit_count(g[2]);
        conflict |= (bit_count(cols) ^ n) | (bit_count(rows9) ^ n) | (bit_count(boxes9) ^ n);
        uint32_t col_cells = spread_columns(cols);
        for (int b = 0; b < 3; b++) {
            st->f[3 * d + b] = (SK_BAND_FULL & ~(out[b] | col_cells | cells[b])) | g[b];
            st->seen[3 * d + b] = 0;
        }
    }
    if (conflict) return 0;
    for (int b = 0; b < 3; b++) st->unsolved[b] = SK_BAND_FULL & ~cells[b];
    return 1;
}

/* One puzzle: the body of s9_solve for this instruction set. */
S9_TARGET static uint32_t S9_NAME(solve_one)(const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses,
                                              s9_poll_fn poll, void *poll_ctx, int *stopped)
{
    s9_state st;
    s9_search s = {0, limit, 0, solution, poll, poll_ctx, 0};
    int ok = S9_NAME(setup)(&st, puzzle); /* reads the puzzle before anything is written: solution may alias it */
    if (solution) memset(solution, '.', 81);
    if (ok < 0) return S9_BAD_INPUT;
    if (ok > 0) S9_NAME(search)(&s, &st);
    if (guesses) *guesses += s.guesses;
    if (stopped && s.stopped) *stopped = 1;
    return s.count;
}
