"""Starting the full-screen tutor: in this terminal, or served to a browser on localhost.

Textual is imported here and only here (and by the app it runs), so the other commands start
as fast as before.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

from betel_tutor.tutor.session import Session

MIN_COLUMNS, MIN_LINES = 80, 24
_WEB = Path(__file__).parent / "web"


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
        session.save()
    return 130 if status is None and not session.finished else int(status or 0)


def serve(arguments: list[str], *, port: int, host: str = "127.0.0.1") -> None:
    """Serve ``learn --screen`` with ``arguments`` at http://host:port, every asset local."""
    import textual_serve
    from textual_serve.server import Server

    learn = [sys.executable, "-m", "betel_tutor.entry", "learn", "--screen"]
    command = shlex.join([*learn, *arguments])
    statics = Path(textual_serve.__file__).parent / "static"
    server = Server(
        command,
        host=host,
        port=port,
        title="betel-tutor",
        statics_path=statics,
        templates_path=_WEB,
    )
    server.serve()
