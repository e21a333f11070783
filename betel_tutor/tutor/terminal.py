"""Running a session in a terminal, or line by line from another program.

With a terminal the output is coloured (rich: ♥ and ♦ red); with standard input not a
terminal the tutor reads commands line by line and prints plain text, so tests and other
programs can drive it. End of input saves and exits with 0; Ctrl-C saves and exits with 130.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TextIO

from betel_tutor.tutor.session import Session

_RED = re.compile(r"([♥♦][^\s,)]*)")


def _colour(line: str) -> str:
    from rich.markup import escape

    return _RED.sub(lambda m: f"[red]{m.group(1)}[/red]", escape(line))


def run(session: Session, *, level: int | None, stdin: TextIO, stdout: TextIO) -> int:
    """Drive ``session`` until the learner quits or input ends; returns the exit status."""
    interactive = stdin.isatty() and stdout.isatty()
    write: Callable[[str], None]
    if interactive:
        from rich.console import Console

        console = Console(file=stdout, highlight=False)

        def write(line: str) -> None:
            console.print(_colour(line))
    else:

        def write(line: str) -> None:
            stdout.write(line + "\n")

    for line in session.start(level):
        write(line)
    try:
        while not session.finished:
            stdout.write(session.prompt)
            if not interactive:
                stdout.write("\n")
            stdout.flush()
            typed = stdin.readline()
            if not typed:  # end of input: save and leave quietly
                session.save()
                return 0
            for line in session.handle(typed.rstrip("\n")):
                write(line)
    except KeyboardInterrupt:
        session.save()
        stdout.write("\n")
        return 130
    return 0
