"""The strong computer player's auction: sampled deals, solved double dummy.

For its hand (and, where the level has the exchange, for the hand after taking one dubel card
for its weakest card) it deals the 20 unseen cards a few times, solves each deal as declarer in
every strain (and, with a weak hand, in betelek and Betel), and declares the highest contract
that is made in at least three samples out of four. Like the beginner it bids the cheapest
declaration of that kind first, and it doubles with the beginner's rule. The samples come from
a seed made of the cards, so the same hand always bids the same.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache

from betel_tutor.auction import AuctionState, Call, check_call, legal_calls
from betel_tutor.bots.bidding import beats_contract, estimated_tricks
from betel_tutor.cards import BETEL_DECK, Card, Suit
from betel_tutor.contracts import Contract
from betel_tutor.errors import IllegalCall
from betel_tutor.solver.api import solve

SAMPLES = 4
SURE = 0.75  # the share of samples in which a contract must be made
STRAINS: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)


@lru_cache(maxsize=256)
def sampled_tricks(hand: frozenset[Card], dubel: frozenset[Card]) -> dict[str, tuple[int, ...]]:
    """The declarer's tricks in each sample: per strain (``"♠"`` … ``"NT"``), and for
    ``"betelek"`` and ``"betel"`` when the hand is weak enough to think of them."""
    unseen = [c for c in BETEL_DECK if c not in hand and c not in dubel]
    rng = random.Random(" ".join(sorted(str(c) for c in hand)))
    cards = sorted(hand, key=lambda c: c.index)
    results: dict[str, list[int]] = {}
    weak = estimated_tricks(cards, None) <= 2
    for _ in range(SAMPLES):
        rng.shuffle(unseen)
        hands = [cards, unseen[:10], unseen[10:20]]
        for strain in STRAINS:
            name = "NT" if strain is None else strain.symbol
            results.setdefault(name, []).append(solve(hands, trump=strain))
        if weak:
            for kind in ("betelek", "betel"):
                results.setdefault(kind, []).append(solve(hands, contract_kind=kind))
    return {name: tuple(values) for name, values in results.items()}


def _made_share(tricks: dict[str, tuple[int, ...]], contract: Contract) -> float:
    if contract.kind == "normal":
        values = tricks["NT" if contract.strain is None else contract.strain.symbol]
        return sum(contract.is_made(t) for t in values) / len(values)
    values = tricks.get(contract.kind, ())
    if not values:
        return 0.0
    return sum(contract.is_made(t) for t in values) / len(values)


def _exchanges(
    state: AuctionState, hand: list[Card]
) -> list[tuple[list[Card], tuple[Card, ...], tuple[Card, ...]]]:
    """The hand as it is, and after taking each dubel card for the weakest card."""
    options: list[tuple[list[Card], tuple[Card, ...], tuple[Card, ...]]] = [(hand, (), ())]
    if state.options.exchange and state.dubel:
        weakest = min(hand, key=lambda c: (int(c.rank), c.suit.order))
        for take in state.dubel:
            kept = [c for c in hand if c is not weakest] + [take]
            options.append((kept, (take,), (weakest,)))
    return options


def strong_call(state: AuctionState, hand: Iterable[Card]) -> Call:
    """The strong player's call with ``hand`` now."""
    cards = list(hand)
    calls = legal_calls(state)
    kontra = Call("kontra")
    if (
        state.standing is not None
        and state.declarer != state.to_call
        and kontra in calls
        and beats_contract(cards, state.standing)
    ):
        return kontra
    declarations = [c.contract for c in calls if c.kind == "declare" and c.contract is not None]
    dubel = frozenset(state.dubel or ())
    best: tuple[Contract, tuple[Card, ...], tuple[Card, ...]] | None = None
    for kept, take, lay in _exchanges(state, cards):
        tricks = sampled_tricks(frozenset(kept), (dubel - frozenset(take)) | frozenset(lay))
        for contract in declarations:
            if _made_share(tricks, contract) >= SURE and (best is None or contract > best[0]):
                best = (contract, take, lay)
    if best is None:
        return Call("pass")
    target, take, lay = best
    cheapest = min(
        (c for c in declarations if c.kind == target.kind and c.strain == target.strain),
        key=lambda c: c.rank,
    )
    call = Call("declare", cheapest, take=take, lay=lay)
    try:
        check_call(state, call)
    except IllegalCall:  # the exchange is not open to this player now: declare without it
        return Call("declare", cheapest)
    return call
