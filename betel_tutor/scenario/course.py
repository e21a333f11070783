"""A teacher's course: one lesson or practice file, or a folder of them, to play in the tutor.

A folder is ordered by its ``course.yaml`` when it has one (``id``, ``title``, ``lessons``: the
files in order, docs/scenarios.md), else by each file's ``level:`` and then its name. A practice
file of deals and no steps (as ``deal --out`` writes it) is played as a run of its deals, each
closed, the learner South, the goal to take what best play takes (§12.8).

A course's progress is kept under its :attr:`Course.key`: its id and a digest of the ids of its
lessons, their steps' deals and those deals' seeds and hands. The key holds no path, so a moved
folder keeps its progress; it changes when lessons or deals are added, removed, reordered or
dealt anew, so that stars earned on one deal are never counted for another; and it stays when a
teacher only corrects a text.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from betel_tutor.errors import ScenarioError
from betel_tutor.scenario.loader import BOARD_FILES, load
from betel_tutor.scenario.model import Game, PlayStep, Scenario, Text
from betel_tutor.scenario.reader import Reader
from betel_tutor.scenario.source import Node, Position, Problem, load_yaml, read_file
from betel_tutor.seats import SOUTH

COURSE_FILE = "course.yaml"
COURSE_KEYS = ("id", "title", "lessons")
LESSON_SUFFIXES = (".yaml", ".yml")
PLAYED = ("lesson", "practice")  # the kinds of file the tutor plays (a board is only shown)


@dataclass(frozen=True, slots=True)
class Course:
    """Lessons to play in order: lesson ``n`` of the menu is ``lessons[n - 1]``."""

    id: str
    title: Text
    lessons: tuple[Scenario, ...]
    key: str  # where its progress is kept (the module's docstring says why so)

    @property
    def numbers(self) -> range:
        return range(1, len(self.lessons) + 1)


@dataclass(frozen=True, slots=True)
class CourseFile:
    """What a ``course.yaml`` says: its id, title and lesson files (relative to its folder)."""

    id: str
    title: Text
    lessons: tuple[str, ...]
    positions: tuple[Position, ...]  # of each lesson's entry


def open_course(path: str) -> Course:
    """The course at ``path``: a lesson or practice file, a folder of them, or a folder's
    ``course.yaml``. A :class:`ScenarioError` naming the file (and line) when it cannot be
    played: missing, bridge boards, not a lesson, a problem in a file, an empty folder."""
    if os.path.isdir(path):
        listed = os.path.join(path, COURSE_FILE)
        if os.path.isfile(listed):
            return _listed(listed)
        return _folder(path)
    if not os.path.lexists(path):
        raise ScenarioError("course.missing", path=path)
    if os.path.basename(path) == COURSE_FILE:
        return _listed(path)
    lesson = _lesson(path)
    return _course(lesson.id, lesson.title, (lesson,))


def _folder(path: str) -> Course:
    """The lesson and practice files directly in ``path``, by ``level:`` and then by name;
    bridge boards and other kinds are left out. None at all is an error."""
    try:
        names = sorted(os.listdir(path))
    except OSError as error:
        raise ScenarioError("course.unreadable", path=path, detail=error.strerror or "") from None
    lessons = []
    for name in names:
        file = os.path.join(path, name)
        if not name.endswith(LESSON_SUFFIXES) or not os.path.isfile(file):
            continue
        scenario = _scenario(file)
        if scenario.kind in PLAYED and _betel(scenario) and scenario.steps:
            lessons.append(scenario)
    if not lessons:
        key = "course.empty_folder" if not names else "course.no_lessons"
        raise ScenarioError(key, path=path)
    lessons.sort(key=lambda lesson: (lesson.level is None, lesson.level or 0))
    title = Text(os.path.basename(os.path.abspath(path)), os.path.basename(os.path.abspath(path)))
    return _course(title.en, title, tuple(lessons))


def _listed(path: str) -> Course:
    """The course a ``course.yaml`` lists; its first problem as an error."""
    listing, problems = read_course_file(path)
    if listing is None or problems:
        first = problems[0]
        raise ScenarioError("course.problem", problem=first)
    folder = os.path.dirname(path)
    lessons = []
    for name, where in zip(listing.lessons, listing.positions, strict=True):
        lesson = _lesson(os.path.join(folder, name), where)
        lessons.append(lesson)
    return _course(listing.id, listing.title, tuple(lessons))


def _lesson(path: str, listed_at: Position | None = None) -> Scenario:
    """The lesson or practice file at ``path``, made playable; an error when it is not one."""
    if path.lower().endswith(BOARD_FILES):
        raise ScenarioError("course.bridge_file", path=path)
    if not os.path.isfile(path):
        if listed_at is not None:
            raise ScenarioError("course.problem", problem=_lesson_missing(listed_at, path))
        raise ScenarioError("course.not_a_file", path=path)
    scenario = _scenario(path)
    if not _betel(scenario):
        raise ScenarioError("course.bridge_file", path=path)
    if scenario.kind not in PLAYED:
        raise ScenarioError("course.not_lesson", path=path)
    if not scenario.steps:
        raise ScenarioError("course.no_steps", path=path)
    return scenario


def _lesson_missing(where: Position, path: str) -> Problem:
    return Problem(where, "scenario.course_lesson_missing", {"file": os.path.basename(path)})


def _scenario(path: str) -> Scenario:
    """The scenario at ``path`` as the tutor plays it; its first problem as an error."""
    scenario, problems = load(path)
    if scenario is None or problems:
        raise ScenarioError("course.problem", problem=problems[0])
    return playable(scenario)


def _betel(scenario: Scenario) -> bool:
    """Whether the tutor can play the file: Betel deals (a file of bridge boards is shown,
    solved and converted, not played), or no deal at all (a lesson of texts and quizzes)."""
    return all(deal.game is Game.BETEL for deal in scenario.deals)


def playable(scenario: Scenario) -> Scenario:
    """A practice file of deals and no steps (as ``deal --out`` writes it) as a run of its
    deals: each played closed by South, to take what best play takes."""
    if scenario.kind != "practice" or scenario.steps:
        return scenario
    steps = tuple(PlayStep(deal.id, SOUTH, {"best": 1}) for deal in scenario.deals)
    return replace(scenario, steps=steps)


def _course(ident: str, title: Text, lessons: tuple[Scenario, ...]) -> Course:
    return Course(ident, title, lessons, course_key(ident, lessons))


def course_key(ident: str, lessons: tuple[Scenario, ...]) -> str:
    """The name a course's progress is kept under: its id as a file name, and a digest of what
    its stars and steps belong to (lessons, steps, deals), never of where it lies."""
    digest = hashlib.sha256(ident.encode("utf-8"))
    for lesson in lessons:
        digest.update(f"\0lesson {lesson.id} {len(lesson.steps)}".encode())
        for step in lesson.steps:
            digest.update(f"\0{type(step).__name__} {getattr(step, 'deal', '')}".encode())
        for deal in lesson.deals:
            digest.update(f"\0deal {deal.id} {deal.seed!r} {deal.hands!r}".encode())
    name = re.sub(r"[^a-z0-9]+", "-", ident.lower()).strip("-")[:40] or "course"
    return f"{name}-{digest.hexdigest()[:12]}"


# -- course.yaml ------------------------------------------------------------------------------
def read_course_file(path: str) -> tuple[CourseFile | None, list[Problem]]:
    """A ``course.yaml``, and every problem of its form, each at its line: unknown or missing
    keys, a lesson that is no file in the folder, listed twice, or outside the folder."""
    text, problems = read_file(path)
    if text is None:
        return None, problems
    root, problems = load_yaml(text, path)
    if root is None:
        return None, problems
    reader = _CourseReader()
    listing = reader.course(root, os.path.dirname(path))
    return (listing if not reader.problems else None), reader.problems


class _CourseReader(Reader):
    def course(self, root: Node, folder: str) -> CourseFile | None:
        fields = self.mapping(root, "course", allowed=COURSE_KEYS, required=("id", "lessons"))
        if fields is None or "id" not in fields or "lessons" not in fields:
            return None
        ident = self.string(fields["id"], "id")
        title = Text(ident or "", ident or "")
        if "title" in fields:
            title = self.text(fields["title"], "title") or title
        items = self.sequence(fields["lessons"], "lessons")
        if ident is None or items is None:
            return None
        if not items:
            self.problem(fields["lessons"].position, "scenario.course_no_lessons")
        names: list[str] = []
        positions: list[Position] = []
        for item in items:
            name = self.string(item, "lessons")
            if name is not None and self.lesson_fits(item, name, folder, names):
                names.append(name)
                positions.append(item.position)
        return CourseFile(ident, title, tuple(names), tuple(positions))

    def lesson_fits(self, item: Node, name: str, folder: str, names: list[str]) -> bool:
        parts = PurePosixPath(name).parts
        if not name or PurePosixPath(name).is_absolute() or ".." in parts:
            self.problem(item.position, "scenario.course_lesson_outside", file=name)
            return False
        if name in names:
            self.problem(item.position, "scenario.course_lesson_twice", file=name)
            return False
        file = Path(folder) / name
        if not file.is_file():
            self.problem(item.position, "scenario.course_lesson_missing", file=name)
            return False
        try:
            _lesson(str(file))
        except ScenarioError as error:  # a lesson's own problems are its file's, not the list's
            if error.key != "course.problem":
                self.problem(item.position, "scenario.course_lesson_unplayable", detail=error)
                return False
        return True
