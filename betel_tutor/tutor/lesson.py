"""A level's lesson, step after step: texts to read, quizzes, deals to play and to watch, and
level 10's match. Each step is a phase of its own; this module only chains them and keeps the
learner's place (a learner who quits resumes at the step they were at).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from betel_tutor.play import DealPlay
from betel_tutor.scenario import Scenario
from betel_tutor.scenario.model import MatchStep, PlayStep, QuizStep, ReadStep, WatchStep
from betel_tutor.tutor import match_play
from betel_tutor.tutor.context import Context, Place
from betel_tutor.tutor.dealend import closed, count_deal, offer_retry
from betel_tutor.tutor.dealing import begin_lesson_deal
from betel_tutor.tutor.events import LevelEnd
from betel_tutor.tutor.phase import Continue, Next, Phase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.quiz import QuizPhase
from betel_tutor.tutor.reading import read
from betel_tutor.tutor.replay_from import FromTrick, record_position, replayed
from betel_tutor.tutor.retry import RetryPhase
from betel_tutor.tutor.rounds import RoundPhase, optional_round, round_contract
from betel_tutor.tutor.table import Table
from betel_tutor.tutor.watching import watch


class Lesson:
    """The lesson of one level; ``done`` is what follows it (the menu)."""

    def __init__(self, done: Next) -> None:
        self.done = done

    def open(self, ctx: Context, number: int) -> Phase | None:
        """Open level ``number`` where the learner left it; None (and why) if its lesson
        cannot be read."""
        lesson, problems = ctx.lesson(number)
        if lesson is None:
            for problem in problems:
                ctx.say(problem.format(ctx.lang))
            return None
        if ctx.settings.fourth and number != 10 and not ctx.fourth_noted:
            ctx.say(ctx.t("fourth_no_effect", level=number))
            ctx.fourth_noted = True
        level = ctx.progress.level(number)
        step = 0 if level.completed else min(level.next_step, len(lesson.steps))
        ctx.place = Place(number, lesson, step)
        ctx.say("")
        ctx.say(ctx.text(lesson.title).upper())
        if lesson.text is not None and step == 0:
            ctx.teach(lesson.text)
        if step:
            ctx.say(ctx.t("resume", step=step + 1))
        if ctx.settings.fourth and number == 10:
            ctx.say(ctx.t("fourth_joins"))
        return self.enter(ctx)

    def enter(self, ctx: Context) -> Phase:
        """The phase of the current step (the level's end after the last)."""
        place = ctx.place
        assert place is not None
        step = place.step
        if step is None:
            return self.finish(ctx)
        if isinstance(step, MatchStep):  # entered again after each of its deals
            return match_play.enter(ctx, step, self.after_match_deal)
        ctx.say("")
        ctx.say(ctx.t("step", step=place.step_index + 1, total=len(place.lesson.steps)))
        if isinstance(step, ReadStep):
            return read(ctx, step, self.next_step)
        if isinstance(step, QuizStep):
            ctx.teach(step.quiz.question)
            return QuizPhase(step, self.next_step)
        if isinstance(step, PlayStep):
            return self.play(ctx, step)
        assert isinstance(step, WatchStep)
        deal = place.lesson.deal(step.deal)
        assert deal is not None
        return watch(ctx, step, deal, place.lesson.options, self.next_step)

    def play(self, ctx: Context, step: PlayStep) -> Phase:
        """A deal of the lesson; the first of an optional round is offered first."""
        place = ctx.place
        assert place is not None
        steps = optional_round(place.lesson, place.step_index)
        if not steps:
            return begin_lesson_deal(ctx, step, self.after_deal)
        contract = round_contract(place.lesson, steps.start)
        ctx.say(ctx.t("round_offer", n=len(steps), contract=contract))
        return RoundPhase(
            lambda ctx: begin_lesson_deal(ctx, step, self.after_deal),
            lambda ctx: self.skip_to(ctx, steps.stop),
        )

    def skip_to(self, ctx: Context, index: int) -> Phase:
        assert ctx.place is not None
        ctx.place.step_index = index
        ctx.save()
        return self.enter(ctx)

    def next_step(self, ctx: Context) -> Phase:
        assert ctx.place is not None
        ctx.place.step_index += 1
        ctx.save()
        return self.enter(ctx)

    def after_deal(self, ctx: Context) -> Phase:
        """A deal of the lesson is over: it counts; a missed goal is offered again at once;
        then the lesson moves on after Enter (a learner who quits now resumes after it)."""
        table = ctx.table
        assert table is not None
        count_deal(ctx, table)
        record_position(ctx, table)
        ctx.say(ctx.t("can_save"))
        ctx.save()
        if offer_retry(table):
            place = ctx.place
            assert place is not None
            practise = ctx.progress.level(place.level).practise
            listed = closed(ctx, table) and table.step.deal in practise
            costly = table.costly_trick
            assert table.play is not None
            if costly is None:
                ctx.say(ctx.t("retry_offer"))
            elif table.later_costly:  # each later costly card's trick is a choice of its own
                later = ", ".join(map(str, table.later_costly))
                n = len(table.later_costly)
                ctx.say(ctx.t("retry_offer_from_later", trick=costly, tricks=later, n=n))
            else:
                ctx.say(ctx.t("retry_offer_from", trick=costly))
            from_trick = None if costly is None else partial(self.from_trick, table=table)
            return RetryPhase(
                lambda ctx: self.retry(ctx, table),
                self.deal_finished,
                listed=listed,
                from_trick=from_trick,
                costly=costly,
                later=table.later_costly,
                tricks=table.play.state.profile.tricks,
            )
        return self.deal_finished(ctx)

    def from_trick(self, ctx: Context, trick: int, *, table: Table) -> Phase:
        """The same deal again from trick ``trick``, as practice (:mod:`replay_from`)."""
        ctx.table = replayed(table, trick)
        return FromTrick(ctx.table, self.after_deal)

    def retry(self, ctx: Context, table: Table) -> Phase:
        """The same deal again from its first card: it counts for the goal and the stars, not
        for the points (trade, bound to the first time, is not played again)."""
        assert table.play is not None
        first = table.play.history[0] if table.play.history else table.play.state
        ctx.table = replace(
            table,
            play=DealPlay(first),
            practice=False,
            retry=True,
            trading=None,
            stars=0,
            goal_met=None,
            _computer=None,
        )
        return PlayPhase(ctx.table, self.after_deal)

    def deal_finished(self, ctx: Context) -> Phase:
        assert ctx.place is not None
        ctx.table = None
        ctx.place.step_index += 1
        ctx.save()
        return Continue(self.enter, prompt_key="prompt_after_deal")

    def after_match_deal(self, ctx: Context, won: bool) -> Phase:
        """A deal of the match is over: the lesson moves on only when the match is won."""
        table = ctx.table
        assert table is not None and ctx.place is not None
        ctx.say(ctx.t("can_save"))
        count_deal(ctx, table)
        ctx.table = None
        if won:
            ctx.place.step_index += 1
        ctx.save()
        return Continue(self.enter, prompt_key="prompt_after_deal")

    def finish(self, ctx: Context) -> Phase:
        """The last step is done: the level is passed when every closed deal met its goal;
        otherwise the learner goes back to the first closed deal next time."""
        place = ctx.place
        assert place is not None
        level = ctx.progress.level(place.level)
        needed = closed_deals(place.lesson)
        missed = [deal for deal in needed if level.closed.get(deal, 0) < 2]
        most = 3 * len(needed)
        if missed:
            first = next(
                index
                for index, step in enumerate(place.lesson.steps)
                if isinstance(step, PlayStep) and step.deal in missed and not step.open
            )
            ctx.progress = ctx.progress.with_level(place.level, replace(level, next_step=first))
            text = ctx.t("level_not_passed", level=place.level, n=len(missed))
        else:
            ctx.progress = ctx.progress.with_level(
                place.level, replace(level, completed=True, next_step=0)
            )
            text = ctx.t("level_done", level=place.level)
        if most:
            text += "\n" + ctx.t("level_stars", level=place.level, n=level.stars, most=most)
        ctx.emit(LevelEnd(text, level=place.level, done=not missed, stars=level.stars))
        ctx.place = None
        ctx.save()
        return self.done(ctx)


def closed_deals(lesson: Scenario) -> list[str]:
    """The deals of a lesson that pass the level: those played closed, with a goal, and not
    in an optional round."""
    deals: list[str] = []
    for step in lesson.steps:
        if not isinstance(step, PlayStep) or step.open or step.optional or not step.goal:
            continue
        if step.deal not in deals:
            deals.append(step.deal)
    return deals
