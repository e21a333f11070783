"""Turning a deal as written in a scenario into cards: fixed hands, or a seed and constraints.

A seed with constraints is dealt reproducibly: the seed itself first, then ``seed#1``,
``seed#2`` … until a deal meets every constraint.
"""

from __future__ import annotations

from betel_tutor.cards import RANK_BY_SYMBOL, Card
from betel_tutor.dealing import Deal, deal, deal_bridge
from betel_tutor.scenario.model import Constraint, DealSpec
from betel_tutor.seats import Seat

MAX_ATTEMPTS = 20_000


class Unsatisfiable(Exception):
    """No deal within :data:`MAX_ATTEMPTS` meets the constraints."""


def count_matching(hand: tuple[Card, ...], constraint: Constraint) -> int:
    if constraint.suit is not None:
        return sum(1 for card in hand if card.suit.symbol == constraint.suit)
    if constraint.rank is not None:
        rank = RANK_BY_SYMBOL[constraint.rank]
        return sum(1 for card in hand if card.rank is rank)
    return sum(1 for card in constraint.cards if card in hand)


def meets(dealt: Deal, constraint: Constraint) -> bool:
    count = count_matching(dealt.hands[constraint.seat], constraint)
    if constraint.at_least is not None and count < constraint.at_least:
        return False
    if constraint.at_most is not None and count > constraint.at_most:
        return False
    if constraint.at_least is None and constraint.at_most is None:
        wanted = len(constraint.cards) if constraint.cards else 1
        return count >= wanted  # "holds ♠A ♥K" or "holds a spade"
    return True


def realize(spec: DealSpec) -> Deal:
    """The cards of ``spec``; raises :class:`Unsatisfiable` for impossible constraints."""
    if spec.hands is not None:
        return Deal(hands=spec.hands, dubel=spec.dubel, dealer=Seat(spec.dealer, len(spec.hands)))
    assert spec.seed is not None, "the loader refuses a deal with neither hands nor seed"
    deal_with = deal_bridge if spec.game == "bridge" else deal
    for attempt in range(MAX_ATTEMPTS):
        seed = spec.seed if attempt == 0 else f"{spec.seed}#{attempt}"
        dealt = deal_with(seed, dealer=spec.dealer)
        if all(meets(dealt, constraint) for constraint in spec.constraints):
            return dealt
    raise Unsatisfiable(spec.id)
