"""Colour themes for every picture sudokit draws (SVG, PNG, PDF and the terminal).

A :class:`Theme` is a small frozen dataclass of ``#rrggbb`` colours. Three are built in:
``light`` (screens), ``dark`` (dark screens and notebooks) and ``print`` (grey tones only,
heavier lines, for paper). Make your own with :func:`dataclasses.replace`:

>>> from dataclasses import replace
>>> mine = replace(THEMES["light"], name="mine", given="#000080")
>>> get_theme(mine).given, get_theme("dark").name
('#000080', 'dark')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

__all__ = ["Theme", "THEMES", "ROLES", "get_theme", "ThemeLike"]

#: Cell roles a hint can give its pattern cells (``Step.cells``); others use ``"other"``.
ROLES = ("base", "cover", "fin", "pivot", "pincer", "link", "color1", "color2", "color3", "color4", "roof", "floor", "other")


@dataclass(frozen=True)
class Theme:
    """The colours (``#rrggbb``) and line weights of one look.

    ``roles`` maps a cell role to ``(cell fill, candidate fill)``: the light tint behind a
    pattern cell and the stronger disc behind the candidate that makes the pattern.
    ``line_scale`` multiplies the grid line widths (the print theme draws heavier lines).
    """

    name: str
    background: str
    thin_line: str
    thick_line: str
    given: str
    user: str
    pencil: str
    house: str
    placement_cell: str
    placement_digit: str
    elimination: str
    elimination_disc: str
    strong_link: str
    weak_link: str
    roles: dict[str, tuple[str, str]] = field(default_factory=dict)
    line_scale: float = 1.0

    def role(self, name: str) -> tuple[str, str]:
        """The (cell fill, candidate fill) of a role; unknown roles use ``"other"``."""
        return self.roles.get(name) or self.roles["other"]


_LIGHT_ROLES = {
    "base": ("#cfe3ff", "#7fb2f5"),
    "cover": ("#d6f2cf", "#8fd184"),
    "fin": ("#f3d3f6", "#d894df"),
    "pivot": ("#ffe0b3", "#f5b04f"),
    "pincer": ("#fff1b8", "#f0d04a"),
    "link": ("#e2dcff", "#a999f0"),
    "color1": ("#c9f1f4", "#52c5d0"),
    "color2": ("#ffd9cc", "#f28d6b"),
    "color3": ("#d4f5d0", "#6cc75f"),  # Multi Colors: the second cluster's two colours
    "color4": ("#efe0ff", "#b58be8"),
    "roof": ("#ffd6e4", "#f07ea6"),
    "floor": ("#d9e4ee", "#8fa9c2"),
    "other": ("#e8e8e8", "#bdbdbd"),
}
_DARK_ROLES = {
    "base": ("#1d3557", "#2f6fb8"),
    "cover": ("#1f4529", "#3b8a4a"),
    "fin": ("#4a2450", "#9a4ca6"),
    "pivot": ("#57391a", "#b8772a"),
    "pincer": ("#4f4417", "#a68f25"),
    "link": ("#2f2a55", "#6a5fc0"),
    "color1": ("#17464b", "#2c9aa5"),
    "color2": ("#55291b", "#c0603f"),
    "color3": ("#1f4a1b", "#4f9f45"),
    "color4": ("#3b2655", "#8a62c0"),
    "roof": ("#552236", "#b84a74"),
    "floor": ("#26333f", "#587590"),
    "other": ("#3a3a3a", "#666666"),
}
# Grey tones that stay distinct on a black-and-white printer.
_PRINT_ROLES = {
    "base": ("#e6e6e6", "#bcbcbc"),
    "cover": ("#f2f2f2", "#d4d4d4"),
    "fin": ("#d9d9d9", "#a6a6a6"),
    "pivot": ("#d0d0d0", "#9a9a9a"),
    "pincer": ("#dedede", "#b0b0b0"),
    "link": ("#ececec", "#c4c4c4"),
    "color1": ("#e0e0e0", "#b4b4b4"),
    "color2": ("#f0f0f0", "#d0d0d0"),
    "color3": ("#d6d6d6", "#a8a8a8"),
    "color4": ("#f6f6f6", "#dcdcdc"),
    "roof": ("#dadada", "#a0a0a0"),
    "floor": ("#efefef", "#cccccc"),
    "other": ("#eeeeee", "#c8c8c8"),
}

THEMES: dict[str, Theme] = {
    "light": Theme(
        name="light", background="#ffffff", thin_line="#9a9a9a", thick_line="#202020",
        given="#111111", user="#1f5fbf", pencil="#555555", house="#fbf6dc",
        placement_cell="#c4f0c4", placement_digit="#11803a", elimination="#d0021b", elimination_disc="#ffd0d5",
        strong_link="#d81b60", weak_link="#d81b60", roles=_LIGHT_ROLES,
    ),
    "dark": Theme(
        name="dark", background="#1e1f22", thin_line="#55585e", thick_line="#c8ccd2",
        given="#eceff4", user="#7cb7ff", pencil="#a9adb5", house="#35331f",
        placement_cell="#1f4d2c", placement_digit="#6ee08a", elimination="#ff5c6c", elimination_disc="#4d1f27",
        strong_link="#ff7eb3", weak_link="#ff7eb3", roles=_DARK_ROLES,
    ),
    "print": Theme(
        name="print", background="#ffffff", thin_line="#777777", thick_line="#000000",
        given="#000000", user="#555555", pencil="#333333", house="#f7f7f7",
        placement_cell="#d8d8d8", placement_digit="#000000", elimination="#000000", elimination_disc="#dddddd",
        strong_link="#000000", weak_link="#444444", roles=_PRINT_ROLES, line_scale=1.25,
    ),
}

ThemeLike = Union[str, Theme]


def get_theme(theme: ThemeLike) -> Theme:
    """A :class:`Theme` itself, or the built-in one with that name (``ValueError`` if none)."""
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        raise ValueError(f"unknown theme {theme!r} (choose one of {', '.join(THEMES)})") from None
