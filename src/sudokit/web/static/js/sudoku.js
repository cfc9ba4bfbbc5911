// Pure Sudoku helpers for the page: cells are 0..80 (row-major), digits 1..9, 0 = blank.
// Candidate sets are 9-bit masks (bit d-1 for digit d), as in sudokit.human.

export const CELLS = [...Array(81).keys()];
export const rowOf = (i) => Math.floor(i / 9);
export const colOf = (i) => i % 9;
export const boxOf = (i) => Math.floor(rowOf(i) / 3) * 3 + Math.floor(colOf(i) / 3);
export const cellName = (i) => `r${rowOf(i) + 1}c${colOf(i) + 1}`;

export const PEERS = CELLS.map((i) =>
  CELLS.filter((j) => j !== i && (rowOf(j) === rowOf(i) || colOf(j) === colOf(i) || boxOf(j) === boxOf(i))));

export const HOUSES = {};
for (let k = 0; k < 9; k++) {
  HOUSES[`row ${k + 1}`] = CELLS.filter((i) => rowOf(i) === k);
  HOUSES[`column ${k + 1}`] = CELLS.filter((i) => colOf(i) === k);
  HOUSES[`box ${k + 1}`] = CELLS.filter((i) => boxOf(i) === k);
}

/** Make a jigsaw's regions (9 lists of cells; null: the 3x3 boxes again) the boxes of
 * PEERS and HOUSES, in place, so every user of them follows. */
export function setRegions(regions) {
  const boxes = regions || [...Array(9).keys()].map((k) => CELLS.filter((i) => boxOf(i) === k));
  const regionOf = new Array(81);
  boxes.forEach((cells, k) => { for (const i of cells) regionOf[i] = k; HOUSES[`box ${k + 1}`] = cells.slice(); });
  for (const i of CELLS) {
    PEERS[i] = CELLS.filter((j) => j !== i && (rowOf(j) === rowOf(i) || colOf(j) === colOf(i) || regionOf[j] === regionOf[i]));
  }
}

export const bit = (d) => 1 << (d - 1);
export const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & bit(d));
export const maskOf = (digits) => digits.reduce((m, d) => m | bit(d), 0);

/** 81 digits from an 81-character line ('.' or '0' blank); null when it is not one. */
export function parseLine(text) {
  const s = String(text || "").replace(/\s+/g, "");
  if (!/^[0-9.]{81}$/.test(s)) return null;
  return [...s].map((ch) => (ch === "." ? 0 : Number(ch)));
}

export const toLine = (values) => values.map((v) => (v ? String(v) : ".")).join("");

/** Candidate masks computed from the placed digits alone. */
export function computeCandidates(values) {
  return CELLS.map((i) => {
    if (values[i]) return 0;
    let used = 0;
    for (const p of PEERS[i]) if (values[p]) used |= bit(values[p]);
    return 0x1ff & ~used;
  });
}

/** Cells whose digit repeats in one of its houses. */
export function conflicts(values) {
  const bad = new Set();
  for (const i of CELLS) {
    if (!values[i]) continue;
    for (const p of PEERS[i]) if (values[p] === values[i]) { bad.add(i); bad.add(p); }
  }
  return bad;
}

// Share codes: 81 masks, two base-36 characters each ("00" = none), trailing zeros cut.
export function encodeMasks(masks) {
  const text = masks.map((m) => m.toString(36).padStart(2, "0")).join("");
  return text.replace(/(00)+$/, "");
}

export function decodeMasks(text) {
  const out = new Array(81).fill(0);
  if (!text || !/^[0-9a-z]*$/.test(text)) return out;
  for (let i = 0; i < 81 && 2 * i + 1 < text.length; i++) {
    const m = parseInt(text.slice(2 * i, 2 * i + 2), 36);
    out[i] = Number.isFinite(m) ? m & 0x1ff : 0;
  }
  return out;
}
