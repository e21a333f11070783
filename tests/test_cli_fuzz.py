"""Every command's real options, given tricky values, as the console script runs them.

Whatever the arguments: no traceback, an exit status of 0, 1 or 2, and a message whenever the
status is not 0. The options are read from the Typer app itself, so a new option is fuzzed too.
Seven examples a command (about 90 runs in all, some 15 s), each with a time limit.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from betel_tutor.cli import app
from tests.in_process import LOCALE_VARIABLES, run_cli
from tests.test_cli import BETEL_TUTOR

RUNS_PER_COMMAND = 7
TIMEOUT = 30

TRICKY = [
    "",
    " ",
    "0",
    "-1",
    "8",
    "99999999999999999999999999",
    "-99999999999999999999",
    "1e309",
    "nan",
    "\ufe0f",
    "♥\ufe0f",
    "\x01\x1b[31m\t",
    "\u202e",
    "😀",
    "ąę",
    "\udcff\udcfe",  # bytes that are not UTF-8, as they reach sys.argv
    "A" * 3000,
    "--",
    "-x",
    "missing.yaml",
    "folder",
    "/dev/null",
    "/nonexistent/deeper/x.yaml",
]
# Values that get past the first checks, so that the deeper ones are reached too.
PLAUSIBLE = [
    "♠A ♥K ♦Q",
    "♠AKQJ109 ♥AK ♦AK",
    "♠A ♠K",
    "4♠",
    "B1",
    "pass",
    "7,2,1",
    "1♠ kontra pass",
    "♠",
    "1",
    "3",
    "7",
    "S",
    "pl",
    "en",
    "beginner",
    "student",
]
VALUES = st.sampled_from(TRICKY + PLAUSIBLE)


def commands() -> dict[str, Any]:
    """Each command's path (``"explain trick"``) and its Click command."""
    found: dict[str, Any] = {}

    def walk(command: Any, path: list[str]) -> None:
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
        else:
            found[" ".join(path)] = command

    walk(typer.main.get_command(app), [])
    return found


COMMANDS = commands()


@st.composite
def argv(draw: st.DrawFn, name: str) -> list[str]:
    """The command, then some of its options and arguments (each option at most once),
    in a drawn order, with drawn values."""
    words = name.split()
    parts: list[list[str]] = []
    for param in COMMANDS[name].params:
        is_option = bool(param.opts[0].startswith("-"))
        if not draw(st.booleans()) and not (param.required and draw(st.booleans())):
            continue
        if is_option and param.is_flag:
            parts.append([param.opts[0]])
        elif is_option:
            parts.append([param.opts[0], draw(VALUES)])
        else:
            count = draw(st.integers(1, 3)) if param.nargs == -1 else 1
            parts.append([draw(VALUES) for _ in range(count)])
    order = draw(st.permutations(range(len(parts)))) if parts else []
    return words + [word for index in order for word in parts[index]]


def run(args: list[str], home: Path) -> tuple[int, str, str]:
    """The command in ``home``: exit status, stdout and stderr. ``learn`` runs as a real
    process, since a fuzzed option may start its full-screen or web front end, which take a
    terminal or a port; every other command runs in this process (:mod:`tests.in_process`)."""
    environment = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    environment.update({"BETEL_TUTOR_HOME": str(home / "home"), "TERM": "dumb"})
    if args[0] == "learn":
        done = subprocess.run(
            [str(BETEL_TUTOR), *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            cwd=home,
            env=environment,
            timeout=TIMEOUT,
            check=False,
        )
        stdout, stderr = (out.decode("utf-8", "replace") for out in (done.stdout, done.stderr))
        return done.returncode, stdout, stderr
    here = Path.cwd()
    os.chdir(home)
    signal.signal(signal.SIGALRM, too_long)
    signal.alarm(TIMEOUT)
    try:
        ran = run_cli(*args, env=environment)
    finally:
        signal.alarm(0)
        os.chdir(here)
    return ran.returncode, ran.stdout, ran.stderr


def too_long(signum: int, frame: object) -> None:
    raise TimeoutError(f"a command ran for more than {TIMEOUT} s")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_fuzzed_arguments(name: str, tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()

    @settings(
        max_examples=RUNS_PER_COMMAND,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(args=argv(name))
    def check(args: list[str]) -> None:
        status, stdout, stderr = run(args, tmp_path)
        shown = f"{args!r}: status {status}\n{stderr}"
        assert "Traceback" not in stderr, shown
        assert status in (0, 1, 2), shown
        if status:
            assert (stderr + stdout).strip(), shown

    check()
