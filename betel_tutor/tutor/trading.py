"""Trade at the tutor's table (levels 9–10 with ``trade``, spec §8).

Before the auction the first exchange is sold by the bank (rules 9–10): bids from the dealer
clockwise, the learner typing theirs. Between moves the computer players make offers in turn
(rules 2–4, :func:`betel_tutor.bots.trading.offer_round`); offers to the learner wait for an
answer before the game goes on. The learner makes offers at their own prompt with
``offer W swap ♥7 ♠A 20`` and sees the trade points with ``trade``. Offers are binding (rule 20),
so ``undo`` is not available in a deal with trade.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from betel_tutor.auction import Call
from betel_tutor.bots.trading import Trader, offer_round
from betel_tutor.cards import Card, format_cards, parse_card, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.trade import (
    Ledger,
    Moment,
    Offer,
    answer,
    buy_first_exchange,
    check_bid,
    check_move,
    describe,
    format_offer,
    made_move,
    parse_offer,
    refusal,
    settle_move,
)
from betel_tutor.trade.rules import bound_move
from betel_tutor.tutor.table import LEARNER, Table

if TYPE_CHECKING:
    from betel_tutor.tutor.session import Session

LETTERS = ("S", "W", "N")  # the trade notation's names for table seats 0, 1, 2
OFFER_WORDS = ("offer", "oferta", "oferuj")
YES = ("yes", "y", "tak", "t", "accept", "przyjmij")
NO = ("no", "n", "nie", "decline", "odrzuć", "odrzuc")


@dataclass
class Trading:
    """The trade of one deal at the table."""

    traders: dict[int, Trader]
    ledger: Ledger = field(default_factory=Ledger)
    to_learner: list[Offer] = field(default_factory=list)  # waiting for the learner's answer
    rounds_done: int = -1  # the number of moves after which the last round was held
    bids: list[int] = field(default_factory=list)  # first-exchange bids so far, from the dealer
    bidding: bool = False  # the learner is asked for a bid


def start(session: Session, table: Table, seed: str) -> None:
    """Trade for the deal at ``table``; computer players' choices follow ``seed``."""
    rng = random.Random(seed)
    computers = [s for s in range(3) if s != table.learner_seat]
    table.trading = Trading({seat: Trader(seat, rng) for seat in computers})
    session.say(session.t("trade_on"))
    bid_round(session)


def moment(table: Table) -> Moment:
    dealer = table.order[0]
    if table.play is not None:
        return Moment.of_play(table.play.state, dealer)
    assert table.auction is not None
    return Moment.of_auction(table.auction.state, dealer, table.hands)


def moves_made(table: Table) -> int:
    calls = len(table.auction.calls) if table.auction is not None else len(table.calls or ())
    return calls + (len(table.play.played) if table.play is not None else 0)


def names(session: Session) -> tuple[str, ...]:
    return tuple(session.name(s).localized(session.lang) for s in range(3))


# -- the first exchange, bought from the bank (rules 9–10) -------------------------------------
def bid_round(session: Session) -> None:
    """Bids from the dealer clockwise; stops at the learner's turn to ask for theirs."""
    table = session.table
    assert table is not None and table.trading is not None and table.auction is not None
    trading = table.trading
    while len(trading.bids) < 3:
        seat = table.order[len(trading.bids)]
        if seat == table.learner_seat:
            trading.bidding = True
            session.say(session.t("bid_ask", dubel=format_cards(table.auction.dubel or ())))
            return
        bid = trading.traders[seat].bid_first_exchange(moment(table), table.auction.dubel or ())
        trading.bids.append(bid)
        session.say(session.t("bid_made", seat=session.name(seat), points=bid))
    settle_bids(session)


def handle_bid(session: Session, line: str) -> None:
    table = session.table
    assert table is not None and table.trading is not None
    text = line.strip()
    try:
        points = int(text) if text.lstrip("-").isdigit() else None
        if points is None:
            session.say(session.t("bid_bad", token=text))
            return
        check_bid(points)
    except BetelError as error:
        session.say(error.message(session.lang))
        return
    table.trading.bids.append(points)
    table.trading.bidding = False
    bid_round(session)


def settle_bids(session: Session) -> None:
    table = session.table
    assert table is not None and table.trading is not None and table.auction is not None
    trading = table.trading
    dealer = table.order[0]
    from betel_tutor.tutor.match_play import table_totals  # (match_play imports this module)

    totals = table_totals(session)  # rule 10: in a match a tie goes to fewer points
    trading.ledger = buy_first_exchange(trading.ledger, trading.bids, dealer=dealer, totals=totals)
    winner = trading.ledger.first_caller
    if winner is None:
        session.say(session.t("bid_none"))
    else:
        points = trading.bids[(winner - dealer) % 3]
        session.say(session.t("bid_won", seat=session.name(winner), points=points))
        state = table.auction.state
        table.auction.state = replace(state, first=(winner - dealer) % 3)
    session.resume()


# -- offers between moves (rules 2–4) -----------------------------------------------------------
def between_moves(session: Session) -> bool:
    """Hold the round of offers due before the next move; True while the learner must answer
    an offer (the game waits)."""
    table = session.table
    if table is None or table.trading is None:
        return False
    trading = table.trading
    if trading.bidding:
        return True
    moves = moves_made(table)
    if trading.rounds_done < moves:
        trading.rounds_done = moves
        now = moment(table)
        learner = table.learner_seat
        result = offer_round(now, trading.ledger, trading.traders, moves=moves, learner=learner)
        trading.ledger = result.ledger
        for record in result.records:
            tell(session, record.offer, record.outcome, record.precise)
        follow(table, result.moment)
        trading.to_learner.extend(result.to_learner)
    if trading.to_learner:
        offer = trading.to_learner[0]
        session.say(session.t("offer_to_you", offer=describe(offer, session.lang, names(session))))
        return True
    return False


def follow(table: Table, now: Moment) -> None:
    """The auction or play takes the hands as trade left them (swaps)."""
    if table.play is not None and now.play is not None:
        table.play.state = now.play
    elif table.auction is not None and now.auction is not None:
        table.auction.state = now.auction


def tell(session: Session, offer: Offer, outcome: str, precise: Card | None) -> None:
    text = describe(offer, session.lang, names(session))
    if precise is not None:
        text += session.t("made_precise", card=precise)
    session.say(session.t(f"offer_{outcome}", offer=text, seat=session.name(offer.to)))
    learner = session.table.learner_seat if session.table is not None else None
    if outcome == "accepted" and learner is not None and learner in (offer.offerer, offer.to):
        show_seen(session, offer)


def show_seen(session: Session, offer: Offer) -> None:
    """Cards shown to the learner by an offer just concluded."""
    table = session.table
    assert table is not None and table.trading is not None
    if offer.kind not in ("show", "see") or offer.shower == LEARNER:
        return
    seen = [c for seat, c in table.trading.ledger.shown if seat == LEARNER]
    hand = moment(table).hands[offer.shower]
    cards = sort_cards(
        c for c in seen if c in hand and (offer.suit is None or c.suit is offer.suit)
    )
    session.say(
        session.t("shown_to_you", seat=session.name(offer.shower), cards=format_cards(cards) or "—")
    )


def handle_answer(session: Session, line: str) -> None:
    """The learner answers the first offer made to them: yes, no, or a card (rule 20)."""
    table = session.table
    assert table is not None and table.trading is not None
    trading = table.trading
    offer = trading.to_learner[0]
    word = line.strip().lower()
    precise: Card | None = None
    if word in YES:
        accept = True
    elif word in NO:
        accept = False
    else:
        try:
            precise, accept = parse_card(line.strip(), lang=session.lang), True
        except BetelError:
            session.say(session.t("answer_offer_bad", token=line.strip()))
            return
    now = moment(table)
    try:
        trading.ledger, hands = answer(
            now, trading.ledger, offer, accept=accept, moves=moves_made(table), precise=precise
        )
    except BetelError as error:
        session.say(error.message(session.lang))
        if refusal(now, offer, trading.ledger) is not None:  # no longer valid: it lapses
            trading.to_learner.pop(0)
        return
    trading.to_learner.pop(0)
    follow(table, now.with_hands(hands))
    tell(session, offer, "accepted" if accept else "declined", precise if offer.general else None)
    session.resume()


def handle_offer(session: Session, line: str) -> None:
    """``offer W swap ♥7 ♠A 20``: the learner's offer, answered at once by the player."""
    table = session.table
    assert table is not None and table.trading is not None
    trading = table.trading
    words = line.split(None, 2)
    if len(words) < 3:
        session.say(session.t("offer_usage"))
        return
    to = seat_named(session, words[1])
    if to is None or to == LEARNER:
        session.say(session.t("offer_bad_seat", token=words[1]))
        return
    try:
        offer = parse_offer(f"{LETTERS[LEARNER]}>{LETTERS[to]} {words[2]}", lang=session.lang)
    except BetelError as error:
        session.say(error.message(session.lang))
        return
    now = moment(table)
    problem = refusal(now, offer, trading.ledger)
    if problem is not None:
        session.say(problem.message(session.lang))
        return
    accept, precise = trading.traders[to].answer(now, trading.ledger, offer)
    moves = moves_made(table)
    trading.ledger, hands = answer(
        now, trading.ledger, offer, accept=accept, moves=moves, precise=precise
    )
    follow(table, now.with_hands(hands))
    tell(session, offer, "accepted" if accept else "declined", precise)


def seat_named(session: Session, token: str) -> int | None:
    folded = token.strip().lower()
    for seat in range(3):
        player = session.name(seat)
        words = {player.localized(lang).lower() for lang in ("en", "pl")}
        if folded in words or folded == player.key[0]:
            return seat
    return None


def show_ledger(session: Session) -> None:
    table = session.table
    assert table is not None and table.trading is not None
    ledger = table.trading.ledger
    entries = ", ".join(f"{n} {p:+d}" for n, p in zip(names(session), ledger.points, strict=True))
    session.say(session.t("trade_points", points=entries, bank=ledger.bank))
    seen = sorted(ledger.seen_by(LEARNER)) if table.learner_seat is not None else []
    if seen:
        session.say(session.t("trade_seen", cards=format_cards(seen)))


# -- binding moves (rule 20) ---------------------------------------------------------------------
def due_move(table: Table, seat: int) -> Call | Card | None:
    """Settle ``seat``'s binding before it moves: the move it must make, if any."""
    trading = table.trading
    if trading is None:
        return None
    trading.ledger = settle_move(trading.ledger, seat, moment(table), moves_made(table))
    return bound_move(trading.ledger, seat)


def check_learner_move(session: Session, move: Call | Card) -> bool:
    """False (and why) if the learner agreed to another move."""
    table = session.table
    assert table is not None
    if table.trading is None:
        return True
    due_move(table, LEARNER)
    try:
        check_move(table.trading.ledger, LEARNER, move)
    except BetelError as error:
        session.say(error.message(session.lang))
        return False
    return True


def moved(table: Table, seat: int) -> None:
    if table.trading is not None:
        table.trading.ledger = made_move(table.trading.ledger, seat)


def handle_line(session: Session, command: str, line: str) -> bool:
    """The learner's trade commands at the table; False when ``line`` is not one of them."""
    table = session.table
    assert table is not None and table.trading is not None
    trading = table.trading
    if table.learner_seat is None:  # a resting learner watches the trade and takes no part
        return False
    if trading.bidding:
        handle_bid(session, line)
    elif trading.to_learner:
        handle_answer(session, line)
    elif command.split(" ", 1)[0] in OFFER_WORDS:
        handle_offer(session, line)
    elif command in ("trade", "handel"):
        show_ledger(session)
    else:
        return False
    return True


def saved(table: Table) -> dict[str, Any]:
    """The deal's trade as a practice file scripts it: the bids for the first exchange and
    every offer answered, with the number of calls and cards made before it."""
    if table.trading is None:
        return {}
    ledger = table.trading.ledger
    trades = []
    for record in ledger.records:
        if record.outcome == "lapsed":  # follows from the script: not written
            continue
        answer = "decline" if record.outcome == "declined" else "accept"
        if record.precise is not None:
            answer = str(record.precise)
        trades.append((record.moves, format_offer(record.offer), answer))
    bids = ledger.first_bids if len(ledger.first_bids) == 3 else None
    return {"first_exchange": bids, "trades": tuple(trades)}
