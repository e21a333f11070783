"""Scenario files found clean, remembered by content, so that ``check`` run again over files that
have not changed reads each once and checks nothing.

A file's check depends on its bytes, its name (a board file's scenario is named after it) and
the program; the entry's name is a digest of all three, the program's part a digest of the
package's own source and tables, so an edited file or a changed program is checked again. Only
a clean result is kept: a file with problems is always checked in full, so its messages are
always today's. An entry is a small file written atomically; one that does not hold what an
entry holds is no entry.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from functools import cache
from pathlib import Path

from betel_tutor.scenario.source import MAX_BYTES

CLEAN = b"clean\n"  # all an entry holds


@cache
def program_version() -> str:
    """A digest of the program's version and the package's source and tables."""
    import betel_tutor

    digest = hashlib.sha256(betel_tutor.__version__.encode("ascii"))
    folder = Path(betel_tutor.__file__).parent
    for path in sorted(folder.rglob("*")):
        if path.suffix in (".py", ".bin"):
            digest.update(str(path.relative_to(folder)).encode("utf-8"))
            digest.update(path.read_bytes())
    return digest.hexdigest()


def cache_folder() -> Path:
    """Where the entries are kept: ``checked`` in the user's cache folder."""
    return _cache_folder(os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME"))


@cache
def _cache_folder(_xdg: str | None, _home: str | None) -> Path:
    """``cache_folder`` for the environment's cache and home folders, which decide it: worked
    out once (asked of ``platformdirs`` for each file, it was a twentieth of a first run)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("betel-tutor", appauthor=False)) / "checked"


def entry_of(path: str) -> Path | None:
    """The entry that would say ``path`` is clean as it is now; ``None`` for a file that is not
    a regular file of at most the scenario size limit (checked in full, which says why)."""
    from betel_tutor.files import read_regular

    data = read_regular(path, MAX_BYTES)
    if data is None:
        return None
    digest = hashlib.sha256(program_version().encode("ascii"))
    digest.update(os.path.basename(path).encode("utf-8", "surrogateescape") + b"\0")
    digest.update(data)
    key = digest.hexdigest()
    return cache_folder() / key[:2] / key


def known_clean(entry: Path) -> bool:
    """Whether ``entry`` says its file was found clean."""
    from betel_tutor.files import read_regular

    return read_regular(entry, len(CLEAN)) == CLEAN


def keep_clean(entry: Path) -> None:
    """Remember that the file of ``entry`` is clean; a cache that cannot be written only costs
    time."""
    from betel_tutor.files import write_cache_entry

    with contextlib.suppress(OSError):  # a cache that cannot be written only costs time
        write_cache_entry(entry, CLEAN)
