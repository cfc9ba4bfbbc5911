/* hoxy9.h -- HoDoKu's XY-Chain and Remote Pair search (sudokit.human.chains), in C.
 *
 * The breadth-first implication search of sudokit.human.chains over bivalue cells (the
 * pure-Python twin src/sudokit/_pyxy9.py gives the same bytes for the same input): from
 * every bivalue cell (ascending) and each of its digits (ascending) set false, a false
 * candidate makes the other digit of its cell true, a true candidate makes the same digit
 * false in the bivalue peers (ascending cells); Remote Pairs use only the cells with the
 * start cell's two digits. At most 20 links; the first time a state is reached fixes its
 * chain. A chain is reported when it ends true on the start digit in another cell, has 4+
 * candidates, uses no cell twice, and the start digit has a place seeing both ends
 * (Remote Pair: 8+ candidates). The eliminations, text and HoDoKu's preference order are
 * left to the caller.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global
 * state; the output buffer is the only allocation.
 */
#ifndef SUDOKIT_HOXY9_H
#define SUDOKIT_HOXY9_H

#include <stddef.h>
#include <stdint.h>

#define HX_OK 0
#define HX_BAD_INPUT (-1) /* a mask above 0x1FF, a negative budget */
#define HX_NO_MEMORY (-2)
#define HX_BUDGET (-3)    /* more than `budget` states reached */

/* A growable output buffer (the caller zero-initialises it and frees it with
 * hoxy9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hx_out;

/* The XY-Chains (remote = 0) or Remote Pair chains (remote = 1) of cands in search
 * order. out gets one record per chain: n (1 byte), then n states as uint16
 * little-endian, from the start: 2 * (9 * cell + digit - 1) + truth. *spent counts the
 * states reached; past `budget` the search stops with HX_BUDGET. */
int hoxy9_search(const uint16_t cands[81], int remote, long budget, hx_out *out, long *spent);

void hoxy9_out_free(hx_out *out);

#endif
