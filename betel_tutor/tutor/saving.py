"""A deal just played, written as a practice scenario file that ``betel-tutor check`` accepts."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.auction import Call
from betel_tutor.cards import Card, format_cards, format_hand
from betel_tutor.contracts import Contract
from betel_tutor.resources import data_dir
from betel_tutor.seats import Seat


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """Everything needed to replay a deal: the cards dealt, the auction or contract, the play."""

    level: int
    step_deal: str
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    dubel: tuple[Card, ...]
    calls: tuple[Call, ...] | None
    contract: Contract | None
    declarer: int | None
    trump: str | None
    play: tuple[Card, ...]
    notes: tuple[str, ...] = ()  # typed by the learner after the deal
    first_exchange: tuple[int, ...] | None = None  # bids from the dealer (rules 9–10)
    trades: tuple[tuple[int, str, str], ...] = ()  # (moves before it, offer, answer)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def deal_to_yaml(deal: PlayedDeal, *, ident: str) -> str:
    """The deal as a practice scenario (YAML text)."""
    schema = data_dir("scenarios") / "scenario.schema.json"
    lines = [
        f"# yaml-language-server: $schema={schema}",
        "kind: practice",
        f"id: {_quote(ident)}",
        "title:",
        f"  en: {_quote(f'Level {deal.level}, deal {deal.step_deal}, as played')}",
        f"  pl: {_quote(f'Poziom {deal.level}, rozdanie {deal.step_deal}, tak jak rozegrane')}",
        "deals:",
        "  - id: played",
        f"    dealer: {Seat(deal.dealer).letter}",
        "    hands:",
    ]
    for seat, hand in enumerate(deal.hands):
        lines.append(f"      {Seat(seat).letter}: {format_hand(hand)}")
    if deal.dubel:
        lines.append(f"    dubel: {format_cards(deal.dubel)}")
    if deal.first_exchange is not None:
        lines.append(f"    first_exchange: [{', '.join(map(str, deal.first_exchange))}]")
    if deal.calls is not None:
        lines.append(f"    auction: {_quote(' '.join(map(str, deal.calls)))}")
    else:
        if deal.contract is not None:
            lines.append(f"    contract: {_quote(str(deal.contract))}")
        if deal.declarer is not None:
            lines.append(f"    declarer: {Seat(deal.declarer).letter}")
        if deal.trump is not None:
            lines.append(f"    trump: {deal.trump}")
    if deal.play:
        lines.append(f"    play: {format_cards(deal.play)}")
    if deal.trades:
        lines.append("    trades:")
        for after, offer, answer in deal.trades:
            lines.append(
                f"      - {{after: {after}, offer: {_quote(offer)}, answer: {_quote(answer)}}}"
            )
    if deal.notes:
        # The learner wrote each note once, in their language; it stands for both languages.
        lines.append("    notes:")
        for number, note in enumerate(deal.notes, 1):
            lines += [
                f'      - id: "learner-{number}"',
                "        version: 1",
                "        category: after",
                f"        en: {_quote(note)}",
                f"        pl: {_quote(note)}",
            ]
    return "\n".join(lines) + "\n"
