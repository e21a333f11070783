"""Which cards may be played, and why the others may not (rules 5–8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from betel_tutor.cards import Card, Suit, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.explain.steps import (
    Explanation,
    Step,
    cards_json,
    check_cards,
    highest,
    trump_json,
    trumps_step,
)
from betel_tutor.rules import TrumpArg, as_trump, legal_plays, refusal

# -- the legal cards -----------------------------------------------------------------------


class Refusal(NamedTuple):
    """A card of the hand that may not be played, and the rule that forbids it."""

    card: Card
    reason: str
    rule: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalExplanation(Explanation):
    """The ``legal`` cards of ``hand`` for ``trick``, the ``refused`` ones, and why."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit | None
    betel_defender: bool
    legal: tuple[Card, ...]
    refused: tuple[Refusal, ...]
    obligation: str
    """The obligation that binds: "none", "follow", "beat", "ruff" or "overruff"."""

    def _facts(self) -> dict[str, Any]:
        return {
            "legal": cards_json(self.legal),
            "refused": [
                {"card": str(r.card), "reason": r.reason, "rule": r.rule} for r in self.refused
            ],
            "obligation": self.obligation,
            "hand": cards_json(self.hand),
            "trick": cards_json(self.trick),
            "trump": trump_json(self.trump),
            "betel_defender": self.betel_defender,
        }


def explain_legal(
    hand: Sequence[Card],
    trick: Sequence[Card] = (),
    *,
    trump: TrumpArg = None,
    betel_defender: bool = False,
) -> LegalExplanation:
    """Which cards of ``hand`` may be played to ``trick`` (0–2 cards of a Betel trick), and why.

    The steps name the obligation that applies (rules 5–8), the legal cards, and for each
    refused card the reason. ``betel_defender``: a defender in Betel, free to not beat (rule 8).

    >>> from betel_tutor.cards import parse_cards
    >>> why = explain_legal(parse_cards("♥AK8 ♠7"), parse_cards("♥Q"), trump="♠")
    >>> why.to_json()["legal"], why.obligation
    (['♥A', '♥K'], 'beat')
    """
    hand_cards, trick_cards = tuple(hand), tuple(trick)
    if not hand_cards or len(hand_cards) > 10:
        raise BetelError("explain.hand_size", count=len(hand_cards))
    if len(trick_cards) > 2:
        raise BetelError("explain.trick_full", count=len(trick_cards))
    check_cards(hand_cards + trick_cards, betel=True)
    trump_suit = as_trump(trump)
    if betel_defender and trump_suit is not None:
        raise BetelError("explain.betel_no_trump", trump=trump_suit)
    beat = not betel_defender
    steps, obligation = _obligations(hand_cards, trick_cards, trump_suit, beat=beat)
    legal = tuple(
        sort_cards(legal_plays(hand_cards, trick_cards, trump=trump_suit, beat_obligation=beat))
    )
    steps.append(Step.of("explain.legal", cards=legal))
    refused = []
    for card in sort_cards(hand_cards):
        problem = refusal(hand_cards, trick_cards, card, trump=trump_suit, beat_obligation=beat)
        if problem is not None:
            steps.append(Step.from_error(problem))
            refused.append(Refusal(card, problem.reason, problem.rule))
    return LegalExplanation(
        steps=tuple(steps),
        hand=hand_cards,
        trick=trick_cards,
        trump=trump_suit,
        betel_defender=betel_defender,
        legal=legal,
        refused=tuple(refused),
        obligation=obligation,
    )


def _obligations(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, *, beat: bool
) -> tuple[list[Step], str]:
    """Spec §5 in order: follow (rule 5), beat (rule 7), ruff (rule 6), overruff, anything."""
    if not trick:
        return [Step.of("explain.legal_lead")], "none"
    led = trick[0].suit
    steps = [Step.of("explain.legal_led", card=trick[0], led=led), trumps_step(trump)]
    following = sort_cards(card for card in hand if card.suit is led)
    if following:
        steps.append(Step.of("explain.legal_follow", rule=5, led=led, cards=following))
        ruff = highest(trick, trump) if led is not trump else None
        top = highest(trick, led)
        assert top is not None  # the led card is in the trick
        higher = [card for card in following if card.rank > top.rank]
        if not beat:
            steps.append(Step.of("explain.legal_defender_free", rule=8, led=led))
        elif ruff is not None:
            steps.append(Step.of("explain.legal_ruffed", top=ruff, led=led))
        elif higher:
            steps.append(Step.of("explain.legal_beat", rule=7, top=top, cards=higher))
            return steps, "beat"
        else:
            steps.append(Step.of("explain.legal_cannot_beat", top=top, led=led))
        return steps, "follow"
    trumps = sort_cards(card for card in hand if card.suit is trump)
    if trump is None:
        steps.append(Step.of("explain.legal_void_no_trumps", led=led))
        return steps, "none"
    if not trumps:
        key = "explain.legal_void_trump_led" if led is trump else "explain.legal_void_no_trump_held"
        steps.append(Step.of(key, led=led, trump=trump))
        return steps, "none"
    steps.append(Step.of("explain.legal_ruff", rule=6, led=led, cards=trumps))
    top = highest(trick, trump)
    if top is None:
        return steps, "ruff"
    over = [card for card in trumps if card.rank > top.rank]
    if over:
        steps.append(Step.of("explain.legal_overruff", rule=7, top=top, cards=over))
        return steps, "overruff"
    steps.append(Step.of("explain.legal_cannot_overruff", top=top))
    return steps, "ruff"
