"""Rendering deal sheets.

.venv/bin/python bench/render.py [--deals N] [--repeat R]

1. 1,000 deals (no solver tables) into one handout (target: under 5 seconds);
2. the shipped scenarios with trick tables: a first run with an empty cache (target: ≤ 2.5 s
   on two cores), a second run reading the cache (target: ≤ 1.5× the time without tables);
3. the ten levels as a PDF with WeasyPrint (target: ≤ 5 s).

Each figure is the fastest of ``--repeat`` runs, timed in a fresh process so that nothing is
kept in memory from one run to the next (the cache in an empty temporary folder). The PDF's
figure gives the CPU time too (user and system, its worker processes included).

``--against DIR`` times the PDF of another version of the code too (a source tree, for example
``git worktree add /tmp/before <commit>``), its runs interleaved with this code's so that the
machine's load falls on both alike; each run's wall and CPU time and the load average are
printed.
"""

from __future__ import annotations

import argparse
import os
import resource
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


def command(args: list[str], cache: str, tree: Path = ROOT) -> float:
    """One ``render`` in a fresh process, timed from its start to its exit."""
    return timed(args, cache, tree)[0]


def timed(args: list[str], cache: str, tree: Path = ROOT) -> tuple[float, float]:
    """One ``render`` of the code in ``tree``, in a fresh process: its wall time, and its CPU
    time with the processes it started and waited for."""
    env = dict(os.environ, XDG_CACHE_HOME=cache, PYTHONPATH=str(tree))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "betel_tutor.entry", "render", *args, "-o", out, "--lang", "en"],
            check=True,
            env=env,
            cwd=tree,  # ``-m`` imports from the working folder first
            stdout=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another version's source tree")
    args = parser.parse_args()
    if args.against is not None:
        compare(args.against.resolve(), args.repeat)
        return
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
        pdf = min(timed(levels, cache) for _ in range(args.repeat))
    print(f"the ten levels as a PDF (tables cached): {pdf[0]:.2f} s ({pdf[1]:.2f} s of CPU)")


def compare(other: Path, repeat: int) -> None:
    """The ten levels' PDF by ``other``'s code and this code, run after run."""
    levels = [str(ROOT / "scenarios" / "levels"), "--pdf"]
    trees = {str(other): other, "this code": ROOT}
    with tempfile.TemporaryDirectory() as cache:
        for tree in trees.values():
            timed(levels, cache, tree)  # the tables in the cache
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        for _ in range(repeat):
            for name, tree in trees.items():
                wall, cpu = timed(levels, cache, tree)
                times[name].append((wall, cpu))
                load = os.getloadavg()[0]
                print(f"{name}: {wall:.2f} s, {cpu:.2f} s of CPU (load average {load:.2f})")
    for name, found in times.items():
        walls = ", ".join(f"{wall:.2f}" for wall, _ in found)
        cpus = ", ".join(f"{cpu:.2f}" for _, cpu in found)
        print(f"the ten levels as a PDF, {name}: {walls} s; CPU {cpus} s")


if __name__ == "__main__":
    main()
