"""`betel-tutor deal` with a double-dummy condition: candidate deals tested per second, in one
process and in ``--workers`` processes, interleaved in one run, and the ratio of the two
(targets: at least 20 candidates a second per core; for bridge, two processes at least 1.6×
one).

Every candidate passes the cheap conditions (there are none), so each one is solved: the
figure is the solver's pace on whole deals, the worst case of the search. The default
condition, a betelek (the slowest kind to solve), is met by few deals, so the whole budget is
tested (``--count`` is the budget); the rate is the candidates tested over the wall time. The
rounds alternate which runs first, so that the machine's drift hits both alike.

The reference is the machine's own scaling in the same minutes: a plain CPU-bound Python loop
run for ``--spin`` seconds in one process and in ``--workers`` processes, in each round beside
the deals. On a machine shared with other work a second process gets less than a second core,
and no program scales better than that loop; the last line gives the deal's ratio as a share
of the loop's.

    .venv/bin/python bench/deal.py [--tries N] [--workers W] [--rounds R] [--condition TEXT]
    .venv/bin/python bench/deal.py --game bridge   # DDS, "E takes at most 3 tricks in ♥"
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from betel_tutor.scenario.conditions import parse_condition
from betel_tutor.scenario.finder import Wanted, find_deals
from betel_tutor.scenario.model import Game


def rate(condition: str, tries: int, workers: int, game: str = "betel") -> tuple[float, int]:
    wanted = Wanted(game=Game(game), conditions=(parse_condition(condition, game=game),))
    start = time.perf_counter()
    found, tested = find_deals(wanted, "bench", count=tries, tries=tries, workers=workers)
    elapsed = time.perf_counter() - start
    return tested / elapsed, len(found)


def _spin(seconds: float) -> int:
    """Count as fast as Python can for ``seconds``: work that needs nothing but a core."""
    count = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(10_000):
            count += 1
    return count


def spin_rate(workers: int, seconds: float) -> float:
    """The loop's count a second, in ``workers`` processes at once."""
    with ProcessPoolExecutor(workers) as pool:
        return sum(pool.map(_spin, [seconds] * workers)) / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tries", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spin", type=float, default=5.0, help="seconds of the reference loop")
    parser.add_argument("--condition", default=None)
    parser.add_argument("--game", choices=("betel", "bridge"), default="betel")
    args = parser.parse_args()
    if args.condition is None:
        bridge = args.game == "bridge"
        args.condition = "E takes at most 3 tricks in ♥" if bridge else "W takes at most 1 in B1"
    print(
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"load average before {os.getloadavg()[0]:.1f}"
    )
    rates: dict[int, list[float]] = {1: [], args.workers: []}
    spins: dict[int, list[float]] = {1: [], args.workers: []}
    met = 0
    for round_ in range(args.rounds):
        order = sorted(rates, reverse=bool(round_ % 2))
        for workers in order:
            spins[workers].append(spin_rate(workers, args.spin))
            per_second, met = rate(args.condition, args.tries, workers, args.game)
            rates[workers].append(per_second)
    print(f"load average after {os.getloadavg()[0]:.1f}")
    one = statistics.median(rates[1])
    many = statistics.median(rates[args.workers])
    print(f"{args.condition!r}: {met} of {args.tries} met it; medians of {args.rounds} rounds")
    print(
        f"1 process:             {one:7.1f} candidates/s   (each round: "
        + ", ".join(f"{r:.1f}" for r in rates[1])
        + ")"
    )
    print(
        f"{args.workers} processes:           {many:7.1f} candidates/s   "
        f"({many / args.workers:.1f} per core; each round: "
        + ", ".join(f"{r:.1f}" for r in rates[args.workers])
        + ")"
    )
    print(f"ratio, {args.workers} processes to 1:  {many / one:5.2f}×  (target for bridge ≥ 1.6×)")
    loop = statistics.median(spins[args.workers]) / statistics.median(spins[1])
    print(
        f"reference, a plain loop:   {loop:5.2f}×  (each round: "
        + ", ".join(f"{m / o:.2f}" for m, o in zip(spins[args.workers], spins[1], strict=True))
        + f"); the deals' ratio is {many / one / loop:.0%} of the loop's"
    )


if __name__ == "__main__":
    main()
