"""The beginner's auction: count sure-looking tricks and bid only what the hand can make.

For a normal contract it counts as a declarer does
(:func:`betel_tutor.trick_count.count_tricks`, the method the lessons teach): its trumps by
their length, less half a trick for each of the top three honours it misses, and its side
suits' aces and guarded kings. It declares the highest contract whose count reaches the tricks
it needs, bidding that strain's cheapest declaration first: with a long suit and an ace or two
it declares, as a learner would, at the lowest level.

It exchanges only to make a declaration possible; with a very weak hand it tries a betelek
when the level allows them: one whose allowance its count at no trump stays half a trick or
more below. Where the level has kontra and a kontra is legal, a defender doubles a contract
that its own hand clearly beats (:func:`beats_contract`):

- a normal contract, when its count of tricks with the contract's trumps (the same method) is
  more than the defence needs to beat it, ``11 - tricks_needed``: the hand alone is expected
  to take at least one trick more than the declarer can spare;
- a betelek or Betel, when it holds at least ``tricks_allowed + 3`` sevens and eights, in three
  suits or more: low cards to lead and to play under the declarer, who must beat and so is
  forced to take tricks (rule 7).

Everything is deterministic: the same auction and hand always give the same call.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from betel_tutor.auction import AuctionState, Call, legal_calls
from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.contracts import Contract
from betel_tutor.trick_count import NO_TRUMP, strain_counts

_KONTRA = Call("kontra")
LOW_RANKS = (Rank.SEVEN, Rank.EIGHT)
"""The cards a betelek defender counts as low: they go under almost anything."""


def beats_contract(hand: Iterable[Card], contract: Contract) -> bool:
    """Does a defender holding ``hand`` expect to beat ``contract`` on its own? (See above.)"""
    cards = list(hand)
    if contract.is_misere:
        low = [card for card in cards if card.rank in LOW_RANKS]
        suits = {card.suit for card in low}
        return len(low) >= contract.tricks_allowed + 3 and len(suits) >= 3
    if contract.kind != "normal":
        return False
    return _count(cards, contract.trump) > 11 - contract.tricks_needed


def _count(cards: list[Card], trump: Suit | None) -> float:
    """The hand's count of tricks with ``trump`` (:func:`betel_tutor.trick_count.count_tricks`)."""
    return strain_counts(cards)[_place(trump)]


def _place(trump: Suit | None) -> int:
    """Where :func:`strain_counts` keeps the count with ``trump``."""
    return NO_TRUMP if trump is None else trump.order


@dataclass(frozen=True, slots=True)
class CallChoice:
    """A call and why it was made: a catalog key (``bots.call_*``) and its parameters (the
    call as typed, contracts, counts), as :class:`betel_tutor.bots.Choice` does for cards."""

    call: Call
    reason: str
    params: dict[str, object]


def kontra_choice(
    state: AuctionState, cards: list[Card], calls: list[Call] | None = None
) -> CallChoice | None:
    """Kontra, with its reason, when a defender's hand clearly beats the standing contract
    (``calls``: the legal calls now, when already worked out)."""
    legal = Call("kontra") in (legal_calls(state) if calls is None else calls)
    return _kontra(state, cards, legal=legal)


def _kontra(state: AuctionState, cards: list[Card], *, legal: bool) -> CallChoice | None:
    standing = state.standing
    if (
        standing is not None
        and state.declarer != state.to_call
        and legal
        and beats_contract(cards, standing)
    ):
        if standing.is_misere:
            low = sum(card.rank in LOW_RANKS for card in cards)
            return CallChoice(_KONTRA, "bots.call_kontra_misere", {"contract": standing, "n": low})
        tricks = round(_count(cards, standing.trump), 1)
        spare = 11 - standing.tricks_needed
        return CallChoice(
            _KONTRA, "bots.call_kontra", {"contract": standing, "tricks": tricks, "spare": spare}
        )
    return None


def open_calls(state: AuctionState) -> list[Call]:
    """The legal calls now without an exchange (:func:`legal_calls`), which no hand changes."""
    return list(_open(state).calls)


@dataclass(frozen=True, eq=False)
class _Open:
    """What a beginner's call reads of an auction state besides its hand, worked out once for
    each state: a player's call is asked for many hands when the tutor reads what the auction
    told (:mod:`betel_tutor.tutor.told`).

    ``calls`` are the legal calls without an exchange. The declarations among them are ranked
    for a count of tricks: ``misere`` the betelki and Betel, highest first, each with the most
    its count at no trump may be (its allowance less half a trick); ``normal`` for each strain
    (by its place in :func:`strain_counts`) its contracts, highest first, with the tricks each
    needs; ``cheapest`` the declaration of
    each kind and strain that bids it lowest (the article's advice: bid low first)."""

    calls: tuple[Call, ...]
    kontra: bool
    misere: tuple[tuple[float, Contract], ...]
    normal: tuple[tuple[int, tuple[tuple[int, Contract], ...]], ...]
    cheapest: dict[tuple[bool, Suit | None], Call]


def _open(state: AuctionState) -> _Open:
    return _open_at(state if state.hands is None else replace(state, hands=None))


@lru_cache(maxsize=256)
def _open_at(public: AuctionState) -> _Open:
    calls = tuple(legal_calls(public))
    declared = [
        (call, call.contract)
        for call in calls
        if call.kind == "declare" and call.contract is not None
    ]
    contracts = sorted({contract for _, contract in declared}, reverse=True)
    strains: dict[Suit | None, list[tuple[int, Contract]]] = {}
    for contract in contracts:
        if not contract.is_misere:
            strains.setdefault(contract.trump, []).append((contract.tricks_needed, contract))
    cheapest: dict[tuple[bool, Suit | None], Call] = {}
    for call, contract in declared:  # the first of the lowest, in the calls' order
        key = (contract.is_misere, contract.trump)
        low = cheapest.get(key)
        if low is None or (low.contract is not None and contract.rank < low.contract.rank):
            cheapest[key] = call
    return _Open(
        calls=calls,
        kontra=Call("kontra") in calls,
        misere=tuple((c.tricks_allowed - 0.5, c) for c in contracts if c.is_misere),
        normal=tuple((_place(strain), tuple(rungs)) for strain, rungs in strains.items()),
        cheapest=cheapest,
    )


def call_distance(state: AuctionState, hand: Iterable[Card], call: Call) -> float:
    """How far the beginner holding ``hand`` is from making ``call`` now: 0 when it makes
    it; else, for a normal declaration, the tricks its count lacks in that strain, and for a
    pass where it would declare, the tricks its count has to spare (at least half a trick
    either way); 1 for any other call it would not make. A guide towards hands that make the
    calls a player made (:mod:`betel_tutor.tutor.told`)."""
    cards = list(hand)
    choice, _, _ = _decision(state, cards)
    if choice == call:
        return 0.0
    contract = call.contract
    if call.kind == "declare" and contract is not None and not contract.is_misere:
        return max(0.5, contract.tricks_needed - _count(cards, contract.trump))
    made = choice.contract
    if call.kind == "pass" and choice.kind == "declare" and made and not made.is_misere:
        return max(0.5, _count(cards, made.trump) - made.tricks_needed + 0.5)
    return 1.0


def choose_call(state: AuctionState, hand: Iterable[Card]) -> Call:
    """The call a beginner makes with ``hand`` now (:func:`call_choice`, without the reason)."""
    return _decision(state, list(hand))[0]


def call_choice(state: AuctionState, hand: Iterable[Card]) -> CallChoice:
    """The call a beginner makes with ``hand`` now, and why: kontra on a contract its hand
    clearly beats, else a contract it expects to make, or pass.

    Where the level has the exchange, it also tries taking one dubel card for its worst card
    (its lowest for a normal contract, its highest for a betelek) and declares with the
    exchange when that lets it bid.
    """
    cards = list(hand)
    call, declared, counted = _decision(state, cards)
    if call.kind == "kontra":
        kontra = _kontra(state, cards, legal=True)
        assert kontra is not None
        return kontra
    explained = _explained(counted, declared)
    if declared is call:
        return explained
    params = {**explained.params, "call": call, "take": call.take[0], "lay": call.lay[0]}
    return CallChoice(call, explained.reason + "_exchange", params)


def _decision(state: AuctionState, cards: list[Card]) -> tuple[Call, Call, list[Card]]:
    """:func:`call_choice`'s call without its reason (asked for thousands of hands when the
    tutor reads what an auction told), with the declaration or pass it rests on and the hand
    that was counted for it: with an exchange, the hand after it."""
    known = _open(state)
    if known.kontra and _kontra(state, cards, legal=True) is not None:
        return _KONTRA, _KONTRA, cards
    plain = _choose_without_exchange(state, cards, known)
    if plain.kind != "pass" or not state.options.exchange or not state.dubel:
        return plain, plain, cards
    # The dubel is two face-up cards, not a sequence: tried in the deck's order, so that the
    # call depends on which cards lie there, never on the order they were laid in.
    lowest = min(cards, key=_worth)
    highest = max(cards, key=_worth)
    for take in sorted(state.dubel, key=lambda card: card.index):
        for misere in (False, True):
            lay = highest if misere else lowest
            if lay is take:
                continue
            new_hand = [c for c in cards if c is not lay] + [take]
            call = _choose_without_exchange(state, new_hand, known)
            contract = call.contract
            if call.kind == "declare" and contract is not None and contract.is_misere == misere:
                return Call("declare", contract, take=(take,), lay=(lay,)), call, new_hand
    return plain, plain, cards


def _worth(card: Card) -> tuple[int, int]:
    """The order in which the beginner gives up a card for the dubel's: by rank, then suit."""
    return int(card.rank), card.suit.order


def _explained(cards: list[Card], call: Call) -> CallChoice:
    """The beginner's reason for ``call`` (a declaration or pass), from its count of tricks."""
    contract = call.contract
    counts = strain_counts(cards)
    if call.kind != "declare" or contract is None:
        best = max(counts)
        return CallChoice(call, "bots.call_pass", {"call": call, "tricks": round(best, 1)})
    if contract.is_misere:
        tricks = round(counts[NO_TRUMP], 1)
        params = {"call": call, "tricks": tricks, "allowed": contract.tricks_allowed}
        return CallChoice(call, "bots.call_misere", params)
    tricks = round(counts[_place(contract.trump)], 1)
    params = {"call": call, "tricks": tricks, "needed": contract.tricks_needed}
    return CallChoice(call, "bots.call_declare", params)


def _choose_without_exchange(state: AuctionState, cards: list[Card], known: _Open) -> Call:
    """The beginner's declaration with ``cards``, or pass: the highest contract its count of
    tricks reaches (a betelek: its count at no trump half a trick or more under the allowance),
    bid with the cheapest declaration of its kind and strain, when it outbids the standing
    contract."""
    counts = strain_counts(cards)  # a count per strain, not per declaration
    best: Contract | None = None
    for most, contract in known.misere:
        if counts[NO_TRUMP] <= most:
            best = contract
            break
    for place, rungs in known.normal:
        count = counts[place]
        for needed, contract in rungs:
            if count >= needed:
                best = contract if best is None or contract > best else best
                break
    if best is not None and (state.standing is None or best > state.standing):
        return known.cheapest[(best.is_misere, best.trump)]
    return Call("pass")
