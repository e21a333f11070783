"""A closed deal's review names the hidden fact that decided a card, from the learner's side:
when the best chances lost to the layout ("♥Q was the best chance, 55%; West held ♥A"), and when
a lucky card is shown failing in a re-dealt layout (what about that layout beats it). Each fact
is checked against the solver over the layouts the learner could face."""

from __future__ import annotations

import pytest

from betel_tutor.cards import Card
from betel_tutor.play import DealPlay, PlayState
from betel_tutor.scenario.model import PlayStep
from betel_tutor.seats import Seat
from betel_tutor.solver.advice import hint as hint_of
from betel_tutor.solver.api import card_values
from betel_tutor.solver.single_dummy import Aim, layouts
from betel_tutor.solver.telling import Fact, facts
from betel_tutor.tutor import chances
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Review
from betel_tutor.tutor.goals import outlook
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.table import LEARNER, Table
from tests.test_tutor_chances import start

WEST, NORTH = 1, 2
GOAL = {"make": 1}


def at_table(first: PlayState, game: DealPlay) -> Table:
    at = Table(play=game, step=PlayStep("d1", Seat(LEARNER), GOAL), open=False)
    at.outlook = outlook(first, LEARNER)
    return at


def reviewed(at: Table, slip: chances.Slip | None, lang: str) -> Review:
    ctx = Context(Progress(), lang)
    chances.review(ctx, at, slip)
    (review,) = [e for e in ctx.take_events() if isinstance(e, Review)]
    return review


def failing_share(position: PlayState, card: Card, aim: Aim, fact: Fact, has: bool) -> float:
    """Over the layouts the learner could face in ``position``, of those with (``has``) or
    without the fact: the share where ``card`` misses the aim, by the cards' exact values."""
    seats = [WEST, NORTH]
    found, _ = layouts(position, LEARNER)
    chosen = [lay for lay in found if (fact in facts(lay, seats)) == has]
    assert chosen
    return sum(not aim.met(card_values(lay)[card]) for lay in chosen) / len(chosen)


@pytest.mark.parametrize(
    ("contract", "seed", "english", "polish"),
    [
        ("B2", 0, "♦J was the best chance, 3%; North held ♥9.", "kartę ♥9 miał gracz Północ"),
        ("B2", 19, "♥Q was the best chance, 58%; West held 2 cards in ♦.", "2 karty w kolorze ♦"),
        ("1NT", 15, "♥A was the best chance, 20%; West held 2 cards in ♠.", "2 karty w kolorze ♠"),
    ],
)
def test_the_best_chance_lost_names_what_beat_it(
    contract: str, seed: int, english: str, polish: str
) -> None:
    """The learner plays the card of the best chance every time, the others their best on the
    cards as dealt; the goal is lost, and the review says which hidden fact beat the card."""
    first = start(contract, GOAL, seed)
    game = DealPlay(first)
    at = at_table(first, game)
    while not game.state.finished:
        if game.state.to_play == LEARNER:
            game.play(chances.judgement(at, game.state).cards[0].card)
        else:
            game.play(hint_of(game.state)[0].card)
    assert not chances.played_to_goal(at)
    assert chances.first_slip(at, game.history, game.played) is None
    assert english in reviewed(at, None, "en").text
    assert polish in reviewed(at, None, "pl").text

    lost = chances.bad_layout(at)
    assert lost is not None
    position = next(
        state
        for state, card in zip(game.history, game.played, strict=False)
        if card == lost.card and state.to_play == LEARNER
    )
    aim = chances.aim_of(at, position)
    assert not aim.met(card_values(position)[lost.card])  # it missed on the cards as dealt
    assert lost.fact in facts(position, [WEST, NORTH])  # the fact is true of them
    # Where the fact holds the card misses more often than where it does not.
    with_fact = failing_share(position, lost.card, aim, lost.fact, has=True)
    without = failing_share(position, lost.card, aim, lost.fact, has=False)
    assert with_fact > without


@pytest.mark.parametrize(("contract", "seed", "lucky"), [("B2", 19, "♦K"), ("1NT", 28, "♠A")])
def test_a_punished_lucky_card_says_what_beats_it(contract: str, seed: int, lucky: str) -> None:
    """The shown layout has a fact the cards as dealt do not, and with that fact the lucky card
    misses more often than without it, by the solver."""
    first = start(contract, GOAL, seed)
    game = DealPlay(first)
    game.play(Card.parse(lucky))
    while not game.state.finished:
        game.play(hint_of(game.state)[0].card)
    at = at_table(first, game)
    slip = chances.first_slip(at, game.history, game.played)
    assert slip is not None
    found = chances.punished(at, slip)
    assert found is not None
    layout, fact = found
    assert fact is not None
    assert fact in facts(layout, [WEST, NORTH]) and fact not in facts(first, [WEST, NORTH])
    aim = chances.aim_of(at, first)
    assert not aim.met(card_values(layout)[slip.card]) and aim.met(card_values(layout)[slip.better])
    assert failing_share(first, slip.card, aim, fact, True) > failing_share(
        first, slip.card, aim, fact, False
    )
    english, polish = reviewed(at, slip, "en").text, reviewed(at, slip, "pl").text
    seat = "West" if fact.seat == WEST else "North"
    assert f"{lucky} would have missed there because {seat} held" in english
    assert f"Karta {lucky} przegrałaby tam, bo" in polish
