"""The call hint's count: the method level 5 teaches (:func:`betel_tutor.trick_count.count_tricks`)
applied to the learner's hand, in words, beside the strong player's sampled figure.

"You count 7½ tricks in spades: 3♠ needs 8, not enough: pass." Where the sampled deals
judge otherwise than the count, the count says so ("enough by this count, though the deals
sampled below say otherwise"). For a normal declaration it
counts the declared strain (with the exchange made, when the call takes a dubel card); for a
pass, the strain the hand counts best in, against the cheapest declaration of it open now.
Kontra and the betelki have their own reasons and get no count here.
"""

from __future__ import annotations

from collections.abc import Iterable

from betel_tutor import i18n
from betel_tutor.auction import AuctionState, Call, legal_calls
from betel_tutor.cards import Card, Suit
from betel_tutor.contracts import Contract
from betel_tutor.trick_count import count_tricks, written_count

STRAIN_WORDS = {
    Suit.CLUBS: "tutor.count_in_clubs",
    Suit.DIAMONDS: "tutor.count_in_diamonds",
    Suit.HEARTS: "tutor.count_in_hearts",
    Suit.SPADES: "tutor.count_in_spades",
    None: "tutor.count_in_nt",
}


def counted_call(
    state: AuctionState, hand: Iterable[Card], call: Call
) -> tuple[float, Contract] | None:
    """The learner's count and the normal contract it is measured against, or None where the
    count does not speak (kontra, a betelek, or no normal declaration open)."""
    cards = set(hand)
    contract = call.contract
    if call.kind == "declare" and contract is not None:
        if contract.kind != "normal":
            return None
        cards = (cards - set(call.lay)) | set(call.take)
        return count_tricks(cards, contract.strain), contract
    if call.kind != "pass":
        return None
    open_now = [
        c.contract
        for c in legal_calls(state)
        if c.kind == "declare" and c.contract is not None and c.contract.kind == "normal"
    ]
    if not open_now:
        return None
    best = max(open_now, key=lambda c: (count_tricks(cards, c.strain), -c.rank))
    cheapest = min((c for c in open_now if c.strain == best.strain), key=lambda c: c.rank)
    return count_tricks(cards, best.strain), cheapest


def _verdict(enough: bool, declares: bool) -> str:
    """The count's verdict; where the sampled deals say otherwise than the count (the hint
    declares on a short count, or passes on enough), it is the count's alone."""
    if enough:
        return "tutor.count_enough" if declares else "tutor.count_enough_alone"
    return "tutor.count_short_alone" if declares else "tutor.count_short"


def count_words(state: AuctionState, hand: Iterable[Card], call: Call, lang: str) -> str:
    """The count in words for the hint of ``call``; empty where the count does not speak."""
    counted = counted_call(state, hand, call)
    if counted is None:
        return ""
    count, contract = counted
    needed = contract.tricks_needed
    params = {
        "strain": i18n.translate(STRAIN_WORDS[contract.strain], lang),
        "contract": contract.format(lang=lang),
        "needed": needed,
        "verdict": i18n.translate(_verdict(count >= needed, call.kind == "declare"), lang),
    }
    if count != int(count):
        return i18n.translate("tutor.hint_count_half", lang, tricks=written_count(count), **params)
    return i18n.translate_plural("tutor.hint_count", int(count), lang, **params)
