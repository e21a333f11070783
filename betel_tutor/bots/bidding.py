"""The beginner's auction: count sure-looking tricks and bid only what the hand can make.

It never exchanges and never doubles; with a very weak hand it tries a betelek when the level
allows them.
"""

from __future__ import annotations

from collections.abc import Iterable

from betel_tutor.auction import AuctionState, Call, legal_calls
from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.contracts import Contract


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


def choose_call(state: AuctionState, hand: Iterable[Card]) -> Call:
    """The call a beginner makes with ``hand`` now: a contract it expects to make, or pass.

    Where the level has the exchange, it also tries taking one dubel card for its worst card
    (its lowest for a normal contract, its highest for a betelek) and declares with the
    exchange when that lets it bid.
    """
    cards = list(hand)
    plain = _choose_without_exchange(state, cards)
    if plain.kind != "pass" or not state.options.exchange or not state.dubel:
        return plain
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
                return Call("declare", contract, take=(take,), lay=(lay,))
    return plain


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
        elif estimated_tricks(cards, contract.trump) >= contract.tricks_needed + 0.5:
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
