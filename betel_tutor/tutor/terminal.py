"""The line front end: a session in a terminal, or line by line from another program.

With a terminal the output is coloured (rich: ♥ and ♦ red); with standard input not a
terminal the tutor reads commands line by line and prints plain text, so tests and other
programs can drive it. End of input saves and exits with 0; Ctrl-C saves and exits with 130.
Nothing is printed as a control sequence: a control character in a message (a learner's typing
quoted back) is written visibly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TextIO

from betel_tutor.tutor.events import Event, lines
from betel_tutor.tutor.loop import drive
from betel_tutor.tutor.session import Session, prompt_of
from betel_tutor.tutor.text import visible

_RED = re.compile(r"([♥♦][^\s,)]*)")


def _colour(line: str) -> str:
    from rich.markup import escape

    return _RED.sub(lambda m: f"[red]{m.group(1)}[/red]", escape(line))


def run(
    session: Session,
    *,
    level: int | None,
    stdin: TextIO,
    stdout: TextIO,
    practice: bool = False,
) -> int:
    """Drive ``session`` until the learner quits or input ends; returns the exit status."""
    interactive = stdin.isatty() and stdout.isatty()
    write: Callable[[str], None]
    if interactive:
        from rich.console import Console

        console = Console(file=stdout, highlight=False)

        def write(line: str) -> None:
            console.print(_colour(visible(line)))
    else:

        def write(line: str) -> None:
            stdout.write(visible(line) + "\n")

    def show(events: list[Event]) -> None:
        for line in lines(events):
            write(line)
        prompt = prompt_of(events)
        if prompt is not None:
            stdout.write(prompt.text + ("" if interactive else "\n"))
        stdout.flush()

    status = drive(session, show, level=level, practice=practice, stdin=stdin)
    if status == 130:
        stdout.write("\n")
    return status
