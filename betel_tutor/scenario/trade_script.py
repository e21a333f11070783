"""A deal's scripted trade (spec §8), applied with the trade engine while the script replays.

``after: n`` places an offer after the script's first ``n`` moves, calls first and then
cards: ``0`` is before the first call, the number of calls is after the auction and before
the first card. Before each move a binding that became impossible lapses, and a move other
than the one agreed breaks the agreement (rule 20); swaps change the hands the script's
later moves are checked against.
"""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.auction import Call
from betel_tutor.cards import Card
from betel_tutor.errors import BetelError, IllegalOffer, ScenarioError
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.script_error import ScriptError
from betel_tutor.seats import Seat
from betel_tutor.trade import (
    Ledger,
    Moment,
    answer,
    buy_first_exchange,
    check_bid,
    check_move,
    made_move,
    refusal,
    settle_move,
)
from betel_tutor.trade.model import Offer
from betel_tutor.trade.notation import call_words, format_offer, parse_precise
from betel_tutor.trade.rules import bound_move


@dataclass(frozen=True, slots=True)
class _Said:
    """A call as a message parameter, in the message's language ("pas" in Polish)."""

    call: Call

    def localized(self, lang: str) -> str:
        return call_words(self.call, lang)


@dataclass(frozen=True, slots=True)
class _Written:
    """An offer as a message parameter, in the message's language (``W>N odzywka pas``)."""

    offer: Offer

    def localized(self, lang: str) -> str:
        return format_offer(self.offer, lang=lang)


class TradeScript:
    """The ledger of one deal's trade as its script is replayed."""

    def __init__(self, deal: DealSpec) -> None:
        self.deal = deal
        self.ledger = Ledger()
        self.done = 0  # trades applied so far

    def first_caller(self) -> int:
        """Sell the first exchange (rules 9–10, 19); the auction seat that calls first."""
        bids = self.deal.first_exchange
        if bids is None:
            return 0
        for number, bid in enumerate(bids, 1):
            try:
                check_bid(bid)
            except BetelError as error:
                at = self.deal.where.get(f"bid{number}")
                raise ScriptError("first_exchange", number, str(bid), error, at=at) from None
        dealer = self.deal.dealer
        self.ledger = buy_first_exchange(self.ledger, bids, dealer=dealer)
        winner = self.ledger.first_caller
        return 0 if winner is None else winner.distance_from(dealer)

    def offers(self, moment: Moment, moves: int) -> Moment:
        """Make and answer the offers scripted after ``moves`` moves; the moment after them."""
        trades = self.deal.trades
        while self.done < len(trades) and trades[self.done].after == moves:
            trade = trades[self.done]
            self.done += 1
            problem = refusal(moment, trade.offer, self.ledger)
            if problem is not None:
                raise ScriptError(
                    "trades", self.done, _Written(trade.offer), problem, at=trade.position
                )
            precise = trade.answer if isinstance(trade.answer, Card) else None
            give: Card | None = None
            price: int | None = None
            if isinstance(trade.answer, str) and trade.answer not in ("accept", "decline"):
                precise, give, price = parse_precise(trade.answer, trade.offer)
            try:
                self.ledger, hands = answer(
                    moment,
                    self.ledger,
                    trade.offer,
                    accept=trade.answer != "decline",
                    moves=moves,
                    precise=precise,
                    precise_give=give,
                    price=price,
                )
            except IllegalOffer as error:  # rule 20: accepted only if it can be fulfilled
                raise ScriptError(
                    "answer", self.done, _Written(trade.offer), error, at=trade.answer_at
                ) from None
            moment = moment.with_hands(hands)
        return moment

    def before_move(
        self, moment: Moment, moves: int, part: str, number: int, move: Call | Card
    ) -> None:
        """Settle the mover's binding; a different move than agreed breaks it (rule 20)."""
        seat = moment.to_move
        assert seat is not None
        self.ledger = settle_move(self.ledger, seat, moment, moves)
        due = bound_move(self.ledger, seat)
        try:
            check_move(self.ledger, seat, move)
        except IllegalOffer:
            said = _Said(due) if isinstance(due, Call) else due
            key = "trade.bound_call" if isinstance(due, Call) else "trade.bound_play"
            error = IllegalOffer(key, reason="bound", rule=20, seat=seat, move=said)
            raise ScriptError(part, number, move, error) from None

    def after_move(self, seat: Seat) -> None:
        self.ledger = made_move(self.ledger, seat)

    def finish(self, moves: int) -> None:
        """Every scripted offer has been made: none is placed after the end of the script."""
        if self.done < len(self.deal.trades):
            trade = self.deal.trades[self.done]
            error = ScenarioError("check.trade_after_end", after=trade.after, moves=moves)
            raise ScriptError("trades", self.done + 1, trade.text, error, at=trade.position)
