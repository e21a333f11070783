"""The user's cache folder: tables computed once and kept between runs (the answer sheets'
trick tables, :mod:`betel_tutor.render.tables`; the bridge boards' DDS tables,
:mod:`betel_tutor.render.bridge_view`). An entry is a JSON file named by a digest of what it
depends on, written atomically.

An entry is data from outside, read as such: anything but a small regular file (a FIFO, a
device, a symlink wherever it leads) is never opened; text that is not JSON, numbers that are
not whole (``1e999``, ``NaN``) and nesting too deep for the parser are no entry; and the
caller checks the shape and range of what is left (:func:`betel_tutor.bridge.dd.whole`).
Whatever fails is a miss: computed again and written over, atomically.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LIMIT = 1024 * 1024  # an entry is a few hundred bytes; anything larger is not one


def cache_folder(kind: str = "trick-tables") -> Path:
    """Where the tables are kept: a folder of the user's cache folder (``$XDG_CACHE_HOME`` on
    Linux); ``dd-tables`` holds the bridge boards' (:mod:`betel_tutor.render.bridge_view`)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("betel-tutor", appauthor=False)) / kind


def _no_fraction(text: str) -> Any:
    raise ValueError(f"not a whole number: {text}")


def read_entry(path: Path, limit: int = LIMIT) -> Any:
    """A cache entry's JSON, or ``None`` when there is none, it is no regular file, it is
    larger than ``limit`` bytes, or it is not JSON of whole numbers; the caller checks that it
    holds what an entry holds."""
    from betel_tutor.files import read_regular

    data = read_regular(path, limit)
    if data is None:
        return None
    try:
        return json.loads(
            data.decode("utf-8"), parse_float=_no_fraction, parse_constant=_no_fraction
        )
    except (ValueError, RecursionError):  # RecursionError: 100,000 ``[``
        return None


def write_entry(path: Path, entry: object) -> None:
    """Keep an entry, atomically, over whatever held its name (a damaged entry, a FIFO, a
    symlink: replaced, never opened); a cache that cannot be written only costs time."""
    from betel_tutor.files import make_folders, write_atomic

    try:
        make_folders(path.parent)
        write_atomic(path, json.dumps(entry))
    except OSError:
        pass
