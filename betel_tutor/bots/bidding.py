"""The beginner's auction: count sure-looking tricks and bid only what the hand can make.

For a normal contract it counts as a declarer does
(:func:`betel_tutor.trick_count.count_tricks`, the method the lessons teach): its trumps by
their length, less half a trick for each of the top three honours it misses, and its side
suits' aces and guarded kings. It declares the highest contract whose count reaches the tricks
it needs, bidding that strain's cheapest declaration first: with a long suit and an ace or two
it declares, as a learner would, at the lowest level.

It exchanges only to make a declaration possible; with a very weak hand it tries a betelek
when the level allows them. Where the level has kontra and a kontra is legal, a defender
doubles a contract that its own hand clearly beats (:func:`beats_contract`):

- a normal contract, when its own estimated tricks (:func:`estimated_tricks`, counted with the
  contract's trumps) are more than the defence needs to beat it, ``11 - tricks_needed``: the
  hand alone is expected to take at least one trick more than the declarer can spare;
- a betelek or Betel, when it holds at least ``tricks_allowed + 3`` sevens and eights, in three
  suits or more: low cards to lead and to play under the declarer, who must beat and so is
  forced to take tricks (rule 7).

Everything is deterministic: the same auction and hand always give the same call.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from betel_tutor.auction import AuctionState, Call, legal_calls
from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.contracts import Contract
from betel_tutor.trick_count import count_tricks

LOW_RANKS = (Rank.SEVEN, Rank.EIGHT)
"""The cards a betelek defender counts as low: they go under almost anything."""


def estimated_tricks(hand: Iterable[Card], trump: Suit | None) -> float:
    """A rough count: aces, guarded kings and queens, and length in the trump suit."""
    cards = list(hand)
    total = 0.0
    for suit in Suit:
        held = [card.rank for card in cards if card.suit is suit]
        length = len(held)
        total += Rank.ACE in held
        total += 0.7 * (Rank.KING in held and length >= 2)
        total += 0.4 * (Rank.QUEEN in held and length >= 3)
        if suit is trump and length > 3:
            total += length - 3
    return total


def beats_contract(hand: Iterable[Card], contract: Contract) -> bool:
    """Does a defender holding ``hand`` expect to beat ``contract`` on its own? (See above.)"""
    cards = list(hand)
    if contract.is_misere:
        low = [card for card in cards if card.rank in LOW_RANKS]
        suits = {card.suit for card in low}
        return len(low) >= contract.tricks_allowed + 3 and len(suits) >= 3
    if contract.kind != "normal":
        return False
    return estimated_tricks(cards, contract.trump) > 11 - contract.tricks_needed


@dataclass(frozen=True, slots=True)
class CallChoice:
    """A call and why it was made: a catalog key (``bots.call_*``) and its parameters (the
    call as typed, contracts, counts), as :class:`betel_tutor.bots.Choice` does for cards."""

    call: Call
    reason: str
    params: dict[str, object]


def kontra_choice(state: AuctionState, cards: list[Card]) -> CallChoice | None:
    """Kontra, with its reason, when a defender's hand clearly beats the standing contract."""
    kontra = Call("kontra")
    standing = state.standing
    if (
        standing is not None
        and state.declarer != state.to_call
        and kontra in legal_calls(state)
        and beats_contract(cards, standing)
    ):
        if standing.is_misere:
            low = sum(card.rank in LOW_RANKS for card in cards)
            return CallChoice(kontra, "bots.call_kontra_misere", {"contract": standing, "n": low})
        tricks = round(estimated_tricks(cards, standing.trump), 1)
        spare = 11 - standing.tricks_needed
        return CallChoice(
            kontra, "bots.call_kontra", {"contract": standing, "tricks": tricks, "spare": spare}
        )
    return None


def choose_call(state: AuctionState, hand: Iterable[Card]) -> Call:
    """The call a beginner makes with ``hand`` now (:func:`call_choice`, without the reason)."""
    return call_choice(state, hand).call


def call_choice(state: AuctionState, hand: Iterable[Card]) -> CallChoice:
    """The call a beginner makes with ``hand`` now, and why: kontra on a contract its hand
    clearly beats, else a contract it expects to make, or pass.

    Where the level has the exchange, it also tries taking one dubel card for its worst card
    (its lowest for a normal contract, its highest for a betelek) and declares with the
    exchange when that lets it bid.
    """
    cards = list(hand)
    kontra = kontra_choice(state, cards)
    if kontra is not None:
        return kontra
    plain = _choose_without_exchange(state, cards)
    if plain.kind != "pass" or not state.options.exchange or not state.dubel:
        return _explained(state, cards, plain)
    for take in state.dubel:
        for misere in (False, True):
            kept = sorted(cards, key=lambda c: (int(c.rank), c.suit.order))
            lay = kept[-1] if misere else kept[0]
            if lay is take:
                continue
            new_hand = [c for c in cards if c is not lay] + [take]
            call = _choose_without_exchange(state, new_hand)
            contract = call.contract
            if call.kind == "declare" and contract is not None and contract.is_misere == misere:
                made = Call("declare", contract, take=(take,), lay=(lay,))
                explained = _explained(state, new_hand, call)
                params = {**explained.params, "call": made, "take": take, "lay": lay}
                return CallChoice(made, explained.reason + "_exchange", params)
    return _explained(state, cards, plain)


def _explained(state: AuctionState, cards: list[Card], call: Call) -> CallChoice:
    """The beginner's reason for ``call`` (a declaration or pass), from its count of tricks."""
    contract = call.contract
    if call.kind != "declare" or contract is None:
        best = max(count_tricks(cards, suit) for suit in (*Suit, None))
        return CallChoice(call, "bots.call_pass", {"call": call, "tricks": round(best, 1)})
    if contract.is_misere:
        tricks = round(estimated_tricks(cards, None), 1)
        params = {"call": call, "tricks": tricks, "allowed": contract.tricks_allowed}
        return CallChoice(call, "bots.call_misere", params)
    tricks = round(count_tricks(cards, contract.trump), 1)
    params = {"call": call, "tricks": tricks, "needed": contract.tricks_needed}
    return CallChoice(call, "bots.call_declare", params)


def _choose_without_exchange(state: AuctionState, cards: list[Card]) -> Call:
    calls = legal_calls(state)
    declarations = [call for call in calls if call.kind == "declare" and call.contract is not None]
    best: Contract | None = None
    for call in declarations:
        contract = call.contract
        assert contract is not None
        if contract.is_misere:
            if estimated_tricks(cards, None) <= contract.tricks_allowed - 0.5:
                best = contract if best is None or contract > best else best
        elif count_tricks(cards, contract.trump) >= contract.tricks_needed:
            best = contract if best is None or contract > best else best
    if best is not None and (state.standing is None or best > state.standing):
        # Bid low first, as the article advises: the cheapest declaration that is legal now.
        cheapest = min(
            (
                call
                for call in declarations
                if call.contract is not None
                and call.contract.is_misere == best.is_misere
                and call.contract.trump == best.trump
            ),
            key=lambda call: call.contract.rank if call.contract else 0,
        )
        return cheapest
    return Call("pass")
