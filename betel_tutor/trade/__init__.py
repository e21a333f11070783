"""Trade (handel, spec §8): offers between players during the auction and the play."""

from betel_tutor.trade.model import Ledger, Moment, Offer, Record, Round
from betel_tutor.trade.notation import describe, format_offer, parse_offer, parse_precise
from betel_tutor.trade.rules import (
    answer,
    buy_first_exchange,
    check_bid,
    check_move,
    check_round_over,
    check_turn,
    first_exchange,
    fulfilment_refusal,
    made_move,
    may_show,
    refusal,
    settle_move,
)

__all__ = [
    "Ledger",
    "Moment",
    "Offer",
    "Record",
    "Round",
    "answer",
    "buy_first_exchange",
    "check_bid",
    "check_move",
    "check_round_over",
    "check_turn",
    "describe",
    "first_exchange",
    "format_offer",
    "fulfilment_refusal",
    "made_move",
    "may_show",
    "parse_offer",
    "parse_precise",
    "refusal",
    "settle_move",
]
