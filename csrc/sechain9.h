/* sechain9.h -- the hot loops of Sudoku Explainer's chaining rules (serate 1.2.1.3), in C.
 *
 * sudokit.human.se_chains re-implements SE's implication engine: assume a candidate on
 * (or off) and propagate breadth first with SE's two rules each way, then read hints off
 * the chains found. The search is the hot part and lives here; reading hints, rating
 * and naming them stay in Python. The pure-Python twin (src/sudokit/_pysechain9.py)
 * gives the same bytes for the same input; se_chains.py documents the rules.
 *
 * A potential is a candidate assumed on or off: (cell 0..80, value 1..9, on 0/1, cause),
 * cause one of SC_NAKED .. SC_HIDDEN_COLUMN (SE's Potential.Cause), or SC_ROOT for the
 * assumption a search starts from. Every potential records the one potential that
 * implied it (its parent), so a found chain is the path from it back to the root.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). Houses as in
 * sudokit.grid.HOUSES: 0-8 rows, 9-17 columns, 18-26 boxes. No global state: a search
 * runs in a work area (sc_ws, about 6 MB of address space, 0.7 MB of tables) that the
 * caller keeps across searches (sechain9_loops_ws) or that sechain9_loops makes and
 * frees for one.
 */
#ifndef SUDOKIT_SECHAIN9_H
#define SUDOKIT_SECHAIN9_H

#include <stddef.h>
#include <stdint.h>

/* causes (SE's Potential.Cause, in se_chains.py's numbering) */
#define SC_NAKED 0
#define SC_HIDDEN_BLOCK 1
#define SC_HIDDEN_ROW 2
#define SC_HIDDEN_COLUMN 3
#define SC_ROOT 255

/* statuses */
#define SC_OK 0
#define SC_BAD_INPUT (-1) /* a mask above 0x1FF, or neither x nor y links */
#define SC_NO_MEMORY (-2)
#define SC_OVERFLOW (-3) /* more potentials than SC_MAX_NODES (cannot happen on a 9x9 grid) */
#define SC_INTERNAL (-4) /* a chain the bitset pass found and the chain search did not (a bug) */

#define SC_MAX_NODES (1 << 18)

/* A growable output buffer (the caller zero-initialises it and frees it with
 * sechain9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} sc_out;

/* SE's "Forcing Chains & Cycles" search with one link set (x_chain: same digit in a
 * house; y_chain: the cell's other digits; SE runs X-only, Y-only, then both): from
 * every candidate of every cell with two or more (Y-only: exactly two), in cell then
 * digit order, the bidirectional cycles back to the candidate, then the forcing chains
 * that contradict it (assumed on, then off). out gets one record per chain found, in
 * that order:
 *
 *     kind (0 cycle, 1 forcing chain), n (uint16 little-endian), then n potentials of
 *     4 bytes (cell, value, on, cause), the chain's end first and its root last.
 *
 * *spent counts SE's search rounds (one per start, one per breadth-first round), the
 * unit of sudokit's node budget. Returns an SC_* status. */
int sechain9_loops(const uint16_t cands[81], int y_chain, int x_chain, sc_out *out, long *spent);

/* sechain9_loops in a work area kept by the caller (the same output; no allocation but
 * the output's). One work area serves one search at a time. */
typedef struct sc_ws sc_ws;
sc_ws *sechain9_ws_new(void); /* NULL on no memory */
void sechain9_ws_free(sc_ws *ws);
int sechain9_loops_ws(sc_ws *ws, const uint16_t cands[81], int y_chain, int x_chain, sc_out *out, long *spent);

/* The same search one root at a time, for a caller that reads each root's chains before
 * the next root (seloops9 when it wants the easiest hint only): sechain9_begin sets the
 * grid and the link set (SC_BAD_INPUT as sechain9_loops); then sechain9_root for each
 * candidate (cell, value) of a cell with two or more, in cell then digit order, appends
 * that root's records, as sechain9_loops would, and sets *spent to the rounds of the
 * search so far. max_complexity > 0 leaves out the chains of more potentials (the
 * breadth-first rounds stop where every chain would be longer; *spent counts the rounds
 * run); 0 finds them all. (cell, value) must be a candidate of such a cell. */
int sechain9_begin(sc_ws *ws, const uint16_t cands[81], int y_chain, int x_chain);
int sechain9_root(sc_ws *ws, sc_out *out, int cell, int value, int max_complexity, long *spent);

void sechain9_out_free(sc_out *out);

#endif
