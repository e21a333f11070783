"""What the table looks like now, for a front end that draws it (the full-screen tutor).

:func:`scene` reads the session's context and returns a :class:`Scene` event: who sits where,
the hands the learner may see (their own; the others' in open deals, else how many cards they
hold), the dubel, the trick in progress and the last one, the auction so far, the contract,
the tricks taken and the learner's goal, as values (seats, cards, calls, the contract) that a
front end formats in the learner's language. A front end that asks for scenes gets one before
each prompt; the line front end does not ask (it says the same in lines).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from betel_tutor.auction import AuctionState, Call
from betel_tutor.cards import Card, Suit, sort_cards
from betel_tutor.contracts import Contract
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat
from betel_tutor.tutor.board import Board
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Event
from betel_tutor.tutor.table import LEARNER, PLAYERS, Table


@dataclass(frozen=True, slots=True)
class Scene(Event):
    """The table as the learner sees it, in values: seats, cards, calls and the contract as the
    library holds them; a front end formats them in the learner's language
    (:func:`betel_tutor.display.shown`)."""

    kind: ClassVar[str] = "scene"
    title: str = ""
    step: int = 0  # the lesson's step, from 1 (0 outside a lesson)
    steps: int = 0
    seats: tuple[Seat, ...] = ()  # the three at the table, the learner's seat first
    learner: Seat | None = None  # None while the learner rests (level 10, four players)
    hands: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)  # the hands shown, sorted
    counts: dict[Seat, int] = field(default_factory=dict)  # cards held, every seat
    dubel: tuple[Card, ...] = ()
    dealer: Seat | None = None
    auction: tuple[tuple[Seat, Call], ...] = ()  # the calls in the order made
    contract: Contract | None = None  # None before the auction ends and in free play
    trumps: Suit | None = None
    declarer: Seat | None = None
    doubled: bool = False
    trick: tuple[tuple[Seat, Card], ...] = ()  # the trick in progress
    last_trick: tuple[tuple[Seat, Card], ...] = ()
    last_winner: Seat | None = None
    tricks: dict[Seat, int] = field(default_factory=dict)  # taken so far, by seat
    to_move: Seat | None = None
    free: bool = False  # played with no contract: each for themselves (spec §5)
    goal: str = ""  # the learner's goal in a few words, in the learner's language
    stars: int = 0  # the stars of the level so far (its closed deals, spec §12.8)
    score: dict[Seat, int] = field(default_factory=dict)  # a match's running totals, by player
    open: bool = False
    # A bridge board (four seats, the learner the declarer): the seat whose cards the learner
    # plays now (the declarer's or the dummy's), and the penalty cards face up, by seat.
    playing: Seat | None = None
    penalty: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)


def scene(ctx: Context) -> Scene | None:
    """The table now; only the lesson and step when no deal is at the table (reading,
    quizzes); None in the menu. A bridge board (the penalty-card lesson) has four seats."""
    if ctx.board is not None:
        return _board(ctx, ctx.board)
    table, place = ctx.table, ctx.place
    if place is None and table is None:
        return None
    match = ctx.match
    where = Scene(
        "",
        stars=ctx.progress.level(place.level).stars if place is not None else 0,
        score=dict(zip(PLAYERS, match.match.totals, strict=False)) if match is not None else {},
        title=ctx.text(place.lesson.title) if place is not None else "",
        step=min(place.step_index + 1, len(place.lesson.steps)) if place is not None else 0,
        steps=len(place.lesson.steps) if place is not None else 0,
    )
    if table is None:
        return where
    seats = tuple(ctx.name(seat) for seat in (Seat(0), Seat(1), Seat(2)))
    seated = replace(
        where,
        seats=seats,
        learner=seats[LEARNER] if table.learner_seat is not None else None,
        open=table.open,
    )
    if table.play is not None:
        return replace(seated, **_play(ctx, table, table.play.state, seats))
    if table.auction is not None:
        return replace(seated, **_auction(table, table.auction.state, seats))
    return seated


def _shown_hands(
    table: Table, hands: tuple[frozenset[Card], ...], seats: tuple[Seat, ...]
) -> tuple[dict[Seat, tuple[Card, ...]], dict[Seat, int]]:
    shown = {
        seats[index]: tuple(sort_cards(hand))
        for index, hand in enumerate(hands)
        if table.open or index == table.learner_seat
    }
    counts = {seats[index]: len(hand) for index, hand in enumerate(hands)}
    return shown, counts


def _contract(contract: Contract | None) -> tuple[Contract | None, Suit | None]:
    """The contract to show (none in free play: three passes, or levels 1–2) and the trumps."""
    if contract is None:
        return None, None
    return (None if contract.kind == "free" else contract), contract.trump


def _play(ctx: Context, table: Table, state: PlayState, seats: tuple[Seat, ...]) -> dict[str, Any]:
    hands, counts = _shown_hands(table, state.hands, seats)
    contract, trumps = _contract(state.contract)
    return {
        **_tricks(state, lambda seat: seats[seat], range(len(seats))),
        "hands": hands,
        "counts": counts,
        "dubel": tuple(sort_cards(_dubel_now(table, state))),
        "contract": contract,
        "trumps": trumps,
        "declarer": seats[state.declarer] if state.declarer is not None else None,
        "doubled": table.doubled,
        "free": state.contract.kind == "free",
        "to_move": seats[state.to_play] if not state.finished else None,
        "goal": goal_words(ctx, table),
    }


def _tricks(
    state: PlayState, player: Callable[[int], Seat], order: Iterable[int]
) -> dict[str, Any]:
    """The trick in progress, the last one and its winner, and the tricks taken by each seat
    of ``order``; ``player`` names who sits at a seat of the play."""
    leader = state.leader
    trick = tuple((player(leader.next(i)), card) for i, card in enumerate(state.current))
    last: tuple[tuple[Seat, Card], ...] = ()
    winner = None
    if state.tricks:
        done = state.tricks[-1]
        last = tuple((player(done.leader.next(i)), card) for i, card in enumerate(done.cards))
        winner = player(done.winner)
    taken = state.tricks_taken()
    return {
        "trick": trick,
        "last_trick": last,
        "last_winner": winner,
        "tricks": {player(seat): taken[seat] for seat in order},
    }


def _board(ctx: Context, board: Board) -> Scene:
    """A bridge board (the penalty-card lesson): four hands open, the learner the declarer,
    the seat whose cards the learner plays now, and the penalty cards face up."""
    title = ctx.text(board.lesson.title)
    state = board.state
    if state is None:  # between boards
        return Scene("", title=title)
    declarer = board.declarer
    order = (declarer, declarer.lho, declarer.partner, declarer.rho)
    contract, trumps = _contract(state.contract)
    to_move = state.to_play
    return Scene(
        "",
        title=title,
        step=board.index + 1,
        steps=len(board.lesson.deals),
        seats=order,
        learner=declarer,
        hands={seat: tuple(sort_cards(state.hands[seat])) for seat in order},
        counts={seat: len(state.hands[seat]) for seat in order},
        contract=contract,
        trumps=trumps,
        declarer=declarer,
        **_tricks(state, lambda seat: Seat(seat, 4), order),
        to_move=to_move,
        open=True,
        playing=to_move if to_move in board.learners else None,
        penalty={
            seat: tuple(sort_cards(board.penalty.by_seat[seat].cards))
            for seat in order
            if board.penalty.by_seat[seat]
        },
    )


def _auction(table: Table, state: AuctionState, seats: tuple[Seat, ...]) -> dict[str, Any]:
    hands, counts = ({}, {}) if state.hands is None else _shown_hands(table, state.hands, seats)
    contract, trumps = _contract(state.standing)
    return {
        "hands": hands,
        "counts": counts,
        "dubel": tuple(sort_cards(state.dubel)) if state.dubel else (),
        "dealer": seats[table.order[0]],
        "auction": tuple((seats[table.order[seat]], call) for seat, call in state.calls),
        "contract": contract,
        "trumps": trumps,
        "declarer": seats[table.order[state.declarer]] if state.declarer is not None else None,
        "doubled": state.doubled,
        "to_move": seats[table.order[state.to_call]] if not state.finished else None,
    }


def _dubel_now(table: Table, state: PlayState) -> frozenset[Card]:
    """The dubel as it lies now: the dealt cards nobody holds or has played (exchanges and
    swaps change it, spec §3)."""
    dealt = table.dealt
    if dealt is None or not dealt.dubel:
        return frozenset()
    every = frozenset(dealt.dubel).union(*dealt.hands)
    played = {card for trick in state.tricks for card in trick.cards} | set(state.current)
    return every - frozenset().union(*state.hands) - played


def goal_words(ctx: Context, table: Table) -> str:
    """The learner's goal in a few words for a status line: ``declarer's tricks ≥ 7``."""
    view, goal = table.outlook, table.step.goal
    if not goal or table.learner_seat is None or table.replay:
        return ""
    kind, value = next(iter(goal.items()))
    if kind == "best" and view is not None:
        whose = "own" if view.side == "own" else "declarer"
        return ctx.t(f"scene_goal_{whose}", sign="≥" if view.wants_more else "≤", n=view.best)
    if kind in ("tricks_at_least", "tricks_at_most"):
        sign = "≥" if kind == "tricks_at_least" else "≤"
        return ctx.t("scene_goal_own", sign=sign, n=value)
    if kind in ("make", "defeat"):
        return ctx.t(f"scene_goal_{kind}")
    return ""
