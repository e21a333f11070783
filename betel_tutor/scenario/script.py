"""Replaying a deal's scripted auction, trade and play, once, into one immutable value that
the checker, the deal sheets (every language) and the tutor all read."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from betel_tutor.auction import Auction, AuctionState, Call, parse_call
from betel_tutor.cards import Card
from betel_tutor.contracts import Contract, free_play
from betel_tutor.errors import BetelError
from betel_tutor.play import DealPlay, PlayState, start_play
from betel_tutor.profiles import profile
from betel_tutor.rules import as_trump
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.script_error import ScriptError
from betel_tutor.scenario.trade_script import TradeScript
from betel_tutor.seats import Seat
from betel_tutor.trade import Ledger, Moment

__all__ = ["Replayed", "ScriptError", "replay"]


@dataclass(frozen=True, slots=True)
class Replayed:
    """The deal as scripted, immutable: the contract, the play so far, and with trade (spec
    §8) the ledger (the first exchange's bids and price included) and the auction's last state.

    ``states`` are the play's states: before each card played (swaps made before it
    included), then the state the script leaves; ``played`` the cards in order, each with the
    table seat that played it. Whoever plays on (the tutor finishing a deal) starts a
    :class:`~betel_tutor.play.DealPlay` of their own from :attr:`state`.
    """

    contract: Contract
    declarer: Seat | None
    doubled: bool
    states: tuple[PlayState, ...]
    played: tuple[tuple[int, Card], ...] = ()
    ledger: Ledger = field(default_factory=Ledger)
    auction: AuctionState | None = None

    @property
    def state(self) -> PlayState:
        """Where the script leaves the play."""
        return self.states[-1]

    @property
    def calls(self) -> tuple[tuple[int, Call], ...]:
        """The scripted calls, each with its seat counted from the dealer (as the auction
        counts them); empty without an auction."""
        return self.auction.calls if self.auction is not None else ()

    @property
    def first_bids(self) -> tuple[int, ...]:
        """The bids for the first exchange from the dealer clockwise (rule 9), if any."""
        return self.ledger.first_bids


# The checker, then each language of a sheet, then the tutor read the same deal: it is
# replayed once. A DealSpec is frozen and hashable; a file loaded twice gives equal deals.
@functools.lru_cache(maxsize=512)
def replay(deal: DealSpec) -> Replayed:
    """The deal after its scripted auction (exchanges included), trade and play, as far as
    written; replayed once, then remembered.

    Raises :class:`ScriptError` at the first step the rules refuse.
    """
    return _walk(deal)


def _walk(deal: DealSpec) -> Replayed:
    dealt = realize(deal)
    game = profile(deal.variant or deal.game)
    hands = [frozenset(hand) for hand in dealt.hands]
    declarer = deal.declarer
    contract = deal.contract if deal.contract is not None else free_play()
    if contract.kind == "free" and deal.trump is not None:  # free play names its trump apart
        try:
            contract = free_play(as_trump(deal.trump))
        except BetelError as error:
            raise ScriptError("contract", 1, deal.trump, error) from None
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
            parsed: Call | None = None
            try:
                parsed = parse_call(call)
                trade.before_move(moment, moves, "auction", number, parsed)
                auction.call(parsed)
            except BetelError as error:
                raise ScriptError("auction", number, parsed or call, error) from None
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
    cards: list[tuple[int, Card]] = []
    for number, card in enumerate(deal.play, 1):
        moment = trade.offers(Moment.of_play(played.state, deal.dealer), moves)
        played.state = moment.play or played.state
        seat = played.state.to_play
        try:
            trade.before_move(moment, moves, "play", number, card)
            played.play(card)
            cards.append((seat, card))
        except BetelError as error:
            raise ScriptError("play", number, card, error) from None
        trade.after_move(seat)
        moves += 1
    end = trade.offers(Moment.of_play(played.state, deal.dealer), moves)
    played.state = end.play or played.state
    trade.finish(moves)
    states = (*played.history, played.state)
    return Replayed(contract, declarer, doubled, states, tuple(cards), trade.ledger, state)
