"""``learn --practice``: the closed deals whose goal was missed, played again in the order they
were played, each with its lesson's rules. A deal whose goal is met leaves the list; a level
whose closed deals have all met their goal is passed."""

from __future__ import annotations

from dataclasses import replace

from betel_tutor.scenario.model import PlayStep
from betel_tutor.tutor.context import Context, Place
from betel_tutor.tutor.dealing import begin_lesson_deal
from betel_tutor.tutor.lesson import Lesson, closed_deals
from betel_tutor.tutor.phase import Continue, Next, Phase


class Practice(Lesson):
    """The practice list, deal after deal; ``done`` follows it (the menu)."""

    def __init__(self, done: Next) -> None:
        super().__init__(done)
        self.items: list[tuple[int, str]] = []

    def start(self, ctx: Context) -> Phase:
        self.items = [
            (number, deal)
            for number, level in sorted(ctx.progress.levels.items())
            for deal in level.practise
        ]
        if not self.items:
            ctx.say(ctx.t("practice_none"))
            return self.done(ctx)
        ctx.say(ctx.t("practice_intro", n=len(self.items)))
        return self.next_deal(ctx)

    def next_deal(self, ctx: Context) -> Phase:
        while self.items:
            number, deal = self.items.pop(0)
            if number not in ctx.numbers:  # the course changed
                continue
            lesson, _ = ctx.lesson(number)
            if lesson is None:
                continue
            found = [
                (index, step)
                for index, step in enumerate(lesson.steps)
                if isinstance(step, PlayStep) and step.deal == deal and not step.open
            ]
            if not found:  # the lesson changed: the deal is no longer one of its closed deals
                continue
            index, step = found[0]
            ctx.place = Place(number, lesson, index, practice=True)
            ctx.say("")
            ctx.say(ctx.t("practice_deal", level=number, deal=deal))
            return begin_lesson_deal(ctx, step, self.after_deal)
        ctx.place = None
        ctx.say(ctx.t("practice_done"))
        ctx.save()
        return self.done(ctx)

    def deal_finished(self, ctx: Context) -> Phase:
        """The deal is over (and not played again): the level may now be passed."""
        place = ctx.place
        assert place is not None
        ctx.table = None
        level = ctx.progress.level(place.level)
        needed = closed_deals(place.lesson)
        if not level.completed and all(level.closed.get(deal, 0) >= 2 for deal in needed):
            ctx.progress = ctx.progress.with_level(
                place.level, replace(level, completed=True, next_step=0)
            )
            ctx.say(ctx.t("level_passed_now", level=place.level))
        ctx.save()
        return Continue(self.next_deal, prompt_key="prompt_after_deal")
