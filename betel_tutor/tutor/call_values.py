"""Each call of the learner's judged by what it gains on average over the layouts they could face.

At a call the learner knows their hand, the dubel and the calls so far. In a closed deal the
layouts are the ways of dealing the other 20 cards (:func:`betel_tutor.solver.single_dummy.drawn`),
narrowed to those in which the computer players would have made the calls they made before it
(:mod:`betel_tutor.tutor.told`); in an open deal every hand is shown, so the one layout is the
deal as dealt (double dummy, like the open deal's hints and review). Every call open there is
valued in each layout as if the auction ended with it, everybody then playing their best (the
layout solved double dummy, the declarer leading, spec §5). The learner's own call is judged
with its exchange, if it made one (the cards taken join their hand, those laid lie face up out
of play); the calls it is weighed against are those open without an exchange. The hands are
those at the call: the exchanges before it made, the layouts narrowed by the calls before it
replayed from the hands as they were when the auction began.

The measure is the learner's *gain*: their points less the average of the other two players'
points (spec §6; a game is a race to a score, and a kontra doubles the declarer's points as
well as the defenders', so the learner's own points alone would make a kontra never worse than
a pass):

- a declaration: the learner declares it, undoubled;
- pass: nothing when no contract stands (passing risks nothing); else the standing contract is
  played as it stands, the learner its declarer or a defender;
- kontra: the standing contract doubled (rule 16), the learner defending.

The search counts the defenders' tricks together, so each defender is given half of them.

A call is *costly* when its alternative gains :data:`COSTLY_POINTS` or more above it on
average, and by more than the sampling error of that difference (:attr:`CallVerdict.margin`:
twice its standard error over the layouts; none when the layouts are all of them). A
declaration's alternative is passing: a bid that loses against passing is costly, but a low
bid that a higher one would beat is not, since the learner may raise later and bidding low
first is what the lessons teach. A pass's or a kontra's alternative is the best call open
there: a pass that throws away a sound contract is costly. A call the hint recommended is
never costly: in an open deal the hint recommends the call that gains most on the deal itself
(:func:`best_call`), the very measure of the review; in a closed deal it recommends the strong
player's call (:func:`betel_tutor.bots.strong_bidding.strong_choice`, a few sampled deals,
too slow to judge over the review's layouts while the learner waits), and the review does
not fault the learner for following it (:attr:`CallVerdict.advised`). Nor is a call the
learner was bound to make by a trade (rule 20: they sold it) ever costly
(:attr:`CallVerdict.bound`): it was the price of a deal made, not a judgement of the hand.

Each strain costs a search per layout, so the declarations tried beside the learner's own are
those their count of tricks (:func:`betel_tutor.trick_count.count_tricks`, the method the
lessons teach) puts within :data:`REACH` tricks of what the declaration needs (of what a
betelek allows, at no trump): the others lose on almost every layout and are never the best
call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import sqrt
from statistics import fmean, stdev

from betel_tutor.auction import AuctionState, Call, legal_calls
from betel_tutor.cards import Card
from betel_tutor.contracts import Contract, free_play
from betel_tutor.play import BETEL, PlayState, start_play
from betel_tutor.scoring import score
from betel_tutor.seats import Seat
from betel_tutor.solver.api import make_board, mask_of, solve_position
from betel_tutor.solver.board import Board
from betel_tutor.solver.single_dummy import Drawn, Misfit, drawn
from betel_tutor.trick_count import count_tricks

# The points by which the best call must beat the learner's on average for theirs to be
# costly: a contract's points at the lowest level, so that a close call is not faulted.
COSTLY_POINTS = 10
# How many standard errors of the average difference a costly call must lose by: 19 times in
# 20 a call no worse than its alternative over every layout is not called costly.
ERRORS = 2.0
# The layouts each call is judged over in a closed deal: each costs a search per strain tried,
# and the learner waits for the review after the deal's last card. Fewer than a closed deal's
# hint is judged over (64); the margin (:data:`ERRORS`) keeps what that costs in precision.
LAYOUTS = 32
REACH = 2  # how far from a declaration's need the learner's count may be for it to be tried


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """A call of the learner's (with its exchange) with its average gain over the
    layouts they could face at it, its alternative (pass for a declaration, else the best call
    open there) with its average gain, how many layouts, whether the auction narrowed them,
    the sampling error of the difference (:attr:`margin`) and the learner's own average points
    with the call (:attr:`points`)."""

    call: Call
    average: float
    better: Call
    best: float
    layouts: int
    narrowed: bool
    told: bool  # the calls before it told something of the hidden hands
    margin: float = 0.0  # twice the standard error of ``lost``; 0 when the layouts are all
    points: float = 0.0  # the learner's own points with the call, on average
    open_deal: bool = False  # judged on the hands as dealt, every hand shown
    advised: bool = False  # the call the hint recommended there: never faulted
    bound: bool = False  # a call the learner had sold in a trade (rule 20): never faulted

    @property
    def lost(self) -> float:
        """What the call gives up on average against its alternative."""
        return self.best - self.average

    @property
    def costly(self) -> bool:
        if self.advised or self.bound:
            return False
        return self.lost >= COSTLY_POINTS and self.lost > self.margin


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
    that later searches reuse what earlier ones learnt). A betelek's or Betel's score asks
    only whether it is made: one null-window search, not the exact count."""

    def __init__(self) -> None:
        self.found: dict[tuple[tuple[frozenset[Card], ...], str, int], int] = {}
        self.made: dict[tuple[tuple[frozenset[Card], ...], str, int, int], bool] = {}
        self.boards: dict[tuple[str, int], Board] = {}
        # The last count found per column and declarer: where the next layout's search starts
        # (the layouts are alike, so their counts are close; a figure only of speed).
        self.last: dict[tuple[str, int], int] = {}

    def board(self, contract: Contract, declarer: int) -> Board:
        key = (column(contract), declarer)
        board = self.boards.get(key)
        if board is None:
            kind = "normal" if contract.kind == "normal" else contract.kind
            trump = contract.strain if contract.kind == "normal" else None
            board = make_board(trump=trump, declarer=declarer, contract_kind=kind)
            self.boards[key] = board
        return board

    def of(self, layout: PlayState, contract: Contract, declarer: int) -> int:
        """The declarer's tricks in ``layout``; for a betelek or Betel, whose score asks only
        whether it is made, its allowance when made, else one trick more."""
        if contract.is_misere:
            allowed = contract.tricks_allowed
            return allowed if self.is_made(layout, contract, declarer) else allowed + 1
        key = (layout.hands, column(contract), declarer)
        tricks = self.found.get(key)
        if tricks is None:
            cards = [sorted(hand, key=lambda c: c.index) for hand in layout.hands]
            board = self.board(contract, declarer)
            guess = self.last.get(key[1:])
            tricks = solve_position(
                cards, declarer=declarer, leader=declarer, board=board, guess=guess
            ).tricks
            self.found[key] = self.last[key[1:]] = tricks
        return tricks

    def is_made(self, layout: PlayState, contract: Contract, declarer: int) -> bool:
        """Whether the betelek or Betel ``contract`` is made in ``layout``: the declarer held
        to its allowance."""
        allowed = contract.tricks_allowed
        key = (layout.hands, column(contract), declarer, allowed)
        made = self.made.get(key)
        if made is None:
            first, second, third = map(mask_of, layout.hands)
            board = self.board(contract, declarer)
            made = not board.wins_in_trick((first, second, third), declarer, (), allowed + 1)
            self.made[key] = made
        return made


def outcome(
    contract: Contract, taken: int, as_declarer: bool, doubled: bool = False
) -> tuple[float, float]:
    """The learner's points and gain (their points less the other two players' average) when
    ``contract``'s declarer takes ``taken`` tricks, the learner its declarer or a defender."""
    declarer = score(contract, (taken, 10 - taken, 0), doubled=doubled)[0]
    factor = 2 if doubled else 1
    defender = 0.0 if contract.is_misere else (10 - taken) / 2 * contract.trick_points * factor
    if as_declarer:
        return declarer, declarer - defender
    return defender, defender - (declarer + defender) / 2


def value(
    call: Call,
    before: AuctionState,
    layout: PlayState,
    seat: Seat,
    order: Sequence[Seat],
    tricks: Tricks,
) -> tuple[float, float]:
    """The learner's (``seat``) points and gain in ``layout`` had the auction ended with
    ``call`` made in ``before`` (see the module's notes); ``order`` gives the table seat of
    each auction seat."""
    if call.take or call.lay:  # the learner's exchange made: the cards laid lie face up
        hands = list(layout.hands)
        hands[seat] = (hands[seat] - set(call.lay)) | set(call.take)
        layout = replace(layout, hands=tuple(hands))
    if call.kind == "declare":
        assert call.contract is not None
        return outcome(call.contract, tricks.of(layout, call.contract, seat), True)
    standing = before.standing
    if standing is None or before.declarer is None:
        return 0.0, 0.0
    declarer = order[before.declarer]
    doubled = before.doubled or call.kind == "kontra"
    taken = tricks.of(layout, standing, declarer)
    return outcome(standing, taken, declarer == seat, doubled)


def faced(
    hands: tuple[frozenset[Card], ...], seat: Seat, misfit: Misfit | None, open_deal: bool
) -> Drawn:
    """The layouts the learner (``seat``) could face at a call: in an open deal the deal
    itself, else :data:`LAYOUTS` drawn and narrowed by ``misfit``."""
    position = start_play(BETEL, hands, free_play(), declarer=None)
    if open_deal:
        return Drawn([position], True, False)
    return drawn(position, seat, misfit=misfit, samples=LAYOUTS)


def options(before: AuctionState, hand: frozenset[Card]) -> list[Call]:
    """The calls open in ``before`` worth judging (:func:`worth_trying`), pass first."""
    return [call for call in legal_calls(before) if worth_trying(call, hand)]


@dataclass(frozen=True, slots=True)
class Situation:
    """What the learner faces at a call: the auction before it, the hands as dealt (only the
    learner's own are kept in a closed deal's layouts), their table seat, the table seat of
    each auction seat, how the calls before narrow the layouts, and whether the deal is open."""

    before: AuctionState
    hands: tuple[frozenset[Card], ...]
    seat: Seat
    order: Sequence[Seat]
    misfit: Misfit | None
    open_deal: bool


def gains(
    calls: Sequence[Call], at: Situation, found: Drawn, tricks: Tricks
) -> dict[Call, list[tuple[float, float]]]:
    """Each of ``calls`` valued in every layout of ``found``: (points, gain)."""
    return {
        call: [
            value(call, at.before, layout, at.seat, at.order, tricks) for layout in found.positions
        ]
        for call in calls
    }


def best_call(at: Situation, tricks: Tricks) -> tuple[Call, float, int]:
    """The call that gains most on average over the layouts the learner faces (the first of
    the best, pass first), its average gain, and over how many layouts: what the call hint
    recommends."""
    found = faced(at.hands, at.seat, at.misfit, at.open_deal)
    valued = gains(options(at.before, at.hands[at.seat]), at, found, tricks)
    averages = {call: fmean(g for _, g in values) for call, values in valued.items()}
    best = max(averages, key=lambda call: averages[call])
    return best, averages[best], len(found.positions)


def judge_call(call: Call, at: Situation, tricks: Tricks) -> CallVerdict:
    """``call``, made by the learner in ``at``, judged against its alternative over the
    layouts they could face there (the module's notes)."""
    found = faced(at.hands, at.seat, at.misfit, at.open_deal)
    made = call if at.before.options.exchange else plain(call)
    open_calls = options(at.before, at.hands[at.seat])
    if made.kind == "declare":  # judged against passing alone
        open_calls = [Call("pass")]
    open_calls += [] if made in open_calls else [made]
    valued = gains(open_calls, at, found, tricks)
    averages = {option: fmean(g for _, g in valued[option]) for option in open_calls}
    if made.kind == "declare":
        better = Call("pass")
    else:
        better = max(open_calls, key=lambda option: averages[option])  # the first of the best
    count = len(found.positions)
    margin = 0.0
    if not found.exact and count > 1:
        lost = [b - m for (_, b), (_, m) in zip(valued[better], valued[made], strict=True)]
        margin = ERRORS * stdev(lost) / sqrt(count)
    return CallVerdict(
        made,
        averages[made],
        better,
        averages[better],
        count,
        found.narrowed,
        at.misfit is not None,
        margin,
        fmean(p for p, _ in valued[made]),
        at.open_deal,
    )
