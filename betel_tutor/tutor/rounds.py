"""An optional round of deals: level 3's further rounds of Betelek 2, 1 and 0 (spec §9.3,
§12.2: the level is the round of Betelek 3; a round of three for each higher betelek may
follow). The tutor says what the round is; the learner plays it or goes on without it.
"""

from __future__ import annotations

from betel_tutor.contracts import Contract
from betel_tutor.scenario import Scenario
from betel_tutor.scenario.model import PlayStep
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Prompt
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.retry import NO, YES


def optional_round(lesson: Scenario, index: int) -> range:
    """The steps of the optional round that starts at step ``index``: the optional play steps
    in a row from it whose deals have one contract. Empty when no round starts there (the step
    is not optional, or the one before it belongs to the same round: a learner resuming in the
    middle of a round goes on with it)."""
    steps = lesson.steps
    contract = round_contract(lesson, index)
    if contract is None or (index and round_contract(lesson, index - 1) == contract):
        return range(index, index)
    end = index
    while end < len(steps) and round_contract(lesson, end) == contract:
        end += 1
    return range(index, end)


def round_contract(lesson: Scenario, index: int) -> Contract | None:
    """The contract of step ``index`` when it is an optional play step, else None."""
    step = lesson.steps[index]
    if not isinstance(step, PlayStep) or not step.optional:
        return None
    deal = lesson.deal(step.deal)
    if deal is None:
        return None
    return deal.contract or lesson.options.contract


class RoundPhase(Phase):
    """Play the optional round (``play``) or go on after it (``skip``)."""

    expects = "round"

    def __init__(self, play: Next, skip: Next) -> None:
        self.play, self.skip = play, skip

    def prompt(self, ctx: Context) -> Prompt:
        return Prompt(ctx.t("prompt_round"), expects=self.expects, choices=("yes", "no"))

    def handle(self, ctx: Context, line: str) -> Phase:
        word = line.strip().lower()
        if word in YES:
            return self.play(ctx)
        if word in NO:
            ctx.say(ctx.t("round_skipped"))
            return self.skip(ctx)
        ctx.refuse_yes_no(line)
        return self
