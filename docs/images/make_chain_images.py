"""Re-create the chain, ALS, colouring, fish and rectangle example pictures of docs/techniques.md:
``python docs/images/make_chain_images.py`` (SVG, no extra dependencies).

Each picture is the candidate grid just before the technique's first step on the solving
path of a puzzle from the public-domain Sudoku Exchange bank (grantm "diabolical"), with
the step drawn: pattern cells tinted by role, chain links (strong solid, weak dashed),
eliminations struck out. A few techniques are shown on a mid-solve state written in
HoDoKu's library format instead (``+`` marks a digit the player placed, then the candidates
already removed), as in docs/techniques.md.
"""

from __future__ import annotations

from pathlib import Path

from sudokit import Grid
from sudokit.formats.hodoku import loads_hodoku
from sudokit.human import Candidates, explain, find_steps
from sudokit.human.path import enabled_techniques
from sudokit.human.rating import se_techniques, se_walk
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
    ("als_chain", "950478032000105000007000400000706000080000040300509008420000097000237000005000200"),
    ("multi_colors_1", "580060001000000000006430500200005010008000400070800002004052300000000000100040065"),
    ("finned_jellyfish", "300070004005000100100506002002314800070209040001000200240000017800102003000040000"),
    ("sashimi_jellyfish", "000006037200009504000040020902100000053000140000005208090020000407900002320500000"),
    ("avoidable_rectangle_1", "000700490000500038093000020900080075000000000570010009010000380320001000068004000"),
)
#: (technique id, HoDoKu library line of a state where it applies)
STATES = (
    ("unique_rectangle_5", ":0000:x:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479::"),
    ("unique_rectangle_6", ":0000:x:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34.......+8+6+75123+4+9:::"),
    ("avoidable_rectangle_2", ":0000:x:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1:474 494::"),
    ("multi_colors_2", ":0000:x:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......:::"),
    ("finned_franken_swordfish", ":0341:6:43.58...9...+9+6....9...427.....62.+9...9.....5.8.1.+59..325.....9...+9+216+5.4...8+9+5..2:"
                                 "127 227 128 741 443 743 346 746 748 351 353 756 768 373 473 773 776 377 779 693 197 198:673::"),
    ("forcing_chain", ":1301:8:6.......8...586.....7.3.4.+6..87+913.....258...2+7.+6+4+3..9..6...2..3.9.2.6.5.1+2.+6..4.:"
                      "412 512 413 717 118 518 718 123 329 938 568 174 974 776 178 378 778 888 891 796 797::868:"),
    ("remote_pair", ":0703:36:+7..+581.2.29+87...1+5+5.1..+97..4..3.7.6.3...9...4+61.8+45..2+1.5.+7.8+9.+92+4..8.57+87.95.+2+4+1:"
                    "319 947 674 376 676:619::7"),
    ("kraken_fish", ":1302::..368..9.9+6...43...2...3+6.5.17..+8..65+8..+6...16.....87.2..8...6...65....8.9..461..:"
                    "411 412 716 719 125 725 228 438 545 453 954 463 264 964 265 965 266 966 369 469 975 176 487 388 398:131::"),
    ("hidden_rectangle", ":0000:x:39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4:::"),
    ("forcing_net", ":1303:2:9..25...3..3..4....+42...59..8..4.+3.93..8.5..71...3..5.+497...6.....4..2..2...61+9.4:"
                    "118 718 124 728 129 736 653 663 879 583 886 188 189::229:"),
)
#: (technique id, puzzle whose starting candidate grid already has it: off-path techniques)
PUZZLES = (
    ("template_set", "..5.4163223176.4..6.4523871.6.........86.71.........6.4...15926.....6543.564..718"),
    ("template_delete", "..5.4163223176.4..6.4523871.6.........86.71.........6.4...15926.....6543.564..718"),
    ("mutant_x_wing", "100000000200060003640120050010702608000000000509806070050071046700080009000000005"),
)

#: (SE technique id, puzzle of our generator (BUG type 3: of the public-domain bank) whose
#: Sudoku Explainer path uses it[, the step's name
#: when one id covers several rules]), with serate's ER of the puzzle
SE_EXAMPLES: tuple[tuple[str, ...], ...] = (
    ("aligned_pair_exclusion", "000800701800040309050000020000004000107000800020700090005230070000000005090408000"),  # 7.2
    ("se_forcing_chains_cycles", "000000508062030000910000000006901030090004180200060050000006020000070400000320000"),  # 6.6
    ("aligned_triple_exclusion", "200000050051300900480005100000000260000900008060470500005610480004057012000000000"),  # 7.6
    ("se_nishio", "000030800009002470020000009400805100000000003800600200000008000007300900304500700"),  # 7.6
    ("se_multiple_forcing_chains", "700902400080003000000054000008000070120000000900005010000000600350000087004760002"),  # 8.3
    ("se_dynamic_forcing_chains", "000050001000000940100400700800000070040003800000590000700020010008000426960000000"),  # 8.9
    ("unique_loop", "000300104000502090900000060060020000005000000400900007100004059008000013300700002"),
    ("se_bug", "007060005009040302000070060470021000600000000000004150200000004005200091100000000", "BUG type 2"),
    ("se_bug", "800713600090000004003000000500108000900000700002004518009000000000200150000860003", "BUG type 4"),
    ("se_forcing_chains_cycles", "760008020400000080000400500073000260000002005006300000008640030000100008100000070",
     "Bidirectional X-Cycle"),
    ("se_forcing_chains_cycles", "000030800009002470020000009400805100000000003800600200000008000007300900304500700",
     "Bidirectional Y-Cycle"),
    ("se_forcing_chains_cycles", "090000085000008002000000001600519000000400500230000000010900300002040000054100096",
     "Bidirectional Cycle"),
    ("se_bug", "502000608003902500000000000030207010050000020400000009060519080090000060301080902", "BUG type 3"),  # 5.9
    ("se_multiple_forcing_chains", "000000040026009700000640901840000000007000000000910400005080000600300800908426030",
     "Region Forcing Chains"),  # 9.0
)

#: (SE technique id, the rule one level below it, puzzle): no puzzle of our generator or the
#: public-domain bank needs these levels, so each is shown on the grid where SE's path takes
#: its first Dynamic Forcing Chains step, with the shortest step the rule finds there that
#: the level below cannot find (same kind and eliminations); SE itself takes the easier step.
SE_BEYOND: tuple[tuple[str, str, str], ...] = (
    ("se_dynamic_forcing_chains_plus", "se_dynamic_forcing_chains", SE_EXAMPLES[5][1]),
    ("se_nested_forcing_chains", "se_dynamic_forcing_chains_plus", SE_EXAMPLES[5][1]),
)


def se_state_before(puzzle: str, technique: str, name: str = "") -> tuple[Candidates, Step, str]:
    """The candidate grid just before the first step of ``technique`` (whose name starts
    with ``name``) on the Sudoku Explainer path (the path ``rate()`` takes for ``.se``:
    easiest rule first), and the picture's name."""
    state = Candidates.from_puzzle(puzzle)
    steps, _end = se_walk(Grid.parse(puzzle), se_techniques(enabled_techniques("all", True)))
    label = "se_" + name.lower().replace(" ", "_") if name else technique
    for step in steps:
        if step.technique == technique and step.name.startswith(name):
            return state, step, label
        state.apply(step)
    raise LookupError(f"no {technique} on the SE path of {puzzle}")


def beyond(technique: str, lower: str, puzzle: str) -> tuple[Candidates, Step, str]:
    """The shortest ``technique`` step that ``lower`` cannot find, on the grid just before
    the first Dynamic Forcing Chains step of SE's path of ``puzzle``."""
    state, _step, _label = se_state_before(puzzle, "se_dynamic_forcing_chains")

    def key(step: Step) -> tuple[str, str]:  # kind ("Dynamic Cell ...") and eliminations
        return step.name.partition(" (+")[0], str(step).partition(" => ")[2]

    below = {key(step) for step in find_steps(state, lower)}
    new = [step for step in find_steps(state, technique) if key(step) not in below]
    return state, min(new, key=lambda step: (len(str(step)), str(step))), technique


def state_before(puzzle: str, technique: str) -> tuple[Candidates, Step]:
    """The candidate grid just before the first step of ``technique`` on the solving path."""
    state = Candidates.from_puzzle(puzzle)
    for step in explain(puzzle).steps:
        if step.technique == technique:
            return state, step
        state.apply(step)
    raise LookupError(f"no {technique} on the path of {puzzle}")


def library_state(line: str) -> Candidates:
    """The candidate grid of a HoDoKu library line (digits without ``+`` are the givens)."""
    grid = loads_hodoku(line)
    givens, k, placed = [], 0, False
    for ch in line.split(":")[3]:
        if ch == "+":
            placed = True
            continue
        if ch not in ".0" and not placed:
            givens.append(k)
        k, placed = k + 1, False
    digits = grid.digits if hasattr(grid, "digits") else str(grid)
    marks = grid.to_729() if hasattr(grid, "to_729") else None
    return Candidates.from_state(digits, marks, givens=givens)


def main() -> None:
    shown = [state_before(puzzle, technique) + (technique,) for technique, puzzle in EXAMPLES]
    shown += [se_state_before(puzzle, technique, *name) for technique, puzzle, *name in SE_EXAMPLES]
    shown += [beyond(*example) for example in SE_BEYOND]
    for technique, puzzle in PUZZLES:
        state = Candidates.from_puzzle(puzzle)
        shown.append((state, next(find_steps(state, technique)), technique))
    for technique, line in STATES:
        state = library_state(line)
        shown.append((state, next(find_steps(state, technique)), technique))
    for state, step, technique in shown:
        svg = to_svg(state, size=420, highlights=step, title=str(step).partition(" => ")[0])
        (HERE / f"hint-{technique.replace('_', '-')}.svg").write_text(svg, encoding="utf-8")


if __name__ == "__main__":
    main()
