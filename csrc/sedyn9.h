/* sedyn9.h -- Sudoku Explainer's multiple, Nishio and dynamic forcing chains (serate
 * 1.2.1.3), in C.
 *
 * sudokit.human.se_chains re-implements SE's implication engine; this unit runs its
 * "multiple" producers (Chaining with multiple/dynamic/nishio set, nesting level 0) whole:
 * from every candidate of every cell, assume it on and off, take the consequences breadth
 * first (SE's getOnToOff/getOffToOn; in the dynamic modes each consequence comes off the
 * grid as it is taken, and a link records the earlier eliminations it needed as extra
 * "hidden" parents), and read the hints off the two closures: contradictions, double
 * implications, cell and region forcing chains. The hints come out sorted and without
 * duplicates exactly as Chaining.hints sorts them (complexity, SE's sort key, search
 * order; the first of each set of eliminations kept). The pure-Python twin
 * (src/sudokit/_pysedyn9.py, which runs se_chains.py's own engine) gives the same bytes.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). Causes as in
 * sechain9.h (0 naked, 1-3 hidden block/row/column, 255 the assumption). No global state:
 * every call allocates its own work area (about 2 MB) and frees it before returning.
 */
#ifndef SUDOKIT_SEDYN9_H
#define SUDOKIT_SEDYN9_H

#include <stddef.h>
#include <stdint.h>

/* statuses */
#define SD_OK 0
#define SD_BAD_INPUT (-1) /* a mask or count out of range, neither multiple nor dynamic, nishio or a level without dynamic, level not 0..SD_MAX_LEVEL */
#define SD_NO_MEMORY (-2)
#define SD_INTERNAL (-3)  /* a dynamic link without the elimination it needs (SE raises too) */
#define SD_BUDGET (-4)    /* more than `limit` search rounds, or the time is up: nothing written */

/* the deepest nesting level (SE's Nested Dynamic Forcing Chains (+), ER 11.0) */
#define SD_MAX_LEVEL 5

/* hint kinds (se_chains: BINARY, CELL, REGION) */
#define SD_BINARY 2
#define SD_CELL 3
#define SD_REGION 4

/* A growable output buffer (zero-initialise it; free it with sedyn9_out_free, also after
 * an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} sd_out;

/* Every hint of SE's Chaining(multiple, dynamic, nishio, level) on cands, easiest first.
 * level 0, or 1 (Dynamic Forcing Chains (+)): when a closure runs out of implications,
 * the simple rules of serules9 (with counts[d]: the cells holding digit d, counts[0]
 * unused) add their eliminations (cause 4, SE's ADVANCED) and it goes on; levels 2-5
 * (Nested Forcing Chains): when those find nothing, whole chaining rules do (senest9.h).
 * out gets one record per hint:
 *
 *     kind (SD_*), absurd (0/1), house (0..26, 255: none), digit (0: none),
 *     cell, mask (uint16 LE): the eliminations (a chain of level 0 removes from one cell),
 *     result: cell, value, on, is_first_target (1: the result is the first target's end),
 *     complexity (uint16 LE: SE's candidates involved), n_targets (1 byte), then for each
 *     target: n (uint16 LE) potentials in SE's getChain order (breadth first from the
 *     target, each candidate/state once), each cell, value, on, cause, n_parents (uint16
 *     LE), then n_parents uint16 LE indices into this target's list.
 *
 * *spent counts SE's propagation rounds (one per potential taken off a queue), the unit of
 * sudokit's node budget; with limit >= 0 the search stops with SD_BUDGET once spent passes
 * limit. Returns an SD_* status. */
int sedyn9_hints(const uint16_t cands[81], int multiple, int dynamic, int nishio, int level, const uint8_t counts[10],
                 long limit, sd_out *out, long *spent);

/* sedyn9_hints with a time budget too: seconds >= 0 stops the search with SD_BUDGET once
 * the calling thread has used that much CPU time in it (checked every 256 rounds). */
int sedyn9_hints_timed(const uint16_t cands[81], int multiple, int dynamic, int nishio, int level,
                       const uint8_t counts[10], long limit, double seconds, sd_out *out, long *spent);

void sedyn9_out_free(sd_out *out);

/* Append n bytes to out (SD_OK or SD_NO_MEMORY); shared with serules9.c. */
int sedyn9_emit(sd_out *out, const uint8_t *bytes, size_t n);

#endif
