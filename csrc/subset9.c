/* subset9.c -- naked and hidden subsets; see subset9.h and the twin src/sudokit/_pysubset9.py
 * (same search, same order, same records). */
#include "subset9.h"
#include "geom9.h"

#include <stdlib.h>
#include <string.h>

static int pc(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

static int put(sb_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 256;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return SB_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return SB_OK;
}

static int put_record(sb_out *out, int kind, int size, int h, const int *cells, unsigned digits)
{
    uint8_t rec[3 + 4 + 2];
    rec[0] = (uint8_t)kind, rec[1] = (uint8_t)size, rec[2] = (uint8_t)h;
    for (int k = 0; k < size; k++) rec[3 + k] = (uint8_t)cells[k];
    rec[3 + size] = (uint8_t)(digits & 0xFF), rec[4 + size] = (uint8_t)(digits >> 8);
    return put(out, rec, (size_t)size + 5);
}

/* One house's search: the m items (naked: cells; hidden: digits) and their masks. */
typedef struct {
    const uint16_t *cands;
    const int *house;
    sb_out *out;
    int h, size, kind;
    int items[9];     /* naked: cells; hidden: digits */
    unsigned masks[9]; /* naked: candidates; hidden: places (bit k: k-th cell of the house) */
    int m;
} walk;

static int naked_hit(walk *w, const int *pick, unsigned uni)
{
    int cells[4];
    for (int k = 0; k < w->size; k++) cells[k] = w->items[pick[k]];
    for (int k = 0; k < 9; k++) {
        int c = w->house[k], in_combo = 0;
        for (int j = 0; j < w->size; j++) in_combo |= cells[j] == c;
        if (!in_combo && (w->cands[c] & uni)) return put_record(w->out, 0, w->size, w->h, cells, uni);
    }
    return SB_OK;
}

static int hidden_hit(walk *w, const int *pick, unsigned uni)
{
    int cells[4], n = 0;
    unsigned digits = 0;
    for (int k = 0; k < w->size; k++) digits |= 1u << (w->items[pick[k]] - 1);
    int other = 0;
    for (int k = 0; k < 9; k++)
        if (uni >> k & 1) {
            int c = w->house[k];
            cells[n++] = c;
            other |= (w->cands[c] & ~digits) != 0;
        }
    return other ? put_record(w->out, 1, w->size, w->h, cells, digits) : SB_OK;
}

/* The size-combinations of the items (indices in pick) whose masks' union has exactly size
 * bits, in itertools.combinations order (a branch whose union is already too big holds
 * none), each checked for eliminations and written. */
static int combos(walk *w, int start, int depth, int *pick, unsigned uni)
{
    if (pc(uni) > w->size) return SB_OK;
    if (depth == w->size) {
        if (pc(uni) != w->size) return SB_OK;
        return w->kind ? hidden_hit(w, pick, uni) : naked_hit(w, pick, uni);
    }
    for (int k = start; k <= w->m - (w->size - depth); k++) {
        pick[depth] = k;
        int st = combos(w, k + 1, depth + 1, pick, uni | w->masks[k]);
        if (st) return st;
    }
    return SB_OK;
}

int subset9_search(const uint16_t cands[81], const uint8_t values[81], sb_out *out)
{
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF || values[i] > 9) return SB_BAD_INPUT;
    int house[27][9];
    for (int h = 0; h < 27; h++)
        for (int k = 0; k < 9; k++) house[h][k] = geom9_house_cell(h, k);
    walk w;
    w.cands = cands;
    w.out = out;
    int pick[4];
    for (int kind = 0; kind < 2; kind++)
        for (int size = 2; size <= 4; size++)
            for (int h = 0; h < 27; h++) {
                w.house = house[h], w.h = h, w.size = size, w.kind = kind, w.m = 0;
                if (!kind) {
                    for (int k = 0; k < 9; k++) {
                        int c = house[h][k], n = pc(cands[c]);
                        if (n >= 2 && n <= size) w.items[w.m] = c, w.masks[w.m++] = cands[c];
                    }
                } else {
                    int empty = 0;
                    for (int k = 0; k < 9; k++) empty += !values[house[h][k]];
                    if (empty <= size) continue;
                    for (int d = 1; d <= 9; d++) {
                        unsigned places = 0;
                        for (int k = 0; k < 9; k++) places |= (unsigned)(cands[house[h][k]] >> (d - 1) & 1) << k;
                        int n = pc(places);
                        if (n >= 1 && n <= size) w.items[w.m] = d, w.masks[w.m++] = places;
                    }
                }
                if (w.m < size) continue;
                int st = combos(&w, 0, 0, pick, 0);
                if (st) return st;
            }
    return SB_OK;
}

void subset9_out_free(sb_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
