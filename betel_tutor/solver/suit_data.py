"""The per-suit tables of :mod:`betel_tutor.solver.suits`, complete, shipped with the package.

A suit of a position is one of 4**8 = 65,536 holdings (each of its eight cards is with one of
the three hands or played). Working their entries out as the search meets them costs a few
milliseconds in every deal until a process has met most of them (and a second or so for all
of them, the misère bits being a small search each), so ``suit_tables.bin`` holds them all:
``python -m betel_tutor.solver.suit_data`` writes it and ``tests/test_solver_tables.py``
checks it against the functions that define the entries.

The file is zlib-compressed: a header, then little-endian arrays of the 65,536 indices
(``live << 16 | first << 8 | second``), of their entries without bits 56-115, and of those
bits (``suits.misere_extra``). Loading turns each index into the tables' key
(``suits.holding_key``).
"""

from __future__ import annotations

import sys
import zlib
from array import array
from pathlib import Path

from betel_tutor.solver.suits import (
    CODE_MASK,
    MISERE_INFO,
    SUIT_INFO,
    holding_key,
    misere_extra,
    suit_info,
)

PATH = Path(__file__).with_name("suit_tables.bin")
_HEADER = b"betel-suit-tables 2\n"
HOLDINGS = 4**8


def every_index() -> list[int]:
    """Every suit index ``live << 16 | first << 8 | second`` (first and second disjoint
    subsets of live), in increasing order."""
    return [
        live << 16 | first << 8 | second
        for live in range(256)
        for first in range(256)
        if first & ~live == 0
        for second in range(256)
        if second & ~(live & ~first) == 0
    ]


def key_of(index: int) -> int:
    """The key in ``suits.SUIT_INFO`` of the holding with the file's index ``index``."""
    live, first, second = index >> 16, index >> 8 & 0xFF, index & 0xFF
    return holding_key(first, second, live & ~(first | second))


def compute() -> tuple[array[int], array[int], array[int]]:
    """The three arrays of the file, worked out from their definitions (about two seconds)."""
    indices = array("I", every_index())
    entries = array("Q", (suit_info(i >> 16, i >> 8 & 0xFF, i & 0xFF) for i in indices))
    misere = array(
        "Q",
        (
            misere_extra(index >> 16, entry & CODE_MASK)
            for index, entry in zip(indices, entries, strict=True)
        ),
    )
    return indices, entries, misere


def encode(indices: array[int], entries: array[int], misere: array[int]) -> bytes:
    parts = [indices, entries, misere]
    if sys.byteorder == "big":
        parts = [array(part.typecode, part) for part in parts]
        for part in parts:
            part.byteswap()
    return zlib.compress(_HEADER + b"".join(part.tobytes() for part in parts), 9)


def decode(blob: bytes) -> tuple[array[int], array[int], array[int]]:
    raw = zlib.decompress(blob)
    if not raw.startswith(_HEADER):
        raise ValueError(f"{PATH.name}: not a suit-table file")
    parts = [array("I"), array("Q"), array("Q")]
    offset = len(_HEADER)
    for part in parts:
        size = HOLDINGS * part.itemsize
        part.frombytes(raw[offset : offset + size])
        offset += size
        if sys.byteorder == "big":
            part.byteswap()
    if offset != len(raw) or any(len(part) != HOLDINGS for part in parts):
        raise ValueError(f"{PATH.name}: wrong size")
    return parts[0], parts[1], parts[2]


# The file's arrays with the tables' keys in place of its indices, once decoded.
_decoded: list[tuple[list[int], array[int], array[int]]] = []


def load(*, misere: bool) -> None:
    """Fill ``suits.SUIT_INFO`` (and with ``misere`` ``suits.MISERE_INFO``) from the file,
    once per process (about 40 ms, and 30 more for the misère bits)."""
    if len(SUIT_INFO) == HOLDINGS and (not misere or len(MISERE_INFO) == HOLDINGS):
        return
    if not _decoded:
        indices, entries, extras = decode(PATH.read_bytes())
        keys = [  # ``key_of``, inline: a function call each would double the time
            index >> 8 & 0xFF | (index & 0xFF) << 32 | ((index >> 16) & ~(index >> 8 | index)) << 64
            for index in indices
        ]
        _decoded.append((keys, entries, extras))
    keys, entries, extras = _decoded[0]
    if len(SUIT_INFO) != HOLDINGS:
        SUIT_INFO.update(zip(keys, entries, strict=True))
    if misere:
        full = [entry | extra << 56 for entry, extra in zip(entries, extras, strict=True)]
        MISERE_INFO.update(zip(keys, full, strict=True))


if __name__ == "__main__":
    partial = PATH.with_suffix(".partial")
    partial.write_bytes(encode(*compute()))
    partial.replace(PATH)
