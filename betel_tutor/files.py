"""Writing files so that nothing a user made is ever half-written or lost."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, text: str | bytes) -> None:
    """Write ``text`` to ``path`` in one step: a temporary file beside it, flushed to disk, then
    renamed over the target, and the folder flushed too. A crash leaves either the old file or
    the new one, never a mix. A file written again keeps its mode; a new one gets the mode the
    umask gives new files (the temporary file alone would be private to its owner)."""
    target = Path(path)
    mode = _mode(target)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        os.fchmod(handle, mode)
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    sync_folder(target.parent)


def _mode(target: Path) -> int:
    """The mode for ``target``: its own if it is there, else what the umask leaves of 0o666."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries to disk, so that a rename in it survives a power cut (where the
    system allows it: not on Windows, nor on file systems that cannot)."""
    if sys.platform == "win32":
        return
    try:
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
