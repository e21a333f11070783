"""A deal begins at the tutor's table: who sits where, the cards, and then the auction
(levels 5–10) or the play of the level's fixed contract (levels 1–4).
"""

from __future__ import annotations

from dataclasses import replace

from betel_tutor.auction import Auction
from betel_tutor.cards import Suit, format_hand
from betel_tutor.contracts import Contract, free_play
from betel_tutor.dealing import Deal
from betel_tutor.play import BETEL, DealPlay, start_play
from betel_tutor.scenario import Scenario
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.goals import fixed_play
from betel_tutor.scenario.model import DealSpec, LevelOptions, PlayStep
from betel_tutor.seats import Seat
from betel_tutor.tutor import resting, trading
from betel_tutor.tutor.bidding import AuctionPhase
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Prompt
from betel_tutor.tutor.goals import outlook, reachable
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.table import (
    LEARNER,
    SOUTH,
    THREE,
    Player,
    Rest,
    Table,
    resting_player,
    seated,
)
from betel_tutor.tutor.text import shown

RE_DEALS = 12  # with --seed, closed deals dealt again until their goal can be reached


def begin_lesson_deal(ctx: Context, step: PlayStep, then: Next) -> Phase:
    """The deal of a lesson's play step."""
    assert ctx.place is not None
    lesson = ctx.place.lesson
    deal = lesson.deal(step.deal)
    assert deal is not None
    if ctx.settings.seed is not None:
        deal = seeded(lesson, step, deal, ctx.settings.seed)
    dealt = realize(deal)
    if lesson.options.auction:
        names, rest = fourth_player(ctx)
        return begin_auction(ctx, step, dealt, lesson.options, then, names=names, rest=rest)
    if lesson.options.dealer_names_trump and deal.dealer == LEARNER and not fixed(lesson, deal):
        return TrumpPhase(step, dealt, then)  # §12.1: the learner deals, the learner names
    contract, declarer = contract_for(lesson.options, deal)
    return play_fixed(ctx, step, dealt, contract, declarer, then)


def seeded(lesson: Scenario, step: PlayStep, deal: DealSpec, seed: str) -> DealSpec:
    """The deal dealt from the learner's ``--seed``, the lesson's and the deal's own: one seed
    gives each level deals of its own (the deals of levels 5–8 share their names ``d1``–``d6``)
    and the same deals every time. A closed deal whose goal best play cannot reach is not used:
    it is dealt again (a few times) from the next seed."""
    tries = 1 if step.open or lesson.options.auction or not step.goal else RE_DEALS
    candidate = deal
    for number in range(tries):
        suffix = f"/{number}" if number else ""
        own = f"{seed}/{lesson.id}/{deal.id}{suffix}"
        candidate = replace(deal, hands=None, seed=own, constraints=())
        contract, declarer = contract_for(lesson.options, candidate)
        state = start_play(
            BETEL, realize(candidate).hands, contract, declarer=declarer, dealer=deal.dealer
        )
        goal, value = next(iter(step.goal.items())) if step.goal else ("best", 0)
        if tries == 1 or reachable(goal, value, state, LEARNER, outlook(state, LEARNER)):
            break
    return candidate


def fixed(lesson: Scenario, deal: DealSpec) -> bool:
    """Whether the deal's contract is a declaration (not free play)."""
    contract = deal.contract or lesson.options.contract
    return contract is not None and contract.kind != "free"


def play_fixed(
    ctx: Context,
    step: PlayStep,
    dealt: Deal,
    contract: Contract,
    declarer: Seat | None,
    then: Next,
) -> Phase:
    """The play of a deal with no auction: the level's contract (levels 1–4)."""
    state = start_play(BETEL, dealt.hands, contract, declarer=declarer, dealer=dealt.dealer)
    ctx.table = Table(
        DealPlay(state),
        step,
        step.open or ctx.settings.always_open,
        dealt=dealt,
        strength=ctx.settings.strength,
    )
    ctx.say(ctx.t("deal_intro", dealer=ctx.name(dealt.dealer), contract=contract))
    if declarer is not None:
        ctx.say(ctx.t("declarer", seat=ctx.name(declarer)))
    if dealt.dubel:
        ctx.say(ctx.t("dubel", cards=dealt.dubel))
    say_goal(ctx, step)
    return PlayPhase(ctx.table, then)


SUIT_WORDS: dict[str, Suit] = {  # what a learner may type for a suit, in either language
    **{suit.symbol: suit for suit in Suit},
    **{suit.letter.lower(): suit for suit in Suit},
    "spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS,
    "clubs": Suit.CLUBS, "piki": Suit.SPADES, "pik": Suit.SPADES, "kiery": Suit.HEARTS,
    "kier": Suit.HEARTS, "karo": Suit.DIAMONDS, "kara": Suit.DIAMONDS,
    "trefle": Suit.CLUBS, "trefl": Suit.CLUBS,
}  # fmt: skip


class TrumpPhase(Phase):
    """Level 2 (spec §9.2, §12.1): the dealer names trumps; when the learner deals, the
    learner names them, seeing their hand."""

    expects = "trump"

    def __init__(self, step: PlayStep, dealt: Deal, then: Next) -> None:
        self.step, self.dealt, self.then, self.asked = step, dealt, then, False

    def prompt(self, ctx: Context) -> Prompt:
        if not self.asked:
            self.asked = True
            hand = format_hand(self.dealt.hands[LEARNER], lang=ctx.lang)
            ctx.say(ctx.t("trump_ask", hand=hand))
        choices = tuple(sorted(Suit, key=lambda s: -s.order))
        return Prompt(ctx.t("prompt_trump"), expects=self.expects, choices=choices)

    def handle(self, ctx: Context, line: str) -> Phase:
        suit = SUIT_WORDS.get(line.strip().lower())
        if suit is None:
            key = "trump_bad" if line.strip() else "trump_blank"
            ctx.refuse(line, "trump_bad", ctx.t(key, token=shown(line)))
            return self
        ctx.say(ctx.t("trump_named", seat=ctx.name(LEARNER), suit=suit.symbol))
        return play_fixed(ctx, self.step, self.dealt, free_play(suit), None, self.then)


def say_goal(ctx: Context, step: PlayStep) -> None:
    if step.goal:  # a match deal has no goal of its own
        goal, value = next(iter(step.goal.items()))
        ctx.say(ctx.t("goal_" + goal, n=value))


def contract_for(options: LevelOptions, deal: DealSpec) -> tuple[Contract, Seat | None]:
    """The fixed contract of levels 1–4 and its declarer, as the checker proves the goals with
    (:func:`betel_tutor.scenario.goals.fixed_play`: one rule for both)."""
    play = fixed_play(options, deal, LEARNER)
    return play.contract, play.declarer


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
