"""The search's per-suit tables (:mod:`betel_tutor.solver.suits`), complete, built once.

A suit of a position is one of 4**8 = 65,536 holdings (each of its eight cards is with one of
the three hands or played). Working their parts out takes a few seconds (the misère bits are a
small search each), and working them out as the search met them made a fresh process's first
solve several times its second; so they are worked out once and loaded whole, in milliseconds,
before the first search of a process (``load``).

The tables come from ``suit_tables.bin`` beside this module, which the package ships
(``python -m betel_tutor.solver.suit_data`` writes it; ``tests/test_solver_tables.py`` checks
it against the functions that define the parts). The file names the *version key* of the
source that computed it: a digest of ``suits.py`` and of this module. A file of another key
(the source was edited since) or a damaged one is refused; the tables are then worked out,
and kept in the user's cache folder under their key, written atomically, for the next process.

The file is zlib-compressed: a header line with the key, then the tables of ``suits.TABLES``
as little-endian arrays, in their order (``_LAYOUT``).
"""

from __future__ import annotations

import hashlib
import sys
import zlib
from array import array
from pathlib import Path

from betel_tutor.solver import suits
from betel_tutor.solver.suits import (
    CODE_MASK,
    CODES,
    ESCAPE_COUNT,
    FLAGS_SHIFT,
    HOLDINGS,
    RUNS_SHIFT,
    SURE_COUNT,
    TRUMP_COUNTS_SHIFT,
    code_number,
    code_sure_sums,
    escape_counts,
    holding_hands,
    misere_bits,
    misere_extra,
    normal_bits,
    suit_info,
)

PATH = Path(__file__).with_name("suit_tables.bin")
_MAGIC = b"betel-suit-tables 4 "
NUMBERED = CODES + 1  # every suit's number, and ``suits.NO_SUIT``
# The type code and length of each table of ``suits.TABLES``, in its order.
_LAYOUT: tuple[tuple[str, int], ...] = (
    *(("Q", HOLDINGS),) * 2,  # PARTS, MISERE_PARTS
    *(("B", HOLDINGS),) * 6,  # LEADS
    ("I", NUMBERED),  # TRUMPS
    ("I", SURE_COUNT * NUMBERED),  # SURE
    ("B", ESCAPE_COUNT * NUMBERED),  # ESCAPES
    *(("B", NUMBERED),) * 6,  # MADE
)
Tables = list["array[int]"]


def version_key() -> str:
    """The digest of the source that computes the tables and lays out their file."""
    digest = hashlib.sha256()
    for source in (Path(__file__).with_name("suits.py"), Path(__file__)):
        digest.update(source.read_bytes())
    return digest.hexdigest()


def compute() -> Tables:
    """The tables of ``suits.TABLES``, worked out from their definitions (a few seconds)."""
    tables = [array(code, bytes(array(code).itemsize * size)) for code, size in _LAYOUT]
    parts, misere_parts = tables[:2]
    leads = tables[2:8]
    trumps, sure, escapes = tables[8:11]
    made = tables[11:]
    for index in range(HOLDINGS):
        first, second, third = holding_hands(index)
        live = first | second | third
        entry = suit_info(live, first, second)
        code = entry & CODE_MASK
        number = code_number(code)
        common = number | (entry >> 20 & 0xFFFFFF) << RUNS_SHIFT
        flags = (entry | normal_bits(code) << TRUMP_COUNTS_SHIFT) >> 50 & 0x3FFFF
        parts[index] = common | flags << FLAGS_SHIFT
        extra = misere_extra(live, code)
        misere_flags = (entry | extra << 56) >> 50 & 0x3FFFF
        misere_parts[index] = common | misere_flags << FLAGS_SHIFT
        for at in range(6):
            leads[at][index] = extra >> (12 + 8 * at) & 0xFF
        trumps[number] = normal_bits(code)
        sure[SURE_COUNT * number : SURE_COUNT * (number + 1)] = array("I", code_sure_sums(code))
        counts = escape_counts(code)
        escapes[ESCAPE_COUNT * number : ESCAPE_COUNT * (number + 1)] = array("B", counts)
        forced = misere_bits(code)
        for at in range(6):
            made[at][number] = 0xFF if forced >> at & 1 else 0
    return tables


def encode(tables: Tables, key: str) -> bytes:
    parts = [array(table.typecode, table) for table in tables]
    if sys.byteorder == "big":
        for part in parts:
            part.byteswap()
    header = _MAGIC + key.encode("ascii") + b"\n"
    return zlib.compress(header + b"".join(part.tobytes() for part in parts), 9)


def decode(blob: bytes, key: str) -> Tables:
    """The tables of a file's bytes; ``ValueError`` unless they are whole and of ``key``."""
    try:
        raw = zlib.decompress(blob)
    except zlib.error as error:
        raise ValueError(f"not a suit-table file: {error}") from None
    header = _MAGIC + key.encode("ascii") + b"\n"
    if not raw.startswith(header):
        raise ValueError("not a suit-table file of this version of the solver")
    tables = []
    offset = len(header)
    for code, size in _LAYOUT:
        table = array(code)
        end = offset + size * table.itemsize
        table.frombytes(raw[offset:end])
        if len(table) != size:
            raise ValueError("a suit-table file cut short")
        if sys.byteorder == "big":
            table.byteswap()
        tables.append(table)
        offset = end
    if offset != len(raw):
        raise ValueError("a suit-table file too long")
    return tables


def cache_path(key: str) -> Path:
    """Where the tables of ``key`` are kept when the shipped file is not of it: the user's
    cache folder (``$XDG_CACHE_HOME`` on Linux)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("betel-tutor", appauthor=False)) / "suit-tables" / f"{key}.bin"


_LIMIT = 16 * 1024 * 1024  # the file is under a megabyte; anything larger is not one


def _read(path: Path, key: str, *, shipped: bool = False) -> Tables | None:
    """The tables of the file at ``path`` if it is whole and of ``key``, else ``None``. A
    file in the cache is data from outside: read only if it is a small regular file."""
    from betel_tutor.files import read_regular

    try:
        blob = path.read_bytes() if shipped else read_regular(path, _LIMIT)
    except OSError:
        return None
    if blob is None:
        return None
    try:
        return decode(blob, key)
    except ValueError:
        return None


def read_tables(shipped: Path, cached: Path | None, key: str) -> Tables:
    """The tables of ``key``: from the shipped file, else from the cache (``cached``, by
    default ``cache_path``), else worked out and kept in the cache (atomically; a cache
    that cannot be written only costs time)."""
    tables = _read(shipped, key, shipped=True)
    if tables is not None:
        return tables
    cached = cache_path(key) if cached is None else cached
    tables = _read(cached, key)
    if tables is None:
        from betel_tutor.files import make_folders, write_atomic

        tables = compute()
        try:
            make_folders(cached.parent)
            write_atomic(cached, encode(tables, key))
        except OSError:
            pass
    return tables


def install(tables: Tables) -> None:
    """Fill the search's tables (``suits.TABLES``) with ``tables``."""
    for target, table in zip(suits.TABLES, tables, strict=True):
        target[:] = table.tolist()


_loaded: list[bool] = []  # one mark once ``load`` has run in this process


def load() -> None:
    """Fill the search's tables, once per process (a few milliseconds)."""
    if not _loaded:
        key = version_key()
        install(read_tables(PATH, None, key))
        _loaded.append(True)


if __name__ == "__main__":
    partial = PATH.with_suffix(".partial")
    partial.write_bytes(encode(compute(), version_key()))
    partial.replace(PATH)
