"""The time of a deal's review after its last card, with the line that punishes each costly card
it names and the sentence read off it (:mod:`betel_tutor.tutor.why`,
:mod:`betel_tutor.tutor.costly`): an open deal judged double dummy
(:func:`betel_tutor.tutor.dealend.find_mistakes` and ``review``), a closed one single dummy
(:func:`betel_tutor.tutor.chances.slips` and ``review``, the lines played on a layout the
learner could face), as the end of a deal runs them. The deals are :mod:`closedreview`'s
(random, each contract kind, the learner at seat 0 declaring or defending, the card of the best
chance or, one time in three, a random legal card), each reviewed open and closed, interleaved,
cold (no hint asked in the deal); beside them the closed review without its lines. Also timed
alone: the two lines and the sentence of the open deals whose review names a card. Target: the
review with its line ≤ 1 s after the last card, p95.

    .venv/bin/python bench/review.py [--deals N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from closedhint import percentile
from closedreview import played_deal, table_for

from betel_tutor.tutor import chances, costly, dealend, why
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Review
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.table import Table


def review_open(at: Table) -> tuple[float, Review | None]:
    """The seconds the double-dummy review takes, as the end of a deal runs it."""
    ctx = Context(Progress(), "en")
    start = time.perf_counter()
    mistakes = dealend.find_mistakes(at)
    later = costly.open_ones(ctx, at, mistakes[1:])
    dealend.review(ctx, at, mistakes[0] if mistakes else None, later)
    seconds = time.perf_counter() - start
    return seconds, next((e for e in ctx.events if isinstance(e, Review)), None)


def review_closed(at: Table) -> tuple[float, Review | None]:
    """The seconds the single-dummy review takes, as the end of a deal runs it."""
    assert at.play is not None
    ctx = Context(Progress(), "en")
    start = time.perf_counter()
    slips = list(chances.slips(at, at.play.history, at.play.played))
    later = costly.closed_ones(ctx, at, slips[1:])
    chances.review(ctx, at, slips[0] if slips else None, later)
    seconds = time.perf_counter() - start
    return seconds, next((e for e in ctx.events if isinstance(e, Review)), None)


def review_closed_bare(at: Table) -> float:
    """The same review without the lines, for the figure beside it."""
    lines = why.told_closed
    why.told_closed = lambda *args: None
    try:
        return review_closed(at)[0]
    finally:
        why.told_closed = lines


def lines_alone(at: Table, review: Review) -> float:
    """The seconds of the two lines and their sentence alone, for an open deal's review."""
    assert at.play is not None and review.card is not None and review.better is not None
    move = at.play.played.index(review.card)
    start = time.perf_counter()
    why.told_open(Context(Progress(), "en"), at, move, review.card, review.better)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    figures: dict[str, list[float]] = {
        "open": [],
        "closed": [],
        "closed, without the lines": [],
        "lines alone (open)": [],
    }
    named = {"open": 0, "closed": 0}
    for number in range(args.deals):
        game, goal = played_deal(number)
        seconds, review = review_open(table_for(game, goal))
        figures["open"].append(seconds)
        if review is not None and review.card is not None:
            named["open"] += 1 + len(review.more)
            assert review.line and review.why, review
            figures["lines alone (open)"].append(lines_alone(table_for(game, goal), review))
        seconds, review = review_closed(table_for(game, goal))
        figures["closed"].append(seconds)
        if review is not None and review.card is not None:
            named["closed"] += 1 + len(review.more)
        figures["closed, without the lines"].append(review_closed_bare(table_for(game, goal)))
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    for name, values in figures.items():
        ms = [v * 1000 for v in values]
        extra = f", {named[name]} costly cards named" if name in named else ""
        print(
            f"{name} review ({len(ms)} deals{extra}): median {statistics.median(ms):.1f} ms, "
            f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms (target: p95 ≤ 1000 ms)"
        )


if __name__ == "__main__":
    main()
