"""LZ-String's ``compressToBase64`` / ``decompressFromBase64`` (stdlib only).

f-puzzles and SudokuPad links carry their puzzle JSON this way after ``?load=``. The
algorithm (pieroxy's LZ-String 1.4) is an LZW variant over UTF-16 code units with code
widths growing from 2 bits; values are written least significant bit first, packed into
6-bit base64 digits, most significant first.

>>> compress_to_base64("hello")
'BYUwNmD2Q==='
>>> decompress_from_base64(compress_to_base64('{"size":9,"grid":[]}'))
'{"size":9,"grid":[]}'
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import InvalidFormatError

__all__ = ["compress_to_base64", "decompress_from_base64"]

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_B64_VALUE = {ch: k for k, ch in enumerate(_B64)}


def _units(text: str) -> list[int]:
    """UTF-16 code units of ``text`` (what a JavaScript string is made of)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[k] | data[k + 1] << 8 for k in range(0, len(data), 2)]


def _from_units(units: list[int]) -> str:
    return b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le", "surrogatepass")


class _BitWriter:
    def __init__(self, bits_per_char: int) -> None:
        self.bits, self.val, self.pos = bits_per_char, 0, 0
        self.out: list[int] = []

    def write(self, value: int, width: int) -> None:
        """``width`` bits of ``value``, least significant first."""
        for _ in range(width):
            self.val = (self.val << 1) | (value & 1)
            value >>= 1
            if self.pos == self.bits - 1:
                self.out.append(self.val)
                self.pos, self.val = 0, 0
            else:
                self.pos += 1

    def flush(self) -> None:
        while True:
            self.val <<= 1
            if self.pos == self.bits - 1:
                self.out.append(self.val)
                return
            self.pos += 1


def _compress(units: list[int], bits_per_char: int) -> list[int]:
    dictionary: dict[tuple[int, ...], int] = {}
    to_create: set[tuple[int, ...]] = set()
    w: tuple[int, ...] = ()
    enlarge_in, dict_size, num_bits = 2, 3, 2
    out = _BitWriter(bits_per_char)

    def emit(w: tuple[int, ...]) -> None:
        nonlocal enlarge_in, num_bits
        if w in to_create:
            if w[0] < 256:
                out.write(0, num_bits)
                out.write(w[0], 8)
            else:
                out.write(1, num_bits)
                out.write(w[0], 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, num_bits = 1 << num_bits, num_bits + 1
            to_create.discard(w)
        else:
            out.write(dictionary[w], num_bits)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1

    for c in units:
        key = (c,)
        if key not in dictionary:
            dictionary[key] = dict_size
            dict_size += 1
            to_create.add(key)
        wc = w + key
        if wc in dictionary:
            w = wc
        else:
            emit(w)
            dictionary[wc] = dict_size
            dict_size += 1
            w = key
    if w:
        emit(w)
    out.write(2, num_bits)
    out.flush()
    return out.out


def compress_to_base64(text: str) -> str:
    """LZ-String ``compressToBase64`` of ``text``."""
    if not text:
        return ""
    res = "".join(_B64[v] for v in _compress(_units(text), 6))
    return res + "=" * (-len(res) % 4)


def _decompress(length: int, reset: int, next_value: Callable[[int], int]) -> list[int] | None:
    dictionary: list[list[int]] = [[], [], []]
    enlarge_in, dict_size, num_bits = 4, 4, 3
    val, position, index = next_value(0), reset, 1

    def read(width: int) -> int:
        nonlocal val, position, index
        bits, power = 0, 1
        for _ in range(width):
            bit = val & position
            position >>= 1
            if position == 0:
                position = reset
                val = next_value(index)
                index += 1
            if bit:
                bits |= power
            power <<= 1
        return bits

    kind = read(2)
    if kind == 2:
        return []
    if kind > 2:
        return None
    c = [read(8 if kind == 0 else 16)]
    dictionary.append(c)
    w, result = c, list(c)
    while True:
        if index > length:
            return None
        code = read(num_bits)
        if code in (0, 1):
            dictionary.append([read(8 if code == 0 else 16)])
            dict_size += 1
            code = dict_size - 1
            enlarge_in -= 1
        elif code == 2:
            return result
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1
        if code < len(dictionary) and dictionary[code]:
            entry = dictionary[code]
        elif code == dict_size:
            entry = w + w[:1]
        else:
            return None
        result.extend(entry)
        dictionary.append(w + entry[:1])
        dict_size += 1
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1


def decompress_from_base64(data: str) -> str:
    """LZ-String ``decompressFromBase64``; raises InvalidFormatError on damaged input."""
    data = data.strip()
    if not data:
        return ""
    bad = next((ch for ch in data if ch not in _B64_VALUE), None)
    if bad is not None:
        raise InvalidFormatError(f"{bad!r} is not a base64 character of an LZ-String")
    units = _decompress(len(data), 32, lambda i: _B64_VALUE[data[i]] if i < len(data) else 0)
    if units is None:
        raise InvalidFormatError("damaged LZ-String data (it does not decompress)")
    try:
        return _from_units(units)
    except UnicodeDecodeError:
        raise InvalidFormatError("damaged LZ-String data (not text)") from None
