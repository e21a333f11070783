"""Trade on a deal sheet (spec §8), worked out here so the template only loops and prints.

The bids for the first exchange (rules 9–10), every scripted offer in order with its answer
and price, the resting fourth player's prediction (spec §7), and each player's points: the
contract's score, trade payments, and the deal's total.
"""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor import i18n
from betel_tutor.render.played import PlayedDeal
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.script import Replayed
from betel_tutor.scoring import prediction_points
from betel_tutor.seats import Seat, seats
from betel_tutor.trade import Record, describe

EAST = Seat.parse("E", 4)  # spec §7: the resting fourth player sits East, beside the table

DASH = "—"


@dataclass(frozen=True)
class OfferLine:
    when: str  # "after call 2 (pass)"
    offer: str  # the offer in words, its price included
    outcome: str  # "accepted", "declined", "accepted with ♠7", "lapsed: …"
    css: str  # accepted | declined | lapsed


@dataclass(frozen=True)
class TradeView:
    labels: dict[str, str]
    bid_seats: list[str]  # from the dealer clockwise
    bids: list[int]
    bought: str  # who bought the first exchange; "" when nothing was bid for
    offers: list[OfferLine]
    prediction: str  # "" without a resting player
    columns: list[str]
    points: list[list[str]]  # a row per player: name, contract, trade, total
    bank: str


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _when(replayed: Replayed, moves: int, lang: str) -> str:
    """Where an offer stands in the script: after so many calls, then cards."""
    calls = replayed.calls
    if moves == 0:
        return i18n.translate("render.before_call" if calls else "render.before_card", lang)
    if moves <= len(calls):
        _, call = calls[moves - 1]
        word = (
            call.contract.localized(lang)
            if call.contract is not None
            else i18n.translate(f"render.{call.kind}", lang)
        )
        return i18n.translate("render.after_call", lang, n=moves, call=word)
    number = moves - len(calls)
    card = replayed.played[number - 1][1].localized(lang)
    return i18n.translate("render.after_card", lang, n=number, card=card)


def _mover(deal: DealSpec, replayed: Replayed, moves: int) -> Seat | None:
    """Who was about to call or play when an offer was made ``moves`` moves into the deal."""
    calls = replayed.calls
    if moves < len(calls):
        return Seat(deal.dealer).clockwise()[calls[moves][0]]
    number = moves - len(calls)
    if number < len(replayed.played):
        return Seat(replayed.played[number][0])
    return None


def _outcome(record: Record, lang: str) -> str:
    if record.outcome == "accepted" and record.precise is not None:
        return i18n.translate("render.accepted_with", lang, card=record.precise.localized(lang))
    return i18n.translate(f"render.{record.outcome}", lang)


def _prediction(deal: DealSpec, replayed: Replayed, lang: str) -> tuple[str, int | None]:
    """The resting player's prediction in words, and its points once the deal is played out
    (spec §7: +10 right, −10 wrong, 0 declined)."""
    if not deal.resting:
        return "", None
    east = EAST.localized(lang)
    made = deal.prediction.made if deal.prediction is not None else None
    key = {True: "predicts_made", False: "predicts_defeated", None: "predicts_none"}[made]
    text = i18n.translate(f"render.{key}", lang, seat=east)
    state = replayed.state
    if not state.finished or replayed.declarer is None:
        return text, None
    result = state.contract.is_made(state.tricks_taken()[replayed.declarer])
    points = prediction_points(made, result)
    if made is not None:
        right = "prediction_right" if points > 0 else "prediction_wrong"
        text += " — " + i18n.translate(f"render.{right}", lang, points=_signed(points))
    return text, points


def _points(deal: DealSpec, replayed: Replayed, lang: str) -> list[list[str]]:
    """Per player: the contract's score (with any dubel penalty, spec §3), trade, the total.
    Scores exist once all ten tricks are scripted; trade payments always."""
    state = replayed.state
    trade = replayed.ledger.points
    contract: list[int] | None = None
    if state.finished:
        contract = list(state.scores(doubled=replayed.doubled))
        penalties = replayed.auction.penalties if replayed.auction is not None else ()
        for auction_seat, penalty in penalties:  # the auction counts seats from the dealer
            contract[Seat(deal.dealer).next(auction_seat)] += penalty
    rows = []
    for seat in seats():
        name = seat.localized(lang)
        if contract is None:
            rows.append([name, DASH, _signed(trade[seat]), DASH])
        else:
            total = contract[seat] + trade[seat]
            rows.append([name, _signed(contract[seat]), _signed(trade[seat]), _signed(total)])
    return rows


def trade_view(played: PlayedDeal, lang: str) -> TradeView | None:
    """Trade on the sheet, or ``None`` for a deal without trade or a resting player."""
    deal, replayed = played.spec, played.replayed
    if deal.first_exchange is None and not deal.trades and not deal.resting:
        return None
    assert replayed is not None, "a deal with trade or a resting player is replayed"
    ledger = replayed.ledger
    names = tuple(seat.localized(lang) for seat in seats())
    order = Seat(deal.dealer).clockwise()
    bid_seats = [names[seat] for seat in order] if ledger.first_bids else []
    bought = ""
    if ledger.first_bids and ledger.first_caller is None:
        bought = i18n.translate("render.no_bids", lang)
    elif ledger.first_caller is not None:
        price = ledger.first_bids[ledger.first_caller.distance_from(deal.dealer)]
        bought = i18n.translate(
            "render.bought", lang, seat=names[ledger.first_caller], points=price
        )
    offers = [
        OfferLine(
            _when(replayed, record.moves, lang),
            describe(record.offer, lang, names, _mover(deal, replayed, record.moves)),
            _outcome(record, lang),
            record.outcome,
        )
        for record in ledger.records
    ]
    prediction, predicted = _prediction(deal, replayed, lang)
    points = _points(deal, replayed, lang)
    if deal.resting:
        east = i18n.translate("render.resting", lang, seat=EAST.localized(lang))
        shown = DASH if predicted is None else _signed(predicted)
        points.append([east, DASH, DASH, shown])
    keys = ("trade", "first_exchange", "points", "fourth_player")
    columns = ("player", "contract_points", "trade_points", "total")
    return TradeView(
        labels={key: i18n.translate(f"render.{key}", lang) for key in keys},
        bid_seats=bid_seats,
        bids=list(ledger.first_bids),
        bought=bought,
        offers=offers,
        prediction=prediction,
        columns=[i18n.translate(f"render.{key}", lang) for key in columns],
        points=points,
        bank=i18n.translate("render.bank", lang, points=ledger.bank) if ledger.bank else "",
    )
