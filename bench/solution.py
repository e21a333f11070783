"""The commented solution after a deal's last card: its time on random full deals.

For each contract kind (a trump suit, no trumps, betelek, Betel) and each side of the learner
(declarer, defender), random deals of ten cards a hand: the time of ``solution`` from the
first card, on a fresh search board (the tutor's board has been filled by the review by then,
so this is the slower case). Target: p95 ≤ 1 s.

Beside each, on the same deal and a fresh board too, its reference: the double-dummy hint at
the first card (``card_values``: every legal card's value), the order of the two turning deal
by deal; the ratio of the medians says how many hints' worth a commented solution costs.

    .venv/bin/python bench/solution.py [DEALS_PER_CASE]
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time

from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.contracts import parse_contract
from betel_tutor.play import BETEL, start_play
from betel_tutor.seats import Seat
from betel_tutor.solver.api import card_values, prepare
from betel_tutor.solver.commentary import solution

CONTRACTS = ("2♠", "1NT", "B2", "Betel")
DECK = [Card(suit, rank) for suit in Suit for rank in Rank if rank >= Rank.SEVEN]


def main(per_case: int) -> None:
    prepare()
    rnd = random.Random(35)
    times: list[float] = []
    hints: list[float] = []
    for contract in CONTRACTS:
        for learner in (0, 1):  # South declares: the declarer, then a defender
            for _ in range(per_case):
                deck = DECK[:]
                rnd.shuffle(deck)
                hands = [deck[0:10], deck[10:20], deck[20:30]]
                state = start_play(BETEL, hands, parse_contract(contract), declarer=0)
                for commented in (True, False) if len(times) % 2 else (False, True):
                    start = time.perf_counter()
                    if commented:
                        solution(state, Seat(learner))
                    else:
                        card_values(state)
                    (times if commented else hints).append(time.perf_counter() - start)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{len(times)} solutions: median {statistics.median(times) * 1000:.0f} ms, ", end="")
    print(f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms (target: p95 <= 1 s)")
    hint = statistics.median(hints)
    print(
        f"the double-dummy hint beside it: median {hint * 1000:.1f} ms; ratio of the medians "
        f"{statistics.median(times) / hint:.1f}× (load average {os.getloadavg()[0]:.1f}, "
        f"{platform.machine()}, Python {platform.python_version()})"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 25)
