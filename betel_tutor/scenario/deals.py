"""Turning a deal as written in a scenario into cards: fixed hands, or a seed and constraints.

A seed with constraints (mappings, or lines read by :mod:`betel_tutor.scenario.conditions`)
is dealt reproducibly: the seed itself first, then ``seed#1``, ``seed#2`` … until a deal meets
every constraint, at most :data:`MAX_ATTEMPTS` deals.
Constraints that no deal can meet (:func:`impossible`: more cards of a suit than there are,
more than a hand holds, two constraints that contradict each other) are refused at once,
without dealing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from betel_tutor.cards import BETEL_DECK, BRIDGE_DECK, RANK_BY_SYMBOL, Card
from betel_tutor.dealing import Deal, deal, deal_bridge
from betel_tutor.errors import ScenarioError
from betel_tutor.scenario.model import Constraint, DealSpec
from betel_tutor.scenario.source import Position, Problem
from betel_tutor.seats import Seat

MAX_ATTEMPTS = 20_000


@dataclass(frozen=True)
class Impossible:
    """Why no deal can meet a deal's constraints: ``constraint`` is the one that breaks them
    (with the others), ``reason`` a catalog key under ``check.``, ``params`` its values."""

    constraint: Constraint
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


class Unsatisfiable(ScenarioError):
    """No deal within :data:`MAX_ATTEMPTS` meets the constraints; ``impossible`` says why no
    deal ever can, when that is known without dealing (then nothing was dealt).

    A :class:`ScenarioError` like every refusal: whichever command deals the deal (``check``,
    ``render``, ``solve``, ``convert``, the tutor) says it in one line, at the constraint
    (``file:line:column: …``); ``problem`` is the same as a problem of ``check``."""

    def __init__(self, spec: DealSpec, impossible: Impossible | None = None) -> None:
        self.deal_id = spec.id
        self.impossible = impossible
        self.problem = unmet_problem(spec, impossible)
        super().__init__("scenario.unmet", problem=self.problem)


def unmet_problem(spec: DealSpec, impossible: Impossible | None) -> Problem:
    """The problem of a deal whose constraints no deal meets: at the constraint that breaks
    them when that is known, else at the deal's ``constraints``."""
    at = spec.where.get("constraints") or spec.position or Position("?", 1, 1)
    if impossible is None:
        return Problem(at, "check.unsatisfiable", {"id": spec.id, "n": MAX_ATTEMPTS})
    at = impossible.constraint.position or at
    reason = ScenarioError(f"check.{impossible.reason}", **impossible.params)
    params = {"id": spec.id, "seat": impossible.constraint.seat, "why": reason}
    return Problem(at, "check.impossible", params)


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
    refused = impossible(spec)
    if refused is not None:
        raise Unsatisfiable(spec, refused)
    deal_with = deal_bridge if spec.game == "bridge" else deal
    for attempt in range(MAX_ATTEMPTS):
        seed = spec.seed if attempt == 0 else f"{spec.seed}#{attempt}"
        dealt = deal_with(seed, dealer=spec.dealer)
        if all(meets(dealt, constraint) for constraint in spec.constraints) and all(
            condition.holds(dealt) for condition in spec.conditions
        ):
            return dealt
    raise Unsatisfiable(spec)


# -- constraints no deal can meet ---------------------------------------------------------------


def _bounds(constraint: Constraint) -> tuple[int, int | None]:
    """The fewest and most cards of its kind the constraint allows (``None``: no most)."""
    if constraint.at_least is None and constraint.at_most is None:
        return (len(constraint.cards) if constraint.cards else 1), None
    return constraint.at_least or 0, constraint.at_most


def _matching(deck: Sequence[Card], constraint: Constraint) -> frozenset[Card]:
    if constraint.suit is not None:
        return frozenset(card for card in deck if card.suit.symbol == constraint.suit)
    if constraint.rank is not None:
        return frozenset(card for card in deck if card.rank is RANK_BY_SYMBOL[constraint.rank])
    return frozenset(constraint.cards)


def impossible(spec: DealSpec) -> Impossible | None:
    """Why no deal can meet ``spec``'s constraints, when counting cards shows it; ``None``
    when it does not (the constraints may still be too rare for :data:`MAX_ATTEMPTS`)."""
    deck = BRIDGE_DECK if spec.game == "bridge" else BETEL_DECK
    hand = 13 if spec.game == "bridge" else 10
    seats = 4 if spec.game == "bridge" else 3
    dubel = len(deck) - seats * hand
    # The tightest bounds on each set of cards for each seat, and the constraint that set them.
    bounds: dict[tuple[int, frozenset[Card]], tuple[int, int | None, Constraint]] = {}
    for constraint in spec.constraints:
        cards = _matching(deck, constraint)
        low, high = _bounds(constraint)
        key = (int(constraint.seat), cards)
        if key in bounds:
            old_low, old_high, _ = bounds[key]
            low = max(low, old_low)
            high = old_high if high is None else high if old_high is None else min(high, old_high)
        bounds[key] = (low, high, constraint)
        if high is not None and low > high:
            return Impossible(constraint, "impossible_contradicts")
        if low > min(len(cards), hand):
            return Impossible(constraint, "impossible_not_enough", {"most": min(len(cards), hand)})
    # Cards a seat must hold (``cards: ♠A ♥K`` with no bounds): in no other hand, and within
    # the seat's own bounds.
    certain: dict[Card, int] = {}
    for (seat, cards), (low, _, constraint) in bounds.items():
        if low < len(cards):
            continue
        for card in sorted(cards):
            if certain.setdefault(card, seat) != seat:
                return Impossible(constraint, "impossible_card_twice", {"card": card})
    for (seat, cards), (_, high, constraint) in bounds.items():
        sure = sum(1 for card in cards if certain.get(card) == seat)
        if high is not None and sure > high:
            return Impossible(constraint, "impossible_contradicts")
    for cards in {cards for _, cards in bounds}:
        held = [(seat, low, high, c) for (seat, s), (low, high, c) in bounds.items() if s == cards]
        last = held[-1][3]
        if sum(low for _, low, _, _ in held) > len(cards):
            return Impossible(last, "impossible_together", {"size": len(cards)})
        room = min(dubel, len(cards)) + (seats - len(held)) * min(hand, len(cards))
        room += sum(min(hand, len(cards)) if high is None else high for _, _, high, _ in held)
        if room < len(cards):
            return Impossible(last, "impossible_rest", {"size": len(cards)})
    for seat in range(seats):
        mine = [(cards, low, high, c) for (s, cards), (low, high, c) in bounds.items() if s == seat]
        apart: list[tuple[frozenset[Card], int, int | None, Constraint]] = []
        for entry in sorted(mine, key=lambda entry: -entry[1]):  # most cards first
            if all(not entry[0] & other[0] for other in apart):
                apart.append(entry)
        if sum(low for _, low, _, _ in apart) > hand:
            return Impossible(apart[-1][3], "impossible_hand_full", {"n": hand})
        capped = [entry for entry in apart if entry[2] is not None]
        if len(frozenset().union(*(entry[0] for entry in capped))) == len(deck):
            most = sum(entry[2] or 0 for entry in capped)
            if most < hand:
                params = {"most": most, "n": hand}
                return Impossible(capped[-1][3], "impossible_hand_short", params)
    return None
