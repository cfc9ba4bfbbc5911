"""Request and response bodies of the HTTP API (pydantic models: they validate requests
and are the OpenAPI description at ``/openapi.json``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = [
    "PUZZLE_MAX", "ErrorBody", "PuzzleBody", "AnyPuzzleBody", "VariantResult", "SolveBody", "CountBody", "CheckBody", "HintBody", "ExplainBody",
    "GenerateBody", "RenderBody", "ConvertBody", "TraceBody", "SolveResult", "CountResult", "CheckResult",
    "HintResult", "ExplainResult", "RatingResult", "GenerateResult", "ConvertResult", "TraceResult", "InfoResult",
]

#: Longest puzzle text accepted (a pencil-mark grid with borders is ~1,500 characters).
PUZZLE_MAX = 8192

Symmetry = Literal["none", "rotational180", "rotational90", "horizontal", "vertical", "diagonal", "antidiagonal", "full"]
Solver = Literal["check_everything", "bookkeeping", "positional", "template", "logic"]

_PUZZLE = Field(
    ...,
    min_length=1,
    max_length=PUZZLE_MAX,
    description="The puzzle in any form sudokit.parse reads (81 characters, '.' or '0' for blanks; a pretty grid) "
    "or any single-puzzle text format (sdk, ss, HoDoKu, sukaku, JSON, ipuz), or an f-puzzles or SudokuPad link or "
    "JSON, or sudokit's variant JSON (as text or as an object). solve, count, check, render and variant accept variant "
    "puzzles (any size, jigsaw, killer, thermometer...); the other endpoints play classic 9x9 Sudoku only.",
    examples=["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"],
)
_DIGITS = Field(
    None,
    min_length=1,
    max_length=PUZZLE_MAX,
    description="The player's grid (givens plus their own digits, mistakes included) in any form sudokit.parse reads.",
)
_MARKS = Field(
    None,
    min_length=81,
    max_length=81,
    description="The player's pencil marks (centre marks): 81 strings of digits in cell order, '' for none.",
)


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorDetail(BaseModel):
    """What went wrong: the error's class name (as in sudokit.errors) and a message."""

    type: str = Field(..., examples=["ConflictingGivensError"])
    message: str


class ErrorBody(BaseModel):
    """Every error response: ``{"error": {"type": ..., "message": ...}}``."""

    error: ErrorDetail


class PuzzleBody(_Body):
    puzzle: str = _PUZZLE


class AnyPuzzleBody(_Body):
    """A body whose puzzle may also be a variant description given as a JSON object."""

    puzzle: Union[Annotated[str, StringConstraints(min_length=1, max_length=PUZZLE_MAX)], dict[str, Any]] = Field(
        ..., description="A puzzle as text (see the other endpoints), or sudokit's variant JSON / f-puzzles JSON as an object.",
        examples=["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"],
    )


class SolveBody(AnyPuzzleBody):
    first: bool = Field(False, description="Return one solution even when there are several.")


class CountBody(AnyPuzzleBody):
    limit: int = Field(2, ge=1, le=10_000, description="Stop counting at this many solutions.")


class CheckBody(AnyPuzzleBody):
    digits: Optional[str] = _DIGITS


class HintBody(PuzzleBody):
    digits: Optional[str] = _DIGITS
    pencil_marks: Optional[list[str]] = _MARKS
    level: int = Field(1, ge=1, le=3, description="1: technique and where; 2: plus digits and houses; 3: the whole step.")


class ExplainBody(PuzzleBody):
    fallback: bool = Field(False, description="When logic is stuck, add a labelled backtracking step and go on.")


class GenerateBody(_Body):
    difficulty: Optional[str] = Field(
        None, max_length=40, description="A band (easy, medium, hard, expert, extreme), an SE range like se:2.0-3.5, or hodoku:LEVEL.",
        examples=["medium"],
    )
    symmetry: Symmetry = "none"
    seed: Optional[int] = Field(None, ge=0, lt=2**63, description="Same seed and options, same puzzle.")


class RenderBody(AnyPuzzleBody):
    format: Literal["svg", "png"] = "svg"
    size: int = Field(450, ge=60, le=2000, description="Picture side in pixels.")
    theme: Literal["light", "dark", "print"] = "light"
    digits: Optional[str] = _DIGITS
    pencil_marks: Optional[list[str]] = _MARKS
    candidates: bool = Field(False, description="Fill blank cells with their candidates.")


class ConvertBody(PuzzleBody):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    to: str = Field("line", max_length=20, description="A text format name: line, pretty, sdk, ss, hodoku-grid, sukaku, pm, json, ipuz, leetcode...")
    source_format: Optional[str] = Field(None, alias="from", max_length=20, description="The input's format (default: detected).")


class TraceBody(PuzzleBody):
    solver: Solver = Field("positional", description="A teaching solver, or 'logic' for the human-style path's placements.")
    max_nodes: int = Field(20_000, ge=1, le=200_000, description="Node budget of the teaching solver.")


# ------------------------------------------------------------------ responses
class SolveResult(BaseModel):
    puzzle: str
    solution: str
    unique: bool
    size: Optional[int] = Field(None, description="Variants: the grid's size N (digits 1..N).")
    rules: Optional[list[str]] = Field(None, description="Variants: the kinds of rule (killer, thermometer, jigsaw...).")
    rows: Optional[list[list[int]]] = Field(None, description="Variants: the solution as rows of ints (0: outside every grid).")


class CountResult(BaseModel):
    puzzle: str
    count: int
    limit: int
    capped: bool
    size: Optional[int] = Field(None, description="Variants: the grid's size N (digits 1..N).")
    rules: Optional[list[str]] = Field(None, description="Variants: the kinds of rule (killer, thermometer, jigsaw...).")


class CheckResult(BaseModel):
    puzzle: str
    givens: int
    solutions: int = Field(..., description="0, 1 or 2 (2 means two or more).")
    unique: bool
    conflicts: Optional[list[int]] = Field(None, description="Cells of the player's digits that clash with a peer.")
    mistakes: Optional[list[int]] = Field(None, description="Cells whose digit disagrees with the unique solution.")
    filled: Optional[int] = None
    solved: Optional[bool] = None
    size: Optional[int] = Field(None, description="Variants: the grid's size N (digits 1..N).")
    rules: Optional[list[str]] = Field(None, description="Variants: the kinds of rule (killer, thermometer, jigsaw...).")


class VariantResult(BaseModel):
    puzzle: str = Field(..., description="The givens, one character per cell ('.' blank; digits then letters past 9).")
    size: int
    rules: list[str]
    classic: bool = Field(..., description="A plain 9x9 Sudoku (every endpoint takes it).")
    playable: bool = Field(..., description="One 9x9 grid with 3x3 boxes or jigsaw regions: the web app's board can play it.")
    regions: Optional[list[list[int]]] = Field(None, description="When playable: the cells of each box or jigsaw region.")
    title: str
    overlay: str = Field(..., description="The rules' marks as an SVG cropped to the grid (empty for classic puzzles).")


class StepResult(BaseModel):
    technique: str
    name: str
    family: str
    houses: list[str]
    cells: list[list[Any]] = Field(..., description="[cell, role] pairs")
    digits: list[int]
    text: Optional[str] = None
    why: Optional[str] = None
    placements: Optional[list[list[int]]] = None
    eliminations: Optional[list[list[int]]] = None
    links: Optional[list[list[Any]]] = None


class HintResult(BaseModel):
    kind: Literal["mistake", "missing_candidate", "step", "solved", "stuck"]
    level: int
    text: str
    cells: list[int]
    digits: list[int]
    step: Optional[StepResult]


class ExplainResult(BaseModel):
    puzzle: str
    end: str
    message: str
    solved_logically: bool
    final: str
    solution: Optional[str]
    steps: list[StepResult]


class RatingResult(BaseModel):
    se: float
    ep: float
    ed: float
    hodoku_level: str
    hodoku_score: int
    band: str
    hardest: str
    counts: dict[str, int]
    solved_logically: bool
    steps: int
    uniqueness: bool
    engine_version: str
    techniques: list[str]
    summary: str


class GenerateResult(BaseModel):
    puzzle: str
    solution: str
    seed: int
    symmetry: str
    difficulty: Optional[str]
    clues: int
    rating: RatingResult


class ConvertResult(BaseModel):
    format: str
    text: str


class TraceResult(BaseModel):
    solver: str
    nodes: int
    events: list[list[int]] = Field(..., description="[cell, digit] in order; digit 0 = the digit was taken back.")
    solution: str
    complete: bool
    seconds: float = Field(..., description="How long the search took, while recording the trace.")


class InfoResult(BaseModel):
    version: str
    backend: str
    techniques: list[dict[str, Any]]
    formats: list[str]
    symmetries: list[str]
    solvers: list[str]
    limits: dict[str, Any]
