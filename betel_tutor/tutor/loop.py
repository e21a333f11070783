"""The loop every line-reading front end shares: the session's events shown, the learner's
lines read, and the end: end of input saves and exits with 0, Ctrl-C saves and exits with 130.

At a terminal, while the learner reads and thinks, the session does the work the deal will ask
for later (:meth:`~betel_tutor.tutor.session.Session.ahead`), a piece at a time, until a line
is typed. Lines from a pipe or a file come at once, so nothing is done ahead there."""

from __future__ import annotations

import select
from collections.abc import Callable
from typing import TextIO

from betel_tutor.tutor.events import Event
from betel_tutor.tutor.session import Session


def drive(
    session: Session,
    show: Callable[[list[Event]], None],
    *,
    level: int | None,
    practice: bool,
    stdin: TextIO,
) -> int:
    """Run ``session`` until the learner quits or input ends; returns the exit status."""
    try:
        show(session.start(level, practice=practice))
        while not session.finished:
            if stdin.isatty():
                while not typing(stdin) and session.ahead():
                    pass
            typed = stdin.readline()
            if not typed:  # end of input: save and leave quietly
                session.save()
                return 0
            show(session.handle(typed.rstrip("\n")))
    except KeyboardInterrupt:
        session.save()
        return 130
    return 0


def typing(stdin: TextIO) -> bool:
    """Whether a line the learner typed is waiting to be read."""
    try:
        ready, _, _ = select.select([stdin], [], [], 0)
    except (OSError, ValueError):  # not a file that can be watched: read it at once
        return True
    return bool(ready)
