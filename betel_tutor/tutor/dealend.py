"""The end of a deal at the tutor's table: the hands, the tricks, the score, the goal, the
review of the learner's cards, and the deal kept for ``save`` and ``replay``.

:func:`deal_points` is the one place where a deal's points are counted, for the end of every
deal and for the match.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from betel_tutor.cards import format_hand
from betel_tutor.explain.score import explain_score
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat, clockwise_from, seats
from betel_tutor.tutor import auctionreview, chances, goals, resting, trading, why
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import DealEnd, Review
from betel_tutor.tutor.saving import PlayedDeal
from betel_tutor.tutor.table import LEARNER, PLAYERS, Table
from betel_tutor.tutor.taught import taught, worded_for

if TYPE_CHECKING:
    from betel_tutor.solver.advice import Mistake


def deal_points(table: Table, state: PlayState) -> tuple[int, ...]:
    """Each player's points for the deal just played, in the order of the match's players
    (South, West, North, and East when a fourth player rests): the contract's score (§6,
    doubled after a kontra, rule 16), the points trade moved (rule 19; what went to the bank
    is missing from the sum), the dubel penalty of a player who looked at the dubel and passed
    (§3, §12.3), and the resting player's ±10 for a prediction (§7)."""
    scores = table_scores(table, state)
    traded = table.trading.ledger.points if table.trading is not None else (0,) * len(scores)
    points = {player: scores[seat] + traded[seat] for seat, player in enumerate(table.names)}
    if table.rest is not None:
        points[table.rest.player] = resting.points(table.rest, state)
    return tuple(points.get(player, 0) for player in PLAYERS[: len(points)])


def table_scores(table: Table, state: PlayState) -> tuple[int, ...]:
    """The contract's score at each table seat (§6, doubled after a kontra), with the dubel
    penalties of the auction (spec §3, §12.3)."""
    scores = state.scores(doubled=table.doubled)
    return tuple(score + penalty for score, penalty in zip(scores, table.penalties, strict=True))


def score_breakdown(ctx: Context, table: Table, state: PlayState) -> tuple[str, ...]:
    """How the deal's scores come about, in the learner's language: who declared and who
    defended, the contract's score as ``explain score`` words it (§6, kontra rule 16), each
    dubel penalty (§3, §12.3), and the resting player's prediction (§7)."""
    taken = state.tricks_taken()
    declarer = state.declarer
    if declarer is None:  # three passes: every player scores their own tricks, South first
        order = seats(3)
        head = ctx.t("breakdown_players", players=", ".join(_names(ctx, order)))
    else:
        order = clockwise_from(Seat(declarer))
        first, second, third = _names(ctx, order)
        head = ctx.t("breakdown_sides", declarer=first, first=second, second=third)
    why = explain_score(state.contract, [taken[s] for s in order], doubled=table.doubled)
    why = worded_for(why, taught(ctx))
    lines = [head, *why.lines(ctx.lang)]
    for seat, penalty in zip(seats(3), table.penalties, strict=True):
        if penalty:
            lines.append(ctx.t("dubel_penalty", seat=ctx.name(seat), points=f"{penalty:+d}"))
    rest = table.rest
    if rest is not None and declarer is not None:
        won = resting.points(rest, state)
        outcome = "none" if rest.predicted is None else ("right" if won > 0 else "wrong")
        lines.append(ctx.t(f"rest_{outcome}", seat=rest.player, points=f"{won:+d}"))
    return tuple(lines)


def _names(ctx: Context, order: tuple[Seat, ...]) -> list[str]:
    return [ctx.name(seat).localized(ctx.lang) for seat in order]


def end_deal(ctx: Context, table: Table) -> None:
    """Say how the deal ended, review the learner's play, and keep the deal."""
    assert table.play is not None
    state = table.play.state
    taken = state.tricks_taken()
    first = table.play.history[0] if table.play.history else state
    lines = [ctx.t("hands_were")]
    for seat in seats(3):
        name = ctx.name(seat).localized(ctx.lang)
        lines.append(f"  {name:<9} {format_hand(first.hands[seat], lang=ctx.lang)}")
    for seat in seats(3):
        lines.append(ctx.t("tricks_taken", seat=ctx.name(seat), n=taken[seat]))
    scores = table_scores(table, state)
    entries = [f"{ctx.name(s).localized(ctx.lang)} {scores[s]:+d}" for s in seats(3)]
    rest = table.rest
    if rest is not None:
        won = resting.points(rest, state)
        entries.append(ctx.t("resting_score", seat=rest.player, points=f"{won:+d}"))
    lines.append(ctx.t("scores", scores=", ".join(entries)))
    breakdown = score_breakdown(ctx, table, state)
    lines.append(ctx.t("breakdown"))
    lines.extend(f"  {line}" for line in breakdown)
    ctx.say("\n".join(lines))
    if table.trading is not None:  # rule 19: trade points are between players and the bank
        trading.show_ledger(ctx, table)
    if rest is not None:
        resting.say_outcome(ctx, rest, state)
    met: bool | None = None
    learner, view = table.learner_seat, table.outlook
    # An open deal's calls are judged on the hands as dealt, as its call hint judged them.
    auction = auctionreview.judge_auction(table, table.step.open or ctx.settings.always_open)
    costly_call = auction is not None and auction.costly
    # A closed deal is judged by the learner's chances (single dummy), an open one by the
    # cards as dealt (double dummy).
    by_chance = not table.replay and chances.single_dummy(table, ctx.match is not None)
    mistake = None if table.replay or by_chance else find_mistake(table)
    slip = chances.first_slip(table, table.play.history, table.play.played) if by_chance else None
    # The review names a card that cost: no praise beside it.
    if by_chance:
        costly_card = slip is not None
    else:
        costly_card = mistake is not None and mistake.card is not None
    if learner is not None and view is not None and table.step.goal:
        goal, value = next(iter(table.step.goal.items()))
        played_to_goal = goals.goal_met(goal, value, state, learner, view)
        met = played_to_goal and not costly_call  # the whole deal counts, its auction too
        ctx.say(ctx.t(goal_words(played_to_goal, costly_call, costly_card)))
    if learner is not None and view is not None and not table.replay:
        clean = slip is None if by_chance else mistake is None or mistake.card is None
        at_best = by_chance or view.at_best(goals.counted(state, learner))
        table.stars = goals.stars(met, at_best, clean, costly_call=costly_call)
        if not table.practice:  # a practice deal's stars do not count: not announced either
            why = ctx.t(f"stars_{table.stars}")
            ctx.say(ctx.t("stars", stars=table.stars, why=why))
    table.goal_met = met
    if by_chance:
        chances.review(ctx, table, slip)
    elif not table.replay:
        review(ctx, table, mistake)
    if slip is not None:
        table.costly_trick = slip.trick
    elif mistake is not None and mistake.card is not None:
        table.costly_trick = mistake.trick
    if not table.replay:
        auctionreview.review_auction(ctx, table, auction)
    points = deal_points(table, state)
    ctx.emit(
        DealEnd(
            "",
            deal=table.step.deal,
            closed=closed(ctx, table),
            retry=table.retry,
            contract=state.contract,
            declarer=None if state.declarer is None else ctx.name(state.declarer),
            doubled=table.doubled,
            tricks={ctx.name(s): taken[s] for s in seats(3)},
            hands={ctx.name(s): tuple(sorted(first.hands[s], reverse=True)) for s in seats(3)},
            play=tuple(
                (ctx.name(Seat(trick.leader).next(k)), card)
                for trick in state.tricks
                for k, card in enumerate(trick.cards)
            ),
            goal=dict(table.step.goal),
            goal_met=met,
            learner=None if learner is None else ctx.name(learner),
            side=None if view is None else view.side,
            best_tricks=None if view is None else view.best,
            counted=None if learner is None else goals.counted(state, learner),
            stars=table.stars,
            costly_call=costly_call,
            score=dict(zip(PLAYERS, points, strict=False)),
            practice=table.practice or table.replay,
            breakdown=breakdown,
        )
    )
    if table.replay:
        ctx.say(ctx.t("replay_over"))
        return
    remember(ctx, table)
    ctx.last_table = table


def goal_words(played_to_goal: bool, costly_call: bool, costly_card: bool) -> str:
    """The catalog key that says whether the goal was reached: a play that reached it after a
    costly call of the learner's (the auction review says which) did not reach it, and a goal
    reached beside a card the review names is not praised."""
    if costly_call:
        return "goal_missed_call" if played_to_goal else "goal_missed"
    if not played_to_goal:
        return "goal_missed"
    return "goal_met_plain" if costly_card else "goal_met"


def find_mistake(table: Table) -> Mistake | None:
    """The first card of the learner's in the deal just played that cost a trick, with a
    better one (``card`` None when every card was among the best); None when the learner
    played no card."""
    assert table.play is not None
    if table.learner_seat is None or not table.play.history:
        return None
    return table.advisor.review(table.play.history, table.play.played, LEARNER)


def review(ctx: Context, table: Table, mistake: Mistake | None) -> None:
    """After a deal: the first card of the learner's that cost a trick (``find_mistake``),
    and a better one; nothing when the learner played no card."""
    assert table.play is not None
    if mistake is None:
        return
    if mistake.card is None:
        ctx.emit(Review(ctx.t("review_clean")))
        return
    assert mistake.better is not None  # a card that cost has a better one
    side = goals.side_of(table.play.state, LEARNER)
    misere = side != "own" and table.play.state.contract.kind != "normal"
    key = f"review_mistake_{'misere_' if misere else ''}{side}"
    text = ctx.t(key, trick=mistake.trick, card=mistake.card, better=mistake.better, n=mistake.cost)
    if mistake.costs_contract:
        spared = _spared(table.play.state, side)
        text += " " + ctx.t("review_spared" if spared else "review_decided")
    assert mistake.better is not None
    told = why.told_open(ctx, table, mistake.move, mistake.card, mistake.better)
    if told is not None:
        text += "\n" + told.why
    ctx.emit(
        chances.card_review(
            text,
            mistake.trick,
            (mistake.card, mistake.better),
            mistake.cost,
            side,
            line=() if told is None else tuple((ctx.name(s), c) for s, c in told.line),
            why="" if told is None else told.why,
        )
    )



def _spared(state: PlayState, side: str) -> bool:
    """Whether the contract still went the learner's way after a card that, with best play by
    the others, would have turned it: they missed the play that punishes it."""
    assert state.declarer is not None
    made = state.contract.is_made(state.tricks_taken()[state.declarer])
    return made == (side == "declarer")


def remember(ctx: Context, table: Table) -> None:
    """Keep the deal just played, for ``save``."""
    assert table.play is not None and table.dealt is not None and ctx.place is not None
    state = table.play.state
    dealt = table.dealt
    calls = table.calls
    contract = None if calls is not None else state.contract
    trump = None
    if contract is not None and state.contract.kind == "free":
        trump = state.contract.strain.symbol if state.contract.strain else None
        contract = None
    ctx.last_deal = PlayedDeal(
        level=ctx.place.level,
        step_deal=table.step.deal,
        dealer=Seat(dealt.dealer),
        hands=dealt.hands,
        dubel=dealt.dubel,
        calls=calls,
        contract=contract,
        declarer=None if calls is not None else state.declarer,
        trump=trump,
        play=tuple(table.play.played),
        **trading.saved(table),
    )


def count_deal(ctx: Context, table: Table) -> None:
    """A deal of the lesson counts: its points in the level's progress (once: not a retry nor a
    deal made practice by ``undo``), and for a closed deal its stars and, while its goal is not
    met, its place on the practice list."""
    assert table.play is not None and ctx.place is not None
    number = ctx.place.level
    level = ctx.progress.level(number)
    if table.practice:
        ctx.say(ctx.t("practice"))
    elif not table.retry:
        mine = deal_points(table, table.play.state)[0]  # South's: contract, trade, prediction
        level = replace(level, deals_played=level.deals_played + 1, points=level.points + mine)
    if closed(ctx, table) and table.learner_seat is not None:
        deal = table.step.deal
        best = max(level.closed.get(deal, 0), 0 if table.practice else table.stars)
        met = best >= 2
        practise = tuple(d for d in level.practise if d != deal) + (() if met else (deal,))
        level = replace(
            level,
            closed={**level.closed, deal: best} if best else level.closed,
            practise=practise,
        )
    ctx.progress = ctx.progress.with_level(number, level)


def closed(ctx: Context, table: Table) -> bool:
    """Whether the deal is one of the level's closed deals, the ones that pass a level (a deal
    of an optional round is not)."""
    step = table.step
    return not step.open and not step.optional and ctx.match is None and bool(step.goal)


def offer_retry(table: Table) -> bool:
    """Whether the deal is offered again at once: the learner played it and missed its goal,
    or the review named a costly card (to be found again from its trick), or they made it
    practice with ``undo``."""
    if table.learner_seat is None or table.replay or not table.step.goal:
        return False
    return table.goal_met is False or table.practice or table.costly_trick is not None
