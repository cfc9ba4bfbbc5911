/* The 9x9 geometry Sudoku Explainer's searches share (sechain9, sedyn9, serules9,
 * aligned9): each context fills its own tables with these (no global state), so the
 * orders every search depends on are written once. */
#ifndef SUDOKIT_SEGEOM9_H
#define SUDOKIT_SEGEOM9_H

#include <stdint.h>

/* Digits in a 9-bit candidate mask. */
static inline int popcount9(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* house[h][k]: the k-th cell of house h, ascending; rows 0-8, columns 9-17, boxes 18-26. */
static inline void segeom_houses(uint8_t house[27][9])
{
    for (int h = 0; h < 27; h++)
        for (int k = 0; k < 9; k++) {
            int r, col;
            if (h < 9) r = h, col = k;
            else if (h < 18) r = k, col = h - 9;
            else r = (h - 18) / 3 * 3 + k / 3, col = (h - 18) % 3 * 3 + k % 3;
            house[h][k] = (uint8_t)(r * 9 + col);
        }
}

/* A cell's houses in SE's order (box, row, column) and its 20 peers in that order: the
 * box, then the rest of the row, then the rest of the column, each ascending;
 * part_end[i][p] is where part p ends in parts[i]. Needs house[] from segeom_houses. */
static inline void segeom_peers(const uint8_t house[27][9], uint8_t se_houses[81][3], uint8_t parts[81][20],
                                uint8_t part_end[81][3])
{
    for (int i = 0; i < 81; i++) {
        int r = i / 9, col = i % 9, b = r / 3 * 3 + col / 3;
        se_houses[i][0] = (uint8_t)(18 + b);
        se_houses[i][1] = (uint8_t)r;
        se_houses[i][2] = (uint8_t)(9 + col);
        int n = 0;
        for (int part = 0; part < 3; part++) {
            for (int k = 0; k < 9; k++) {
                int cell = house[se_houses[i][part]][k];
                int cb = cell / 9 / 3 * 3 + cell % 9 / 3;
                if (cell == i || (part > 0 && cb == b)) continue;
                parts[i][n++] = (uint8_t)cell;
            }
            part_end[i][part] = (uint8_t)n;
        }
    }
}

#endif
