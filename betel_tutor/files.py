"""Writing files so that nothing a user made is ever half-written or lost."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` in one step: a temporary file beside it, flushed to disk, then
    renamed over the target. A crash leaves either the old file or the new one, never a mix.
    The file keeps the mode it had; a new one gets the mode the umask gives new files (the
    temporary file alone would be private to its owner)."""
    target = Path(path)
    mode = _mode_for(target)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(target: Path) -> int:
    """The permission bits ``target`` has, or those of a new file under the current umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask
