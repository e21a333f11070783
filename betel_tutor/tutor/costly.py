"""The costly cards after the first one the review names: each with what it cost, the line
that punishes it and why (:mod:`betel_tutor.tutor.why`).

The first costly card gets the review's full account (its layout, the hidden fact that beat it).
Every later one was played in a position already worse, and a learner with four of them should
not get four such accounts: each gets one paragraph, what it cost and where its line parts from
the better card's. The ``learn --json`` review carries every one of them, line and why
included, in ``more``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from betel_tutor.tutor import chances, why
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.table import Table

if TYPE_CHECKING:
    from betel_tutor.solver.advice import Mistake

More = tuple[dict[str, Any], ...]  # the review event's ``more``: one entry a later costly card


def open_ones(ctx: Context, table: Table, later: list[Mistake]) -> tuple[str, More]:
    """An open deal's later costly cards, judged on the cards as dealt: the paragraphs to add
    to the review's text (none when there are none) and the event's entries."""
    words, entries = [], []
    for mistake in later:
        assert mistake.card is not None and mistake.better is not None
        told = why.told_open(ctx, table, mistake.move, mistake.card, mistake.better)
        text = ctx.t(
            "review_also",
            trick=mistake.trick,
            card=mistake.card,
            better=mistake.better,
            n=mistake.cost,
        )
        words.append(paragraph(text, told))
        entries.append(
            {
                "trick": mistake.trick,
                "card": mistake.card,
                "better": mistake.better,
                "cost": mistake.cost,
                **told_fields(ctx, told),
            }
        )
    return said(ctx, words), tuple(entries)


def closed_ones(ctx: Context, table: Table, later: list[chances.Slip]) -> tuple[str, More]:
    """A closed deal's later costly cards, judged by the learner's chances; each line played
    on the cards as dealt when they punish the card, else on a layout the learner could face
    (given in the entry's ``layout``)."""
    assert table.play is not None
    held = chances.taken_from_dubel(table)
    words, entries = [], []
    for slip in later:
        state = table.play.history[slip.move]
        aim = chances.aim_of(table, state)
        told = why.told_closed(ctx, table, state, slip.card, slip.better, aim, held, None)
        text = ctx.t(
            "review_also_chance",
            trick=slip.trick,
            card=slip.card,
            pct=chances.said(slip.chance),
            better=slip.better,
            best=chances.said(slip.best),
        )
        words.append(paragraph(text, told))
        layout = told.layout if told is not None else None
        entries.append(
            {
                "trick": slip.trick,
                "card": slip.card,
                "better": slip.better,
                "cost": slip.best - slip.chance or 1,
                "chance": slip.chance,
                "better_chance": slip.best,
                "layout": {} if layout is None else chances.hands_of(ctx, table, layout),
                **told_fields(ctx, told),
            }
        )
    return said(ctx, words), tuple(entries)


def paragraph(text: str, told: why.Told | None) -> str:
    return text if told is None else f"{text} {told.why}"


def said(ctx: Context, words: list[str]) -> str:
    """The paragraphs under a heading, or nothing when there are none."""
    if not words:
        return ""
    return "\n".join([ctx.t("review_others", n=len(words)), *(f"  {w}" for w in words)])


def told_fields(ctx: Context, told: why.Told | None) -> dict[str, Any]:
    """The line (``[seat, card]`` by player) and the why of an entry."""
    if told is None:
        return {"line": (), "why": ""}
    return {"line": tuple((ctx.name(s), c) for s, c in told.line), "why": told.why}
