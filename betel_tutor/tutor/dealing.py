"""A deal begins at the tutor's table: who sits where, the cards, and then the auction
(levels 5–10) or the play of the level's fixed contract (levels 1–4).
"""

from __future__ import annotations

from dataclasses import replace

from betel_tutor.auction import Auction
from betel_tutor.cards import Card, Suit
from betel_tutor.contracts import Contract, free_play
from betel_tutor.dealing import Deal
from betel_tutor.play import BETEL, DealPlay, start_play
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, LevelOptions, PlayStep
from betel_tutor.seats import Seat
from betel_tutor.tutor import resting, trading
from betel_tutor.tutor.bidding import AuctionPhase
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.table import SOUTH, THREE, Player, Rest, Table, resting_player, seated


def begin_lesson_deal(ctx: Context, step: PlayStep, then: Next) -> Phase:
    """The deal of a lesson's play step."""
    assert ctx.place is not None
    lesson = ctx.place.lesson
    deal = lesson.deal(step.deal)
    assert deal is not None
    if ctx.settings.seed is not None:
        deal = replace(deal, hands=None, seed=f"{ctx.settings.seed}/{deal.id}", constraints=())
    dealt = realize(deal)
    if lesson.options.auction:
        names, rest = fourth_player(ctx)
        return begin_auction(ctx, step, dealt, lesson.options, then, names=names, rest=rest)
    contract, declarer = contract_for(lesson.options, deal)
    state = start_play(BETEL, dealt.hands, contract, declarer=declarer, dealer=deal.dealer)
    ctx.table = Table(
        DealPlay(state),
        step,
        step.open or ctx.settings.always_open,
        dealt=dealt,
        strength=ctx.settings.strength,
    )
    ctx.say(ctx.t("deal_intro", dealer=ctx.name(deal.dealer), contract=contract))
    if declarer is not None:
        ctx.say(ctx.t("declarer", seat=ctx.name(declarer)))
    if dealt.dubel:
        ctx.say(ctx.t("dubel", cards=" ".join(map(str, dealt.dubel))))
    say_goal(ctx, step)
    return PlayPhase(ctx.table, then)


def say_goal(ctx: Context, step: PlayStep) -> None:
    if step.goal:  # a match deal has no goal of its own
        goal, value = next(iter(step.goal.items()))
        ctx.say(ctx.t("goal_" + goal, n=value))


def contract_for(options: LevelOptions, deal: DealSpec) -> tuple[Contract, Seat | None]:
    """The fixed contract of levels 1–4 and its declarer (the dealer unless the deal says)."""
    fixed = deal.contract or options.contract or free_play()
    if fixed.kind == "free":
        trump: Suit | None = fixed.trump
        if options.dealer_names_trump:
            trump = trump_named_by_dealer(realize(deal).hands[deal.dealer])
        return free_play(trump), None
    declarer = deal.declarer if deal.declarer is not None else deal.dealer
    return fixed, Seat(declarer)


def trump_named_by_dealer(hand: tuple[Card, ...]) -> Suit:
    """Level 2: the dealer names trumps; the computer dealer names its longest suit."""
    return max(Suit, key=lambda suit: (sum(c.suit is suit for c in hand), suit.order))


def fourth_player(ctx: Context) -> tuple[tuple[Player, ...], Rest | None]:
    """Who sits at the table for the deal about to begin, and who rests (level 10 with
    ``--fourth``: the learner rests on every fourth deal begun in this run)."""
    if not ctx.settings.fourth or ctx.place is None or ctx.place.level != 10:
        return THREE, None
    ctx.fourth_deals += 1
    rest = Rest(resting_player(ctx.fourth_deals))
    if rest.player != SOUTH:
        ctx.say(ctx.t("rests", seat=rest.player))
    return seated(rest.player), rest


def begin_auction(
    ctx: Context,
    step: PlayStep,
    dealt: Deal,
    options: LevelOptions,
    then: Next,
    *,
    names: tuple[Player, ...] = THREE,
    rest: Rest | None = None,
    in_match: bool = False,
) -> Phase:
    """Seat the players and open the auction (with trade, the first exchange is sold first)."""
    dealer = Seat(dealt.dealer)
    order = dealer.clockwise()
    auction = Auction(
        hands=[dealt.hands[seat] for seat in order],
        dubel=dealt.dubel,
        kontra=options.kontra,
        betelki=options.betelki,
        normal=options.normal,
        exchange=options.exchange,
    )
    ctx.table = table = Table(
        None,
        step,
        step.open or ctx.settings.always_open,
        auction=auction,
        order=order,
        hands=tuple(frozenset(h) for h in dealt.hands),
        names=names,
        rest=rest,
        strength=ctx.settings.strength,
        dealt=dealt,
    )
    if rest is not None and rest.learner:
        resting.show_rest_deal(ctx, table, dealt.hands, dealt.dubel)
    ctx.say(ctx.t("auction_intro", dealer=ctx.name(dealer)))
    if table.learner_seat is not None:
        say_goal(ctx, step)
    phase = AuctionPhase(table, then, in_match=in_match)
    if options.trade:  # the bank sells the first exchange first (rules 9–10)
        level = ctx.place.level if ctx.place is not None else 0
        seed = f"{ctx.settings.seed or ''}/{step.deal}/{level}"
        trading.start(ctx, table, seed=seed)
        return trading.BidPhase(table, phase)
    return phase
