// "Watch it think": replay a solver's trace on the board, at a chosen speed.
import { api } from "./api.js";
import { parseLine } from "./sudoku.js";

const $ = (id) => document.getElementById(id);

export class Watcher {
  constructor({ onFrame, status }) {
    this.onFrame = onFrame;
    this.status = status;
    this.timer = null;
    this.paused = false;
    this.trace = null;
  }

  /** Events per second for a slider position 0..100 (1 to ~16,000, exponential). */
  static rate(speed) { return Math.max(1, Math.round(2 ** ((speed / 100) * 14))); }

  setSpeed(speed) { this.perSecond = Watcher.rate(speed); }

  async play(puzzle, solver, speed) {
    this.stop();
    this.setSpeed(speed);
    this.status.textContent = "Asking the solver…";
    try {
      this.trace = await api("trace", { puzzle, solver, max_nodes: 200000 });
    } catch (err) {
      this.status.textContent = err.message;
      return;
    }
    const givens = parseLine(puzzle);
    this.view = { values: givens.slice(), givens: givens.map(Boolean), centre: new Array(81).fill(0), corner: new Array(81).fill(0), now: -1 };
    this.done = 0;
    this.placed = 0;
    this.paused = false;
    this.last = performance.now();
    this.credit = 0;
    $("watch-pause").disabled = false;
    $("watch-stop").disabled = false;
    $("watch-pause").textContent = "Pause";
    this.timer = requestAnimationFrame((t) => this.frame(t));
  }

  frame(now) {
    const events = this.trace.events;
    if (!this.paused) {
      this.credit += ((now - this.last) / 1000) * this.perSecond;
      let n = Math.floor(this.credit);
      this.credit -= n;
      while (n-- > 0 && this.done < events.length) {
        const [cell, digit] = events[this.done++];
        this.view.values[cell] = digit;
        this.view.now = cell;
        if (digit) this.placed += 1;
      }
    }
    this.last = now;
    const unit = this.trace.solver === "logic" ? "placements" : "nodes";
    this.status.textContent = `${this.trace.solver}: ${this.placed.toLocaleString()} of ${this.trace.nodes.toLocaleString()} ${unit}`;
    this.onFrame({ ...this.view, values: this.view.values.slice() });
    if (this.done < events.length) this.timer = requestAnimationFrame((t) => this.frame(t));
    else {
      const ms = this.trace.seconds * 1000;
      const per = this.trace.nodes ? ` (${((ms * 1000) / this.trace.nodes).toFixed(1)} µs each)` : "";
      this.status.textContent += `; the search took ${ms.toFixed(1)} ms${per} — done`;
      $("watch-pause").disabled = true;
    }
  }

  togglePause() {
    this.paused = !this.paused;
    $("watch-pause").textContent = this.paused ? "Resume" : "Pause";
  }

  stop() {
    if (this.timer) cancelAnimationFrame(this.timer);
    this.timer = null;
    this.trace = null;
    $("watch-pause").disabled = true;
    $("watch-stop").disabled = true;
  }
}
