"""Starting the full-screen tutor: in this terminal, or served to a browser on localhost.

Textual is imported here and only here (and by the app it runs), so the other commands start
as fast as before.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from betel_tutor.tutor.session import Session

if TYPE_CHECKING:
    from betel_tutor.screen.webserver import LearnerServer

MIN_COLUMNS, MIN_LINES = 80, 24


def fits() -> tuple[bool, int, int]:
    """Whether this terminal is big enough for the table, and its size."""
    size = shutil.get_terminal_size(fallback=(0, 0))
    return size.columns >= MIN_COLUMNS and size.lines >= MIN_LINES, size.columns, size.lines


def run(session: Session, *, level: int | None, practice: bool) -> int:
    """The tutor full-screen until the learner quits; the learner's place is kept."""
    from betel_tutor.screen.app import TutorApp

    app = TutorApp(session, level=level, practice=practice)
    try:
        status = app.run()
    finally:
        app.stop_thinking.set()
        with app.session_lock:  # the piece of work ahead under way, if any, ends first
            session.save()
    return 130 if status is None and not session.finished else int(status or 0)


def web_server(
    arguments: list[str], *, port: int, lang: str, say: Callable[[str], None]
) -> LearnerServer:
    """``learn --screen`` with ``arguments``, ready to serve at ``server.url`` (token included):
    the port is already bound, so ``OSError`` (a busy port) comes before anything is printed.
    ``say`` gets the server's one-line messages (refusals, dropped frames)."""
    from betel_tutor.screen.webserver import LearnerServer, listen

    learn = [sys.executable, "-m", "betel_tutor.entry", "learn", "--screen"]
    return LearnerServer([*learn, *arguments], listen(port), lang=lang, say=say)
