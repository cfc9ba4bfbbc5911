/* hoxy9.h -- HoDoKu's XY-Chain and Remote Pair search (sudokit.human.chains), in C.
 *
 * HoDoKu 2.2's depth-first chain search (its ChainSolver; the pure-Python twin
 * src/sudokit/_pyxy9.py gives the same bytes for the same input): from every bivalue cell
 * (ascending) and each of its digits d (ascending) set false, the chain goes to the cell's
 * other digit (true), then to a bivalue peer holding that digit (false; peers in HoDoKu's
 * link order: the row, the column, then the box cells outside both, each in house order),
 * that cell's other digit (true), and so on, never back to a cell on the chain, at most
 * 20 links (10 cells); Remote Pairs use only cells holding the start cell's two digits. A
 * chain ending true on d in a cell (2+ cells; Remote Pair 4+) where d has a place seeing
 * both ends is reported unless a chain with the same eliminations was reported with no
 * more links (HoDoKu's deletesMap): XY-Chain, d where it sees both ends; Remote Pair,
 * both digits where they see two chain cells an odd number (3+) of cells apart. The
 * step text and HoDoKu's sort are left to the caller.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffer and the deletesMap table are the only allocations.
 */
#ifndef SUDOKIT_HOXY9_H
#define SUDOKIT_HOXY9_H

#include <stddef.h>
#include <stdint.h>

#define HX_OK 0
#define HX_BAD_INPUT (-1) /* a mask above 0x1FF, a negative budget */
#define HX_NO_MEMORY (-2)
#define HX_BUDGET (-3)    /* more than `budget` links taken */

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hoxy9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hx_out;

/* The XY-Chains (remote = 0) or Remote Pair chains (remote = 1) of cands in search
 * order. out gets one record per chain: n (1 byte), then n states as uint16
 * little-endian, from the start: 2 * (9 * cell + digit - 1) + truth. *spent counts the
 * links taken; past `budget` the search stops with HX_BUDGET. */
int hoxy9_search(const uint16_t cands[81], int remote, long budget, hx_out *out, long *spent);

void hoxy9_out_free(hx_out *out);

#endif
