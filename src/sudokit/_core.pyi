# Type stub for the C extension ``sudokit._core``.
#
# The kernel contract (shared by ``_core`` and its pure-Python twin ``_pycore``):
#   * A 9x9 puzzle is 81 bytes, row-major: b'1'..b'9' for a digit, b'.' or b'0' for a blank.
#   * The kernel bounds-checks everything and never trusts its input, but meaning
#     (parsing, error messages) is Python's job.
#   * ``count`` is capped at ``limit`` (the search stops as soon as ``limit`` solutions exist).
#   * Conflicting givens simply give a count of 0; Python tells conflicts from
#     unsolvable puzzles afterwards.
#   * ``guesses`` counts the branches the search tried, except the last alternative of
#     each branch point (forced once the others failed), as tdoku counts them. It is a
#     measure of work, not part of the answer: _core and _pycore may differ.
#   * The C core clamps ``limit`` to 2**32 - 2 (counts are uint32; 2**32 - 1 is BAD_INPUT).
#   * The C core is reentrant and keeps no global state: ``solve_batch`` may run from
#     several threads at once on distinct output buffers (the GIL is released).
#   * ``solve`` and ``solve_batch`` check for signals now and then while they run (about
#     every 10 ms of search), so Ctrl-C raises KeyboardInterrupt out of a long count; a
#     batch interrupted that way leaves its later outputs unwritten.
from typing_extensions import Buffer

#: Status written to ``counts[i]`` by ``solve_batch`` when puzzle i holds a byte
#: outside b'1'..b'9', b'.', b'0'.
BAD_INPUT: int

def solve(puzzle: bytes | str, limit: int) -> tuple[int, bytes, int]:
    """Solve one puzzle: ``(count, first_solution, guesses)``.

    ``puzzle`` is 81 bytes, or a str of 81 ASCII characters with the same meaning (read
    without an intermediate bytes object: the fast path of ``sudokit.solve(str)``).
    ``first_solution`` is 81 bytes when ``count >= 1``, else ``b''``.
    Raises ValueError if ``puzzle`` is not 81 valid bytes/characters or ``limit < 1``.
    """

def solve_batch(puzzles: Buffer, solutions: Buffer, counts: Buffer, limit: int, unique_only: bool = False) -> int:
    """Solve ``n = len(puzzles) // 81`` puzzles with the GIL released; return total guesses.

    ``solutions`` (writable, 81*n bytes) gets each first solution, or 81 b'.' when there
    is none, or (``unique_only``) when the count is 2 or more. ``counts`` (writable, n native uint32 values, e.g. ``array('I')``) gets each
    count capped at ``limit``, or ``BAD_INPUT``. Raises ValueError on size mismatches.
    Buffers must be C-contiguous; ``solutions`` may be ``puzzles`` itself (solved in
    place); the C core raises ValueError on any other overlap of the three buffers.
    """

def features() -> list[str]:
    """The CPU features the solver's code path uses (e.g. ['popcnt', 'bmi2']; [] portable)."""

def dispatch() -> tuple[str, str]:
    """The solver's code path and why it runs: ``(path, reason)``.

    ``path`` is ``"portable"``, ``"bmi2"`` or ``"avx2"`` for ``_core`` (``"python"`` for the
    twin). It is picked once at import: ``SUDOKIT_CPU=portable|bmi2|avx2|auto`` forces a
    path; a path this CPU cannot run (or an unknown name) falls back to the automatic
    choice (BMI2's PEXT where it is fast: Intel, AMD from Zen 3 on), and ``reason`` says so.
    """

# ----------------------------------------------------------------- canonical form
# The canonical (minimal-lexicographic) form over the Sudoku group, as defined in the
# docstring of sudokit.transform; csrc/canon9.c computes it, _pycore holds the reference
# search. Both kernels give the same form for every input; when several transformations
# reach it (symmetric puzzles), which one is returned may differ between them.

# Statuses (the names are in _pycore: CANON_OK, CANON_CONFLICT, CANON_TOO_MANY,
# CANON_BAD_INPUT): 0 the form was computed; 1 two givens conflict (form and transform
# are b''); 2 the C search hit its memory cap on a very sparse puzzle (call
# _pycore.canonical instead; the twin never returns 2); 3 a batch entry held a byte
# outside b'1'..b'9', b'.', b'0' (canonical_batch only).

def canonical(puzzle: bytes) -> tuple[int, bytes, bytes]:
    """Canonical form of one puzzle: ``(status, form, transform)``.

    ``form`` is 81 bytes (b'1'..b'9', blanks as b'.'). ``transform`` is 28 raw bytes:
    ``transpose`` (0/1), ``rows[9]``, ``cols[9]`` (0..8), ``digits[9]`` (1..9), the fields
    of ``sudokit.transform.Transform`` in that order, with ``Transform(...).apply(puzzle)
    == form``. Both are b'' unless status is 0 (``CANON_OK``).
    Raises ValueError if ``puzzle`` is not 81 valid bytes. The C kernel releases the GIL.
    """

def canonical_batch(puzzles: Buffer, forms: Buffer, statuses: Buffer) -> None:
    """Canonical forms of ``n = len(puzzles) // 81`` puzzles with the GIL released.

    ``forms`` (writable, 81*n bytes) gets each form, or 81 b'.' when status is not
    ``CANON_OK``; ``statuses`` (writable, n bytes) gets each ``CANON_*`` status.
    Raises ValueError on size mismatches or overlapping buffers.
    """

# ----------------------------------------------------------------- human-style rating
# The front of Sudoku Explainer's technique order (singles, SE's direct variants,
# Pointing, Claiming, Locked/Naked Pair, X-Wing, Hidden Pair: ER 1.0-3.4) for the SE rating path of
# sudokit.human.rating; csrc/human9.h lists the
# techniques (bit ``code`` of ``enabled``) and their search orders. The twin is
# sudokit._pyhuman9; both take exactly the same steps.

def human_se_run(values: bytes, cands: bytes, enabled: int, max_steps: int) -> tuple[int, bytes, bytes, bytes, bytes]:
    """Take front steps until none applies: ``(status, steps, values, cands, where)``.

    ``values``: 81 bytes 0..9 (0 = blank); ``cands``: 81 native-endian uint16 candidate
    masks (``array('H')`` bytes; bit d-1 = digit d, 0 for a filled cell). At most
    ``min(max_steps, 729)`` steps; ``steps`` holds (code, cell, digit) for a placement
    (codes 0-7), (code, digit, n, cell_1 .. cell_n) for codes 8 and 9 (cells ascending),
    (code, n, n x (cell, digit)) for codes 10-13 (ascending). ``values``/``cands``
    come back updated, ``where`` is
    nine 11-byte little-endian 81-bit masks (bit i of mask d-1: digit d possible in cell
    i). ``status``: 0 no enabled technique applies (or the grid is full), 1 max_steps
    reached, 2 the last step left a cell without candidates, 3 bad input (a value > 9, a
    mask > 0x1FF, or a filled cell with candidates; nothing done).
    Raises ValueError on wrong buffer sizes.
    """

def human_replay(puzzle: bytes) -> tuple[bytes, bytes, bytes, bytes, bytes]:
    """HoDoKu's clue replay: ``(cands, free, ns, hs, where)`` (rules in csrc/human9.h).

    The clues of ``puzzle`` (81 bytes as for ``solve``) are placed one by one, in cell
    order, on a grid with every candidate, queueing singles as HoDoKu does. ``cands``:
    81 native uint16 masks; ``free``: 27 x 10 bytes, ``free[10*h + d]`` = places of
    digit d in house h (``d = 0``: 0); ``ns`` (naked singles) and ``hs`` (hidden
    singles): queues of (cell, digit) byte pairs, oldest first; ``where`` as for
    :func:`human_se_run`. Raises ValueError if ``puzzle`` is not 81 valid bytes.
    """

def human_ho_run(
    values: bytes, cands: bytes, ns: bytes, hs: bytes, enabled: int, max_steps: int, pre: bytes = b""
) -> tuple[int, bytes, bytes, bytes, bytes, bytes, bytes, bytes]:
    """HoDoKu's front: ``(status, steps, values, cands, ns, hs, free, where)``.

    Takes HoDoKu's singles from its queues, then its intersection and subset searches
    (slots and step codes in csrc/human9.h; bit t of ``enabled`` enables slot t), applying
    each step with the queue bookkeeping, until none applies, the grid is full or
    ``max_steps`` (at most 729) steps were taken. ``values``/``cands`` as for
    :func:`human_se_run`; ``ns``/``hs``: the live queue entries as (cell, digit) byte
    pairs, oldest first (at most 81 / 243 pairs), as :func:`human_replay` returns them.
    ``steps`` holds (code, cell, digit) for a single, (code, n, n x (cell, digit)) for
    deletions in the order applied; the state comes back updated, with ``free`` and
    ``where`` as for :func:`human_replay`. ``status``: 0 done, 1 max_steps reached, 3 bad
    input (as for :func:`human_se_run`, or a queue entry out of range; nothing done).
    ``pre``: a step found elsewhere, applied first with the same bookkeeping: (op, cell,
    digit) byte triples, op 0 a placement, 1 an elimination, in the order given (at most
    1458; an op > 1, a cell > 80, a digit outside 1..9 or a placement on a cell holding
    another digit is bad input). Raises ValueError on wrong buffer sizes.
    """

def ho_tally(steps: bytes) -> tuple[tuple[int, int], ...]:
    """``(code, count)`` for each step code in :func:`human_ho_run`'s ``steps``, codes in
    order of first use: what a rating reads of them, without decoding each step. Raises
    ValueError if ``steps`` are not such bytes (an unknown code, a record cut short)."""

# ----------------------------------------------------------------- SE's chaining search
# The search of Sudoku Explainer's "Forcing Chains & Cycles" rule (csrc/sechain9.h; twin:
# sudokit._pysechain9). Both give the same bytes; sudokit.human.se_chains reads them.

def se_loops(cands: bytes, y_chain: bool, x_chain: bool) -> tuple[bytes, int]:
    """SE's cycles and forcing chains with one link set: ``(chains, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`human_se_run`. ``chains``: one
    record per chain found, in SE's search order: kind (0 cycle, 1 forcing chain), n
    (uint16 little-endian), then n potentials of 4 bytes (cell, value 1..9, on 0/1,
    cause 0-3 or 255 for the root), the chain's end first. ``spent``: search rounds (the
    node budget's unit). Raises ValueError on a wrong size, a mask > 0x1FF, or neither
    link set.
    """

def se_loop_hints(cands: bytes, max_hints: int) -> tuple[bytes, int]:
    """SE's Forcing Chains & Cycles hints (the three searches of :func:`se_loops`: X-only,
    Y-only, both), rated, sorted easiest first and de-duplicated: ``(hints, spent)``.

    ``hints``: at most ``max_hints`` (0: all) records, each the link set (0 X-only, 1
    Y-only, 2 both), the complexity (uint16 little-endian), n_rem then n_rem (cell, mask
    low byte, mask high byte) eliminations in cell order, then the chain's record as
    :func:`se_loops` gives it. With ``max_hints`` > 0 the search with both link sets is
    skipped when the first two already give that many hints rated below 7.0 (see
    csrc/seloops9.h). ``spent``: search rounds of the searches run. Raises ValueError on
    a wrong size, a mask > 0x1FF or a negative ``max_hints``.
    """

# ----------------------------------------------------------------- SE's aligned exclusion
# Sudoku Explainer's Aligned Pair/Triplet Exclusion (csrc/aligned9.h; twin:
# sudokit._pyaligned9). Both give the same bytes; sudokit.human.se_rules reads them.

def se_aligned(cands: bytes, degree: int, max_hints: int) -> tuple[bytes, int]:
    """SE's Aligned Pair (``degree`` 2) / Triplet (3) Exclusion: ``(hints, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`human_se_run`. ``hints``: at most
    ``max_hints`` (0: all) records in SE's search order, each n (1..degree) then n
    entries of 3 bytes: cell, the removed digits' mask (uint16 little-endian), in
    base-cell order. ``spent``: base-cell pairs looked at (the node budget's unit).
    Raises ValueError on a wrong size, a mask > 0x1FF, a degree other than 2 or 3, or a
    negative ``max_hints``.
    """

# ------------------------------------------------------------ HoDoKu's Franken/Mutant fish
# HoDoKu 2.2's FishSolver search for Franken and Mutant fish (csrc/hofish9.h; twin:
# sudokit._pyfish9). Both give the same bytes; sudokit.human.franken reads them.

def ho_fish(cands: bytes, size: int, finned: bool, mutant: bool, max_hits: int) -> tuple[bytes, int]:
    """HoDoKu's Franken (``mutant`` false) or Mutant fish of ``size`` houses (2..4),
    finless or ``finned``: ``(fish, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. ``fish``: at most
    ``max_hits`` (0: all) records in HoDoKu's search order, each the digit, the size, then
    the base houses and the cover houses (0-8 rows, 9-17 columns, 18-26 boxes) in the
    order the search chose them. ``spent``: cover sets checked. Raises ValueError on a
    wrong size of ``cands``, a mask > 0x1FF, a size outside 2..4 or a negative ``max_hits``.
    """

def ho_basic_fish(cands: bytes, size: int, mode: int, max_hits: int) -> tuple[bytes, int]:
    """Basic (``mode`` 0), finned (1) or sashimi (2) fish of ``size`` lines (2..4) on rows
    and columns, in :mod:`sudokit.human.fish`'s search order: ``(fish, spent)``.

    ``fish``: at most ``max_hits`` (0: all) records, each the digit, 1 for row bases (0:
    columns), the ``size`` base lines, then the cover lines' 9-bit mask and the fins'
    cross-line mask (0 for a basic fish), each uint16 little-endian. ``spent``: base
    combinations looked at. Raises ValueError on a wrong size of ``cands``, a mask >
    0x1FF, a size outside 2..4, a mode outside 0..2 or a negative ``max_hits``.
    """

# ------------------------------------------------------- XY-Chain / Remote Pair search
# HoDoKu's depth-first chain search over bivalue cells (csrc/hoxy9.h; twin:
# sudokit._pyxy9). Both give the same bytes; sudokit.human.chains reads them.

def ho_xy(cands: bytes, remote: bool, budget: int) -> tuple[bytes | None, int]:
    """The XY-Chains (or, ``remote``, Remote Pair chains) of the grid: ``(chains, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. ``chains``: in search
    order, each n (1 byte) then n states (uint16 little-endian, ``2 * node + truth``,
    node ``9 * cell + digit - 1``) from the start; None when more than ``budget`` links
    were taken (the caller raises SearchLimitExceeded). ``spent``: links taken.
    Raises ValueError on a wrong size, a mask > 0x1FF or a negative budget.
    """

# ------------------------------------------- single-digit patterns and X-Chain search
# Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle and HoDoKu's depth-first X-Chain
# search (csrc/hosingle9.h; twin: sudokit._pysingle9). Both give the same bytes;
# sudokit.human.single_digit and sudokit.human.chains read them.

def ho_single(cands: bytes, kind: int, budget: int) -> tuple[bytes | None, int]:
    """The records of one search (``kind``: 0 Skyscraper, 1 2-String Kite, 2 Turbot Fish,
    3 Empty Rectangle, 4 X-Chain): ``(records, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. ``records``, in the order
    the finders yield them (X-Chain: HoDoKu's search order), as ``csrc/hosingle9.h``
    lays them out; None when the X-Chain search took more than ``budget`` links (the
    caller raises SearchLimitExceeded). ``spent``: X-Chain links taken (0 otherwise).
    Raises ValueError on a wrong size, a mask > 0x1FF, a kind outside 0..4 or a
    negative budget.
    """

# ------------------------------------------------------- Nice Loop / AIC tabling search
# HoDoKu's tables and its loop/AIC checks for sudokit.human.tabling (csrc/hotable9.h; twin:
# sudokit._pytable9). Both give the same bytes; sudokit.human.tabling sorts and names them.

def ho_nice_loops(cands: bytes, grouped: bool, budget: int) -> tuple[bytes | None, int]:
    """HoDoKu's Nice Loops and AICs (with group nodes when ``grouped``): ``(loops, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. ``loops``: the accepted
    chains in the order found, each the kind (1 byte: 0 discontinuous, 1 continuous nice
    loop, 2 AIC), n (uint16 little-endian), n eliminations as (cell, digit) bytes sorted
    by digit then cell, m (uint16), then m nodes (uint16; ``(d-1)*81 + cell`` on,
    ``729 + (d-1)*81 + cell`` off, ``1458 + 2*g`` / ``1459 + 2*g`` group g on / off);
    None when more than ``budget`` nodes were spent (the caller raises
    SearchLimitExceeded). ``spent``: the closure's node and component counts plus the
    entries of the tables walked. Raises ValueError on a wrong size, a mask > 0x1FF or
    a negative budget.
    """

# ------------------------------------------------------- Forcing Chain / Net search
# HoDoKu's Forcing Chains and Nets for sudokit.human.forcing (csrc/hoforce9.h; twin:
# sudokit._pyforce9). Both give the same bytes; sudokit.human.forcing writes the step.

def ho_forcing(cands: bytes, values: bytes, nets: bool, budget: int) -> tuple[bytes | None, int]:
    """HoDoKu's first Forcing Chain (Forcing Net when ``nets``) step: ``(step, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`; ``values``: 81 bytes 0..9
    (0 an empty cell). ``step``: empty when there is none, else cell, digit, placed (0/1),
    entity kind (0 a verity, 1 a contradiction in a cell, 2 in a house) and index (the
    cell, or the house: 0-8 rows, 9-17 columns, 18-26 boxes) as bytes, k (uint16
    little-endian) chains, each a premise node (uint16; ``(d-1)*81 + cell`` on,
    ``729 + (d-1)*81 + cell`` off) and e (uint16) ends, each m (uint16) and the m nodes
    of its path from the premise as (cell, digit, strong) bytes (a group node: its first
    cell). None when more than ``budget`` nodes were spent (the caller raises
    BudgetExceeded). ``spent``: the closure's node and component counts. Raises
    ValueError on a wrong size, a mask > 0x1FF, a value > 9 or a negative budget.
    """

# ------------------------------------------------------------------ Sue de Coq search
# HoDoKu's Sue de Coq search for sudokit.human.sue_de_coq (csrc/hosdc9.h; twin:
# sudokit._pysdc9). Both give the same bytes; sudokit.human.sue_de_coq writes the steps.

def ho_sdc(cands: bytes, max_hits: int) -> tuple[bytes, int]:
    """HoDoKu's Sue de Coqs in its search order: ``(records, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. ``records``: at most
    ``max_hits`` (0: all), each three cell lists (the intersection cells, the line cells,
    the box cells), each a count byte and the cells ascending. ``spent``: box subsets
    checked. Raises ValueError on a wrong size, a mask > 0x1FF or a negative ``max_hits``.
    """

# ------------------------------------------------------ Simple Colors and Multi-Colors
# HoDoKu's Simple Colors and Multi-Colors for sudokit.human.coloring (csrc/hocolor9.h; twin:
# sudokit._pycolor9). Both give the same bytes; sudokit.human.coloring writes the steps.

def ho_colors(cands: bytes) -> tuple[bytes, bytes]:
    """Every digit's color clusters and HoDoKu's coloring records: ``(clusters, records)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. ``clusters``: per cluster
    (digits ascending, clusters from the lowest cell up) the digit, then the color-1 cells,
    the color-2 cells and the houses of its links, each list a count byte and its items
    ascending. ``records``: the Simple Colors records, then the Multi-Colors ones, each
    kind (0 wrap, 1 trap, 2 Multi-Colors type 2, 3 type 1), digit, cluster i, cluster j
    (255 for Simple Colors), a count byte and the cells losing the digit ascending.
    Raises ValueError on a wrong size or a mask > 0x1FF.
    """

# ------------------------------------------------------------- naked and hidden subsets
# The subset searches of sudokit.human.subsets (csrc/subset9.h; twin: sudokit._pysubset9).
# Both give the same bytes; sudokit.human.subsets lists the eliminations and writes the steps.

def subsets(cands: bytes, values: bytes) -> bytes:
    """Every naked subset (sizes 2, 3, 4), then every hidden subset (sizes 2, 3, 4).

    ``cands``: 81 native uint16 masks as for :func:`se_loops`; ``values``: 81 bytes, the
    digit of each filled cell (0 when empty). One record per subset that eliminates
    something, each size's houses in order (rows, columns, boxes), combinations in cell
    (naked) or digit (hidden) order: kind (0 naked, 1 hidden), size n, house, the n cells,
    the digits as a little-endian uint16 mask. Raises ValueError on a wrong size, a mask
    > 0x1FF or a value > 9.
    """

# ------------------------------------------------------------ XY-, XYZ- and W-Wings
# HoDoKu's wing searches for sudokit.human.wings (csrc/howing9.h; twin: sudokit._pywing9).
# Both give the same bytes; sudokit.human.wings writes the steps.

def ho_wings(cands: bytes) -> bytes:
    """Every XY-Wing, then XYZ-Wing, then W-Wing with eliminations, in HoDoKu's order.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. One record each: kind (0 XY,
    1 XYZ, 2 W), cells a, b, c (pivot and pincers; W: the two bivalue cells and 255), the
    eliminated digit z, then x, the link's house and its two cells (W only, else 255), a
    count byte and the cells losing z ascending. Raises ValueError on a wrong size or a
    mask > 0x1FF.
    """

# ------------------------------------------------- the HoDoKu path's leading searches
# One call for a run of the HoDoKu walk's C searches (csrc/hoprobe9.h; twin:
# sudokit._pyprobe9). Both give the same result; sudokit.human.hodoku_path decodes it.

def ho_probe(cands: bytes, values: bytes, givens: bytes, kinds: bytes, start: int, budget: int) -> tuple[int, bytes]:
    """The first of the searches ``kinds[start:]`` that applies on the grid, and its records.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`; ``values`` and ``givens`` as
    for :func:`ho_rects`; ``kinds``: up to 256 search kinds 0..26 (csrc/hoprobe9.h: basic,
    finned and sashimi fish, Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle,
    XY-/XYZ-/W-Wing, Remote Pair, BUG+1, Uniqueness Test 1-6, Hidden Rectangle, Avoidable
    Rectangle 1-2), run in that order; ``budget``: the Remote Pair search's link budget.
    Returns (index in ``kinds``, the bytes that kind's own entry point gives:
    ``ho_basic_fish`` with max_hits 1, ``ho_single``, ``ho_wings`` (all kinds' records),
    ``ho_xy``, ``ho_rects`` with every kind (all records); a Remote Pair search past its
    budget: empty), or ``(len(kinds), b"")`` when none applies. Raises ValueError on a
    wrong size, a mask > 0x1FF, a value > 9, a given flag > 1, an unknown kind, more than
    256 kinds, ``start`` outside 0..len(kinds) or a negative budget.
    """

# -------------------------------------------------- almost locked sets, restricted commons
# HoDoKu's ALS collection and restricted commons for sudokit.human.als (csrc/hoals9.h; twin:
# sudokit._pyals9). Both give the same bytes.

def ho_als(cands: bytes) -> tuple[bytes, bytes]:
    """HoDoKu's almost locked sets and their restricted commons: ``(alses, rcs)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. ``alses``: 13 bytes per
    ALS in HoDoKu's order, the cells as an 81-bit little-endian mask (11 bytes) and the
    digits (uint16 little-endian). ``rcs``: 6 bytes per pair of non-overlapping ALS i < j
    with a restricted common, i and j (uint16 little-endian), the lowest one or two RC
    digits (the second 0 when there is one). Raises ValueError on a wrong size or a mask
    > 0x1FF.
    """

def ho_als_steps(cands: bytes, kind: int, limit: int) -> bytes:
    """HoDoKu's ALS-XZ (``kind`` 0) or ALS-XY-Wing (``kind`` 1) steps over the ALS and RCs
    of :func:`ho_als`, at most ``limit`` of them, in HoDoKu's order.

    One record per step: the number of ALS n (uint8; 2: A, B, or 3: A, B, C) and n ALS
    records as in :func:`ho_als` (13 bytes), the RC digits (uint16 little-endian mask: X of
    ALS-XZ, X,Y of the wing), the Z digits (uint16 mask; 0 for a doubly linked ALS-XZ that
    eliminates from its locked sets), the number of eliminations m (uint16) and m
    ``(cell, digit)`` byte pairs ordered by digit, then cell. Raises ValueError on a wrong
    size, a mask > 0x1FF, another kind or ``limit`` < 0.
    """

def ho_als_chain(cands: bytes, max_nodes: int) -> tuple[bytes, int]:
    """HoDoKu's ALS-Chain search over the ALS and RCs of :func:`ho_als`: ``(chains, nodes)``.

    One record per elimination set, in the order of its first finding: the first ALS
    (uint16 little-endian), the number of links n (uint8), n links of 5 bytes (the RC's
    index in ``ho_als``' rcs, uint32 little-endian, and its linking digits: 1 x1, 2 x2,
    3 both). ``nodes``: the search calls made; it stops after ``max_nodes``. Raises
    ValueError on a wrong size, a mask > 0x1FF or ``max_nodes`` < 0.
    """

def ho_als_first(cands: bytes, kinds: bytes, max_nodes: int) -> tuple[int, bytes, bytes, bytes, int]:
    """The first of the ALS searches ``kinds`` (0 ALS-XZ and 1 ALS-XY-Wing: their first step,
    as :func:`ho_als_steps` with ``limit`` 1; 2 ALS-Chain: :func:`ho_als_chain` with
    ``max_nodes``) that gives a record, over one build of the grid's ALS and restricted
    commons: ``(at, records, alses, rcs, nodes)``. ``at``: that search's index in ``kinds``
    (``len(kinds)`` when none gave one); ``records``: its records; ``alses``, ``rcs``: the
    records of :func:`ho_als` when that search is the chain's (empty otherwise); ``nodes``:
    the chain search's calls (0 when it did not run). The same answers as the searches
    called one by one. Raises ValueError on a wrong size, a mask > 0x1FF, a kind above 2,
    more than 64 kinds or ``max_nodes`` < 0.
    """

# ------------------------------------------------------- SE's unique rectangles and loops
# serate's UniqueLoops rule (csrc/seunique9.h; twin: sudokit._pyseunique9). Both give the
# same bytes; sudokit.human.se_unique reads them.

def se_unique(cands: bytes, values: bytes, limit: int) -> tuple[bytes | None, int]:
    """Every Unique Rectangle / Unique Loop hint (types 1-4) of the grid, easiest first
    (SE's rating, then the type, then the order found): ``(hints, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`; ``values``: 81 bytes, the
    placed digits (0: empty). Each record: type, n, the loop's n cells in order, type 3's
    set size (else 0), m, then m x (cell, removed mask as uint16 little-endian), cells
    ascending. ``spent``: search nodes (cells entered); ``hints`` is None when more than
    ``limit`` (-1: no limit) were needed. Raises ValueError on a wrong size, a mask >
    0x1FF, a value > 9 or a limit < -1.
    """

def se_dyn(cands: bytes, multiple: bool, dynamic: bool, nishio: bool, level: int, counts: bytes,
           limit: int, seconds: float = -1.0) -> tuple[bytes | None, int]:
    """SE's multiple, Nishio and dynamic forcing chains (nesting level 0; 1: Dynamic
    Forcing Chains (+), whose closures also take the eliminations of the simple rules of
    :func:`se_simple`, with ``counts`` as there; 2-5: SE's Nested Forcing Chains, whose
    closures also take those of whole chaining rules, csrc/senest9.h): ``(hints, spent)``.

    ``cands``: 81 native uint16 masks as for :func:`se_loops`. ``hints``: every hint of
    SE's ``Chaining(multiple, dynamic, nishio, level)`` on the grid, sorted and de-duplicated as
    ``sudokit.human.se_chains.Chaining.hints`` does, in the record format of
    csrc/sedyn9.h (kind, absurd, house, digit, the eliminations as cell + mask, the result
    potential, SE's complexity, then each target's chain as a parent-indexed list).
    ``spent``: propagation rounds (the node budget's unit); with ``limit >= 0`` the search
    stops once ``spent`` passes it and ``hints`` is None; with ``seconds >= 0`` also once
    the calling thread has used that much CPU time in it. Raises ValueError on a wrong
    size, a mask > 0x1FF, a count > 9, neither ``multiple`` nor ``dynamic``, ``nishio``
    or a ``level`` without ``dynamic``, or ``level`` not 0..5.
    """

def se_simple(cur: bytes, init: bytes, counts: bytes) -> tuple[int, bytes]:
    """SE's simple rules inside nested forcing chains: ``(rule, hits)``.

    ``cur``/``init``: 81 native uint16 masks each, the grid a closure made and the one it
    started from; ``counts``: 10 bytes, how many cells hold each digit (index 0 unused).
    ``rule``: the first of locking, hidden pair, naked pair, X-Wing (0-3) with a hit that
    relies on the closure's eliminations, or -1. ``hits``: that rule's hits in its order
    (csrc/serules9.h): the eliminations as (cell, mask) and the parents as (cell, digit).
    Raises ValueError on wrong sizes, a mask > 0x1FF or a count > 9.
    """

# ----------------------------------------------------------------- generator loops
# The inner loops of sudokit.generation (csrc/dig9.h; twin: _pycore.fill/dig, constant
# _pycore.DIG_NEED_WORDS = -1). Randomness stays with the caller: ``words`` is the raw
# output of its generator, 4*n bytes, n little-endian 32-bit words, as
# ``random.Random.getrandbits(32 * n).to_bytes(4 * n, "little")`` gives them. Every
# random choice reads them as random.Random.shuffle reads getrandbits (randbelow(n): the
# top n.bit_length() bits of the next word, drawn again while >= n), so a stream gives
# the same result on both kernels. The return value starts with how many words were
# read, or -1 when they ran out (then the bytes are b''; call again with more words: the
# result only depends on the words actually read). Both release the GIL in C.

def fill(words: Buffer) -> tuple[int, bytes]:
    """A random full grid: ``(words_read, grid)`` (81 bytes b'1'..b'9').

    Digits 1..9 shuffled into boxes 1, 5, 9; the other 54 cells in shuffled order, each
    given its allowed digits (increasing, shuffled) one by one, counting at limit 2: 1
    -> done (the grid is the unique completion), 2 -> keep the digit, next cell, 0 ->
    next digit. Raises ValueError if ``len(words)`` is not a multiple of 4.
    """

def dig(puzzle: bytes, cells: bytes, sizes: bytes, words: Buffer | None, stop_at: int) -> tuple[int, bytes]:
    """Remove orbits of givens while the puzzle stays unique: ``(words_read, puzzle)``.

    The orbits are ``len(sizes)`` (at most 81) groups of ``cells`` (0..80) stored back
    to back, ``sizes[k]`` cells for orbit k, ``sum(sizes) == len(cells)``. With
    ``words`` (not None) they are first shuffled as a list; then, in that order and
    while the puzzle has more than ``stop_at`` (0..81) givens, each orbit is blanked
    (b'.') and put back unless the count at limit 2 is exactly 1. With ``stop_at=0``
    no orbit of givens of the result can be removed. Raises ValueError on bad sizes,
    cells, bytes or ``stop_at``.
    """

# ----------------------------------------------------------------- variant engine
# csrc/engine.h (twin: sudokit._pyengine). The program is the int32 byte string of
# sudokit.variants.compile (candidate masks, houses, pair relations, linear sums). Both
# kernels walk the same search tree: same count, same first solution.

def engine_solve(program: Buffer, limit: int, node_budget: int) -> tuple[int, int, bytes, int]:
    """Count solutions of a variant program: ``(status, count, solution, nodes)``.

    ``status`` 0: finished (``count`` capped at ``limit``); 1: more than ``node_budget``
    branches were needed (0: no budget). ``solution`` holds one byte per cell (digit
    1..N) of the first solution, b'' when ``count`` is 0. Releases the GIL and checks for
    signals every 4096 branches (Ctrl-C raises KeyboardInterrupt). Raises ValueError for
    a malformed program (the twin checks the same bounds).
    """
