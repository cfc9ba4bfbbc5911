"""No reference or memory leaks in the C extension (issue 11).

Every entry point of ``sudokit._core`` — on good input and on each kind of bad input
that raises — is called many times after a warm-up; Python-level allocations
(tracemalloc: a leaked reference keeps its object alive) and the resident set size (a
``malloc`` without ``free`` in C) must not grow with the number of calls.
"""

from __future__ import annotations

import array
import gc
import os
import random
import tracemalloc
from collections.abc import Callable

import pytest

from sudokit import _backend

pytestmark = pytest.mark.single_backend

EXAMPLE = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CALLS = 8_000
WARM_UP = 2_000


def _core() -> object:
    try:
        from sudokit import _core
    except ImportError:
        pytest.skip("the C extension is not built (SUDOKIT_PUREPYTHON or no compiler): nothing to leak")
    return _core


def _rss() -> int:
    with open("/proc/self/statm") as stat:
        return int(stat.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _calls() -> dict[str, Callable[[], object]]:
    core: object = _core()
    k: object = core
    values = bytes(0 if ch == ord(".") else ch - 48 for ch in EXAMPLE)
    cands = array.array("H", [0 if v else 0x1FF for v in values]).tobytes()
    words = random.Random(5).getrandbits(32 * 800).to_bytes(4 * 800, "little")
    batch = EXAMPLE * 8
    out, counts, statuses = bytearray(len(batch)), bytearray(4 * 8), bytearray(8)
    replay = getattr(k, "human_replay")(EXAMPLE)
    grid = getattr(k, "fill")(words)[1]
    cells, sizes = bytes(range(81)), bytes([1] * 81)
    pair = array.array("H", [0b11, 0b11] + [0] * 79).tobytes()  # two bivalue cells: a quick chain search
    aligned = array.array("H", [0b111, 0b111, 0, 0b11, 0b110, 0, 0, 0, 0, 0b101, 0b110] + [0] * 70).tobytes()
    rect = [0] * 81
    rect[0] = rect[1] = rect[27] = 0b11
    rect[28] = 0b111  # a Unique Rectangle type 1: r4c2 loses 1 and 2
    urect = array.array("H", rect).tobytes()
    from sudokit.variants import Puzzle
    from sudokit.variants.compile import compile_puzzle

    program = array.array("i", compile_puzzle(Puzzle(size=4)).encode()).tobytes()

    def raising(call: Callable[[], object]) -> Callable[[], object]:
        def run() -> object:
            try:
                return call()
            except (ValueError, TypeError, OverflowError):
                return None
        return run

    a = getattr
    return {
        "solve": lambda: a(k, "solve")(EXAMPLE, 2),
        "solve bad bytes": raising(lambda: a(k, "solve")(b"x" * 81, 2)),
        "solve wrong length": raising(lambda: a(k, "solve")(b"1" * 80, 2)),
        "solve wrong type": raising(lambda: a(k, "solve")("text", 2)),
        "solve_batch": lambda: a(k, "solve_batch")(batch, out, counts, 2),
        "solve_batch bad sizes": raising(lambda: a(k, "solve_batch")(batch, out[:10], counts, 2)),
        "canonical": lambda: a(k, "canonical")(EXAMPLE),
        "canonical conflict": lambda: a(k, "canonical")(b"55" + EXAMPLE[2:]),
        "canonical_batch": lambda: a(k, "canonical_batch")(batch, out, statuses),
        "human_se_run": lambda: a(k, "human_se_run")(values, cands, 0x3FFF, 729),
        "human_se_run bad": raising(lambda: a(k, "human_se_run")(values[:5], cands, 0x3FFF, 729)),
        "human_replay": lambda: a(k, "human_replay")(EXAMPLE),
        "human_replay bad": raising(lambda: a(k, "human_replay")(b"?" * 81)),
        "human_ho_run": lambda: a(k, "human_ho_run")(values, replay[0], replay[2], replay[3], 0x1FFF, 729),
        "human_ho_run pre": lambda: a(k, "human_ho_run")(values, replay[0], replay[2], replay[3], 0x1FFF, 729, bytes((1, 2, 1, 1, 3, 2))),
        "ho_tally": lambda: a(k, "ho_tally")(bytes((0, 1, 2, 6, 1, 3, 4, 1, 5, 6))),
        "ho_tally bad": raising(lambda: a(k, "ho_tally")(bytes((6, 2, 10)))),
        "fill": lambda: a(k, "fill")(words),
        "fill bad": raising(lambda: a(k, "fill")(words[:5])),
        "dig": lambda: a(k, "dig")(grid, cells, sizes, words[:400], 40),
        "dig bad": raising(lambda: a(k, "dig")(grid, cells, bytes([0] * 81), None, 0)),
        "se_loops": lambda: a(k, "se_loops")(pair, True, True),
        "se_loops bad": raising(lambda: a(k, "se_loops")(pair[:10], True, True)),
        "se_loop_hints": lambda: a(k, "se_loop_hints")(pair, 1),
        "se_loop_hints bad": raising(lambda: a(k, "se_loop_hints")(pair, -1)),
        "se_aligned": lambda: a(k, "se_aligned")(aligned, 3, 0),
        "se_aligned bad": raising(lambda: a(k, "se_aligned")(aligned, 4, 0)),
        "ho_fish": lambda: a(k, "ho_fish")(aligned, 2, True, False, 0),
        "ho_fish bad": raising(lambda: a(k, "ho_fish")(aligned, 5, True, False, 0)),
        "ho_basic_fish": lambda: a(k, "ho_basic_fish")(aligned, 3, 2, 0),
        "ho_basic_fish bad": raising(lambda: a(k, "ho_basic_fish")(aligned[:10], 2, 0, 0)),
        "ho_xy": lambda: a(k, "ho_xy")(pair, False, 100000),
        "ho_xy budget": lambda: a(k, "ho_xy")(pair, True, 0),
        "ho_xy bad": raising(lambda: a(k, "ho_xy")(pair, False, -1)),
        "ho_nice_loops": lambda: a(k, "ho_nice_loops")(aligned, True, 100000),
        "ho_nice_loops budget": lambda: a(k, "ho_nice_loops")(aligned, False, 0),
        "ho_nice_loops bad": raising(lambda: a(k, "ho_nice_loops")(aligned, True, -1)),
        "ho_forcing": lambda: [a(k, "ho_forcing")(aligned, bytes(81), nets, 100000) for nets in (False, True)],
        "ho_forcing budget": lambda: a(k, "ho_forcing")(aligned, bytes(81), False, 0),
        "ho_forcing bad": raising(lambda: a(k, "ho_forcing")(aligned, bytes(80), False, 100000)),
        "ho_sdc": lambda: a(k, "ho_sdc")(aligned, 0),
        "ho_sdc bad": raising(lambda: a(k, "ho_sdc")(aligned, -1)),
        "ho_als": lambda: a(k, "ho_als")(aligned),
        "ho_als bad": raising(lambda: a(k, "ho_als")(aligned[:10])),
        "ho_als_chain": lambda: a(k, "ho_als_chain")(aligned, 100000),
        "ho_als_chain bad": raising(lambda: a(k, "ho_als_chain")(aligned, -1)),
        "ho_als_steps": lambda: a(k, "ho_als_steps")(aligned, 1, 1 << 30),
        "ho_als_steps bad": raising(lambda: a(k, "ho_als_steps")(aligned, 2, 1)),
        "ho_als_first": lambda: a(k, "ho_als_first")(aligned, b"\x00\x01\x02", 100000),
        "ho_als_first bad": raising(lambda: a(k, "ho_als_first")(aligned, b"\x03", 1)),
        "ho_single": lambda: [a(k, "ho_single")(aligned, kind, 100000) for kind in range(5)],
        "ho_single budget": lambda: a(k, "ho_single")(aligned, 4, 0),
        "ho_single bad": raising(lambda: a(k, "ho_single")(aligned, 5, 0)),
        "ho_colors": lambda: a(k, "ho_colors")(aligned),
        "ho_colors bad": raising(lambda: a(k, "ho_colors")(aligned[:10])),
        "ho_wings": lambda: a(k, "ho_wings")(aligned),
        "ho_wings bad": raising(lambda: a(k, "ho_wings")(aligned[:10])),
        "ho_probe": lambda: [a(k, "ho_probe")(g, bytes(81), bytes(81), bytes(range(27)), 0, 100000) for g in (aligned, pair)],
        "ho_probe bad": raising(lambda: a(k, "ho_probe")(aligned, bytes(81), bytes(81), bytes([27]), 0, 0)),
        "ho_rects": lambda: a(k, "ho_rects")(urect, bytes(81), bytes(81), 0x3FF, 0),
        "ho_rects bad": raising(lambda: a(k, "ho_rects")(urect, bytes(81), bytes(80), 0x3FF, 0)),
        "subsets": lambda: a(k, "subsets")(aligned, bytes(81)),
        "subsets bad": raising(lambda: a(k, "subsets")(aligned, bytes(80))),
        "se_unique": lambda: a(k, "se_unique")(urect, bytes(81), -1),
        "se_unique limit": lambda: a(k, "se_unique")(urect, bytes(81), 0),
        "se_unique bad": raising(lambda: a(k, "se_unique")(urect, bytes(81), -2)),
        "se_dyn": lambda: a(k, "se_dyn")(pair, True, True, False, 1, bytes(10), -1),
        "se_dyn limit": lambda: a(k, "se_dyn")(pair, True, True, False, 0, bytes(10), 0),
        "se_dyn nested": lambda: a(k, "se_dyn")(pair, True, True, False, 2, bytes(10), -1, 5.0),
        "se_dyn bad": raising(lambda: a(k, "se_dyn")(pair[:10], True, True, False, 0, bytes(10), -1)),
        "se_simple": lambda: a(k, "se_simple")(pair, array.array("H", [0b111] * 81).tobytes(), bytes(10)),
        "se_simple bad": raising(lambda: a(k, "se_simple")(pair, pair, bytes([10] * 10))),
        "engine_solve": lambda: a(k, "engine_solve")(program, 2, 0),
        "engine_solve bad": raising(lambda: a(k, "engine_solve")(program[:12], 2, 0)),
        "dispatch": lambda: a(k, "dispatch")(),
        "features": lambda: a(k, "features")(),
    }


NAMES = [
    "solve", "solve bad bytes", "solve wrong length", "solve wrong type", "solve_batch", "solve_batch bad sizes",
    "canonical", "canonical conflict", "canonical_batch", "human_se_run", "human_se_run bad", "human_replay",
    "human_replay bad", "human_ho_run", "human_ho_run pre", "ho_tally", "ho_tally bad", "fill", "fill bad", "dig", "dig bad", "se_loops", "se_loops bad",
    "se_loop_hints", "se_loop_hints bad",
    "se_aligned", "se_aligned bad", "ho_fish", "ho_fish bad", "ho_basic_fish", "ho_basic_fish bad", "ho_xy", "ho_xy budget",
    "ho_xy bad", "ho_nice_loops", "ho_nice_loops budget", "ho_nice_loops bad", "ho_forcing", "ho_forcing budget", "ho_forcing bad", "ho_sdc", "ho_sdc bad", "ho_als",
    "ho_als bad", "ho_als_chain", "ho_als_chain bad", "ho_als_steps", "ho_als_steps bad", "ho_als_first", "ho_als_first bad", "ho_single", "ho_single budget", "ho_single bad", "ho_colors", "ho_colors bad", "ho_wings", "ho_wings bad", "ho_probe", "ho_probe bad", "ho_rects", "ho_rects bad", "subsets", "subsets bad", "se_unique", "se_unique limit", "se_unique bad", "se_dyn", "se_dyn limit",
    "se_dyn nested", "se_dyn bad", "se_simple", "se_simple bad",
    "engine_solve", "engine_solve bad", "dispatch", "features",
]


def test_every_entry_point_is_covered() -> None:
    if _backend.name() != "c":
        pytest.skip("runs on the C backend")
    assert sorted(_calls()) == sorted(NAMES)
    core = _core()
    entry_points = {n for n in dir(core) if not n.startswith("_") and callable(getattr(core, n))}
    assert entry_points == {name.split()[0] for name in NAMES}, "a new _core function needs its calls here"


@pytest.mark.parametrize("name", NAMES)
def test_repeated_calls_do_not_grow_memory(name: str) -> None:
    if _backend.name() != "c":
        pytest.skip("runs on the C backend")
    call = _calls()[name]
    slow = name.startswith(("canonical", "dig", "fill")) or name in ("se_dyn", "se_dyn nested", "ho_forcing", "ho_forcing budget")
    calls = CALLS // 20 if slow else CALLS  # the slow ones (a chain search is milliseconds a call)
    for _ in range(WARM_UP // 10 if calls < CALLS else WARM_UP):
        call()
    gc.collect()
    tracemalloc.start()
    try:
        before, rss_before = tracemalloc.get_traced_memory()[0], _rss()
        for _ in range(calls):
            call()
        gc.collect()
        after, rss_after = tracemalloc.get_traced_memory()[0], _rss()
    finally:
        tracemalloc.stop()
    # One leaked object per call would be >= 32 bytes x calls: the bound stays under half of that
    # for the slow entries' fewer calls too.
    bound = min(16_384, 16 * calls)
    assert after - before < bound, f"{name}: Python allocations grew by {after - before} bytes over {calls} calls"
    assert rss_after - rss_before < 4 << 20, f"{name}: RSS grew by {(rss_after - rss_before) >> 10} KiB over {calls} calls"
