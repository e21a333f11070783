"""A deal played again from one of its tricks: the same cards, every card before the
learner's in that trick played as it was, and the learner to play. The learner's first card is
judged as the review judges cards: one the review would accept is acknowledged and played; any
other is not played, and the learner is told what it still costs and, from its own line against
the best card's (:mod:`betel_tutor.tutor.why`), where it goes wrong, and tries again.

The deal is practice: its stars and the level's points do not change. The trick is kept on
the practice list (:class:`~betel_tutor.tutor.progress.Position`) until a card the review
accepts is found there, and ``learn --practice`` offers it again.
"""

from __future__ import annotations

from dataclasses import replace

from betel_tutor.cards import Card, parse_cards
from betel_tutor.contracts import Contract
from betel_tutor.dealing import Deal
from betel_tutor.errors import BetelError
from betel_tutor.play import BETEL, DealPlay, PlayState, start_play
from betel_tutor.scenario.model import PlayStep
from betel_tutor.seats import Seat
from betel_tutor.tutor import chances, why
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.goals import outlook
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.progress import Position
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
        later_costly=(),
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
        card = self.legal_card(ctx, line)
        if card is None:
            return self
        short = shortfall(ctx, self.table, self.state, card)
        if short is None:
            ctx.say(ctx.t("retry_found", card=card))
            forget_position(ctx, self.table.step.deal)
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


# -- the positions of the practice list --------------------------------------------------------
def record_position(ctx: Context, table: Table) -> None:
    """Keep the trick of the card the review named on the practice list (one a deal: the
    latest), with the start of play and the cards before the learner's card."""
    trick, place = table.costly_trick, ctx.place
    if trick is None or place is None or table.play is None or table.learner_seat is None:
        return
    history = table.play.history
    start = history[0] if history else table.play.state
    kept = Position(
        deal=table.step.deal,
        trick=trick,
        contract=str(start.contract),
        declarer=None if start.declarer is None else Seat(start.declarer).letter,
        leader=Seat(start.leader).letter,
        hands=tuple(" ".join(map(str, sorted(hand, reverse=True))) for hand in start.hands),
        play=tuple(map(str, table.play.played[: position(table, trick)])),
    )
    level = ctx.progress.level(place.level)
    others = tuple(p for p in level.positions if p.deal != kept.deal)
    ctx.progress = ctx.progress.with_level(place.level, replace(level, positions=(*others, kept)))


def forget_position(ctx: Context, deal: str) -> None:
    """A card the review accepts was found at the deal's kept trick: it leaves the list."""
    place = ctx.place
    if place is None:
        return
    level = ctx.progress.level(place.level)
    if any(p.deal == deal for p in level.positions):
        kept = tuple(p for p in level.positions if p.deal != deal)
        ctx.progress = ctx.progress.with_level(place.level, replace(level, positions=kept))


def table_at(ctx: Context, step: PlayStep, kept: Position) -> Table | None:
    """The table of a kept position: the start of play rebuilt and the cards before the
    learner's played again; None when they no longer make one (a damaged or changed entry)."""
    try:
        hands = [parse_cards(hand) for hand in kept.hands]
        contract = Contract.parse(kept.contract)
        declarer = None if kept.declarer is None else Seat.parse(kept.declarer)
        leader = Seat.parse(kept.leader)
        start = start_play(BETEL, hands, contract, declarer=declarer, leader=leader)
        game = DealPlay(start)
        for card in parse_cards(" ".join(kept.play)):
            game.play(card)
    except (BetelError, ValueError):
        return None
    state = game.state
    if state.finished or state.to_play != LEARNER or len(state.tricks) != kept.trick - 1:
        return None
    dealt = Deal(tuple(tuple(hand) for hand in hands), (), leader)
    return Table(
        game,
        step,
        step.open or ctx.settings.always_open,
        practice=True,
        dealt=dealt,
        strength=ctx.settings.strength,
        outlook=outlook(start, LEARNER),
        retry=True,
    )
