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

#endif
