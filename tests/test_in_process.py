"""The console script run in the test process (:mod:`tests.in_process`) says and returns what
the real program does: the same status, output and errors, usage mistakes and the locale's
language included. The real program runs here because the comparison is the point."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.in_process import LOCALE_VARIABLES, run_cli
from tests.learner import BETEL_TUTOR

CASES = [
    (["explain", "trick", "♥Q ♥K ♠7", "--trump", "♠"], {}),
    (["rules", "7"], {"LANG": "pl_PL.UTF-8"}),
    (["explain", "score", "3X", "--tricks", "7,2,1"], {}),
    (["deal", "--no-such-option"], {}),
    (["explain"], {}),
]


@pytest.mark.parametrize(("args", "extra"), CASES, ids=lambda case: " ".join(case)[:30])
def test_the_same_as_the_real_program(
    tmp_path: Path, args: list[str], extra: dict[str, str]
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    env.update({"BETEL_TUTOR_HOME": str(tmp_path), **extra})
    real = subprocess.run(
        [BETEL_TUTOR, *args], capture_output=True, text=True, encoding="utf-8", env=env
    )
    here = run_cli(*args, env=env)
    assert (here.returncode, here.stdout, here.stderr) == (
        real.returncode,
        real.stdout,
        real.stderr,
    )


def test_lines_are_typed_as_the_program_asks_for_them(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    env["BETEL_TUTOR_HOME"] = str(tmp_path)
    seen: list[str] = []

    def typist(output: str) -> str | None:
        seen.append(output)
        return "quit" if len(seen) == 1 else None

    ran = run_cli("learn", "--json", env=env, typist=typist)
    assert ran.returncode == 0
    assert len(seen) == 1 and seen[0].splitlines()[-1].startswith('{"event": "prompt"')
    assert ran.stdout.startswith(seen[0]) and '"event": "bye"' in ran.stdout[len(seen[0]) :]
