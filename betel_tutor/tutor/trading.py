"""Trade at the tutor's table (levels 9–10 with ``trade``, spec §8), and its two phases.

Before the auction the first exchange is sold by the bank (rules 9–10): bids from the dealer
clockwise, the learner typing theirs (:class:`BidPhase`). Between moves the computer players
make offers in turn (rules 2–4, :func:`betel_tutor.bots.trading.offer_round`); offers to the
learner wait for an answer (:class:`OfferPhase`) before the game goes on. The learner makes
offers at their own prompt with ``offer W swap ♥7 ♠A 20`` and sees the trade points with
``trade``. Offers are binding (rule 20), so ``undo`` is not available in a deal with trade.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from betel_tutor.auction import Call
from betel_tutor.bots.strong_bidding import strong_choice
from betel_tutor.bots.trading import Trader, Why, offer_round, respond
from betel_tutor.cards import Card, format_cards, format_hand, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.seats import Seat, seats
from betel_tutor.trade import (
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
    parse_precise,
    refusal,
    settle_move,
)
from betel_tutor.trade.rules import bound_move
from betel_tutor.tutor.commands import Command, Typed
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Hint, Offered, Prompt
from betel_tutor.tutor.phase import Phase
from betel_tutor.tutor.table import LEARNER, PLAYERS, Table, Trading
from betel_tutor.tutor.text import shown

YES = ("yes", "y", "tak", "t", "accept", "przyjmij")
NO = ("no", "n", "nie", "decline", "odrzuć", "odrzuc")


def start(ctx: Context, table: Table, seed: str) -> None:
    """Trade for the deal at ``table``; computer players' choices follow ``seed``."""
    rng = random.Random(seed)
    computers = [s for s in seats() if s != table.learner_seat]
    table.trading = Trading({seat: Trader(seat, rng) for seat in computers})
    ctx.say(ctx.t("trade_on"))


def moment(table: Table) -> Moment:
    dealer = table.order[0]
    if table.play is not None:
        return Moment.of_play(table.play.state, dealer)
    assert table.auction is not None
    return Moment.of_auction(table.auction.state, dealer, table.hands)


def moves_made(table: Table) -> int:
    calls = len(table.auction.calls) if table.auction is not None else len(table.calls or ())
    return calls + (len(table.play.played) if table.play is not None else 0)


def names(ctx: Context) -> tuple[str, ...]:
    return tuple(ctx.name(s).localized(ctx.lang) for s in seats())


def table_totals(ctx: Context) -> tuple[int, ...]:
    """The match totals of the players at table seats 0, 1, 2 (zeros outside a match), for
    the first exchange's tie, which goes to the player with fewer points (rule 10)."""
    table = ctx.table
    if ctx.match is None or table is None:
        return (0, 0, 0)
    players = PLAYERS[: ctx.match.match.players]
    return tuple(ctx.match.match.totals[players.index(name)] for name in table.names)


class TradePhase(Phase):
    """A phase of the trade of the deal at ``table``."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @property
    def at_table(self) -> bool:
        return True

    @property
    def trading(self) -> Trading:
        assert self.table.trading is not None
        return self.table.trading


# -- the first exchange, bought from the bank (rules 9–10) -------------------------------------
class BidPhase(TradePhase):
    """Bids for the first exchange from the dealer clockwise; the learner types theirs."""

    expects = "bid"
    gives_hint = True

    def __init__(self, table: Table, then: Phase) -> None:
        super().__init__(table)
        self.then, self.asked = then, False

    def waiting(self, ctx: Context) -> bool:
        return len(self.trading.bids) < 3 and self.seat == self.table.learner_seat

    @property
    def seat(self) -> Seat:
        return self.table.order[len(self.trading.bids)]

    def advance(self, ctx: Context) -> Phase:
        table, trading = self.table, self.trading
        assert table.auction is not None
        if len(trading.bids) == 3:
            return self.settle(ctx)
        seat = self.seat
        bid = trading.traders[seat].bid_first_exchange(moment(table), table.auction.dubel or ())
        trading.bids.append(bid)
        ctx.say(ctx.t("bid_made", seat=ctx.name(seat), points=bid))
        return self

    def prompt(self, ctx: Context) -> Prompt:
        assert self.table.auction is not None
        if not self.asked:  # asked once; a refused bid keeps the question on screen
            self.asked = True
            seat = self.table.learner_seat
            hand = moment(self.table).hands[seat] if seat is not None else frozenset()
            dubel = format_cards(self.table.auction.dubel or (), lang=ctx.lang)
            ctx.say(ctx.t("bid_ask", hand=format_hand(hand, lang=ctx.lang), dubel=dubel))
        return Prompt(ctx.t("prompt_bid"), expects=self.expects)

    def command(self, ctx: Context, typed: Typed) -> Phase | None:
        if typed.command is Command.HINT:
            self.hint(ctx)
            return self
        return None

    def hint(self, ctx: Context) -> None:
        """The call a strong player would make calling first with the first exchange, and
        so whether the exchange is worth a bid: when that call takes a dubel card, the bid the
        computer players make (half what the dubel's honours are worth to the hand); else 0."""
        table = self.table
        auction, seat = table.auction, table.learner_seat
        assert auction is not None and seat is not None
        first = Seat(seat).distance_from(table.order[0])
        state = replace(auction.state, first=first)  # as if the learner had bought it
        hand = state.hands[first] if state.hands is not None else frozenset()
        choice = strong_choice(state, hand)
        key = choice.reason.removeprefix("bots.")
        reason = ctx.reason(f"tutor.hint_{key}", choice.params)
        call = choice.call.format(lang=ctx.lang)
        bid = 0
        if choice.call.take:
            worth = Trader(seat, random.Random(0)).bid_first_exchange(
                moment(table), state.dubel or ()
            )
            bid = max(5, worth)
        said = ctx.t(
            "hint_bid_exchange" if bid else "hint_bid_none", call=call, reason=reason, bid=bid
        )
        ctx.emit(
            Hint(
                said,
                suggest=str(bid),
                suggest_reason=reason,
                call=choice.call,
                reason=reason,
            )
        )

    def handle(self, ctx: Context, line: str) -> Phase:
        text = line.strip()
        digits = text[1:] if text.startswith("-") else text
        if not (digits.isascii() and digits.isdecimal() and len(digits) <= 6):
            ctx.refuse(text, "bid_bad", ctx.t("bid_bad", token=shown(text)))
            return self
        points = int(text)
        try:
            check_bid(points)
        except BetelError as error:
            ctx.refuse_error(text, error)
            return self
        self.trading.bids.append(points)
        return self

    def settle(self, ctx: Context) -> Phase:
        table, trading = self.table, self.trading
        assert table.auction is not None
        dealer = table.order[0]
        totals = table_totals(ctx)  # rule 10: in a match a tie goes to fewer points
        trading.ledger = buy_first_exchange(
            trading.ledger, trading.bids, dealer=dealer, totals=totals
        )
        winner = trading.ledger.first_caller
        if winner is None:
            ctx.say(ctx.t("bid_none"))
        else:
            points = trading.bids[Seat(winner).distance_from(dealer)]
            ctx.say(ctx.t("bid_won", seat=ctx.name(winner), points=points))
            state = table.auction.state
            table.auction.state = replace(state, first=Seat(winner).distance_from(dealer))
        return self.then


# -- offers between moves (rules 2–4) -----------------------------------------------------------
def between_moves(ctx: Context, table: Table) -> bool:
    """Hold the round of offers due before the next move; True while the learner must answer
    an offer (the game waits)."""
    trading = table.trading
    if trading is None:
        return False
    moves = moves_made(table)
    if trading.rounds_done < moves:
        trading.rounds_done = moves
        now = moment(table)
        learner = table.learner_seat
        result = offer_round(now, trading.ledger, trading.traders, moves=moves, learner=learner)
        trading.ledger = result.ledger
        reasons = result.reasons or ((None, None),) * len(result.records)
        for record, (why, answered) in zip(result.records, reasons, strict=True):
            tell(ctx, record.offer, record.outcome, record.precise, why, answered)
        for offer in result.to_learner:
            made = trading.traders[offer.offerer].reason(offer)
            if made is not None:
                trading.why[offer] = made
        follow(table, result.moment)
        trading.to_learner.extend(result.to_learner)
    return bool(trading.to_learner)


def follow(table: Table, now: Moment) -> None:
    """The auction or play takes the hands as trade left them (swaps)."""
    if table.play is not None and now.play is not None:
        table.play.state = now.play
    elif table.auction is not None and now.auction is not None:
        table.auction.state = now.auction


def reason(ctx: Context, why: Why | None) -> str | None:
    """A computer player's reason for an offer or an answer, said only in open deals."""
    if why is None or ctx.table is None or not ctx.table.open:
        return None
    key, params = why
    return ctx.reason(key, {name: _localized(ctx, value) for name, value in params.items()})


def _localized(ctx: Context, value: object) -> object:
    if isinstance(value, Seat):
        return ctx.name(value).localized(ctx.lang)
    if isinstance(value, Card):
        return value.format(lang=ctx.lang)
    return value


def made_precise(
    precise: Card | None, give: Card | None, price: int | None, lang: str = "en"
) -> str | None:
    """What the acceptor named for a general offer: the cards and the price."""
    words = [card.format(lang=lang) for card in (precise, give) if card is not None]
    if price is not None:
        words.append(str(price))
    return " ".join(words) or None


def tell(
    ctx: Context,
    offer: Offer,
    outcome: str,
    precise: Card | str | None,
    why: Why | None = None,
    answered: Why | None = None,
) -> None:
    """An offer answered, as an ``offer`` event; in open deals with the computer players'
    reasons for making and answering it."""
    mover = moment(ctx.table).to_move if ctx.table is not None else None
    text = describe(offer, ctx.lang, names(ctx), mover)
    if precise is not None:
        text += ctx.t("made_precise", card=precise)
    lines = [ctx.t(f"offer_{outcome}", offer=text, seat=ctx.name(offer.to))]
    made, answer_reason = reason(ctx, why), reason(ctx, answered)
    for seat, said in ((offer.offerer, made), (offer.to, answer_reason)):
        if said is not None:
            lines.append(f"    {ctx.name(seat).localized(ctx.lang)}: {said}")
    ctx.emit(
        Offered(
            "\n".join(lines),
            offerer=ctx.name(offer.offerer),
            to=ctx.name(offer.to),
            offer=format_offer(offer),
            outcome=outcome,
            reason=made,
            answer_reason=answer_reason,
        )
    )
    learner = ctx.table.learner_seat if ctx.table is not None else None
    if outcome == "accepted" and learner is not None and learner in (offer.offerer, offer.to):
        show_seen(ctx, offer)


def show_seen(ctx: Context, offer: Offer) -> None:
    """Cards shown to the learner by an offer just concluded."""
    table = ctx.table
    assert table is not None and table.trading is not None
    if offer.kind not in ("show", "see") or offer.shower == LEARNER:
        return
    seen = [c for seat, c in table.trading.ledger.shown if seat == LEARNER]
    hand = moment(table).hands[offer.shower]
    cards = sort_cards(
        c for c in seen if c in hand and (offer.suit is None or c.suit is offer.suit)
    )
    shown = format_cards(cards, lang=ctx.lang) or "—"
    ctx.say(ctx.t("shown_to_you", seat=ctx.name(offer.shower), cards=shown))


class OfferPhase(TradePhase):
    """The learner answers the offers made to them: yes, no, or a card (rule 20); then the
    auction or the play (``back``) goes on."""

    expects = "offer"

    def __init__(self, table: Table, back: Phase) -> None:
        super().__init__(table)
        self.back, self.shown_first = back, False

    def waiting(self, ctx: Context) -> bool:
        return bool(self.trading.to_learner)

    def advance(self, ctx: Context) -> Phase:
        return self.back

    def prompt(self, ctx: Context) -> Prompt:
        if not self.shown_first:
            offer = self.trading.to_learner[0]
            text = describe(offer, ctx.lang, names(ctx), moment(self.table).to_move)
            ctx.say(ctx.t("offer_to_you", offer=text))
            said = reason(ctx, self.trading.why.get(offer))
            if said is not None:
                ctx.say(f"    {ctx.name(offer.offerer).localized(ctx.lang)}: {said}")
            self.shown_first = True
        return Prompt(ctx.t("prompt_offer"), expects=self.expects, choices=("yes", "no"))

    def handle(self, ctx: Context, line: str) -> Phase:
        trading, table = self.trading, self.table
        offer = trading.to_learner[0]
        word = line.strip().lower()
        precise: Card | None = None
        give: Card | None = None
        price: int | None = None
        if word in YES:
            accept = True
        elif word in NO:
            accept = False
        else:
            try:  # a card, or for a general offer the cards and price it names (§12.5)
                precise, give, price = parse_precise(line.strip(), offer, lang=ctx.lang)
                accept = True
            except BetelError:
                token = shown(line)
                ctx.refuse(line, "answer_offer_bad", ctx.t("answer_offer_bad", token=token))
                return self
        now = moment(table)
        try:
            trading.ledger, hands = answer(
                now,
                trading.ledger,
                offer,
                accept=accept,
                moves=moves_made(table),
                precise=precise,
                precise_give=give,
                price=price,
            )
        except BetelError as error:
            ctx.refuse_error(line, error)
            if refusal(now, offer, trading.ledger) is not None:  # no longer valid: it lapses
                trading.to_learner.pop(0)
                self.shown_first = False
            return self
        trading.to_learner.pop(0)
        self.shown_first = False
        follow(table, now.with_hands(hands))
        outcome = "accepted" if accept else "declined"
        why = trading.why.pop(offer, None)
        shown_terms = made_precise(precise, give, price, ctx.lang) if offer.general else None
        tell(ctx, offer, outcome, shown_terms, why)
        return self


def handle_offer(ctx: Context, table: Table, argument: str) -> None:
    """``offer W swap ♥7 ♠A 20``: the learner's offer, answered at once by the player."""
    trading = table.trading
    assert trading is not None
    words = argument.split(None, 1)
    if len(words) < 2:
        ctx.refuse(argument, "offer_usage", ctx.t("offer_usage"))
        return
    to = seat_named(ctx, words[0])
    if to is None or to == LEARNER:
        first, second = (
            f"{player.short(ctx.lang)} ({player.localized(ctx.lang)})"
            for player in (ctx.name(seat) for seat in seats() if seat != LEARNER)
        )
        said = ctx.t("offer_bad_seat", token=shown(words[0]), first=first, second=second)
        ctx.refuse(argument, "offer_bad_seat", said)
        return
    try:
        offer = parse_offer(f"{Seat(LEARNER)}>{Seat(to)} {words[1]}", lang=ctx.lang)
    except BetelError as error:
        ctx.refuse_error(argument, error)
        return
    now = moment(table)
    problem = refusal(now, offer, trading.ledger)
    if problem is not None:
        ctx.refuse_error(argument, problem)
        return
    response = respond(trading.traders[to], now, trading.ledger, offer, moves=moves_made(table))
    trading.ledger = response.ledger
    follow(table, now.with_hands(response.hands))
    terms = made_precise(response.precise, response.give, response.price, ctx.lang)
    outcome = "accepted" if response.accept else "declined"
    tell(ctx, offer, outcome, terms, None, response.why)


def seat_named(ctx: Context, token: str) -> Seat | None:
    """The table seat of the player ``token`` names (a letter or a name, either language)."""
    for seat in seats():
        player = ctx.name(seat)
        try:
            if Seat.parse(token, 4) == player:
                return seat
        except ValueError:
            return None
    return None


def show_ledger(ctx: Context, table: Table) -> None:
    assert table.trading is not None
    ledger = table.trading.ledger
    entries = ", ".join(f"{n} {p:+d}" for n, p in zip(names(ctx), ledger.points, strict=True))
    ctx.say(ctx.t("trade_points", points=entries, bank=ledger.bank))
    seen = sorted(ledger.seen_by(LEARNER)) if table.learner_seat is not None else []
    if seen:
        ctx.say(ctx.t("trade_seen", cards=format_cards(seen, lang=ctx.lang)))


# -- binding moves (rule 20) ---------------------------------------------------------------------
def due_move(table: Table, seat: Seat) -> Call | Card | None:
    """Settle ``seat``'s binding before it moves: the move it must make, if any."""
    trading = table.trading
    if trading is None:
        return None
    trading.ledger = settle_move(trading.ledger, seat, moment(table), moves_made(table))
    return bound_move(trading.ledger, seat)


def check_learner_move(ctx: Context, table: Table, move: Call | Card, typed: str) -> bool:
    """False (and why) if the learner agreed to another move."""
    if table.trading is None:
        return True
    due_move(table, LEARNER)
    try:
        check_move(table.trading.ledger, LEARNER, move)
    except BetelError as error:
        ctx.refuse_error(typed, error)
        return False
    return True


def moved(table: Table, seat: Seat) -> None:
    if table.trading is not None:
        table.trading.ledger = made_move(table.trading.ledger, seat)


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
        reply = "decline" if record.outcome == "declined" else "accept"
        terms = made_precise(record.precise, record.precise_give, record.price)
        if record.outcome == "accepted" and terms is not None:
            reply = terms
        trades.append((record.moves, format_offer(record.offer), reply))
    bids = ledger.first_bids if len(ledger.first_bids) == 3 else None
    return {"first_exchange": bids, "trades": tuple(trades)}
