"""The strong computer player's auction: sampled deals, solved double dummy.

For its hand (and, where the level has the exchange, for the hand after taking one dubel card
for its weakest card) it deals the 20 unseen cards a few times, solves each deal as declarer in
every strain (and, with a weak hand, in betelek and Betel), and declares the highest contract
that is made in at least three samples out of four. Like the beginner it bids the cheapest
declaration of that kind first, and it doubles with the beginner's rule. The samples come from
a seed made of the cards, so the same hand always bids the same.

A call does not need every sample's exact tricks, only whether the declarations open now are
made: :func:`strong_call` tries them from the highest down and asks each sample a yes-or-no
question of the solver ("does the declarer take N tricks?", a null-window search) on a board
kept for that sample and strain, so that later questions reuse what earlier ones learnt. It
stops at the first contract made often enough, and a contract's samples as soon as it cannot
be. The answers are those of the exact solves (:func:`sampled_tricks`), a few times cheaper.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache

from betel_tutor.auction import AuctionState, Call, check_call, legal_calls
from betel_tutor.bots.bidding import CallChoice, kontra_choice
from betel_tutor.cards import BETEL_DECK, Card, Suit
from betel_tutor.contracts import Contract
from betel_tutor.errors import IllegalCall
from betel_tutor.solver.api import make_board, mask_of, solve
from betel_tutor.solver.board import Board
from betel_tutor.trick_count import count_tricks

SAMPLES = 4
SURE = 0.75  # the share of samples in which a contract must be made
STRAINS: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)


def _samples(hand: frozenset[Card], dubel: frozenset[Card]) -> list[list[list[Card]]]:
    """The deals sampled for ``hand``: the hand, and the 20 cards seen neither in it nor in
    ``dubel`` shared at random between the two others, from a seed made of the hand."""
    unseen = [c for c in BETEL_DECK if c not in hand and c not in dubel]
    rng = random.Random(" ".join(sorted(str(c) for c in hand)))
    cards = sorted(hand, key=lambda c: c.index)
    deals = []
    for _ in range(SAMPLES):
        rng.shuffle(unseen)
        deals.append([cards, unseen[:10], unseen[10:20]])
    return deals


def _weak(hand: frozenset[Card]) -> bool:
    """A hand weak enough to think of betelek and Betel."""
    return count_tricks(hand, None) <= 2


def sampled_tricks(hand: frozenset[Card], dubel: frozenset[Card]) -> dict[str, tuple[int, ...]]:
    """The declarer's tricks in each sample: per strain (``"♠"`` … ``"NT"``), and for
    ``"betelek"`` and ``"betel"`` when the hand is weak enough to think of them. (The exact
    values behind :func:`strong_call`'s answers.)"""
    results: dict[str, list[int]] = {}
    for hands in _samples(hand, dubel):
        for strain in STRAINS:
            name = "NT" if strain is None else strain.symbol
            results.setdefault(name, []).append(solve(hands, trump=strain))
        if _weak(hand):
            for kind in ("betelek", "betel"):
                results.setdefault(kind, []).append(solve(hands, contract_kind=kind))
    return {name: tuple(values) for name, values in results.items()}


class _Sampled:
    """The samples of one hand, with a solver board per sample and strain (or kind), and the
    answers found so far: whether the declarer takes at least N tricks."""

    def __init__(self, hand: frozenset[Card], dubel: frozenset[Card]) -> None:
        self.deals = [(mask_of(a), mask_of(b), mask_of(c)) for a, b, c in _samples(hand, dubel)]
        self.weak = _weak(hand)
        self.boards: dict[tuple[int, str], Board] = {}
        self.answers: dict[tuple[int, str, int], bool] = {}

    def takes(self, sample: int, name: str, target: int) -> bool:
        """Does the declarer take ``target`` tricks or more in ``sample`` under ``name`` (a
        strain's symbol, ``"NT"``, ``"betelek"`` or ``"betel"``)?"""
        key = (sample, name, target)
        answer = self.answers.get(key)
        if answer is None:
            board = self.boards.get((sample, name))
            if board is None:
                kind = name if name in ("betelek", "betel") else "normal"
                trump = next((s for s in STRAINS if s is not None and s.symbol == name), None)
                board = make_board(trump=trump, declarer=0, contract_kind=kind)
                self.boards[(sample, name)] = board
            answer = self.answers[key] = board.wins(self.deals[sample], 0, target)
        return answer

    def made_often(self, contract: Contract) -> bool:
        """Whether ``contract`` is made in at least :data:`SURE` of the samples."""
        if contract.kind == "normal":
            name = "NT" if contract.strain is None else contract.strain.symbol

            def made(sample: int) -> bool:
                return self.takes(sample, name, contract.tricks_needed)
        elif self.weak:

            def made(sample: int) -> bool:
                return not self.takes(sample, contract.kind, contract.tricks_allowed + 1)
        else:
            return False
        needed = SURE * SAMPLES
        made_in = missed = 0
        for sample in range(SAMPLES):
            if made(sample):
                made_in += 1
            else:
                missed += 1
            if made_in >= needed:
                return True
            if SAMPLES - missed < needed:
                return False
        return made_in >= needed

    def made_in(self, contract: Contract) -> int:
        """In how many samples ``contract`` is made (every sample asked)."""
        if contract.kind == "normal":
            name = "NT" if contract.strain is None else contract.strain.symbol
            return sum(self.takes(s, name, contract.tricks_needed) for s in range(SAMPLES))
        if not self.weak:
            return 0
        return sum(
            not self.takes(s, contract.kind, contract.tricks_allowed + 1) for s in range(SAMPLES)
        )


@lru_cache(maxsize=64)
def _sampled(hand: frozenset[Card], dubel: frozenset[Card]) -> _Sampled:
    return _Sampled(hand, dubel)


def _exchanges(
    state: AuctionState, hand: list[Card]
) -> list[tuple[list[Card], tuple[Card, ...], tuple[Card, ...]]]:
    """The hand as it is, and after taking each dubel card for the weakest card."""
    options: list[tuple[list[Card], tuple[Card, ...], tuple[Card, ...]]] = [(hand, (), ())]
    if state.options.exchange and state.dubel:
        weakest = min(hand, key=lambda c: (int(c.rank), c.suit.order))
        for take in sorted(state.dubel, key=lambda card: card.index):  # not the order laid
            kept = [c for c in hand if c is not weakest] + [take]
            options.append((kept, (take,), (weakest,)))
    return options


def strong_call(state: AuctionState, hand: Iterable[Card]) -> Call:
    """The strong player's call with ``hand`` now (:func:`strong_choice`, without the reason)."""
    return strong_choice(state, hand).call


def strong_choice(state: AuctionState, hand: Iterable[Card]) -> CallChoice:
    """The strong player's call with ``hand`` now, and why: for a declaration, the contract
    it aims at, in how many of the :data:`SAMPLES` deals it is made and the tricks that takes
    (``bots.call_sampled*``); for a pass, that nothing open now is made often enough."""
    cards = list(hand)
    calls = legal_calls(state)
    kontra = kontra_choice(state, cards)
    if kontra is not None:
        return kontra
    declarations = [c.contract for c in calls if c.kind == "declare" and c.contract is not None]
    dubel = frozenset(state.dubel or ())
    options = [
        (_sampled(frozenset(kept), (dubel - frozenset(take)) | frozenset(lay)), take, lay)
        for kept, take, lay in _exchanges(state, cards)
    ]
    best = next(
        (
            (contract, sampled, take, lay)
            for contract in sorted(declarations, reverse=True)
            for sampled, take, lay in options
            if sampled.made_often(contract)
        ),
        None,
    )
    needed = int(SURE * SAMPLES + 0.999)
    if best is None:
        return CallChoice(Call("pass"), "bots.call_sampled_pass", {"n": needed, "samples": SAMPLES})
    target, sampled, take, lay = best
    cheapest = min(
        (c for c in declarations if c.kind == target.kind and c.strain == target.strain),
        key=lambda c: c.rank,
    )
    call = Call("declare", cheapest, take=take, lay=lay)
    try:
        check_call(state, call)
    except IllegalCall:  # the exchange is not open to this player now: declare without it
        call, take, lay = Call("declare", cheapest), (), ()
    params: dict[str, object] = {
        "call": call,
        "contract": target,
        "made": sampled.made_in(target),
        "samples": SAMPLES,
    }
    if target.is_misere:
        key, params["n"] = "bots.call_sampled_misere", target.tricks_allowed
    else:
        key, params["n"] = "bots.call_sampled", target.tricks_needed
    if take:
        key += "_exchange"
        params["take"], params["lay"] = take, lay
    return CallChoice(call, key, params)
