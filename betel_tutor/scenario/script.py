"""Replaying a deal's scripted auction and play, for the checker and the deal sheets."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.auction import Auction
from betel_tutor.contracts import Contract, free_play, parse_contract
from betel_tutor.errors import BetelError
from betel_tutor.play import DealPlay, start_play
from betel_tutor.profiles import profile
from betel_tutor.rules import as_trump
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec


class ScriptError(Exception):
    """Step ``number`` of the ``part`` ("contract", "auction" or "play") is not allowed."""

    def __init__(self, part: str, number: int, item: str, error: BetelError) -> None:
        super().__init__(f"{part} {number}: {item}")
        self.part, self.number, self.item, self.error = part, number, item, error


@dataclass(frozen=True)
class Replayed:
    contract: Contract
    declarer: int | None
    doubled: bool
    game: DealPlay


def replay(deal: DealSpec) -> Replayed:
    """The deal after its scripted auction (exchanges included) and play, as far as written.

    Raises :class:`ScriptError` at the first step the rules refuse.
    """
    dealt = realize(deal)
    game = profile(deal.variant or deal.game)
    hands = [frozenset(hand) for hand in dealt.hands]
    declarer = deal.declarer
    try:
        contract = (
            parse_contract(deal.contract) if deal.contract else free_play(as_trump(deal.trump))
        )
    except BetelError as error:
        raise ScriptError("contract", 1, deal.contract or "", error) from None
    doubled = False
    if deal.auction is not None and game.name == "betel":
        # Seats in the auction count from the dealer; hands are by absolute seat.
        order = [(deal.dealer + k) % 3 for k in range(3)]
        auction = Auction(hands=tuple(hands[s] for s in order), dubel=dealt.dubel)
        for number, call in enumerate(deal.auction, 1):
            try:
                auction.call(call)
            except BetelError as error:
                raise ScriptError("auction", number, call, error) from None
        if auction.state.hands is not None:
            for k, seat in enumerate(order):
                hands[seat] = auction.state.hands[k]
        if auction.finished and auction.state.standing is not None:
            contract = auction.state.standing
            declarer = None if auction.declarer is None else order[auction.declarer]
            doubled = auction.doubled
        elif auction.finished:
            contract, declarer = free_play(), None
    played = DealPlay(start_play(game, hands, contract, declarer=declarer, dealer=deal.dealer))
    for number, card in enumerate(deal.play, 1):
        try:
            played.play(card)
        except BetelError as error:
            raise ScriptError("play", number, str(card), error) from None
    return Replayed(contract, declarer, doubled, played)
