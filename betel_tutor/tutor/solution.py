"""``solution`` after a deal: the best line for the learner's side, trick by trick, each trick
with the technique the solver proves (:mod:`betel_tutor.solver.commentary`)."""

from __future__ import annotations

from betel_tutor.display import shown
from betel_tutor.play import PlayState
from betel_tutor.solver.commentary import Commentary, Reason, solution, wording
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Solution
from betel_tutor.tutor.table import LEARNER, Table


def commentary_of(table: Table) -> Commentary:
    """The solution of the deal played at ``table``, from its first card, for the learner's
    side (the declarer's side while the learner rests)."""
    assert table.play is not None
    history = table.play.history
    start = history[0] if history else table.play.state
    seat = table.learner_seat
    if seat is None:
        seat = LEARNER if start.declarer is None else start.declarer
    return solution(start, seat, table.advisor.board(start) if _declared(start) else None)


def _declared(state: PlayState) -> bool:
    """Whether the deal has a contract: then the advisor's board (the declarer's tricks, its
    table already filled by the review) serves; after three passes the solution counts the
    learner's own tricks, on a board of its own."""
    return state.declarer is not None and state.contract.kind != "free"


def reason_text(ctx: Context, table: Table, reason: Reason, misere: bool) -> str:
    key = wording(reason.technique, takes=not misere)
    other = "" if reason.other is None else reason.other
    return ctx.t(key, seat=table.names[reason.seat], card=reason.card, other=other, n=reason.cost)


def show_solution(ctx: Context, table: Table) -> None:
    """Say the solution of the deal just played and emit it as a ``solution`` event."""
    found = commentary_of(table)
    misere = not found.aim.takes
    names = table.names
    lines = [ctx.t("solution_head", seat=names[found.aim.counted], n=found.result)]
    tricks = []
    for trick in found.tricks:
        text = reason_text(ctx, table, trick.reason, misere)
        cards = "  ".join(
            f"{names[seat].localized(ctx.lang)} {shown(card, ctx.lang)}"
            for seat, card in trick.cards
        )
        lines.append(
            ctx.t("solution_trick", number=trick.number, cards=cards, winner=names[trick.winner])
        )
        lines.append(f"     {text}")
        tricks.append(
            {
                "trick": trick.number,
                "cards": tuple((names[seat], card) for seat, card in trick.cards),
                "winner": names[trick.winner],
                "reason": {"technique": trick.reason.technique, "text": text},
            }
        )
    ctx.emit(
        Solution(
            "\n".join(lines),
            deal=table.step.deal,
            counted=names[found.aim.counted],
            result=found.result,
            tricks=tuple(tricks),
        )
    )
