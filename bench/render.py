"""Rendering deal sheets: CPU time, each beside a reference timed in the same run.

.venv/bin/python bench/render.py [--deals N] [--rounds R]

1. 1,000 deals (no solver tables) into one handout, in this process (target: under 5 seconds);
2. ``render scenarios`` with trick tables, a first run with an empty cache (target: ≤ 3 s of
   CPU), beside its reference, the same render without tables (``--no-solver``); and a second
   run reading the cache (target: ≤ 1.5× the reference);
3. ``render scenarios/levels --pdf``, with the cache an earlier render of the same files left
   (target: ≤ 4 s of CPU): the tables and the printed documents kept; and again with the
   tables kept but no printed document, so that WeasyPrint lays out every page. Beside them
   their reference, WeasyPrint alone laying out and writing a plain document of text of the
   same number of pages (the PDF's own page count, read from it).

Each round runs every command once, in a fresh process, interleaved, so that the machine's load
falls on the commands and their references alike. CPU time is user + system of the process and
the processes it waited for (the table and PDF workers); the figures are medians over the
rounds, with their ratios to the references and the load average.

``--against DIR`` times only the PDF laid out afresh, by the code in another source tree (for
example ``git worktree add /tmp/before <commit>``) and by this code, run after run, each run's
wall and CPU time printed with the load average.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parents[1]

# WeasyPrint alone: a document of plain paragraphs, as many pages as argv[1], written to argv[2].
REFERENCE_PDF = """\
import sys
from weasyprint import HTML
pages = int(sys.argv[1])
words = "the declarer leads the ace of trumps and the defenders follow with small cards " * 6
body = "".join(
    f"<h2>Page {n}</h2>" + f"<p>{words}</p>" * 6 + '<p style="break-after: page"></p>'
    for n in range(pages)
)
style = "<style>@page { size: A4; margin: 15mm }</style>"
html = f"<html><head>{style}</head><body>{body}</body></html>"
HTML(string=html).write_pdf(sys.argv[2])
"""


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


def cpu_of(command: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, with the processes it waited for) of
    ``command``; stops on failure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def timed(args: list[str], cache: str, tree: Path = ROOT) -> tuple[float, float]:
    """One ``render`` of the code in ``tree``, in a fresh process: its wall and CPU time."""
    env = dict(os.environ, XDG_CACHE_HOME=cache, PYTHONPATH=str(tree))
    with tempfile.TemporaryDirectory() as out:
        # ``-m`` imports from the working folder first: the tree's code is the one timed
        command = [sys.executable, "-m", "betel_tutor.entry", "render", *args, "-o", out]
        return cpu_of([*command, "--lang", "en"], env, cwd=tree)


def pdf_pages(cache: str) -> int:
    """The ten levels' PDF's page count (the reference lays out as many)."""
    from pypdf import PdfReader

    env = dict(os.environ, XDG_CACHE_HOME=cache, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "betel_tutor.entry", "render", *LEVELS, "-o", out]
        subprocess.run(
            [*command, "--lang", "en"], check=True, env=env, cwd=ROOT, capture_output=True
        )
        return len(PdfReader(Path(out) / "handout.pdf").pages)


def reference_pdf(pages: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-c", REFERENCE_PDF, str(pages), str(Path(out) / "ref.pdf")]
        return cpu_of(command, dict(os.environ))


def without_printed(kept: str, into: str) -> str:
    """A copy of the cache folder ``kept`` in ``into`` without its printed documents: the
    tables and the files found clean are read, every page is laid out."""
    shutil.copytree(kept, into, dirs_exist_ok=True)
    shutil.rmtree(Path(into) / "betel-tutor" / "printed", ignore_errors=True)
    return into


SHIPPED = [str(ROOT / "scenarios")]
LEVELS = [str(ROOT / "scenarios" / "levels"), "--pdf"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another version's source tree")
    args = parser.parse_args()
    if args.against is not None:
        compare(args.against.resolve(), args.rounds)
        return
    print(f"render: {args.deals} deals into one handout in {many(args.deals):.2f} s")
    runs: dict[str, list[float]] = {name: [] for name in NAMES}
    loads: list[float] = []
    with tempfile.TemporaryDirectory() as kept:
        pages = pdf_pages(kept)  # the levels' tables and printed documents now in ``kept``
        for _ in range(args.rounds):
            with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as empty:
                runs["first"].append(timed(SHIPPED, cache)[1])
                runs["plain"].append(timed([*SHIPPED, "--no-solver"], empty)[1])
                runs["second"].append(timed(SHIPPED, cache)[1])
            runs["pdf"].append(timed(LEVELS, kept)[1])
            with tempfile.TemporaryDirectory() as cache:
                runs["afresh"].append(timed(LEVELS, without_printed(kept, cache))[1])
            runs["reference"].append(reference_pdf(pages)[1])
            loads.append(os.getloadavg()[0])
    median = {name: statistics.median(times) for name, times in runs.items()}
    print(
        f"CPU time, median of {args.rounds} interleaved rounds "
        f"(load average {min(loads):.1f}–{max(loads):.1f}, {os.cpu_count()} cores)"
    )
    for name, label, against in ROWS:
        ratio = f"  {median[name] / median[against]:5.2f}× {NAMES[against]}" if against else ""
        print(f"  {label:<44} {median[name]:6.2f} s{ratio}")
    print(f"  ({NAMES['reference']}: {pages} pages of plain paragraphs)")


NAMES = {
    "first": "tables, first run",
    "plain": "the run without tables",
    "second": "tables, second run",
    "pdf": "the ten levels as a PDF",
    "afresh": "the PDF laid out afresh",
    "reference": "WeasyPrint alone",
}
ROWS = [  # (run, its label, its reference)
    ("first", "render scenarios, tables, first run", "plain"),
    ("second", "render scenarios, tables, second run", "plain"),
    ("plain", "render scenarios --no-solver (reference)", None),
    ("pdf", "render scenarios/levels --pdf, cache kept", "reference"),
    ("afresh", "the same, every page laid out afresh", "reference"),
    ("reference", "WeasyPrint alone, a plain document (reference)", None),
]


def compare(other: Path, rounds: int) -> None:
    """The ten levels' PDF by ``other``'s code and this code, run after run."""
    trees = {str(other): other, "this code": ROOT}
    with tempfile.TemporaryDirectory() as cache:
        for tree in trees.values():
            timed(LEVELS, cache, tree)  # the tables in the cache
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        for _ in range(rounds):
            for name, tree in trees.items():
                shutil.rmtree(Path(cache) / "betel-tutor" / "printed", ignore_errors=True)
                wall, cpu = timed(LEVELS, cache, tree)
                times[name].append((wall, cpu))
                load = os.getloadavg()[0]
                print(f"{name}: {wall:.2f} s, {cpu:.2f} s of CPU (load average {load:.2f})")
    for name, found in times.items():
        walls = ", ".join(f"{wall:.2f}" for wall, _ in found)
        cpus = ", ".join(f"{cpu:.2f}" for _, cpu in found)
        print(f"the ten levels as a PDF laid out afresh, {name}: {walls} s; CPU {cpus} s")


if __name__ == "__main__":
    main()
