"""Rendering deal sheets.

.venv/bin/python bench/render.py [--deals N] [--repeat R]

1. 1,000 deals (no solver tables) into one handout (target: under 5 seconds);
2. the shipped scenarios with trick tables: a first run with an empty cache (target: ≤ 2.5 s
   on two cores), a second run reading the cache (target: ≤ 1.5× the time without tables);
3. the ten levels as a PDF with WeasyPrint (target: ≤ 5 s).

Each figure is the fastest of ``--repeat`` runs, timed in a fresh process so that nothing is
kept in memory from one run to the next (the cache in an empty temporary folder).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parents[1]


def handout(deals: int) -> str:
    lines = ["kind: practice", "id: handout", "title: {en: Handout, pl: Zestaw}", "deals:"]
    for index in range(deals):
        lines.append(f"  - {{id: d{index}, dealer: {'SWN'[index % 3]}, seed: {index}}}")
    return "\n".join(lines) + "\n"


def many(deals: int) -> float:
    from betel_tutor.render.html import render_scenario
    from betel_tutor.scenario import load_text

    start = time.perf_counter()
    scenario, problems = load_text(handout(deals), "handout.yaml")
    assert scenario is not None and not problems
    render_scenario(scenario, lang="en", sheet="answers")
    return time.perf_counter() - start


def command(args: list[str], cache: str) -> float:
    """One ``render`` in a fresh process, timed from its start to its exit."""
    env = dict(os.environ, XDG_CACHE_HOME=cache, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "betel_tutor.entry", "render", *args, "-o", out, "--lang", "en"],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"render: {args.deals} deals into one handout in {many(args.deals):.2f} s")
    shipped = [str(ROOT / "scenarios")]
    plain = min(command([*shipped, "--no-solver"], tempfile.mkdtemp()) for _ in range(args.repeat))
    first, second = [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as cache:
            first.append(command(shipped, cache))
            second.append(command(shipped, cache))
    print(
        f"shipped scenarios: without tables {plain:.2f} s; with tables, first run "
        f"{min(first):.2f} s, second run {min(second):.2f} s ({min(second) / plain:.2f}×)"
    )
    levels = [str(ROOT / "scenarios" / "levels"), "--pdf"]
    with tempfile.TemporaryDirectory() as cache:
        command(levels, cache)  # the tables in the cache: the figure is the PDF's
        pdf = min(command(levels, cache) for _ in range(args.repeat))
    print(f"the ten levels as a PDF (tables cached): {pdf:.2f} s")


if __name__ == "__main__":
    main()
