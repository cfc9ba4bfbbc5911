"""Variant puzzles through the HTTP API: solve, count, check, render and the board's
layer (``/api/variant``), answers checked against the rules and an independent count."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install 'sudokit[web]'")
from fastapi.testclient import TestClient  # noqa: E402

from sudokit.variants import KillerCage, Puzzle, Thermometer  # noqa: E402
from sudokit.variants.fpuzzles import to_fpuzzles  # noqa: E402
from sudokit.variants.sudokupad_export import to_sudokupad  # noqa: E402
from sudokit.web import ServeConfig, create_app  # noqa: E402

pytestmark = pytest.mark.single_backend  # the work runs in worker processes on the default backend

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# Row 1 without its givens, then a cage and a thermometer that pin it down again.
OPEN = "........." + EXAMPLE[9:]
CAGE = KillerCage((2, 3), int(SOLUTION[2]) + int(SOLUTION[3]))  # r1c3 + r1c4
THERMO = Thermometer((6, 7)) if SOLUTION[6] < SOLUTION[7] else Thermometer((7, 6))


def killer() -> Puzzle:
    return Puzzle.from_string(OPEN, size=9).with_constraints(CAGE, THERMO)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServeConfig(workers=2))) as c:
        yield c


def post(client: TestClient, endpoint: str, **body: Any) -> Any:
    return client.post(f"/api/{endpoint}", json=body)


def error_of(response: Any, status: int) -> tuple[str, str]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"type", "message"}
    return body["error"]["type"], body["error"]["message"]


def obeys(puzzle: Puzzle, rows: list[list[int]]) -> bool:
    """Independent check of a 4x4/9x9 solution: givens kept, houses distinct, cages and thermometers."""
    n = puzzle.size
    flat = [d for row in rows for d in row]
    br, bc = (2, 2) if n == 4 else (3, 3)
    houses = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    houses += [[(top + r) * n + left + c for r in range(br) for c in range(bc)] for top in range(0, n, br) for left in range(0, n, bc)]
    if any(g and g != d for g, d in zip(puzzle.givens, flat)) or any(sorted(flat[i] for i in h) != list(range(1, n + 1)) for h in houses):
        return False
    for con in puzzle.constraints:
        values = [flat[i] for i in con.cells]
        if isinstance(con, KillerCage) and (len(set(values)) != len(values) or sum(values) != con.total):
            return False
        if isinstance(con, Thermometer) and any(a >= b for a, b in zip(values, values[1:])):
            return False
    return True


def all_4x4() -> list[list[list[int]]]:
    """Every filled 4x4 Sudoku grid: row permutations stacked while columns stay distinct."""
    perms = list(itertools.permutations(range(1, 5)))
    grids: list[list[list[int]]] = []

    def extend(rows: list[list[int]]) -> None:
        if len(rows) == 4:
            if obeys(Puzzle(size=4), rows):
                grids.append(rows)
            return
        for perm in perms:
            if all(perm[c] != row[c] for row in rows for c in range(4)):
                extend([*rows, list(perm)])

    extend([])
    return grids


def test_counts_and_solves_a_4x4_killer_given_as_a_json_object(client: TestClient) -> None:
    puzzle = Puzzle(size=4, constraints=(KillerCage((0, 1), 3), Thermometer((7, 11, 15))))
    grids = all_4x4()
    expected = sum(obeys(puzzle, g) for g in grids)
    assert len(grids) == 288 and 0 < expected < 288
    data = post(client, "count", puzzle=puzzle.to_json(), limit=1000).json()
    assert (data["count"], data["size"], data["rules"]) == (expected, 4, ["killer", "thermometer"])
    solved = post(client, "solve", puzzle=puzzle.to_json(), first=True).json()
    assert obeys(puzzle, solved["rows"]) and solved["unique"] is (expected == 1)
    assert error_of(post(client, "solve", puzzle=puzzle.to_json()), 422)[0] == "MultipleSolutionsError"


@pytest.mark.parametrize("form", ["fpuzzles-link", "fpuzzles-json", "sudokupad-link", "json-text"])
def test_a_9x9_killer_in_every_form_solves_and_checks(client: TestClient, form: str) -> None:
    p = killer()
    text = {
        "fpuzzles-link": "https://www.f-puzzles.com/?load=" + to_fpuzzles(p),
        "fpuzzles-json": to_fpuzzles(p, compress=False),
        "sudokupad-link": to_sudokupad(p, link=True),
        "json-text": __import__("json").dumps(p.to_json()),
    }[form]
    solved = post(client, "solve", puzzle=text).json()
    assert solved["unique"] and obeys(p, solved["rows"]) and solved["solution"] == SOLUTION
    wrong = str(int(SOLUTION[2]) % 9 + 1)  # r1c3 wrong, but no clash in its row, column or box?
    mine = SOLUTION[:2] + wrong + "." * 6 + EXAMPLE[9:]
    data = post(client, "check", puzzle=text, digits=mine).json()
    assert data["unique"] and 2 in data["mistakes"] and not data["solved"]
    assert set(data["mistakes"]) == {i for i, ch in enumerate(mine) if ch != "." and ch != SOLUTION[i]}
    clash = SOLUTION[0] * 2 + "." * 7 + EXAMPLE[9:]  # the same digit twice in row 1
    assert {0, 1} <= set(post(client, "check", puzzle=text, digits=clash).json()["conflicts"])


def test_the_board_layer_and_pictures_show_the_rules(client: TestClient) -> None:
    link = "https://www.f-puzzles.com/?load=" + to_fpuzzles(killer())
    data = post(client, "variant", puzzle=link).json()
    assert (data["puzzle"], data["playable"], data["classic"], data["rules"]) == (OPEN, True, False, ["killer", "thermometer"])
    layer = ET.fromstring(data["overlay"])
    kinds = [el.get("class") for el in layer.iter()]
    assert "cage" in kinds and "thermometer" in kinds
    assert not any(el.tag.endswith("line") and el.get("class") is None for el in layer.iter())  # no grid lines
    assert str(CAGE.total) in [el.text for el in layer.iter() if el.tag.endswith("text")]
    svg = post(client, "render", puzzle=link, digits=SOLUTION)
    assert svg.headers["content-type"].startswith("image/svg+xml") and 'class="cage"' in svg.text
    classic = post(client, "variant", puzzle=EXAMPLE).json()
    assert classic["classic"] and classic["overlay"] == "" and classic["puzzle"] == EXAMPLE


def test_variant_errors_are_typed(client: TestClient) -> None:
    bad_cage = {"size": 9, "constraints": [{"type": "killer", "cells": ["r1c1", "r1c2"], "total": 30}]}
    kind, message = error_of(post(client, "solve", puzzle=bad_cage), 422)
    assert kind == "UnreachableSumError" and "killer 1" in message and "r1c1" in message
    kind, message = error_of(post(client, "hint", puzzle=to_sudokupad(killer(), link=True)), 422)
    assert kind == "UnsupportedVariantError" and "killer" in message and "f-puzzles" not in message
    assert error_of(post(client, "check", puzzle={"size": "nine"}), 400)[0] == "InvalidFormatError"
    assert error_of(post(client, "check", puzzle={"size": 4}, digits="12"), 400)[0] == "InvalidFormatError"
    no_solution = Puzzle.from_string(EXAMPLE, size=9).with_constraints(KillerCage((2, 3), 3))
    assert error_of(post(client, "solve", puzzle=no_solution.to_json()), 422)[0] == "UnsolvableError"


def test_a_jigsaw_is_playable_on_the_board_with_its_regions(client: TestClient) -> None:
    regions = [list(r) for r in Puzzle(size=9).region_list()]
    regions[0][regions[0].index(9)], regions[1][regions[1].index(3)] = 3, 9  # r2c1 and r1c4 (both 6) change places
    p = Puzzle(size=9, regions=tuple(map(tuple, regions)), givens=tuple(int(ch) if ch != "." else 0 for ch in EXAMPLE))
    data = post(client, "variant", puzzle=p.to_json()).json()
    assert data["playable"] and data["rules"] == ["jigsaw"] and sorted(map(sorted, data["regions"])) == sorted(map(sorted, regions))
    layer = ET.fromstring(data["overlay"])
    assert any(el.tag.endswith("line") for el in layer.iter())  # the regions' borders that differ from the boxes
    assert post(client, "solve", puzzle=p.to_json()).json()["solution"] == SOLUTION
    # r1c4 is in region 1 now: a 9 there clashes with r3c2's 9 (same region), not with r2c5's (same classic box)
    clash = "...9" + "." * 5 + EXAMPLE[9:]
    conflicts = set(post(client, "check", puzzle=p.to_json(), digits=clash).json()["conflicts"])
    assert {3, 19} <= conflicts and 13 not in conflicts
