"""Which card wins a trick, and why (spec §5; the blue suit, boards-and-bridge.md §2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from betel_tutor.cards import Card, Suit
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.explain.steps import (
    Explanation,
    Step,
    cards_json,
    check_cards,
    trump_json,
    trumps_step,
)
from betel_tutor.rules import VARIANTS, TrumpArg, as_trump, trick_winner

# -- a trick -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickExplanation(Explanation):
    """Which card of ``trick`` wins (``winner``, an index; ``card``) and why."""

    trick: tuple[Card, ...]
    trump: Suit | None
    variant: str | None
    winner: int

    @property
    def card(self) -> Card:
        return self.trick[self.winner]

    def _facts(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "card": str(self.card),
            "trick": cards_json(self.trick),
            "trump": trump_json(self.trump),
            "variant": self.variant,
            "game": "betel" if len(self.trick) == 3 else "bridge",
        }


def explain_trick(
    trick: Sequence[Card], *, trump: TrumpArg = None, variant: str | None = None
) -> TrickExplanation:
    """Which card wins a full trick and why: 3 cards (Betel) or 4 (bridge), card by card.

    >>> from betel_tutor.cards import parse_cards
    >>> why = explain_trick(parse_cards("♠A ♣2 ♦2 ♥2"), trump="♠", variant="blue-suit")
    >>> why.to_json()["card"]
    '♣2'
    >>> why.lines()[4]
    '♣2 is a club, the blue suit: it beats the winning trump ♠A'
    """
    cards = tuple(trick)
    if len(cards) not in (3, 4):
        raise BetelError("explain.trick_size", count=len(cards))
    blue_suit = variant in VARIANTS  # the one variant: clubs are the blue suit
    if blue_suit and len(cards) != 4:  # boards-and-bridge.md §2: a bridge board
        raise BetelError("explain.blue_suit_bridge")
    check_cards(cards, betel=len(cards) == 3)
    trump_suit = as_trump(trump)
    if variant is not None and variant not in VARIANTS:
        raise NotationError("rules.bad_variant", token=variant, position=0)
    led = cards[0].suit
    steps = [Step.of("explain.trick_betel" if len(cards) == 3 else "explain.trick_bridge")]
    steps.append(trumps_step(trump_suit))
    blue = False
    if blue_suit:
        if trump_suit is None or trump_suit is Suit.CLUBS:
            raise BetelError("explain.blue_suit_trump")
        blue = led is trump_suit
        steps.append(Step.of("explain.blue_on" if blue else "explain.blue_off", led=led))
    steps.append(Step.of("explain.leads", card=cards[0], led=led))
    best = 0
    for index in range(1, len(cards)):
        key, beats = _compare(cards[index], cards[best], trump_suit, blue=blue)
        steps.append(Step.of(key, card=cards[index], winner=cards[best], led=led))
        if beats:
            best = index
    winner = trick_winner(cards, trump=trump_suit, variant="blue-suit" if variant else None)
    steps.append(Step.of("explain.wins", card=cards[winner], position=winner + 1))
    return TrickExplanation(
        steps=tuple(steps), trick=cards, trump=trump_suit, variant=variant, winner=winner
    )


def _compare(card: Card, best: Card, trump: Suit | None, *, blue: bool) -> tuple[str, bool]:
    """Whether ``card`` takes over from the card winning so far, and the key saying why."""
    if blue:  # trumps were led: clubs are a second trump (boards-and-bridge.md §2)
        if best.suit is trump and card.suit is Suit.CLUBS:
            return "explain.blue_club_beats_trump", True
        if best.suit is Suit.CLUBS and card.suit is trump:
            return "explain.blue_trump_beats_club", True
        if best.suit is Suit.CLUBS and card.suit is Suit.CLUBS:
            return "explain.blue_club_on_club", False
    if card.suit is best.suit:
        higher = card.rank > best.rank
        return ("explain.beats" if higher else "explain.lower"), higher
    if card.suit is trump:
        return "explain.ruffs", True
    if best.suit is trump:
        return "explain.under_trump", False
    return ("explain.discard_no_trump" if trump is None else "explain.discard"), False
