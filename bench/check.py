"""`betel-tutor check` on 1,000 scenario files of realistic size (target: under 3 seconds).

The shipped lessons, boards and practice files are copied round-robin into a temporary folder
until there are 1,000, then the command is run on the folder through its entry point, a few
times; the median wall time is reported.

    .venv/bin/python bench/check.py [--files N] [--runs R] [--workers W]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--workers", type=int, help="passed to check (default: the command's own choice)"
    )
    args = parser.parse_args()
    extra = [] if args.workers is None else ["--workers", str(args.workers)]
    sources = sorted((ROOT / "scenarios").rglob("*.yaml"))
    command = str(Path(sys.executable).parent / "betel-tutor")
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder)
        for index in range(args.files):
            source = sources[index % len(sources)]
            shutil.copy(source, target / f"{index:04d}-{source.name}")
        size = sum(p.stat().st_size for p in target.iterdir()) / args.files
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            done = subprocess.run(
                [command, "check", str(target), *extra], capture_output=True, text=True
            )
            times.append(time.perf_counter() - start)
            if done.returncode != 0:
                raise SystemExit(f"check failed:\n{done.stdout}{done.stderr}")
    median = statistics.median(times)
    how = "" if args.workers is None else f", --workers {args.workers}"
    print(
        f"check{how}: {args.files} files (mean {size / 1024:.1f} KiB) in {median:.2f} s, "
        f"median of {args.runs} runs (min {min(times):.2f} s)"
    )


if __name__ == "__main__":
    main()
