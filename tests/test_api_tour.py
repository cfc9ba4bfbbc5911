"""The public API as a Python user meets it: `import sudokit` alone, readable values,
Grid's verb methods, the multi-solution rule, the renamed generator and its old import path,
the formats' argument order, and an import that does not load the pure-Python twin."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import warnings

import pytest

import sudokit
from sudokit import Grid, MultipleSolutionsError

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
MULTI = EXAMPLE[:63] + "." * 18  # hundreds of solutions, and quick to rate (an empty grid walks every chain search)
pytestmark = pytest.mark.single_backend


def _fresh(code: str, **env: str) -> str:
    """Run ``code`` in a new interpreter (a clean ``sys.modules``); its stdout."""
    import os

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env={**os.environ, **env})
    assert done.returncode == 0, done.stderr
    return done.stdout


# ---------------------------------------------------------------- the namespace
def test_everything_in_all_works_from_import_sudokit_alone() -> None:
    out = _fresh("import sudokit\nmissing = [n for n in sudokit.__all__ if not hasattr(sudokit, n)]\nprint(missing)")
    assert out.strip() == "[]"


def test_dir_shows_only_the_public_names() -> None:
    assert dir(sudokit) == sorted(sudokit.__all__)
    assert not [name for name in dir(sudokit) if name.startswith("_") and name != "__version__"]


def test_import_does_not_load_the_twin_when_the_c_core_runs() -> None:
    if "c" not in sudokit._backend.available():
        pytest.skip("the C core is not built here")
    out = _fresh("import sys, sudokit\nprint(sudokit.BACKEND, sorted(m for m in sys.modules if m.startswith('sudokit._py')))",
                 SUDOKIT_PUREPYTHON="0")
    assert out.split(None, 1) == ["c", "[]\n"] or out.strip() == "c []"


def test_version_is_0_2_0() -> None:
    assert sudokit.__version__ == "0.2.0"


# ------------------------------------------------------------------- generate
def test_generate_is_the_function_and_the_old_module_path_still_works() -> None:
    from sudokit.generate import Generated, generate, generate_many  # the 0.1 import path
    from sudokit.generation import generate as new

    assert sudokit.generate is generate is new and callable(sudokit.generate)
    g = sudokit.generate(seed=3)
    assert isinstance(g, Generated) and g.puzzle == next(generate_many(1, seed=3)).puzzle
    import importlib

    importlib.import_module("sudokit.generate")  # as `import sudokit.generate`: it must not replace the function
    assert sudokit.generate is new


def test_old_module_path_in_a_fresh_interpreter() -> None:
    out = _fresh("from sudokit.generate import full_grid, generate\nimport sudokit\n"
                 "print(sudokit.generate is generate, full_grid(seed=1).is_solved)")
    assert out.split() == ["True", "True"]


# ------------------------------------------------------------------ Grid verbs
def test_grid_methods_match_the_functions() -> None:
    grid = Grid.parse(EXAMPLE)
    assert grid.solve() == sudokit.solve(EXAMPLE)
    assert grid.count() == 1 and Grid.parse(MULTI).count(limit=7) == 7
    assert grid.rate() == sudokit.rate(EXAMPLE)
    assert grid.hint(2).text == sudokit.hint(EXAMPLE, level=2).text
    assert list(grid.explain()) == list(sudokit.explain(EXAMPLE))
    assert grid.canonical() == sudokit.canonical(EXAMPLE)


def test_one_rule_for_several_solutions() -> None:
    for ask in (lambda: sudokit.solve(MULTI), lambda: sudokit.rate(MULTI), lambda: Grid.parse(MULTI).solve()):
        with pytest.raises(MultipleSolutionsError):
            ask()
    assert sudokit.solve(MULTI, unique=False).is_solved  # opting in, like --first
    assert sudokit.rate(MULTI, allow_multiple=True).band
    assert sudokit.hint(MULTI).kind in ("step", "stuck") and sudokit.explain(MULTI).end in ("stuck", "solved")
    assert sudokit.solve_many([MULTI]) == [None] and sudokit.solve_many([MULTI], unique=False)[0] is not None


# ----------------------------------------------------------- readable values
def test_str_is_what_the_cli_prints_and_reprs_stay_short() -> None:
    from sudokit.cli import main

    def cli(*argv: str) -> str:
        out = io.StringIO()
        main(list(argv), io.StringIO(), out, io.StringIO())
        return out.getvalue().rstrip("\n")

    h, path, rating = sudokit.hint(EXAMPLE), sudokit.explain(EXAMPLE), sudokit.rate(EXAMPLE)
    assert str(h) == cli("hint", EXAMPLE)
    assert str(path) == cli("explain", EXAMPLE)
    assert f"{EXAMPLE} {rating}" == cli("rate", EXAMPLE)
    g = sudokit.generate("easy", seed=2)
    assert str(g) == cli("generate", "-d", "easy", "--seed", "2")
    for value in (h, path, rating, g):
        assert len(repr(value)) < 160 and repr(value).startswith(type(value).__name__ + "(")


def test_notebook_pictures() -> None:
    from sudokit.render import to_svg

    h = sudokit.hint(EXAMPLE, level=3)
    assert h._repr_svg_().startswith("<svg") and to_svg(h) .startswith("<svg")
    assert to_svg(h) != to_svg(EXAMPLE)  # the hint is drawn, not just the grid
    assert "<ol>" in sudokit.explain(EXAMPLE)._repr_html_()
    assert "<table>" in sudokit.rate(EXAMPLE)._repr_html_()
    assert sudokit.generate(seed=1)._repr_svg_().startswith("<svg")
    assert Grid.parse(EXAMPLE)._repr_svg_().startswith("<svg")


# -------------------------------------------------------------- typed results
def test_solve_many_forms() -> None:
    grids = sudokit.solve_many([EXAMPLE])
    assert isinstance(grids, list) and isinstance(grids[0], Grid)
    buffer = sudokit.solve_many(EXAMPLE.encode())
    assert isinstance(buffer, bytes) and len(buffer) == 81


# ------------------------------------------------------------------- formats
def test_formats_take_what_then_where() -> None:
    from sudokit.formats import read_collection, write, write_collection

    out = io.StringIO()
    assert write_collection([EXAMPLE, {"puzzle": EXAMPLE, "seed": 4}], out, format="jsonl") == 2
    assert [r.seed for r in read_collection(io.StringIO(out.getvalue()))] == [None, 4]
    one = io.StringIO()
    write(EXAMPLE, one)
    assert one.getvalue().strip() == EXAMPLE
    with pytest.raises(TypeError, match="target must be a file path or a writable stream"):
        write_collection([EXAMPLE], 42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="puzzle comes first"):
        write(io.StringIO(), EXAMPLE)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="iterable of records"):
        write_collection(EXAMPLE, io.StringIO())
    old = io.StringIO()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        write_collection(old, [EXAMPLE], format="jsonl")  # type: ignore[arg-type]  # the 0.1 order
    assert json.loads(old.getvalue())["puzzle"] == EXAMPLE
    assert caught and issubclass(caught[0].category, DeprecationWarning)


# ------------------------------------------------------------------ messages
def test_a_conflict_names_each_pair_once_with_all_its_houses() -> None:
    from sudokit import ConflictingGivensError

    with pytest.raises(ConflictingGivensError) as info:
        sudokit.solve("55.5" + "." * 77)
    message = str(info.value)
    assert message == "conflicting givens: r1c1 and r1c2 both hold 5 (row 1, box 1); r1c1 and r1c4 both hold 5 (row 1)"
    assert len(info.value.conflicts) == 3  # the structured list keeps one entry per house


def test_info_says_why_the_twin_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "sudokit", "info"], capture_output=True, text=True, timeout=60,
                         env={**__import__("os").environ, "SUDOKIT_PUREPYTHON": "1"}).stdout
    assert "backend: python (sudokit._pycore): SUDOKIT_PUREPYTHON is set" in out
