/* hograph9.h -- the tables' graph of HoDoKu's tabling searches, shared by hotable9.c (Nice
 * Loops / AICs) and hoforce9.c (Forcing Chains / Nets). Internal: not for module.c.
 *
 * Nodes as in hotable9.h; ht_prepare finds the group nodes and which nodes exist, the
 * link builders append edges (each node's links keep their insertion order),
 * ht_build_adjacency turns them into per-node lists, ht_closure gives every node's reach
 * (strongly connected components), ht_walk one table (breadth first, LIMIT entries).
 */
#ifndef SUDOKIT_HOGRAPH9_H
#define SUDOKIT_HOGRAPH9_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "cells81.h"
#include "hotable9.h"

#define OFF 729
#define GROUP 1458
#define MAX_GROUPS 486 /* 18 lines x 9 digits x 3 boxes */
#define MAX_NODES (GROUP + 2 * MAX_GROUPS)
#define LIMIT 1000 /* HoDoKu's Options.MAX_TABLE_ENTRY_LENGTH */
#define ELIM_WORDS 12 /* 729 bits: (d-1)*81 + cell, i.e. sorted by digit then cell */

typedef struct {
    int digit, line, col, box, first; /* line/col: -1 unless all cells share it; box: house 18..26 */
    cs81 mask, buddies;
} group;

typedef struct {
    uint16_t cands[81];
    cs81 where[10], peer[81], house[27];
    int ngroups, n, words;
    group groups[MAX_GROUPS];
    uint8_t exists[MAX_NODES];
    /* links: an edge list in insertion order, then per-node lists (CSR) */
    uint16_t *esrc, *edst;
    size_t ne, ecap;
    int adjoff[MAX_NODES + 1];
    uint16_t *adj;
    /* closure */
    int comp[MAX_NODES], ncomp;
    uint64_t *reach;
    int *span; /* span[2k], span[2k + 1]: first and last word of component k's reach that can be non-zero */
    int *comp_total; /* component k's closure size (capped just past LIMIT), -1 until counted; NULL: not kept */
    /* the current table */
    uint32_t gen, mark[MAX_NODES];
    int16_t parent[MAX_NODES];
    uint16_t order[LIMIT];
    int norder;
    uint16_t chain[LIMIT + 1];
    uint64_t elim[ELIM_WORDS];
    int nelim;
    /* accepted chains: where their eliminations are in out, for the "same eliminations" test */
    size_t *rec_at;
    int *rec_nel, *rec_len, nrec, reccap;
    uint32_t *rec_hash;
    int *slots, nslots; /* open addressing: record index + 1, 0 empty */
    ht_out *out;
    long budget, spent;
} ht_ctx;

static inline int box_house(int c) { return 18 + c / 27 * 3 + c % 9 / 3; }

#define TRY(e)                     \
    do {                           \
        int st_ = (e);             \
        if (st_ != HT_OK) return st_; \
    } while (0)

/* Append n bytes (or v as a little-endian uint16) to out; HT_NO_MEMORY when it cannot grow. */
int ht_put(ht_out *out, const void *bytes, size_t n);
int ht_put16(ht_out *out, int v);
/* x->spent += k; HT_BUDGET once past x->budget. */
int ht_spend(ht_ctx *x, long k);
/* Houses, peers and the places of each digit from x->cands. */
void ht_geometry(ht_ctx *x);
/* HoDoKu's group nodes: rows then columns, digit, box. */
void ht_group_nodes(ht_ctx *x);
/* Geometry, group nodes (when grouped), node count and which nodes exist. */
void ht_prepare(ht_ctx *x, int grouped);
/* One link src -> dst, after the ones before it. */
int ht_link(ht_ctx *x, int src, int dst);
/* Forcing Chain links of the candidate nodes (the twin's chain_links order). */
int ht_chain_links(ht_ctx *x);
/* The links into and out of the group nodes (the twin's group_links order). */
int ht_group_links(ht_ctx *x);
/* Per-node lists from the edge list, each in insertion order. */
int ht_build_adjacency(ht_ctx *x);
/* Components and each one's reach (spends the component count). */
int ht_closure(ht_ctx *x);
/* The premise's table (at most LIMIT entries) into x->order / x->parent. */
void ht_walk(ht_ctx *x, int start);
/* Frees what the graph functions allocated (not x, not x->out). */
void ht_free(ht_ctx *x);
/* A context with its lists empty and its counters at zero (NULL: no memory); ht_free and
 * free release it. */
ht_ctx *ht_new(void);

#endif
