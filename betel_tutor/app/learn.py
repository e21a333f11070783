"""``learn``: the options checked, the learner's progress read and a tutor session opened on
it (its front end, line, JSON or full-screen, is the command line's choice)."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from betel_tutor.app.seeds import seed_text
from betel_tutor.bots.strong import STRENGTHS
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.puzzles.theme_names import Theme, read_theme
from betel_tutor.scenario.course import Course, open_course
from betel_tutor.tutor import progress as store
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.session import Session

LEVELS = range(1, 11)
PORTS = range(1, 65536)


@dataclass(frozen=True, slots=True)
class LearnOptions:
    level: int | None = None  # start at this level
    lang: str | None = None  # asked for: else the saved language, else the locale's
    open_hands: bool = False  # every deal played open (na widno)
    seed: str | None = None
    strength: str = "beginner"
    fourth: bool = False  # level 10: a fourth player joins, one rests each deal
    practice: bool = False  # play again the deals whose goal was missed
    lesson: str | None = None  # a bridge lesson instead of a level (penalty-cards)
    progress_file: Path | None = None  # [default: the learner's progress file]
    course: str | None = None  # a teacher's lesson or practice file, or a folder of them
    puzzles: bool = False  # puzzles from the corpus instead of the levels
    theme: str | None = None  # only puzzles of this theme


def course_of(options: LearnOptions) -> Course | None:
    """The teacher's course ``learn FILE|FOLDER`` plays (None: the ten levels); a
    :class:`~betel_tutor.errors.ScenarioError` naming the file when it cannot be played."""
    return None if options.course is None else open_course(options.course)


def progress_path(options: LearnOptions, course: Course | None) -> Path:
    """Where the learner's progress is kept: the levels' file, or beside it in ``courses/``
    one file a course, under the course's key (never mixed with the levels')."""
    path = options.progress_file or store.default_path()
    return path if course is None else store.course_path(path, course.key)


def checked(options: LearnOptions, course: Course | None = None) -> LearnOptions:
    """The options, refused before anything starts when they cannot be played."""
    seed = seed_text(options.seed)
    if options.course is not None and options.lesson is not None:
        raise NotationError("cli.course_and_lesson", token=options.course, position=0)
    if options.course is not None and options.puzzles:
        raise NotationError("cli.course_and_puzzles", token=options.course, position=0)
    if options.course is not None and options.fourth:  # §7's fourth player: level 10 only
        raise NotationError("cli.course_fourth", token=options.course, position=0)
    if course is not None and options.level is not None and options.level not in course.numbers:
        count = len(course.numbers)
        raise NotationError(
            "tutor.course_bad_lesson", token=str(options.level), position=0, count=count
        )
    if course is None and options.level is not None and options.level not in LEVELS:
        raise NotationError("tutor.bad_level", token=str(options.level), position=0)
    if options.strength not in STRENGTHS:
        raise NotationError("cli.bad_strength", token=options.strength, position=0)
    if options.theme is not None:
        if not options.puzzles:
            raise NotationError("tutor.theme_without_puzzles", token=options.theme, position=0)
        theme = read_theme(options.theme)
        corpus_holds(theme)
        options = replace(options, theme=theme)
    return replace(options, seed=seed)


def corpus_holds(theme: str) -> None:
    """Refuses ``--theme`` when the shipped corpus has no puzzle of it (a theme the solver
    knows may be in no line of the corpus): said at once, not as a session with nothing in it."""
    from betel_tutor.puzzles.corpus import shipped_corpus
    from betel_tutor.puzzles.store import theme_counts

    path = shipped_corpus()
    if theme_counts(path).get(theme, 0) == 0:
        raise BetelError("puzzles.none_found", theme=Theme(theme), path=str(path))


def open_session(
    options: LearnOptions, language: str, tell: Callable[[BetelError, str], None]
) -> Session:
    """A session on the learner's saved progress, in the language asked for (else the one
    saved, else ``language``), saving after each step. ``tell`` is given what the learner
    should know, in the session's language: a damaged progress file set aside, and once
    that progress cannot be saved (the game goes on)."""
    course = course_of(options)
    options = checked(options, course)
    path = progress_path(options, course)
    keeper = store.Keeper(path)
    notice: store.ProgressError | None = None
    try:
        saved = keeper.load()
    except store.ProgressError as damaged:
        saved, notice = store.Progress(), damaged
    settings = Settings(
        always_open=options.open_hands,
        seed=options.seed,
        fourth=options.fourth,
        strength=options.strength,
        saves_to=(options.progress_file or store.default_path()).parent / "deals",
        course=course,
    )
    unsaved = [keeper.frozen]  # said once: progress that cannot be saved does not stop the game

    def keep(progress: store.Progress) -> bool:
        try:
            report: BetelError | None = keeper.save(progress)
        except store.ProgressNotSaved as error:
            report, unsaved[0] = (None if unsaved[0] else error), True
            if report is not None:
                tell(report, session.ctx.lang)
            return False
        if report is not None:  # a damaged file was set aside; this progress is saved
            tell(report, session.ctx.lang)
        return True

    chosen = options.lang if options.lang is not None else (saved.language or language)
    session = Session(saved, chosen, settings=settings, on_progress=keep)
    if options.lesson is not None:  # a bridge lesson opens at once, the learner its declarer
        session.open_lesson(options.lesson)
    elif options.puzzles:
        session.open_puzzles(options.theme)
    if notice is not None:
        tell(notice, session.ctx.lang)
    return session


def web_arguments(options: LearnOptions, port: int) -> list[str]:
    """``learn --web``: the options each browser's full-screen tutor is started with."""
    options = checked(options, course_of(options))
    if port not in PORTS:
        raise NotationError("cli.bad_port", token=str(port), position=0)
    arguments = [f"--strength={options.strength}"]
    arguments += [f"--level={options.level}"] if options.level is not None else []
    arguments += [f"--lang={options.lang}"] if options.lang is not None else []
    arguments += [f"--seed={options.seed}"] if options.seed is not None else []
    flags = {"--open": options.open_hands, "--fourth": options.fourth}
    flags["--practice"] = options.practice
    flags["--puzzles"] = options.puzzles
    arguments += [f"--theme={options.theme}"] if options.theme is not None else []
    arguments += [flag for flag, given in flags.items() if given]
    return arguments + ([os.path.abspath(options.course)] if options.course is not None else [])


def port_refused(error: OSError, port: int) -> NotationError:
    """Why ``learn --web`` cannot serve on ``port``: in use, not allowed, or another reason."""
    if error.errno == errno.EADDRINUSE:
        return NotationError("cli.port_in_use", token=str(port), position=0)
    if error.errno == errno.EACCES:
        return NotationError("cli.port_denied", token=str(port), position=0)
    code = errno.errorcode.get(error.errno or 0, "?")
    return NotationError("cli.port_unusable", token=str(port), position=0, detail=code)
