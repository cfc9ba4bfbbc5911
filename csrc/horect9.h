/* horect9.h -- HoDoKu's rectangle searches of the HoDoKu path (sudokit.human.uniqueness), in
 * C: Uniqueness Test 1-6, Hidden Rectangle, Avoidable Rectangle 1-2.
 *
 * As the pure-Python twin (src/sudokit/_pyrect9.py, which gives the same bytes for the same
 * input) documents it. The rectangles are HoDoKu 2.2's (UniquenessSolver, "allow missing
 * candidates"): from each cell with exactly two candidates a/b (ascending), a box partner
 * in its row or column where a and b are *allowed* (the cell is empty and no placed a or b
 * sees it), then each pair of cells across, outside the box, the first allowing a, the
 * second a and b; each set of four cells once. Avoidable Rectangles: from each cell solved
 * by the player (value a, not a given), a player-solved box partner (value b), then the
 * pairs across where at least one cell is empty and bivalue holding the value across and
 * the other is the same or player-solved as that value; each set of four cells once.
 * Each type then walks its rectangles in that order (the conditions: uniqueness.py).
 * BUG+1 (one record at most): every cell with candidates has two except one with three
 * (none with one); the digit of that cell seen three times in each of its houses (the
 * last such digit) is true when every house holds every other digit 0 or 2 times and
 * that digit 3 times in the cell's houses; the cell's other digits go.
 *
 * State: cands[i] a 9-bit mask (bit d-1 = digit d; 0 for a filled cell), values[i] the
 * digit of a filled cell (0 empty), givens[i] 1 for a clue (else 0). No global state; the
 * output buffer is the only allocation. A plain C entry point: a caller in C (a search
 * that runs several techniques in one call) passes its own buffer and kind mask.
 */
#ifndef SUDOKIT_HORECT9_H
#define SUDOKIT_HORECT9_H

#include <stddef.h>
#include <stdint.h>

#define HR_OK 0
#define HR_BAD_INPUT (-1) /* a mask above 0x1FF, a value above 9, a given flag above 1, kinds above
                           * HR_ALL_KINDS, max_per_kind below 0 */
#define HR_NO_MEMORY (-2)

/* The kinds (bit k of the kind mask asks for kind k). */
enum { HR_UR1, HR_UR2, HR_UR3, HR_UR4, HR_UR5, HR_UR6, HR_HIDDEN, HR_AR1, HR_AR2, HR_BUG, HR_KINDS };
#define HR_ALL_KINDS 0x3FFu

/* Head bytes of a record (BUG+1: kind, four 255 corners, 0, 0, the true digit, the cell,
 * 255, 255, 0 cells, then the eliminations): kind, the four corners (i11, i12, i21, i22: start, its box
 * partner, across from the start, across from the partner), a, b (UR/HR: the two digits
 * ascending; AR: the values of i11 and i12), the step's digit (UR2/5 and AR2: the extra
 * digit c; UR4: the digit locked in the roofs; UR6 and HR: the digit x; AR1: the digit
 * removed; else 0), the step's cell (UR1: the roof; HR: the bivalue corner; AR1: the
 * unsolved corner; else 255), UR3's houses (the subset's house, and its box when the
 * subset of a row or column also lies in one box; 255 when none), then a count and the
 * cells (UR1-6: the roofs ascending; UR3: then the subset's other cells), then a count
 * byte and the eliminations as (cell, digit) pairs ascending. */
#define HR_HEAD 12

/* A growable output buffer (the caller zero-initialises it and frees it with
 * horect9_out_free, also after an error). Records are appended at out->len. */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} hr_out;

/* Append the records of every kind in `kinds` (bit mask of HR_UR1 ...), kinds ascending,
 * each kind's in its search order; at most `max_per_kind` records of each kind (0: all).
 * Returns an HR_* status (nothing written on HR_BAD_INPUT). */
int horect9_search(const uint16_t cands[81], const uint8_t values[81], const uint8_t givens[81], unsigned kinds,
                   int max_per_kind, hr_out *out);

void horect9_out_free(hr_out *out);

#endif
