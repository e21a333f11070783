"""A deal just played, written as a practice scenario file that ``betel-tutor check`` accepts."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.auction import Call
from betel_tutor.cards import Card
from betel_tutor.contracts import Contract
from betel_tutor.resources import data_dir
from betel_tutor.scenario.model import DealSpec, Note, Scenario, Text, TradeSpec
from betel_tutor.scenario.writer import Comments, dump
from betel_tutor.seats import Seat
from betel_tutor.trade.notation import parse_offer


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


def played_scenario(deal: PlayedDeal, *, ident: str) -> Scenario:
    """The deal as a practice scenario of one deal, ``played``."""
    notes = tuple(
        # The learner wrote each note once, in their language; it stands for both languages.
        Note(f"learner-{number}", 1, "after", Text(note, note))
        for number, note in enumerate(deal.notes, 1)
    )
    trades = tuple(
        TradeSpec(after, parse_offer(offer), offer, answer) for after, offer, answer in deal.trades
    )
    scripted = deal.calls is not None
    spec = DealSpec(
        id="played",
        dealer=Seat(deal.dealer),
        hands=deal.hands,
        dubel=deal.dubel,
        first_exchange=deal.first_exchange,
        auction=tuple(map(str, deal.calls)) if deal.calls is not None else None,
        contract=None if scripted else deal.contract,
        declarer=None if scripted or deal.declarer is None else Seat(deal.declarer),
        trump=None if scripted else deal.trump,
        play=deal.play,
        trades=trades,
        notes=notes,
    )
    title = Text(
        f"Level {deal.level}, deal {deal.step_deal}, as played",
        f"Poziom {deal.level}, rozdanie {deal.step_deal}, tak jak rozegrane",
    )
    return Scenario("", "practice", ident, title, deals=(spec,))


def deal_to_yaml(deal: PlayedDeal, *, ident: str) -> str:
    """The deal as a practice scenario (YAML text)."""
    schema = data_dir("scenarios") / "scenario.schema.json"
    head = (f"yaml-language-server: $schema={schema}",)
    return dump(played_scenario(deal, ident=ident), comments=Comments(head=head))
