/* hoxy9.c -- XY-Chain / Remote Pair breadth-first search; see hoxy9.h and the twin
 * src/sudokit/_pyxy9.py (same search, same order, same records). */
#include "hoxy9.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LINKS 20
#define STATES (2 * 729)

typedef struct {
    uint8_t peers[81][20];
    uint16_t cands[81];
    int16_t parent[STATES]; /* -1: the start, -2: not reached */
    uint16_t order[STATES];
    hx_out *out;
} hx_ctx;

static int sees(int a, int b)
{
    return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
}

static int pc9(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

static int put(hx_out *out, const uint8_t *bytes, size_t n)
{
    if (out->len + n > out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 1024;
        while (cap < out->len + n) cap *= 2;
        uint8_t *data = realloc(out->data, cap);
        if (!data) return HX_NO_MEMORY;
        out->data = data;
        out->cap = cap;
    }
    memcpy(out->data + out->len, bytes, n);
    out->len += n;
    return HX_OK;
}

/* The chain to state st (from the start), into chain[]; its length. */
static int path(const hx_ctx *x, int st, uint16_t *chain)
{
    int n = 0;
    for (int s = st; s >= 0 && n < MAX_LINKS + 2; s = x->parent[s]) chain[n++] = (uint16_t)s;
    for (int i = 0; i < n / 2; i++) {
        uint16_t t = chain[i];
        chain[i] = chain[n - 1 - i];
        chain[n - 1 - i] = t;
    }
    return n;
}

/* No cell twice (consecutive candidates of one cell count once). */
static int simple(const uint16_t *chain, int n)
{
    uint8_t used[81] = {0};
    int cur = -1;
    for (int k = 0; k < n; k++) {
        int cell = chain[k] >> 1;
        cell /= 9;
        if (cell == cur) continue;
        if (used[cell]) return 0;
        used[cell] = 1;
        cur = cell;
    }
    return 1;
}

static int record(hx_ctx *x, const uint16_t *chain, int n)
{
    uint8_t buf[1 + 2 * 64];
    if (n > 64) return HX_OK; /* cannot happen: 21 states at most */
    buf[0] = (uint8_t)n;
    for (int k = 0; k < n; k++) buf[1 + 2 * k] = (uint8_t)(chain[k] & 0xFF), buf[2 + 2 * k] = (uint8_t)(chain[k] >> 8);
    return put(x->out, buf, 1 + 2 * (size_t)n);
}

/* The cell may be on the chain: bivalue, and (Remote Pair) holding the pair. */
static int ok(const hx_ctx *x, int cell, unsigned pair)
{
    unsigned m = x->cands[cell];
    return pc9(m) == 2 && (!pair || m == pair);
}

/* One breadth-first search from (start cell, digit d) false; the reached states in
 * x->order; their count, or HX_BUDGET. */
static int bfs(hx_ctx *x, int start, int d, unsigned pair, long budget, long *spent)
{
    for (int s = 0; s < STATES; s++) x->parent[s] = -2;
    int s0 = 2 * (9 * start + d - 1);
    x->parent[s0] = -1;
    int nord = 0, fbeg = -1, fend = 0; /* frontier: the start, then order[fbeg..fend) */
    for (int level = 0; level < MAX_LINKS; level++) {
        int before = nord;
        int count = level == 0 ? 1 : fend - fbeg;
        for (int f = 0; f < count; f++) {
            int s = level == 0 ? s0 : x->order[fbeg + f];
            int node = s >> 1, cell = node / 9, digit = node % 9 + 1;
            if (s & 1) { /* true: the same digit false in the bivalue peers */
                for (int c = 0; c < 81; c++) {
                    if (!(x->cands[c] >> (digit - 1) & 1) || !sees(cell, c) || !ok(x, c, pair)) continue;
                    int s2 = 2 * (9 * c + digit - 1);
                    if (x->parent[s2] == -2) x->parent[s2] = (int16_t)s, x->order[nord++] = (uint16_t)s2;
                }
            } else if (ok(x, cell, pair)) { /* false: the cell's other digit true */
                unsigned other = x->cands[cell] & ~(1u << (digit - 1));
                int e = 0;
                while (!(other >> e & 1)) e++;
                int s2 = 2 * (9 * cell + e) + 1;
                if (x->parent[s2] == -2) x->parent[s2] = (int16_t)s, x->order[nord++] = (uint16_t)s2;
            }
        }
        if (nord == before) break;
        *spent += nord - before;
        if (*spent > budget) return HX_BUDGET;
        fbeg = before, fend = nord;
    }
    return nord;
}

int hoxy9_search(const uint16_t cands[81], int remote, long budget, hx_out *out, long *spent)
{
    *spent = 0;
    if (budget < 0) return HX_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF) return HX_BAD_INPUT;
    hx_ctx *x = malloc(sizeof *x);
    if (!x) return HX_NO_MEMORY;
    memcpy(x->cands, cands, sizeof x->cands);
    x->out = out;
    int status = HX_OK;
    uint16_t chain[MAX_LINKS + 2];
    for (int start = 0; start < 81 && status == HX_OK; start++) {
        unsigned m = cands[start];
        if (pc9(m) != 2) continue;
        unsigned pair = remote ? m : 0;
        for (int d = 1; d <= 9 && status == HX_OK; d++) {
            if (!(m >> (d - 1) & 1)) continue;
            int nord = bfs(x, start, d, pair, budget, spent);
            if (nord < 0) {
                status = nord;
                break;
            }
            for (int k = 0; k < nord && status == HX_OK; k++) {
                int st = x->order[k], node = st >> 1, end = node / 9;
                if (!(st & 1) || node % 9 + 1 != d || end == start) continue;
                int n = path(x, st, chain);
                if (n < (remote ? 8 : 4) || !simple(chain, n)) continue;
                int seen = 0; /* the start digit has a place seeing both ends */
                for (int c = 0; c < 81 && !seen; c++)
                    seen = (cands[c] >> (d - 1) & 1) && sees(c, start) && sees(c, end);
                if (seen) status = record(x, chain, n);
            }
        }
    }
    free(x);
    return status;
}

void hoxy9_out_free(hx_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
