"""The journal of a run: its results, one JSON line each in input order, after a first line
naming the task and what the run is of (its arguments, when the caller gives them). A batch
is appended in one write and flushed to disk before the run goes on, so a run killed at any
moment leaves every finished batch whole and at most one half-written line at the end, which
the next run drops. The file is locked (``flock``) while a run holds it: two runs never append
to one journal."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from betel_tutor.errors import BetelError
from betel_tutor.files import why_not

FORMAT = 1


class Journal:
    """An open journal: the results already in it (``done``), and :meth:`append`; closed
    (and its lock let go) by :meth:`close`."""

    def __init__(self, path: str | Path, task: str, identity: object = None) -> None:
        self.path = str(path)
        try:
            self._handle = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        except OSError as error:
            raise BetelError(
                "bulk.journal_unwritable", path=self.path, detail=why_not(error)
            ) from None
        try:
            _lock(self._handle, self.path)
            self.done = self._read(task, identity)
        except OSError as error:  # a file that cannot be cut to its whole lines: /dev/null
            os.close(self._handle)
            raise BetelError(
                "bulk.journal_unwritable", path=self.path, detail=why_not(error)
            ) from None
        except BaseException:
            os.close(self._handle)
            raise

    def _read(self, task: str, identity: object) -> list[object]:
        with open(self._handle, "rb", closefd=False) as stream:
            data = stream.read()
        whole = data[: data.rfind(b"\n") + 1]  # a half-written last line is dropped
        lines = whole.splitlines()
        header = _header(task, identity)
        if not lines:
            os.ftruncate(self._handle, 0)
            self._write([json.dumps(header)])
            return []
        found = _decode(lines[0], self.path, 1)
        if not isinstance(found, dict) or found.get("task") != task:
            raise BetelError("bulk.journal_other_task", path=self.path, task=task)
        if found != header:
            raise BetelError("bulk.journal_other_run", path=self.path, task=task)
        results = [_decode(line, self.path, number) for number, line in enumerate(lines[1:], 2)]
        os.ftruncate(self._handle, len(whole))
        return results

    def append(self, lines: list[str]) -> None:
        """Add results (JSON texts) at the end, and make them last before returning."""
        self._write(lines)

    def _write(self, lines: list[str]) -> None:
        data = "".join(f"{line}\n" for line in lines).encode("utf-8")
        try:
            os.lseek(self._handle, 0, os.SEEK_END)
            while data:
                data = data[os.write(self._handle, data) :]
            os.fsync(self._handle)
        except OSError as error:
            raise BetelError(
                "bulk.journal_unwritable", path=self.path, detail=why_not(error)
            ) from None

    def close(self) -> None:
        os.close(self._handle)  # the lock goes with it


def _header(task: str, identity: object) -> dict[str, object]:
    header: dict[str, object] = {"bulk": FORMAT, "task": task}
    if identity is not None:
        header["run"] = identity
    return header


def header_of(path: str | Path) -> dict[str, object] | None:
    """The first line of the journal at ``path`` as written (the task and, under ``run``, what
    the run is of), or ``None`` when there is no journal there yet; read without the lock,
    so that a caller can see what it would continue before it starts."""
    try:
        with open(path, "rb") as stream:
            first = stream.readline()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise BetelError("bulk.journal_unwritable", path=str(path), detail=why_not(error)) from None
    if not first.endswith(b"\n"):
        return None  # empty, or killed while its first line was written: started afresh
    found = _decode(first, str(path), 1)
    if not isinstance(found, dict):
        raise BetelError("bulk.journal_bad_line", path=str(path), line=1)
    return found


def _decode(line: bytes, path: str, number: int) -> object:
    try:
        return json.loads(line)
    except ValueError:
        raise BetelError("bulk.journal_bad_line", path=path, line=number) from None


def _lock(handle: int, path: str) -> None:
    if sys.platform == "win32":
        return
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise BetelError("bulk.journal_busy", path=path) from None
    except OSError:
        pass  # a file system without locks: the run goes on unlocked
