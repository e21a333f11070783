"""What the auction told the learner about the hands they cannot see.

The computer players' calls are a function of their hands (:func:`bidder`: the beginner's and
club player's count of tricks, :mod:`betel_tutor.bots.bidding`; the strong player's samples,
:mod:`betel_tutor.bots.strong_bidding`). So a layout of the unseen cards in which a computer
player would not have made the calls it made is not one the learner could face: the auction
narrows the layouts (:mod:`betel_tutor.solver.single_dummy`). A layout *fits* the auction when,
the auction replayed from its start with that layout's hands, every call a computer player
chose is the call it would choose with its hand there (:func:`unexplained` measures how far a
layout is from that). A call bound by a trade (rule 20) says
nothing of the hand, and with trade at the table the auction is left aside altogether. So it
is with the strong computer players: their calls come from deals sampled and solved for their
hand, far too dear to replay for every layout tried (a tenth of a second a call).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from math import inf

from betel_tutor.auction import AuctionState, Call
from betel_tutor.bots.bidding import CallChoice, call_choice, call_distance
from betel_tutor.bots.strong_bidding import strong_choice
from betel_tutor.cards import Card
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat
from betel_tutor.solver.single_dummy import Misfit
from betel_tutor.tutor.table import Called, Table

Bidder = Callable[[AuctionState, Iterable[Card]], CallChoice]


def bidder(strength: str) -> Bidder:
    """How the computer players of ``strength`` choose their calls: the strong player by its
    samples, the beginner and the club player by their count of tricks."""
    return strong_choice if strength == "strong" else call_choice


def unexplained(
    called: Sequence[Called],
    hands: Sequence[frozenset[Card]],
    order: Sequence[int],
    learner: int | None,
    strength: str,
    bound: float = inf,
) -> float:
    """How far ``hands`` (by table seat, as they were when the auction began) are from
    explaining the calls a computer player chose in ``called``: 0 when each is the call the
    player makes with its hand there; else the sum, over the calls it would not make, of how
    far its hand is from making each (:func:`betel_tutor.bots.bidding.call_distance`), so that
    a walk among layouts can head for those that fit; the count stops once past ``bound``.
    ``order`` gives the table seat of each auction seat, from the dealer."""
    return explainer(called, order, learner, strength)(hands, bound)


def explainer(
    called: Sequence[Called], order: Sequence[int], learner: int | None, strength: str
) -> Callable[[Sequence[frozenset[Card]], float], float]:
    """:func:`unexplained` for ``called``, made once for the many layouts a walk tries. The
    auction is not replayed call by call for each layout: a call's public side (the calls
    before it) is the same in every layout, and the caller's hand changes only by its own
    exchanges; and a beginner's or club player's call depends on nothing else, so how far a
    hand is from it is kept (:func:`beginner_distance`) for the next layout that deals the
    caller the same hand."""
    publics = [replace(record.before, hands=None) for record in called]
    asks = [record.chosen and record.seat != learner for record in called]

    def distance(hands: Sequence[frozenset[Card]], bound: float = inf) -> float:
        if not any(asks):
            return 0.0
        now = tuple(hands[seat] for seat in order)  # by auction seat, from the dealer
        total = 0.0
        for record, public, asked in zip(called, publics, asks, strict=True):
            turn, call = record.before.to_call, record.call
            if asked:
                if strength == "strong":
                    before = replace(record.before, hands=now)
                    total += strong_choice(before, now[turn]).call != call
                else:
                    total += beginner_distance(public, now[turn], call)
                if total > bound:
                    return total
            if call.take or call.lay:  # the caller's exchange, as the auction makes it
                take, lay = frozenset(call.take), frozenset(call.lay)
                if not lay <= now[turn] | take:  # the layout cannot make the exchange made
                    return total + len(called)
                now = tuple((h | take) - lay if k == turn else h for k, h in enumerate(now))
        return total

    return distance


@lru_cache(maxsize=1 << 13)  # a deal asks a few thousand; each kept hand is about a kilobyte
def beginner_distance(public: AuctionState, hand: frozenset[Card], call: Call) -> float:
    """:func:`betel_tutor.bots.bidding.call_distance` at the auction ``public`` (its hands
    left out: the beginner's call reads only the calls, the dubel and its own hand)."""
    return call_distance(public, hand, call)


def before_exchanges(layout: PlayState, called: Sequence[Called], seat: Seat) -> frozenset[Card]:
    """``seat``'s hand when the auction began, in a layout of the play: the cards it holds
    and has played, with the cards it took from the dubel given back and those it laid there
    taken back (spec §3)."""
    played = {
        card
        for trick in layout.tricks
        for k, card in enumerate(trick.cards)
        if (int(trick.leader) + k) % layout.profile.seats == seat
    }
    played |= {
        card
        for k, card in enumerate(layout.current)
        if (int(layout.leader) + k) % layout.profile.seats == seat
    }
    hand = set(layout.hands[seat]) | played
    for record in reversed(called):
        if record.seat == seat:
            hand = (hand - set(record.call.take)) | set(record.call.lay)
    return frozenset(hand)


def told(table: Table, at: int | None = None) -> bool:
    """Whether the auction (its calls before the call numbered ``at``, from 0) tells the
    learner anything: a computer player that counts its tricks chose a call, and no trade
    moved cards or bound calls."""
    if table.trading is not None or table.strength == "strong":
        return False
    return any(record.chosen and record.seat != table.learner_seat for record in table.called[:at])


def play_misfit(table: Table) -> Misfit | None:
    """How far a layout of the play (the learner's view of a position in the deal) is from
    fitting the whole auction (:func:`unexplained`); None when the auction tells nothing
    (:func:`told`)."""
    if not told(table):
        return None
    called = tuple(table.called)
    distance = explainer(called, table.order, table.learner_seat, table.strength)

    def misfit(layout: PlayState, bound: float) -> float:
        hands = [before_exchanges(layout, called, seat) for seat in layout.profile.table]
        return distance(hands, bound)

    return misfit


def call_misfit(table: Table, at: int) -> Misfit | None:
    """How far a layout of the hands at the call numbered ``at`` (from 0: the calls before it,
    their exchanges made) is from fitting those calls; None when they tell nothing."""
    if not told(table, at):
        return None
    before = tuple(table.called[:at])
    distance = explainer(before, table.order, table.learner_seat, table.strength)

    def misfit(layout: PlayState, bound: float) -> float:
        dealt = [before_exchanges(layout, before, other) for other in layout.profile.table]
        return distance(dealt, bound)

    return misfit
