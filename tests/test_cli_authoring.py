"""The authoring commands through the console script: check, schema, import-note, odds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from betel_tutor.files import marked
from betel_tutor.scenario.schema import scenario_schema
from tests.test_bad_corpus import FILES as BAD_FILES
from tests.test_bad_corpus import POLISH, expected_messages
from tests.test_cli import run

ROOT = Path(__file__).parents[1]
NOTE = ROOT / "tests" / "data" / "notes" / "blue_suit_532703080314295.txt"
BAD_DIR = ROOT / "tests" / "data" / "bad"


def test_check_shipped_scenarios_is_clean() -> None:
    result = run("check", str(ROOT / "scenarios"))
    assert result.returncode == 0, result.stdout
    assert result.stdout == ""
    assert result.stderr.strip().endswith("0 problems")


def test_check_reports_every_problem_of_every_file() -> None:
    result = run("check", str(ROOT / "tests" / "data" / "bad"))
    assert result.returncode == 1
    expected = [f"{path}:{message}" for path in BAD_FILES for message in expected_messages(path)]
    assert result.stdout.splitlines() == expected
    assert "Traceback" not in result.stderr


def test_check_spread_over_processes_reports_the_same(tmp_path: Path) -> None:
    # Good and bad files mixed, more than the default spreads over processes.
    sources = sorted((ROOT / "scenarios").rglob("*.yaml")) + BAD_FILES
    for index in range(80):
        source = sources[index % len(sources)]
        (tmp_path / f"{index:03d}-{source.name}").write_bytes(source.read_bytes())
    alone = run("check", str(tmp_path), "--workers", "1")
    spread = run("check", str(tmp_path), "--workers", "2")
    automatic = run("check", str(tmp_path))
    assert alone.returncode == spread.returncode == automatic.returncode == 1
    assert "problems" in alone.stderr and "Traceback" not in spread.stderr + automatic.stderr
    assert alone.stdout.count("\n") > 20
    assert spread.stdout == alone.stdout == automatic.stdout
    # The summary alike; lines of progress come as the machine's pace has it.
    assert spread.stderr.splitlines()[-1] == alone.stderr.splitlines()[-1]


def test_check_in_polish() -> None:
    bad = ROOT / "tests" / "data" / "bad" / "04_missing_language.yaml"
    result = run("check", str(bad), "--lang", "pl")
    assert result.returncode == 1
    assert result.stdout.strip() == (
        f"{bad}:4:8: title nie ma tekstu 'pl': każdy tekst musi być po angielsku i po polsku"
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_check_says_yaml_errors_plainly_in_both_languages(lang: str) -> None:
    # Tabs, indentation, quotes, brackets, twice-given keys: each in the user's language, at
    # the place to correct, never in the parser's words, and never a traceback.
    result = run("check", *map(str, POLISH), "--lang", lang)
    assert result.returncode == 1
    expected = [f"{path}:{message}" for path in POLISH for message in expected_messages(path, lang)]
    assert result.stdout.splitlines() == expected
    assert "Traceback" not in result.stderr
    for jargon in ("mapping values", "token", "expected", "scanning", "parsing", "YAMLError"):
        assert jargon not in result.stdout


def test_check_nothing_to_check(tmp_path: Path) -> None:
    result = run("check", str(tmp_path))
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and str(tmp_path) in result.stderr


def test_schema_command() -> None:
    result = run("schema")
    assert result.returncode == 0
    assert json.loads(result.stdout) == scenario_schema()


def test_import_note_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "note.yaml"
    result = run("import-note", str(NOTE), "-o", str(out))
    assert result.returncode == 0, result.stderr
    imported = yaml.safe_load(out.read_text(encoding="utf-8"))["deals"][0]["notes"][0]
    assert imported["id"] == "532703080314295" and imported["category"] == "before"
    original = NOTE.read_text(encoding="utf-8")
    for line in imported["en"].splitlines() + imported["pl"].splitlines():
        assert line in original
    printed = run("import-note", str(NOTE))
    # The file is what is printed, and the mark that says this program wrote it.
    assert out.read_bytes() == marked(printed.stdout.encode("utf-8"), "yaml")


def test_import_note_bad_input() -> None:
    bad = ROOT / "tests" / "data" / "bad" / "40_legacy_bad_rank.txt"
    result = run("import-note", str(bad))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"{bad}:7: ♠{{X}} is not a card"]
    assert result.stdout == ""


def test_odds_command() -> None:
    result = run("odds", "--hold", "4", "--dubel", "0", "--json")
    assert result.returncode == 0
    rows = json.loads(result.stdout)["splits"]
    assert rows == [
        {"split": "0-4", "percent": 8.67},
        {"split": "1-3", "percent": 49.54},
        {"split": "2-2", "percent": 41.8},
    ]
    text = run("odds", "--hold", "5", "--lang", "pl")
    assert "21,05 %" in text.stdout and "Masz 5" in text.stdout  # a decimal comma
    assert "21.05 %" in run("odds", "--hold", "5", "--lang", "en").stdout
    bad = run("odds", "--hold", "9")
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1


def test_usage_mistakes_get_one_line() -> None:
    for args in (
        ("explain", "score", "3♣"),
        ("explain", "trik"),
        ("odds",),
        ("learn", "--level", "x"),
        ("check",),
        ("nonsense",),
    ):
        result = run(*args)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "betel-tutor --help" in result.stderr and "Traceback" not in result.stderr
    assert "Missing option '--tricks'" in run("explain", "score", "3♣").stderr
    bare = run()
    assert bare.returncode == 0 and bare.stdout.startswith("Usage: betel-tutor")


# -- constraints no deal meets, in every command that deals the deal ----------------------------

UNMET = [BAD_DIR / "30_unsatisfiable.yaml", BAD_DIR / "62_impossible_constraints.yaml"]


@pytest.mark.parametrize("path", UNMET, ids=lambda p: p.name)
def test_render_with_trick_tables_reports_unmet_constraints_as_check_does(
    path: Path, tmp_path: Path
) -> None:
    checked = run("check", str(path))
    for solver in ("--solver", "--no-solver"):
        result = run("render", str(path), "-o", str(tmp_path / "out"), solver)
        assert "Traceback" not in result.stderr
        assert result.returncode == checked.returncode == 1
        assert result.stderr.splitlines() == checked.stdout.splitlines()


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("path", UNMET, ids=lambda p: p.name)
def test_solve_says_unmet_constraints_in_one_line(path: Path, lang: str) -> None:
    result = run("solve", str(path), "--lang", lang)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    first = run("check", str(path), "--lang", lang).stdout.splitlines()[0]
    assert result.stderr.splitlines() == [first]


def test_convert_of_a_bridge_deal_no_deal_meets_says_where(tmp_path: Path) -> None:
    source = tmp_path / "board.yaml"
    source.write_text(
        "kind: board\nid: b\ntitle: {en: B, pl: B}\ndeals:\n  - id: d1\n    game: bridge\n"
        "    seed: 3\n    constraints:\n      - {seat: N, suit: ♠, at_least: 7}\n"
        "      - {seat: S, suit: ♠, at_least: 7}\n",
        encoding="utf-8",
    )
    result = run("convert", str(source), str(tmp_path / "board.pbn"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{source}:10:9: no deal can meet this constraint")
    assert not (tmp_path / "board.pbn").exists()


SEEDS = Path("/work/shared/seeds")
SEED_NOTE = next(iter(sorted(SEEDS.glob("000_*.txt"))), NOTE)


@pytest.mark.parametrize("note", sorted({NOTE, SEED_NOTE}), ids=lambda p: p.name)
def test_import_note_works_out_the_rules_its_tricks_assume(note: Path, tmp_path: Path) -> None:
    out = tmp_path / "note.yaml"
    result = run("import-note", str(note), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "--variant blue-suit --trump ♠" in result.stderr
    board = yaml.safe_load(out.read_text(encoding="utf-8"))["deals"][0]
    assert (board["variant"], board["trump"]) == ("blue-suit", "♠")
    checked = run("check", str(out))
    assert checked.returncode == 0, checked.stdout


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_import_note_refuses_options_its_tricks_do_not_fit(lang: str, tmp_path: Path) -> None:
    out = tmp_path / "note.yaml"
    result = run("import-note", str(NOTE), "--trump", "♥", "-o", str(out), "--lang", lang)
    assert result.returncode == 2 and not out.exists()
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{NOTE}: ") and line.endswith("--variant blue-suit --trump ♠")


def test_import_note_problems_in_the_order_of_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(
        "# META\n- version = 1\n- category = before\n\n# EN\nText ♠{X}\n\n# PL\nTekst ♠{Y}\n",
        encoding="utf-8",
    )
    result = run("import-note", str(bad))
    assert result.returncode == 2 and result.stdout == ""
    lines = [int(line.split(":")[1]) for line in result.stderr.splitlines()]
    assert lines == [1, 6, 9]
