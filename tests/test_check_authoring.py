"""``betel-tutor check`` through the console script: contract fields, notes (their own line,
their language, raw HTML), every problem of a file in order, the summary's plurals, and
``import-note`` writing a scenario that ``check`` accepts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_cli import run

ROOT = Path(__file__).resolve().parents[1]
BAD = ROOT / "tests" / "data" / "bad"
NOTE = ROOT / "tests" / "data" / "notes" / "blue_suit_532703080314295.txt"


def positions(stdout: str) -> list[tuple[int, int]]:
    return [(int(m[0]), int(m[1])) for m in re.findall(r"\.yaml:(\d+):(\d+):", stdout)]


@pytest.mark.parametrize("value", ["banana", "9♠", "4NT please"])
@pytest.mark.parametrize("field", ["options", "quiz"])
def test_every_contract_field_is_checked(tmp_path: Path, field: str, value: str) -> None:
    path = tmp_path / "c.yaml"
    if field == "options":
        body = f"options: {{auction: false, contract: {value}}}\n"
        line = 4
    else:
        body = (
            "quizzes:\n  - kind: laydown\n    question: {en: Q, pl: Q}\n"
            f"    hand: ♠AKQJ109 ♥AK ♦AK\n    dubel_cards: ♣7 ♣8\n    contract: {value}\n"
            "    answer: yes\n"
        )
        line = 9
    path.write_text(f"kind: practice\nid: c\ntitle: {{en: C, pl: C}}\n{body}", encoding="utf-8")
    result = run("check", str(path))
    assert result.returncode == 1
    assert f"{path}:{line}:" in result.stdout and f"'{value}' is not a contract" in result.stdout


def test_trump_fields_are_checked_where_written(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(
        "kind: practice\nid: t\ntitle: {en: T, pl: T}\ndeals:\n  - id: d1\n    seed: 5\n"
        "    trump: banana\nquizzes:\n  - kind: trick-winner\n    question: {en: Q, pl: Q}\n"
        "    trick: ♥K ♥A ♥7\n    trump: 9♠\n    answer: ♥A\n",
        encoding="utf-8",
    )
    result = run("check", str(path))
    assert result.returncode == 1
    assert positions(result.stdout) == [(7, 12), (12, 12)]
    assert "bad suit 'banana'" in result.stdout and "bad suit '9♠'" in result.stdout


def test_every_problem_of_a_file_in_order() -> None:
    path = BAD / "77_three_mistakes_in_order.yaml"
    result = run("check", str(path))
    assert result.returncode == 1
    found = positions(result.stdout)
    assert found == sorted(found) and len(found) == 3
    assert result.stderr.strip() == "1 file checked, 3 problems"


def test_raw_html_in_a_note_named_by_language() -> None:
    result = run("check", str(BAD / "75_note_raw_html.yaml"))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert any(":12:34: the EN note has raw HTML <b>" in line for line in lines)
    assert any(":15:11: the PL note has raw HTML <script>" in line for line in lines)
    polish = run("check", "--lang", "pl", str(BAD / "75_note_raw_html.yaml"))
    assert "notatka PL zawiera surowy HTML <script>" in polish.stdout


def test_a_notes_bad_card_at_its_own_line() -> None:
    result = run("check", str(BAD / "76_note_bad_card_lang.yaml"))
    assert result.returncode == 1
    assert ":15:18: a card in the PL note cannot be read" in result.stdout
    assert result.stderr.strip() == "1 file checked, 1 problem"


def test_summary_plurals_in_both_languages(tmp_path: Path) -> None:
    two = [str(BAD / "74_quiz_bad_contract.yaml"), str(BAD / "76_note_bad_card_lang.yaml")]
    assert run("check", *two).stderr.strip() == "2 files checked, 3 problems"
    polish = run("check", "--lang", "pl", *two).stderr.strip()
    assert polish == "sprawdzono 2 pliki, znaleziono 3 problemy"
    one = run("check", "--lang", "pl", str(BAD / "76_note_bad_card_lang.yaml")).stderr.strip()
    assert one == "sprawdzono 1 plik, znaleziono 1 problem"
    clean = run("check", str(ROOT / "scenarios" / "levels" / "level-01.yaml"))
    assert clean.returncode == 0 and clean.stderr.strip() == "1 file checked, 0 problems"


def test_import_note_writes_a_scenario_that_check_accepts(tmp_path: Path) -> None:
    out = tmp_path / "board.yaml"
    made = run("import-note", str(NOTE), "--variant", "blue-suit", "--trump", "♠", "-o", str(out))
    assert made.returncode == 0, made.stderr
    checked = run("check", str(out))
    assert checked.returncode == 0, checked.stdout
    assert checked.stderr.strip() == "1 file checked, 0 problems"


@pytest.mark.parametrize(
    ("option", "value"), [("--trump", "X"), ("--variant", "red"), ("--game", "chess")]
)
def test_import_note_refuses_bad_options(option: str, value: str) -> None:
    result = run("import-note", str(NOTE), option, value)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and value in result.stderr


@pytest.mark.parametrize(
    "note",
    [
        "See <https://example.com/rules>.",  # an autolink: no bracket
        "See [the rules].\\n\\n[the rules]: https://example.com/rules",  # a reference link
        "![lead](//example.com/lead.png)",
    ],
)
def test_every_way_of_writing_a_link_outside_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, note: str
) -> None:
    from betel_tutor.scenario.check import check_file

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "n.yaml"
    path.write_text(
        "kind: board\nid: n\ntitle: {en: N, pl: N}\ndeals:\n  - id: d\n    seed: 4\n"
        "    notes:\n      - id: '1'\n        version: 1\n        category: before\n"
        f'        en: "{note}"\n        pl: "Zagraj."\n',
        encoding="utf-8",
    )
    (problem,) = check_file(str(path))
    assert problem.key in ("check.note_remote_image", "check.note_remote_link"), problem
    assert problem.params["url"] in note and problem.position.line >= 11  # in the note
