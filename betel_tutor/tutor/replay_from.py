"""A deal played again from one of its tricks: the same cards, every card before the
learner's in that trick played as it was, and the learner to play. The learner's first card is
judged as the review judges cards: one the review would accept is acknowledged and played; any
other is not played, and the learner is told what it still costs and, from its own line against
the best card's (:mod:`betel_tutor.tutor.why`), where it goes wrong, and tries again.

The deal is practice: its stars and the level's points do not change.
"""

from __future__ import annotations

from dataclasses import replace

from betel_tutor.cards import Card
from betel_tutor.play import DealPlay, PlayState
from betel_tutor.tutor import chances, why
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.table import LEARNER, Table


def position(table: Table, trick: int) -> int:
    """The place in the deal's play (from 0) of the learner's card in trick ``trick``."""
    assert table.play is not None
    return next(
        move
        for move, state in enumerate(table.play.history)
        if len(state.tricks) == trick - 1 and state.to_play == table.learner_seat
    )


def replayed(table: Table, trick: int) -> Table:
    """The deal's table again at the learner's card in trick ``trick``: the cards before it
    played as they were (so ``undo`` may take them back), nothing yet judged of the end."""
    assert table.play is not None
    history = table.play.history
    game = DealPlay(history[0] if history else table.play.state)
    for card in table.play.played[: position(table, trick)]:
        game.play(card)
    return replace(
        table,
        play=game,
        practice=True,
        retry=True,
        trading=None,  # rule 20: what was traded stays as it was; no new trade
        goal_met=None,
        costly_trick=None,
        _computer=None,
    )


class FromTrick(PlayPhase):
    """The play from trick ``trick``: the learner's first card must be one the review accepts."""

    def __init__(self, table: Table, then: Next, *, in_match: bool = False) -> None:
        super().__init__(table, then, in_match=in_match)
        assert table.play is not None
        self.at = len(table.play.history)  # the learner's card to find
        self.begun = True  # the goal was stated when the deal began

    def handle(self, ctx: Context, line: str) -> Phase:
        if len(self.game.history) != self.at or self.state.to_play != LEARNER:
            return super().handle(ctx, line)
        card = self.read_card(ctx, line)
        if card is None:
            return self
        problem = self.state.refusal(card, speak_to_learner=True)
        if problem is not None:
            ctx.refuse_error(line, problem)
            return self
        short = shortfall(ctx, self.table, self.state, card)
        if short is None:
            ctx.say(ctx.t("retry_found", card=card))
            self.record(ctx, LEARNER, card, None)
            return self
        ctx.refuse(line, "retry_short", short)
        self.shown = False  # show the table again for the next try
        return self


def shortfall(ctx: Context, table: Table, state: PlayState, card: Card) -> str | None:
    """None when the review would accept ``card`` in ``state``; else what it still costs and
    the trick its line loses (the best card's line decides which, but is not told: the
    learner is to find the card)."""
    assert table.learner_seat is not None
    if chances.single_dummy(table, ctx.match is not None):
        judged = chances.judgement(table, state)
        best = chances.best_cards(judged)
        if card in best:
            return None
        lost = chances.percent(judged.cards[0].chance) - chances.percent(judged.of(card).chance)
        text = ctx.t("retry_short_chance", card=card, pct=chances.said(lost or 1))
        aim, held = chances.aim_of(table, state), chances.taken_from_dubel(table)
        told = why.told_closed(ctx, table, state, card, best[0], aim, held, None)
    else:
        advice = table.advisor.hint(state)
        cost = next(a.cost for a in advice if a.card == card)
        if cost == 0:
            return None
        text = ctx.t("retry_short", card=card, n=cost)
        played = why.best_line(state, card, table.advisor)
        instead = why.best_line(state, advice[0].card, table.advisor)
        told = why.told(ctx, played, instead, table.learner_seat)
    return text if told is None else f"{text} {told.hint}"
