"""Dealing: the physical procedure of spec §2, and deals reproducible from a seed.

The shuffle does not use :mod:`random`, whose algorithms may change between Python versions:
it is a Fisher–Yates shuffle driven by SHA-256 of the seed and a counter, with rejection
sampling so that every permutation is equally likely. The same seed gives the same deal on
every machine and every Python version.

>>> d = deal(2024)
>>> [len(hand) for hand in d.hands], len(d.dubel)
([10, 10, 10], 2)
>>> deal(2024) == d
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from betel_tutor.cards import BETEL_DECK, BRIDGE_DECK, Card, sort_cards
from betel_tutor.seats import Seat, seats


@dataclass(frozen=True, slots=True)
class Deal:
    """Hands by absolute seat (clockwise from seat 0), the dubel (Betel) and the dealer."""

    hands: tuple[tuple[Card, ...], ...]
    dubel: tuple[Card, ...]
    dealer: Seat

    @property
    def seats(self) -> int:
        return len(self.hands)


def _stream(seed: int | str) -> Iterator[int]:
    """An endless stream of 64-bit numbers determined by ``seed`` alone."""
    # surrogatepass: a str holding lone surrogates (bytes from the command line that are not
    # UTF-8) still gives a stream of its own; every other str encodes as plain UTF-8.
    key = f"{type(seed).__name__}:{seed}".encode("utf-8", "surrogatepass")
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(block[offset : offset + 8], "big")
        counter += 1


def shuffled(cards: Sequence[Card], seed: int | str) -> list[Card]:
    """``cards`` in an order fixed by ``seed`` (unbiased Fisher–Yates)."""
    order = list(cards)
    numbers = _stream(seed)
    for top in range(len(order) - 1, 0, -1):
        span = top + 1
        limit = (1 << 64) - (1 << 64) % span  # reject the biased tail
        number = next(numbers)
        while number >= limit:
            number = next(numbers)
        pick = number % span
        order[top], order[pick] = order[pick], order[top]
    return order


def deal_from_deck(deck: Sequence[Card], *, dealer: int = 0) -> Deal:
    """Spec §2: two rounds onto four piles — left, dubel, right, dealer — then eight rounds
    onto three — left, right, dealer. "Left" is the next seat clockwise from the dealer."""
    if len(deck) != 32 or len(set(deck)) != 32:
        raise ValueError("a Betel deal needs the 32 different cards of the deck")
    first = Seat(dealer)
    left, right = first.lho, first.rho
    piles: dict[int | str, list[Card]] = {left: [], right: [], first: [], "dubel": []}
    cards = iter(deck)
    for _ in range(2):
        for pile in (left, "dubel", right, first):
            piles[pile].append(next(cards))
    for _ in range(8):
        for pile in (left, right, first):
            piles[pile].append(next(cards))
    hands = tuple(tuple(sort_cards(piles[seat])) for seat in seats())
    return Deal(hands=hands, dubel=tuple(piles["dubel"]), dealer=first)


def deal(seed: int | str, *, dealer: int = 0) -> Deal:
    """A Betel deal reproducible from ``seed``: the deck shuffled, then dealt as in spec §2."""
    return deal_from_deck(shuffled(BETEL_DECK, seed), dealer=dealer)


def deal_bridge(seed: int | str, *, dealer: int = 0) -> Deal:
    """A bridge deal: 52 cards, one at a time clockwise from the dealer's left, 13 each."""
    deck = shuffled(BRIDGE_DECK, seed)
    first = Seat(dealer, 4)
    hands: list[list[Card]] = [[] for _ in range(4)]
    for index, card in enumerate(deck):
        hands[first.next(1 + index)].append(card)
    return Deal(hands=tuple(tuple(sort_cards(hand)) for hand in hands), dubel=(), dealer=first)
