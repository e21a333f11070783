"""Cards judged single dummy: by what the player to move knows, not by the hands as dealt.

The player knows their own hand, the dubel (out of play), the contract and every card played,
and what each play proves under the rules (spec §5, summary rules 5–8, read by
:func:`betel_tutor.inference.infer`): a player who did not follow holds none of the suit
led (nor trumps, when they neither followed nor ruffed); one who followed without beating when
bound to beat holds nothing higher in the suit. The *layouts* are the ways of dealing the unseen
cards to the two other players within those limits, the hands keeping their sizes.

Each legal card is measured by its *chance*: the share of the layouts in which, that card played
and everybody then playing their best (each layout solved double dummy by the compiled search),
the deal's aim is met; the expected count of tricks (over the first :data:`TIE_LAYOUTS`
layouts) breaks ties. The layouts are all enumerated
when there are at most :data:`EXACT_UP_TO`, else :data:`SAMPLES` distinct ones are drawn, seeded
by what the player has seen and nothing else: the same knowledge always gives the same verdict,
whatever the hidden cards really are. With 64 layouts a quoted chance is within about 12 points
of the whole set's, 19 times in 20.

The dubel lies face up and everyone sees it (spec §1, §3): at levels 1–6 it is laid aside, out
of play, and no layout holds its cards. From level 7 an exchange changes it: the cards laid back
are seen (they lie in the new dubel, out of play again), and the cards taken are known to be in
the taker's hand — ``held``, which fixes each such card, while unplayed, to its taker in every
layout. The auction sets no other limit on the layouts yet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import combinations, islice
from math import comb

from betel_tutor.cards import Card
from betel_tutor.inference import Knowledge, infer
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat
from betel_tutor.solver.api import card_reaches, card_values
from betel_tutor.solver.board import Board

EXACT_UP_TO = 64  # layouts enumerated one by one up to this many
SAMPLES = 64  # layouts drawn when there are more; never fewer than 48
# The expected tricks, which only break a tie of chances, are averaged over the first this many
# layouts: a card's exact value costs several searches where its chance costs one, and the
# tie-break need not carry a quoted margin.
TIE_LAYOUTS = 16


@dataclass(frozen=True, slots=True)
class Aim:
    """What the player's side wants of the counted tricks (the declarer's, or the player's
    own in free play): at least ``threshold`` of them when ``wants_more``, else at most."""

    wants_more: bool
    threshold: int

    def met(self, counted: int) -> bool:
        return counted >= self.threshold if self.wants_more else counted <= self.threshold


@dataclass(frozen=True, slots=True)
class CardChance:
    """A legal card judged over the layouts: the share of them in which the aim is met after
    it (0 to 1), and the counted tricks it gives on average over the first
    :data:`TIE_LAYOUTS` layouts (worked out only where it breaks a tie: for the cards that
    share the highest chance, when there are more than one)."""

    card: Card
    chance: float
    expected: float | None


@dataclass(frozen=True, slots=True)
class Judgement:
    """Every legal card of the player to move, best first, and the layouts they were judged
    over: how many, and whether they were all of them."""

    cards: tuple[CardChance, ...]
    layouts: int
    exact: bool

    def of(self, card: Card) -> CardChance:
        return next(c for c in self.cards if c.card == card)


# The cards each player is known to hold because they took them from the dubel (spec §3).
Held = Mapping[int, frozenset[Card]]
NOTHING_HELD: Held = {}


def seen_by(state: PlayState, observer: int, held: Held = NOTHING_HELD) -> str:
    """What ``observer`` has seen of the deal, written out: the seed of its sampled layouts.
    Seats are written as plain numbers, so a ``Seat`` and the int it is give the same sample."""
    tricks = [(int(t.leader), tuple(map(str, t.cards))) for t in state.tricks]
    hand = sorted(str(card) for card in state.hands[observer])
    taken = sorted((int(seat), sorted(map(str, cards))) for seat, cards in held.items() if cards)
    seen = (int(observer), hand, tricks, int(state.leader), tuple(map(str, state.current)))
    return repr((*seen, str(state.contract)) + ((tuple(taken),) if taken else ()))


def layouts(
    state: PlayState, observer: int, held: Held = NOTHING_HELD
) -> tuple[list[PlayState], bool]:
    """The positions like ``state`` with the unseen cards dealt in every way consistent with
    what ``observer`` knows (its own hand stays; a card a player took from the dubel stays
    with them, ``held``): all of them when few, else a sample of distinct ones seeded by
    :func:`seen_by`; and whether they are all of them."""
    first, second = [seat for seat in state.profile.table if seat != observer]
    known = infer(state)
    unseen = sorted(state.hands[first] | state.hands[second], key=lambda c: c.index)
    fixed: dict[int, list[Card]] = {first: [], second: []}
    free: list[Card] = []
    for card in unseen:
        holders = [
            seat
            for seat in (first, second)
            if known.may_hold(seat, card) and not taken_by_other(held, seat, card)
        ]
        if len(holders) == 1:
            fixed[holders[0]].append(card)
        else:
            free.append(card)
    want = len(state.hands[first]) - len(fixed[first])
    total = comb(len(free), want)

    def dealt(chosen: tuple[Card, ...]) -> PlayState:
        hands = list(state.hands)
        hands[first] = frozenset(fixed[first] + list(chosen))
        hands[second] = frozenset(fixed[second]) | (frozenset(free) - frozenset(chosen))
        return replace(state, hands=tuple(hands))

    if total <= EXACT_UP_TO:
        return [dealt(chosen) for chosen in combinations(free, want)], True
    rng = random.Random(seen_by(state, observer, held))
    drawn: dict[frozenset[Card], tuple[Card, ...]] = {}
    while len(drawn) < SAMPLES:
        chosen = tuple(sorted(rng.sample(free, want), key=lambda c: c.index))
        drawn.setdefault(frozenset(chosen), chosen)
    return [dealt(chosen) for chosen in islice(drawn.values(), SAMPLES)], False


def taken_by_other(held: Held, seat: Seat, card: Card) -> bool:
    """Whether ``card`` is known to be in another hand than ``seat``'s: taken from the dubel."""
    return any(card in cards for other, cards in held.items() if other != seat)


def consistent(
    layout: PlayState, known: Knowledge, observer: int, held: Held = NOTHING_HELD
) -> bool:
    """Whether every unseen card of ``layout`` lies where what ``observer`` knows allows."""
    return all(
        known.may_hold(seat, card) and not taken_by_other(held, seat, card)
        for seat, hand in zip(layout.profile.table, layout.hands, strict=True)
        if seat != observer
        for card in hand
    )


def judge(
    state: PlayState, observer: int, aim: Aim, board: Board, held: Held = NOTHING_HELD
) -> Judgement:
    """Every legal card of ``observer`` (to move in ``state``) judged over the layouts it
    could face, best first: the highest chance of meeting ``aim``, then the best expected
    tricks for its side, then the card's order. The chance asks one question of each card
    in each layout (does it reach the aim?); the expected tricks, the dearer figure, are
    worked out only for the cards that share the highest chance."""
    assert state.to_play == observer
    positions, exact = layouts(state, observer, held)
    count = len(positions)
    target = aim.threshold if aim.wants_more else aim.threshold + 1
    reached: dict[Card, int] = {}
    for position in positions:
        for card, yes in card_reaches(position, target, board).items():
            reached[card] = reached.get(card, 0) + (yes == aim.wants_more)
    top = max(reached.values())
    tied = [card for card, met in reached.items() if met == top]
    expected: dict[Card, float] = {}
    if len(tied) > 1:
        sums = dict.fromkeys(tied, 0)
        some = positions[:TIE_LAYOUTS]
        for position in some:
            for card, tricks in card_values(position, board, tied).items():
                sums[card] += tricks
        expected = {card: total / len(some) for card, total in sums.items()}
    sign = 1 if aim.wants_more else -1
    judged = [CardChance(card, met / count, expected.get(card)) for card, met in reached.items()]
    judged.sort(key=lambda c: (-c.chance, -sign * (c.expected or 0.0), c.card.index))
    return Judgement(tuple(judged), count, exact)
