"""The JSON front end (``learn --json``): every event as one JSON object on a line.

For scripts, tests and other front ends: the learner's lines are read from standard input as
in the line front end, and each ``prompt`` event says what is expected and, where the legal
inputs are finite, lists them (``choices``) in the notation the learner types. End of input
saves and exits with 0; Ctrl-C saves and exits with 130.
"""

from __future__ import annotations

import json
from typing import TextIO

from betel_tutor.tutor.events import Event
from betel_tutor.tutor.loop import drive
from betel_tutor.tutor.session import Session


def run(
    session: Session,
    *,
    level: int | None,
    stdin: TextIO,
    stdout: TextIO,
    practice: bool = False,
) -> int:
    def show(events: list[Event]) -> None:
        for event in events:
            stdout.write(json.dumps(event.to_json(), ensure_ascii=False) + "\n")
        stdout.flush()

    return drive(session, show, level=level, practice=practice, stdin=stdin)
