"""DDS through endplay on random bridge deals: one double-dummy table (20 declarer-strain
figures) and its par, per deal. No target: a figure for the sheets of bridge boards and
``solve`` on a board.

    .venv/bin/python bench/bridge_dd.py [--deals N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from betel_tutor.bridge.board import BridgeBoard
from betel_tutor.dealing import deal_bridge
from betel_tutor.seats import Seat


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=30)
    deals = parser.parse_args().deals
    times = []
    for number in range(deals):
        dealt = deal_bridge(f"bench-{number}")
        board = BridgeBoard(str(number), dealt.hands, Seat(0, 4))
        start = time.perf_counter()
        board.double_dummy()
        times.append((time.perf_counter() - start) * 1000)
    ordered = sorted(times)
    print(
        f"DDS table and par, {deals} random deals: median {statistics.median(times):.1f} ms, "
        f"max {ordered[-1]:.1f} ms (first, with the library's start: {times[0]:.1f} ms)"
    )


if __name__ == "__main__":
    main()
