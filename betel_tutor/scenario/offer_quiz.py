"""The ``offer-legal`` quiz: may this offer be made here? The trade engine judges (spec §8).

The quiz gives an auction from the dealer (and, once it has ended, cards played), optionally
the hands, and an offer in the trade notation (``W>N show ♠``). Its answer is whether
:func:`betel_tutor.trade.refusal` lets the offer be made: the checks that need no hidden card
(rules 17, 18, 20, 21). Swaps and cards bought for play need the hands.
"""

from __future__ import annotations

from typing import Any

from betel_tutor.auction import Auction, Call
from betel_tutor.cards import Card, parse_cards
from betel_tutor.contracts import free_play
from betel_tutor.errors import IllegalOffer, ScenarioError
from betel_tutor.play import BETEL, DealPlay, start_play
from betel_tutor.seats import Seat, seats
from betel_tutor.trade import Moment, parse_offer, refusal

NO_CARDS: frozenset[Card] = frozenset()


def _seat(value: Any, what: str) -> Seat:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 3:
        return Seat(value)
    try:
        return Seat.parse(str(value))
    except ValueError:
        raise ScenarioError(
            "scenario.bad_seat", what=what, value=value, choices=", ".join(map(str, seats()))
        ) from None


def _hands(value: Any) -> tuple[frozenset[Card], ...] | None:
    """``{S: "♠AK…", W: …}`` by table seat; seats left out hold nothing the quiz needs."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise TypeError("hands")
    hands = [NO_CARDS] * 3
    for name, cards in value.items():
        hands[_seat(name, "hands")] = frozenset(parse_cards(str(cards)))
    return tuple(hands)


def offer_refusal(params: dict[str, Any]) -> IllegalOffer | None:
    """Why the quiz's offer may not be made where the quiz stands, or ``None``."""
    offer = parse_offer(str(params["offer"]))
    dealer = _seat(params.get("dealer", 0), "dealer")
    hands = _hands(params.get("hands"))
    if hands is None and offer.kind in ("swap", "play"):
        raise ScenarioError("check.offer_needs_hands")
    order = dealer.clockwise()
    auction = Auction(hands=None if hands is None else [hands[s] for s in order])
    history = params["auction"]
    for call in history if isinstance(history, list) else str(history or "").split():
        auction.call(Call.parse(str(call)))  # an illegal call is a broken question
    table = hands or (NO_CARDS,) * 3
    cards = parse_cards(str(params.get("play") or ""))
    if not cards and not auction.finished:
        return refusal(Moment.of_auction(auction.state, dealer, table), offer)
    if not auction.finished:
        raise ScenarioError("check.offer_play_early")
    if auction.state.hands is not None:  # exchanges made in the auction
        table = tuple(auction.state.hands[seat.distance_from(dealer)] for seat in seats())
    declarer = None if auction.declarer is None else order[auction.declarer]
    contract = auction.state.standing or free_play()
    game = DealPlay(start_play(BETEL, table, contract, declarer=declarer, dealer=dealer))
    for card in cards:
        game.play(card)
    return refusal(Moment.of_play(game.state, dealer), offer)
