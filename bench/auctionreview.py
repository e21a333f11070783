"""The time of the work the auction adds: the auction review after a deal (each of the learner's
calls judged over the layouts they could face at it, those that fit the computer players' calls
before it: :func:`betel_tutor.tutor.auctionreview.judge_auction`), and the hint at the
learner's first card of a closed deal after an auction (the layouts narrowed to those that fit
every computer call: :func:`betel_tutor.tutor.chances.judgement`), side by side with the
double-dummy hint (:meth:`betel_tutor.solver.advice.Advisor.hint`) at the same position,
interleaved. Random deals bid out at level 8's options by beginner computer players, the
learner (South) calling as a beginner would, the dealer going round; the learner's goal is to
make the contract as declarer, to defeat it as a defender, and a deal of three passes is left
out of the hint's figures.

Each deal is timed twice, on two tables of the same deal. **Cold**: nothing done ahead, every
call judged after the deal's last card, and the hint judged when asked. **Ahead**: the work a
terminal's learner leaves the tutor while reading and thinking
(:mod:`betel_tutor.tutor.ahead`), a piece at a time — each call judged after it is made, the
first lead's cards when the learner is to lead — then the review after the last card and the
hint, which only assemble what was judged. The pieces are timed too: a line typed during one
waits for the rest of it. Targets: the hint ≤ 500 ms at the 95th percentile; the review ≤ 2 s
after the last card.

    .venv/bin/python bench/auctionreview.py [--deals N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' deal at a table

from closedhint import summary

from betel_tutor.solver.advice import Advisor
from betel_tutor.solver.advice import hint as best_of
from betel_tutor.tutor import ahead, auctionreview, chances
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.table import LEARNER
from tests.auction_table import at_table, bid_out, dealt


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    names = ("review, cold", "review, ahead", "piece ahead", "hint, cold", "hint, ahead")
    figures: dict[str, list[float]] = {name: [] for name in (*names, "double dummy hint")}
    narrowed = 0
    ctx = Context(Progress(), "en")
    for number in range(args.deals):
        hands, dubel = dealt(10_000 + number)
        dealer = number % 3
        _, final = bid_out(hands, dubel, dealer, None, level=8)
        declarer = None if final.declarer is None else (dealer + final.declarer) % 3
        goal = {"make": 1} if declarer == LEARNER else {"defeat": 1}
        cold = at_table(hands, dubel, dealer, None, goal, level=8)
        warm = at_table(hands, dubel, dealer, None, goal, level=8)
        figures["review, cold"].append(timed(partial(auctionreview.judge_auction, cold)))
        for at, record in enumerate(warm.called):  # each call judged once it is made
            if record.seat == LEARNER:
                piece = partial(auctionreview.call_verdict, warm, at)
                figures["piece ahead"].append(timed(piece))
        if declarer is not None:
            for table in (cold, warm):
                game = table.play
                assert game is not None
                while game.state.to_play != LEARNER:
                    game.play(best_of(game.state)[0].card)
            assert warm.play is not None
            figures["piece ahead"].append(timed(partial(ahead.step, ctx, warm)))
        figures["review, ahead"].append(timed(partial(auctionreview.judge_auction, warm)))
        if declarer is None or cold.play is None or warm.play is None:
            continue
        state = cold.play.state
        figures["double dummy hint"].append(timed(partial(Advisor().hint, state)))
        figures["hint, cold"].append(timed(partial(chances.judgement, cold, state)))
        figures["hint, ahead"].append(timed(partial(chances.judgement, warm, state)))
        narrowed += chances.judgement(cold, state).narrowed
    for name, values in figures.items():
        counted = "pieces" if name == "piece ahead" else "deals"
        print(summary(name, values, counted))
    print(f"hints over layouts narrowed by the auction: {narrowed} of {len(figures['hint, cold'])}")
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
