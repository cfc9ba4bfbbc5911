#!/usr/bin/env python3
"""Solving speed of the sudokit kernel, per data set (GitHub issue 3).

    python benchmarks/bench_solve.py            # a few minutes
    python benchmarks/bench_solve.py --quick    # smoke run, well under a minute

Every puzzle is solved with a uniqueness check (count with limit 2), through
``_core.solve_batch`` on one bytes buffer of 81*n characters, as in the issue's
reference figures.  Reported per data set, as medians of repeated runs in this process:
µs/puzzle and puzzles/s for the C core with 1 thread and with 2 threads (two Python
threads each calling solve_batch on one half of the buffer), the pure-Python twin
``_pycore`` on a small sample, guesses per puzzle, and ratios: against the Python twin,
2 threads against 1, and against the tdoku figures quoted in issue 3.

Data sets are read from ../shared/data (next to the repository); when that folder is
missing the benchmark says so and skips them.  The "multi" set (34-35 clues, several
solutions) is generated here from solved grids with a fixed seed.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import sudokit  # noqa: E402
from sudokit import _backend, _pycore  # noqa: E402

try:
    from sudokit import _core  # type: ignore[attr-defined]  # noqa: E402
except ImportError as exc:  # pragma: no cover - depends on the build
    sys.exit(f"bench_solve: sudokit._core is not built ({exc}); run `python setup.py build_ext --inplace`")

DATA = Path(os.environ.get("SUDOKIT_DATA") or ROOT.parent / "shared" / "data")

# tdoku µs/puzzle (limit 2, 1 thread) as quoted in issue 3 for this machine class.
TDOKU_ISSUE = {"17_clue": 3.5, "top1465": 10.0, "hardest_1905_11+": 59.0, "hardest_1106": 95.0, "multi_34_35": 2.7}

# name, file, sample size (default run), sample size (--quick), Python-twin sample size
SETS = [
    ("17_clue", "puzzles2_17_clue", None, 5000, 50),
    ("top1465", "puzzles3_magictour_top1465", None, 300, 20),
    ("hardest_1905_11+", "puzzles5_forum_hardest_1905_11+", 10000, 500, 6),
    ("hardest_1106", "puzzles6_forum_hardest_1106", None, 100, 4),
]


def read_puzzles(path: Path) -> list[bytes]:
    out = []
    with open(path, "rb") as stream:
        for line in stream:
            line = line.strip()
            if len(line) >= 81 and not line.startswith(b"#"):
                out.append(line[:81])
    return out


def sample(puzzles: list[bytes], n: int | None, seed: int = 1) -> list[bytes]:
    if n is None or n >= len(puzzles):
        return puzzles
    return random.Random(seed).sample(puzzles, n)


def multi_solution_set(n: int, seed: int = 2024) -> list[bytes]:
    """34-35-clue puzzles with several solutions: solved grids with givens removed."""
    rng = random.Random(seed)
    base = b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    grid = bytearray(_core.solve(base, 1)[1])
    out = []
    while len(out) < n:
        relabel = list(range(1, 10))
        rng.shuffle(relabel)
        cells = bytes(48 + relabel[ch - 49] for ch in grid)
        keep = set(rng.sample(range(81), rng.choice((34, 35))))
        puzzle = bytes(ch if i in keep else 46 for i, ch in enumerate(cells))
        if _core.solve(puzzle, 2)[0] == 2:  # keep only puzzles with several solutions
            out.append(puzzle)
    return out


def random_grid(rng: random.Random) -> bytes:
    """A random full grid from the kernel's fill, fed by ``rng`` (as sudokit.generate does)."""
    words = 64
    while True:
        used, grid = _core.fill(rng.getrandbits(32 * words).to_bytes(4 * words, "little"))
        if used >= 0:
            return grid
        words *= 2


def multi_generated_set(n: int, seed: int = 3035) -> list[bytes]:
    """``n`` puzzles of 30-35 clues with several solutions, each from its own random grid.

    The kind of input a generator or uniqueness checker feeds a solver all day: a random
    grid (``_core.fill``), a random 30-35 of its cells kept, kept only if the count at
    limit 2 is 2.  Seeded, so every run (and every solver) sees the same puzzles."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        grid = random_grid(rng)
        keep = set(rng.sample(range(81), rng.randint(30, 35)))
        puzzle = bytes(ch if i in keep else 46 for i, ch in enumerate(grid))
        if _core.solve(puzzle, 2)[0] == 2:
            out.append(puzzle)
    return out


def dense_unique_set(puzzles17: list[bytes], n: int, seed: int = 3518) -> list[bytes]:
    """``n`` dense unique puzzles: a 17-clue puzzle plus 18 random cells of its solution (35 clues)."""
    rng = random.Random(seed)
    out = []
    for puzzle in rng.sample(puzzles17, min(n, len(puzzles17))):
        solution = _core.solve(puzzle, 1)[1]
        blanks = [i for i, ch in enumerate(puzzle) if ch in b".0"]
        add = set(rng.sample(blanks, 18))
        out.append(bytes(solution[i] if i in add else (puzzle[i] if puzzle[i] != 48 else 46) for i in range(81)))
    return out


def time_batch(buf: bytes, threads: int) -> tuple[float, int, array]:
    """Wall time of solving buf (limit 2) split over `threads` Python threads."""
    n = len(buf) // 81
    solutions, counts = bytearray(len(buf)), array("I", bytes(4 * n))
    sol_view, cnt_view = memoryview(solutions), memoryview(counts).cast("B")
    bounds = [n * k // threads for k in range(threads + 1)]
    guesses = [0] * threads

    def work(k: int) -> None:
        a, b = bounds[k], bounds[k + 1]
        guesses[k] = _core.solve_batch(buf[81 * a : 81 * b], sol_view[81 * a : 81 * b], cnt_view[4 * a : 4 * b], 2)

    if threads == 1:
        start, cpu = time.perf_counter(), time.thread_time()
        work(0)
        wall, cpu = time.perf_counter() - start, time.thread_time() - cpu
        time_batch.last_cpu = cpu  # type: ignore[attr-defined]
        return wall, guesses[0], counts
    pool = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    start = time.perf_counter()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return time.perf_counter() - start, sum(guesses), counts


def median_time(buf: bytes, threads: int, repeats: int) -> tuple[float, int, array]:
    runs = [time_batch(buf, threads) for _ in range(repeats)]
    return statistics.median(r[0] for r in runs), runs[0][1], runs[0][2]


def median_cpu_1t(buf: bytes, repeats: int) -> float:
    """Median CPU time of the calling thread for one solve_batch over buf (ignores time
    spent waiting for a core, so it is steadier than wall time on a shared machine)."""
    runs = []
    for _ in range(repeats):
        time_batch(buf, 1)
        runs.append(time_batch.last_cpu)  # type: ignore[attr-defined]
    return statistics.median(runs)


def time_solve_many(buf: bytes, threads: int, repeats: int) -> float:
    """Median wall time of the public API, sudokit.solve_many(buffer, unique=True)."""
    runs = []
    with _backend.use("c"):
        for _ in range(repeats):
            start = time.perf_counter()
            sudokit.solve_many(buf, unique=True, threads=threads)
            runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def time_python(puzzles: list[bytes]) -> float:
    start = time.perf_counter()
    for p in puzzles:
        _pycore.solve(p, 2)
    return (time.perf_counter() - start) / len(puzzles)


def call_overhead(puzzles: list[bytes], repeats: int) -> float:
    """µs one `_core.solve` call costs above the per-puzzle batch time."""
    buf = b"".join(puzzles)
    runs = []
    for _ in range(repeats):  # CPU time of this thread: steady on a shared machine
        start = time.thread_time()
        for p in puzzles:
            _core.solve(p, 2)
        single = time.thread_time() - start
        time_batch(buf, 1)
        runs.append((single - time_batch.last_cpu) / len(puzzles) * 1e6)  # type: ignore[attr-defined]
    return statistics.median(runs)


def time_tdoku(binary: Path, puzzles: list[bytes]) -> tuple[float, float]:
    """(µs/puzzle, guesses/puzzle) of tdoku's own run_benchmark on the same puzzles (limit 2).

    tdoku is not part of sudokit; pass the path of a run_benchmark you built yourself."""
    with tempfile.NamedTemporaryFile("wb", suffix=".txt") as tmp:
        tmp.write(b"".join(p + b"\n" for p in puzzles))
        tmp.flush()
        out = subprocess.run([str(binary), "-s", "tdoku", "-t", "3", "-w", "1", tmp.name],
                             capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 5 and cells[1].startswith("tdoku"):
            return float(cells[3].replace(",", "")), float(cells[5])
    raise RuntimeError(f"could not read tdoku's output:\n{out}")


def cpu_batch_us(buf: bytes, limit: int, repeats: int) -> float:
    """Median CPU µs/puzzle of one `_core.solve_batch` over buf at `limit` (this thread only)."""
    n = len(buf) // 81
    solutions, counts = bytearray(len(buf)), array("I", bytes(4 * n))
    runs = []
    for _ in range(repeats):
        start = time.thread_time()
        _core.solve_batch(buf, solutions, counts, limit)
        runs.append((time.thread_time() - start) / n * 1e6)
    return statistics.median(runs)


def time_other(binary: Path, solver: str, path: Path, limit: int) -> float:
    """CPU µs/puzzle of `solver` (tdoku, fsss2) in tdoku's run_benchmark on the file at `path`.

    run_benchmark reports wall µs/puzzle; on a shared machine that includes time spent
    waiting for a core, so it is scaled by the child's (user+sys)/elapsed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    cmd = [str(binary), "-s", solver, "-t", "2", "-w", "1"] + (["-f"] if limit == 1 else []) + [str(path)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 5 and cells[1].split()[:1] == [solver]:
            return float(cells[3].replace(",", "").replace("'", "")) * min(1.0, cpu / elapsed)
    raise RuntimeError(f"could not read {solver}'s output:\n{out}")


def versus(binary: Path, sets: list[tuple[str, list[bytes]]], repeats: int, rounds: int = 3) -> None:
    """Issue 14's table: CPU µs/puzzle of our kernel, tdoku and fsss2 at limits 1 and 2,
    the three alternating `rounds` times per set so that all see the same machine load."""
    print("| data set | puzzles | limit | ours CPU µs | tdoku CPU µs | fsss2 CPU µs | ours / tdoku | ours / fsss2 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, puzzles in sets:
        buf = b"".join(puzzles)
        with tempfile.NamedTemporaryFile("wb", suffix=".txt") as tmp:
            tmp.write(b"".join(p + b"\n" for p in puzzles))
            tmp.flush()
            for limit in (2, 1):
                ours, tdoku, fsss2 = [], [], []
                for _ in range(rounds):
                    ours.append(cpu_batch_us(buf, limit, repeats))
                    tdoku.append(time_other(binary, "tdoku", Path(tmp.name), limit))
                    fsss2.append(time_other(binary, "fsss2", Path(tmp.name), limit))
                o, t, f = (statistics.median(x) for x in (ours, tdoku, fsss2))
                print(f"| {name} | {len(puzzles):,} | {limit} | {o:.2f} | {t:.2f} | {f:.2f} | {o / t:.2f} | {o / f:.2f} |",
                      flush=True)


def cpu_flags() -> str:
    """The CPU flags that matter to the solvers compared here."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return "unknown"
    flags = next((line.split(":", 1)[1].split() for line in text.splitlines() if line.startswith("flags")), [])
    family = next((line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("cpu family")), "?")
    wanted = ["popcnt", "bmi2", "avx2", "avx512f", "avx512bitalg"]
    return f"family {family}; " + " ".join(f for f in wanted if f in flags)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def row(name: str, puzzles: list[bytes], py_n: int, repeats: int, tdoku: Path | None) -> list[str]:
    buf = b"".join(puzzles)
    n = len(puzzles)
    t1, guesses, counts = median_time(buf, 1, repeats)
    t2, _, _ = median_time(buf, 2, repeats)
    unique = sum(1 for c in counts if c == 1)
    us1, us2 = t1 / n * 1e6, t2 / n * 1e6
    cpu1 = median_cpu_1t(buf, repeats) / n * 1e6
    api1 = time_solve_many(buf, 1, repeats) / n * 1e6
    api2 = time_solve_many(buf, 2, repeats) / n * 1e6
    py_us = time_python(puzzles[:py_n]) * 1e6 if py_n else float("nan")
    ref = TDOKU_ISSUE.get(name)
    cells = [
        name, f"{n:,}", f"{us1:.2f}", f"{cpu1:.2f}", f"{n / t1:,.0f}", f"{us2:.2f}", f"{n / t2:,.0f}", f"{t1 / t2:.2f}x",
        f"{api1:.2f}", f"{api2:.2f}", f"{py_us:,.0f} (n={py_n})", f"{py_us / us1:,.0f}x", f"{guesses / n:.1f}", f"{unique / n:.0%}",
        f"{ref:g}" if ref else "-", f"{us1 / ref:.2f}" if ref else "-",
    ]
    if tdoku:  # alternate tdoku and our core 3 times, so both see the same machine load
        td_runs, our_runs = [], []
        for _ in range(3):
            td_runs.append(time_tdoku(tdoku, puzzles))
            our_runs.append(median_time(buf, 1, repeats)[0] / n * 1e6)
        td_us = statistics.median(r[0] for r in td_runs)
        cells += [f"{td_us:.2f}", f"{td_runs[0][1]:.1f}", f"{statistics.median(our_runs) / td_us:.2f}"]
    return cells


HEADER = [
    "data set", "puzzles", "C 1T µs/puzzle", "C 1T CPU µs/puzzle", "C 1T puzzles/s", "C 2T µs/puzzle", "C 2T puzzles/s", "2T/1T",
    "solve_many 1T µs", "solve_many 2T µs", "Python twin µs/puzzle", "C vs twin", "guesses/puzzle", "unique", "tdoku µs (issue 3)", "C 1T / issue tdoku",
]
TDOKU_HEADER = ["tdoku µs (measured here)", "tdoku guesses", "C 1T / tdoku here"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small samples and few repeats (smoke run)")
    parser.add_argument("--repeats", type=int, default=None, help="timed runs per measurement (median kept)")
    parser.add_argument("--data", type=Path, default=DATA, help=f"data folder (default {DATA})")
    parser.add_argument("--write-multi", type=Path, metavar="FILE",
                        help="also write the generated multi_34_35 puzzles to FILE (to time other solvers on them)")
    parser.add_argument("--versus", type=Path, metavar="RUN_BENCHMARK",
                        help="only the issue-14 table: our kernel against tdoku and fsss2 (from a run_benchmark "
                             "built with -DFSSS2=ON) at limits 1 and 2, CPU time, on every set")
    parser.add_argument("--tdoku-bin", type=Path, metavar="RUN_BENCHMARK",
                        help="an already built tdoku run_benchmark binary: time it side by side on the same puzzles")
    args = parser.parse_args(argv)
    repeats = args.repeats or (3 if args.quick else 7)

    print(f"# bench_solve.py{' --quick' if args.quick else ''}: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"# CPU: {cpu_model()}; Python {platform.python_version()}; kernel features: {_core.features()}")
    print(f"# limit 2 (solve + uniqueness check); medians of {repeats} runs\n")
    if args.versus:
        print(f"# load before: {os.getloadavg()}; CPU flags: {cpu_flags()}; our path: {_core.dispatch()}")
        sets = []
        for name, filename, n_full, n_quick, _ in SETS:
            if (args.data / filename).exists():
                sets.append((name, sample(read_puzzles(args.data / filename), n_quick if args.quick else n_full)))
        n = 1000 if args.quick else 10000
        sets.append(("multi_34_35", multi_solution_set(n)))
        if sets and sets[0][0] == "17_clue":
            sets.append(("dense_35 (17-clue + 18 of its solution)", dense_unique_set(sets[0][1], n)))
        sets.append(("multi_30_35 (generated)", multi_generated_set(n)))
        versus(args.versus, sets, repeats)
        print(f"# load after: {os.getloadavg()}")
        return 0
    rows = []
    if not args.data.is_dir():
        print(f"bench_solve: data folder {args.data} not found: the tdoku data sets are skipped "
              "(clone the project next to shared/ to run them)\n")
    for name, filename, n_full, n_quick, py_n in SETS:
        path = args.data / filename
        if not path.exists():
            if args.data.is_dir():
                print(f"bench_solve: {path} not found, skipped")
            continue
        puzzles = sample(read_puzzles(path), n_quick if args.quick else n_full)
        rows.append(row(name, puzzles, py_n, repeats, args.tdoku_bin))
        print(f"  measured {name}", file=sys.stderr, flush=True)
    multi = multi_solution_set(1000 if args.quick else 10000)
    if args.write_multi:
        args.write_multi.write_bytes(b"".join(p + b"\n" for p in multi))
    rows.append(row("multi_34_35", multi, 50, repeats, args.tdoku_bin))

    header = HEADER + (TDOKU_HEADER if args.tdoku_bin else [])
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if k == 0 else "---:" for k in range(len(header))) + "|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    easy = multi[:2000]
    print(f"\nOne `_core.solve(bytes, 2)` call costs {call_overhead(easy, repeats):.2f} µs more than the same "
          f"puzzle inside solve_batch (median over {len(easy)} multi_34_35 puzzles).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
