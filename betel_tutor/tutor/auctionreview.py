"""The review of the learner's auction after a deal: what best play gives their hand as
declarer in each contract open to them at their first call, the best of those contracts, and
what their bid cost.

The figures are the solver's trick table for the learner as declarer
(:mod:`betel_tutor.solver.table`, declarer leading first, spec §5) with the hands as dealt: an
exchange with the dubel is left aside, both for the learner's bid and for the best contract,
so that every contract is judged on the same cards (the review says so).

A *costly call* (:attr:`AuctionVerdict.costly`) is judged by what the learner could see: each
call of theirs, passes and kontra included, is valued by its average score over the layouts of
the cards they could not see at it, those in which the computer players would have made the
calls they made before it, and is costly when the best call open there scores well above it
(:mod:`betel_tutor.tutor.call_values`). So a sound bid that lost to a bad layout is not costly,
and a wild one that made by luck is. The deal's goal and stars
(:mod:`betel_tutor.tutor.dealend`) count it, so that they never praise a deal whose auction the
review faults.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from betel_tutor.auction import AuctionState, Call, legal_calls
from betel_tutor.bots.strong_bidding import strong_choice
from betel_tutor.cards import Card
from betel_tutor.contracts import Contract
from betel_tutor.play import BETEL, start_play
from betel_tutor.scoring import score
from betel_tutor.seats import Seat
from betel_tutor.solver.api import make_board, solve_position
from betel_tutor.solver.single_dummy import layouts
from betel_tutor.solver.table import COLUMNS, STRAINS
from betel_tutor.tutor import told
from betel_tutor.tutor.call_values import (
    CallVerdict,
    Situation,
    column,
    judge_call,
)
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import AuctionReview
from betel_tutor.tutor.table import Table


def learner_row(table: Table, seat: Seat) -> dict[str, int]:
    """The declarer's tricks with best play for ``seat`` (the hands as dealt), per column:
    the most tricks in a normal contract, the fewest in a betelek and in Betel."""
    cards = [sorted(hand, key=lambda c: c.index) for hand in table.hands]
    kinds = [("normal", strain) for strain in STRAINS] + [("betelek", None), ("betel", None)]
    row: dict[str, int] = {}
    for name, (kind, strain) in zip(COLUMNS, kinds, strict=True):
        board = make_board(trump=strain, declarer=seat, contract_kind=kind)
        row[name] = solve_position(cards, declarer=seat, leader=seat, board=board).tricks
    return row


def average_score(
    hands: tuple[frozenset[Card], ...], seat: Seat, contract: Contract
) -> tuple[float, int]:
    """The average score of ``seat`` as declarer of ``contract`` (undoubled) over the layouts
    of the cards it could not see in ``hands`` (as dealt, no exchange), and how many layouts."""
    state = start_play(BETEL, hands, contract, declarer=seat)
    found, _ = layouts(state, seat)
    kind = "normal" if contract.kind == "normal" else contract.kind
    trump = contract.strain if contract.kind == "normal" else None
    board = make_board(trump=trump, declarer=seat, contract_kind=kind)
    total = 0
    for layout in found:
        cards = [sorted(hand, key=lambda c: c.index) for hand in layout.hands]
        tricks = solve_position(cards, declarer=seat, leader=seat, board=board).tricks
        total += score(contract, (tricks, 10 - tricks, 0))[0]
    return total / len(found), len(found)


@dataclass(frozen=True, slots=True)
class AuctionVerdict:
    """What the review finds in the learner's auction: the learner's tricks as declarer per
    column open at their first call, the best contract made, the learner's highest bid (None
    when they bid nothing), the tricks by which best play beats it with the hands as dealt (0
    when it makes), and the bid's average score over the layouts the learner could face, with
    how many layouts (None and 0 without a bid)."""

    tricks: dict[str, int]
    columns: list[str]
    best: Contract | None
    bid: Contract | None
    cost: int
    average: float | None = None
    layouts: int = 0
    calls: tuple[CallVerdict, ...] = ()  # each call of the learner's, judged

    @property
    def costly(self) -> bool:
        """Whether a call of the learner's was costly: it scores well below the best call open
        there on average over the layouts they could face (:mod:`call_values`). Without the
        calls judged one by one, their bid is costly when it loses points on average."""
        if self.calls:
            return any(call.costly for call in self.calls)
        return self.average is not None and self.average < 0


def judge_auction(table: Table, open_deal: bool = False) -> AuctionVerdict | None:
    """The review's verdict on the learner's auction; None when the learner made no call in
    this deal, or no contract was open to them. In an ``open_deal`` each call is judged on the
    hands as dealt, double dummy, else over the layouts the learner could face."""
    seat = table.learner_seat
    if table.first_call is None or seat is None or len(table.hands) != 3:
        return None
    state, _ = table.first_call
    open_to = [c.contract for c in legal_calls(state) if c.contract is not None]
    if not open_to:
        return None
    tricks = learner_row(table, seat)
    columns = [name for name in COLUMNS if any(column(c) == name for c in open_to)]
    made = [c for c in open_to if c.is_made(tricks[column(c)])]
    best = max(made) if made else None
    bids = [call.contract for call in table.learner_calls if call.contract is not None]
    bid = max(bids) if bids else None
    cost = 0
    if bid is not None and not bid.is_made(tricks[column(bid)]):
        taken = tricks[column(bid)]
        cost = taken - bid.tricks_allowed if bid.is_misere else bid.tricks_needed - taken
    calls = judge_calls(table, seat, open_deal)
    if bid is None:
        return AuctionVerdict(tricks, columns, best, bid, cost, calls=calls)
    judged = next((c for c in calls if c.call.contract == bid), None)
    if judged is None:
        average, count = average_score(table.hands, seat, bid)
    else:
        average, count = judged.points, judged.layouts
    return AuctionVerdict(tricks, columns, best, bid, cost, average, count, calls)


def situation(table: Table, at: int, open_deal: bool) -> Situation:
    """What the learner faced at the call numbered ``at`` (from 0) of the deal's auction: the
    calls before it, the hands then (the exchanges before it made), and the layouts those calls
    allow."""
    seat = table.learner_seat
    assert seat is not None
    before = table.called[at].before if at < len(table.called) else None
    if before is None:
        assert table.auction is not None
        before = table.auction.state
    misfit = None if open_deal else told.call_misfit(table, at)
    return Situation(before, hands_then(before, table), seat, table.order, misfit, open_deal)


def hands_then(before: AuctionState, table: Table) -> tuple[frozenset[Card], ...]:
    """The hands by table seat in ``before``: as dealt, with the exchanges made so far."""
    if before.hands is None:
        return table.hands
    hands = list(table.hands)
    for index, seat in enumerate(table.order):
        hands[seat] = before.hands[index]
    return tuple(hands)


def judge_calls(table: Table, seat: Seat, open_deal: bool = False) -> tuple[CallVerdict, ...]:
    """Each call the learner made in the deal's auction, judged over the layouts they could
    face at it (:func:`call_verdict`)."""
    return tuple(
        call_verdict(table, at, open_deal)
        for at, record in enumerate(table.called)
        if record.seat == seat
    )


def call_verdict(table: Table, at: int, open_deal: bool = False) -> CallVerdict:
    """The learner's call numbered ``at`` (from 0) judged over the layouts they could face at
    it (:func:`betel_tutor.tutor.call_values.judge_call`); in a closed deal a costly call that
    is the one the hint recommended there (the strong player's) is marked advised, and a call
    a trade bound the learner to make is marked bound: neither is ever costly. Kept on the
    table, so that a call judged ahead, while the computer players think, is not judged
    again after the deal."""
    key = (at, open_deal)
    verdict = table.call_verdicts.get(key)
    if verdict is not None:
        return verdict
    record = table.called[at]
    verdict = judge_call(record.call, situation(table, at, open_deal), table.tricks)
    if record.bound:  # sold in a trade (rule 20): the learner had to make it
        verdict = replace(verdict, bound=True)
    if verdict.costly and not open_deal and advised(record.before, verdict.call):
        verdict = replace(verdict, advised=True)
    table.call_verdicts[key] = verdict
    return verdict


def advised(before: AuctionState, call: Call) -> bool:
    """Whether the closed deal's call hint in ``before`` recommended ``call``, exchange and
    all: the strong player's call with the learner's hand there."""
    if before.hands is None:
        return False
    return strong_choice(before, before.hands[before.to_call]).call == call


def review_auction(ctx: Context, table: Table, verdict: AuctionVerdict | None) -> None:
    """Say and emit the auction review of ``verdict`` (:func:`judge_auction`), if any."""
    if verdict is None:
        return
    tricks, best, bid = verdict.tricks, verdict.best, verdict.bid
    said = ", ".join(f"{_column_name(name, ctx.lang)} {tricks[name]}" for name in verdict.columns)
    lines = [ctx.t("auction_review", tricks=said)]
    best_text = None if best is None else best.format(lang=ctx.lang)
    lines.append(
        ctx.t("auction_best", contract=best_text) if best_text else ctx.t("auction_best_none")
    )
    if bid is None:
        key = "auction_passed_right" if best is None else "auction_passed"
        called = next((c for c in table.learner_calls), None)
        if called is not None and called.kind == "kontra":
            key = "auction_kontra"
        lines.append(ctx.t(key, best=best_text))
    else:
        bid_text = bid.format(lang=ctx.lang)
        if verdict.cost == 0:
            if best is not None and best > bid:
                points = best.contract_points - bid.contract_points
                lines.append(ctx.t("auction_made_more", bid=bid_text, best=best_text, n=points))
            else:
                lines.append(ctx.t("auction_made_best", bid=bid_text))
        else:
            key = "auction_beaten" if best is not None else "auction_beaten_none"
            lines.append(ctx.t(key, bid=bid_text, n=verdict.cost, best=best_text))
        bid_costly = any(c.costly and c.call.contract == bid for c in verdict.calls)
        if verdict.average is not None and not verdict.calls:
            average = round(verdict.average)
            key = "auction_average_costly" if verdict.costly else "auction_average_sound"
            lines.append(
                ctx.t(key, bid=bid_text, cost=-average, score=average, layouts=verdict.layouts)
            )
        elif verdict.average is not None and not bid_costly and not open_judged(verdict):
            average = round(verdict.average)
            lines.append(
                ctx.t("auction_average_sound", bid=bid_text, score=average, layouts=verdict.layouts)
            )
    lines.extend(call_lines(ctx, verdict.calls))
    ctx.emit(
        AuctionReview(
            "\n".join(lines),
            table={name: tricks[name] for name in verdict.columns},
            best=best,
            bid=bid if bid is not None else _first(table),
            cost=verdict.cost,
            average=None if verdict.average is None else round(verdict.average, 1),
            layouts=verdict.layouts,
            costly=tuple((str(c.call), round(c.lost, 1)) for c in verdict.calls if c.costly),
        )
    )


def call_lines(ctx: Context, calls: tuple[CallVerdict, ...]) -> list[str]:
    """The review of each call of the learner's: every costly one with what it cost on average
    against the best call open there (and whether the auction narrowed its layouts), else that
    every call was among the best."""
    lines = []
    for judged in calls:
        if not judged.costly:
            continue
        line = ctx.t(
            "auction_call_costly_open" if judged.open_deal else "auction_call_costly",
            call=judged.call,
            score=round(judged.average),
            better=judged.better,
            best=round(judged.best),
            layouts=judged.layouts,
            n=round(judged.lost),
        )
        if judged.narrowed:
            line += " " + ctx.t("chance_auction")
        elif judged.told:  # too few layouts fit the calls before it
            line += " " + ctx.t("chance_auction_aside")
        lines.append(line)
    if calls and not lines:
        open_deal = any(judged.open_deal for judged in calls)
        lines.append(ctx.t("auction_calls_sound_open" if open_deal else "auction_calls_sound"))
    return lines


def open_judged(verdict: AuctionVerdict) -> bool:
    """Whether the calls were judged on the hands as dealt (an open deal): no layouts to
    average over, the table of tricks above says it all."""
    return any(call.open_deal for call in verdict.calls)


def _first(table: Table) -> Call | None:
    return table.learner_calls[0] if table.learner_calls else None


def _column_name(name: str, lang: str) -> str:
    if name == "NT":
        return "BA" if lang == "pl" else "NT"
    if name == "betel":
        return "Betel"
    return "betelek" if name == "betelek" else name
