"""Each call of the learner's judged by its expected score over the layouts they could face.

At a call the learner knows their hand, the dubel and the calls so far; the layouts are the ways
of dealing the other 20 cards (:func:`betel_tutor.solver.single_dummy.drawn`), narrowed to
those in which the computer players would have made the calls they made before it
(:mod:`betel_tutor.tutor.told`). Every call open there is valued in each layout as if the
auction ended with it, everybody then playing their best (the layout solved double dummy, the
declarer leading, spec §5; an exchange left aside, so that every call is judged on the same
cards):

- a declaration: the learner's score as its declarer, undoubled (spec §6);
- pass: nothing when no contract stands (passing risks nothing); else the standing contract is
  played as it stands, and the learner scores as its declarer or as a defender;
- kontra: the standing contract doubled (rule 16), the learner defending.

A defender scores the per-trick points of their own tricks; the search counts the defenders'
tricks together, so each defender is given half of them.

A call is *costly* when its alternative scores :data:`COSTLY_POINTS` or more above it on
average. A declaration's alternative is passing: a bid that loses against passing is costly,
but a low bid that a higher one would beat is not, since the learner may raise later and
bidding low first is what the lessons teach. A pass's or a kontra's alternative is the best
call open there: a pass that throws away a sound contract is costly.

Each strain costs a search per layout, so the declarations tried beside the learner's own are
those their count of tricks (:func:`betel_tutor.trick_count.count_tricks`, the method the
lessons teach) puts within :data:`REACH` tricks of what the declaration needs (of what a
betelek allows, at no trump): the others lose on almost every layout and are never the best
call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from betel_tutor.auction import AuctionState, Call, legal_calls
from betel_tutor.cards import Card
from betel_tutor.contracts import Contract, free_play
from betel_tutor.play import BETEL, PlayState, start_play
from betel_tutor.scoring import score
from betel_tutor.solver.api import make_board, solve_position
from betel_tutor.solver.board import Board
from betel_tutor.solver.single_dummy import Misfit, drawn
from betel_tutor.trick_count import count_tricks

# The points by which the best call must beat the learner's on average for theirs to be
# costly: a contract's points at the lowest level, so that the noise of 64 sampled layouts and
# the choice of the best of many calls on the same layouts do not fault a close call.
COSTLY_POINTS = 10
# The layouts each call is judged over: each costs a search per strain tried, and the learner
# waits for the review after the deal's last card. Fewer than a closed deal's hint is judged
# over (64), so an average is within about 15 points of the whole set's for a contract at
# the second level, 19 times in 20.
LAYOUTS = 32
REACH = 2  # how far from a declaration's need the learner's count may be for it to be tried


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """A call of the learner's (its exchange left aside) with its average score over the
    layouts they could face at it, its alternative (pass for a declaration, else the best
    call open there) with its average, how many layouts, and whether the auction narrowed
    them."""

    call: Call
    average: float
    better: Call
    best: float
    layouts: int
    narrowed: bool
    told: bool  # the calls before it told something of the hidden hands

    @property
    def lost(self) -> float:
        """What the call gives up on average against its alternative."""
        return self.best - self.average

    @property
    def costly(self) -> bool:
        return self.lost >= COSTLY_POINTS


def plain(call: Call) -> Call:
    """``call`` without its exchange or the dubel cards looked at."""
    return Call(call.kind, call.contract)


def column(contract: Contract) -> str:
    """The trick table's column that decides ``contract``."""
    if contract.kind != "normal":
        return contract.kind
    return "NT" if contract.strain is None else contract.strain.symbol


def worth_trying(call: Call, hand: frozenset[Card]) -> bool:
    """Whether a declaration is within :data:`REACH` of the learner's count (any other call
    always is)."""
    contract = call.contract
    if call.kind != "declare" or contract is None:
        return True
    if contract.is_misere:
        return count_tricks(hand, None) <= contract.tricks_allowed + REACH
    return count_tricks(hand, contract.strain) >= contract.tricks_needed - REACH


class Tricks:
    """The declarer's tricks with best play, per layout, column and declarer, each solved
    once for every call of the deal that asks (on a board kept per column and declarer, so
    that later searches reuse what earlier ones learnt)."""

    def __init__(self) -> None:
        self.found: dict[tuple[tuple[frozenset[Card], ...], str, int], int] = {}
        self.boards: dict[tuple[str, int], Board] = {}

    def of(self, layout: PlayState, contract: Contract, declarer: int) -> int:
        key = (layout.hands, column(contract), declarer)
        tricks = self.found.get(key)
        if tricks is None:
            board = self.boards.get(key[1:])
            if board is None:
                kind = "normal" if contract.kind == "normal" else contract.kind
                trump = contract.strain if contract.kind == "normal" else None
                board = make_board(trump=trump, declarer=declarer, contract_kind=kind)
                self.boards[key[1:]] = board
            cards = [sorted(hand, key=lambda c: c.index) for hand in layout.hands]
            tricks = solve_position(cards, declarer=declarer, leader=declarer, board=board).tricks
            self.found[key] = tricks
        return tricks


def value(
    call: Call,
    before: AuctionState,
    layout: PlayState,
    seat: int,
    order: Sequence[int],
    tricks: Tricks,
) -> float:
    """The learner's (``seat``) score in ``layout`` had the auction ended with ``call`` made
    in ``before`` (see the module's notes); ``order`` gives the table seat of each auction
    seat."""
    if call.kind == "declare":
        assert call.contract is not None
        taken = tricks.of(layout, call.contract, seat)
        return score(call.contract, (taken, 10 - taken, 0))[0]
    standing = before.standing
    if standing is None or before.declarer is None:
        return 0.0
    declarer = order[before.declarer]
    doubled = before.doubled or call.kind == "kontra"
    taken = tricks.of(layout, standing, declarer)
    if declarer == seat:
        return score(standing, (taken, 10 - taken, 0), doubled=doubled)[0]
    if standing.is_misere:
        return 0.0
    return (10 - taken) / 2 * standing.trick_points * (2 if doubled else 1)


def judge_call(
    call: Call,
    before: AuctionState,
    hands: tuple[frozenset[Card], ...],
    seat: int,
    order: Sequence[int],
    misfit: Misfit | None,
    tricks: Tricks,
) -> CallVerdict:
    """``call``, made by the learner (table seat ``seat``) in ``before`` with the hands as
    dealt ``hands``, judged against every call open there over the layouts that fit the
    auction by ``misfit``."""
    position = start_play(BETEL, hands, free_play(), declarer=None)
    found = drawn(position, seat, misfit=misfit, samples=LAYOUTS)
    made = plain(call)
    open_calls = [c for c in legal_calls(before) if worth_trying(c, hands[seat])]
    if made.kind == "declare":  # judged against passing alone
        open_calls = [Call("pass")]
    open_calls += [] if made in open_calls else [made]
    averages = {
        option: sum(
            value(option, before, layout, seat, order, tricks) for layout in found.positions
        )
        / len(found.positions)
        for option in open_calls
    }
    if made.kind == "declare":
        better = Call("pass")
    else:
        better = max(open_calls, key=lambda option: averages[option])  # the first of the best
    count = len(found.positions)
    return CallVerdict(
        made, averages[made], better, averages[better], count, found.narrowed, misfit is not None
    )
