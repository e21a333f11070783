"""Closed deals judged by the learner's chances: the hint, the review and the stars of a closed
deal weigh each card by what the learner could know (single dummy,
:mod:`betel_tutor.solver.single_dummy`), never by the hidden cards. Open deals, where every
hand is shown, stay judged double dummy (:mod:`betel_tutor.solver.advice`).

A card's *cost* here is the chance of meeting the deal's goal that it gives up against the best
card, in percentage points; the best cards are those of the highest chance, the expected
tricks putting the first of them first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from betel_tutor.cards import Card, format_hand
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat, seats
from betel_tutor.solver.api import card_reaches
from betel_tutor.solver.single_dummy import Aim, Held, Judgement, judge, seen_by
from betel_tutor.solver.telling import Fact, beaten_by, punishing_with_fact
from betel_tutor.tutor import goals, told, why
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Review
from betel_tutor.tutor.table import Table


def single_dummy(table: Table, in_match: bool) -> bool:
    """Whether the deal is judged by the learner's chances: a closed deal of a lesson, with a
    goal, the learner at the table and no trade moving cards between hands."""
    return (
        not table.step.open
        and not in_match
        and bool(table.step.goal)
        and table.learner_seat is not None
        and table.outlook is not None
        and table.trading is None
    )


def percent(chance: float) -> int:
    return round(chance * 100)


def said(points: int) -> str:
    """A chance as the learner reads it: ``62%``, with no space that a wrapped line could
    break between the number and its sign."""
    return f"{points}%"


def taken_from_dubel(table: Table) -> Held:
    """The cards each other player is known to hold because they took them from the dubel in
    the auction's exchanges and have not laid them back (spec §3: the dubel lies face up, so
    what is taken from it is seen going into the taker's hand). Read from the calls the table
    keeps for the whole deal, so that the play, after the auction is over, knows them too."""
    holder: dict[Card, int] = {}
    for record in table.called:
        for card in record.call.take:
            holder[card] = record.seat
        for card in record.call.lay:
            holder.pop(card, None)
    held: dict[int, set[Card]] = {}
    for card, seat in holder.items():
        if seat != table.learner_seat:
            held.setdefault(seat, set()).add(card)
    return {seat: frozenset(cards) for seat, cards in held.items()}


def judgement(table: Table, state: PlayState) -> Judgement:
    """The learner's legal cards in ``state`` judged over the layouts they could face (kept
    for the deal: the hint and then the review ask the same question)."""
    key = judgement_key(table, state)
    found = table.judged.get(key)
    if found is None:
        assert table.learner_seat is not None
        board = table.advisor.board(state)
        held = taken_from_dubel(table)
        found = judge(state, table.learner_seat, key[1], board, held, told.play_misfit(table))
        table.judged[key] = found
    return found


def judgement_key(table: Table, state: PlayState) -> tuple[str, Aim]:
    """What :func:`judgement` is kept by: what the learner has seen, and the deal's aim."""
    assert table.outlook is not None and table.learner_seat is not None
    return seen_by(state, table.learner_seat, taken_from_dubel(table)), aim_of(table, state)


def judge_ahead(table: Table, state: PlayState) -> bool:
    """Judge the learner's cards in ``state`` (:func:`judgement`) unless they were judged
    already; whether this did any work."""
    if judgement_key(table, state) in table.judged:
        return False
    judgement(table, state)
    return True


def layouts_note(ctx: Context, table: Table, judged: Judgement) -> str | None:
    """What the layouts of ``judged`` made of the auction, when it told anything: that they
    are the ones in which the computer players would have called as they did, or that it was
    left aside because too few layouts fit it (so that nothing claims it was counted)."""
    if not told.told(table):
        return None
    return ctx.t("chance_auction" if judged.narrowed else "chance_auction_aside")


def best_cards(judged: Judgement) -> list[Card]:
    """The cards of the highest chance, the one of most expected tricks first."""
    top = judged.cards[0].chance
    return [c.card for c in judged.cards if c.chance == top]


def costs(judged: Judgement) -> dict[Card, int]:
    """Every card not among the best, with the percentage points of chance it gives up."""
    top = judged.cards[0].chance
    return {c.card: percent(top) - percent(c.chance) or 1 for c in judged.cards if c.chance < top}


@dataclass(frozen=True, slots=True)
class Slip:
    """The review's finding in a closed deal: in trick ``trick`` the learner played ``card``,
    of ``chance`` (percent), where ``better`` had ``best`` (percent)."""

    trick: int
    card: Card
    better: Card
    chance: int
    best: int
    move: int  # the card's place in the deal's play, from 0


def first_slip(table: Table, positions: Sequence[PlayState], played: Sequence[Card]) -> Slip | None:
    """The first card of the learner's that lowered their chance of meeting the goal; None
    when every card was among the best by their chances."""
    for move, (state, card) in enumerate(zip(positions, played, strict=False)):
        if state.to_play != table.learner_seat:
            continue
        judged = judgement(table, state)
        top = judged.cards[0]
        mine = judged.of(card)
        if mine.chance < top.chance:
            trick = len(state.tricks) + 1
            return Slip(trick, card, top.card, percent(mine.chance), percent(top.chance), move)
    return None


def aim_of(table: Table, state: PlayState) -> Aim:
    assert table.outlook is not None and table.learner_seat is not None
    goal, value = next(iter(table.step.goal.items()))
    return goals.aim(goal, value, state, table.learner_seat, table.outlook)


def played_to_goal(table: Table) -> bool:
    """Whether the play, as it went on the cards as dealt, met the deal's goal."""
    assert table.play is not None and table.outlook is not None
    goal, value = next(iter(table.step.goal.items()))
    learner = table.learner_seat or 0
    return goals.goal_met(goal, value, table.play.state, learner, table.outlook)


def punished(table: Table, slip: Slip) -> tuple[PlayState, Fact | None] | None:
    """When the learner's weaker card still met the goal on the cards as dealt: a layout they
    could have faced in which it misses and the better card meets it, with what about that
    layout makes it miss; else None."""
    assert table.play is not None and table.learner_seat is not None
    if not played_to_goal(table):
        return None
    state = table.play.history[slip.move]
    return punishing_with_fact(state, judgement(table, state), slip.card, slip.better)


@dataclass(frozen=True, slots=True)
class BadLayout:
    """The best chances lost to the layout: ``card``, of ``chance`` (percent), was the first
    of the learner's cards to miss the goal on the cards as dealt, and ``fact`` about the
    hidden hands set this layout apart from those where it would have met it."""

    card: Card
    chance: int
    fact: Fact


def bad_layout(table: Table) -> BadLayout | None:
    """When the learner played every card among the best and still missed the goal: the first
    of their cards after which the goal could no longer be met on these cards, and the hidden
    fact that beat it; None when there is no fact to tell or the card had no chance."""
    assert table.play is not None and table.learner_seat is not None
    for state, card in zip(table.play.history, table.play.played, strict=False):
        if state.to_play != table.learner_seat:
            continue
        aim = aim_of(table, state)
        board = table.advisor.board(state)
        target = aim.threshold if aim.wants_more else aim.threshold + 1
        if card_reaches(state, target, board)[card] == aim.wants_more:
            continue
        judged = judgement(table, state)
        chance = percent(judged.of(card).chance)
        fact = beaten_by(state, judged, card) if chance else None
        return None if fact is None else BadLayout(card, chance, fact)
    return None


def fact_words(ctx: Context, fact: Fact) -> str:
    """A hidden fact as the learner reads it: ``West held ♠K``, ``West held 3 cards in ♠``,
    ``West held no ♠``."""
    seat = ctx.name(Seat(fact.seat))
    if fact.card is not None:
        return ctx.t("fact_card", seat=seat, card=fact.card)
    if fact.count == 0:
        return ctx.t("fact_void", seat=seat, suit=fact.suit)
    return ctx.t("fact_count", seat=seat, suit=fact.suit, n=fact.count)


def review(ctx: Context, table: Table, slip: Slip | None) -> None:
    """After a closed deal: the first card of the learner's that lowered their chance of
    meeting the goal, with the chance it had and the better card's; else that every card was
    among the best by their chances."""
    if slip is None:
        text = ctx.t("review_clean")
        if not played_to_goal(table):  # the best chances did not come off on these cards
            text += " " + ctx.t("review_unlucky")
            lost = bad_layout(table)
            if lost is not None:
                words = fact_words(ctx, lost.fact)
                text += " " + ctx.t(
                    "review_unlucky_fact", card=lost.card, pct=said(lost.chance), fact=words
                )
        ctx.emit(Review(text))
        return
    assert table.play is not None
    text = ctx.t(
        "review_chance",
        trick=slip.trick,
        card=slip.card,
        pct=said(slip.chance),
        better=slip.better,
        best=said(slip.best),
    )
    note = layouts_note(ctx, table, judgement(table, table.play.history[slip.move]))
    if note is not None:
        text += " " + note
    found = punished(table, slip)
    hidden: dict[Seat, tuple[Card, ...]] = {}
    if found is not None:
        layout, fact = found
        others = [seat for seat in seats() if seat != table.learner_seat]
        hidden = hands_of(ctx, table, layout)
        lay = "; ".join(
            f"{ctx.name(Seat(seat)).localized(ctx.lang)} "
            f"{format_hand(layout.hands[seat], lang=ctx.lang)}"
            for seat in others
        )
        text += " " + ctx.t("review_punished", layout=lay, card=slip.card, better=slip.better)
        if fact is not None:
            words = fact_words(ctx, fact)
            text += " " + ctx.t("review_punished_fact", card=slip.card, fact=words)
    state = table.play.history[slip.move]
    aim, held = aim_of(table, state), taken_from_dubel(table)
    shown = None if found is None else found[0]
    explained = why.told_closed(ctx, table, state, slip.card, slip.better, aim, held, shown)
    if explained is not None:
        text += "\n" + explained.why
        if explained.layout is not None:
            hidden = hands_of(ctx, table, explained.layout)
    ctx.emit(
        card_review(
            text,
            slip.trick,
            (slip.card, slip.better),
            slip.best - slip.chance or 1,
            goals.side_of(table.play.state, table.learner_seat or 0),
            measure="chance",
            chance=slip.chance,
            better_chance=slip.best,
            layout=hidden,
            line=() if explained is None else tuple((ctx.name(s), c) for s, c in explained.line),
            why="" if explained is None else explained.why,
        )
    )


def hands_of(ctx: Context, table: Table, layout: PlayState) -> dict[Seat, tuple[Card, ...]]:
    """The other players' hands in a layout, by player, highest card first."""
    others = [seat for seat in seats() if seat != table.learner_seat]
    return {ctx.name(s): tuple(sorted(layout.hands[s], reverse=True)) for s in others}


def card_review(
    text: str, trick: int, cards: tuple[Card, Card], cost: int, side: str, **closed: Any
) -> Review:
    """The review that names a card of the learner's: in trick ``trick`` the first of
    ``cards`` where the second was better, what it cost and whose tricks count (``side``),
    with a closed deal's chances in ``closed``. Open and closed deals' reviews alike."""
    card, better = cards
    return Review(text, trick=trick, card=card, better=better, cost=cost, side=side, **closed)
