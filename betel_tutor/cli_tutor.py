"""The tutor's commands: ``learn`` (line by line, JSON lines, full-screen or in a browser) and
``progress``.

Each command imports its part of the application layer and the library inside its body: only
Typer is loaded before a command runs, so that ``--help`` and every command start fast
(bench/startup.py)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from betel_tutor.cli_common import Lang, dump, echo, reported, warn

if TYPE_CHECKING:
    from betel_tutor.app.learn import LearnOptions


def learn_command(
    course: Annotated[
        str | None,
        typer.Argument(
            metavar="[FILE|FOLDER]",
            help="A teacher's lesson or practice file, or a folder of them (a course), "
            "instead of the ten levels.",
            show_default=False,
        ),
    ] = None,
    level: Annotated[
        int | None, typer.Option("--level", help="Start at this level, 1 to 10.")
    ] = None,
    lang: Lang = None,
    open_hands: Annotated[
        bool, typer.Option("--open", help="Play every deal open (na widno), all hands shown.")
    ] = False,
    seed: Annotated[str | None, typer.Option("--seed", help="Deal from this seed instead.")] = None,
    strength: Annotated[
        str,
        typer.Option("--strength", help="The computer players: beginner, club or strong."),
    ] = "beginner",
    fourth: Annotated[
        bool,
        typer.Option(
            "--fourth",
            help="Level 10: a fourth player joins; one player rests each deal and predicts "
            "(you on every fourth deal).",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print every event as one JSON object per line."),
    ] = False,
    practice: Annotated[
        bool,
        typer.Option("--practice", help="Play again the deals whose goal you missed."),
    ] = False,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Line by line, not full-screen (for screen readers, scripts and pipes).",
        ),
    ] = False,
    web: Annotated[
        bool,
        typer.Option("--web", help="Serve the full-screen tutor to a browser on localhost."),
    ] = False,
    port: Annotated[
        int, typer.Option("--port", help="The port --web serves on (default 8000).")
    ] = 8000,
    lesson: Annotated[
        str | None,
        typer.Option(
            "--lesson",
            help="A bridge lesson instead of a level: penalty-cards (Law 51), you as declarer.",
        ),
    ] = None,
    puzzles: Annotated[
        bool,
        typer.Option("--puzzles", help="Rated puzzles made by the solver (docs/puzzles.md)."),
    ] = False,
    theme: Annotated[
        str | None, typer.Option("--theme", help="With --puzzles: only this theme (key or name).")
    ] = None,
    screen: Annotated[bool, typer.Option("--screen", hidden=True)] = False,
) -> None:
    """Learn Betel level by level, playing against computer players; or a teacher's lesson,
    practice file or course (a folder of them).

    In a terminal of at least 80×24 the tutor is full-screen: the table, the status, a side
    panel. Elsewhere (a pipe, --plain, --json) it goes line by line."""
    with reported(lang) as language:
        from betel_tutor.app.learn import LearnOptions, open_session

        asked = (level, lang, open_hands, seed, strength, fourth, practice, lesson)
        options = LearnOptions(*asked, course=course, puzzles=puzzles, theme=theme)
        if web:
            _serve_web(options, port, language)
            return
        session = open_session(options, language, warn)
        # A learner's typing may hold bytes that are not UTF-8: shown as such, never a crash.
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")
        if screen or (not as_json and not plain and _full_screen(session.ctx.lang)):
            from betel_tutor.screen import run as full_screen  # Textual: loaded only here

            status = full_screen.run(session, level=level, practice=practice)
        else:
            from betel_tutor.tutor import jsonlines, terminal

            front = jsonlines if as_json else terminal
            status = front.run(
                session, level=level, stdin=sys.stdin, stdout=sys.stdout, practice=practice
            )
    raise typer.Exit(status)


def _full_screen(language: str) -> bool:
    """Whether ``learn`` goes full-screen: both ends a terminal of at least 80×24 (a smaller
    one is told why it gets lines)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:  # the terminal's own size, as Textual will draw in it (not $COLUMNS and $LINES)
        size = os.get_terminal_size(sys.stdout.fileno())
    except OSError:
        size = os.terminal_size((0, 0))
    if size.columns >= 80 and size.lines >= 24:
        return True
    from betel_tutor.i18n import translate

    message = translate("screen.too_small", language, width=size.columns, height=size.lines)
    typer.echo(message, err=True)
    return False


def _serve_web(options: LearnOptions, port: int, language: str) -> None:
    """``learn --web``: the same options, passed to the full-screen tutor each browser runs.
    The port is bound before the address is printed; a busy one is one line and exit 2."""
    from betel_tutor.app.learn import port_refused, web_arguments
    from betel_tutor.i18n import translate
    from betel_tutor.screen import run as full_screen  # Textual: loaded only here

    arguments = web_arguments(options, port)

    def say(line: str) -> None:
        typer.echo(line, err=True)

    try:
        server = full_screen.web_server(arguments, port=port, lang=language, say=say)
    except OSError as error:
        raise port_refused(error, port) from None
    typer.echo(translate("web.serving", language, url=server.url))
    server.serve()


def progress_command(
    course: Annotated[
        str | None,
        typer.Argument(
            metavar="[FILE|FOLDER]",
            help="The progress through a teacher's lesson, practice file or course.",
            show_default=False,
        ),
    ] = None,
    reset: Annotated[
        bool, typer.Option("--reset", help="Start again (the old file is kept aside).")
    ] = False,
    lang: Lang = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print each level's state as a JSON object.")
    ] = False,
) -> None:
    """Show the learner's progress through the ten levels, or through a teacher's course."""
    with reported(lang) as language:
        from betel_tutor.app.progress import ProgressOptions, progress

        shown = progress(ProgressOptions(reset, course=course))
        if shown.damaged is not None:
            warn(shown.damaged, language)
        if as_json and not reset:
            dump(shown.to_json(), indent=None)
        else:
            echo(shown.lines(language))
