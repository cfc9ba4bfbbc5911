"""HoDoKu's choice: where several steps of a technique apply, the step the HoDoKu path
takes is the one HoDoKu 2.2 takes, printed as HoDoKu prints it.

Each case is a candidate grid in HoDoKu's library format and the step HoDoKu printed
there, from HoDoKu 2.2 runs on diabolical and random minimal puzzles (steps where our
HoDoKu path used to part from HoDoKu's): Turbot Fish (HoDoKu sorts every 3-link X-Chain),
Skyscraper (row links before column links), W-Wing (the smaller digit eliminated first),
Simple Colors (one search: a wrap before a trap of the same cluster), XY-Chain (Java's
sort, where different eliminations with equal index sums compare equal; the depth-first
search reaching a chain a shortest-path search misses), Remote Pair (a longer chain
with more eliminations) and X-Chain (of two chains of one length, the one HoDoKu's
depth-first search meets first).
"""

from __future__ import annotations

import pytest

from sudokit.human import hodoku_path
from sudokit.human.registry import TECHNIQUE_IDS, technique
from test_forcing import library_state

#: HoDoKu library code -> the technique whose slot of the HoDoKu path searches it.
_SLOT = {"0403": "turbot_fish", "0400": "skyscraper", "0803": "w_wing", "0703": "remote_pair",
         "0501": "simple_colors_trap", "0702": "xy_chain", "0701": "x_chain"}

CASES = (
    (':0403:2:+1..85+64+9.9....7.81.4..+19+75...457+3+1.9...9.1...3+1+9.685+7..9.6.+5.1.56.1.+4+9.7..1+792..+5:213 222 223 224 325 631 233 339 251 851 852 253 653 853 257 258 259 459 271 871 373 379:239::',
     'Turbot Fish: 2 r3c1 =2= r4c1 -2- r4c8 =2= r6c9 => r3c9<>2'),
    (':0400:5:8..2.5.7+9.7.....5....6+71..23.1.....6..74.62..4.....9.76..8.3+7+2..3+8.+6..9.+75.1.4+3+68:417 921 323 423 923 925 427 827 129 942 544 945 246 846 955 159 263 479 187:559 587::',
     'Skyscraper: 5 in r4c7,r7c9 (connected by r47c5) => r5c9,r8c7<>5'),
    (':0803:34:.976.+5.28+51+6+2487+39+8..7+9..5+6+98.+5..6+722.+5+8..+3+917.1+9..+58+4.5.+1.9+8+6.6.845.+91.17+9+3+8624+5:365:333::',
     'W-Wing: 3/4 in r1c1,r4c3 connected by 4 in r7c13 => r3c3<>3'),
    (':0703:24:.+6.5+1....5+8.3.619..13.7..+5.+1+29+78+4+56+3+73+5692.1.+64+8+13+57+2+9+3+7..6+198+5+8569.7..1.+9+1+8+53...::223 231 423 431::11',
     'Remote Pair: 2/4 r3c4 -4- r2c5 -2- r8c5 -4- r7c4 -2- r7c3 -4- r9c1 => r2c3,r3c1<>2, r2c3,r3c1<>4'),
    (':0501:6:.5.....2...2...8...+4+8237..+52+1.+3...+49.+841.23+5..7.4.6+21+8+42....+97.59.7.3+4828.+79+24+5.1:113 915 619 321 625 925 329 629 673:622 643 659 683 698::',
     'Simple Colors Wrap: 6 (r2c2,r4c3,r5c9,r8c3,r9c8) / (r4c7,r5c1,r7c9,r8c5,r9c2) => r2c2,r48c3,r5c9,r9c8<>6'),
    (':0403:1:.4..65..+9...4.7.5...6..+31+4.+4....+8+3918.9.3.4+2523..+4+9.....4...9..+92.3.4......98..1+4:763 664 764 371 672 174 274 275 678 679 692 697:113::',
     'Turbot Fish: 1 r1c4 =1= r2c5 -1- r8c5 =1= r8c3 => r1c3<>1'),
    (':0702:9:9.53.+46...3.9..4...+4...7...1+9+25.+38.63+8+4.....56+57..8..3.+1+32...+6+8.+68..1.2...9..61.4:118 128 237 138 838 255 957 571 575 775 977 585 785 985 787:987::13',
     'XY-Chain: 9 9- r6c7 -2- r5c7 -7- r7c7 -5- r7c6 -9- r7c5 -4- r8c4 -7- r8c9 -9 => r8c7<>9'),
    (':0702:6:.+873+95+2.+1....12..+7..267.3.926+5.+4.1+93.48+2+3.57+67.3+5+6.+4285.1.869+3....92..+1+5...1+537..:428 681 491 498:618 621 623::17',
     'XY-Chain: 6 6- r1c1 -4- r1c8 -6- r9c8 -8- r8c7 -6- r8c3 -4- r8c6 -7- r7c4 -4- r2c4 -8- r2c7 -6 => r1c8,r2c13<>6'),
    (':0702:9:3.1+9.+2.+65....613...6.8.+3+7.1.3+64.82+7+9.2..3.+18+4.+482.9+65+34+9+3.+27.1.+8+1739....6+5+2+1+8+49+37:521 721 923 438:928 931 933::17',
     'XY-Chain: 9 9- r2c1 -2- r2c9 -8- r2c2 -7- r2c4 -5- r7c4 -6- r8c6 -5- r8c7 -4- r8c8 -2- r3c8 -9 => r2c8,r3c13<>9'),
    (':0400:3:7...1+8+4.23+4.9..+7+18+2+8+174..5+9+5+1.4..9.6+4+68..9.+71+92......+417+4.+95..+3+6..83..4+7+8+32.+7+4.+9+5:614 664:337 348 368::',
     'Skyscraper: 3 in r1c8,r5c7 (connected by r15c4) => r3c7,r46c8<>3'),
    (':0701:1:7..+836+594+3+4+9+15+76+2+8+5+86+9+4213+7+4.8+5.12.+36+3.7.49.5..+5.......5.2.9+3....34.5..+99......+5+2:162 262 173 675 878 782 688 792 193:175::7',
     'X-Chain: 1 r7c9 =1= r6c9 -1- r6c1 =1= r5c3 -1- r1c3 =1= r1c2 -1- r9c2 =1= r9c5 => r7c5<>1'),
)


@pytest.mark.parametrize(("line", "hodoku"), CASES)
def test_the_hodoku_path_takes_hodokus_step(backend: str, line: str, hodoku: str) -> None:
    state = library_state(line)
    step = hodoku_path._ho_next(state, technique(_SLOT[line.split(":")[1]]), frozenset(TECHNIQUE_IDS))
    assert step is not None and str(step) == hodoku


def test_uniqueness_test_3_lists_its_eliminations_as_hodoku_adds_them() -> None:
    """HoDoKu deletes (and prints) a Uniqueness Test 3 step's eliminations house by house,
    cell by cell, as its search adds them: here r8c4<>9 before r8c6<>5, not digit by digit.
    The line is HoDoKu 2.2.4's own, from its printed path (/vp) of this grantm diabolical
    puzzle; sorted by digit it would read "r8c6<>5, r8c4<>9"."""
    from sudokit.grid import Grid
    from sudokit.human.rating import _plan

    puzzle = "900070008000841000004609700000503000200060001007020300089000540100000002300000006"
    steps, _end = hodoku_path.hodoku_walk(Grid.parse(puzzle), _plan("all", True)[3])
    lines = [str(s) for s in steps if s.technique == "unique_rectangle_3"]
    assert "Uniqueness Test 3: 4/7 in r5c46,r9c46 => r8c4<>9, r8c6<>5" in lines
