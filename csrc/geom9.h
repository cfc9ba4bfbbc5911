/* The 9x9 house order the HoDoKu-path searches share (hoals9, hocolor9, hosdc9, hosingle9,
 * howing9, subset9): rows 0-8, columns 9-17, boxes 18-26, each house's cells in reading
 * order. Written once here so the searches cannot drift apart. */
#ifndef SUDOKIT_GEOM9_H
#define SUDOKIT_GEOM9_H

/* The k-th cell (0-8) of house h (0-26). */
static inline int geom9_house_cell(int h, int k)
{
    if (h < 9) return h * 9 + k;
    if (h < 18) return k * 9 + h - 9;
    int b = h - 18;
    return (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3;
}

/* GEOM9_CELL_HOUSES[c]: the row (0-8), column (9-17) and box (18-26) of cell c, in that
 * order: a table, since the searches look them up in their inner loops. */
#define GEOM9_ROW(r) {r, 9, 18 + r / 3 * 3}, {r, 10, 18 + r / 3 * 3}, {r, 11, 18 + r / 3 * 3}, \
    {r, 12, 19 + r / 3 * 3}, {r, 13, 19 + r / 3 * 3}, {r, 14, 19 + r / 3 * 3}, \
    {r, 15, 20 + r / 3 * 3}, {r, 16, 20 + r / 3 * 3}, {r, 17, 20 + r / 3 * 3}
static const unsigned char GEOM9_CELL_HOUSES[81][3] = {
    GEOM9_ROW(0), GEOM9_ROW(1), GEOM9_ROW(2), GEOM9_ROW(3), GEOM9_ROW(4),
    GEOM9_ROW(5), GEOM9_ROW(6), GEOM9_ROW(7), GEOM9_ROW(8)
};
#undef GEOM9_ROW

#endif
