// The player's game: givens, their digits, corner and centre marks, undo/redo, timer.
import { CELLS, PEERS, bit, toLine, encodeMasks, decodeMasks, parseLine } from "./sudoku.js";

const zeros = () => new Array(81).fill(0);

export class Game {
  constructor(givens = zeros()) {
    this.onChange = () => {};
    this.load(givens);
  }

  /** Start a new game on ``givens`` (81 digits). */
  load(givens, { values = null, centre = null, corner = null, seconds = 0 } = {}) {
    this.givens = givens.slice();
    this.values = (values || givens).map((v, i) => givens[i] || v || 0);
    this.centre = centre ? centre.slice() : zeros();
    this.corner = corner ? corner.slice() : zeros();
    this.undoStack = [];
    this.redoStack = [];
    this.seconds = seconds;
    this.onChange("load");
  }

  isGiven(i) { return this.givens[i] !== 0; }
  puzzleLine() { return toLine(this.givens); }
  playerLine() { return toLine(this.values); }
  hasCentreMarks() { return this.centre.some((m, i) => m && !this.values[i]); }
  isEmpty() { return this.givens.every((v) => !v); }

  snapshot() { return { values: this.values.slice(), centre: this.centre.slice(), corner: this.corner.slice() }; }
  restore(s) { this.values = s.values.slice(); this.centre = s.centre.slice(); this.corner = s.corner.slice(); }

  /** Run ``mutate`` as one undoable move (nothing is recorded when nothing changed). */
  change(mutate) {
    const before = this.snapshot();
    mutate();
    if (JSON.stringify(before) === JSON.stringify(this.snapshot())) return false;
    this.undoStack.push(before);
    if (this.undoStack.length > 500) this.undoStack.shift();
    this.redoStack = [];
    this.onChange("move");
    return true;
  }

  setDigit(cell, digit) {
    if (this.isGiven(cell)) return false;
    return this.change(() => {
      this.values[cell] = this.values[cell] === digit ? 0 : digit;
      if (this.values[cell]) {
        for (const p of PEERS[cell]) { this.centre[p] &= ~bit(digit); this.corner[p] &= ~bit(digit); }
      }
    });
  }

  toggleMark(kind, cell, digit) {
    if (this.isGiven(cell) || this.values[cell]) return false;
    const marks = kind === "corner" ? this.corner : this.centre;
    return this.change(() => { marks[cell] ^= bit(digit); });
  }

  clear(cell) {
    if (this.isGiven(cell)) return false;
    return this.change(() => {
      if (this.values[cell]) this.values[cell] = 0;
      else { this.centre[cell] = 0; this.corner[cell] = 0; }
    });
  }

  /** Apply a hint step: its placements, and its eliminations from the centre marks. */
  applyStep(step, computed) {
    return this.change(() => {
      for (const [cell, digit] of step.eliminations || []) {
        if (!this.centre[cell] && computed) this.centre[cell] = computed[cell];
        this.centre[cell] &= ~bit(digit);
      }
      for (const [cell, digit] of step.placements || []) {
        this.values[cell] = digit;
        for (const p of PEERS[cell]) { this.centre[p] &= ~bit(digit); this.corner[p] &= ~bit(digit); }
      }
    });
  }

  fill(values) { return this.change(() => { this.values = values.map((v, i) => this.givens[i] || v); }); }

  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(this.snapshot());
    this.restore(this.undoStack.pop());
    this.onChange("undo");
    return true;
  }

  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(this.snapshot());
    this.restore(this.redoStack.pop());
    this.onChange("redo");
    return true;
  }

  isSolvedBy(solution) { return CELLS.every((i) => this.values[i] === solution[i]); }

  /** The URL hash that restores this game: puzzle, digits, marks and time. */
  toHash() {
    const parts = [`p=${toLine(this.givens)}`];
    const own = this.values.map((v, i) => (this.givens[i] ? 0 : v));
    if (own.some((v) => v)) parts.push(`d=${toLine(own)}`);
    const centre = encodeMasks(this.centre), corner = encodeMasks(this.corner);
    if (centre) parts.push(`c=${centre}`);
    if (corner) parts.push(`k=${corner}`);
    if (this.seconds) parts.push(`t=${Math.floor(this.seconds)}`);
    return "#" + parts.join("&");
  }

  /** Load a game from a URL hash; false when it holds no puzzle. */
  fromHash(hash) {
    const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
    const givens = parseLine(params.get("p"));
    if (!givens) return false;
    const own = parseLine(params.get("d")) || zeros();
    this.load(givens, {
      values: own,
      centre: decodeMasks(params.get("c")),
      corner: decodeMasks(params.get("k")),
      seconds: Math.max(0, Number(params.get("t")) || 0),
    });
    return true;
  }
}
