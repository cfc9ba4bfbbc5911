"""Compare sudokit's HoDoKu-side techniques with a HoDoKu 2.2 run, step by step.

HoDoKu itself is not part of sudokit: build it from its public source in a scratch folder
and run its console batch solver so that it prints, before every step, the candidate grid
in its library format::

    java -Dvgall=1 -cp <hodoku classes> sudoku.Main /c default /bs puzzles.txt /vp /vg l:x /o hodoku.out

(``-Dvgall`` needs a one-line patch of HoDoKu's Main.java so that ``/vg`` prints the grid
before *every* step, not only before the listed types; without it list the types after
``l:``). Then::

    python benchmarks/hodoku_compare.py hodoku.out [--limit N] [--show K] [--jobs J] [--no-steps]

For every HoDoKu step of a technique we implement, it rebuilds HoDoKu's candidate grid and
runs our finder(s) for that technique there. It reports per technique:

* ``found``: HoDoKu's eliminations/placements are among our steps (same deduction);
* ``text``: our step for that deduction prints exactly HoDoKu's line;
* ``first``: our *first* step (the one a path takes) is HoDoKu's step, same line.

and per puzzle HoDoKu's level/score against ``rate(p).hodoku_level``/``.hodoku_score``.

``--path-lines`` compares instead the whole HoDoKu path, :func:`sudokit.human.rating.hodoku_walk`,
with HoDoKu's steps line by line up to the first step whose deduction differs: per technique,
how many of those lines are identical.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from sudokit.human import Candidates, find_steps, rate
from sudokit.human.registry import TECHNIQUE_IDS

#: HoDoKu library code -> our technique ids (the HoDoKu technique of that code).
CODES: dict[str, tuple[str, ...]] = {
    "0000": ("full_house",), "0002": ("hidden_single_box", "hidden_single_line"), "0003": ("naked_single",),
    "0100": ("pointing",), "0101": ("claiming",), "0110": ("locked_pair",), "0111": ("locked_triple",),
    "0200": ("naked_pair",), "0201": ("naked_triple",), "0202": ("naked_quad",), "0210": ("hidden_pair",),
    "0211": ("hidden_triple",), "0212": ("hidden_quad",), "0300": ("x_wing",), "0301": ("swordfish",),
    "0302": ("jellyfish",), "0310": ("finned_x_wing",), "0311": ("finned_swordfish",), "0312": ("finned_jellyfish",),
    "0320": ("sashimi_x_wing",), "0321": ("sashimi_swordfish",), "0322": ("sashimi_jellyfish",),
    "0400": ("skyscraper",), "0401": ("two_string_kite",), "0402": ("empty_rectangle",), "0403": ("turbot_fish",),
    "0500": ("simple_colors_trap",), "0501": ("simple_colors_wrap",), "0502": ("multi_colors_1",),
    "0503": ("multi_colors_2",),
    "0600": ("unique_rectangle_1",), "0601": ("unique_rectangle_2",), "0602": ("unique_rectangle_3",),
    "0603": ("unique_rectangle_4",), "0604": ("unique_rectangle_5",), "0605": ("unique_rectangle_6",),
    "0606": ("hidden_rectangle",), "0607": ("avoidable_rectangle_1",), "0608": ("avoidable_rectangle_2",),
    "0610": ("bug_plus_1",),
    "0701": ("x_chain",), "0702": ("xy_chain",), "0703": ("remote_pair",),
    "0706": ("nice_loop",), "0707": ("nice_loop",), "0708": ("nice_loop",),
    "0709": ("grouped_nice_loop",), "0710": ("grouped_nice_loop",), "0711": ("grouped_nice_loop",),
    "0800": ("xy_wing",), "0801": ("xyz_wing",), "0803": ("w_wing",),
    "0330": ("franken_x_wing",), "0331": ("franken_swordfish",), "0340": ("finned_franken_x_wing",),
    "0341": ("finned_franken_swordfish",), "1301": ("forcing_chain",), "1302": ("forcing_chain",),
    "1303": ("forcing_net",), "1304": ("forcing_net",),
    "0901": ("als_xz",), "0902": ("als_xy_wing",), "0903": ("als_chain",), "0904": ("death_blossom",),
    "1101": ("sue_de_coq",),
}
_PUZZLE = re.compile(r"^([0-9.]{81}) #\d+ (\w+) \((\d+)\)")


def parse_state(givens: str, deleted: str) -> Candidates:
    """A candidate grid from HoDoKu's library fields (``+`` marks a placed, non-given digit)."""
    values: list[int] = []
    givens_set: set[int] = set()
    placed = False
    for ch in givens:
        if ch == "+":
            placed = True
            continue
        values.append(int(ch) if ch.isdigit() else 0)
        if values[-1] and not placed:
            givens_set.add(len(values) - 1)
        placed = False
    state = Candidates.from_state(values, givens=givens_set)
    for item in deleted.split():
        state.eliminate((int(item[1]) - 1) * 9 + int(item[2]) - 1, int(item[0]))
    return state


def cases(path: str) -> Iterator[tuple[str, str, str, int, list[tuple[str, str]]]]:
    """(puzzle, level, score, [(library line, step line), ...]) per puzzle of a HoDoKu output."""
    puzzle = level = ""
    score = 0
    steps: list[tuple[str, str]] = []
    pending = ""
    with open(path, encoding="utf-8", errors="replace") as stream:
        for raw in stream:
            line = raw.rstrip("\n")
            m = _PUZZLE.match(line)
            if m:
                if puzzle:
                    yield puzzle, level, "", score, steps
                puzzle, level, score, steps, pending = m.group(1), m.group(2), int(m.group(3)), [], ""
            elif line.startswith("   :"):
                pending = line.strip()
            elif line.startswith("   ") and pending:
                steps.append((pending, line.strip()))
                pending = ""
    if puzzle:
        yield puzzle, level, "", score, steps


def _rate_one(puzzle: str) -> tuple[str, int, float]:
    """(level, score, CPU seconds) of ``rate(puzzle)``; run in a worker process."""
    t0 = time.process_time()
    r = rate(puzzle)
    return r.hodoku_level, r.hodoku_score, time.process_time() - t0


def _rate_one_hodoku(puzzle: str) -> tuple[str, int, float]:
    """(level, score, CPU seconds) of the HoDoKu path alone (``--hodoku-path``): the same
    numbers as ``rate()`` unless our SE path cannot finish (then ``rate`` raises the level to
    at least Unfair), without the SE path's time."""
    from sudokit.grid import Grid
    from sudokit.human import rating
    from sudokit.human.path import enabled_techniques

    t0 = time.process_time()
    enabled = enabled_techniques(None, True)
    steps, end = rating.hodoku_walk(Grid.parse(puzzle), rating.hodoku_order(enabled))
    score, level = rating._hodoku_numbers(steps, {t.id: t for t in enabled}, end == "solved")
    return level, score, time.process_time() - t0


def _path_lines(args: tuple[str, list[str]]) -> list[tuple[str, bool, str, str]]:
    """(technique name, identical?, HoDoKu's line, ours) for each step of the HoDoKu path
    up to the first step whose deductions differ from HoDoKu's; run in a worker process."""
    from sudokit.grid import Grid
    from sudokit.human import rating
    from sudokit.human.path import enabled_techniques

    puzzle, lines = args
    ours, _end = rating.hodoku_walk(Grid.parse(puzzle), rating.hodoku_order(enabled_techniques(None, True)))
    out = []
    for want, step in zip(lines, ours):
        got = str(step)
        if _deductions(want) != _deductions(got):
            break  # another deduction: the paths part here
        out.append((want.partition(":")[0].partition(" => ")[0], got == want, want, got))
    return out


def _deductions(line: str) -> set[str]:
    """The single candidates a step line sets or removes."""
    rhs = line.partition(" => ")[2] if " => " in line else line.partition(": ")[2]
    return {e for part in rhs.split(", ") for e in _expand(part)}


def _expand(part: str) -> set[str]:
    """``r13c2<>5`` -> {'r1c2<>5', 'r3c2<>5'} (one HoDoKu candidate group, compacted)."""
    m = re.fullmatch(r"r(\d+)c(\d+)(<>|=)(\d)", part.strip())
    if not m:
        return {part.strip()}
    return {f"r{r}c{c}{m.group(3)}{m.group(4)}" for r in m.group(1) for c in m.group(2)}


def path_lines_main(data: list[tuple[str, str, str, int, list[tuple[str, str]]]], jobs: int, show: int) -> int:
    """Print the ``--path-lines`` table."""
    work = [(puzzle, [line for _, line in steps]) for puzzle, _, _, _, steps in data]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_path_lines, work, chunksize=8))
    else:
        results = [_path_lines(w) for w in work]
    total: Counter[str] = Counter()
    same: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    for rows in results:
        for name, ok, want, got in rows:
            total[name] += 1
            same[name] += ok
            if not ok and shown[name] < show:
                shown[name] += 1
                print(f"  HoDoKu: {want}\n  ours:   {got}", file=sys.stderr)
    print(f"{'technique':40} {'lines':>6} {'same':>7}")
    for name in sorted(total):
        print(f"{name:40} {total[name]:6} {100 * same[name] / total[name]:6.1f}%")
    n = sum(total.values())
    print(f"{'all':40} {n:6} {100 * sum(same.values()) / max(n, 1):6.1f}%")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Print the agreement tables (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("hodoku_output")
    ap.add_argument("--limit", type=int, default=0, help="puzzles to read (0 = all)")
    ap.add_argument("--show", type=int, default=3, help="mismatching lines to print per technique")
    ap.add_argument("--no-rate", action="store_true", help="skip the level/score comparison")
    ap.add_argument("--no-steps", action="store_true", help="skip the step-by-step comparison")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for rate() (0 = all cores)")
    ap.add_argument("--codes", default="", help="compare only the steps of these HoDoKu codes (comma-separated)")
    ap.add_argument("--hodoku-path", action="store_true", help="level/score from the HoDoKu path alone (no SE path)")
    ap.add_argument("--path-lines", action="store_true", help="compare the HoDoKu path's lines with HoDoKu's (only that)")
    args = ap.parse_args(argv)
    data = list(cases(args.hodoku_output))
    if args.limit:
        data = data[: args.limit]
    if args.path_lines:
        return path_lines_main(data, args.jobs or os.cpu_count() or 1, args.show)
    rated: list[tuple[str, int, float]] = []
    if not args.no_rate:
        jobs = args.jobs or os.cpu_count() or 1
        puzzles_in = [d[0] for d in data]
        one = _rate_one_hodoku if args.hodoku_path else _rate_one
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                rated = list(pool.map(one, puzzles_in, chunksize=8))
        else:
            rated = [one(p) for p in puzzles_in]
    total: Counter[str] = Counter()
    hits: dict[str, Counter[str]] = {k: Counter() for k in ("found", "text", "first")}
    shown: Counter[str] = Counter()
    levels = scores = puzzles = 0
    times: list[float] = []
    missing_all: Counter[str] = Counter()  # HoDoKu techniques we lack, per puzzle using them
    missing_off: Counter[str] = Counter()  # ... among puzzles whose level or score differs
    for k, (puzzle, level, _, score, steps) in enumerate(data):
        puzzles += 1
        lacking = {text.partition(" => ")[0].partition(":")[0] for lib, text in steps
                   if not any(t in TECHNIQUE_IDS for t in CODES.get(lib.split(":")[1].partition("-")[0], ()))}
        missing_all.update(lacking)
        if not args.no_rate:
            our_level, our_score, seconds = rated[k]
            times.append(seconds)
            levels += our_level == level
            scores += our_score == score
            if our_level != level or our_score != score:
                missing_off.update(lacking)
        for lib, text in () if args.no_steps else steps:
            fields = lib.split(":")
            code = fields[1].partition("-")[0]
            ids = tuple(t for t in CODES.get(code, ()) if t in TECHNIQUE_IDS)
            if not ids or code in ("0000", "0002", "0003") or (args.codes and code not in args.codes.split(",")):
                continue
            name = text.partition(" => ")[0].partition(":")[0]
            total[name] += 1
            state = parse_state(fields[3], fields[4])
            ours = [s for t in ids for s in find_steps(state.copy(), t)]
            want = text.partition(" => ")[2]
            same = [s for s in ours if str(s).partition(" => ")[2] == want]
            hits["found"][name] += bool(same)
            hits["text"][name] += any(str(s) == text for s in same)
            hits["first"][name] += bool(ours) and str(ours[0]) == text
            if not (ours and str(ours[0]) == text) and shown[name] < args.show:
                shown[name] += 1
                print(f"  HoDoKu: {text}\n  ours:   {ours[0] if ours else '-'}\n  match:  {same[0] if same else '-'}", file=sys.stderr)
    print(f"{'technique':40} {'steps':>6} {'found':>7} {'text':>7} {'first':>7}")
    for name in sorted(total):
        n = total[name]
        print(f"{name:40} {n:6} " + " ".join(f"{100 * hits[h][name] / n:6.1f}%" for h in ("found", "text", "first")))
    n = sum(total.values())
    if n:
        print(f"{'all':40} {n:6} " + " ".join(f"{100 * sum(hits[h].values()) / n:6.1f}%" for h in ("found", "text", "first")))
    if puzzles and not args.no_rate:
        print(f"puzzles {puzzles}: HoDoKu level equal {100 * levels / puzzles:.1f}%, score equal {100 * scores / puzzles:.1f}%")
        times.sort()
        print(f"rate() CPU s/puzzle: median {times[len(times) // 2]:.3f}, p90 {times[int(len(times) * 0.9)]:.3f}, max {times[-1]:.3f}")
        off = puzzles - scores
        print(f"HoDoKu techniques we lack (puzzles using them / among the {off} with a different level or score):")
        for name, n in missing_all.most_common():
            print(f"  {name:40} {n:5} {missing_off[name]:5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
