"""Computer players' move times, and the tutor's response to a learner's line through
``betel-tutor learn --json``.

The response is the time from writing a line to the program's standard input until the next
``prompt`` event arrives on its standard output, with whole lessons of levels 1, 3, 5, 8 and 9
played by the scripted learner of ``tests/learner.py`` (one real process per lesson), once with
each strength of computer players. Targets: p95 ≤ 100 ms with beginner and club players;
p95 ≤ 300 ms and max ≤ 600 ms with strong ones. A beginner computer player's move: under
100 ms at the 95th percentile.

Each figure has its reference, timed in the same run: beside every beginner's move, a random
legal card of the same position (``legal_plays`` and a random choice); after each lesson, as
many lines through a minimal program that answers every line it reads with one JSON prompt
(the pipes' and Python's own cost of a round trip). The ratios are printed beside the times.

    .venv/bin/python bench/tutor.py [--deals N] [--levels 1 3 5 8 9] [--strengths ...]
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the learner, in tests/

from betel_tutor.bots import choose_card
from betel_tutor.contracts import LADDER, free_play
from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, play_card, start_play
from tests.learner import Learner, converse_process, environment

LEVELS = (1, 3, 5, 8, 9)
STRENGTHS = ("beginner", "club", "strong")
TARGETS = {"beginner": (0.100, None), "club": (0.100, None), "strong": (0.300, 0.600)}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


ECHO = """\
import json
import sys

for line in sys.stdin:
    print(json.dumps({"event": "prompt", "text": "Your card: ", "expects": "card"}), flush=True)
"""


def bot_moves(deals: int) -> tuple[list[float], list[float]]:
    """A beginner's move at each position of whole deals, and a random legal card's."""
    times = []
    randoms = []
    rng = random.Random(1)
    contracts = [free_play(), *LADDER]
    for seed in range(deals):
        contract = contracts[seed % len(contracts)]
        declarer = None if contract.kind == "free" else seed % 3
        state = start_play(BETEL, deal(seed).hands, contract, declarer=declarer)
        while not state.finished:
            start = time.perf_counter()
            choice = choose_card(state)
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            rng.choice(tuple(state.legal_moves()))
            randoms.append(time.perf_counter() - start)
            state = play_card(state, choice.card)
    return times, randoms


def echo_responses(lines: int) -> list[float]:
    """Round trips of ``lines`` lines through the minimal program: write, until its prompt."""
    process = subprocess.Popen(
        [sys.executable, "-c", ECHO], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdin is not None and process.stdout is not None
    times = []
    for _ in range(lines):
        start = time.perf_counter()
        process.stdin.write("1\n")
        process.stdin.flush()
        process.stdout.readline()
        times.append(time.perf_counter() - start)
    process.stdin.close()
    process.wait()
    return times


def responses(level: int, strength: str) -> list[tuple[float, str, str]]:
    """A whole lesson of ``level`` through ``learn --json``: each line's response time, the line
    and what the prompt it answered expected."""
    with tempfile.TemporaryDirectory() as home:
        learner = Learner(level)
        args = ["--level", str(level), "--strength", strength]
        transcript = converse_process(learner, args, environment(Path(home)), timeout=120)
    if transcript.returncode != 0 or not transcript.of("level_end"):
        raise SystemExit(f"level {level} ({strength}) did not end: {transcript.stderr}")
    out = []
    exchanges = transcript.exchanges
    for before, after in itertools.pairwise(exchanges):
        if after.line is not None and after.events[-1]["event"] == "prompt":
            out.append((after.seconds, after.line, before.events[-1]["expects"]))
    return out


def show(name: str, times: list[float], target: tuple[float, float | None]) -> None:
    p95, top = percentile(times, 0.95), max(times)
    met = p95 <= target[0] and (target[1] is None or top <= target[1])
    wanted = f"p95 ≤ {target[0] * 1e3:.0f} ms" + (
        f", max ≤ {target[1] * 1e3:.0f} ms" if target[1] is not None else ""
    )
    print(
        f"  {name:<9} {len(times):>5} lines  median {statistics.median(times) * 1e3:7.2f} ms  "
        f"p95 {p95 * 1e3:7.2f} ms  max {top * 1e3:7.1f} ms   ({wanted}: "
        f"{'met' if met else 'MISSED'})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals for the bot move")
    parser.add_argument("--levels", type=int, nargs="+", default=list(LEVELS))
    parser.add_argument("--strengths", nargs="+", default=list(STRENGTHS), choices=STRENGTHS)
    parser.add_argument("--slowest", type=int, default=0, help="show the N slowest lines")
    args = parser.parse_args()
    print(
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    if args.deals:
        moves, randoms = bot_moves(args.deals)
        print(
            f"bot move (beginner): median {statistics.median(moves) * 1e3:.3f} ms, "
            f"p95 {percentile(moves, 0.95) * 1e3:.3f} ms, max {max(moves) * 1e3:.2f} ms "
            f"over {len(moves)} moves; a random legal card: p95 "
            f"{percentile(randoms, 0.95) * 1e3:.3f} ms "
            f"({percentile(moves, 0.95) / percentile(randoms, 0.95):.1f}× at p95)"
        )
    levels = " ".join(map(str, args.levels))
    print(f"tutor response to a line, learn --json, lessons of levels {levels}:")
    for strength in args.strengths:
        timed: list[tuple[float, str, str, int]] = []
        echoed: list[float] = []
        for level in args.levels:
            rows = responses(level, strength)
            timed += [(*row, level) for row in rows]
            echoed += echo_responses(len(rows))
        show(strength, [row[0] for row in timed], TARGETS[strength])
        p95 = percentile([row[0] for row in timed], 0.95)
        print(
            f"  {'reference':<9} {len(echoed):>5} lines through a minimal JSON prompt program: "
            f"median {statistics.median(echoed) * 1e3:.2f} ms, p95 "
            f"{percentile(echoed, 0.95) * 1e3:.2f} ms ({p95 / percentile(echoed, 0.95):.1f}× at "
            f"p95)"
        )
        for seconds, line, expects, level in sorted(timed, reverse=True)[: args.slowest]:
            print(f"      {seconds * 1e3:7.1f} ms  level {level}  {expects:<8} {line!r}")


if __name__ == "__main__":
    main()
