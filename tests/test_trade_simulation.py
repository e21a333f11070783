"""Thousands of deals played by computer players that trade (level 9): no forbidden trade is
ever accepted, points are conserved (players plus bank), and every trade is in the history."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from betel_tutor.auction import Call, Options, apply_call, start
from betel_tutor.bots import choose_card
from betel_tutor.bots.bidding import choose_call
from betel_tutor.bots.trading import Trader, offer_round
from betel_tutor.cards import Card
from betel_tutor.contracts import free_play
from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, play_card, start_play
from betel_tutor.seats import Seat
from betel_tutor.trade import (
    Ledger,
    Moment,
    Offer,
    Record,
    buy_first_exchange,
    check_move,
    made_move,
    settle_move,
)
from betel_tutor.trade.rules import bound_move

DEALS = 1500


@dataclass
class Played:
    ledger: Ledger
    moments: list[Moment] = field(default_factory=list)  # the moment of each record


def simulate(seed: int) -> Played:
    dealt = deal(f"trade/{seed}")
    dealer = seed % 3
    rng = random.Random(seed)
    traders = {seat: Trader(Seat(seat), rng) for seat in range(3)}
    by_dealer = tuple(frozenset(dealt.hands[(dealer + k) % 3]) for k in range(3))
    auction = start(Options(), hands=by_dealer, dubel=dealt.dubel)
    moment = Moment.of_auction(auction, dealer, tuple(frozenset(h) for h in dealt.hands))
    bids = [traders[(dealer + k) % 3].bid_first_exchange(moment, dealt.dubel) for k in range(3)]
    ledger = buy_first_exchange(Ledger(), bids, dealer=dealer)
    if ledger.first_caller is not None:
        auction = start(
            Options(), hands=by_dealer, dubel=dealt.dubel, first=(ledger.first_caller - dealer) % 3
        )
        moment = Moment.of_auction(auction, dealer, moment.hands)
    played = Played(ledger)
    moves = 0

    def trade_round(moment: Moment) -> Moment:
        nonlocal ledger
        result = offer_round(moment, ledger, traders, moves=moves)
        played.moments.extend(result.moments)
        ledger = result.ledger
        return result.moment

    while moment.phase == "auction":
        moment = trade_round(moment)
        assert moment.auction is not None
        seat = moment.to_move
        assert seat is not None
        ledger = settle_move(ledger, seat, moment, moves)
        if len(ledger.records) > len(played.moments):
            played.moments.append(moment)
        due = bound_move(ledger, seat)
        call = due if isinstance(due, Call) else choose_call(moment.auction, moment.hands[seat])
        check_move(ledger, seat, call)
        moment = Moment.of_auction(apply_call(moment.auction, call), dealer, moment.hands)
        ledger = made_move(ledger, seat)
        moves += 1
    assert moment.auction is not None
    standing = moment.auction.standing
    contract = standing if standing is not None else free_play()
    declarer = None if moment.auction.declarer is None else moment.seat(moment.auction.declarer)
    state = start_play(BETEL, moment.hands, contract, declarer=declarer, dealer=dealer)
    moment = Moment.of_play(state, dealer)
    while moment.phase == "play":
        moment = trade_round(moment)
        assert moment.play is not None
        seat = moment.play.to_play
        ledger = settle_move(ledger, seat, moment, moves)
        if len(ledger.records) > len(played.moments):
            played.moments.append(moment)
        due = bound_move(ledger, seat)
        card = due if isinstance(due, Card) else choose_card(moment.play).card
        check_move(ledger, seat, card)
        moment = Moment.of_play(play_card(moment.play, card), dealer)
        ledger = made_move(ledger, seat)
        moves += 1
    played.ledger = ledger
    return played


def allowed_to_show(moment: Moment, shower: int, viewer: int) -> bool:
    """Rule 17, written out again here independently of the library."""
    if moment.auction is not None and moment.play is None:
        if moment.auction.standing is None:
            return False
        mine = (shower - moment.dealer) % 3
        return not any(s == mine and call.kind != "declare" for s, call in moment.auction.calls)
    assert moment.play is not None
    return moment.play.declarer is not None and moment.play.declarer in (shower, viewer)


def check_accepted(offer: Offer, moment: Moment, record: Record) -> None:
    assert offer.offerer != offer.to
    # Rule 21, and spec §12.5: an offer without points is free of it; a price the
    # acceptor named is within it too.
    assert offer.price == 0 or 5 <= abs(offer.price) <= 50
    assert record.price is None or 5 <= record.price <= 50
    if offer.kind == "play":
        assert moment.to_move in (offer.offerer, offer.to)  # rule 20
    if offer.kind == "call":  # spec §12.5: any player's next call, in the auction
        assert moment.phase == "auction"
    if offer.kind == "swap":
        gives = offer.gives or (record.precise_give,)
        wants = offer.wants or (record.precise,)
        assert None not in gives and None not in wants and len(gives) == len(wants)
        assert all(card in moment.hands[offer.offerer] for card in gives)
        assert all(card in moment.hands[offer.to] for card in wants)
        assert offer.suit is None or all(c is not None and c.suit is offer.suit for c in wants)
        assert allowed_to_show(moment, offer.offerer, offer.to)
        assert allowed_to_show(moment, offer.to, offer.offerer)
    if offer.kind in ("show", "see"):
        viewer = offer.to if offer.shower == offer.offerer else offer.offerer
        assert allowed_to_show(moment, offer.shower, viewer)
    if offer.kind == "play":
        assert moment.play is not None and offer.card is not None
        assert (
            moment.play.refusal(offer.card) is None
            or offer.card not in moment.hands[moment.play.to_play]
        )
        assert offer.card in moment.hands[moment.play.to_play]


def test_trading_deals_keep_every_rule_and_every_point() -> None:
    kinds: set[str] = set()
    accepted = 0
    for seed in range(DEALS):
        played = simulate(seed)
        ledger = played.ledger
        assert len(played.moments) == len(ledger.records)
        points = [0, 0, 0]
        bank = 0
        if ledger.first_caller is not None:  # rules 9–10, 19: the buyer pays the bank
            bid = ledger.first_bids[(ledger.first_caller - seed % 3) % 3]
            assert bid == max(ledger.first_bids)
            points[ledger.first_caller] -= bid
            bank += bid
        for record, moment in zip(ledger.records, played.moments, strict=True):
            offer = record.offer
            payee = offer.to if offer.payer == offer.offerer else offer.offerer
            if record.outcome == "accepted":
                check_accepted(offer, moment, record)
                accepted += 1
                kinds.add(offer.kind)
                paid = record.price if record.price is not None else abs(offer.price)
                points[offer.payer] -= paid
                points[payee] += paid
                if offer.general:
                    kinds.add("general")
                if offer.kind == "call" and moment.to_move not in (offer.offerer, offer.to):
                    kinds.add("later call")
            elif record.outcome == "lapsed":
                points[offer.payer] += abs(offer.price)
                points[payee] -= abs(offer.price)
        assert tuple(points) == ledger.points and bank == ledger.bank
        assert sum(ledger.points) + ledger.bank == 0  # conserved: players plus bank
        assert ledger.bound == ()  # every binding fulfilled or lapsed by the end
    assert accepted > DEALS // 2 and kinds >= {"swap", "see", "call", "general", "later call"}
