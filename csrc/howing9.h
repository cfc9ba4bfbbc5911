/* howing9.h -- HoDoKu's XY-Wing, XYZ-Wing and W-Wing searches (sudokit.human.wings), in C.
 *
 * As the pure-Python twin (src/sudokit/_pywing9.py, which gives the same bytes for the same
 * input) documents it. XY-Wing: a bivalue pivot {x,y}, two bivalue peers {x,z} and {y,z}
 * (the pincers, ascending among the pivot's peers); z leaves the cells seeing both pincers
 * (not the pivot). XYZ-Wing: a pivot {x,y,z}, pincers {x,z} and {y,z}; z leaves the cells
 * seeing all three. Both sorted as HoDoKu's WingSolver takes them: XY-Wings by their three
 * cells ascending, then the pivot's place among them; XYZ-Wings by pivot, then pincers.
 * W-Wing: two equal bivalue cells a < b {x,y}, y ascending, z := y leaves the cells seeing
 * both; the link is the first house (rows, columns, boxes) where x has exactly two places,
 * neither a nor b, walked ascending: a place seeing a is s1, else one seeing b is s2.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell). No global state;
 * the output buffer is the only allocation.
 */
#ifndef SUDOKIT_HOWING9_H
#define SUDOKIT_HOWING9_H

#include <stddef.h>
#include <stdint.h>

#define HW_OK 0
#define HW_BAD_INPUT (-1) /* a mask above 0x1FF */
#define HW_NO_MEMORY (-2)

/* A growable output buffer (the caller zero-initialises it and frees it with
 * howing9_out_free, also after an error). */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hw_out;

/* Every XY-Wing, then every XYZ-Wing, then every W-Wing with eliminations, in the order
 * above. One record each: kind (0 XY, 1 XYZ, 2 W), cells a, b, c (XY/XYZ: pivot, pincer 1,
 * pincer 2; W: the two bivalue cells and 255), z (the digit eliminated), then for W x,
 * the link's house, s1, s2 (255 for XY/XYZ), then a count byte and the cells losing z,
 * ascending. Returns an HW_* status. */
int howing9_search(const uint16_t cands[81], hw_out *out);

void howing9_out_free(hw_out *out);

#endif
