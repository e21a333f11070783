"""Turning a deal as written in a scenario into cards: fixed hands, or a seed and constraints.

A seed with constraints (mappings, or lines read by :mod:`betel_tutor.scenario.conditions`)
is dealt reproducibly: the seed itself first, then ``seed#1``, ``seed#2`` … until a deal meets
every constraint, at most :data:`MAX_ATTEMPTS` deals.
Constraints that no deal can meet (:func:`impossible`: more cards of a suit than there are,
more than a hand holds, two constraints that contradict each other) are refused at once,
without dealing.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from betel_tutor.cards import RANK_BY_SYMBOL, Card
from betel_tutor.dealing import Deal
from betel_tutor.errors import ScenarioError
from betel_tutor.profiles import Game, played_by, profile
from betel_tutor.scenario.conditions import POINTS, Condition
from betel_tutor.scenario.model import Constraint, DealSpec
from betel_tutor.scenario.source import Position, Problem
from betel_tutor.seats import Seat

MAX_ATTEMPTS = 20_000


@dataclass(frozen=True)
class Impossible:
    """Why no deal can meet a deal's constraints: ``constraint`` is the one that breaks them
    (with ``others``, the constraints it cannot hold with, when one or two are to blame),
    ``reason`` a catalog key under ``check.``, ``params`` its values."""

    constraint: Constraint | Condition
    reason: str
    params: dict[str, Any] = field(default_factory=dict)
    others: tuple[Constraint | Condition, ...] = ()


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
    params = {"id": spec.id, "seat": who(impossible.constraint.seat), "why": reason(impossible)}
    return Problem(at, "check.impossible", params)


def reason(impossible: Impossible) -> ScenarioError:
    """Why the constraints cannot be met, as an error that can be a parameter of another."""
    return ScenarioError(f"check.{impossible.reason}", **impossible.params)


@dataclass(frozen=True)
class TheDubel:
    """The dubel where a seat is named: "the dubel" / "dubel"."""

    def localized(self, lang: str) -> str:
        from betel_tutor.i18n import translate

        return translate("check.the_dubel", lang)


def who(seat: Seat | None) -> Seat | TheDubel:
    return TheDubel() if seat is None else seat


def count_matching(hand: tuple[Card, ...], constraint: Constraint) -> int:
    if constraint.hcp:
        return sum(POINTS.get(card.rank, 0) for card in hand)
    if constraint.suit is not None:
        return sum(1 for card in hand if card.suit.symbol == constraint.suit)
    if constraint.rank is not None:
        rank = RANK_BY_SYMBOL[constraint.rank]
        return sum(1 for card in hand if card.rank is rank)
    return sum(1 for card in constraint.cards if card in hand)


def meets(dealt: Deal, constraint: Constraint) -> bool:
    hand = dealt.dubel if constraint.seat is None else dealt.hands[constraint.seat]
    count = count_matching(hand, constraint)
    if constraint.at_least is not None and count < constraint.at_least:
        return False
    if constraint.at_most is not None and count > constraint.at_most:
        return False
    if constraint.at_least is None and constraint.at_most is None:
        if constraint.hcp:
            return True
        wanted = len(constraint.cards) if constraint.cards else 1
        return count >= wanted  # "holds ♠A ♥K" or "holds a spade"
    return True


# The checker, the replay and the sheets read the same deal: it is dealt once (a deal by
# constraints may take thousands of tries). A DealSpec is frozen and hashable.
@functools.lru_cache(maxsize=512)
def realize(spec: DealSpec) -> Deal:
    """The cards of ``spec``, dealt once, then remembered; raises :class:`Unsatisfiable` for
    impossible constraints."""
    return _dealt(spec)


def _dealt(spec: DealSpec) -> Deal:
    if spec.hands is not None:
        return Deal(hands=spec.hands, dubel=spec.dubel, dealer=Seat(spec.dealer, len(spec.hands)))
    assert spec.seed is not None, "the loader refuses a deal with neither hands nor seed"
    if not spec.constraints and not spec.conditions:  # the seed alone: shared by content
        return _seeded(spec.game, spec.variant, spec.seed, spec.dealer)
    refused = impossible(spec)
    if refused is not None:
        raise Unsatisfiable(spec, refused)
    deal_with = spec.profile.deal
    for attempt in range(MAX_ATTEMPTS):
        seed = spec.seed if attempt == 0 else f"{spec.seed}#{attempt}"
        dealt = deal_with(seed, dealer=spec.dealer)
        if all(meets(dealt, constraint) for constraint in spec.constraints) and all(
            condition.holds(dealt) for condition in spec.conditions
        ):
            return dealt
    raise Unsatisfiable(spec)


# A spec's own cache above is by the whole spec, positions included, so the same seed written in
# many files (a folder of copies of one lesson, a handout) would be dealt once a file.
@functools.lru_cache(maxsize=4096)
def _seeded(game: Game, variant: str | None, seed: int | str, dealer: Seat) -> Deal:
    """The deal of ``seed`` alone, with no constraint: the first one dealt from it."""
    return played_by(game, variant).deal(seed, dealer=dealer)


# -- constraints no deal can meet ---------------------------------------------------------------

DUBEL = -1  # the dubel's place among the holders of cards


@dataclass(frozen=True)
class _Bound:
    """Between ``low`` and ``high`` (``None``: no most) of ``cards`` held by ``holder`` (a
    seat, or :data:`DUBEL`), as ``source`` says."""

    holder: int
    cards: frozenset[Card]
    low: int
    high: int | None
    source: Constraint | Condition


def _holder(seat: Seat | None) -> int:
    return DUBEL if seat is None else int(seat)


def _matching(deck: Sequence[Card], constraint: Constraint) -> frozenset[Card]:
    if constraint.suit is not None:
        return frozenset(card for card in deck if card.suit.symbol == constraint.suit)
    if constraint.rank is not None:
        return frozenset(card for card in deck if card.rank is RANK_BY_SYMBOL[constraint.rank])
    return frozenset(constraint.cards)


def _card_bounds(
    deck: Sequence[Card],
    constraints: Sequence[Constraint],
    conditions: Sequence[Condition],
) -> list[_Bound]:
    """The constraints that count cards, of both forms, as bounds on sets of cards."""
    bounds: list[_Bound] = []
    for constraint in constraints:
        if constraint.hcp:
            continue
        cards = _matching(deck, constraint)
        if constraint.at_least is None and constraint.at_most is None:
            low, high = (len(constraint.cards) if constraint.cards else 1), None
        else:
            low, high = constraint.at_least or 0, constraint.at_most
        bounds.append(_Bound(_holder(constraint.seat), cards, low, high, constraint))
    for condition in conditions:
        if condition.kind == "suit":
            cards = frozenset(card for card in deck if card.suit.symbol == condition.suit)
        elif condition.kind == "rank":
            cards = frozenset(card for card in deck if card.rank is condition.rank)
        elif condition.kind == "cards":
            cards = frozenset(condition.cards)
            bounds.append(_Bound(_holder(condition.seat), cards, len(cards), None, condition))
            continue
        else:
            continue
        bounds.append(
            _Bound(_holder(condition.seat), cards, condition.low, condition.high, condition)
        )
    return bounds


def impossible(spec: DealSpec) -> Impossible | None:
    """Why no deal can meet ``spec``'s constraints, when counting cards shows it; ``None``
    when it does not (the constraints may still be too rare for :data:`MAX_ATTEMPTS`)."""
    return impossible_in(spec.game, spec.constraints, spec.conditions)


def impossible_in(
    game: str, constraints: Sequence[Constraint], conditions: Sequence[Condition] = ()
) -> Impossible | None:
    """Why no deal of ``game`` can meet ``constraints`` and ``conditions`` (the two forms), when
    it shows without dealing: a card not in the deck; more cards, or more points, than a hand
    or the dubel holds or the deck has; a card in two places; two constraints that contradict
    each other, double-dummy ones included (the same declarer and strain). ``None`` when it
    does not show (the constraints may still be too rare for a search)."""
    deck = profile(game).deck
    conditions = [part for condition in conditions for part in _all_of(condition)]
    sources: list[Constraint | Condition] = [*constraints, *conditions]
    for source in sources:
        for card in source.cards:
            if card not in deck:
                return Impossible(source, "impossible_not_in_deck", {"card": card, "game": game})
    return (
        _impossible_cards(game, deck, _card_bounds(deck, constraints, conditions))
        or _impossible_points(game, deck, constraints, conditions)
        or _impossible_shape(game, conditions)
        or _impossible_tricks(game, conditions)
    )


def _all_of(condition: Condition) -> list[Condition]:
    """The conditions a line joined by ``and`` holds all of, each where the line is written;
    any other condition alone (an ``or`` or a ``not`` says nothing sure of each part)."""
    if condition.kind != "and":
        return [condition]
    parts = (replace(part, position=condition.position) for part in condition.parts)
    return [found for part in parts for found in _all_of(part)]


def _capacity(game: str) -> dict[int, int]:
    """How many cards each holder holds: every seat, and the dubel (Betel)."""
    played = profile(game)
    held = dict.fromkeys(range(played.seats), played.hand_size)
    return {**held, DUBEL: played.dubel_size} if played.has_dubel else held


def _impossible_cards(game: str, deck: Sequence[Card], found: list[_Bound]) -> Impossible | None:
    capacity = _capacity(game)
    # The tightest bounds on each set of cards for each holder, and the constraint that set them.
    bounds: dict[tuple[int, frozenset[Card]], tuple[int, int | None, Constraint | Condition]] = {}
    for bound in found:
        low, high, key = bound.low, bound.high, (bound.holder, bound.cards)
        size = capacity[bound.holder]
        if key in bounds:
            old_low, old_high, old = bounds[key]
            low = max(low, old_low)
            high = old_high if high is None else high if old_high is None else min(high, old_high)
            if high is not None and low > high:
                return Impossible(bound.source, "impossible_contradicts", others=(old,))
        elif high is not None and low > high:
            return Impossible(bound.source, "impossible_contradicts")
        bounds[key] = (low, high, bound.source)
        if low > min(len(bound.cards), size):
            most = min(len(bound.cards), size)
            if bound.holder == DUBEL:
                return Impossible(bound.source, "impossible_dubel_holds", {"most": most})
            return Impossible(bound.source, "impossible_not_enough", {"most": most})
    # Cards a holder must hold (``cards: ♠A ♥K`` with no bounds): in no other place, and within
    # the holder's own bounds.
    certain: dict[Card, tuple[int, Constraint | Condition]] = {}
    for (holder, cards), (low, _, source) in bounds.items():
        if low < len(cards):
            continue
        for card in sorted(cards):
            where, first = certain.setdefault(card, (holder, source))
            if where != holder:
                return Impossible(source, "impossible_card_twice", {"card": card}, (first,))
    for (holder, cards), (_, high, source) in bounds.items():
        sure = [card for card in cards if certain.get(card, (None,))[0] == holder]
        if high is not None and len(sure) > high:
            others = tuple(dict.fromkeys(certain[card][1] for card in sure))
            return Impossible(source, "impossible_contradicts", others=others)
    for cards in {cards for _, cards in bounds}:
        held = [(who, low, high, c) for (who, s), (low, high, c) in bounds.items() if s == cards]
        last = held[-1][3]
        others = tuple(c for _, _, _, c in held[:-1])
        if sum(low for _, low, _, _ in held) > len(cards):
            return Impossible(last, "impossible_together", {"size": len(cards)}, others)
        bounded = {who: high for who, _, high, _ in held}
        room = 0
        for who, size in capacity.items():
            high = bounded.get(who)
            room += min(size, len(cards)) if high is None else high
        if room < len(cards):
            return Impossible(last, "impossible_rest", {"size": len(cards)}, others)
    for holder, size in capacity.items():
        mine = [
            (cards, low, high, c) for (h, cards), (low, high, c) in bounds.items() if h == holder
        ]
        apart: list[tuple[frozenset[Card], int, int | None, Constraint | Condition]] = []
        for entry in sorted(mine, key=lambda entry: -entry[1]):  # most cards first
            if all(not entry[0] & other[0] for other in apart):
                apart.append(entry)
        if sum(low for _, low, _, _ in apart) > size:
            others = tuple(entry[3] for entry in apart[:-1])
            return Impossible(apart[-1][3], "impossible_hand_full", {"n": size}, others)
        capped = [entry for entry in apart if entry[2] is not None]
        if len(frozenset().union(*(entry[0] for entry in capped))) == len(deck):
            most = sum(entry[2] or 0 for entry in capped)
            if most < size:
                params = {"most": most, "n": size}
                others = tuple(entry[3] for entry in capped[:-1])
                return Impossible(capped[-1][3], "impossible_hand_short", params, others)
    return None


def _most_points(deck: Sequence[Card], size: int) -> int:
    """The most high-card points ``size`` cards of ``deck`` can hold."""
    values = sorted((POINTS.get(card.rank, 0) for card in deck), reverse=True)
    return sum(values[:size])


def _impossible_points(
    game: str,
    deck: Sequence[Card],
    constraints: Sequence[Constraint],
    conditions: Sequence[Condition],
) -> Impossible | None:
    """Points above what a hand (or the dubel) can hold, or above the deck's together."""
    capacity = _capacity(game)
    lows: dict[int, tuple[int, Constraint | Condition]] = {}
    highs: dict[int, tuple[int, Constraint | Condition]] = {}
    sources: list[Constraint | Condition] = [*constraints, *conditions]
    for source in sources:
        if isinstance(source, Constraint):
            if not source.hcp:
                continue
            low, high = source.at_least or 0, source.at_most
        elif source.kind == "hcp":
            low, high = source.low, source.high
        else:
            continue
        holder = _holder(source.seat)
        most = _most_points(deck, capacity[holder])
        if low > most:
            return Impossible(source, "impossible_points", {"n": most})
        if low > lows.get(holder, (0, source))[0]:
            lows[holder] = (low, source)
        if high is not None and (holder not in highs or high < highs[holder][0]):
            highs[holder] = (high, source)
        if holder in lows and holder in highs and lows[holder][0] > highs[holder][0]:
            other = lows[holder][1] if source is highs[holder][1] else highs[holder][1]
            return Impossible(source, "impossible_contradicts", others=(other,))
    total = _most_points(deck, len(deck))
    if sum(low for low, _ in lows.values()) > total:
        blamed = [source for _, source in lows.values()]
        params = {"total": total}
        return Impossible(blamed[-1], "impossible_points_together", params, tuple(blamed[:-1]))
    return None


def _impossible_shape(game: str, conditions: Sequence[Condition]) -> Impossible | None:
    """A shape with a suit longer than the deck's suits (8 in Betel)."""
    suit = profile(game).suit_length
    for condition in conditions:
        if condition.kind == "shape" and max(condition.shape) > suit:
            return Impossible(condition, "impossible_suit_length", {"n": suit})
    return None


def _impossible_tricks(game: str, conditions: Sequence[Condition]) -> Impossible | None:
    """Double-dummy conditions on one declarer in one strain (bridge) or contract (Betel)
    that cannot hold together, or more tricks than there are."""
    tricks = profile(game).tricks
    seen: dict[tuple[int, str], tuple[int, int | None, Condition]] = {}
    for condition in conditions:
        if not condition.double_dummy or condition.seat is None:
            continue
        low, high = _trick_bounds(condition)
        if low > tricks:
            return Impossible(condition, "impossible_tricks", {"n": tricks})
        key = (int(condition.seat), _strain_key(condition))
        if key in seen:
            old_low, old_high, old = seen[key]
            low = max(low, old_low)
            high = old_high if high is None else high if old_high is None else min(high, old_high)
            if high is not None and low > high:
                return Impossible(condition, "impossible_contradicts", others=(old,))
        seen[key] = (low, high, condition)
    return None


def _strain_key(condition: Condition) -> str:
    if condition.strain is not None:
        return condition.strain
    contract = condition.contract
    assert contract is not None
    if contract.kind == "normal":  # every level in one trump is one play
        return f"normal {contract.trump}"
    return str(contract)


def _trick_bounds(condition: Condition) -> tuple[int, int | None]:
    """The declarer's tricks a double-dummy condition allows."""
    if condition.kind == "takes":
        return condition.low, condition.high
    if condition.strain is not None:  # bridge: makes level + 6
        return condition.level + 6, None
    contract = condition.contract
    assert contract is not None
    if contract.kind == "normal":
        return contract.tricks_needed, None
    return 0, contract.allowed
