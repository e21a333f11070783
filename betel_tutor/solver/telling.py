"""What about a layout of the unseen cards decided a card's fate: the fact that sets the layouts
where a card fails apart from those where it succeeds.

A *fact* is something the player could not see but could have guessed at: which of the two other
players held a given card, or how many cards of a suit one of them held. Among the facts true of
a given layout, the telling one is the one most often found with the failures (its
*precision*: of the layouts with that fact, the share where the card fails, counted as if one
more failed and one more succeeded, so that a fact seen in few layouts does not win by chance),
then found in most of them; a fact no more often with the failures than the layouts as a whole
tells nothing, and none is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from betel_tutor.cards import Card, Suit
from betel_tutor.play import PlayState
from betel_tutor.solver.single_dummy import Judgement


@dataclass(frozen=True, slots=True)
class Fact:
    """``seat`` held ``card``; or, ``card`` None, ``seat`` held ``count`` cards of ``suit``."""

    seat: int
    card: Card | None = None
    suit: Suit | None = None
    count: int = 0


def facts(position: PlayState, seats: Sequence[int]) -> frozenset[Fact]:
    """Every fact true of the hands of ``seats`` in ``position``."""
    found: set[Fact] = set()
    for seat in seats:
        hand = position.hands[seat]
        found.update(Fact(seat, card=card) for card in hand)
        for suit in Suit:
            found.add(Fact(seat, suit=suit, count=sum(card.suit == suit for card in hand)))
    return frozenset(found)


def telling(
    positions: Sequence[PlayState],
    fails: Sequence[bool],
    among: frozenset[Fact],
    seats: Sequence[int],
) -> Fact | None:
    """Of the facts ``among``, the one that best sets the ``positions`` where the card ``fails``
    apart from the others; None when none is found more often with the failures than without."""
    known = [facts(position, seats) for position in positions]
    base = sum(fails) / len(fails) if fails else 0.0

    def score(fact: Fact) -> tuple[float, int, bool, int, int, int, int]:
        hits = [failed for found, failed in zip(known, fails, strict=True) if fact in found]
        # One failure more and one success more than counted: a fact seen in two layouts,
        # both failures, tells less than one seen in forty with a single success.
        precision = (sum(hits) + 1) / (len(hits) + 2)
        # A named card reads more plainly than a count; a higher card before a lower one; and
        # of two ways of saying one split, the first seat's, so the same layouts always get
        # the same words.
        rank = -fact.card.index if fact.card is not None else 0
        suit = -fact.suit.order if fact.suit is not None else 0
        return precision, sum(hits), fact.card is not None, rank, -fact.seat, suit, -fact.count

    ranked = sorted(among, key=score, reverse=True)
    if not ranked or score(ranked[0])[0] <= base:
        return None
    return ranked[0]


def others(state: PlayState) -> list[int]:
    """The seats whose hands the player to move in ``state`` cannot see."""
    return [seat for seat in state.profile.table if seat != state.to_play]


def beaten_by(state: PlayState, judged: Judgement, card: Card) -> Fact | None:
    """Why ``card``, played in ``state`` by the player to move (the cards as dealt), missed the
    aim ``judged`` judged it by: the fact of the hidden hands that sets this layout apart from
    those where it succeeds, over the layouts of that judgement."""
    seats = others(state)
    fails = [not met[card] for met in judged.met]
    return telling(judged.positions, fails, facts(state, seats), seats)


def punishing_with_fact(
    state: PlayState, judged: Judgement, card: Card, better: Card
) -> tuple[PlayState, Fact | None] | None:
    """A layout of ``judged`` (the player to move's layouts in ``state``) in which ``card``
    misses the aim and ``better`` meets it, with the fact about it that makes ``card`` fail
    (one not true of the cards as dealt, where it came off); None when there is no such
    layout. The layout shown is the first, in the order of :func:`layouts`, that has the
    fact."""
    positions, met = judged.positions, judged.met
    punishing = [i for i, m in enumerate(met) if not m[card] and m[better]]
    if not punishing:
        return None
    seats = others(state)
    fails = [not m[card] for m in met]
    candidates = frozenset().union(*(facts(positions[i], seats) for i in punishing))
    fact = telling(positions, fails, candidates - facts(state, seats), seats)
    if fact is None:
        return positions[punishing[0]], None
    shown = next((i for i in punishing if fact in facts(positions[i], seats)), punishing[0])
    return positions[shown], fact
