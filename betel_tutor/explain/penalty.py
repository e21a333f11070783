"""``explain legal`` for bridge with penalty cards (Law 50, 51): which cards the defender may
play, or which the declarer may designate among, or what the partner may lead."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from betel_tutor.cards import Card, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.explain.steps import Explanation, Step, cards_json, check_cards
from betel_tutor.penalty import (
    DeclarerOption,
    Penalties,
    apply_option,
    defender_legal,
    defender_refusal,
    lead_legal,
    lead_refusal,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyLegalExplanation(Explanation):
    """The ``legal`` cards (or, with ``designate``, the cards the declarer designates among),
    the ``refused`` ones with the law that forbids each, and the ``role``: "defender" (the
    penalty cards are in the hand) or "partner" (the partner of that defender leads)."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    penalty_cards: tuple[Card, ...]
    minor: tuple[Card, ...]
    role: str
    option: DeclarerOption | None
    legal: tuple[Card, ...]
    designate: bool
    law: str | None
    refused: tuple[tuple[Card, str, str | None], ...]

    def _facts(self) -> dict[str, Any]:
        return {
            "legal": cards_json(self.legal),
            "designate": self.designate,
            "law": self.law,
            "role": self.role,
            "option": None if self.option is None else str(self.option),
            "refused": [
                {"card": str(card), "reason": reason, "law": law}
                for card, reason, law in self.refused
            ],
            "hand": cards_json(self.hand),
            "trick": cards_json(self.trick),
            "penalty_cards": cards_json(self.penalty_cards),
            "minor": cards_json(self.minor),
            "game": "bridge",
        }


def explain_penalty_legal(
    hand: Sequence[Card],
    trick: Sequence[Card] = (),
    *,
    penalty_cards: Sequence[Card],
    minor: Sequence[Card] = (),
    option: DeclarerOption | None = None,
) -> PenaltyLegalExplanation:
    """The cards that may be played under Law 50/51.

    Penalty cards in ``hand``: the defender's play (Law 50C, 50D1, 51A). Penalty cards not in
    ``hand`` and an empty ``trick``: the partner's lead, under the declarer's ``option``
    (Law 50D2, 51B; 59 when the leader cannot comply).

    >>> from betel_tutor.cards import parse_cards as p
    >>> why = explain_penalty_legal(p("♠K3 ♥K2"), penalty_cards=p("♠K ♥K"))
    >>> why.to_json()["legal"], why.designate, why.law
    (['♠K', '♥K'], True, '51A')
    """
    hand_cards, trick_cards = tuple(hand), tuple(trick)
    if not hand_cards or len(hand_cards) > 13:
        raise BetelError("explain.bridge_hand_size", count=len(hand_cards))
    if len(trick_cards) > 3:
        raise BetelError("explain.bridge_trick_full", count=len(trick_cards))
    check_cards(tuple(penalty_cards), betel=False)  # a penalty card named twice
    check_cards(tuple(minor), betel=False)
    pens = Penalties.of(penalty_cards, minor=minor)
    in_hand = [card for card in pens.cards if card in hand_cards]
    check_cards(hand_cards + trick_cards, betel=False)
    steps = []
    if pens.major:
        steps.append(Step.of("explain.penalty_major", cards=sort_cards(pens.major)))
    if pens.minor:
        steps.append(Step.of("explain.penalty_minor", cards=sort_cards(pens.minor)))
    refused: list[tuple[Card, str, str | None]] = []
    law: str | None
    if in_hand or (option is None and trick_cards):
        for card in pens.cards:
            if card not in hand_cards:
                raise BetelError("penalty.not_in_hand", law="50A", card=card)
        if option is not None:
            raise BetelError("penalty.partner_has_cards", law="51B", card=in_hand[0])
        result = defender_legal(hand_cards, trick_cards, pens)
        role = "defender"
        if result.designate:
            steps.append(Step.of("explain.penalty_designate", law="51A", cards=result.legal))
        elif result.law == "50D1":
            steps.append(Step.of("explain.penalty_must_major", law="50D1", cards=result.legal))
        elif result.law == "50C":
            steps.append(Step.of("explain.penalty_minor_bar", law="50C"))
        elif pens:  # said only when penalty cards were given
            steps.append(Step.of("explain.penalty_no_rule"))
        for card in sort_cards(hand_cards):
            problem = defender_refusal(
                hand_cards,
                trick_cards,
                card,
                pens,
                designated=next(iter(sort_cards(result.legal))) if result.designate else None,
            )
            if problem is not None and not result.designate:
                steps.append(Step.from_error(problem))
                refused.append((card, problem.reason, problem.law))
            elif result.designate and card not in result.legal:
                refused.append((card, "designate_not_legal", "51A"))
        legal, designate, law = result.legal, result.designate, result.law
    else:
        role = "partner"
        if trick_cards:
            raise BetelError("penalty.option_needs_lead", law="51B")
        if option is None:
            if pens.major:
                steps.append(Step.of("explain.penalty_options", options=_options(pens)))
            outcome = lead_legal(hand_cards, None)
            law = "50D2" if pens.major else None
        else:
            _left, rule = apply_option(pens, option)
            steps.append(Step.of("explain.penalty_option", law=rule.law, option=_worded(option)))
            outcome = lead_legal(hand_cards, rule)
            law = outcome.law
            if outcome.law == "59":
                steps.append(Step.of("explain.penalty_cannot_comply", law="59"))
            for card in sort_cards(hand_cards):
                problem = lead_refusal(hand_cards, card, rule)
                if problem is not None:
                    steps.append(Step.from_error(problem))
                    refused.append((card, problem.reason, problem.law))
        legal, designate = outcome.legal, False
    ordered = tuple(sort_cards(legal))
    steps.append(Step.of("explain.legal", cards=ordered))
    return PenaltyLegalExplanation(
        steps=tuple(steps),
        hand=hand_cards,
        trick=trick_cards,
        penalty_cards=tuple(sort_cards(pens.cards)),
        minor=tuple(sort_cards(pens.minor)),
        role=role,
        option=option,
        legal=ordered,
        designate=designate,
        law=law,
        refused=tuple(refused),
    )


def _worded(option: DeclarerOption) -> Step:
    from betel_tutor.penalty import suit_order

    suits = tuple(sorted(option.suits, key=suit_order))
    return Step.of(f"explain.option_{option.kind}", suits=suits)


def _options(pens: Penalties) -> tuple[Step, ...]:
    """Every option the declarer has (:func:`betel_tutor.penalty.declarer_options`): each
    suit required, each set of suits forbidden, neither."""
    from betel_tutor.penalty import declarer_options, suit_order

    words = []
    for option in declarer_options(pens):
        suits = tuple(sorted(option.suits, key=suit_order))
        key = f"explain.option_{option.kind}"
        words.append(Step.of(key, suits=suits) if suits else Step.of(key))
    return tuple(words)
