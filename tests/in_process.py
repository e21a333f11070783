"""The ``betel-tutor`` console script run inside the test process, as the program runs it.

:func:`run_cli` does what the installed script does (``betel_tutor.entry.main``: the output's
fallback for characters it cannot encode, the usage errors and their status, Ctrl-C) with the
arguments, environment and standard input a test gives, through Typer's ``CliRunner``
isolation, and returns the exit status and both outputs as a subprocess would. Starting the
real program costs a second or two; this costs what the command itself does. Tests about the
process itself (the entry point, encodings of a real terminal, signals, a pseudo-terminal, a
browser, packaging) still start it, and say so.

Standard input is either a fixed text or a function asked for each line the program reads,
given all the program wrote so far: a scripted learner answers the prompt it has just read.
"""

from __future__ import annotations

import gc
import io
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from typer._click import formatting
from typer.testing import CliRunner

from betel_tutor import entry

LOCALE_VARIABLES = ("BETEL_TUTOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")

Typist = Callable[[str], str | None]
"""Given the standard output so far, the next line to type (no newline), or None to end input."""


@dataclass(frozen=True)
class Ran:
    """What a run of the program left: the same three fields as a finished subprocess."""

    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str


class _Typed(io.RawIOBase):
    """Standard input whose every line is asked of a :data:`Typist` when the program reads."""

    def __init__(self, typist: Typist, written: Callable[[], str]) -> None:
        self._typist = typist
        self._written = written
        self._pending = b""
        self._ended = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if not self._pending and not self._ended:
            line = self._typist(self._written())
            if line is None:
                self._ended = True
            else:
                self._pending = (line + "\n").encode("utf-8")
        count = min(len(buffer), len(self._pending))
        buffer[:count] = self._pending[:count]
        self._pending = self._pending[count:]
        return count


def run_cli(
    *args: str,
    env: Mapping[str, str] | None = None,
    input: str | None = None,
    typist: Typist | None = None,
) -> Ran:
    """Run ``betel-tutor ARGS`` in this process. ``env`` is the whole environment, as for a
    subprocess (by default this process's, without the locale variables: English). Standard
    input is ``input``, or asked of ``typist`` line by line, or empty."""
    if env is None:
        env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    changes: dict[str, str | None] = {k: None for k in os.environ if k not in env}
    changes.update(env)
    argv = sys.argv
    status = 0
    with CliRunner().isolation(input=input, env=changes) as (out, err, _mixed):
        # Help is as wide as the program's own terminal makes it, not the runner's fixed 80
        # columns (the isolation puts its own value back).
        formatting.FORCED_WIDTH = None
        if typist is not None:

            def written() -> str:
                sys.stdout.flush()
                return out.getvalue().decode("utf-8", "replace")

            sys.stdin = io.TextIOWrapper(
                io.BufferedReader(_Typed(typist, written)), encoding="utf-8"
            )
        sys.argv = ["betel-tutor", *args]
        try:
            entry.main()
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        finally:
            sys.argv = argv
            gc.unfreeze()  # each command freezes what it loaded; the next test's garbage must go
            sys.stdout.flush()
            sys.stderr.flush()
        stdout = out.getvalue().decode("utf-8", "replace")
        stderr = err.getvalue().decode("utf-8", "replace")
    return Ran(tuple(args), status, stdout, stderr)


def run_lines(*args: str, lines: Sequence[str], env: Mapping[str, str] | None = None) -> Ran:
    """``run_cli`` with ``lines`` typed as standard input, each ended by a newline."""
    return run_cli(*args, env=env, input="".join(line + "\n" for line in lines))
