"""The auction narrows the layouts the learner is judged over: a layout in which a computer player
would not have made the calls it made is never among them, two deals that differ only in unseen
cards the auction allows still get the same hint, and when too few layouts fit the auction it is
left aside, and the hint says so instead of claiming it."""

from __future__ import annotations

import random

import pytest

from betel_tutor.cards import Card
from betel_tutor.play import PlayState
from betel_tutor.solver.advice import hint as best_of
from betel_tutor.solver.single_dummy import Judgement, drawn, layouts
from betel_tutor.tutor import chances, told
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Hint
from betel_tutor.tutor.menu import MenuPhase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.table import LEARNER, Table
from tests.auction_table import at_table, bid_out, dealt

# North deals and bids 1♣, the learner passes, West bids 1♥ and plays it: two computer players'
# calls tell the learner something of their hands.
SEED, DEALER, GOAL = 11, 2, {"defeat": 1}
NARROWED = "These are the layouts in which the other players would have called as they did."
ASIDE = "The auction is left aside here: too few layouts fit it."


def table_after(hands: tuple[frozenset[Card], ...], cards: list[Card]) -> Table:
    """The deal of ``hands`` bid out, and ``cards`` played."""
    table = at_table(hands, dealt(SEED)[1], DEALER, [], GOAL)
    assert table.play is not None
    for card in cards:
        table.play.play(card)
    return table


def to_learner(hands: tuple[frozenset[Card], ...], more: int) -> list[Card]:
    """The computer players' best cards, and random ones of the learner's, until the learner is
    to move with at least ``more`` cards played."""
    game = table_after(hands, []).play
    assert game is not None
    rng, cards = random.Random(SEED), list[Card]()
    while len(cards) < more or game.state.to_play != LEARNER:
        state = game.state
        if state.to_play == LEARNER:
            card = rng.choice(sorted(state.legal_moves(), key=lambda c: c.index))
        else:
            card = best_of(state)[0].card
        cards.append(card)
        game.play(card)
    return cards


def calls_with(layout: PlayState, cards: list[Card]) -> list[str]:
    """The auction the computer players bid with ``layout``'s hands and the cards they played."""
    played = played_by(cards)
    hands = tuple(layout.hands[seat] | played[seat] for seat in range(3))
    return [str(record.call) for record in bid_out(hands, dealt(SEED)[1], DEALER, [])[0]]


def played_by(cards: list[Card]) -> dict[int, set[Card]]:
    """Who played each of ``cards`` in the deal of :data:`SEED`."""
    played: dict[int, set[Card]] = {seat: set() for seat in range(3)}
    game = table_after(dealt(SEED)[0], []).play
    assert game is not None
    for card in cards:
        played[game.state.to_play].add(card)
        game.play(card)
    return played


def hint(table: Table, lang: str) -> Hint:
    ctx = Context(Progress(), lang)
    PlayPhase(table, then=lambda ctx: MenuPhase()).hint(ctx)
    (event,) = [e for e in ctx.take_events() if isinstance(e, Hint)]
    return event


@pytest.mark.parametrize("more", [0, 10])
def test_no_layout_contradicts_a_computer_players_call(more: int) -> None:
    hands = dealt(SEED)[0]
    real = [str(record.call) for record in bid_out(hands, dealt(SEED)[1], DEALER, [])[0]]
    assert real == ["1♣", "pass", "1♥", "pass", "pass"]
    cards = to_learner(hands, more)
    table = table_after(hands, cards)
    assert table.play is not None
    state = table.play.state
    judged = chances.judgement(table, state)
    assert judged.narrowed and judged.layouts >= 1
    found = drawn(state, LEARNER, chances.taken_from_dubel(table), told.play_misfit(table))
    assert found.narrowed and len(found.positions) == judged.layouts
    for layout in found.positions:
        assert calls_with(layout, cards) == real
    everything, _ = layouts(state, LEARNER)
    assert any(calls_with(layout, cards) != real for layout in everything)


@pytest.mark.parametrize("more", [0, 10])
def test_unseen_cards_the_auction_allows_give_the_same_hint(more: int) -> None:
    hands = dealt(SEED)[0]
    cards = to_learner(hands, more)
    here = table_after(hands, cards)
    assert here.play is not None
    state = here.play.state
    found = drawn(state, LEARNER, misfit=told.play_misfit(here)).positions
    other = next(layout for layout in found if layout.hands != state.hands)
    seen = played_by(cards)
    swapped = tuple(other.hands[seat] | seen[seat] for seat in range(3))
    assert swapped != hands and swapped[LEARNER] == hands[LEARNER]
    there = table_after(swapped, cards)
    assert [r.call for r in there.called] == [r.call for r in here.called]
    for lang in ("en", "pl"):
        mine, theirs = hint(here, lang), hint(there, lang)
        assert mine.text == theirs.text and mine.chances == theirs.chances
    assert NARROWED in hint(here, "en").text
    assert "To układy, w których pozostali gracze licytowaliby tak" in hint(here, "pl").text


def test_too_few_fitting_layouts_leave_the_auction_aside() -> None:
    hands = dealt(SEED)[0]
    table = table_after(hands, to_learner(hands, 0))
    assert table.play is not None
    state = table.play.state
    plain, exact = layouts(state, LEARNER)
    found = drawn(state, LEARNER, misfit=lambda layout, bound: 1.0)
    assert not found.narrowed and found.positions == plain and found.exact == exact
    judged = chances.judgement(table, state)
    aside = Judgement(judged.cards, judged.layouts, judged.exact, narrowed=False)
    en, pl = Context(Progress(), "en"), Context(Progress(), "pl")
    assert chances.layouts_note(en, table, aside) == ASIDE
    assert chances.layouts_note(pl, table, aside) == (
        "Licytację tu pominięto: pasuje do niej zbyt mało układów."
    )
    assert chances.layouts_note(en, table, judged) == NARROWED


def test_an_auction_of_passes_and_strong_players_claim_nothing() -> None:
    hands = dealt(SEED)[0]
    table = table_after(hands, to_learner(hands, 0))
    assert table.play is not None
    table.called = [record for record in table.called if record.seat == LEARNER]
    assert told.play_misfit(table) is None
    text = hint(table, "en").text
    assert NARROWED not in text and ASIDE not in text
    strong = table_after(hands, to_learner(hands, 0))
    strong.strength = "strong"
    assert not told.told(strong) and told.play_misfit(strong) is None
