"""DDS through endplay on random bridge deals: one double-dummy table (20 declarer-strain
figures) and its par per deal, as the sheets of bridge boards and ``solve`` on a board compute
it (``BridgeBoard.double_dummy``), beside the bare endplay calls on the same deal
(``calc_dd_table`` and ``par``), deal by deal, alternating which runs first. No target: the
ratio says what our wrapping costs over DDS itself.

    .venv/bin/python bench/bridge_dd.py [--deals N]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from betel_tutor.bridge import endplay_parts
from betel_tutor.bridge.board import BridgeBoard
from betel_tutor.bridge.dd import pbn_deal
from betel_tutor.dealing import deal_bridge
from betel_tutor.seats import Seat


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=30)
    deals = parser.parse_args().deals
    endplay_parts.load()
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    print(
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"load average before {os.getloadavg()[0]:.1f}"
    )
    ours: list[float] = []
    bare: list[float] = []
    for number in range(deals):
        dealt = deal_bridge(f"bench-{number}")
        board = BridgeBoard(str(number), dealt.hands, Seat(0, 4))
        text = pbn_deal(dealt.hands)

        for alone in (True, False) if number % 2 else (False, True):
            start = time.perf_counter()
            if alone:
                par(calc_dd_table(Deal(text)), Vul(0), Player(0))
            else:
                board.double_dummy()
            (bare if alone else ours).append((time.perf_counter() - start) * 1000)
    print(f"load average after {os.getloadavg()[0]:.1f}; {deals} random deals, DDS table and par")
    for name, times in (("ours (BridgeBoard.double_dummy)", ours), ("bare endplay", bare)):
        print(
            f"{name:32} median {statistics.median(times):7.1f} ms   max {max(times):7.1f} ms"
            f"   (the first: {times[0]:.1f} ms)"
        )
    ratio = statistics.median(ours) / statistics.median(bare)
    print(f"ratio of the medians: {ratio:.2f}×")


if __name__ == "__main__":
    main()
