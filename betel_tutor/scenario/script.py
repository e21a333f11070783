"""Replaying a deal's scripted auction, trade and play, for the checker and the deal sheets."""

from __future__ import annotations

from dataclasses import dataclass, field

from betel_tutor.auction import Auction, AuctionState, parse_call
from betel_tutor.contracts import Contract, free_play, parse_contract
from betel_tutor.errors import BetelError
from betel_tutor.play import DealPlay, start_play
from betel_tutor.profiles import profile
from betel_tutor.rules import as_trump
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.source import Position
from betel_tutor.seats import Seat
from betel_tutor.trade import Ledger, Moment


class ScriptError(Exception):
    """Step ``number`` of the ``part`` ("contract", "auction", "play", "first_exchange",
    "trades" or "answer") is not allowed; ``at`` is where it is written, when known."""

    def __init__(
        self, part: str, number: int, item: str, error: BetelError, *, at: Position | None = None
    ) -> None:
        super().__init__(f"{part} {number}: {item}")
        self.part, self.number, self.item, self.error, self.at = part, number, item, error, at


@dataclass(frozen=True)
class Replayed:
    """The deal as scripted: the contract, the play so far, and with trade (spec §8) the
    ledger (the first exchange's price included) and the auction's last state."""

    contract: Contract
    declarer: Seat | None
    doubled: bool
    game: DealPlay
    ledger: Ledger = field(default_factory=Ledger)
    auction: AuctionState | None = None


def replay(deal: DealSpec) -> Replayed:
    """The deal after its scripted auction (exchanges included), trade and play, as far as
    written.

    Raises :class:`ScriptError` at the first step the rules refuse.
    """
    from betel_tutor.scenario.trade_script import TradeScript

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
    trade = TradeScript(deal)
    moves = 0  # calls and cards made: where the scripted offers go (``after``)
    state: AuctionState | None = None
    if deal.auction is not None and game.name == "betel":
        # Seats in the auction count from the dealer; hands are by absolute seat.
        order = Seat(deal.dealer).clockwise()
        auction = Auction(
            hands=tuple(hands[s] for s in order), dubel=dealt.dubel, first=trade.first_caller()
        )
        for number, call in enumerate(deal.auction, 1):
            moment = trade.offers(Moment.of_auction(auction.state, deal.dealer, (*hands,)), moves)
            auction.state = moment.auction or auction.state
            caller = moment.seat(auction.to_call)
            try:
                trade.before_move(moment, moves, "auction", number, parse_call(call))
                auction.call(call)
            except BetelError as error:
                raise ScriptError("auction", number, call, error) from None
            trade.after_move(caller)
            moves += 1
        if not auction.finished:  # offers after a partial auction are made during it
            end = trade.offers(Moment.of_auction(auction.state, deal.dealer, (*hands,)), moves)
            auction.state = end.auction or auction.state
        if auction.state.hands is not None:
            for k, seat in enumerate(order):
                hands[seat] = auction.state.hands[k]
        if auction.finished and auction.state.standing is not None:
            contract = auction.state.standing
            declarer = None if auction.declarer is None else order[auction.declarer]
            doubled = auction.doubled
        elif auction.finished:
            contract, declarer = free_play(), None
        state = auction.state
    elif deal.first_exchange is not None:
        trade.first_caller()  # the bids are paid even when no auction is scripted
    played = DealPlay(start_play(game, hands, contract, declarer=declarer, dealer=deal.dealer))
    for number, card in enumerate(deal.play, 1):
        moment = trade.offers(Moment.of_play(played.state, deal.dealer), moves)
        played.state = moment.play or played.state
        seat = played.state.to_play
        try:
            trade.before_move(moment, moves, "play", number, card)
            played.play(card)
        except BetelError as error:
            raise ScriptError("play", number, str(card), error) from None
        trade.after_move(seat)
        moves += 1
    end = trade.offers(Moment.of_play(played.state, deal.dealer), moves)
    played.state = end.play or played.state
    trade.finish(moves)
    return Replayed(contract, declarer, doubled, played, trade.ledger, state)
