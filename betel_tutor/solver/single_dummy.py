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
layout.

The auction limits the layouts too: a computer player's calls are a function of its hand, so a
layout in which it would not have made the calls it made is not one the player could face. The
caller says how far a layout is from fitting the auction (``misfit``: 0 when each computer
player's hand there makes the calls it made, more the further its hands are from them). When
the layouts are few (:data:`BUDGET`) every one is tried and those that fit are kept: late in
a deal the auction and the play may leave only a handful. Else the seeded draws come first,
those that fit kept; and since a declaration fits few random layouts, a walk goes on from the
draw that fits best, trying to swap one free card between the two hands at a time, taking each
swap that brings it no further from fitting and keeping every fitting layout it comes upon — a
walk of at most :data:`STEPS` steps, seeded like the draws, so that the layouts still depend on
what the player has seen and nothing else. Fitting layouts found so are close to one another,
so the quoted margin is looser than with independent draws. When fewer than :data:`FEWEST`
fit, the auction is left aside, the layouts are those of the play alone, and
:attr:`Drawn.narrowed` says so, so that nothing claims the auction was counted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, islice
from math import comb, inf
from typing import NamedTuple

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
FEWEST = 48  # of SAMPLES drawn layouts, how many must fit the auction for it to narrow them
BUDGET = 3000  # up to this many layouts, every one is tried against the auction
STEPS = 512  # the longest walk among the layouts for those that fit the auction


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
    over: how many, and whether they were all of them; and the layouts themselves, with
    whether each card met the aim in each (:func:`outcomes`), for the review's questions
    about a card's failures (:mod:`betel_tutor.solver.telling`)."""

    cards: tuple[CardChance, ...]
    layouts: int
    exact: bool
    narrowed: bool = False  # the layouts were those that fit the computer players' calls
    positions: tuple[PlayState, ...] = field(default=(), compare=False, repr=False)
    met: tuple[Mapping[Card, bool], ...] = field(default=(), compare=False, repr=False)

    def of(self, card: Card) -> CardChance:
        return next(c for c in self.cards if c.card == card)


# The cards each player is known to hold because they took them from the dubel (spec §3).
Held = Mapping[int, frozenset[Card]]
NOTHING_HELD: Held = {}
# How far a layout is from explaining the computer players' calls (0: it fits the auction);
# any figure above the second argument, once it is passed, will do.
Misfit = Callable[[PlayState, float], float]


class Drawn(NamedTuple):
    """The layouts a player could face, whether they are all of them, and whether the auction
    narrowed them (False also when it was left aside: too few layouts fit it)."""

    positions: list[PlayState]
    exact: bool
    narrowed: bool


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
    positions, exact, _ = drawn(state, observer, held)
    return positions, exact


def drawn(
    state: PlayState,
    observer: int,
    held: Held = NOTHING_HELD,
    misfit: Misfit | None = None,
    samples: int = SAMPLES,
) -> Drawn:
    """The layouts of :func:`layouts`, only those that fit the auction (``misfit``) when
    enough of them do (see the module's notes); ``samples`` of them at most where they are
    drawn (and then never fewer than three in four of that that fit the auction)."""
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

    def tried() -> Iterator[tuple[Card, ...]]:
        """Distinct ways of dealing the free cards, drawn in the order seeded by what
        ``observer`` has seen."""
        rng = random.Random(seen_by(state, observer, held))
        seen: set[frozenset[Card]] = set()
        while True:
            chosen = tuple(sorted(rng.sample(free, want), key=lambda c: c.index))
            if frozenset(chosen) not in seen:
                seen.add(frozenset(chosen))
                yield chosen

    if misfit is not None:
        seed = seen_by(state, observer, held)
        fitting = fit_auction(misfit, dealt, (free, want), tried, seed, samples)
        if fitting is not None:
            return fitting
    if total <= EXACT_UP_TO:
        return Drawn([dealt(chosen) for chosen in combinations(free, want)], True, False)
    return Drawn([dealt(chosen) for chosen in islice(tried(), samples)], False, False)


def fit_auction(
    misfit: Misfit,
    dealt: Callable[[tuple[Card, ...]], PlayState],
    split: tuple[list[Card], int],
    tried: Callable[[], Iterator[tuple[Card, ...]]],
    seed: str,
    samples: int = SAMPLES,
) -> Drawn | None:
    """Up to ``samples`` layouts that fit the auction, found as the module's notes say; None
    when too few do. ``dealt`` makes the layout of the free cards chosen for the first hand
    (``split``: the free cards, and how many of them that hand gets), ``tried`` draws them,
    ``seed`` seeds the walk."""
    free, want = split
    every = list(combinations(free, want)) if comb(len(free), want) <= BUDGET else None
    rng = random.Random(seed + "/auction")
    if every is not None:  # every layout tried: these are all that fit
        kept = [p for p in map(dealt, every) if misfit(p, 0.0) == 0]
        if len(kept) > samples:
            picked = sorted(rng.sample(range(len(kept)), samples))
            return Drawn([kept[i] for i in picked], False, True)
        return Drawn(kept, True, True) if kept else None
    found: dict[frozenset[Card], PlayState] = {}
    now: tuple[Card, ...] = ()
    least = inf
    for chosen in islice(tried(), samples):
        missed = misfit(dealt(chosen), least)
        if missed == 0:
            found[frozenset(chosen)] = dealt(chosen)
        if missed < least:
            now, least = chosen, missed
    for _ in range(STEPS):
        if len(found) >= samples:
            break
        out = rng.choice(now)
        into = rng.choice([card for card in free if card not in now])
        chosen = tuple(sorted([*(c for c in now if c != out), into], key=lambda c: c.index))
        missed = misfit(dealt(chosen), least)
        if missed == 0:  # every fitting layout the walk comes upon is kept
            found.setdefault(frozenset(chosen), dealt(chosen))
        if missed <= least:
            now, least = chosen, missed
    if len(found) < FEWEST * samples // SAMPLES:
        return None
    return Drawn(list(found.values())[:samples], False, True)


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
    state: PlayState,
    observer: int,
    aim: Aim,
    board: Board,
    held: Held = NOTHING_HELD,
    misfit: Misfit | None = None,
) -> Judgement:
    """Every legal card of ``observer`` (to move in ``state``) judged over the layouts it
    could face, best first: the highest chance of meeting ``aim``, then the best expected
    tricks for its side, then the card's order. The chance asks one question of each card
    in each layout (does it reach the aim?); the expected tricks, the dearer figure, are
    worked out only for the cards that share the highest chance."""
    assert state.to_play == observer
    positions, exact, narrowed = drawn(state, observer, held, misfit)
    count = len(positions)
    met = outcomes(positions, aim, board)
    reached = {card: sum(each[card] for each in met) for card in met[0]}
    top = max(reached.values())
    tied = [card for card, times in reached.items() if times == top]
    expected: dict[Card, float] = {}
    if len(tied) > 1:
        sums = dict.fromkeys(tied, 0)
        some = positions[:TIE_LAYOUTS]
        for position in some:
            for card, tricks in card_values(position, board, tied).items():
                sums[card] += tricks
        expected = {card: total / len(some) for card, total in sums.items()}
    sign = 1 if aim.wants_more else -1
    judged = [
        CardChance(card, times / count, expected.get(card)) for card, times in reached.items()
    ]
    judged.sort(key=lambda c: (-c.chance, -sign * (c.expected or 0.0), c.card.index))
    return Judgement(tuple(judged), count, exact, narrowed, tuple(positions), tuple(met))


def outcomes(positions: Sequence[PlayState], aim: Aim, board: Board) -> list[dict[Card, bool]]:
    """In each of ``positions``, whether each legal card of the player to move meets ``aim``,
    everybody then playing their best: one null-window search a card."""
    target = aim.threshold if aim.wants_more else aim.threshold + 1
    return [
        {card: yes == aim.wants_more for card, yes in card_reaches(position, target, board).items()}
        for position in positions
    ]
