"""endplay's boards as ours: the hands, and the auction, contract, play and result in our
words, shared by the PBN and the LIN readers."""

from __future__ import annotations

from typing import Any

from betel_tutor.bridge.auction import BridgeAuction
from betel_tutor.bridge.dd import PBN_SUITS
from betel_tutor.cards import Card, parse_cards, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.rules import trick_winner
from betel_tutor.seats import Seat


def cards_of(endplay_deal: Any) -> tuple[tuple[Card, ...], ...]:
    """Our hands (N E S W) from an endplay deal, through its PBN text."""
    first, _, rest = endplay_deal.to_pbn().partition(":")
    start = Seat.parse(first, 4)
    hands: list[tuple[Card, ...]] = [()] * 4
    for offset, text in enumerate(rest.split()):
        cards = []
        for suit, ranks in zip(PBN_SUITS, text.split("."), strict=True):
            cards.extend(parse_cards(suit.symbol + ranks) if ranks else [])
        hands[start.next(offset)] = tuple(sort_cards(cards))
    return tuple(hands)


def whole(hands: tuple[tuple[Card, ...], ...]) -> bool:
    every = [card for hand in hands for card in hand]
    return all(len(hand) == 13 for hand in hands) and len(set(every)) == 52


_STRAIN_OF_DENOM = ("♠", "♥", "♦", "♣", "NT")
_DOUBLED_OF_PENALTY = {1: 0, 2: 1, 4: 2}


def play_fields(board: Any, dealer: Seat, tags: dict[str, tuple[str, int]]) -> dict[str, Any]:
    """An endplay board's auction (our calls), contract, declarer, play and result; what the
    file does not say is derived from a finished auction, or left out."""
    calls: list[str] = []
    for bid in board.auction or ():
        if hasattr(bid, "level"):
            calls.append(f"{int(bid.level)}{_STRAIN_OF_DENOM[int(bid.denom)]}")
        else:
            calls.append(("pass", "kontra", "rekontra")[_DOUBLED_OF_PENALTY[int(bid.penalty)]])
    out: dict[str, Any] = {"auction": tuple(calls)}
    alerts = tuple(
        (number, (bid.announcement or "").strip())
        for number, bid in enumerate(board.auction or (), 1)
        if getattr(bid, "alertable", False) or getattr(bid, "announcement", None)
    )
    if alerts:  # PBN's ``=1=`` after a call and its ``[Note "1:…"]``, as endplay joins them
        out["alerts"] = alerts
    contract = board.contract
    if contract is not None and int(contract.level) == 0:
        out["contract"] = "pass"
    elif contract is not None:
        out["contract"] = f"{int(contract.level)}{_STRAIN_OF_DENOM[int(contract.denom)]}"
        out["doubled"] = _DOUBLED_OF_PENALTY.get(int(contract.penalty), 0)
        out["declarer"] = Seat(int(contract.declarer), 4)
    elif calls:
        out |= from_auction(calls, dealer)
    out["play"] = tuple(
        parse_cards(PBN_SUITS[int(card.suit)].symbol + card.rank.abbr)[0]
        for card in board.play or ()
    )
    if contract is not None and int(contract.level) > 0:
        written = tags.get("result", ("", 0))[0].strip()
        # A written result (LIN's claim, ``mc|11|``, is one) is the declarer's tricks; else a
        # complete play's, counted here (endplay counts those of the opening leader's side).
        if written.isdigit() and contract.result is not None:
            out["result"] = int(contract.level) + 6 + int(contract.result)
        elif len(out["play"]) == 4 * BRIDGE_TRICKS:
            out["result"] = declarer_tricks(out["play"], out["declarer"], out["contract"])
    return out


BRIDGE_TRICKS = 13


def declarer_tricks(play: tuple[Card, ...], declarer: Seat, contract: str) -> int:
    """The tricks the declarer's side takes in ``play`` (whole tricks), the declarer's left-hand
    opponent leading the first (Law 41) and each trick's winner the next (Law 44)."""
    strain = contract[1:]
    trump = None if strain == "NT" else strain
    leader, taken = declarer.next(), 0
    for start in range(0, len(play) - len(play) % 4, 4):
        winner = leader.next(trick_winner(play[start : start + 4], trump=trump))
        taken += winner in (declarer, declarer.next(2))
        leader = winner
    return taken


def from_auction(calls: list[str], dealer: Seat) -> dict[str, Any]:
    """The contract, doubling and declarer a finished auction ends in (nothing if it is not
    finished or cannot be followed)."""
    auction = BridgeAuction(dealer=int(dealer))
    try:
        for call in calls:
            auction.call(call)
    except BetelError:
        return {}
    if not auction.finished:
        return {}
    if auction.contract is None:
        return {"contract": "pass"}
    return {"contract": auction.contract, "doubled": auction.doubled, "declarer": auction.declarer}
