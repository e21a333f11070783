"""`betel-tutor check` on 1,000 scenario files of realistic size: CPU time a file (targets: at
most 2 ms on a first run, 1 ms on the next), beside a reference timed in the same run.

The shipped lessons, boards and practice files are copied round-robin into a temporary folder
until there are 1,000. Each round runs, interleaved: ``check`` with an empty cache folder (a
first run), ``check`` again with the cache that run left (a second run), and the reference, a
script that only reads every file with PyYAML's C loader. CPU time is user + system of the
process and its children (the machine may be busy: wall time says little); the figures are
medians over the rounds, and ratios to the reference.

    .venv/bin/python bench/check.py [--files N] [--rounds R] [--workers W]
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

REFERENCE = """\
import sys
from pathlib import Path
import yaml
for path in sorted(Path(sys.argv[1]).iterdir()):
    yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
"""


def cpu_of(command: list[str], env: dict[str, str]) -> float:
    """User + system seconds of ``command`` and its children; stops on failure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command[1]} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--workers", type=int, help="passed to check (default: the command's own choice)"
    )
    args = parser.parse_args()
    extra = [] if args.workers is None else ["--workers", str(args.workers)]
    sources = sorted((ROOT / "scenarios").rglob("*.yaml"))
    command = str(Path(sys.executable).parent / "betel-tutor")
    first: list[float] = []
    second: list[float] = []
    reference: list[float] = []
    loads: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "files"
        target.mkdir()
        for index in range(args.files):
            source = sources[index % len(sources)]
            shutil.copy(source, target / f"{index:04d}-{source.name}")
        size = sum(p.stat().st_size for p in target.iterdir()) / args.files
        check = [command, "check", str(target), *extra]
        for round_ in range(args.rounds):
            cache = Path(folder) / f"cache-{round_}"  # empty: this round's first run
            env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
            first.append(cpu_of(check, env))
            reference.append(cpu_of([sys.executable, "-c", REFERENCE, str(target)], env))
            second.append(cpu_of(check, env))
            loads.append(os.getloadavg()[0])
    how = "" if args.workers is None else f", --workers {args.workers}"
    ref = statistics.median(reference)
    print(
        f"check{how}: {args.files} files (mean {size / 1024:.1f} KiB), CPU time, "
        f"median of {args.rounds} interleaved rounds (load average {min(loads):.1f}–"
        f"{max(loads):.1f}, {os.cpu_count()} cores)"
    )
    for name, times in (("first run", first), ("second run", second)):
        median = statistics.median(times)
        print(
            f"  {name:<11} {median:6.2f} s  {median / args.files * 1000:5.2f} ms a file  "
            f"{median / ref:5.1f}× the reference"
        )
    print(
        f"  reference   {ref:6.2f} s  {ref / args.files * 1000:5.2f} ms a file  "
        "(reading every file with yaml.CSafeLoader)"
    )


if __name__ == "__main__":
    main()
