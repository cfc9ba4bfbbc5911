"""atheris harness: Grid.parse / sudokit.parse on any text, bytes or board.

Checked: a Grid or InvalidFormatError, nothing else; every output form of the grid
(str, pretty, bytes, board, lists, repr) parses back to the same grid.
"""

from __future__ import annotations

import atheris
from _harness import main

from sudokit import Grid, InvalidFormatError


def test_one(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    kind = fdp.ConsumeIntInRange(0, 3)
    try:
        if kind == 0:
            grid = Grid.parse(fdp.ConsumeUnicodeNoSurrogates(fdp.remaining_bytes()))
        elif kind == 1:
            grid = Grid.parse(fdp.ConsumeBytes(fdp.remaining_bytes()))
        elif kind == 2:
            grid = Grid.parse([[fdp.ConsumeIntInRange(-1, 10) for _ in range(9)] for _ in range(9)])
        else:
            grid = Grid.parse(fdp.ConsumeIntListInRange(81, 0, 9))
    except InvalidFormatError:
        return
    for form in (str(grid), grid.pretty(), bytes(grid), grid.to_board(), grid.to_list(), list(grid)):
        assert Grid.parse(form) == grid, form
    assert eval(repr(grid), {"Grid": Grid}) == grid


if __name__ == "__main__":
    main(test_one)
