// The board: an ARIA grid of 81 cells, drawn from a "view" (digits, marks, highlights).
import { CELLS, HOUSES, PEERS, cellName, digitsOf, bit, rowOf, colOf } from "./sudoku.js";

const SVG = "http://www.w3.org/2000/svg";

export class Board {
  constructor(root, { onSelect }) {
    this.root = root;
    this.onSelect = onSelect;
    this.selected = 0;
    this.cells = [];
    root.setAttribute("role", "grid");
    root.setAttribute("aria-label", "Sudoku board, 9 rows of 9 cells");
    root.classList.add("board");
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      for (let c = 0; c < 9; c++) row.appendChild(this.makeCell(r * 9 + c));
      root.appendChild(row);
    }
    this.overlay = document.createElementNS(SVG, "svg");
    this.overlay.setAttribute("viewBox", "0 0 900 900");
    this.overlay.setAttribute("aria-hidden", "true");
    this.overlay.classList.add("overlay");
    root.appendChild(this.overlay);
  }

  makeCell(i) {
    const cell = document.createElement("div");
    cell.setAttribute("role", "gridcell");
    cell.dataset.cell = String(i);
    cell.className = "cell";
    if (colOf(i) % 3 === 2 && colOf(i) < 8) cell.classList.add("box-right");
    if (rowOf(i) % 3 === 2 && rowOf(i) < 8) cell.classList.add("box-bottom");
    cell.tabIndex = i === 0 ? 0 : -1;
    cell.innerHTML = '<span class="digit"></span><div class="corner"></div><div class="centre"></div><div class="cands"></div>';
    const cands = cell.querySelector(".cands");
    for (let d = 1; d <= 9; d++) {
      const s = document.createElement("span");
      s.dataset.d = String(d);
      cands.appendChild(s);
    }
    cell.addEventListener("pointerdown", (ev) => { ev.preventDefault(); this.select(i, true); });
    this.cells.push(cell);
    return cell;
  }

  /** Lay a variant's rules (an SVG document from /api/variant, cropped to the grid) over
   * the cells, under the hint links; "" removes it. */
  setLayer(svgText, jigsaw = false) {
    if (this.layer) this.layer.remove();
    this.layer = null;
    this.root.classList.toggle("variant", Boolean(svgText));
    this.root.classList.toggle("jigsaw", Boolean(svgText) && jigsaw);  // the layer draws the regions' borders
    if (!svgText) return;
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.nodeName !== "svg") return;
    for (const el of svg.querySelectorAll("script, foreignObject")) el.remove();  // pictures only
    this.layer = document.importNode(svg, true);
    this.layer.setAttribute("aria-hidden", "true");
    this.root.insertBefore(this.layer, this.overlay);
  }

  select(i, focus = false) {
    this.cells[this.selected].tabIndex = -1;
    this.selected = i;
    this.cells[i].tabIndex = 0;
    if (focus) this.cells[i].focus({ preventScroll: true });
    this.onSelect(i);
  }

  move(dr, dc) {
    const r = (rowOf(this.selected) + dr + 9) % 9, c = (colOf(this.selected) + dc + 9) % 9;
    this.select(r * 9 + c, true);
  }

  /** Draw ``view``: values, givens, centre/corner marks, flags and an optional highlight. */
  render(view) {
    const sel = this.selected;
    const selDigit = view.values[sel];
    const hl = view.highlight || null;
    const roles = new Map((hl && hl.cells) || []);
    const houseCells = new Set(((hl && hl.houses) || []).flatMap((h) => HOUSES[h] || []));
    const elim = new Set(((hl && hl.eliminations) || []).map(([c, d]) => c * 10 + d));
    const place = new Set(((hl && hl.placements) || []).map(([c, d]) => c * 10 + d));
    const patternDigits = new Set((hl && hl.digits) || []);
    for (const i of CELLS) {
      const el = this.cells[i];
      const v = view.values[i];
      el.querySelector(".digit").textContent = v ? String(v) : "";
      const showCands = hl && hl.candidates && !v;
      const candMask = showCands ? hl.candidates[i] : 0;
      el.querySelector(".centre").textContent = !v && !showCands ? digitsOf(view.centre[i]).join("") : "";
      el.querySelector(".corner").textContent = "";
      if (!v && !showCands) {
        for (const d of digitsOf(view.corner[i])) {
          const s = document.createElement("span");
          s.textContent = String(d);
          el.querySelector(".corner").appendChild(s);
        }
      }
      for (const s of el.querySelectorAll(".cands span")) {
        const d = Number(s.dataset.d);
        const on = Boolean(candMask & bit(d));
        s.textContent = on ? String(d) : "";
        s.className = !on ? "" : elim.has(i * 10 + d) ? "elim" : place.has(i * 10 + d) ? "place"
          : roles.has(i) && patternDigits.has(d) ? "pattern" : "";
      }
      const classes = {
        given: view.givens[i], user: v && !view.givens[i], selected: i === sel && !hl,
        peer: !hl && PEERS[sel].includes(i), same: !hl && selDigit && v === selDigit,
        mistake: view.mistakes && view.mistakes.has(i), conflict: view.conflicts && view.conflicts.has(i),
        house: houseCells.has(i), placed: [...place].some((k) => Math.floor(k / 10) === i),
        "has-cands": Boolean(showCands), "trace-now": view.now === i,
      };
      for (const [name, on] of Object.entries(classes)) el.classList.toggle(name, Boolean(on));
      el.dataset.role = roles.get(i) || "";
      el.setAttribute("aria-label", this.label(i, view, roles.get(i)));
      el.setAttribute("aria-selected", String(i === sel));
    }
    this.drawLinks((hl && hl.links) || []);
  }

  label(i, view, role) {
    const v = view.values[i];
    let text = `${cellName(i)}, ${v || "empty"}`;
    if (v && view.givens[i]) text += ", given";
    if (!v && view.centre[i]) text += `, candidates ${digitsOf(view.centre[i]).join(" ")}`;
    if (view.mistakes && view.mistakes.has(i)) text += ", wrong";
    if (view.conflicts && view.conflicts.has(i)) text += ", clashes";
    if (role) text += `, hint: ${role}`;
    return text;
  }

  drawLinks(links) {
    this.overlay.replaceChildren();
    const at = (cell, d) => [colOf(cell) * 100 + ((d - 1) % 3) * 33.3 + 16.7, rowOf(cell) * 100 + Math.floor((d - 1) / 3) * 33.3 + 16.7];
    for (const [[c1, d1], [c2, d2], strong] of links) {
      const [x1, y1] = at(c1, d1), [x2, y2] = at(c2, d2);
      const line = document.createElementNS(SVG, "line");
      Object.entries({ x1, y1, x2, y2 }).forEach(([k, val]) => line.setAttribute(k, String(val)));
      line.setAttribute("class", strong ? "link strong" : "link weak");
      this.overlay.appendChild(line);
    }
  }
}
