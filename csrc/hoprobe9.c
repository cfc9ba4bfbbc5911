/* hoprobe9.c -- the HoDoKu path's leading C searches in one call; see hoprobe9.h and the
 * twin src/sudokit/_pyprobe9.py. */
#include "hoprobe9.h"
#include "hofish9.h"
#include "hosingle9.h"
#include "howing9.h"
#include "horect9.h"
#include "hoxy9.h"

#include <stdlib.h>

/* Hand a sub-search's buffer (same layout, malloc'd) over to out. */
static void take(hp_out *out, uint8_t *data, size_t len, size_t cap)
{
    free(out->data);
    out->data = data, out->len = len, out->cap = cap;
}

/* Does the wing search's record list hold one of `kind`? */
static int has_wing(const hw_out *w, int kind)
{
    size_t at = 0;
    while (at + 10 <= w->len) {
        if (w->data[at] == kind) return 1;
        at += 10 + (size_t)w->data[at + 9];
    }
    return 0;
}

/* A finned search of `size` followed by the sashimi one, in one pass: 1 (the finned one
 * applies), 2 (the sashimi one), 0 (neither) or an HP_* error; out: the records. */
static int finned_pair(const uint16_t cands[81], int size, hp_out *out)
{
    hf_out f = {NULL, 0, 0};
    int which = 0, status = hofish9_basic_finned_first(cands, size, &f, &which);
    if (status != HF_OK || !which) {
        hofish9_out_free(&f);
        return status == HF_NO_MEMORY ? HP_NO_MEMORY : status == HF_OK ? 0 : HP_BAD_INPUT;
    }
    take(out, f.data, f.len, f.cap);
    return which;
}

/* Single-digit searches run[0..m) in turn on one set of tables: 1 (run[*which] applies),
 * 0 (none does) or an HP_* error; out: the records. */
static int single_digit_run(const uint16_t cands[81], const uint8_t *run, int m, hp_out *out, int *which)
{
    hd_out s = {NULL, 0, 0};
    int status = hosingle9_first(cands, run, m, &s, which);
    if (status != HD_OK || *which >= m) {
        hosingle9_out_free(&s);
        return status == HD_NO_MEMORY ? HP_NO_MEMORY : status == HD_OK ? 0 : HP_BAD_INPUT;
    }
    take(out, s.data, s.len, s.cap);
    return 1;
}

/* Does the rectangle search's record list hold one of horect9 kind `kind`? */
static int has_rect(const hr_out *r, int kind)
{
    size_t at = 0;
    while (at + HR_HEAD <= r->len) {
        if (r->data[at] == kind) return 1;
        at += HR_HEAD + (size_t)r->data[at + 11];
        if (at >= r->len) break;
        at += 1 + 2 * (size_t)r->data[at];
    }
    return 0;
}

/* The searches one probe shares between kinds: the wing and rectangle record lists. */
typedef struct {
    const uint8_t *values, *givens;
    hw_out wings;
    hr_out rects;
    int wings_done, rects_done;
} hp_shared;

/* Run one kind (not a single-digit one): 1 (applies; out holds its records), 0 (does not) or an HP_* error. */
static int run_kind(const uint16_t cands[81], int kind, long budget, hp_shared *sh, hp_out *out)
{
    long spent = 0;
    if (kind <= HP_SASHIMI_JELLYFISH) {
        int size = kind <= HP_JELLYFISH ? kind + 2 : (kind - HP_FINNED_X_WING) / 2 + 2;
        int mode = kind <= HP_JELLYFISH ? 0 : (kind - HP_FINNED_X_WING) % 2 + 1;
        hf_out f = {NULL, 0, 0};
        int status = hofish9_basic(cands, size, mode, 1, &f, &spent);
        if (status != HF_OK || !f.len) {
            hofish9_out_free(&f);
            return status == HF_NO_MEMORY ? HP_NO_MEMORY : status == HF_OK ? 0 : HP_BAD_INPUT;
        }
        take(out, f.data, f.len, f.cap);
        return 1;
    }
    if (kind <= HP_EMPTY_RECT) return HP_BAD_INPUT; /* cannot happen: hoprobe9_run runs them as a run */
    if (kind <= HP_W_WING) {
        if (!sh->wings_done) { /* one search for the three kinds */
            int status = howing9_search(cands, &sh->wings);
            if (status != HW_OK) return status == HW_NO_MEMORY ? HP_NO_MEMORY : HP_BAD_INPUT;
            sh->wings_done = 1;
        }
        if (!has_wing(&sh->wings, kind - HP_XY_WING)) return 0;
        take(out, sh->wings.data, sh->wings.len, sh->wings.cap);
        sh->wings.data = NULL, sh->wings.len = sh->wings.cap = 0;
        return 1;
    }
    if (kind == HP_BUG_PLUS_1 || kind >= HP_UR1) {
        if (!sh->rects_done) { /* one search for the ten kinds */
            int status = horect9_search(cands, sh->values, sh->givens, HR_ALL_KINDS, 0, &sh->rects);
            if (status != HR_OK) return status == HR_NO_MEMORY ? HP_NO_MEMORY : HP_BAD_INPUT;
            sh->rects_done = 1;
        }
        if (!has_rect(&sh->rects, kind == HP_BUG_PLUS_1 ? HR_BUG : kind - HP_UR1 + HR_UR1)) return 0;
        take(out, sh->rects.data, sh->rects.len, sh->rects.cap);
        sh->rects.data = NULL, sh->rects.len = sh->rects.cap = 0;
        return 1;
    }
    hx_out x = {NULL, 0, 0}; /* HP_REMOTE_PAIR */
    int status = hoxy9_search(cands, 1, budget, &x, &spent);
    if (status == HX_BUDGET) {
        hoxy9_out_free(&x);
        return 1;
    }
    if (status != HX_OK || !x.len) {
        hoxy9_out_free(&x);
        return status == HX_NO_MEMORY ? HP_NO_MEMORY : status == HX_OK ? 0 : HP_BAD_INPUT;
    }
    take(out, x.data, x.len, x.cap);
    return 1;
}

int hoprobe9_run(const uint16_t cands[81], const uint8_t values[81], const uint8_t givens[81], const uint8_t *kinds,
                 size_t n, size_t start, long budget, hp_out *out, size_t *found)
{
    *found = n;
    if (start > n || budget < 0 || (n && !kinds) || !values || !givens) return HP_BAD_INPUT;
    for (size_t k = 0; k < n; k++)
        if (kinds[k] >= HP_KINDS) return HP_BAD_INPUT;
    for (int i = 0; i < 81; i++)
        if (cands[i] > 0x1FF || values[i] > 9 || givens[i] > 1) return HP_BAD_INPUT;
    hp_shared sh = {values, givens, {NULL, 0, 0}, {NULL, 0, 0}, 0, 0};
    int status = HP_OK;
    for (size_t k = start; k < n; k++) {
        int hit, kind = kinds[k];
        if ((kind == HP_FINNED_X_WING || kind == HP_FINNED_SWORDFISH || kind == HP_FINNED_JELLYFISH) && k + 1 < n &&
            kinds[k + 1] == kind + 1) {
            hit = finned_pair(cands, (kind - HP_FINNED_X_WING) / 2 + 2, out); /* the sashimi search after it too */
            if (hit == 2) k++, hit = 1;
            else if (!hit) k++;
        } else if (kind >= HP_SKYSCRAPER && kind <= HP_EMPTY_RECT) { /* a run of them on one set of tables */
            uint8_t run[256];
            int m = 0;
            while (k + (size_t)m < n && kinds[k + m] >= HP_SKYSCRAPER && kinds[k + m] <= HP_EMPTY_RECT && m < 256)
                run[m] = (uint8_t)(kinds[k + m] - HP_SKYSCRAPER + HD_SKYSCRAPER), m++;
            int which = m;
            hit = single_digit_run(cands, run, m, out, &which);
            k += (size_t)(hit == 1 ? which : m - 1);
        } else {
            hit = run_kind(cands, kind, budget, &sh, out);
        }
        if (hit < 0) {
            status = hit;
            break;
        }
        if (hit) {
            *found = k;
            break;
        }
    }
    howing9_out_free(&sh.wings);
    horect9_out_free(&sh.rects);
    if (status != HP_OK) out->len = 0;
    return status;
}

void hoprobe9_out_free(hp_out *out)
{
    free(out->data);
    out->data = NULL;
    out->len = out->cap = 0;
}
