"""`betel-tutor deal` with a double-dummy condition: candidate deals tested per second per core
(target: at least 20).

Every candidate passes the cheap conditions (there are none), so each one is solved: the
figure is the solver's pace on whole deals, the worst case of the search. The default
condition, a betelek (the slowest kind to solve), is met by few deals, so the whole budget is
tested (``--count`` is the budget); the rate is the candidates tested over the wall time, for
one process and for ``--workers``.

    .venv/bin/python bench/deal.py [--tries N] [--workers W] [--condition TEXT]
    .venv/bin/python bench/deal.py --game bridge   # DDS, "E takes at most 3 tricks in ♥"
"""

from __future__ import annotations

import argparse
import os
import time

from betel_tutor.scenario.conditions import parse_condition
from betel_tutor.scenario.finder import Wanted, find_deals
from betel_tutor.scenario.model import Game


def rate(condition: str, tries: int, workers: int, game: str = "betel") -> tuple[float, int]:
    wanted = Wanted(game=Game(game), conditions=(parse_condition(condition, game=game),))
    start = time.perf_counter()
    found, tested = find_deals(wanted, "bench", count=tries, tries=tries, workers=workers)
    elapsed = time.perf_counter() - start
    return tested / elapsed, len(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tries", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--condition", default=None)
    parser.add_argument("--game", choices=("betel", "bridge"), default="betel")
    args = parser.parse_args()
    if args.condition is None:
        bridge = args.game == "bridge"
        args.condition = "E takes at most 3 tricks in ♥" if bridge else "W takes at most 1 in B1"
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for workers in sorted({1, args.workers}):
        per_second, found = rate(args.condition, args.tries, workers, args.game)
        print(
            f"{args.condition!r}, {workers} process(es): {per_second:.1f} candidates/s "
            f"({per_second / workers:.1f} per core), {found} of {args.tries} met it"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
