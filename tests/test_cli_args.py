"""Bad arguments through the console script: one clear line, a non-zero status, no traceback."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.in_process import LOCALE_VARIABLES
from tests.test_cli import BETEL_TUTOR, run

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


# -- a terminal that cannot show the suit symbols -----------------------------------------------

SUITED_COMMANDS = [
    ("explain", "trick", "♥A ♠K ♠Q"),
    ("explain", "legal", "--hand", "♥AK8 ♠7", "--trick", "♥Q"),
    ("explain", "score", "3♣", "--tricks", "7,2,1"),
    ("explain", "auction", "1♠ pass pass"),
    ("rules", "2"),
    ("odds", "--hold", "4"),
    ("solve", "--seed", "7", "--seat", "S"),
    ("laydown", "♠AKQJ109 ♥AK ♦AK", "--contract", "4♠"),
    ("progress",),
]
ENCODINGS = [
    {"PYTHONIOENCODING": "cp1250"},
    {"LC_ALL": "C"},  # Python's UTF-8 mode for the C locale (PEP 538, 540): the suits stay
]


def run_bytes(
    *args: str, env: dict[str, str], home: Path, stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    """The real program: the encodings its terminal and locale give it are the point."""
    environment = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    environment.pop("PYTHONIOENCODING", None)
    environment.update({"BETEL_TUTOR_HOME": str(home), **env})
    return subprocess.run(
        [str(BETEL_TUTOR), *args], input=stdin, capture_output=True, env=environment, timeout=60
    )


@pytest.mark.parametrize("env", ENCODINGS, ids=lambda env: " ".join(env.values()))
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("args", SUITED_COMMANDS, ids=lambda args: " ".join(args[:2]))
def test_output_the_terminal_cannot_encode_falls_back_to_letters(
    args: tuple[str, ...], as_json: bool, env: dict[str, str], tmp_path: Path
) -> None:
    result = run_bytes(*args, *(["--json"] if as_json else []), env=env, home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr and result.stdout
    encoding = env.get("PYTHONIOENCODING", "utf-8")
    text = result.stdout.decode(encoding)  # what the terminal's encoding can read
    if encoding != "utf-8":
        assert not set("♠♥♦♣") & set(text)
    if as_json:
        json.loads(text)
    if args[0] == "explain" and args[1] == "trick":
        assert ("♥A" if encoding == "utf-8" else "HA") in text


@pytest.mark.parametrize("env", ENCODINGS, ids=lambda env: " ".join(env.values()))
def test_errors_and_the_tutor_on_a_terminal_without_suits(
    env: dict[str, str], tmp_path: Path
) -> None:
    encoding = env.get("PYTHONIOENCODING", "utf-8")
    bad = run_bytes("explain", "trick", "♥A ♠K", "--lang", "pl", env=env, home=tmp_path)
    assert bad.returncode == USAGE_ERROR and b"Traceback" not in bad.stderr
    assert len(bad.stderr.decode(encoding).splitlines()) == 1
    check = run_bytes("check", str(ROOT / "tests" / "data" / "bad"), env=env, home=tmp_path)
    assert check.returncode == 1 and b"Traceback" not in check.stderr
    assert "♠" in check.stdout.decode(encoding) or "S" in check.stdout.decode(encoding)
    learn = run_bytes("learn", "--level", "1", env=env, home=tmp_path, stdin=b"quit\n")
    assert learn.returncode in (0, 1) and b"Traceback" not in learn.stderr
    learned = run_bytes("learn", "--level", "2", "--json", env=env, home=tmp_path, stdin=b"")
    assert b"Traceback" not in learned.stderr
    for line in learned.stdout.decode(encoding).splitlines():
        json.loads(line)


# -- bounded work: constraints no deal can meet ------------------------------------------------

IMPOSSIBLE = [
    ["{seat: W, suit: ♠, at_least: 9}"],
    ["{seat: W, suit: ♠, at_least: 5}", "{seat: N, suit: ♠, at_least: 4}"],
    ["{seat: S, rank: A, at_least: 3}", "{seat: N, rank: A, at_least: 2}"],
    ["{seat: W, suit: ♦, at_least: 6}", "{seat: W, suit: ♥, at_least: 5}"],
    ["{seat: N, suit: ♣, at_least: 3}", "{seat: N, suit: ♣, at_most: 2}"],
    ["{seat: W, cards: ♠A ♥K}", "{seat: S, cards: ♥K}"],
    [f"{{seat: S, suit: {suit}, at_most: 2}}" for suit in "♠♥♦♣"],
]


def test_300_deals_with_impossible_constraints_are_checked_quickly(tmp_path: Path) -> None:
    import time

    lines = ["kind: practice", "id: many", "title: {en: Many, pl: Wiele}", "deals:"]
    for number in range(300):
        lines += [f"  - id: d{number}", f"    seed: {number}", "    constraints:"]
        lines += [f"      - {constraint}" for constraint in IMPOSSIBLE[number % len(IMPOSSIBLE)]]
    scenario = tmp_path / "many.yaml"
    scenario.write_text("\n".join(lines) + "\n", encoding="utf-8")
    start = time.perf_counter()
    result = run("check", str(scenario))
    elapsed = time.perf_counter() - start
    assert result.returncode == 1 and "Traceback" not in result.stderr
    problems = result.stdout.splitlines()
    assert len(problems) == 300
    assert all(
        line.startswith(f"{scenario}:") and "no deal can meet this constraint" in line
        for line in problems
    )
    assert elapsed < 10, elapsed  # 20,000 deals tried for each took 161 s


def test_constraints_too_rare_are_given_up_after_a_bounded_number_of_deals() -> None:
    from betel_tutor.scenario.deals import MAX_ATTEMPTS

    result = run("check", str(ROOT / "tests" / "data" / "bad" / "30_unsatisfiable.yaml"))
    assert result.returncode == 1
    assert result.stdout.endswith(
        ":9:7: no deal from this seed meets the constraints of deal 'd1' "
        f"(after {MAX_ATTEMPTS} tries)\n"
    )
