"""``learn --practice``: the closed deals whose goal was missed, played again in the order they
were played, each with its lesson's rules; then the tricks where a review named a costly card,
each from the learner's card in that trick (:mod:`betel_tutor.tutor.replay_from`). A deal whose
goal is met leaves the list, and so does a trick where a card the review accepts is found; a
level whose closed deals have all met their goal is passed."""

from __future__ import annotations

from dataclasses import replace

from betel_tutor.scenario import Scenario
from betel_tutor.scenario.model import PlayStep
from betel_tutor.tutor.context import Context, Place
from betel_tutor.tutor.dealing import begin_lesson_deal
from betel_tutor.tutor.lesson import Lesson, closed_deals
from betel_tutor.tutor.phase import Continue, Next, Phase
from betel_tutor.tutor.progress import Position
from betel_tutor.tutor.replay_from import FromTrick, table_at


class Practice(Lesson):
    """The practice list, deal after deal; ``done`` follows it (the menu)."""

    def __init__(self, done: Next) -> None:
        super().__init__(done)
        self.items: list[tuple[int, str | Position]] = []

    def start(self, ctx: Context) -> Phase:
        levels = sorted(ctx.progress.levels.items())
        self.items = [(number, deal) for number, level in levels for deal in level.practise]
        self.items += [(number, kept) for number, level in levels for kept in level.positions]
        if not self.items:
            ctx.say(ctx.t("practice_none"))
            return self.done(ctx)
        tricks = sum(isinstance(item, Position) for _, item in self.items)
        if len(self.items) > tricks:
            ctx.say(ctx.t("practice_intro", n=len(self.items) - tricks))
        if tricks:
            ctx.say(ctx.t("practice_positions", n=tricks))
        return self.next_deal(ctx)

    def next_deal(self, ctx: Context) -> Phase:
        while self.items:
            number, deal = self.items.pop(0)
            if number not in ctx.numbers:  # the course changed
                continue
            lesson, _ = ctx.lesson(number)
            if lesson is None:
                continue
            if isinstance(deal, Position):
                phase = self.from_position(ctx, number, lesson, deal)
                if phase is None:
                    continue
                return phase
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

    def from_position(
        self, ctx: Context, number: int, lesson: Scenario, kept: Position
    ) -> Phase | None:
        """A kept trick of a lesson deal, the learner to find a better card; None when the
        lesson no longer has the deal or the position no longer replays."""
        found = [
            (index, step)
            for index, step in enumerate(lesson.steps)
            if isinstance(step, PlayStep) and step.deal == kept.deal
        ]
        if not found:
            return None
        index, step = found[0]
        table = table_at(ctx, step, kept)
        if table is None:
            return None
        ctx.place = Place(number, lesson, index, practice=True)
        ctx.table = table
        ctx.say("")
        ctx.say(ctx.t("practice_position", level=number, deal=kept.deal, trick=kept.trick))
        return FromTrick(table, self.after_deal)

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
