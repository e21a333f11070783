"""The full-screen tutor: start to the first drawn table, and a key press to the redrawn table.

Start: ``betel-tutor learn`` in a pseudo-terminal of 80×24 with a teacher's level of one deal
(``$BETEL_TUTOR_LEVELS``), from spawning the process until the learner's hand is on the screen
(Python's start, the imports, the deal, the first frame), interleaved with its reference: a
minimal Textual app that draws one screen of text, timed the same way until its text is on the
screen. Target ≤ 1.5× the reference (``bench/startup.py`` runs the same pair beside the other
commands' start-up).

Key press: with Textual's Pilot at 80×24, the time from a key's event until the first frame the
app draws in answer to it (the table redrawn: the card on the table, the computer players'
answers, the side panel), and until its last frame (the Pilot's own waiting for the app to be
idle is not counted) — arrow keys (the cursor moves over the hand) and Enter (a card is played
and the computer players answer, beginner strength), over whole deals. Target: the table
redrawn within 50 ms at the 95th percentile.

    .venv/bin/python bench/screen.py [--starts N] [--deals N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pexpect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the helpers, in tests/

from tests.screen_driver import expects, new_app, until
from tests.test_tutor import BETEL_TUTOR, environment
from tests.web_server import ONE_DEAL


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


MINIMAL_TEXTUAL = """\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Your hand: ♠A ♠K ♥Q ♦J ♣10")


if __name__ == "__main__":
    Minimal().run()
"""


# The minimal Textual app run by a two-command Typer app, as ``betel-tutor learn`` runs the
# full-screen tutor: the floor of a Typer command that draws a screen (bench/startup.py).
TYPER_TEXTUAL = """\
import typer

app = typer.Typer()


@app.command()
def learn(level: int = 1, lang: str = "en") -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Minimal(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("Your hand: ♠A ♠K ♥Q ♦J ♣10")

    Minimal().run()


@app.command()
def other() -> None:
    pass


if __name__ == "__main__":
    app()
"""


def spawned_until(home: Path, command: str, args: list[str], env: dict[str, str]) -> float:
    """Seconds from spawning ``command`` in an 80×24 pseudo-terminal until "Your hand" is on
    the screen; then Ctrl-Q ends it."""
    began = time.perf_counter()
    child = pexpect.spawn(command, args, env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    child.expect("Your hand")
    elapsed = time.perf_counter() - began
    child.sendcontrol("q")
    child.expect(pexpect.EOF)
    child.close()
    return elapsed


def minimal_textual_once(home: Path) -> float:
    """The reference: a minimal Textual app's start to its one screen."""
    home.mkdir(parents=True, exist_ok=True)
    script = home / "minimal_textual.py"
    script.write_text(MINIMAL_TEXTUAL, encoding="utf-8")
    return spawned_until(home, sys.executable, [str(script)], environment(home))


def typer_textual_once(home: Path) -> float:
    """The minimal Textual app run by a Typer command, timed the same way."""
    home.mkdir(parents=True, exist_ok=True)
    script = home / "typer_textual.py"
    script.write_text(TYPER_TEXTUAL, encoding="utf-8")
    args = [str(script), "learn", "--level", "1", "--lang", "en"]
    return spawned_until(home, sys.executable, args, environment(home))


def start_once(home: Path) -> float:
    levels = home / "levels"
    levels.mkdir(parents=True, exist_ok=True)
    (levels / "level-01.yaml").write_text(ONE_DEAL, encoding="utf-8")
    env = {**environment(home), "BETEL_TUTOR_LEVELS": str(levels)}
    return spawned_until(home, BETEL_TUTOR, ["learn", "--level", "1", "--lang", "en"], env)


async def key_presses(
    deals: int,
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    arrows: list[tuple[float, float]] = []  # (first frame, last frame) after the key
    plays: list[tuple[float, float]] = []
    app = new_app("en", level=1)
    frames: list[float] = []
    display = app._display

    def timed(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if renderable is not None:
            frames.append(time.perf_counter())

    app._display = timed  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(deals):
            await until(pilot, app, "card")
            while expects(app) == "card":
                for key, into in (("right", arrows), ("enter", plays)):
                    frames.clear()
                    began = time.perf_counter()
                    await pilot.press(key)
                    await pilot.pause()
                    into.append((frames[0] - began, frames[-1] - began))
    return arrows, plays


def report(name: str, values: list[float]) -> None:
    ms = [v * 1000 for v in values]
    print(
        f"{name:<28} n={len(ms):<4} median {statistics.median(ms):7.1f} ms   "
        f"p95 {percentile(ms, 0.95):7.1f} ms   max {max(ms):7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--deals", type=int, default=3)
    options = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    starts: list[float] = []
    references: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        for n in range(options.starts):  # interleaved, the order swapped every other round
            if n % 2:
                references.append(minimal_textual_once(home / "textual"))
            starts.append(start_once(home / str(n)))
            if not n % 2:
                references.append(minimal_textual_once(home / "textual"))
    report("start to the first table", starts)
    report("minimal Textual app", references)
    ratio = statistics.median(starts) / statistics.median(references)
    print(f"start, ratio of the medians: {ratio:.2f}× (target ≤ 1.5×)")
    arrows, plays = asyncio.run(key_presses(options.deals))
    every = arrows + plays
    report("arrow key: the cursor drawn", [first for first, _ in arrows])
    report("Enter: the table redrawn", [first for first, _ in plays])
    report("Enter: the last frame", [last for _, last in plays])
    report("every key: the table redrawn", [first for first, _ in every])
    report("every key: the last frame", [last for _, last in every])


if __name__ == "__main__":
    main()
