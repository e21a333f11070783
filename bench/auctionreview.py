"""The time of the work the auction adds: the auction review after a deal (each of the learner's
calls judged over the layouts they could face at it, those that fit the computer players' calls
before it: :func:`betel_tutor.tutor.auctionreview.judge_auction`), and the hint at the
learner's first card of a closed deal after an auction (the layouts narrowed to those that fit
every computer call: :func:`betel_tutor.tutor.chances.judgement`), side by side with the
double-dummy hint (:meth:`betel_tutor.solver.advice.Advisor.hint`) at the same position,
interleaved. Random deals bid out at level 8's options by beginner computer players, the
learner (South) calling as a beginner would, the dealer going round; the learner's goal is to
make the contract as declarer, to defeat it as a defender, and a deal of three passes is left
out of the hint's figures. Targets: the hint ≤ 500 ms at the 95th percentile; the review ≤ 2 s.

    .venv/bin/python bench/auctionreview.py [--deals N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' deal at a table

from closedhint import summary

from betel_tutor.solver.advice import Advisor
from betel_tutor.solver.advice import hint as best_of
from betel_tutor.tutor import auctionreview, chances
from betel_tutor.tutor.table import LEARNER
from tests.auction_table import at_table, bid_out, dealt


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    figures: dict[str, list[float]] = {"review": [], "hint": [], "double dummy hint": []}
    narrowed = 0
    for number in range(args.deals):
        hands, dubel = dealt(10_000 + number)
        dealer = number % 3
        _, final = bid_out(hands, dubel, dealer, None, level=8)
        declarer = None if final.declarer is None else (dealer + final.declarer) % 3
        goal = {"make": 1} if declarer == LEARNER else {"defeat": 1}
        table = at_table(hands, dubel, dealer, None, goal, level=8)
        start = time.perf_counter()
        auctionreview.judge_auction(table)
        figures["review"].append(time.perf_counter() - start)
        game = table.play
        if declarer is None or game is None:
            continue
        while game.state.to_play != LEARNER:
            game.play(best_of(game.state)[0].card)
        start = time.perf_counter()
        Advisor().hint(game.state)
        figures["double dummy hint"].append(time.perf_counter() - start)
        start = time.perf_counter()
        narrowed += chances.judgement(table, game.state).narrowed
        figures["hint"].append(time.perf_counter() - start)
    for name, values in figures.items():
        print(summary(name, values, "deals"))
    print(f"hints over layouts narrowed by the auction: {narrowed} of {len(figures['hint'])}")


if __name__ == "__main__":
    main()
