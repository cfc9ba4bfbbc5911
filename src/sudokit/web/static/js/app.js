// The single-page app: wires the board, the player's game and the API together.
import { api } from "./api.js";
import { Board } from "./board.js";
import { Game } from "./game.js";
import { CELLS, PEERS, bit, computeCandidates, conflicts, parseLine, cellName, setRegions } from "./sudoku.js";
import { Watcher } from "./watch.js";

const $ = (id) => document.getElementById(id);
const EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const game = new Game();
const ui = {
  mode: "normal",
  mistakes: new Set(),
  conflicts: new Set(),
  hint: null, // {level, data}
  explain: null, // {path, index}
  watch: null, // a view drawn by "watch it think"
  solution: null,
  variant: null, // {source, rules}: the pasted variant puzzle (the API gets its source, the board its layer)
};
const board = new Board($("board"), { onSelect: () => draw() });
const watcher = new Watcher({ onFrame: (view) => { ui.watch = view; draw(); }, status: $("watch-status") });

// ------------------------------------------------------------------ drawing
function draw() {
  if (ui.watch) return board.render(ui.watch);
  if (ui.explain) return board.render(explainView());
  const view = {
    values: game.values,
    givens: game.givens.map(Boolean),
    centre: game.centre,
    corner: game.corner,
    mistakes: ui.mistakes,
    conflicts: new Set([...conflicts(game.values)].filter((i) => !game.isGiven(i) || ui.conflicts.has(i))),
    highlight: ui.hint ? hintHighlight(ui.hint.data) : null,
  };
  board.render(view);
  $("undo").disabled = !game.undoStack.length;
  $("redo").disabled = !game.redoStack.length;
}

/** The puzzle as the API reads it: the variant's own text, else the classic givens. */
const puzzleText = () => (ui.variant ? ui.variant.source : game.puzzleLine());

/** The URL hash that restores the game (a variant's source rides along as v=). */
const gameHash = () => game.toHash() + (ui.variant ? `&v=${encodeURIComponent(ui.variant.source)}` : "");

/** Hints, explanations and "watch it think" are classic-only: say so for a variant. */
function classicOnly(what) {
  if (!ui.variant) return false;
  say(`${what} work on classic Sudoku only; this is a variant (${ui.variant.rules.join(", ")}): Check and Solve work.`, "bad");
  return true;
}

function say(text, tone = "") {
  const m = $("message");
  m.textContent = text;
  m.className = `message ${tone}`;
}

function playerCandidates() {
  const computed = computeCandidates(game.values);
  return CELLS.map((i) => (game.values[i] ? 0 : game.centre[i] || computed[i]));
}

/** The houses a hint's text names ("box 2", "rows 1 and 4", "column 3"). */
function housesNamed(text) {
  const out = [];
  for (const m of text.matchAll(/\b(row|column|box)(?:es|s)?\s+(\d(?:(?:, | and )\d)*)/g)) {
    for (const n of m[2].match(/\d/g)) out.push(`${m[1]} ${n}`);
  }
  return out;
}

function hintHighlight(data) {
  // Level 1 only says where to look: tint the houses the text names, never a cell.
  if (data.level === 1) return { cells: [], houses: housesNamed(data.text), placements: [], eliminations: [], links: [], digits: [], candidates: null };
  const step = data.step || {};
  const cells = (step.cells && step.cells.length ? step.cells : data.cells.map((c) => [c, data.kind === "mistake" ? "fin" : "base"]));
  return {
    cells,
    houses: step.houses || [],
    placements: step.placements || [],
    eliminations: step.eliminations || [],
    links: step.links || [],
    digits: step.digits || data.digits || [],
    candidates: data.level >= 2 && data.kind === "step" ? playerCandidates() : null,
  };
}

// ------------------------------------------------------------------ entering digits
function enter(digit) {
  if (ui.explain || ui.watch) return;
  const cell = board.selected;
  if (digit === 0) game.clear(cell);
  else if (ui.mode === "normal") game.setDigit(cell, digit);
  else game.toggleMark(ui.mode, cell, digit);
}

function setMode(mode) {
  ui.mode = mode;
  for (const b of document.querySelectorAll(".modes button")) b.setAttribute("aria-checked", String(b.dataset.mode === mode));
}

const MODES = ["normal", "corner", "centre"];

function onKey(ev) {
  if (ev.target.closest("input, textarea, select, dialog")) return;
  const key = ev.key;
  const ctrl = ev.ctrlKey || ev.metaKey;
  const digitMatch = /^Digit([1-9])$/.exec(ev.code) || /^Numpad([1-9])$/.exec(ev.code);
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[key]) { board.move(...moves[key]); ev.preventDefault(); return; }
  if (ctrl && (key === "z" || key === "Z")) { (ev.shiftKey ? game.redo() : game.undo()); ev.preventDefault(); return; }
  if (ctrl && (key === "y" || key === "Y")) { game.redo(); ev.preventDefault(); return; }
  if (digitMatch) {
    const d = Number(digitMatch[1]);
    if (ui.explain || ui.watch) return;
    if (ev.shiftKey) game.toggleMark("corner", board.selected, d);
    else if (ctrl || ev.altKey) game.toggleMark("centre", board.selected, d);
    else enter(d);
    ev.preventDefault();
    return;
  }
  if (ctrl || ev.altKey) return;
  if (key === "Backspace" || key === "Delete" || key === "0") { enter(0); ev.preventDefault(); }
  else if (key === "n" || key === "N") setMode("normal");
  else if (key === "c" || key === "C") setMode("corner");
  else if (key === "v" || key === "V") setMode("centre");
  else if (key === " " && ev.target.closest(".board")) { setMode(MODES[(MODES.indexOf(ui.mode) + 1) % 3]); ev.preventDefault(); }
  else if (key === "h" || key === "H") hint();
  else if (key === "Escape") { closeHint(); closeExplain(); }
}

// ------------------------------------------------------------------ game life cycle
game.onChange = (why) => {
  if (why !== "load") { ui.mistakes.clear(); if (ui.hint) closeHint(); }
  history.replaceState(null, "", gameHash());
  draw();
  if (ui.solution && game.isSolvedBy(ui.solution) && why === "move") say(`Solved in ${clock()}!`, "good");
};

function stopWatch() {
  watcher.stop();
  ui.watch = null;
}

async function startPuzzle(givens, options = {}) {
  stopWatch();
  closeHint(); closeExplain();
  ui.variant = options.variant || null;
  const jigsaw = Boolean(ui.variant && ui.variant.rules.includes("jigsaw"));
  setRegions(jigsaw ? ui.variant.regions : null);
  board.setLayer(ui.variant ? ui.variant.overlay : "", jigsaw);
  ui.mistakes.clear(); ui.conflicts.clear(); ui.solution = null;
  if (options.fromHash) game.fromHash(options.fromHash);
  else game.load(givens);
  $("rating").textContent = "";
  board.select(board.selected);
  try {
    const solved = await api("solve", { puzzle: puzzleText() });
    ui.solution = parseLine(solved.solution);
    if (ui.variant) $("rating").textContent = `variant: ${ui.variant.rules.join(", ")}`;
    else showRating(options.rating || (await api("rate", { puzzle: game.puzzleLine() })));
  } catch (err) {
    $("rating").textContent = err.type === "MultipleSolutionsError" ? "several solutions" : "";
  }
}

function showRating(r) {
  $("rating").textContent = `${r.band} · SE ${r.se.toFixed(1)} · HoDoKu ${r.hodoku_level}${r.solved_logically ? "" : " (needs more than logic)"}`;
}

function clock() {
  const s = Math.floor(game.seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

setInterval(() => {
  if (document.hidden || game.isEmpty() || (ui.solution && game.isSolvedBy(ui.solution))) return;
  game.seconds += 1;
  $("timer").textContent = clock();
}, 1000);

// ------------------------------------------------------------------ hints
async function hint() {
  if (ui.explain || ui.watch || classicOnly("Hints")) return;
  const level = ui.hint ? Math.min(3, ui.hint.level + 1) : 1;
  const body = { puzzle: game.puzzleLine(), digits: game.playerLine(), level };
  if (game.hasCentreMarks()) body.pencil_marks = game.centre.map((m, i) => (game.values[i] ? "" : digitsText(m)));
  try {
    const data = await api("hint", body);
    ui.hint = { level, data };
    $("hint-panel").hidden = false;
    $("hint-text").textContent = data.text;
    $("hint-more").hidden = level >= 3;
    $("hint-apply").hidden = !(level === 3 && data.step && data.step.placements);
    if (data.kind === "mistake" && level === 3) for (const c of data.cells) ui.mistakes.add(c);
    say("");
    draw();
  } catch (err) { say(err.message, "bad"); }
}

const digitsText = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & bit(d)).join("");

function closeHint() {
  ui.hint = null;
  $("hint-panel").hidden = true;
  draw();
}

function applyHint() {
  if (!ui.hint || !ui.hint.data.step) return;
  const step = ui.hint.data.step;
  closeHint();
  game.applyStep(step, computeCandidates(game.values));
}

// ------------------------------------------------------------------ check and solve
async function check() {
  try {
    const data = await api("check", { puzzle: puzzleText(), digits: game.playerLine() });
    ui.mistakes = new Set(data.mistakes || []);
    ui.conflicts = new Set(data.conflicts || []);
    draw();
    const wrong = ui.mistakes.size;
    if (data.solved) say("Solved: every digit is right!", "good");
    else if (!data.unique) say(data.solutions ? "This puzzle has several solutions, so mistakes cannot be told." : "This puzzle has no solution.", "bad");
    else if (wrong) say(`${wrong} mistake${wrong > 1 ? "s" : ""}: ${[...ui.mistakes].map(cellName).join(", ")}`, "bad");
    else say(`No mistakes so far (${data.filled} of 81 cells filled).`, "good");
  } catch (err) { say(err.message, "bad"); }
}

async function solve() {
  try {
    const data = await api("solve", { puzzle: puzzleText(), first: true });
    game.fill(parseLine(data.solution));
    say(data.unique ? "Solved." : "One of several solutions.", "good");
  } catch (err) { say(err.message, "bad"); }
}

// ------------------------------------------------------------------ explain
async function explain() {
  if (classicOnly("Explanations")) return;
  stopWatch();
  closeHint();
  try {
    const path = await api("explain", { puzzle: game.puzzleLine(), fallback: true });
    ui.explain = { path, index: 0, states: replay(path) };
    $("explain-panel").hidden = false;
    $("step-total").textContent = String(path.steps.length);
    showStep();
  } catch (err) { say(err.message, "bad"); }
}

/** The board before each step: digits and candidate masks, replayed from the puzzle. */
function replay(path) {
  const values = parseLine(path.puzzle);
  let cands = computeCandidates(values);
  const states = [];
  for (const step of path.steps) {
    states.push({ values: values.slice(), cands: cands.slice() });
    for (const [c, d] of step.eliminations) cands[c] &= ~bit(d);
    for (const [c, d] of step.placements) {
      values[c] = d; cands[c] = 0;
      for (const p of PEERS[c]) cands[p] &= ~bit(d);
    }
  }
  states.push({ values: values.slice(), cands });
  return states;
}

function explainView() {
  const { path, index, states } = ui.explain;
  const state = states[index];
  const step = path.steps[index];
  return {
    values: state.values, givens: parseLine(path.puzzle).map(Boolean), centre: new Array(81).fill(0), corner: new Array(81).fill(0),
    highlight: step ? { ...step, candidates: state.cands } : null,
  };
}

function showStep() {
  const { path, index } = ui.explain;
  const step = path.steps[index];
  $("step-index").textContent = String(Math.min(index + 1, path.steps.length));
  $("step-text").textContent = step ? step.text : `-- ${path.message}`;
  $("step-why").textContent = step ? step.why : "";
  $("step-prev").disabled = index === 0;
  $("step-next").disabled = index >= path.steps.length;
  draw();
}

function closeExplain() {
  ui.explain = null;
  $("explain-panel").hidden = true;
  draw();
}

// ------------------------------------------------------------------ generate, paste, share, print
async function generate(ev) {
  ev.preventDefault();
  const button = $("generate");
  button.disabled = true;
  say("Generating…");
  try {
    const data = await api("generate", { difficulty: $("difficulty").value, symmetry: $("symmetry").value });
    await startPuzzle(parseLine(data.puzzle), { rating: data.rating });
    say(`New ${data.rating.band} puzzle, ${data.clues} clues (seed ${data.seed}).`, "good");
  } catch (err) { say(err.message, "bad"); }
  button.disabled = false;
}

async function loadText(text) {
  const data = await api("variant", { puzzle: text });
  if (data.classic) {
    const line = await api("convert", { puzzle: text, to: "line" });
    await startPuzzle(parseLine(line.text.trim()));
    say("Puzzle loaded.", "good");
    return;
  }
  if (!data.playable) {
    throw new Error(`This board plays 9x9 grids (3x3 boxes or jigsaw); this puzzle (size ${data.size}, ${data.rules.join(", ")}) `
      + "can be solved, counted, checked and rendered through the API.");
  }
  await startPuzzle(parseLine(data.puzzle), { variant: variantOf(text.trim(), data) });
  say(`Variant loaded: ${data.rules.join(", ")}.`, "good");
}

/** The page's record of a variant: its text for the API, its rules, layer and regions. */
const variantOf = (source, data) => ({ source, rules: data.rules, overlay: data.overlay, regions: data.regions });

/** Restore a shared game; a variant's source (v=) is read back through the API first. */
async function startFromHash(hash) {
  const source = new URLSearchParams(hash.slice(1)).get("v");
  let variant = null;
  if (source) {
    try {
      const data = await api("variant", { puzzle: source });
      if (!data.classic && data.playable) variant = variantOf(source, data);
    } catch (err) { say(err.message, "bad"); }
  }
  await startPuzzle(null, { fromHash: hash, variant });
}

function openLoad() {
  $("load-error").textContent = "";
  $("load-dialog").showModal();
  $("load-text").focus();
}

async function submitLoad(ev) {
  ev.preventDefault();
  try {
    await loadText($("load-text").value);
    $("load-dialog").close();
  } catch (err) { $("load-error").textContent = err.message; }
}

function share() {
  const url = location.origin + location.pathname + game.toHash();
  $("share-panel").hidden = false;
  $("share-url").value = url;
  $("share-url").select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => say("Link copied."), () => {});
}

function toggleTheme() {
  const dark = document.documentElement.dataset.theme !== "dark";
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  try { localStorage.setItem("sudokit-theme", dark ? "dark" : "light"); } catch { /* private mode */ }
}

function setupDrop() {
  const el = $("board");
  el.addEventListener("dragover", (ev) => { ev.preventDefault(); el.classList.add("drop"); });
  el.addEventListener("dragleave", () => el.classList.remove("drop"));
  el.addEventListener("drop", async (ev) => {
    ev.preventDefault();
    el.classList.remove("drop");
    const file = ev.dataTransfer.files[0];
    const text = file ? await file.slice(0, 60000).text() : ev.dataTransfer.getData("text");
    try { await loadText(text); } catch (err) { say(err.message, "bad"); }
  });
}

// ------------------------------------------------------------------ start
function wire() {
  document.addEventListener("keydown", onKey);
  for (const b of document.querySelectorAll(".pad button[data-digit]")) b.addEventListener("click", () => enter(Number(b.dataset.digit)));
  for (const b of document.querySelectorAll(".modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
  const on = (id, fn) => $(id).addEventListener("click", fn);
  on("undo", () => game.undo()); on("redo", () => game.redo());
  on("hint", hint); on("hint-more", hint); on("hint-close", closeHint); on("hint-apply", applyHint);
  on("check", check); on("solve", solve); on("share", share); on("load", openLoad);
  on("explain", explain); on("explain-close", closeExplain);
  on("step-prev", () => { ui.explain.index -= 1; showStep(); });
  on("step-next", () => { ui.explain.index += 1; showStep(); });
  on("theme", toggleTheme); on("print", () => window.print());
  on("load-cancel", () => $("load-dialog").close());
  $("load-form").addEventListener("submit", submitLoad);
  $("generate-form").addEventListener("submit", generate);
  $("watch-form").addEventListener("submit", (ev) => {
    ev.preventDefault(); closeHint(); closeExplain();
    if (classicOnly("Watch it think and the teaching solvers")) return;
    watcher.play(game.puzzleLine(), $("watch-solver").value, Number($("watch-speed").value));
  });
  $("watch-speed").addEventListener("input", () => watcher.setSpeed(Number($("watch-speed").value)));
  on("watch-pause", () => watcher.togglePause());
  on("watch-stop", () => { stopWatch(); draw(); });
  window.addEventListener("hashchange", () => { if (location.hash !== gameHash()) startFromHash(location.hash); });
  setupDrop();
}

try {
  const theme = localStorage.getItem("sudokit-theme");
  if (theme) document.documentElement.dataset.theme = theme;
  else if (matchMedia("(prefers-color-scheme: dark)").matches) document.documentElement.dataset.theme = "dark";
} catch { /* no storage */ }
wire();
if (location.hash && parseLine(new URLSearchParams(location.hash.slice(1)).get("p"))) startFromHash(location.hash);
else startPuzzle(parseLine(EXAMPLE));
document.body.dataset.ready = "true";
