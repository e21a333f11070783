"""The search over what the declarer sees, checked against a brute force that keeps every
distribution of the unseen cards explicitly and asks the rules engine which cards are legal."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from itertools import combinations

from betel_tutor.cards import BETEL_DECK, Card, Suit
from betel_tutor.rules import legal_plays, trick_winner
from betel_tutor.solver.api import make_board, mask_of
from betel_tutor.solver.claim import ClaimSearch, loses_every_trick, sure_leads

# The worlds the declarer cannot tell apart: West's and North's hands, each as a set of bits,
# one a card (``Card.index``): the worlds are many, and a set of them is built and looked up at
# every card.
Worlds = frozenset[tuple[int, int]]


def bits(cards: Iterable[Card]) -> int:
    return sum(1 << card.index for card in cards)


def brute_force(
    hand: frozenset[Card],
    worlds: Worlds,
    leader: int,
    goal: int,
    trump: Suit | None,
    kind: str,
) -> bool:
    """Whether one strategy of the declarer (seat 0), seeing only his cards and the play,
    makes ``goal`` (tricks still needed, or in the betelki still allowed) in every world."""
    misere = kind != "normal"
    defenders_beat = kind != "betel"
    by_index = {card.index: card for card in BETEL_DECK}

    @cache  # the same hand meets the same trick in many worlds: ask the rules engine once
    def legal(held: int, trick: tuple[Card, ...], beat: bool) -> tuple[tuple[Card, int], ...]:
        cards = frozenset(card for index, card in by_index.items() if held >> index & 1)
        plays = legal_plays(cards, trick, trump=trump, beat_obligation=beat)
        return tuple((card, 1 << card.index) for card in plays)

    @cache
    def wins(
        hand: int,
        worlds: frozenset[tuple[int, int]],
        leader: int,
        trick: tuple[Card, ...],
        goal: int,
    ) -> bool:
        if len(trick) == 3:
            taker = (leader + trick_winner(trick, trump=trump)) % 3
            return wins(hand, worlds, taker, (), goal - (taker == 0))
        if not trick:
            # The declarer's tricks only grow, and ``len(hand)`` are left to play: once the goal
            # is met for good or out of reach, every play-out ends the same way (at the last
            # trick, always).
            left = hand.bit_count()
            if misere and (goal < 0 or goal >= left):
                return goal >= 0
            if not misere and (goal <= 0 or goal > left):
                return goal <= 0
        seat = (leader + len(trick)) % 3
        if seat == 0:
            return any(
                wins(hand & ~bit, worlds, leader, (*trick, card), goal)
                for card, bit in legal(hand, trick, True)
            )
        answers: dict[Card, set[tuple[int, int]]] = defaultdict(set)
        for west, north in worlds:
            held = west if seat == 1 else north
            for card, bit in legal(held, trick, defenders_beat):
                answers[card].add((west & ~bit, north) if seat == 1 else (west, north & ~bit))
        return all(
            wins(hand, frozenset(after), leader, (*trick, card), goal)
            for card, after in answers.items()
        )

    return wins(bits(hand), worlds, leader, (), goal)


def random_ending(rng: random.Random) -> tuple[list[Card], list[Card], int, str, Suit | None, int]:
    """A few cards each from two or three suits, so that following, beating and ruffing
    all come into play."""
    size = rng.choice((2, 3, 3, 4))
    suits = rng.sample(list(Suit), rng.choice((2, 3)))
    pool = [c for c in BETEL_DECK if c.suit in suits]
    cards = (
        rng.sample(pool, 3 * size) if len(pool) >= 3 * size else rng.sample(BETEL_DECK, 3 * size)
    )
    kind = rng.choice(("normal", "normal", "betelek", "betel"))
    trump = rng.choice((None, *suits)) if kind == "normal" else None
    goal = rng.randint(0, size + 1) if kind == "normal" else rng.randint(-1, size)
    return cards[:size], cards[size:], rng.randint(0, 2), kind, trump, goal


def test_the_search_agrees_with_brute_force_on_random_endings() -> None:
    rng = random.Random(2026)
    decided = {True: 0, False: 0}
    for _ in range(400):
        hand, unseen, leader, kind, trump, goal = random_ending(rng)
        size = len(hand)
        worlds: Worlds = frozenset(
            (bits(west), bits(c for c in unseen if c not in west))
            for west in combinations(unseen, size)
        )
        expected = brute_force(frozenset(hand), worlds, leader, goal, trump, kind)
        search = ClaimSearch(
            trump=-1 if trump is None else trump.order,
            misere=kind != "normal",
            defenders_beat=kind != "betel",
            board=make_board(trump=trump, declarer=0, contract_kind=kind),
            budget=10**6,
        )
        got = search.wins(mask_of(hand), mask_of(unseen), 0, 0, leader, (), goal)
        assert got == expected, (hand, unseen, leader, kind, trump, goal)
        decided[got] += 1
    # Both answers are common, so the comparison tests something either way.
    assert min(decided.values()) > 80, decided


def test_the_shortcuts_are_sound() -> None:
    """Sure tricks never exceed what the declarer makes double dummy in any distribution,
    and a hand said to lose every trick takes none double dummy."""
    from betel_tutor.solver import solve

    rng = random.Random(7)
    losing = 0
    for _ in range(200):
        deck = list(BETEL_DECK)
        rng.shuffle(deck)
        hand, west, north = deck[:10], deck[10:20], deck[20:30]
        trump = rng.choice((None, *Suit))
        sure = len(
            sure_leads(mask_of(hand), mask_of(west + north), -1 if trump is None else trump.order)
        )
        assert solve([hand, west, north], trump=trump) >= sure
        low = sorted(deck[:30], key=lambda c: c.rank)
        hand, rest = low[:10], low[10:]
        rng.shuffle(rest)
        if loses_every_trick(mask_of(hand), mask_of(rest), True):
            losing += 1
            for kind in ("betelek", "betel"):
                assert solve([hand, rest[:10], rest[10:]], contract_kind=kind) == 0
    assert losing > 20, losing


def test_the_search_with_cards_in_the_dubel_agrees_with_brute_force() -> None:
    """Spec §12.6: without a known dubel two of the unseen cards lie in it, in nobody's hand.
    The search with ``hidden`` cards agrees with a brute force over every placement of the
    unseen cards between West, North and the dubel."""
    rng = random.Random(612)
    decided = {True: 0, False: 0}
    for _ in range(250):
        hand, unseen, leader, kind, trump, goal = random_ending(rng)
        size = len(hand)
        extra = [c for c in BETEL_DECK if c not in hand and c not in unseen]
        unseen = unseen + rng.sample(extra, 2)
        worlds: Worlds = frozenset(
            (bits(west), bits(north))
            for west in combinations(unseen, size)
            for north in combinations([c for c in unseen if c not in west], size)
        )
        expected = brute_force(frozenset(hand), worlds, leader, goal, trump, kind)
        search = ClaimSearch(
            trump=-1 if trump is None else trump.order,
            misere=kind != "normal",
            defenders_beat=kind != "betel",
            board=make_board(trump=trump, declarer=0, contract_kind=kind),
            budget=10**6,
            hidden=2,
        )
        got = search.wins(mask_of(hand), mask_of(unseen), 0, 0, leader, (), goal)
        assert got == expected, (hand, unseen, leader, kind, trump, goal)
        decided[got] += 1
    assert min(decided.values()) > 40, decided
