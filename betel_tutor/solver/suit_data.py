"""The per-suit tables of :mod:`betel_tutor.solver.suits`, complete, shipped with the package.

A suit of a position is one of 4**8 = 65,536 holdings (each of its eight cards is with one of
the three hands or played). Working their entries out as the search meets them costs a few
milliseconds in every deal until a process has met most of them (and a second or so for all
of them, the misère bits being a small search each), so ``suit_tables.bin`` holds them all:
``python -m betel_tutor.solver.suit_data`` writes it and ``tests/test_solver_tables.py``
checks it against the functions that define the entries.

The file is zlib-compressed: a header, then little-endian arrays of the 65,536 indices
(``live << 16 | first << 8 | second``), of their entries without bits 56-115, and of those
bits (``suits.misere_extra``). The search copies the entries it meets from these arrays into
its tables (``suits.learn``).
"""

from __future__ import annotations

import sys
import zlib
from array import array
from pathlib import Path

from betel_tutor.solver.suits import CODE_MASK, misere_extra, ship, suit_info

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


_loaded: list[bool] = []  # one mark once ``load`` has run in this process


def load() -> None:
    """Hand the file's arrays to ``suits.learn``, once per process (about 10 ms)."""
    if not _loaded:
        ship(*decode(PATH.read_bytes()))
        _loaded.append(True)


if __name__ == "__main__":
    partial = PATH.with_suffix(".partial")
    partial.write_bytes(encode(*compute()))
    partial.replace(PATH)
