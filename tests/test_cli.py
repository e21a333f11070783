"""The command line, run as the ``betel-tutor`` console script runs it, in the test process
(:mod:`tests.in_process`); the script itself and what its start imports, in a real process."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.core
import typer.main
from typer.testing import CliRunner

from betel_tutor import cli
from tests.in_process import LOCALE_VARIABLES, Ran, run_cli
from tests.processes import unmeasured

BETEL_TUTOR = Path(sys.executable).parent / "betel-tutor"
HEAVY_MODULES = ("jinja2", "markdown_it", "yaml", "rich")
ONE_BOARD = """\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:Q6.AK7.T432.T942 854.J8.J7.AJ7653 T72.532.AQ965.Q8 AKJ93.QT964.K8.K"]
"""


def run(*args: str, env: dict[str, str] | None = None) -> Ran:
    """Run the console script with no locale set (English) unless ``env`` sets one."""
    environment = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    environment.update(env or {})
    return run_cli(*args, env=environment)


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_console_script_is_installed() -> None:
    # The installed entry point itself is the point.
    assert BETEL_TUTOR.is_file()


@pytest.mark.parametrize("args", [["--help"], ["explain", "--help"]])
def test_help(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: betel-tutor")
    words = {"explain", "rules"} if args == ["--help"] else {"trick", "legal", "score", "auction"}
    assert words <= set(re.findall(r"\w+", result.stdout))


def test_explain_trick_text() -> None:
    result = run("explain", "trick", "♠A ♣2 ♦2 ♥2", "--trump", "♠", "--variant", "blue-suit")
    assert result.returncode == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "Four cards: a bridge trick"
    assert "♣2 is a club, the blue suit: it beats the winning trump ♠A" in lines
    assert lines[-1] == "♣2 wins the trick (card 2)"


def test_explain_trick_json() -> None:
    data = run_json("explain", "trick", "♠A ♣2 ♦2 ♥2", "--trump", "♠", "--variant", "blue-suit")
    assert (data["winner"], data["card"], data["variant"]) == (1, "♣2", "blue-suit")
    assert data["steps"][-1]["text"] == "♣2 wins the trick (card 2)"
    plain = run_json("explain", "trick", "♠A ♣2 ♦2 ♥2", "--trump", "♠")
    assert (plain["winner"], plain["card"]) == (0, "♠A")


def test_explain_legal() -> None:
    args = ("explain", "legal", "--hand", "♥AK8 ♠7", "--trick", "♥Q", "--trump", "♠")
    data = run_json(*args)
    assert data["legal"] == ["♥A", "♥K"]
    assert [r["card"] for r in data["refused"]] == ["♠7", "♥8"]
    text = run(*args).stdout
    assert "You may play: ♥A, ♥K" in text
    defender = run_json(
        "explain", "legal", "--hand", "♥AK8 ♠7", "--trick", "♥Q", "--betel-defender"
    )
    assert defender["legal"] == ["♥A", "♥K", "♥8"]
    lead = run_json("explain", "legal", "--hand", "♥AK8 ♠7")
    assert lead["legal"] == ["♠7", "♥A", "♥K", "♥8"]


def test_explain_score() -> None:
    data = run_json("explain", "score", "3♣", "--tricks", "7,2,1", "--doubled")
    assert data["scores"] == [-100, 60, 30]
    assert data["doubled"] is True
    result = run("explain", "score", "3♣", "--tricks", "7,2,1")
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == "Scores: declarer -50, defenders 30 and 15"


def test_explain_auction() -> None:
    data = run_json("explain", "auction", "2♠ kontra pass pass")
    assert {k: data[k] for k in ("contract", "declarer", "doubled", "finished")} == {
        "contract": "2♠",
        "declarer": 0,
        "doubled": True,
        "finished": True,
    }
    reset = run_json("explain", "auction", "1♠ kontra 1♦ pass pass")
    assert (reset["contract"], reset["declarer"], reset["doubled"]) == ("1♦", 2, False)
    assert [call["action"] for call in reset["calls"]] == [
        "declare",
        "kontra",
        "declare",
        "pass",
        "pass",
    ]
    three = run_json("explain", "auction", "pass", "pass", "pass")
    assert (three["contract"], three["declarer"], three["finished"]) == (None, None, True)


def test_illegal_call_stops_the_explanation() -> None:
    result = run("explain", "auction", "2♠ kontra 2♠")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert "2♠" in result.stderr
    assert "(rule 14)" in result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("South declares 2♠")
    assert lines[-1].startswith("North cannot call 2♠")


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (["explain", "trick", "♠A ♣X ♦2"], "'X'"),
        (["explain", "trick", "♠A ♥K ♠Q", "--variant", "red"], "'red'"),
        (["explain", "trick", "♠A ♥K ♠Q", "--trump", "X"], "'X'"),
        (["explain", "trick", "♠A ♥K"], "not 2"),
        (["explain", "trick", "♠A ♥K ♠A"], "♠A"),
        (["explain", "legal", "--hand", "♠A ♥Z"], "'Z'"),
        (["explain", "legal", "--hand", "♠A", "--trick", "♥A ♥K ♥Q"], "(3)"),
        (["explain", "score", "3X", "--tricks", "7,2,1"], "'3X'"),
        (["explain", "score", "3♣", "--tricks", "7,x,1"], "'x'"),
        (["explain", "score", "3♣", "--tricks", "7,2"], "'7,2'"),
        (["explain", "score", "3♣", "--tricks", "7,2,2"], "7/2/2"),
        (["explain", "score", "pass", "--tricks", "4,3,3", "--doubled"], "kontra"),
        (["explain", "auction", "1♠ 1♣"], "1♣"),
        (["explain", "auction", "1♠ 7♠"], "'7♠'"),
        (["explain", "auction", "2♠ kontra pass pass kontra"], "cannot call kontra"),
        (["rules", "0"], "'0'"),
        (["rules", "22"], "'22'"),
        (["rules", "seven"], "'seven'"),
        (["rules", "--lang", "de"], "'de'"),
        (["explain", "trick", "♥Q ♥K ♠7", "--lang", "xx"], "'xx'"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], token: str) -> None:
    result = run(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert token in result.stderr


def test_bad_input_in_polish() -> None:
    result = run("explain", "score", "3X", "--tricks", "7,2,1", "--lang", "pl")
    assert result.returncode == 2
    assert result.stderr == (
        "'3X' to nie jest kontrakt: napisz 1♠, 2BA, B3…B0, Betel albo nazwę, "
        'np. "Szlemik w kiery"\n'
    )
    from_locale = run("rules", "99", env={"LANG": "pl_PL.UTF-8"})
    assert from_locale.stderr.startswith("w regulaminie nie ma punktu '99'")


def test_polish_output() -> None:
    args = ("explain", "trick", "♥Q ♥K ♠7", "--trump", "♠")
    expected_last = "♠7 bierze lewę (karta 3)"
    by_option = run(*args, "--lang", "pl")
    by_locale = run(*args, env={"LANG": "pl_PL.UTF-8"})
    assert by_option.returncode == by_locale.returncode == 0
    assert by_option.stdout == by_locale.stdout
    assert by_option.stdout.splitlines()[-1] == expected_last
    assert "♥D wychodzi" in by_option.stdout  # the queen is Dama in Polish
    english = run(*args, "--lang", "en", env={"LANG": "pl_PL.UTF-8"})
    assert english.stdout.splitlines()[-1] == "♠7 wins the trick (card 3)"
    score = run("explain", "score", "2♥", "--tricks", "8,2,0", "--lang", "pl")
    assert score.stdout.splitlines()[-1] == "Wynik: rozgrywający 40, obrońcy 20 i 0"


def test_rules_point_7_in_both_languages() -> None:
    english = run("rules", "7")
    assert (english.returncode, english.stdout) == (
        0,
        "7. Obligation to beat (except as rule 8 says).\n",
    )
    polish = run("rules", "7", "--lang", "pl")
    assert polish.stdout == "7. Obowiązek przebijania, z wyjątkiem opisanym w punkcie 8.\n"
    assert run("rules", "7", env={"LANG": "pl_PL.UTF-8"}).stdout == polish.stdout


def test_rules_summary_whole() -> None:
    lines = run("rules").stdout.splitlines()
    assert len(lines) == 22
    assert lines[0] == "Betel — the rules in brief"
    assert lines[21].startswith("21. One offer is worth at least 5 and at most 50 points")
    polish = run("rules", "--lang", "pl").stdout.splitlines()
    assert polish[0] == "Betel — regulamin w skrócie"
    assert polish[8] == "8. Wyjątek od obowiązku przebijania: nie mają go obrońcy w grze „Betel”."


NAMED = sorted([*cli.COMMANDS, *cli.GROUPS])


@pytest.mark.parametrize("name", NAMED)
def test_a_command_built_alone_has_the_whole_apps_help_and_errors(name: str) -> None:
    # main() builds only the command named on the command line (bench/startup.py); what the
    # user sees must not change: its help, a bad option, a missing argument.
    alone = cli.app_for([name, "--help"])
    assert alone is not cli.app
    runner = CliRunner()
    missing = [[name]] if name in ("convert", "laydown", "odds", "import-note") else []
    for args in ([name, "--help"], [name, "--no-such-option"], *missing):
        whole = runner.invoke(cli.app, args, prog_name="betel-tutor", standalone_mode=False)
        built = runner.invoke(alone, args, prog_name="betel-tutor", standalone_mode=False)
        assert (built.exit_code, built.output) == (whole.exit_code, whole.output), args
        assert type(built.exception) is type(whole.exception), args
        assert str(built.exception) == str(whole.exception), args


def test_only_the_named_command_is_built() -> None:
    solve = typer.main.get_command(cli.app_for(["solve", "board.pbn"]))
    assert isinstance(solve, typer.core.TyperGroup)
    assert list(solve.commands) == ["solve"]
    explain = typer.main.get_command(cli.app_for(["explain", "trick", "♠A"]))
    assert isinstance(explain, typer.core.TyperGroup)
    assert list(explain.commands) == ["explain"]


@pytest.mark.parametrize("args", [[], ["--help"], ["sovle"], ["-x", "solve"]])
def test_anything_but_a_command_gets_the_whole_app(args: list[str]) -> None:
    assert cli.app_for(args) is cli.app


def test_the_collector_is_on_for_a_commands_work_and_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The console script starts with the garbage collector off (betel_tutor.entry); a
    # command's own work, however long, runs with it on, and so does what follows main().
    import gc

    from betel_tutor.app import odds

    seen: list[bool] = []
    real = odds.odds

    def watched(options: odds.OddsOptions) -> odds.Odds:
        seen.append(gc.isenabled())
        return real(options)

    monkeypatch.setattr(odds, "odds", watched)
    assert run("odds", "--hold", "5").returncode == 0
    assert seen == [True]
    assert gc.isenabled()
    assert run("odds", "--hold", "99").returncode == 2  # refused before the command's work
    assert gc.isenabled()


def imported_modules(
    *args: str, whole: bool = False, env: dict[str, str] | None = None, input: str = ""
) -> set[str]:
    """The modules a real process of ``args`` imports: their packages' top names, or, with
    ``whole``, their full names."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        input=input,
        env=unmeasured(os.environ if env is None else env),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        timeout=60,
    )
    names = set()
    for line in result.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            name = line.rsplit("|", 1)[1].strip()
            names.add(name if whole else name.split(".")[0])
    return names


def test_cli_module_imports_no_heavy_library() -> None:
    names = imported_modules("-c", "import betel_tutor.cli")
    assert "typer" in names
    assert names.isdisjoint(HEAVY_MODULES)


def test_explain_command_imports_no_heavy_library() -> None:
    # A real process: what the program's own start imports is the point.
    names = imported_modules(str(BETEL_TUTOR), "explain", "trick", "♥Q ♥K ♠7", "--trump", "♠")
    assert "betel_tutor" in names
    assert names.isdisjoint(HEAVY_MODULES)


def test_learn_json_loads_no_phase_it_does_not_enter(tmp_path: Path) -> None:
    # A real process: what the tutor's start imports is the point. The first lesson's first
    # prompt, then quit: no puzzles (nor their SQLite store), bridge lesson, full-screen
    # scenes, work ahead nor solution is loaded.
    env = {**os.environ, "BETEL_TUTOR_HOME": str(tmp_path), "LANG": "C.UTF-8"}
    args = (str(BETEL_TUTOR), "learn", "--json", "--level", "1")
    names = imported_modules(*args, whole=True, env=env, input="quit\n")
    assert "betel_tutor.tutor.session" in names
    assert "betel_tutor.tutor.lesson" in names
    unneeded = {
        "sqlite3",
        "betel_tutor.tutor.puzzling",
        "betel_tutor.puzzles.store",
        "betel_tutor.tutor.penalty_lesson",
        "betel_tutor.tutor.scene",
        "betel_tutor.tutor.ahead",
        "betel_tutor.tutor.solution",
        "betel_tutor.solver.commentary",
    }
    assert names & unneeded == set()


@pytest.mark.parametrize("command", ["solve", "convert"])
def test_board_file_commands_load_no_scenario_model(command: str, tmp_path: Path) -> None:
    # A real process: what solve and convert on a PBN file import is the point. They need
    # endplay's reader (and DDS), not PyYAML, the scenario model or the Betel solver.
    board = tmp_path / "board.pbn"
    board.write_text(ONE_BOARD, encoding="utf-8")
    outputs = {"solve": [], "convert": [str(tmp_path / "copy.pbn")]}[command]
    names = imported_modules(str(BETEL_TUTOR), command, str(board), *outputs, whole=True)
    assert "endplay.parsers.pbn" in names
    assert ("endplay.dds" in names) == (command == "solve")
    unneeded = [
        name
        for name in names
        if name.split(".")[0] in HEAVY_MODULES
        or name.startswith(("betel_tutor.scenario", "betel_tutor.solver"))
    ]
    assert unneeded == []
