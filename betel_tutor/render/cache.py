"""The user's cache folder: tables computed once and kept between runs (the answer sheets'
trick tables, :mod:`betel_tutor.render.tables`; the bridge boards' DDS tables,
:mod:`betel_tutor.render.bridge_view`). An entry is a JSON file named by a digest of what it
depends on; it is written atomically, and one that cannot be read is computed again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def cache_folder(kind: str = "trick-tables") -> Path:
    """Where the tables are kept: a folder of the user's cache folder (``$XDG_CACHE_HOME`` on
    Linux); ``dd-tables`` holds the bridge boards' (:mod:`betel_tutor.render.bridge_view`)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("betel-tutor", appauthor=False)) / kind


def read_entry(path: Path) -> Any:
    """A cache entry's JSON, or ``None`` when there is none or it is not JSON; the caller
    checks that it holds what an entry holds."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_entry(path: Path, entry: object) -> None:
    """Keep an entry, atomically; a cache that cannot be written only costs time."""
    from betel_tutor.files import write_atomic

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(entry))
    except OSError:
        pass
