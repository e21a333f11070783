"""Start-up of betel-tutor's commands, each beside a minimal program doing the same with only
what it needs, in one run, interleaved, so that only ratios are read.

The pairs (command: reference — target):

- ``explain trick``: a two-command Typer app running one command — at most 1.1×;
- ``solve board.pbn`` (one board: DDS's table and par): a script that loads only endplay's PBN
  reader and DDS, as the program does, and prints the same table — at most 1.2×;
- ``convert board.lin board.pbn``: a script that reads the LIN file and writes the PBN file with
  endplay's own reader and writer — at most 1.2×;
- ``learn --json``, to its first ``prompt`` event on standard output: a minimal Typer app that
  prints one JSON prompt and reads one line — at most 1.3×;
- the full-screen tutor's first frame (``bench/screen.py``): a minimal Textual app drawing one
  screen, both timed from spawning in a pseudo-terminal until their text is on it — at most 1.5×.

Beside the references, a floor no Typer command can go under: the same endplay calls, and the
same minimal Textual app, run by a two-command Typer app (Typer 0.29 imports pydantic to check
the options it parses; the references load no command-line library).

The console script starts with the garbage collector off and turns it on, with what it has
loaded frozen (``gc.freeze()``), when a command's body runs; ``explain`` with the collector left
as Python sets it is measured too, so that its share shows. The runs may write bytecode
caches (``PYTHONDONTWRITEBYTECODE`` is dropped for them), as an installed package has them.

    .venv/bin/python bench/startup.py [--runs 20] [--only solve convert ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

from screen import (  # bench/screen.py, beside this script
    minimal_textual_once,
    start_once,
    typer_textual_once,
)

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

# A minimal Typer app that talks as ``learn --json`` does: one JSON prompt, one line read.
MINIMAL_PROMPT = """\
import json
import sys

import typer

app = typer.Typer()


@app.command()
def learn(level: int = 1, as_json: bool = typer.Option(False, "--json")) -> None:
    prompt = {"event": "prompt", "text": "Press Enter to continue: ", "expects": "continue"}
    print(json.dumps(prompt), flush=True)
    sys.stdin.readline()


@app.command()
def other() -> None:
    pass


if __name__ == "__main__":
    app()
"""

# What solve does for a PBN board, with no more than it needs: endplay's PBN reader and DDS,
# loaded without endplay's own __init__ (which loads its plotting) as the program loads them.
# What solve and convert do, with endplay's own parsers and DDS: the bodies of the minimal
# scripts below and of the Typer floor's two commands (``path``, ``source``, ``target``).
_ENDPLAY_SOLVE = """\
sys.modules["endplay"] = importlib.util.module_from_spec(importlib.util.find_spec("endplay"))
import endplay.parsers.pbn as pbn
from endplay.dds import calc_dd_table, par

with open(path, encoding="utf-8") as file:
    boards = pbn.load(file)
for board in boards:
    table = calc_dd_table(board.deal)
    print(board.board_num)
    for row in table.to_list():
        print(" ".join(f"{n:>4}" for n in row))
    result = par(table, board.vul, board.dealer)
    print(result.score, ", ".join(str(contract) for contract in result))
"""
_ENDPLAY_CONVERT = """\
sys.modules["endplay"] = importlib.util.module_from_spec(importlib.util.find_spec("endplay"))
import endplay.parsers.lin as lin
import endplay.parsers.pbn as pbn

with open(source, encoding="utf-8") as file:
    boards = lin.load(file)
with open(target, "w", encoding="utf-8") as file:
    pbn.dump(boards, file)
print(target)
"""
_IMPORTS = "import importlib.util\nimport sys\n\n"

MINIMAL_SOLVE = _IMPORTS + "path = sys.argv[1]\n" + _ENDPLAY_SOLVE

# What convert does from LIN to PBN, with endplay's own reader and writer.
MINIMAL_CONVERT = _IMPORTS + "source, target = sys.argv[1:3]\n" + _ENDPLAY_CONVERT

# The floor of a Typer command: the same endplay calls as the two scripts above, run by a
# two-command Typer app as the program runs them (Typer 0.29 checks every option and argument
# but on/off flags through a pydantic ``TypeAdapter``: parsing the command line imports pydantic).
TYPER_ENDPLAY = (
    _IMPORTS
    + "import typer\n\napp = typer.Typer()\n\n\n@app.command()\ndef solve(path: str) -> None:\n"
    + textwrap.indent(_ENDPLAY_SOLVE, "    ")
    + "\n\n@app.command()\ndef convert(source: str, target: str) -> None:\n"
    + textwrap.indent(_ENDPLAY_CONVERT, "    ")
    + '\n\nif __name__ == "__main__":\n    app()\n'
)

# The collector as Python leaves it: the console script's own code, with its turning the
# collector off during start-up and its freeze made no-ops.
WITHOUT_FREEZE = (
    "import gc, sys; gc.freeze = gc.disable = lambda: None; "
    "sys.argv = ['betel-tutor', *sys.argv[1:]]; from betel_tutor.entry import main; main()"
)
TRICK = ("explain", "trick", "♠A ♣2 ♦2 ♥2", "--trump", "♠")
BOARD = """\
[Event "Club pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:Q6.AK7.T432.T942 854.J8.J7.AJ7653 T72.532.AQ965.Q8 AKJ93.QT964.K8.K"]
"""
DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "bridge"
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
BETEL_TUTOR = str(Path(sys.executable).parent / "betel-tutor")
TARGETS = {"explain": 1.1, "solve": 1.2, "convert": 1.2, "learn": 1.3, "screen": 1.5}

Timer = Callable[[], float]


def to_exit(command: list[str]) -> Timer:
    """Seconds from start to exit of one run; a failing run stops the benchmark."""

    def run() -> float:
        start = time.perf_counter()
        subprocess.run(
            command,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=ENVIRONMENT,
        )
        return time.perf_counter() - start

    return run


def to_prompt(command: list[str], env: dict[str, str]) -> Timer:
    """Seconds from start until a ``prompt`` event is on standard output; then the line
    ``quit`` ends the program."""

    def run() -> float:
        start = time.perf_counter()
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            text=True,
            encoding="utf-8",
        )
        assert process.stdout is not None and process.stdin is not None
        for line in process.stdout:
            if '"event": "prompt"' in line:
                break
        else:
            raise RuntimeError(f"{command[1:]}: no prompt")
        elapsed = time.perf_counter() - start
        process.stdin.write("quit\n")
        process.stdin.close()
        process.stdout.read()
        process.wait(timeout=30)
        return elapsed

    return run


def measure(pairs: dict[str, dict[str, Timer]], runs: int, warmup: int = 2) -> dict[str, float]:
    """Median seconds of each command, every one run in turn round after round (the order
    reversed every other round, so that none always runs first)."""
    timers = {name: timer for pair in pairs.values() for name, timer in pair.items()}
    times: dict[str, list[float]] = {name: [] for name in timers}
    for round_ in range(warmup + runs):
        order = list(timers)
        if round_ % 2:
            order.reverse()
        for name in order:
            elapsed = timers[name]()
            if round_ >= warmup:
                times[name].append(elapsed)
    return {name: statistics.median(values) for name, values in times.items()}


def commands(folder: Path) -> dict[str, dict[str, Timer]]:
    """Each measured command and its reference (first the command), by the pair's name."""
    scripts = {}
    for name, text in (
        ("minimal_app", MINIMAL_APP),
        ("minimal_prompt", MINIMAL_PROMPT),
        ("minimal_solve", MINIMAL_SOLVE),
        ("minimal_convert", MINIMAL_CONVERT),
        ("typer_endplay", TYPER_ENDPLAY),
    ):
        scripts[name] = folder / f"{name}.py"
        scripts[name].write_text(text, encoding="utf-8")
    board = folder / "board.pbn"
    board.write_text(BOARD, encoding="utf-8")
    lin, out = str(DATA / "played.lin"), str(folder / "out.pbn")
    home = folder / "home"
    home.mkdir()
    learn_env = {**ENVIRONMENT, "BETEL_TUTOR_HOME": str(home), "LANG": "C.UTF-8"}
    python = sys.executable
    return {
        "explain": {
            "betel-tutor explain trick": to_exit([BETEL_TUTOR, *TRICK]),
            "minimal Typer app": to_exit([python, str(scripts["minimal_app"]), "hello"]),
            "explain, the collector left on": to_exit([python, "-c", WITHOUT_FREEZE, *TRICK]),
        },
        "solve": {
            "betel-tutor solve board.pbn": to_exit([BETEL_TUTOR, "solve", str(board)]),
            "endplay: PBN, DDS table, par": to_exit(
                [python, str(scripts["minimal_solve"]), str(board)]
            ),
            "the same, solve in a Typer app": to_exit(
                [python, str(scripts["typer_endplay"]), "solve", str(board)]
            ),
        },
        "convert": {
            "betel-tutor convert LIN to PBN": to_exit(
                [BETEL_TUTOR, "convert", lin, out, "--force"]
            ),
            "endplay: LIN read, PBN written": to_exit(
                [python, str(scripts["minimal_convert"]), lin, out]
            ),
            "the same, convert in a Typer app": to_exit(
                [python, str(scripts["typer_endplay"]), "convert", lin, out]
            ),
        },
        "learn": {
            "learn --json, first prompt": to_prompt(
                [BETEL_TUTOR, "learn", "--json", "--level", "1"], learn_env
            ),
            "minimal Typer app, a prompt": to_prompt(
                [python, str(scripts["minimal_prompt"]), "learn", "--json"], learn_env
            ),
        },
        "screen": {
            "full-screen tutor, first frame": lambda: start_once(folder / "screen"),
            "minimal Textual app, a frame": lambda: minimal_textual_once(folder / "textual"),
            "the same, run by a Typer app": lambda: typer_textual_once(folder / "typer"),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="measured runs of each command")
    parser.add_argument("--only", nargs="*", choices=sorted(TARGETS), help="these pairs only")
    args = parser.parse_args()
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; load average before {os.getloadavg()[0]:.1f}"
    )
    with tempfile.TemporaryDirectory() as folder:
        pairs = commands(Path(folder))
        pairs = {name: pair for name, pair in pairs.items() if name in (args.only or pairs)}
        medians = measure(pairs, args.runs)
    print(f"load average after {os.getloadavg()[0]:.1f}; medians of {args.runs} runs each")
    for name, pair in pairs.items():
        (measured, reference, *others) = pair
        ratio = medians[measured] / medians[reference]
        verdict = "met" if ratio <= TARGETS[name] else "NOT met"
        print(
            f"{measured:34} {medians[measured] * 1000:7.1f} ms  {ratio:5.2f}×  "
            f"(target ≤ {TARGETS[name]}×: {verdict})"
        )
        print(f"{reference:34} {medians[reference] * 1000:7.1f} ms  {1:5.2f}×")
        for other in others:
            print(
                f"{other:34} {medians[other] * 1000:7.1f} ms  "
                f"{medians[other] / medians[reference]:5.2f}×  "
                f"(the command: {medians[measured] / medians[other]:.2f}× this)"
            )


if __name__ == "__main__":
    main()
