"""Rendering 1,000 deals (no solver tables) into one handout (target: under 5 seconds).

.venv/bin/python bench/render.py [--deals N]
"""

from __future__ import annotations

import argparse
import time

from betel_tutor.render.html import render_scenario
from betel_tutor.scenario import load_text


def handout(deals: int) -> str:
    lines = ["kind: practice", "id: handout", "title: {en: Handout, pl: Zestaw}", "deals:"]
    for index in range(deals):
        lines.append(f"  - {{id: d{index}, dealer: {'SWN'[index % 3]}, seed: {index}}}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args()
    start = time.perf_counter()
    scenario, problems = load_text(handout(args.deals), "handout.yaml")
    assert scenario is not None and not problems
    html = render_scenario(scenario, lang="en", sheet="answers")
    elapsed = time.perf_counter() - start
    print(f"render: {args.deals} deals, {len(html) / 1024:.0f} KiB of HTML in {elapsed:.2f} s")


if __name__ == "__main__":
    main()
