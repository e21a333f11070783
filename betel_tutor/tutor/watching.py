"""Watching a deal: the computer players play all three hands, open, each card with its
reason; or a scripted deal (level 9's worked example) told move by move as written.

A scripted deal is told from the one replay of its script
(:func:`betel_tutor.scenario.script.replay`): the bids for the first exchange, every offer
where it was made and how it was answered, each call and card, who takes each trick, and the
points with trade. A script that stops before the end is finished by the computer players.
"""

from __future__ import annotations

from betel_tutor.bots import choose_card
from betel_tutor.cards import Card, format_hand
from betel_tutor.contracts import Contract
from betel_tutor.dealing import Deal
from betel_tutor.play import BETEL, DealPlay, PlayState, start_play
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, LevelOptions, Text, WatchStep
from betel_tutor.scenario.script import replay
from betel_tutor.seats import Seat, seats
from betel_tutor.trade import Record
from betel_tutor.tutor import trading
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.dealing import contract_for
from betel_tutor.tutor.events import CallMade
from betel_tutor.tutor.phase import Continue, Next, Phase
from betel_tutor.tutor.playing import play_and_tell


def watch(
    ctx: Context, step: WatchStep, deal: DealSpec, options: LevelOptions, then: Next
) -> Phase:
    """Tell the deal of a ``watch`` step, then wait for Enter."""
    if step.text is not None:
        ctx.teach(step.text)
    dealt = realize(deal)
    if scripted(deal):
        watch_script(ctx, deal, dealt, step.comments)
    else:
        contract, declarer = contract_for(options, deal)
        game = DealPlay(
            start_play(BETEL, dealt.hands, contract, declarer=declarer, dealer=deal.dealer)
        )
        ctx.say(ctx.t("deal_intro", dealer=ctx.name(deal.dealer), contract=contract))
        show_hands(ctx, dealt.hands)
        finish(ctx, game, step.comments)
        say_tricks(ctx, game.state)
    return Continue(then)


def scripted(deal: DealSpec) -> bool:
    return deal.auction is not None or bool(deal.play) or bool(deal.trades)


def show_hands(ctx: Context, hands: tuple[tuple[Card, ...], ...]) -> None:
    for seat in seats(3):
        name = ctx.name(seat).localized(ctx.lang)
        ctx.say(f"  {name:<9} {format_hand(hands[seat], lang=ctx.lang)}")


def watch_script(
    ctx: Context, deal: DealSpec, dealt: Deal, comments: tuple[Text, ...] = ()
) -> None:
    """Tell the deal as its script has it (the checker has proved the script legal)."""
    replayed = replay(deal)
    ledger = replayed.ledger
    dealer = Seat(deal.dealer)
    ctx.say(ctx.t("watch_intro", dealer=ctx.name(dealer)))
    show_hands(ctx, dealt.hands)
    if deal.first_exchange is not None:
        for k, bid in enumerate(deal.first_exchange):
            ctx.say(ctx.t("bid_made", seat=ctx.name(dealer.next(k)), points=bid))
        if ledger.first_caller is not None:
            winner = Seat(ledger.first_caller)
            points = deal.first_exchange[winner.distance_from(dealer)]
            ctx.say(ctx.t("bid_won", seat=ctx.name(winner), points=points))
    by_move: dict[int, list[Record]] = {}
    for record in ledger.records:
        if record.outcome != "lapsed":
            by_move.setdefault(record.moves, []).append(record)
    moves = 0
    for auction_seat, call in replayed.calls:
        tell_trades(ctx, by_move.get(moves, []))
        seat = dealer.next(auction_seat)
        said = ctx.t("calls", seat=ctx.name(seat), call=call)
        ctx.emit(CallMade(said, seat=ctx.name(seat), call=call))
        moves += 1
    if replayed.declarer is not None:
        say_contract(ctx, replayed.contract, Seat(replayed.declarer), replayed.doubled)
    for before, (_, card) in zip(replayed.states, replayed.played, strict=False):
        tell_trades(ctx, by_move.get(moves, []))
        game = DealPlay(before)
        play_and_tell(ctx, game, card, None)
        comment(ctx, game.state, comments)
        moves += 1
    game = DealPlay(replayed.state)
    tell_trades(ctx, by_move.get(moves, []))
    finish(ctx, game, comments)
    say_tricks(ctx, game.state)
    say_points(ctx, game.state, replayed.doubled, ledger.points)


def say_contract(ctx: Context, contract: Contract, declarer: Seat, doubled: bool) -> None:
    key = "contract_doubled" if doubled else "contract_is"
    ctx.say(ctx.t(key, contract=contract, seat=ctx.name(declarer)))


def tell_trades(ctx: Context, records: list[Record]) -> None:
    for record in records:
        trading.tell(ctx, record.offer, record.outcome, record.precise)


def finish(ctx: Context, game: DealPlay, comments: tuple[Text, ...] = ()) -> None:
    """The computer players play the cards left, open, saying why."""
    while not game.state.finished:
        choice = choose_card(game.state)
        play_and_tell(ctx, game, choice.card, ctx.reason(choice.reason, choice.params))
        comment(ctx, game.state, comments)


def comment(ctx: Context, state: PlayState, comments: tuple[Text, ...]) -> None:
    """The lesson's comment on the trick just completed, if it has one."""
    done = len(state.tricks)
    if not state.current and 0 < done <= len(comments):
        ctx.teach(comments[done - 1])


def say_tricks(ctx: Context, state: PlayState) -> None:
    taken = state.tricks_taken()
    for seat in seats(3):
        ctx.say(ctx.t("tricks_taken", seat=ctx.name(seat), n=taken[seat]))


def say_points(ctx: Context, state: PlayState, doubled: bool, trade: tuple[int, ...]) -> None:
    scores = state.scores(doubled=doubled)
    entries = [f"{ctx.name(s).localized(ctx.lang)} {scores[s]:+d}" for s in seats(3)]
    ctx.say(ctx.t("scores", scores=", ".join(entries)))
    if any(trade):
        names = trading.names(ctx)
        points = ", ".join(f"{n} {p:+d}" for n, p in zip(names, trade, strict=True))
        ctx.say(ctx.t("trade_points_watched", points=points))
