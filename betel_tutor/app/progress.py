"""``progress``: the learner's progress through the ten levels or a teacher's course, or a
fresh start."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from betel_tutor.i18n import translate, translate_plural
from betel_tutor.puzzles.theme_names import theme_name
from betel_tutor.scenario.course import Course, open_course
from betel_tutor.tutor import progress as store
from betel_tutor.tutor.puzzle_record import dashboard, ratings

LEVELS = range(1, 11)


@dataclass(frozen=True, slots=True)
class ProgressOptions:
    reset: bool = False  # set the file aside and start again
    path: Path | None = None  # [default: the learner's progress file]
    course: str | None = None  # a teacher's lesson or practice file, or a folder of them


@dataclass(frozen=True, slots=True)
class ProgressShown:
    """The progress read (empty when the file was damaged: ``damaged`` says how), and after a
    reset where the old file was kept (``None``: there was none)."""

    saved: store.Progress
    damaged: store.ProgressError | None = None
    reset: bool = False
    aside: Path | None = None
    course: Course | None = None  # None: the ten levels

    @property
    def numbers(self) -> range:
        return LEVELS if self.course is None else self.course.numbers

    def lines(self, language: str) -> list[str]:
        """A line a level (what is next, deals, points, stars; the deals to practise), then
        a level-10 match under way with its score table (spec §7)."""
        if self.reset:
            shown = [] if self.aside is None else [str(self.aside)]
            return [translate("tutor.progress_reset", language, aside=a) for a in shown]
        out = [] if self.course is None else [self.course.title.get(language) + ":"]
        for number in self.numbers:
            level = self.saved.level(number)
            key = "tutor.progress_done" if level.completed else "tutor.progress_line"
            title = ""
            if self.course is not None:  # a lesson of a course, named by its title
                done = level.completed
                key = "tutor.course_progress_done" if done else "tutor.course_progress_line"
                title = self.course.lessons[number - 1].title.get(language)
            points = translate_plural("common.points", level.points, language)
            out.append(
                translate(
                    key,
                    language,
                    title=title,
                    level=number,
                    step=level.next_step,
                    n=level.deals_played,
                    points=points,
                    stars=level.stars,
                )
            )
            if level.practise:
                listed = ", ".join(level.practise)
                out.append(translate("tutor.progress_practise", language, deals=listed))
            if level.positions:  # the tricks of costly cards, offered by learn --practice too
                kept = "; ".join(
                    translate("tutor.progress_position", language, deal=p.deal, trick=p.trick)
                    for p in level.positions
                )
                out.append(translate("tutor.progress_positions", language, positions=kept))
        if self.saved.match is not None:
            # The match's table needs the tutor's play of a match (and the scenario reader
            # under it): loaded only when a match is under way, for a quick ``progress``.
            from betel_tutor.tutor.match_play import score_table

            number = self.saved.match.match.deals + 1
            out.append(translate("tutor.progress_match", language, number=number))
            out += score_table(self.saved.match, language)
        return out + puzzle_lines(self.saved, language)

    def to_json(self) -> dict[str, Any]:
        shown = store.summary(self.saved, self.numbers)
        if self.course is not None:
            course = self.course
            titles = {"en": course.title.en, "pl": course.title.pl}
            shown["course"] = {"id": course.id, "key": course.key, "title": titles}
        return shown


def puzzle_lines(saved: store.Progress, language: str) -> list[str]:
    """The learner's puzzle rating, then a line a theme, weakest first (nothing before the
    first puzzle)."""
    attempts = saved.puzzles
    if not attempts:
        return []
    learner, _ = ratings(attempts)
    solved = sum(attempt.solved for attempt in attempts)
    out = [
        translate(
            "tutor.progress_puzzles",
            language,
            rating=round(learner.rating),
            deviation=round(learner.deviation),
            tried=translate_plural("tutor.puzzles_tried", len(attempts), language),
            solved=translate_plural("tutor.puzzles_solved", solved, language),
        )
    ]
    for row in dashboard(attempts):
        out.append(
            translate(
                "tutor.progress_theme",
                language,
                theme=theme_name(row.theme, language),
                rating=round(row.rating),
                tried=translate_plural("tutor.puzzles_tried", row.attempts, language),
                solved=translate_plural("tutor.puzzles_solved", row.solved, language),
                percent=round(100 * row.success),
            )
        )
    return out


def progress(options: ProgressOptions) -> ProgressShown:
    course = None if options.course is None else open_course(options.course)
    path = options.path or store.default_path()
    if course is not None:
        path = store.course_path(path, course.key)
    keeper = store.Keeper(path)
    damaged = None
    try:
        saved = keeper.load()
    except store.ProgressError as error:
        saved, damaged = store.Progress(), error
    if options.reset:
        return ProgressShown(saved, damaged, reset=True, aside=keeper.reset(), course=course)
    return ProgressShown(saved, damaged, course=course)
