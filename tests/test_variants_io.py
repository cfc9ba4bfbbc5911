"""Variant formats: LZ-String, f-puzzles import/export, the JSON schema and the CLI."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from sudokit import errors
from sudokit.cli import main
from sudokit.variants import AntiKing, AntiKnight, KillerCage, LittleKiller, NonConsecutive, Puzzle, from_fpuzzles
from sudokit.variants.lzstring import compress_to_base64, decompress_from_base64

from variant_oracle import KINDS, random_puzzle

pytestmark = pytest.mark.single_backend

# Produced by f-puzzles itself (the example link of lisudoku's import documentation): a
# 9x9 with two killer cages. Both directions must reproduce it byte for byte.
FPUZZLES_LINK = (
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QA"
    "awgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AH"
    "ZgVRiGEE1VMXggANLauhgABE7GcLREQA="
)


def test_lzstring_matches_f_puzzles_output() -> None:
    data = FPUZZLES_LINK.split("load=")[1]
    text = decompress_from_base64(data)
    assert json.loads(text)["killercage"][0] == {"cells": ["R1C1", "R2C1"], "value": "9"}
    assert compress_to_base64(text) == data


def test_lzstring_round_trips_any_text() -> None:
    rng = random.Random(3)
    for _ in range(200):
        text = "".join(rng.choice('ab{}":,0é✓\U0001d11e') for _ in range(rng.randint(0, 300)))
        assert decompress_from_base64(compress_to_base64(text)) == text
    with pytest.raises(errors.InvalidFormatError):
        decompress_from_base64("N4Ig*")


def test_import_of_an_f_puzzles_link() -> None:
    p = from_fpuzzles(FPUZZLES_LINK)
    assert p.constraints == (KillerCage((0, 9), 9), KillerCage((1, 2, 10, 11, 19), 33))
    assert from_fpuzzles(decompress_from_base64(FPUZZLES_LINK.split("load=")[1])) == p


@pytest.mark.parametrize("kind", KINDS)
def test_export_import_round_trip(kind: str) -> None:
    for seed in range(3):
        p = random_puzzle(seed, kind, 9, 0.5)
        if any(isinstance(c, LittleKiller) and len(c.cells) < 9 for c in p.constraints):
            continue  # f-puzzles little killers always run a whole diagonal
        q = from_fpuzzles(p.to_fpuzzles())
        assert q.normalized() == p.normalized()
        assert from_fpuzzles(p.to_fpuzzles(compress=False)).normalized() == p.normalized()


def test_unknown_f_puzzles_constraints_are_named() -> None:
    data = {"size": 4, "grid": [[{}] * 4] * 4, "quadruple": [{"cells": ["R1C1"]}], "clone": [{"cells": ["R1C1"]}]}
    with pytest.raises(errors.UnknownConstraintError, match="clone, quadruple"):
        from_fpuzzles(json.dumps(data))
    with pytest.raises(errors.InvalidFormatError):
        from_fpuzzles('{"size": 4}')
    with pytest.raises(errors.CellOffGridError, match="R5C1"):
        from_fpuzzles(json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "killercage": [{"cells": ["R5C1"], "value": "3"}]}))


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_variant_inputs_follow_the_record_rules(tmp_path: Path) -> None:
    """Variant and classic inputs on one command line: a record per input in command-line
    order, a placeholder and a status row for a bad one, and ``-o`` honoured."""
    classic = tmp_path / "classic.txt"
    classic.write_text("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n")
    variant = tmp_path / "diagonal.json"
    variant.write_text(json.dumps({"size": 4, "givens": ["1...", "....", "....", "...."], "constraints": [{"type": "diagonal"}]}))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"size": 4, "constraints": [{"type": "no_such_rule"}]}))
    code, out, err = _run("solve", "--first", str(classic), str(variant), str(bad), str(classic))
    lines = out.splitlines()
    assert code == 3 and len(lines) == 4 and lines[2] == "." and lines[0] == lines[3] and err.count("\n") == 1
    assert len(lines[1]) == 16 and lines[1][0] == "1" and sorted(lines[1][:4]) == ["1", "2", "3", "4"]
    code, out, _ = _run("count", "-f", "jsonl", str(variant), str(bad), str(classic))
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in records] == ["ok", "invalid", "ok"] and records[0]["count"] >= 1 and records[2]["count"] == 1
    target = tmp_path / "out.csv"
    assert _run("check", "-f", "csv", "-o", str(target), str(variant))[:2] == (5, "")  # several solutions
    assert target.read_text().splitlines()[1].endswith(",multiple,the puzzle has more than one solution")


def test_cli_solves_counts_and_checks_variant_files(tmp_path: Path) -> None:
    givens = [0] * 81
    givens[4 * 9 + 2], givens[5 * 9 + 6] = 1, 2
    p = Puzzle(givens=tuple(givens), constraints=(AntiKnight(), AntiKing(), NonConsecutive()))
    path = tmp_path / "miracle.json"
    path.write_text(json.dumps(p.to_json()))
    code, out, err = _run("solve", str(path))
    assert code == 0 and out.strip() == (Path(__file__).parent / "data" / "variants" / "miracle.txt").read_text().split()[-1]
    code, out, _ = _run("solve", "--format", "json", "https://f-puzzles.com/?load=" + p.to_fpuzzles())
    (record,) = json.loads(out)  # one record per input, as for classic puzzles
    assert code == 0 and record["status"] == "ok" and record["solution"][:9] == "483726159"
    assert Puzzle.from_json(json.loads(record["puzzle"])).normalized() == p.normalized()
    assert _run("count", "--limit", "300", '{"size": 4}')[:2] == (0, "288\n")
    assert _run("check", str(path))[0] == 0
    code, _, err = _run("solve", '{"size": 4, "constraints": [{"type": "killer", "cells": ["r1c1", "r1c2"], "total": 30}]}')
    assert code == 3 and "killer 1" in err and "r1c1" in err
    assert _run("solve", '{"size": 4}')[0] == 5
