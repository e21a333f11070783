"""Reading a user's text file safely, and saying where in it something is wrong.

Only a regular file is read, up to a limit, as UTF-8; what stops it is a :class:`Problem` at a
:class:`Position`, never an exception. Kept apart from the YAML reading
(:mod:`betel_tutor.scenario.source`, which uses it), so that a command reading a PBN or LIN
file loads neither PyYAML nor the scenario model (bench/startup.py).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from typing import Any, NamedTuple

MAX_BYTES = 512 * 1024
# A PBN or LIN file: a club's or a federation's holds thousands of boards, tens of megabytes.
# The YAML made from it is ours, read with the same limit.
BOARD_FILE_BYTES = 256 * 1024 * 1024


class Position(NamedTuple):
    """A place in a file; ``line`` and ``column`` count from 1. A named tuple: every YAML
    node gets one, and a tuple is made twice as fast as a frozen dataclass (measured)."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        if self.line == 0:  # the whole file or folder (one that cannot be read, say)
            return self.path
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a file: where, and the catalog message that says what and why."""

    position: Position
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        from betel_tutor.errors import ScenarioError

        return ScenarioError(self.key, **self.params).message(lang)

    def localized(self, lang: str) -> str:
        """The problem as ``format`` shows it: a problem can be a parameter of an error."""
        return self.format(lang)

    def format(self, lang: str = "en") -> str:
        return f"{self.position}: {self.message(lang)}"


def read_file(path: str, limit: int = MAX_BYTES) -> tuple[str | None, list[Problem]]:
    """The text of a file, or the problem that stops it being read (size, encoding, absence).

    Only a regular file is read: a named pipe, a device or a socket is never opened (opening a
    pipe waits for a writer, forever), and is reported instead."""
    where = Position(path, 1, 1)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None, [Problem(Position(path, 0, 0), "scenario.not_regular")]
        # Not blocking, and checked again once open, should a pipe take the file's place.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                return None, [Problem(Position(path, 0, 0), "scenario.not_regular")]
            data = handle.read(limit + 1)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        from betel_tutor.files import why_not

        return None, [Problem(where, "scenario.unreadable", {"detail": why_not(error)})]
    if len(data) > limit:
        return None, [Problem(where, "scenario.too_big", {"n": limit})]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        return None, [Problem(Position(path, line, column), "scenario.not_utf8")]
