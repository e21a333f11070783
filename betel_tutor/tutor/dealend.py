"""The end of a deal at the tutor's table: the hands, the tricks, the score, the goal, the
review of the learner's cards, and the deal kept for ``save`` and ``replay``.

:func:`deal_points` is the one place where a deal's points are counted, for the end of every
deal and for the match.
"""

from __future__ import annotations

from dataclasses import replace

from betel_tutor.cards import format_hand
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat, seats
from betel_tutor.tutor import resting, trading
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import DealEnd, Review
from betel_tutor.tutor.saving import PlayedDeal
from betel_tutor.tutor.table import LEARNER, PLAYERS, Table


def deal_points(table: Table, state: PlayState) -> tuple[int, ...]:
    """Each player's points for the deal just played, in the order of the match's players
    (South, West, North, and East when a fourth player rests): the contract's score (§6,
    doubled after a kontra, rule 16), the points trade moved (rule 19; what went to the bank
    is missing from the sum), and the resting player's ±10 for a prediction (§7)."""
    scores = state.scores(doubled=table.doubled)
    traded = table.trading.ledger.points if table.trading is not None else (0,) * len(scores)
    points = {player: scores[seat] + traded[seat] for seat, player in enumerate(table.names)}
    if table.rest is not None:
        points[table.rest.player] = resting.points(table.rest, state)
    return tuple(points.get(player, 0) for player in PLAYERS[: len(points)])


def goal_met(goal: str, value: int, state: PlayState) -> bool:
    """Whether the learner (table seat 0) reached the deal's goal."""
    mine = state.tricks_taken()[LEARNER]
    if goal == "tricks_at_least":
        return mine >= value
    if goal == "tricks_at_most":
        return mine <= value
    if state.declarer is None:
        return False
    made = state.contract.is_made(state.tricks_taken()[state.declarer])
    return made if goal == "make" else not made


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
    scores = state.scores(doubled=table.doubled)
    entries = [f"{ctx.name(s).localized(ctx.lang)} {scores[s]:+d}" for s in seats(3)]
    rest = table.rest
    if rest is not None:
        won = resting.points(rest, state)
        entries.append(ctx.t("resting_score", seat=rest.player, points=f"{won:+d}"))
    lines.append(ctx.t("scores", scores=", ".join(entries)))
    ctx.say("\n".join(lines))
    if table.trading is not None:  # rule 19: trade points are between players and the bank
        trading.show_ledger(ctx, table)
    if rest is not None:
        resting.say_outcome(ctx, rest, state)
    met: bool | None = None
    if table.learner_seat is not None and table.step.goal:
        goal, value = next(iter(table.step.goal.items()))
        met = goal_met(goal, value, state)
        ctx.say(ctx.t("goal_met" if met else "goal_missed"))
    clean = review(ctx, table) if not table.replay else None
    table.goal_met, table.stars = met, stars(met, clean, table.practice)
    points = deal_points(table, state)
    ctx.emit(
        DealEnd(
            "",
            contract=str(state.contract),
            declarer=None if state.declarer is None else ctx.name(state.declarer).letter,
            doubled=table.doubled,
            tricks={ctx.name(s).letter: taken[s] for s in seats(3)},
            hands={
                ctx.name(s).letter: tuple(map(str, sorted(first.hands[s], reverse=True)))
                for s in seats(3)
            },
            play=tuple(
                (ctx.name(Seat(trick.leader).next(k)).letter, str(card))
                for trick in state.tricks
                for k, card in enumerate(trick.cards)
            ),
            goal=dict(table.step.goal),
            goal_met=met,
            stars=table.stars,
            score={player.letter: point for player, point in zip(PLAYERS, points, strict=False)},
            practice=table.practice or table.replay,
        )
    )
    if table.replay:
        ctx.say(ctx.t("replay_over"))
        return
    remember(ctx, table)
    ctx.last_table = table


def stars(met: bool | None, clean: bool | None, practice: bool) -> int:
    """A deal's stars: none when the goal was missed, one for reaching it, two without
    ``undo``, three when every card was also among the solver's best."""
    if not met:
        return 0
    return 1 + (not practice) + bool(clean and not practice)


def review(ctx: Context, table: Table) -> bool | None:
    """After a deal: the first card of the learner's that cost a trick, and a better one.
    True when every card was among the best; None when there is nothing to review."""
    assert table.play is not None
    if table.learner_seat is None or not table.play.history:
        return None
    mistake = table.advisor.review(table.play.history, table.play.played, LEARNER)
    if mistake.card is None:
        ctx.emit(Review(ctx.t("review_clean")))
        return True
    key = "review_mistake_contract" if mistake.costs_contract else "review_mistake"
    text = ctx.t(key, trick=mistake.trick, card=mistake.card, better=mistake.better, n=mistake.cost)
    ctx.emit(
        Review(
            text,
            trick=mistake.trick,
            card=str(mistake.card),
            better=str(mistake.better),
            cost=mistake.cost,
        )
    )
    return False


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
    """A scored deal of the lesson counts in the level's progress (a practice one does not)."""
    assert table.play is not None and ctx.place is not None
    if table.practice:
        ctx.say(ctx.t("practice"))
        return
    mine = deal_points(table, table.play.state)[0]  # South's: contract, trade, prediction
    number = ctx.place.level
    level = ctx.progress.level(number)
    practise = tuple(deal for deal in level.practise if deal != table.step.deal)
    if table.goal_met is False:
        practise += (table.step.deal,)
    ctx.progress = ctx.progress.with_level(
        number,
        replace(
            level,
            deals_played=level.deals_played + 1,
            points=level.points + mine,
            stars=level.stars + table.stars,
            practise=practise,
        ),
    )
