"""A bridge deal's scripted penalty cards (Law 50, 51) as the sheet words them."""

from __future__ import annotations

from betel_tutor import i18n
from betel_tutor.cards import Card
from betel_tutor.explain.steps import Step
from betel_tutor.penalty import parse_option, suit_order
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.script import Replayed


def _cards(cards: tuple[Card, ...], lang: str) -> str:
    return " ".join(card.format(lang=lang) for card in cards)


def penalty_lines(deal: DealSpec, replayed: Replayed | None, lang: str) -> list[str]:
    """One line a scripted penalty step: who exposed which cards, the declarer's option and
    designation, each with its law."""
    if not deal.penalties or replayed is None:
        return []
    lines = []
    for event, law in zip(deal.penalties, replayed.penalty_laws, strict=True):
        number = event.after + 1
        if event.seat is not None:
            major = tuple(card for card in event.expose if card not in event.minor)
            seat = event.seat.localized(lang)
            if major:
                key = "render.penalty_expose_major"
                lines.append(
                    i18n.translate(key, lang, number=number, seat=seat, cards=_cards(major, lang))
                )
            if event.minor:
                key = "render.penalty_expose_minor"
                lines.append(
                    i18n.translate(
                        key, lang, number=number, seat=seat, cards=_cards(event.minor, lang)
                    )
                )
            continue
        if event.option is not None:
            option = parse_option(event.option)
            suits = tuple(sorted(option.suits, key=suit_order))
            chosen = Step.of(f"explain.option_{option.kind}", suits=suits).text(lang)
            text = i18n.translate("render.penalty_option", lang, number=number, option=chosen)
        else:
            assert event.designate is not None
            card = event.designate.format(lang=lang)
            text = i18n.translate("render.penalty_designate", lang, number=number, card=card)
        if law is not None:
            text += i18n.translate("common.law_suffix", lang, law=law)
        lines.append(text)
    return lines
