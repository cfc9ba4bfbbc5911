"""SudokuPad's compact puzzle text ("zipped" SCL JSON): read and write.

SudokuPad shortens its puzzle JSON before compressing it: long property names become
short ones (``cells`` -> ``ce``, ``overlays`` -> ``o``, ...), keys lose their quotes,
strings use single quotes, ``true``/``false`` become ``t``/``f``, empty arrays are
dropped, ``{}`` inside arrays is left out (``[,,]``) and colours lose their ``#``
(``#000000`` -> ``#0``, ``#FFFFFF`` -> ``#F``, ``#a1b2c3`` -> ``a1b2c3``). This module
parses that text with a small tolerant parser (plain JSON is a special case of it) and
writes it back.

>>> unzip_scl("{ce:[[{v:1},,{v:'2'}]],c:#0,t:'it\\\\'s',r:t}")
{'cells': [[{'value': 1}, {}, {'value': '2'}]], 'color': '#000000', 'title': "it's", 'rounded': True}
>>> unzip_scl(zip_scl({"cells": [[{"value": 1}, {}]], "lines": []}))
{'cells': [[{'value': 1}, {}]]}
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import InvalidFormatError
from ..limits import MAX_JSON_DEPTH

__all__ = ["unzip_scl", "zip_scl", "PROPERTY_NAMES"]

#: SudokuPad's short property names (long name -> short name).
PROPERTY_NAMES: dict[str, str] = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2", "cells": "ce",
    "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
    "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs", "thickness": "th",
    "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te", "duration": "d", "d": "d2",
}
_LONG = {short: long for long, short in PROPERTY_NAMES.items()}
_BARE = re.compile(r"[A-Za-z0-9_.+#-]+")
_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][+-]?\d+)?$")
_HEX6 = re.compile(r"[0-9a-fA-F]{6}$")
_MAX_TEXT = 4_000_000
_END = "\x00"  # what peek() sees after the last character (never in a membership test's string)


class _Parser:
    """Recursive descent over the compact text; ``{}`` for elided array items."""

    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def fail(self, what: str) -> InvalidFormatError:
        return InvalidFormatError(f"SudokuPad puzzle text: {what} at character {self.pos + 1}")

    def peek(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else _END

    def expect(self, ch: str) -> None:
        if self.peek() != ch:
            raise self.fail(f"expected {ch!r}")
        self.pos += 1

    def value(self, depth: int, in_member: bool = False) -> Any:
        if depth > MAX_JSON_DEPTH:
            raise self.fail(f"nested deeper than {MAX_JSON_DEPTH} levels")
        ch = self.peek()
        if ch == "{":
            return self.obj(depth)
        if ch == "[":
            return self.arr(depth)
        if ch in ("'", '"'):
            return self.string()
        return self.bare(in_member)

    def obj(self, depth: int) -> dict[str, Any]:
        self.expect("{")
        out: dict[str, Any] = {}
        if self.peek() == "}":
            self.pos += 1
            return out
        while True:
            key = self.string() if self.peek() in "'\"" else self.word()
            self.expect(":")
            out[key] = self.value(depth + 1, in_member=True)
            ch = self.peek()
            self.pos += 1
            if ch == "}":
                return out
            if ch != ",":
                self.pos -= 1
                raise self.fail("expected ',' or '}'")

    def arr(self, depth: int) -> list[Any]:
        self.expect("[")
        out: list[Any] = []
        if self.peek() == "]":
            self.pos += 1
            return out
        while True:
            out.append({} if self.peek() in ",]" else self.value(depth + 1))
            ch = self.peek()
            self.pos += 1
            if ch == "]":
                return out
            if ch != ",":
                self.pos -= 1
                raise self.fail("expected ',' or ']'")

    def word(self) -> str:
        self.peek()
        match = _BARE.match(self.text, self.pos)
        if not match:
            raise self.fail("expected a name or value")
        self.pos = match.end()
        return match.group()

    def bare(self, in_member: bool) -> Any:
        word = self.word()
        special = {"t": True, "true": True, "f": False, "false": False, "null": None, "#0": "#000000", "#F": "#FFFFFF"}
        if word in special:
            return special[word]
        if in_member and _HEX6.match(word):  # a colour without its '#' (only as an object member)
            return "#" + word
        if _NUMBER.match(word):
            if len(word) > 40:
                raise self.fail("a number is too long")
            return int(word) if re.fullmatch(r"-?\d+", word) else float(word)
        raise self.fail(f"{word[:20]!r} is not a value")

    def string(self) -> str:
        quote = self.text[self.pos]
        self.pos += 1
        out: list[str] = []
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            self.pos += 1
            if ch == quote:
                return "".join(out)
            if ch == "\\" and self.pos < len(self.text):
                esc = self.text[self.pos]
                self.pos += 1
                if esc == "u":
                    digits = self.text[self.pos : self.pos + 4]
                    if not _HEX6.match(digits + "00"):
                        raise self.fail("bad \\u escape")
                    out.append(chr(int(digits, 16)))
                    self.pos += 4
                else:
                    out.append({"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}.get(esc, esc))
            else:
                out.append(ch)
        raise self.fail("unterminated string")


def _rename(node: Any, names: dict[str, str]) -> Any:
    if isinstance(node, list):
        return [_rename(v, names) for v in node]
    if isinstance(node, dict):
        return {names.get(k, k): _rename(v, names) for k, v in node.items()}
    return node


def unzip_scl(text: str) -> Any:
    """The puzzle object of SudokuPad's compact text (or of plain JSON), long names restored.

    Plain JSON keeps its names (it was never shortened)."""
    if len(text) > _MAX_TEXT:
        raise InvalidFormatError(f"SudokuPad puzzle text longer than {_MAX_TEXT} characters")
    parser = _Parser(text.strip())
    data = parser.value(0)
    parser.peek()  # skips trailing blanks
    if parser.pos < len(parser.text):
        raise parser.fail("unexpected text after the puzzle")
    if _looks_plain_json(text):
        return data
    return _rename(data, _LONG)


def _looks_plain_json(text: str) -> bool:
    return re.match(r'\s*\{\s*"', text) is not None


def _compact(node: Any) -> Any:
    if isinstance(node, list):
        return [_compact(v) for v in node]
    if isinstance(node, dict):
        return {PROPERTY_NAMES.get(k, k): _compact(v) for k, v in node.items() if v != []}
    return node


def _write(node: Any, member: bool) -> str:
    if isinstance(node, dict):
        return "{" + ",".join(f"{_key(k)}:{_write(v, True)}" for k, v in node.items()) + "}"
    if isinstance(node, list):
        return "[" + ",".join("" if v == {} and len(node) > 1 else _write(v, False) for v in node) + "]"
    if node is True or node is False:
        return "t" if node else "f"
    if isinstance(node, str):
        if member and node.upper() in ("#000000", "#FFFFFF"):
            return "#0" if node.upper() == "#000000" else "#F"
        if member and node.startswith("#") and _HEX6.match(node[1:]):
            return node[1:]
        return "'" + node.replace("\\", "\\\\").replace("'", "\\'") + "'"
    return json.dumps(node)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9]+", key) else "'" + key.replace("\\", "\\\\").replace("'", "\\'") + "'"


def zip_scl(data: dict[str, Any]) -> str:
    """SudokuPad's compact text of a puzzle object (short names, no quotes on keys, ...)."""
    return _write(_compact(data), False)
