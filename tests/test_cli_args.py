"""Bad arguments through the console script: one clear line, a non-zero status, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import run

ROOT = Path(__file__).parents[1]

USAGE_ERROR = 2


def refused(*args: str, env: dict[str, str] | None = None) -> str:
    """Run the command, expect it refused with one line on stderr and status 2; the line."""
    result = run(*args, env=env)
    assert result.returncode == USAGE_ERROR, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# -- odds ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_odds_after_a_discard_when_you_hold_the_whole_suit(as_json: list[str]) -> None:
    line = refused("odds", "--hold", "8", "--after-discard", *as_json)
    assert line.startswith("--hold 8 with --after-discard:")
    assert "at most 7" in line
    polish = refused("odds", "--hold", "8", "--after-discard", "--lang", "pl", *as_json)
    assert polish.startswith("--hold 8 z --after-discard:")


def test_odds_after_a_discard_refuses_a_dubel_it_would_not_use() -> None:
    line = refused("odds", "--hold", "3", "--dubel", "1", "--after-discard", "--json")
    assert line.startswith("--dubel 1 cannot go with --after-discard")


def test_odds_after_a_discard_still_answers() -> None:
    result = run("odds", "--hold", "7", "--after-discard", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["splits"] == [{"split": "0-0", "percent": 100.0}]


# -- card notation: U+FE0F ---------------------------------------------------------------------


def test_a_bare_selector_is_not_a_heart() -> None:
    line = refused("explain", "trick", "\ufe0fA ♠K ♠Q")
    assert "U+FE0F" in line and "position 1" in line


def test_a_selector_after_a_suit_symbol_is_read() -> None:
    result = run("explain", "trick", "♥\ufe0fA ♠\ufe0fK ♠Q", "--trump", "♠\ufe0f")
    assert result.returncode == 0, result.stderr
    assert "♠K wins the trick (card 2)" in result.stdout


# -- seeds that are not UTF-8 --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (("solve", "--seed", "\udcff\udcfe"), "\\xff\\xfe"),
        (("solve", "--seed", "a\udcffb", "--json"), "a\\xffb"),
        (("learn", "--seed", "\udcff"), "\\xff"),
    ],
)
def test_a_seed_that_is_not_utf8_is_refused(args: tuple[str, ...], shown: str) -> None:
    # Bytes that are not UTF-8 reach the program as lone surrogates (PEP 383).
    line = refused(*args)
    assert line.startswith(f"--seed {shown}: ")
    assert refused(*args, "--lang", "pl").startswith(f"--seed {shown}: bajty")


# -- --workers beyond the cores ------------------------------------------------------------------


def test_workers_are_capped_at_the_cores() -> None:
    from betel_tutor.cores import MAX_WORKERS, available_cores, usable_workers

    used = min(available_cores(), MAX_WORKERS)
    assert usable_workers(200) == used and usable_workers(0) == usable_workers(-5) == 1
    note = f"--workers 200: processes capped at {used} (one per available core, at most 32)"
    checked = run("check", str(ROOT / "scenarios" / "lessons"), "--workers", "200")
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr.splitlines()[0] == note
    laid = run("laydown", "♠AKQJ109 ♥AK ♦AK", "--contract", "4♠", "--workers", "200")
    assert laid.returncode == 0 and laid.stderr.splitlines() == [note]
    quiet = run("laydown", "♠AKQJ109 ♥AK ♦AK", "--contract", "4♠", "--workers", str(used))
    assert quiet.returncode == 0 and quiet.stderr == ""
