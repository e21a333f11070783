"""The loop every line-reading front end shares: the session's events shown, the learner's
lines read, and the end: end of input saves and exits with 0, Ctrl-C saves and exits with 130."""

from __future__ import annotations

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
            typed = stdin.readline()
            if not typed:  # end of input: save and leave quietly
                session.save()
                return 0
            show(session.handle(typed.rstrip("\n")))
    except KeyboardInterrupt:
        session.save()
        return 130
    return 0
