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
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session, prompt_of


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


ANSWERS = {"call": "pass", "card": "1", "bid": "10", "offer": "no", "answer": "yes"}


def tutor_responses(rounds: int) -> list[float]:
    """A whole level-1 lesson answered and played, timing each line the learner types."""
    times = []
    for _ in range(rounds):
        session = Session(Progress())
        events = session.start(1)
        while session.ctx.place is not None and not session.finished:
            prompt = prompt_of(events)
            line = ANSWERS.get(prompt.expects, "") if prompt is not None else ""
            start = time.perf_counter()
            events = session.handle(line)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--lessons", type=int, default=20)
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


if __name__ == "__main__":
    main()
