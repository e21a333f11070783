"""The laydown check on strong random hands: verdicts, times and information sets searched.

Each of N hands (seeded, reproducible) is dealt by weighting the cards towards the high ones,
with two random dubel cards; the contract is 3, 4 or 5 in the hand's longest suit (one hand in
five in no trump). Each hand is checked with ``--workers 1`` and with ``--workers 2``, side by
side, and beside them its reference: one double-dummy solve of the same hand against one layout
of the other cards (the hand leads, the 20 cards left after the dubel dealt at random to the
defenders), so that the ratio says how many single layouts' worth a proof costs. The order of
the three turns with each hand, so that the machine's drift hits all alike.

    .venv/bin/python bench/laydown.py [--hands N] [--seed S] [--budget B] [--alone]

``--alone`` checks the ten cards alone (no dubel known, no exchange: spec §12.6).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import time
from collections import Counter

from betel_tutor.cards import BETEL_DECK, Card
from betel_tutor.contracts import Contract, parse_contract
from betel_tutor.solver import solve
from betel_tutor.solver.laydown import DEFAULT_BUDGET, check_laydown


def strong_hand(rng: random.Random) -> tuple[list[Card], list[Card], Contract]:
    deck = sorted(BETEL_DECK, key=lambda c: -(int(c.rank) + rng.random() * 6))
    hand, rest = deck[:10], deck[10:]
    rng.shuffle(rest)
    lengths = Counter(card.suit for card in hand)
    longest = max(lengths, key=lambda suit: (lengths[suit], suit.order))
    level = rng.choice((3, 4, 5))
    strain = "NT" if rng.random() < 0.2 else longest.symbol
    return hand, rest[:2], parse_contract(f"{level}{strain}")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument(
        "--alone", action="store_true", help="ten cards alone: no dubel known, no exchange"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [strong_hand(rng) for _ in range(args.hands)]
    times: dict[int, list[float]] = {1: [], 2: [], 0: []}  # 0: the reference
    verdicts: Counter[str] = Counter()
    searched: list[int] = []
    for number, (hand, dubel, contract) in enumerate(hands):
        rest = [card for card in BETEL_DECK if card not in hand and card not in dubel]
        rng.shuffle(rest)
        layout = [hand, rest[:10], rest[10:20]]
        order = (1, 2, 0)[number % 3 :] + (1, 2, 0)[: number % 3]
        for workers in order:
            start = time.perf_counter()
            if workers == 0:
                solve(layout, trump=contract.trump, declarer=0, leader=0)
            else:
                result = check_laydown(
                    hand,
                    None if args.alone else dubel,
                    contract,
                    budget=args.budget,
                    workers=workers,
                )
            times[workers].append((time.perf_counter() - start) * 1000)
        shown = result.refutation is not None
        verdicts[f"{result.verdict} ({result.method}{', shown' if shown else ''})"] += 1
        searched.append(result.searched)
    print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print("verdicts:", ", ".join(f"{k}: {v}" for k, v in sorted(verdicts.items())))
    reference = statistics.median(times[0])
    for workers, values in times.items():
        name = f"--workers {workers}" if workers else "one layout solved"
        print(
            f"{name:18} median {statistics.median(values):7.1f} ms"
            f"  p95 {percentile(values, 0.95):7.1f}  max {max(values):7.1f}"
            f"  (median {statistics.median(values) / reference:6.1f}× one layout)"
        )
    print(f"information sets: median {statistics.median(searched):,.0f}, max {max(searched):,}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
