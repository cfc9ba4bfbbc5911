/* cells81.h -- a set of the 81 cells of a grid as two words, and its operations; shared
 * by the HoDoKu-path searches (hograph9.h's tabling graph, hocolor9.c, hoxy9.c). Internal:
 * not for module.c. */
#ifndef SUDOKIT_CELLS81_H
#define SUDOKIT_CELLS81_H

#include <stdint.h>

#include "bits.h"

/* A set of cells: bits 0..63 in lo, 64..80 in hi. */
typedef struct {
    uint64_t lo, hi;
} cs81;

static inline cs81 cs_bit(int c)
{
    cs81 s = {0, 0};
    if (c < 64) s.lo = (uint64_t)1 << c;
    else s.hi = (uint64_t)1 << (c - 64);
    return s;
}
static inline int cs_has(cs81 s, int c) { return c < 64 ? (int)(s.lo >> c & 1) : (int)(s.hi >> (c - 64) & 1); }
static inline cs81 cs_and(cs81 a, cs81 b) { return (cs81){a.lo & b.lo, a.hi & b.hi}; }
static inline cs81 cs_or(cs81 a, cs81 b) { return (cs81){a.lo | b.lo, a.hi | b.hi}; }
static inline cs81 cs_minus(cs81 a, cs81 b) { return (cs81){a.lo & ~b.lo, a.hi & ~b.hi}; }
static inline int cs_empty(cs81 s) { return !s.lo && !s.hi; }
static inline int cs_count(cs81 s) { return pop64(s.lo) + pop64(s.hi); }
static inline int cs_first(cs81 s) { return s.lo ? lowest_index64(s.lo) : 64 + lowest_index64(s.hi); }
/* Removes and returns the lowest cell of a non-empty set. */
static inline int cs_pop(cs81 *s)
{
    int c = cs_first(*s);
    if (c < 64) s->lo &= s->lo - 1;
    else s->hi &= s->hi - 1;
    return c;
}

#endif
