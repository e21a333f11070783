"""The auction of a deal at the tutor's table (levels 5–10, spec §3), and the exchange shown
to the learner before it is made.

The computer players call with :func:`betel_tutor.bots.bidding.choose_call` (or the strong
player's :func:`~betel_tutor.bots.strong_bidding.strong_call`); the learner types calls. When
the auction ends the play begins, after the resting fourth player's prediction where there is
one (:mod:`betel_tutor.tutor.resting`).
"""

from __future__ import annotations

from betel_tutor.auction import AuctionState, Call, apply_call, legal_calls, parse_call
from betel_tutor.bots.bidding import CallChoice
from betel_tutor.bots.strong_bidding import strong_choice
from betel_tutor.cards import format_cards, format_hand
from betel_tutor.contracts import free_play
from betel_tutor.errors import BetelError
from betel_tutor.play import BETEL, DealPlay, start_play
from betel_tutor.seats import Seat
from betel_tutor.trade.rules import bound_move
from betel_tutor.tutor import resting, trading
from betel_tutor.tutor.auctionreview import hands_then
from betel_tutor.tutor.call_count import count_words
from betel_tutor.tutor.call_values import Situation, Tricks, best_call
from betel_tutor.tutor.commands import Command, Typed
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import CallMade, Hint, Prompt
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.table import LEARNER, Called, Table
from betel_tutor.tutor.text import shown as quoted
from betel_tutor.tutor.told import bidder

YES = ("yes", "y", "tak", "t")


class AuctionPhase(Phase):
    """Calls go round until the auction ends; then the play (:class:`PlayPhase`)."""

    expects = "call"
    gives_hint = True

    def __init__(self, table: Table, then: Next, *, in_match: bool = False) -> None:
        assert table.auction is not None
        self.table, self.then, self.in_match = table, then, in_match
        self.shown = False  # the learner's hand and calls were shown for this turn

    @property
    def at_table(self) -> bool:
        return True

    def waiting(self, ctx: Context) -> bool:
        auction = self.table.auction
        assert auction is not None
        if auction.finished or self.table.order[auction.to_call] != self.table.learner_seat:
            return False
        return not trading.between_moves(ctx, self.table)  # rules 3–4: offers first

    def advance(self, ctx: Context) -> Phase:
        table = self.table
        auction = table.auction
        assert auction is not None
        if trading.between_moves(ctx, table):
            return trading.OfferPhase(table, self)
        if auction.finished:
            return self.end(ctx)
        seat = table.order[auction.to_call]
        if seat == table.learner_seat:
            return self
        hand = auction.state.hands[auction.to_call] if auction.state.hands else frozenset()
        due = trading.due_move(table, seat)  # rule 20: a call it was paid for
        if isinstance(due, Call):
            choice = CallChoice(due, "bots.call_bound", {"call": due})
        else:
            choice = bidder(table.strength)(auction.state, hand)
        reason = ctx.reason(choice.reason, choice.params) if table.open else None
        bound = isinstance(due, Call)
        self.make(ctx, seat, choice.call, reason, chosen=not bound, bound=bound)
        return self

    def make(
        self,
        ctx: Context,
        seat: Seat,
        call: Call,
        reason: str | None = None,
        *,
        chosen: bool = False,
        bound: bool = False,
    ) -> None:
        """Make ``call`` for ``seat``; ``chosen`` when a computer player chose it by its hand,
        ``bound`` when a trade bound ``seat`` to make it (rule 20)."""
        auction = self.table.auction
        assert auction is not None
        if seat == self.table.learner_seat:  # for the auction's review
            if self.table.first_call is None:
                self.table.first_call = (auction.state, call)
            self.table.learner_calls.append(call)
        self.table.called.append(Called(auction.state, seat, call, chosen, bound))
        auction.state = apply_call(auction.state, call)
        trading.moved(self.table, seat)
        self.shown = False
        said = ctx.t("calls", seat=ctx.name(seat), call=call)
        if reason is not None:
            said += f"\n    {reason}"
        ctx.emit(CallMade(said, seat=ctx.name(seat), call=call, reason=reason))

    def prompt(self, ctx: Context) -> Prompt:
        auction = self.table.auction
        assert auction is not None
        calls = tuple(legal_calls(auction.state))
        if not self.shown:
            self.shown = True
            hand = auction.state.hands[auction.to_call] if auction.state.hands else frozenset()
            ctx.describe(ctx.t("your_hand", cards=format_hand(hand, lang=ctx.lang)))
            if auction.dubel:
                ctx.describe(ctx.t("dubel", cards=auction.dubel))
            shown = ", ".join(call.format(lang=ctx.lang) for call in calls)
            ctx.describe(ctx.t("legal_calls", calls=shown))
        return Prompt(ctx.t(call_prompt(auction.state)), expects=self.expects, choices=calls)

    def handle(self, ctx: Context, line: str) -> Phase:
        auction = self.table.auction
        assert auction is not None
        text = line.strip()
        try:
            call = parse_call(text, lang=ctx.lang)
            after = apply_call(auction.state, call)  # raises when the rules refuse it
        except BetelError as error:
            if error.key == "auction.bad_call":  # said in the level's words (call_prompt)
                key = call_prompt(auction.state).replace("prompt_call", "bad_call")
                key += "" if text else "_blank"
                ctx.refuse(line, error.reason, ctx.t(key, token=quoted(line)))
            else:
                ctx.refuse_error(line, error)
            return self
        if call.take:  # an exchange is shown before it is made
            hand = after.hands[auction.to_call] if after.hands is not None else frozenset()
            ctx.say(
                ctx.t(
                    "exchange_preview",
                    take=call.take,
                    lay=call.lay,
                    hand=format_hand(hand, lang=ctx.lang),
                    dubel=format_cards(after.dubel or (), lang=ctx.lang),
                )
            )
            return ExchangePhase(self, call, text)
        return self.learner_calls(ctx, call, text)

    def learner_calls(self, ctx: Context, call: Call, typed: str) -> Phase:
        if not trading.check_learner_move(ctx, self.table, call, typed):
            return self
        ledger = self.table.trading.ledger if self.table.trading is not None else None
        bound = ledger is not None and bound_move(ledger, LEARNER) is not None  # sold: rule 20
        self.make(ctx, LEARNER, call, bound=bound)
        return self

    def command(self, ctx: Context, typed: Typed) -> Phase | None:
        table = self.table
        if typed.command is Command.HINT:
            self.hint(ctx)
            return self
        if typed.command is Command.TRADE and table.trading is not None:
            trading.show_ledger(ctx, table)
            return self
        if typed.command is Command.OFFER and table.trading is not None:
            if table.learner_seat is None:
                return None
            trading.handle_offer(ctx, table, typed.argument)
            return self
        return None

    def hint(self, ctx: Context) -> None:
        """The call to make with the learner's hand, and why: the learner's own count of tricks
        (the method the lessons teach), then the figure behind the call. In an open deal that
        is the call that gains most with the hands as dealt, the measure the auction review
        judges by (:func:`betel_tutor.tutor.call_values.best_call`); in a closed deal, the call
        a strong player would make and in how many sampled deals it is made (an estimate, said
        as such)."""
        table = self.table
        auction = table.auction
        assert auction is not None
        hand = auction.state.hands[auction.to_call] if auction.state.hands else frozenset()
        seat = table.learner_seat
        if (table.step.open or ctx.settings.always_open) and seat is not None:
            at = Situation(
                auction.state, hands_then(auction.state, table), seat, table.order, None, True
            )
            best, gain, _ = best_call(at, Tricks())
            counted = count_words(auction.state, hand, best, ctx.lang)
            figure = ctx.t("hint_call_open_gain", call=best.format(lang=ctx.lang), n=round(gain))
            reason = f"{counted} {figure}" if counted else figure
            self.say_hint(ctx, "hint_call_open", best, reason)
            return
        choice = strong_choice(auction.state, hand)
        key = choice.reason.removeprefix("bots.")
        sampled = ctx.reason(f"tutor.hint_{key}", choice.params)
        counted = count_words(auction.state, hand, choice.call, ctx.lang)
        reason = f"{counted} {sampled}" if counted else sampled
        self.say_hint(ctx, "hint_call", choice.call, reason)

    def say_hint(self, ctx: Context, key: str, call: Call, reason: str) -> None:
        ctx.emit(
            Hint(
                ctx.t(key, call=call.format(lang=ctx.lang), reason=reason),
                suggest=call,
                suggest_reason=reason,
                call=call,
                reason=reason,
            )
        )

    def end(self, ctx: Context) -> Phase:
        """The contract (or three passes), the resting player's prediction, then the play."""
        table = self.table
        auction = table.auction
        assert auction is not None
        order = table.order
        hands = list(table.hands)
        if auction.state.hands is not None:
            for index, seat in enumerate(order):
                hands[seat] = auction.state.hands[index]
        standing = auction.state.standing
        if standing is None:
            contract, declarer = free_play(), None
            ctx.say(ctx.t("three_passes"))
        else:
            assert auction.declarer is not None
            contract, declarer = standing, Seat(order[auction.declarer])
            table.doubled = auction.doubled
            key = "contract_doubled" if auction.doubled else "contract_is"
            ctx.say(ctx.t(key, contract=contract, seat=ctx.name(declarer)))
        state = start_play(BETEL, hands, contract, declarer=declarer, dealer=order[0])
        table.play = DealPlay(state)
        table.calls = tuple(call for _, call in auction.state.calls)
        penalties = [0, 0, 0]
        for auction_seat, points in auction.state.penalties:  # looked at the dubel, passed
            seat = order[auction_seat]
            penalties[seat] += points
            ctx.say(ctx.t("dubel_penalty", seat=ctx.name(seat), points=points))
        table.penalties = tuple(penalties)
        final = auction.state
        table.auction = None
        play = PlayPhase(table, self.then, in_match=self.in_match)
        if table.rest is not None:
            return resting.predict_or_play(ctx, table, final, play)
        return play


def call_prompt(state: AuctionState) -> str:
    """The call prompt's key: it names kontra and the exchange only where the level allows
    them (spec §9: level 5 has neither, level 7 the exchange without kontra)."""
    options = state.options
    if options.kontra and options.exchange:
        return "prompt_call"
    if options.exchange:
        return "prompt_call_exchange"
    return "prompt_call_kontra" if options.kontra else "prompt_call_plain"


class ExchangePhase(Phase):
    """An exchange was shown to the learner: ``yes`` makes the call, anything else does not."""

    expects = "exchange"
    gives_hint = True

    def __init__(self, auction: AuctionPhase, call: Call, typed: str) -> None:
        self.auction, self.call, self.typed = auction, call, typed

    @property
    def at_table(self) -> bool:
        return True

    def prompt(self, ctx: Context) -> Prompt:
        auction = self.auction.table.auction
        assert auction is not None
        key = call_prompt(auction.state)
        return Prompt(ctx.t(key), expects=self.expects, choices=("yes", "no"))

    def command(self, ctx: Context, typed: Typed) -> Phase | None:
        """``hint`` here is the auction's: the call a strong player would make."""
        if typed.command is Command.HINT:
            self.auction.hint(ctx)
            return self
        return None

    def handle(self, ctx: Context, line: str) -> Phase:
        if line.strip().lower() not in YES:
            ctx.say(ctx.t("exchange_cancelled"))
            return self.auction
        return self.auction.learner_calls(ctx, self.call, self.typed)


def show_dubel(ctx: Context, table: Table) -> None:
    if table.dealt is not None and table.dealt.dubel:
        ctx.say(ctx.t("dubel", cards=format_cards(table.dealt.dubel, lang=ctx.lang)))
