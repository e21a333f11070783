"""Startup time of a betel-tutor command against a minimal Typer app (target: at most 1.1×).

Runs, side by side and interleaved so that machine noise hits all of them alike:
``betel-tutor explain trick "♠A ♣2 ♦2 ♥2" --trump ♠``, a two-command Typer app running one
command, and ``python -c "import typer"`` for reference. Prints each median wall time and the
ratio of the first two. The command line freezes the objects loaded before a command runs
(``gc.freeze()``); the same command with that freeze turned off is measured too, so that its
share of the figure shows. The runs may write bytecode caches (``PYTHONDONTWRITEBYTECODE`` is
dropped for them), as an installed package has them: without, every run would recompile.

    .venv/bin/python bench/startup.py [--runs 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MINIMAL_APP = """\
import typer

app = typer.Typer()


@app.command()
def hello(name: str = "world") -> None:
    typer.echo(f"hello {name}")


@app.command()
def bye() -> None:
    typer.echo("bye")


if __name__ == "__main__":
    app()
"""


# The console script's own code, with gc.freeze made a no-op.
WITHOUT_FREEZE = (
    "import gc, sys; gc.freeze = lambda: None; sys.argv = ['betel-tutor', *sys.argv[1:]]; "
    "from betel_tutor.cli import main; main()"
)
TRICK = ("explain", "trick", "♠A ♣2 ♦2 ♥2", "--trump", "♠")
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall_time(command: list[str]) -> float:
    """Seconds from start to exit of one run; a failing run stops the benchmark."""
    start = time.perf_counter()
    subprocess.run(
        command,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENVIRONMENT,
    )
    return time.perf_counter() - start


def measure(commands: dict[str, list[str]], runs: int, warmup: int = 3) -> dict[str, float]:
    """Median wall time of each command, run in turn round after round."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for round_ in range(warmup + runs):
        order = list(commands)
        if round_ % 2:  # alternate the order so no command always runs first
            order.reverse()
        for name in order:
            elapsed = wall_time(commands[name])
            if round_ >= warmup:
                times[name].append(elapsed)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="measured runs of each command")
    args = parser.parse_args()
    betel_tutor = Path(sys.executable).parent / "betel-tutor"
    with tempfile.TemporaryDirectory() as folder:
        app = Path(folder) / "minimal_app.py"
        app.write_text(MINIMAL_APP, encoding="utf-8")
        commands = {
            "betel-tutor explain trick": [str(betel_tutor), *TRICK],
            "minimal Typer app": [sys.executable, str(app), "hello"],
            'python -c "import typer"': [sys.executable, "-c", "import typer"],
            "same, without gc.freeze": [sys.executable, "-c", WITHOUT_FREEZE, *TRICK],
        }
        medians = measure(commands, args.runs)
    for name, seconds in medians.items():
        print(f"{name:32} {seconds * 1000:7.1f} ms  (median of {args.runs})")
    baseline = medians["minimal Typer app"]
    ratio = medians["betel-tutor explain trick"] / baseline
    print(f"{'ratio (target <= 1.10)':32} {ratio:7.2f}")
    unfrozen = medians["same, without gc.freeze"] / baseline
    print(f"{'ratio without gc.freeze':32} {unfrozen:7.2f}")


if __name__ == "__main__":
    main()
