/* senest9.h -- the nested levels (2-5) of Sudoku Explainer's dynamic forcing chains
 * (serate 1.2.1.3's "Nested Forcing Chains"), internal to sedyn9.c.
 *
 * At nesting level 2 and up, a closure that runs out of implications and whose simple
 * rules (serules9) find nothing runs whole chaining rules on the grid it has made
 * (Chaining.getAdvancedPotentials, se_chains._advanced_potentials): level 2 SE's Forcing
 * Chains & Cycles, level 3 also Multiple Forcing Chains, level 4 Dynamic Forcing Chains,
 * level 5 also Dynamic Forcing Chains of level 2 (level - 3). Each hint of the first rule
 * that has some becomes off potentials ("advanced", cause 4) whose parents are the
 * closure's eliminations the hint relied on (its rule parents) and which remember the
 * hint (its complexity counts in the outer chain's, each distinct nested chain once).
 *
 * A nested search is a pure function of the grid it runs on (the closure's source grid
 * and the digit counts being fixed for one search), so its hits are cached per grid; a
 * cache hit spends again the rounds the first run spent, so the node budget, and where a
 * search stops on it, do not depend on the cache (the Python engine re-spends the same).
 */
#ifndef SUDOKIT_SENEST9_H
#define SUDOKIT_SENEST9_H

#include <stddef.h>
#include <stdint.h>

#include "sedyn9.h"

/* The budget shared by a search and every search nested in it. */
typedef struct {
    long limit, spent; /* propagation rounds; limit < 0: none */
    double deadline;   /* thread CPU seconds (sd_cpu_now); < 0: none */
    unsigned tick;
} sd_budget;

double sd_cpu_now(void);

/* Spend n rounds: SD_OK, or SD_BUDGET once the rounds pass the limit or the time is up
 * (the clock is read every 256 rounds). Inline: the closures spend one round at a time. */
static inline int sd_budget_spend(sd_budget *b, long n)
{
    b->spent += n;
    if (b->limit >= 0 && b->spent > b->limit) return SD_BUDGET;
    if (b->deadline >= 0) {
        b->tick += (unsigned)n;
        if (b->tick >= 256) {
            b->tick = 0;
            if (sd_cpu_now() > b->deadline) return SD_BUDGET;
        }
    }
    return SD_OK;
}

typedef struct sn_state sn_state;
struct dctx;

/* The nested state of a search of nesting level 2..5 (cache, nested chains, the
 * contexts of the searches it nests); NULL on no memory. */
sn_state *senest9_new(int level);
void senest9_free(sn_state *s);
/* Forget the cache and the nested chains (a new source grid, or between two cells when
 * they grew past their cap: no potential refers to them then). */
void senest9_reset(sn_state *s);
int senest9_trim(sn_state *s); /* senest9_reset when past the cap: 1 if it did */

/* The hits of the first nested rule of s's level with potentials, on cur (started from
 * init). *hits points to entries valid until the next call on s:
 *     n_removable (1 byte), n_removable x (cell, mask uint16 LE),
 *     n_parents (uint16 LE, >= 1), n_parents x (cell, value), nested chain id (int32 LE)
 * Returns SD_OK, SD_BUDGET, SD_NO_MEMORY or SD_INTERNAL. */
int senest9_rules(sn_state *s, const uint16_t cur[81], const uint16_t init[81], const uint8_t counts[10],
                  sd_budget *b, const uint8_t **hits, size_t *len);

/* Nested chains (ids from senest9_rules' entries): complexity, and whether two ids are
 * the same chain (SE's FullChain equality: the same potentials in every branch). */
int32_t senest9_complexity(const sn_state *s, int32_t id);
int senest9_same(const sn_state *s, int32_t a, int32_t b);
/* Record a nested chain: its complexity and signature (sig[0..n): per branch its length
 * and its potentials' keys); the id, or -1 on no memory. */
int32_t senest9_add_chain(sn_state *s, int32_t complexity, const uint16_t *sig, size_t n);

/* sedyn9.c's side: a search context for a nested multiple/dynamic rule, and one search
 * of it on cur whose hits (as above, rule parents against src) are appended to out,
 * their chains recorded in owner. */
struct dctx *sedyn9_child(int multiple, int dynamic, int level);
void sedyn9_child_free(struct dctx *c);
int sedyn9_nested(struct dctx *c, const uint16_t cur[81], const uint16_t src[81], const uint8_t counts[10],
                  sd_budget *b, sn_state *owner, sd_out *out);

#endif
