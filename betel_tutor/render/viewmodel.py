"""What a deal sheet shows, worked out in Python so that the template only loops and prints."""

from __future__ import annotations

from dataclasses import dataclass, field

from betel_tutor import i18n
from betel_tutor.cards import Card, Suit, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.markup import render_note
from betel_tutor.profiles import profile
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, Scenario
from betel_tutor.seats import Seat

_SUIT_CLASS = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


@dataclass(frozen=True)
class SuitLine:
    symbol: str
    css: str
    ranks: str


@dataclass(frozen=True)
class HandView:
    seat: str
    position: str  # where it sits on the diagram: south, west, north, east
    suits: list[SuitLine]


@dataclass(frozen=True)
class TrickView:
    number: int
    leader: str
    cards: list[tuple[str, str, bool]]  # (seat, card, wins)


@dataclass(frozen=True)
class NoteView:
    category: str
    html: str  # already safe: rendered by betel_tutor.markup


@dataclass(frozen=True)
class DealView:
    title: str
    dealer: str
    contract: str
    hands: list[HandView]
    dubel: list[str]
    tricks: list[TrickView]
    notes: list[NoteView]
    labels: dict[str, str] = field(default_factory=dict)


def _suits(cards: tuple[Card, ...] | frozenset[Card], lang: str) -> list[SuitLine]:
    lines = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = [c.rank.localized(lang) for c in sort_cards(c for c in cards if c.suit is suit)]
        lines.append(SuitLine(suit.symbol, _SUIT_CLASS[suit], " ".join(ranks) or "—"))
    return lines


def _labels(lang: str) -> dict[str, str]:
    keys = ("dealer", "contract", "dubel", "play", "trick", "leader", "notes", "no_contract")
    return {key: i18n.translate(f"render.{key}", lang) for key in keys}


def deal_view(scenario: Scenario, deal: DealSpec, *, lang: str, sheet: str) -> DealView:
    """One deal as the sheet shows it; the student sheet hides the other hands and the notes
    written for after the deal."""
    game = profile(deal.variant or deal.game)
    dealt = realize(deal)
    count = game.seats
    positions = ("south", "west", "north") if count == 3 else ("north", "east", "south", "west")
    hands = []
    for seat in range(count):
        cards = dealt.hands[seat]
        hidden = sheet == "student" and count == 3 and seat != 0
        hands.append(
            HandView(
                Seat(seat, count).localized(lang),
                positions[seat],
                [] if hidden else _suits(cards, lang),
            )
        )
    contract = deal.contract or ("—" if deal.auction is None else " ".join(deal.auction))
    try:
        from betel_tutor.contracts import parse_contract

        if deal.contract:
            contract = parse_contract(deal.contract).localized(lang)
    except BetelError:
        pass
    tricks = _tricks(deal, dealt.hands, lang) if sheet == "answers" or deal.play else []
    notes = [
        NoteView(note.category, render_note(note.text.get(lang), lang=lang))
        for note in deal.current_notes()
        if sheet == "answers" or note.category == "before"
    ]
    title = (deal.title or scenario.title).get(lang)
    return DealView(
        title=title,
        dealer=Seat(deal.dealer, count).localized(lang),
        contract=contract,
        hands=hands,
        dubel=[str(c) for c in dealt.dubel],
        tricks=tricks,
        notes=notes,
        labels=_labels(lang),
    )


def _tricks(deal: DealSpec, hands: tuple[tuple[Card, ...], ...], lang: str) -> list[TrickView]:
    """The scripted play, trick by trick, with the winner marked (checked scenarios only)."""
    from betel_tutor.contracts import free_play, parse_contract
    from betel_tutor.play import DealPlay, start_play
    from betel_tutor.rules import as_trump

    game = profile(deal.variant or deal.game)
    if not deal.play or deal.auction is not None:
        return []
    contract = parse_contract(deal.contract) if deal.contract else free_play(as_trump(deal.trump))
    played = DealPlay(start_play(game, hands, contract, declarer=deal.declarer, dealer=deal.dealer))
    for card in deal.play:
        played.play(card)
    views = []
    for number, trick in enumerate(played.state.tricks, 1):
        seats = [(trick.leader + i) % game.seats for i in range(game.seats)]
        views.append(
            TrickView(
                number,
                Seat(trick.leader, game.seats).localized(lang),
                [
                    (Seat(s, game.seats).localized(lang), str(c), s == trick.winner)
                    for s, c in zip(seats, trick.cards, strict=True)
                ],
            )
        )
    return views
