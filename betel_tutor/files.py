"""Writing files so that nothing a user made is ever half-written or lost.

Every file a command writes where the user says (``deal --out``, ``convert``, ``import-note
-o``, ``render -o``, the tutor's ``save FILE``) ends with a mark: a comment holding the SHA-256
of everything above it (:func:`write_output`). A file that ends with a mark that still matches
is one this program wrote and nobody changed since, and is written again freely (``render -o``
into its own folder, ``deal --out`` run twice). Any other file there — the user's own lesson,
a file written here and then edited — is refused unless ``force`` is given, and then kept
beside it as ``<name>.bak-<n>`` (the progress file's damaged copies are named the same way,
:func:`free_name`). A device, a FIFO or a socket is never written, nor opened.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from betel_tutor.errors import BetelError

# How each format says a comment, for the mark at its end: YAML, PBN, the sheets' HTML, PDF
# (a comment after ``%%EOF``, where incremental updates go too).
COMMENTS: dict[str, tuple[str, str]] = {
    "yaml": ("# ", ""),
    "pbn": ("% ", ""),
    "html": ("<!-- ", " -->"),
    "pdf": ("%", ""),
}
_MARK = re.compile(rb"betel-tutor sha256:([0-9a-f]{64})")
LIMIT = 512 * 1024 * 1024  # a file larger than this is not read to look for the mark
CHUNK = 1024 * 1024  # bytes read at a time
WAIT = 5.0  # seconds to wait for another writer of the same folder


class NotOurs(BetelError):
    """``path`` holds a file this program did not write (or one changed since): refused
    without ``force``."""

    def __init__(self, path: str | Path) -> None:
        super().__init__("files.not_ours", path=str(path))
        self.path = Path(path)


class NotRegular(BetelError):
    """``path`` is a device, a FIFO or a socket: never written, ``force`` or not."""

    def __init__(self, path: str | Path) -> None:
        super().__init__("files.not_regular", path=str(path))
        self.path = Path(path)


class FolderBusy(BetelError):
    """Another program held the folder's lock longer than :data:`WAIT` seconds."""

    def __init__(self, path: str | Path) -> None:
        super().__init__("files.folder_busy", path=str(path))


# The system's reasons a file cannot be read or written, said from the catalogs
# (``files.os_<name>``) in the user's language; any other is named by its code.
_REASONS = (
    "ENOENT", "EACCES", "EPERM", "ENOSPC", "EDQUOT", "ENOTDIR", "EISDIR", "ELOOP",
    "ENAMETOOLONG", "EROFS", "EEXIST", "EIO", "EBUSY", "EXDEV", "EMFILE", "ENXIO",
)  # fmt: skip


def why_not(error: BaseException) -> BetelError:
    """Why a file could not be read or written, as a message of the catalogs (to fill an
    error's ``detail``), never Python's own text: the system's reason by its code, a NUL in a
    name said as such.

    >>> why_not(OSError(errno.ENOSPC, "No space left on device")).message("pl")
    'Brak miejsca na urządzeniu'
    >>> why_not(ValueError("embedded null byte")).message("en")
    'not a file name (it holds a NUL character)'
    """
    code = getattr(error, "errno", None)
    if not isinstance(error, OSError) or code is None:
        return BetelError("files.bad_name")
    name = errno.errorcode.get(code, str(code))
    if name in _REASONS:
        return BetelError(f"files.os_{name.lower()}")
    return BetelError("files.os_other", code=name)


def marked(data: bytes, kind: str) -> bytes:
    """``data`` with the mark of ``kind``'s format at its end (:data:`COMMENTS`).

    >>> marked(b"a: 1", "yaml").splitlines()[-1][:21]
    b'# betel-tutor sha256:'
    """
    opening, closing = COMMENTS[kind]
    body = data if data.endswith(b"\n") else data + b"\n"
    digest = hashlib.sha256(body).hexdigest()
    return body + f"{opening}betel-tutor sha256:{digest}{closing}\n".encode("ascii")


def is_ours(data: bytes) -> bool:
    """Whether ``data`` ends with a mark (:func:`marked`) that matches what is above it.

    >>> is_ours(marked(b"a: 1", "yaml")), is_ours(marked(b"a: 1", "yaml").replace(b"1", b"2", 1))
    (True, False)
    """
    end = data.rstrip(b"\n")
    start = end.rfind(b"\n") + 1
    found = _MARK.search(end, start)
    return found is not None and hashlib.sha256(data[:start]).hexdigest() == found[1].decode()


def read_regular(path: str | Path, limit: int) -> bytes | None:
    """The bytes of the regular file at ``path``, or ``None`` when it is none (missing, a
    symlink, a FIFO, a device) or holds more than ``limit`` bytes. A special file is seen with
    ``lstat`` first and never opened; the open neither follows a link nor waits."""
    flags = os.O_RDONLY | os.O_CLOEXEC
    for name in ("O_NOFOLLOW", "O_NONBLOCK", "O_NOCTTY"):
        flags |= getattr(os, name, 0)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        handle = os.open(path, flags)
    except OSError:
        return None
    try:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode) or found.st_size > limit:  # swapped since the lstat
            return None
        chunks: list[bytes] = []
        size = 0
        while size <= limit and (chunk := os.read(handle, min(limit + 1 - size, CHUNK))):
            chunks.append(chunk)
            size += len(chunk)
        return None if size > limit else b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(handle)


def write_output(
    path: str | Path, data: str | bytes, kind: str, *, force: bool = False
) -> Path | None:
    """Write ``data`` to ``path`` with the mark of ``kind`` (:func:`marked`), atomically and
    holding the folder's lock. A file there that is not ours raises :class:`NotOurs`, or with
    ``force`` is kept as ``<name>.bak-<n>``, which is returned; a special file raises
    :class:`NotRegular`. ``OSError`` when the folder cannot be written."""
    target = Path(path)
    raw = data if isinstance(data, bytes) else data.encode("utf-8")
    with locked_folder(target.parent):
        kept = keep_copy(target, "bak") if check_output(target, force=force) else None
        write_atomic(target, marked(raw, kind))
        return kept


def check_output(path: str | Path, *, force: bool = False) -> bool:
    """Whether writing ``path`` must first keep what is there (``force`` given and a file there
    that is not ours); :class:`NotOurs` without ``force``, :class:`NotRegular` for a device, a
    FIFO or a socket. A caller writing several files checks them all before the first."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return False
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise NotRegular(path)
    contents = read_regular(path, LIMIT) if stat.S_ISREG(mode) else None
    if contents is not None and is_ours(contents):
        return False
    if not force:
        raise NotOurs(path)
    return True


def check_outputs(paths: list[Path], *, force: bool) -> None:
    """Refuse, before the first is written, a file's place that holds a folder or a file this
    program did not write (:func:`check_output`)."""
    for path in paths:
        if os.path.isdir(path):
            raise BetelError("cli.output_is_folder", path=str(path))
        check_output(path, force=force)


def write_named(
    path: str, data: str | bytes, *, kind: str, folder: bool, force: bool
) -> Path | None:
    """Write a file that ``--output`` names (``folder``: a file in the folder it names) with
    :func:`write_output`: in one step, marked as this program's, a file there that it did not
    write refused unless ``force`` and then kept aside (its new name is returned, for the
    caller to say where); a device or a FIFO is never written. On any failure the old file or
    none is left, never half of one, and the failure is one :class:`BetelError` naming the
    file."""
    if os.path.isdir(path):
        raise BetelError("cli.output_is_folder", path=path)
    parent = os.path.dirname(path) or "."
    if not folder and not os.path.isdir(parent):
        raise BetelError("cli.output_no_folder", path=path, folder=parent)
    try:
        return write_output(path, data, kind, force=force)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise BetelError("cli.cannot_write", path=path, detail=why_not(error)) from None


def make_output_folder(folder: Path) -> None:
    """The folder ``--output`` names, made if need be, however deep; a file in its place is
    refused."""
    if os.path.lexists(folder) and not os.path.isdir(folder):  # never raise, unlike Path's
        raise BetelError("cli.output_not_folder", path=str(folder))
    try:
        make_folders(folder)
    except OSError as error:
        raise BetelError("cli.cannot_write", path=str(folder), detail=why_not(error)) from None


@contextmanager
def locked_folder(folder: Path) -> Iterator[None]:
    """Hold the advisory lock of ``folder`` itself (``flock`` on the folder, so that nothing
    is left beside the files), waiting at most :data:`WAIT` seconds; where folders cannot be
    locked (Windows, some network file systems) the body runs without it."""
    if sys.platform == "win32":
        yield
        return
    import fcntl

    try:
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        yield  # the write that follows says why the folder cannot be written
        return
    try:
        deadline = time.monotonic() + WAIT
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise FolderBusy(folder) from None
                time.sleep(0.01)
            except OSError:
                break  # not lockable here
        yield
    finally:
        os.close(handle)  # closing lets the lock go


def free_name(path: Path, why: str) -> Path:
    """The first ``<name>.<why>-<n>`` beside ``path`` that holds nothing."""
    number = 1
    while os.path.lexists(aside := path.with_name(f"{path.name}.{why}-{number}")):
        number += 1
    return aside


def set_aside(path: Path, why: str = "old") -> Path | None:
    """Rename ``path`` (whatever it is: a file, a symlink, a FIFO) to the first free
    ``<name>.<why>-<n>``; nothing is ever deleted. ``OSError`` if the rename fails."""
    if not os.path.lexists(path):
        return None
    aside = free_name(path, why)
    path.rename(aside)
    return aside


def keep_copy(path: Path, why: str = "bak") -> Path:
    """Keep what ``path`` holds (a file or a symlink) as ``<name>.<why>-<n>`` while ``path``
    stays: a second name for it (a hard link), so that ``path`` is never missing; where the
    file system has no hard links, it is renamed."""
    while True:
        aside = free_name(path, why)
        try:
            os.link(path, aside, follow_symlinks=False)
            return aside
        except FileExistsError:
            continue  # taken meanwhile
        except OSError:
            path.rename(aside)
            return aside


def make_folders(folder: Path) -> None:
    """``folder`` and the folders above it that are missing, however many (``Path.mkdir``
    recurses once a level); ``OSError`` when one cannot be made or a file is in its place."""
    pending = [folder]
    while pending:
        current = pending[-1]
        try:
            os.mkdir(current)
        except FileNotFoundError:
            if current.parent == current:
                raise
            pending.append(current.parent)
            continue
        except FileExistsError:
            if not os.path.isdir(current):
                raise
        pending.pop()


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


def write_cache_entry(path: Path, data: str | bytes) -> None:
    """Keep a cache entry at ``path`` in one step (its folders made as needed): a temporary
    file beside it renamed over it, so a reader never meets half an entry while the program
    runs. Unlike :func:`write_atomic` nothing is flushed to disk: after a power cut an entry
    may be empty, which its reader takes for a miss, and flushing each of a thousand entries
    was a tenth of ``check``'s first run. ``OSError`` when it cannot be written."""
    make_folders(path.parent)
    # Named by process and thread, so writers of the same entry never share one; a temporary
    # file left by a writer that was killed is replaced (never followed: it is opened anew).
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.unlink(missing_ok=True)
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data if isinstance(data, bytes) else data.encode("utf-8"))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _mode(target: Path) -> int:
    """The mode for ``target``: its own if it is a regular file, else what the umask leaves
    of 0o666 (a link or a special file in its place lends nothing)."""
    try:
        found = os.lstat(target).st_mode
    except OSError:
        found = None
    if found is not None and stat.S_ISREG(found):
        return stat.S_IMODE(found)
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
