"""How the missing cards of a suit split between the two opponents (spec §10).

In Betel a player sees 10 cards and the 2 dubel cards; the other 20 are split 10–10. With m
cards of a suit missing, P(a–b) = C(m,a)·C(20−m,10−a)/C(20,10), doubled when a ≠ b. The
article printed the bridge table (26 unknown cards, 13–13) instead; :func:`split_table` with
``unknown=26`` reproduces it.

>>> [f"{s.name} {s.percent:.2f}" for s in split_table(4)]
['0-4 8.67', '1-3 49.54', '2-2 41.80']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from betel_tutor.errors import BetelError, NotationError


@dataclass(frozen=True, slots=True)
class Split:
    """An a–b split (a ≤ b, either opponent may hold the a) and its exact probability."""

    short: int
    long: int
    probability: Fraction

    @property
    def name(self) -> str:
        return f"{self.short}-{self.long}"

    @property
    def percent(self) -> float:
        return float(self.probability * 100)


SUIT_SIZE = 8  # cards of a suit in the Betel deck


def split_table(
    hold: int, dubel: int = 0, *, suit_size: int = SUIT_SIZE, unknown: int = 20
) -> list[Split]:
    """Splits of the missing cards of a suit of which you hold ``hold`` and the dubel shows
    ``dubel``. Defaults are Betel's (8 cards a suit, 20 unknown cards dealt 10–10); for bridge
    use ``suit_size=13, unknown=26``."""
    missing = suit_size - hold - dubel
    if hold < 0 or dubel < 0 or missing < 0 or unknown % 2 or missing > unknown:
        raise BetelError("odds.no_such_holding", n=hold, dubel=dubel, size=suit_size)
    each = unknown // 2
    total = comb(unknown, each)
    splits = []
    for short in range(missing // 2 + 1):
        long = missing - short
        ways = comb(missing, short) * comb(unknown - missing, each - short)
        if short != long:
            ways *= 2
        splits.append(Split(short, long, Fraction(ways, total)))
    return splits


def split_percent(hold: int, dubel: int, split: str, *, discarded: bool = False) -> float:
    """The percentage of one split, given as ``"a-b"`` in either order; with ``discarded``,
    after an opponent's discard that you took (:func:`after_discard`)."""
    parts = split.replace("–", "-").split("-")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        raise NotationError("odds.bad_split", token=split, position=0)
    short, long = sorted(int(part) for part in parts)
    table = after_discard(hold) if discarded else split_table(hold, dubel)
    for entry in table:
        if (entry.short, entry.long) == (short, long):
            return entry.percent
    raise BetelError("odds.no_such_split", split=split, n=table[0].short + table[0].long)


def after_discard(hold: int, *, keep_guarded: Fraction = Fraction(1, 10)) -> list[Split]:
    """The splits after an opponent discarded a card of the suit to the dubel and you took it.

    The article's example (spec §10): the discard tells something. Model: a player whose
    holding in the suit is a singleton discards it when they discard in that suit; a player
    with two or more cards of the suit discards one only with probability ``keep_guarded``
    relative to that (they would rather keep a guarded honour). ``hold`` counts your cards
    *before* taking the discarded one. The result is the posterior over the splits of the
    cards still missing (one fewer than before), by Bayes' rule.
    """
    prior = split_table(hold)
    if prior[0].short + prior[0].long == 0:  # no card of the suit out: nobody could discard one
        raise BetelError("odds.no_discard", hold=hold, n=SUIT_SIZE)
    weights: dict[tuple[int, int], Fraction] = {}
    for split in prior:
        for discarder, other in ((split.short, split.long), (split.long, split.short)):
            if discarder == 0:
                continue
            likelihood = Fraction(1) if discarder == 1 else keep_guarded
            # Each of the two opponents is the discarder in half of the split's probability.
            share = split.probability / 2
            after = tuple(sorted((discarder - 1, other)))
            key = (after[0], after[1])
            weights[key] = weights.get(key, Fraction(0)) + share * likelihood
    total = sum(weights.values())
    return [Split(a, b, weight / total) for (a, b), weight in sorted(weights.items())]
