"""Reading a deal's trade (spec §8) and the fourth player's prediction (spec §7) from YAML.

Form only, as the rest of the loader: whether an offer is allowed where it is made, or a bid
is within the limits, is proved by the checker against the trade engine (``script.py``).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from betel_tutor.cards import Card, parse_card
from betel_tutor.errors import NotationError
from betel_tutor.scenario.model import PredictionSpec, TradeSpec
from betel_tutor.scenario.reader import Reader
from betel_tutor.scenario.source import Node
from betel_tutor.seats import Seat
from betel_tutor.trade.notation import parse_offer, parse_precise

TRADE_KEYS = ("after", "offer", "answer")
PREDICTION_KEYS = ("seat", "made", "decline")
ANSWERS = ("accept", "decline")
RESTING = Seat.parse("E", 4)  # the fourth player sits East: S, W and N are the table (spec §7)
MOST_MOVES = 1000  # far more calls and cards than any deal has


def read_bids(reader: Reader, node: Node, where: dict[str, Any]) -> tuple[int, ...] | None:
    """``first_exchange: [10, 20, 0]``: three bids from the dealer clockwise (rule 9). Their
    limits (0 or 5–50, rule 21) are the engine's to judge; ``where["bid<n>"]`` is each bid."""
    items = reader.sequence(node, "first_exchange")
    if items is None:
        return None
    if len(items) != 3:
        reader.problem(node.position, "check.bid_count", n=len(items))
        return None
    bids = []
    for number, item in enumerate(items, 1):
        bid = reader.integer(item, "first_exchange", low=-1000, high=1000)
        if bid is None:
            return None
        where[f"bid{number}"] = item.position
        bids.append(bid)
    return tuple(bids)


def read_trades(reader: Reader, node: Node) -> tuple[TradeSpec, ...] | None:
    """``trades:`` a list of ``{after, offer, answer}`` in the order the offers were made."""
    items = reader.sequence(node, "trades")
    if items is None:
        return None
    trades = [_trade(reader, item) for item in items]
    if any(trade is None for trade in trades):
        return None
    done = [trade for trade in trades if trade is not None]
    for earlier, later in pairwise(done):
        if later.after < earlier.after and later.position is not None:
            reader.problem(
                later.position, "check.trade_order", after=later.after, before=earlier.after
            )
            return None
    return tuple(done)


def _trade(reader: Reader, node: Node) -> TradeSpec | None:
    fields = reader.mapping(node, "trade", allowed=TRADE_KEYS, required=TRADE_KEYS)
    if fields is None or not set(TRADE_KEYS) <= fields.keys():
        return None
    after = reader.integer(fields["after"], "trade.after", low=0, high=MOST_MOVES)
    text = reader.string(fields["offer"], "trade.offer")
    answer = reader.string(fields["answer"], "trade.answer")
    if after is None or text is None or answer is None:
        return None
    try:
        offer = parse_offer(text)
    except NotationError as error:
        reader.problem(fields["offer"].position, "check.bad_offer", detail=error)
        return None
    given: str | Card = answer.strip().lower()
    if given not in ANSWERS:
        try:
            given = parse_card(answer)
        except NotationError:
            try:  # the cards and price that make a general offer precise (spec §12.5)
                parse_precise(answer, offer)
                given = answer.strip()
            except NotationError:
                reader.problem(fields["answer"].position, "check.trade_answer", value=answer)
                return None
    return TradeSpec(after, offer, text, given, fields["offer"].position, fields["answer"].position)


def read_resting(reader: Reader, node: Node) -> bool:
    """``resting: E``: a fourth player rests this deal (spec §7)."""
    value = node.value
    try:
        east = isinstance(value, str) and Seat.parse(value, 4) is RESTING
    except ValueError:  # not a seat at all; reported like any other seat but East
        east = False
    if not east:
        reader.problem(node.position, "check.resting_seat", value=value)
    return east


def read_prediction(reader: Reader, node: Node) -> PredictionSpec | None:
    """``{seat: E, made: true}`` or ``{seat: E, decline: true}`` (spec §7)."""
    fields = reader.mapping(node, "prediction", allowed=PREDICTION_KEYS, required=("seat",))
    if fields is None or "seat" not in fields:
        return None
    if not read_resting(reader, fields["seat"]):
        return None
    if ("made" in fields) == ("decline" in fields):
        reader.problem(node.position, "check.prediction_what")
        return None
    if "decline" in fields:
        declined = reader.boolean(fields["decline"], "prediction.decline")
        if declined is False:  # "decline: false" says nothing: made or not must be stated
            reader.problem(fields["decline"].position, "check.prediction_what")
        return PredictionSpec(None, node.position) if declined else None
    made = reader.boolean(fields["made"], "prediction.made")
    return None if made is None else PredictionSpec(made, node.position)
