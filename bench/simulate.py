"""``simulate`` of N deals with one condition (issue 38's figure: 10⁴ deals): the time, the
deals a second, the machine and its load before and after. A Rich progress bar on stderr.

    .venv/bin/python bench/simulate.py [--deals N] [--workers K] [--cluster ADDRESS]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from rich.console import Console
from rich.progress import Progress

from betel_tutor.app.simulate import SimulateOptions, plan_of
from betel_tutor.simulation import simulate

CONDITION = "S makes 2♠"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--cluster", default=None)
    args = parser.parse_args()
    plan = plan_of(SimulateOptions(stats=(CONDITION,), deals=args.deals, seed="bench"))
    before = os.getloadavg()[0]
    with Progress(console=Console(stderr=True), transient=True) as bar:
        job = bar.add_task("simulate", total=args.deals)
        start = time.perf_counter()
        summary = simulate(
            plan,
            args.deals,
            workers=args.workers,
            cluster=args.cluster,
            progress=lambda done, _: bar.update(job, completed=done),
        )
        spent = time.perf_counter() - start
    after = os.getloadavg()[0]
    held = summary.stats[0].frequency
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"load average (1 min): {before:.1f} → {after:.1f}")
    where = args.cluster or f"{args.workers or 'all'} workers"
    print(f"simulate {args.deals} deals, one condition ({CONDITION}), {where}: {spent:.1f} s")
    print(f"  {args.deals / spent:.1f} deals/s; {CONDITION}: {held.mean:.3f} ± {held.error:.3f}")


if __name__ == "__main__":
    main()
