"""Computer players' move times and the tutor's response time to a learner's line.

Target (issue): a computer player's move under 100 ms at the 95th percentile; the prompt
returns within 150 ms of the learner's input.

    .venv/bin/python bench/tutor.py [--deals N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from betel_tutor.bots import choose_card
from betel_tutor.contracts import LADDER, free_play
from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, play_card, start_play
from betel_tutor.scenario.model import PlayStep
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bot_moves(deals: int) -> list[float]:
    times = []
    contracts = [free_play(), *LADDER]
    for seed in range(deals):
        contract = contracts[seed % len(contracts)]
        declarer = None if contract.kind == "free" else seed % 3
        state = start_play(BETEL, deal(seed).hands, contract, declarer=declarer)
        while not state.finished:
            start = time.perf_counter()
            choice = choose_card(state)
            times.append(time.perf_counter() - start)
            state = play_card(state, choice.card)
    return times


def tutor_responses(rounds: int) -> list[float]:
    """A whole level-1 lesson answered and played, timing each line the learner types."""
    times = []
    for _ in range(rounds):
        session = Session(progress=Progress())
        session.start(1)
        lines = ["", "♥K", "♥A ♥K", "♥K ♥8", "♠A ♠K ♣7", "20 15 15", *["1"] * 60]
        for line in lines:
            if session.finished or session.lesson is None:
                break
            start = time.perf_counter()
            session.handle(line)
            times.append(time.perf_counter() - start)
    return times


def trade_responses(deals: int) -> list[float]:
    """Level 9 deals with trade (bids, offers between moves, computer traders), timing each
    line the learner types at a bid, offer, call or card prompt; the solver's review after a
    deal falls on the learner's last card."""
    times = []
    for number in range(deals):
        session = Session(progress=Progress(), seed=f"bench-{number}")
        session.start(9)
        assert session.lesson is not None
        steps = session.lesson.steps
        session.step_index = next(i for i, s in enumerate(steps) if isinstance(s, PlayStep))
        session.enter_step()  # straight to the first deal
        for _ in range(400):
            prompt = session.prompt.lower()
            if "bid" in prompt:
                line = "10"
            elif "accept" in prompt:
                line = "no"
            elif "call" in prompt:
                line = "pass"
            elif "card" in prompt:
                line = "1"
            elif "answer" in prompt:
                line = "yes"
            elif session.after_deal:
                break
            else:
                line = ""
            timed = session.table is not None
            start = time.perf_counter()
            session.handle(line)
            if timed:
                times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--lessons", type=int, default=20)
    parser.add_argument("--trade-deals", type=int, default=20)
    args = parser.parse_args()
    moves = bot_moves(args.deals)
    print(
        f"bot move (beginner): median {statistics.median(moves) * 1e3:.3f} ms, "
        f"p95 {percentile(moves, 0.95) * 1e3:.3f} ms, max {max(moves) * 1e3:.2f} ms "
        f"over {len(moves)} moves"
    )
    answers = tutor_responses(args.lessons)
    print(
        f"tutor response to a line: median {statistics.median(answers) * 1e3:.2f} ms, "
        f"p95 {percentile(answers, 0.95) * 1e3:.2f} ms, max {max(answers) * 1e3:.1f} ms "
        f"over {len(answers)} lines"
    )
    traded = trade_responses(args.trade_deals)
    print(
        f"tutor response with trade (level 9): median {statistics.median(traded) * 1e3:.2f} ms, "
        f"p95 {percentile(traded, 0.95) * 1e3:.2f} ms, max {max(traded) * 1e3:.1f} ms "
        f"over {len(traded)} lines"
    )


if __name__ == "__main__":
    main()
