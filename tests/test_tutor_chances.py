"""A closed deal's hint and review judge the learner by what the learner could see: two deals
that differ only in the unseen cards — swapped between the two other players as the play so far
allows — get the same hint, word for word in both languages, and the same review of the cards
played, at the first lead and mid-deal. An open deal's hint is the double-dummy one."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from betel_tutor.cards import BETEL_DECK, Card
from betel_tutor.contracts import parse_contract
from betel_tutor.play import BETEL, DealPlay, PlayState, start_play
from betel_tutor.scenario.model import PlayStep
from betel_tutor.seats import Seat
from betel_tutor.solver.advice import hint as hint_of
from betel_tutor.solver.api import card_values
from betel_tutor.solver.single_dummy import layouts
from betel_tutor.tutor import chances
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Hint, Review
from betel_tutor.tutor.goals import outlook
from betel_tutor.tutor.menu import MenuPhase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.table import LEARNER, Table

CASES = [  # contract, the learner's goal, the seed of the deal and its random cards
    ("2♠", {"make": 1}, 3),
    ("1NT", {"make": 1}, 8),
    ("B2", {"make": 1}, 5),
    ("3♥", {"defeat": 1}, 11),
]


def start(contract: str, goal: dict[str, int], seed: int) -> PlayState:
    """The deal of ``seed``; the learner (South) declares to make, or defends to defeat."""
    rng = random.Random(seed)
    deck = list(BETEL_DECK)
    rng.shuffle(deck)
    hands = [frozenset(deck[10 * s : 10 * s + 10]) for s in range(3)]
    declarer = LEARNER if "make" in goal else 1
    return start_play(BETEL, hands, parse_contract(contract), declarer=declarer, leader=LEARNER)


def played(first: PlayState, cards: list[Card]) -> DealPlay:
    game = DealPlay(first)
    for card in cards:
        assert card in game.state.legal_moves(), card
        game.play(card)
    return game


def random_cards(first: PlayState, seed: int, at_least: int) -> list[Card]:
    """Random legal cards from the start until the learner is to move after ``at_least``."""
    rng = random.Random(seed)
    game, cards = DealPlay(first), list[Card]()
    while len(cards) < at_least or game.state.to_play != LEARNER:
        card = rng.choice(sorted(game.state.legal_moves(), key=lambda c: c.index))
        cards.append(card)
        game.play(card)
    return cards


def swapped(first: PlayState, cards: list[Card], pick: int) -> PlayState:
    """The start of another deal: the learner's hand the same, the unseen cards of the position
    after ``cards`` dealt another way the play allows, the cards played given back."""
    now = played(first, cards).state
    found, _ = layouts(now, LEARNER)
    others = [layout for layout in found if layout.hands != now.hands]
    assert others, "no other layout to swap to"
    layout = others[pick % len(others)]
    seen: dict[int, set[Card]] = {seat: set() for seat in range(3)}
    game = DealPlay(first)
    for card in cards:
        seen[game.state.to_play].add(card)
        game.play(card)
    hands = tuple(layout.hands[seat] | seen[seat] for seat in range(3))
    assert hands[LEARNER] == first.hands[LEARNER] and hands != first.hands
    return replace(first, hands=hands)


def table(first: PlayState, cards: list[Card], goal: dict[str, int], *, closed: bool) -> Table:
    step = PlayStep("d1", Seat(LEARNER), goal, open=not closed)
    at = Table(play=played(first, cards), step=step, open=not closed)
    at.outlook = outlook(first, LEARNER)
    return at


def hint(at: Table, lang: str) -> tuple[str, dict[str, int]]:
    ctx = Context(Progress(), lang)
    PlayPhase(at, then=lambda ctx: MenuPhase()).hint(ctx)
    (event,) = [e for e in ctx.take_events() if isinstance(e, Hint)]
    return event.text, {str(card): chance for card, chance in event.chances.items()}


@pytest.mark.parametrize(("contract", "goal", "seed"), CASES)
@pytest.mark.parametrize("moment", ["first lead", "mid-deal"])
def test_hints_and_reviews_do_not_see_the_unseen_cards(
    contract: str, goal: dict[str, int], seed: int, moment: str
) -> None:
    first = start(contract, goal, seed)
    cards = [] if moment == "first lead" else random_cards(first, seed, 10)
    other = swapped(first, cards, seed)
    here, there = table(first, cards, goal, closed=True), table(other, cards, goal, closed=True)
    assert chances.single_dummy(here, in_match=False)
    for lang in ("en", "pl"):
        text, seen = hint(here, lang)
        assert hint(there, lang) == (text, seen)
        assert seen and ("%" in text) and ("layouts" in text if lang == "en" else "układ" in text)
    assert here.play is not None and there.play is not None
    mine = chances.first_slip(here, here.play.history, here.play.played)
    theirs = chances.first_slip(there, there.play.history, there.play.played)
    assert mine == theirs


def test_an_open_deal_is_hinted_double_dummy() -> None:
    first = start("2♠", {"make": 1}, 3)
    at = table(first, [], {"make": 1}, closed=False)
    assert not chances.single_dummy(at, in_match=False)
    text, seen = hint(at, "en")
    assert not seen and "tricks" in text and "layouts" not in text


@pytest.mark.parametrize(("contract", "seed", "lucky"), [("B2", 19, "♦K"), ("1NT", 28, "♠A")])
def test_a_lucky_card_is_shown_where_it_fails(contract: str, seed: int, lucky: str) -> None:
    """The learner declares and leads a card of a lower chance than the best, which comes off
    on the cards as dealt (everybody then plays their best): the review names the card and
    re-deals the unseen cards, consistently with what the learner saw, so that it misses the
    goal and the better card meets it; the solver confirms that layout."""
    goal = {"make": 1}
    first = start(contract, goal, seed)
    game = DealPlay(first)
    game.play(Card.parse(lucky))
    while not game.state.finished:
        game.play(hint_of(game.state)[0].card)
    step = PlayStep("d1", Seat(LEARNER), goal)
    at = Table(play=game, step=step, open=False)
    at.outlook = outlook(first, LEARNER)
    assert chances.played_to_goal(at)
    slip = chances.first_slip(at, game.history, game.played)
    assert slip is not None and str(slip.card) == lucky and slip.move == 0
    ctx = Context(Progress(), "en")
    chances.review(ctx, at, slip)
    (review,) = [e for e in ctx.take_events() if isinstance(e, Review)]
    assert str(review.card) == lucky and review.layout and "came off on these cards" in review.text

    # The layout, checked by the solver: the learner's hand as it was, the unseen cards
    # re-dealt between West and North with the same counts.
    hands = list(first.hands)
    for player, cards in review.layout.items():  # West and North, as the table seats them
        hands[Seat.parse(player.letter)] = frozenset(cards)
    assert set().union(*hands[1:]) == first.hands[1] | first.hands[2]
    assert [len(hand) for hand in hands] == [10, 10, 10] and tuple(hands) != first.hands
    redealt = replace(first, hands=tuple(hands))
    values = card_values(redealt)
    aim = chances.aim_of(at, first)
    assert not aim.met(values[slip.card]) and aim.met(values[slip.better])
    assert aim.met(card_values(first)[slip.card])  # on the cards as dealt it came off

    polish = Context(Progress(), "pl")
    chances.review(polish, at, slip)
    (review_pl,) = [e for e in polish.take_events() if isinstance(e, Review)]
    assert "Tym razem się udało" in review_pl.text and review_pl.layout == review.layout
