"""What every phase of a tutoring session shares: the learner's settings, where they are in
the lesson, the deal at the table, and the events said so far.

Phases read and change a :class:`Context`; they never print. They put what they have to say
into it as events (:mod:`betel_tutor.tutor.events`), which the session hands to a front end.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from betel_tutor import i18n
from betel_tutor.display import shown, shown_params
from betel_tutor.errors import BetelError
from betel_tutor.play import PlayState
from betel_tutor.resources import data_dir
from betel_tutor.scenario import Scenario, load
from betel_tutor.scenario.course import Course
from betel_tutor.scenario.model import Text
from betel_tutor.scenario.source import Problem
from betel_tutor.seats import Seat, seats
from betel_tutor.tutor.board import Board
from betel_tutor.tutor.events import Event, LessonText, Message, Refused, TableText
from betel_tutor.tutor.progress import Progress, SavedMatch
from betel_tutor.tutor.saving import PlayedDeal
from betel_tutor.tutor.table import THREE, Table
from betel_tutor.tutor.text import markdown, plain, visible
from betel_tutor.tutor.text import shown as quoted

LEVELS = range(1, 11)


def level_path(level: int) -> Path:
    """The lesson of ``level``: from ``$BETEL_TUTOR_LEVELS`` when that folder has it (a
    teacher's own lessons, or a short match for a test), else the shipped one."""
    name = f"level-{level:02d}.yaml"
    own = os.environ.get("BETEL_TUTOR_LEVELS")
    if own and (Path(own) / name).is_file():
        return Path(own) / name
    return data_dir("scenarios") / "levels" / name


@dataclass(frozen=True, slots=True)
class Settings:
    """How the learner started the tutor (``learn``'s options)."""

    always_open: bool = False  # --open: every deal is played with all hands shown
    seed: str | None = None  # --seed: deals from this seed instead of the lesson's
    fourth: bool = False  # --fourth: a fourth player joins level 10, one player rests a deal
    strength: str = "beginner"  # --strength: beginner, club or strong computer players
    saves_to: Path | None = None  # where ``save`` writes deals unless given a path
    course: Course | None = None  # ``learn FILE|FOLDER``: a teacher's course, not the levels


@dataclass
class Place:
    """Where the learner is: the level and lesson open, and the step of it."""

    level: int
    lesson: Scenario
    step_index: int = 0
    practice: bool = False  # a deal of the practice list: the lesson's place is not moved

    @property
    def step(self) -> Any:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None


@dataclass
class Context:
    """The state of a session that its phases share."""

    progress: Progress
    lang: str = "en"
    settings: Settings = field(default_factory=Settings)
    on_progress: Callable[[Progress], bool] | None = None  # False: it could not be kept
    place: Place | None = None
    table: Table | None = None  # the deal being bid or played
    match: SavedMatch | None = None  # the match of a match step, while it is played (§7)
    last_deal: PlayedDeal | None = None  # the finished deal, for ``save``
    last_table: Table | None = None  # the finished deal, for ``replay``
    fourth_deals: int = 0  # deals of level 10 begun in this run, for the resting turn
    fourth_noted: bool = False  # said once that --fourth does nothing outside level 10
    board: Board | None = None  # the bridge board of the penalty-card lesson, while it is open
    events: list[Event] = field(default_factory=list)

    # -- words -----------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        """The tutor's message ``key`` in the learner's language."""
        values = {
            k: (v.localized(self.lang) if hasattr(v, "localized") else shown(v, self.lang))
            for k, v in params.items()
        }
        return i18n.translate(f"tutor.{key}", self.lang, **values)

    def reason(self, key: str, params: dict[str, object]) -> str:
        """A computer player's (or the engine's) reason, in the learner's language."""
        values = shown_params(params, self.lang)
        return i18n.translate(key, self.lang, **{k: str(v) for k, v in values.items()})

    def text(self, text: Text) -> str:
        return plain(text.get(self.lang), self.lang)

    def name(self, seat: Seat) -> Seat:
        """Who sits at table seat ``seat`` in the deal being played."""
        return (self.table.names if self.table is not None else THREE)[seat]

    def play_so_far(self, state: PlayState, name: Callable[[Seat], Seat]) -> list[str]:
        """The trick under way, each card with who played it (when one is), and each player's
        tricks so far; ``name`` says who sits at a table seat."""
        lines = []
        if state.current:
            leader = Seat(state.leader)
            played = ", ".join(
                f"{name(leader.next(i)).localized(self.lang)} {card.format(lang=self.lang)}"
                for i, card in enumerate(state.current)
            )
            lines.append(self.t("trick_so_far", cards=played))
        taken = state.tricks_taken()
        tricks = ", ".join(f"{name(s).localized(self.lang)} {taken[s]}" for s in seats())
        return [*lines, self.t("tricks_so_far", tricks=tricks)]

    # -- the lessons ----------------------------------------------------------------------
    @property
    def numbers(self) -> range:
        """The lessons of the menu: the ten levels, or a teacher's course's."""
        course = self.settings.course
        return LEVELS if course is None else course.numbers

    def lesson(self, number: int) -> tuple[Scenario | None, list[Problem]]:
        """Lesson ``number`` of the menu, or why it cannot be read."""
        course = self.settings.course
        if course is None:
            return load(str(level_path(number)))
        return course.lessons[number - 1], []

    # -- saying ----------------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def teach(self, text: Text) -> None:
        """A lesson's text, plain for lines and as markdown for a front end that renders it."""
        self.events.append(LessonText(self.text(text), markdown=markdown(text.get(self.lang))))

    def describe(self, line: str) -> None:
        """A line that says what the table shows (a full-screen front end draws it instead)."""
        self.events.append(TableText(line))

    def say(self, line: str = "") -> None:
        self.events.append(Message(line))

    def refuse(self, typed: str, reason: str, message: str, rule: int | None = None) -> None:
        """The learner's input is not accepted: ``reason`` is the catalog key of why."""
        self.events.append(Refused(visible(message), input=typed, reason=reason, rule=rule))

    def refuse_error(self, typed: str, error: BetelError) -> None:
        self.refuse(typed, error.reason, error.message(self.lang), error.rule)

    def refuse_yes_no(self, typed: str) -> None:
        """Refuse an answer that is neither yes nor no; a blank line is not quoted back."""
        key = "bad_yes_no" if typed.strip() else "bad_yes_no_blank"
        self.refuse(typed, "bad_yes_no", self.t(key, token=quoted(typed)))

    def take_events(self) -> list[Event]:
        events, self.events = self.events, []
        return events

    # -- progress --------------------------------------------------------------------------
    def save(self) -> bool:
        """Keep the learner's place and language, and write the progress file; False when it
        could not be written (the learner has been told)."""
        if self.place is not None and not self.place.practice:
            level = self.progress.level(self.place.level)
            self.progress = self.progress.with_level(
                self.place.level, replace(level, next_step=self.place.step_index)
            )
        self.progress = replace(self.progress, language=self.lang)
        return self.on_progress is None or self.on_progress(self.progress)
