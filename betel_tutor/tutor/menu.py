"""The menu of the ten levels, with the learner's progress; a level chosen opens its lesson."""

from __future__ import annotations

from betel_tutor.scenario import Scenario
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Prompt
from betel_tutor.tutor.lesson import Lesson, closed_deals
from betel_tutor.tutor.phase import Phase
from betel_tutor.tutor.practice import Practice
from betel_tutor.tutor.text import shown, small_number


class MenuPhase(Phase):
    expects = "menu"

    def __init__(self, *, show: bool = True) -> None:
        self.show = show

    def prompt(self, ctx: Context) -> Prompt:
        if self.show:
            self.show = False
            show_menu(ctx)
        choices = tuple(str(number) for number in ctx.numbers)
        if ctx.settings.course is None:
            asked = ctx.t("prompt_level")
        else:
            asked = ctx.t("prompt_course_lesson", count=len(ctx.numbers))
        return Prompt(asked, expects=self.expects, choices=choices)

    def handle(self, ctx: Context, line: str) -> Phase:
        number = small_number(line, digits=2)
        if number is None or number not in ctx.numbers:
            if ctx.settings.course is None:
                ctx.refuse(line, "bad_level", ctx.t("bad_level", token=shown(line)))
            else:
                said = ctx.t("course_bad_lesson", token=shown(line), count=len(ctx.numbers))
                ctx.refuse(line, "bad_level", said)
            return self
        return open_level(ctx, number) or self


def practise(ctx: Context) -> Phase:
    """The practice list (``learn --practice``), then the menu."""
    return Practice(lambda ctx: MenuPhase()).start(ctx)


def open_level(ctx: Context, number: int) -> Phase | None:
    """The first phase of level ``number`` (None, and why, if its lesson cannot be read)."""
    return Lesson(lambda ctx: MenuPhase()).open(ctx, number)


def show_menu(ctx: Context) -> None:
    course = ctx.settings.course
    ctx.say(ctx.t("menu_title") if course is None else ctx.text(course.title) + ":")
    for number in ctx.numbers:
        lesson, _ = ctx.lesson(number)
        title = ctx.text(lesson.title) if lesson is not None else "?"
        ctx.say(f"  {number:>2}. {title}{level_mark(ctx, number, lesson)}")


def level_mark(ctx: Context, number: int, lesson: Scenario | None) -> str:
    level = ctx.progress.level(number)
    mark = ""
    if level.completed:
        mark = "  ✓"
    elif level.next_step and lesson is not None:
        mark = "  " + ctx.t("menu_progress", done=level.next_step, total=len(lesson.steps))
    if level.closed and lesson is not None:
        most = 3 * len(closed_deals(lesson))
        mark += "  " + ctx.t("menu_stars", stars=level.stars, most=most)
    return mark
