"""A deal bid out at the tutor's table without a session: the computer players call as the tutor
has them call (:func:`betel_tutor.tutor.told.bidder`), the learner (South) as told, and the
table keeps every call as the auction phase does, then the play begins."""

from __future__ import annotations

import random
from collections.abc import Sequence

from betel_tutor.auction import Auction, AuctionState, Call, apply_call, level_options, parse_call
from betel_tutor.cards import BETEL_DECK, Card
from betel_tutor.contracts import free_play
from betel_tutor.play import BETEL, DealPlay, start_play
from betel_tutor.scenario.model import PlayStep
from betel_tutor.seats import Seat
from betel_tutor.tutor.goals import outlook
from betel_tutor.tutor.table import LEARNER, Called, Table
from betel_tutor.tutor.told import bidder


def dealt(seed: int) -> tuple[tuple[frozenset[Card], ...], tuple[Card, ...]]:
    """Three hands (by table seat) and the dubel of a random deal."""
    deck = list(BETEL_DECK)
    random.Random(seed).shuffle(deck)
    hands = tuple(frozenset(deck[10 * seat : 10 * seat + 10]) for seat in range(3))
    return hands, tuple(deck[30:])


def bid_out(
    hands: Sequence[frozenset[Card]],
    dubel: tuple[Card, ...],
    dealer: int,
    learner: Sequence[str] | None,
    level: int = 5,
    strength: str = "beginner",
) -> tuple[list[Called], AuctionState]:
    """The auction of the deal: the learner's calls in turn from ``learner`` (pass when they
    run out; None: as a beginner computer player calls), the computer players' by their
    hands; every call with the auction before it."""
    order = Seat(dealer).clockwise()
    auction = Auction(hands=[hands[seat] for seat in order], dubel=dubel, **level_options(level))
    state, mine, called = auction.state, list(learner or ()), []
    while not state.finished:
        seat = order[state.to_call]
        if seat == LEARNER and learner is None:
            assert state.hands is not None
            call = bidder("beginner")(state, state.hands[state.to_call]).call
        elif seat == LEARNER:
            call = parse_call(mine.pop(0)) if mine else Call("pass")
        else:
            assert state.hands is not None
            call = bidder(strength)(state, state.hands[state.to_call]).call
        called.append(Called(state, seat, call, seat != LEARNER))
        state = apply_call(state, call)
    return called, state


def at_table(
    hands: Sequence[frozenset[Card]],
    dubel: tuple[Card, ...],
    dealer: int,
    learner: Sequence[str] | None,
    goal: dict[str, int],
    level: int = 5,
    strength: str = "beginner",
) -> Table:
    """A closed deal at the table after its auction (:func:`bid_out`), its play begun."""
    called, final = bid_out(hands, dubel, dealer, learner, level, strength)
    order = Seat(dealer).clockwise()
    now = list(hands)
    assert final.hands is not None
    for index, seat in enumerate(order):
        now[seat] = final.hands[index]
    if final.standing is None:
        contract, declarer = free_play(), None
    else:
        assert final.declarer is not None
        contract, declarer = final.standing, Seat(order[final.declarer])
    first = start_play(BETEL, now, contract, declarer=declarer, dealer=order[0])
    step = PlayStep("d1", Seat(LEARNER), goal, open=False)
    table = Table(
        play=DealPlay(first),
        step=step,
        open=False,
        order=order,
        hands=tuple(hands),
        strength=strength,
        doubled=final.doubled,
    )
    table.outlook = outlook(first, LEARNER)
    table.called = called
    table.learner_calls = [record.call for record in called if record.seat == LEARNER]
    mine = next((record for record in called if record.seat == LEARNER), None)
    table.first_call = None if mine is None else (mine.before, mine.call)
    return table
