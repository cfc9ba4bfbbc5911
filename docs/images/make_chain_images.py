"""Re-create the chain and ALS example pictures of docs/techniques.md:
``python docs/images/make_chain_images.py`` (SVG, no extra dependencies).

Each picture is the candidate grid just before the technique's first step on the solving
path of a puzzle from the public-domain Sudoku Exchange bank (grantm "diabolical"), with
the step drawn: pattern cells tinted by role, chain links (strong solid, weak dashed),
eliminations struck out.
"""

from __future__ import annotations

from pathlib import Path

from sudokit.human import Candidates, explain
from sudokit.human.step import Step
from sudokit.render import to_svg

HERE = Path(__file__).resolve().parent
#: (technique id, puzzle whose path uses it)
EXAMPLES = (
    ("x_chain", "100000000200060003640120050010702608000000000509806070050071046700080009000000005"),
    ("xy_chain", "007458100400319008000000000950807021000060000080000090009080600000594000200601004"),
    ("nice_loop", "007458100400319008000000000950807021000060000080000090009080600000594000200601004"),
    ("grouped_nice_loop", "001807000090040080003001705108000009060000030500000206906400300080020060000706800"),
    ("sue_de_coq", "007458100400319008000000000950807021000060000080000090009080600000594000200601004"),
    ("als_xz", "001807000090040080003001705108000009060000030500000206906400300080020060000706800"),
    ("als_xy_wing", "007840000040000000900700010005400006809050401400003500060002005000000020000094300"),
    ("death_blossom", "070000030100000005000604000050000040903040607040708090008165300000090000200000001"),
)


def state_before(puzzle: str, technique: str) -> tuple[Candidates, Step]:
    """The candidate grid just before the first step of ``technique`` on the solving path."""
    state = Candidates.from_puzzle(puzzle)
    for step in explain(puzzle).steps:
        if step.technique == technique:
            return state, step
        state.apply(step)
    raise LookupError(f"no {technique} on the path of {puzzle}")


def main() -> None:
    for technique, puzzle in EXAMPLES:
        state, step = state_before(puzzle, technique)
        svg = to_svg(state, size=420, highlights=step, title=str(step).partition(" => ")[0])
        (HERE / f"hint-{technique.replace('_', '-')}.svg").write_text(svg, encoding="utf-8")


if __name__ == "__main__":
    main()
