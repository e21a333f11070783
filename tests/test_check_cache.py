"""``check`` remembers files found clean by their content: run again, an unchanged clean file is
not checked; an edited file, a file with problems or a changed program is checked in full."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.scenario import check, checked, quizzes
from betel_tutor.scenario.loader import LoadedFile
from betel_tutor.scenario.source import Problem

LEVEL = Path(__file__).parent.parent / "scenarios" / "levels" / "level-01.yaml"


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "betel-tutor" / "checked"


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files checked in full from here on."""
    checked_in_full: list[str] = []
    real = check.check_loaded

    def check_loaded(loaded: LoadedFile) -> list[Problem]:
        checked_in_full.append(loaded.path)
        return real(loaded)

    monkeypatch.setattr(check, "check_loaded", check_loaded)
    return checked_in_full


def test_a_clean_file_is_checked_once_then_known_until_it_changes(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lesson = tmp_path / "lesson.yaml"
    shutil.copy(LEVEL, lesson)
    calls = counting(monkeypatch)
    assert check.check_file(str(lesson)) == []
    assert check.check_file(str(lesson)) == []
    assert calls == [str(lesson)]
    assert len(list(folder.rglob("*"))) == 2  # a folder and its entry
    lesson.write_text(LEVEL.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert check.check_file(str(lesson)) == []
    assert len(calls) == 2


def test_a_file_with_problems_is_checked_in_full_every_time(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: practice\nid: x\ndeals: 7\n", encoding="utf-8")
    calls = counting(monkeypatch)
    first = check.check_file(str(broken))
    assert first and check.check_file(str(broken)) == first
    assert len(calls) == 2
    assert not folder.exists()


def test_a_changed_program_checks_again(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lesson = tmp_path / "lesson.yaml"
    shutil.copy(LEVEL, lesson)
    assert check.check_file(str(lesson)) == []
    checked.program_version.cache_clear()
    monkeypatch.setattr("betel_tutor.__version__", "9.9.9")
    try:
        calls = counting(monkeypatch)
        assert check.check_file(str(lesson)) == []
        assert len(calls) == 1
    finally:
        checked.program_version.cache_clear()


@pytest.mark.parametrize("damage", [b"", b"dirty\n", b"clean\nand more"])
def test_a_damaged_entry_is_no_entry_and_is_written_over(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes
) -> None:
    lesson = tmp_path / "lesson.yaml"
    shutil.copy(LEVEL, lesson)
    assert check.check_file(str(lesson)) == []
    (entry,) = (p for p in folder.rglob("*") if p.is_file())
    entry.write_bytes(damage)
    calls = counting(monkeypatch)
    assert check.check_file(str(lesson)) == []
    assert len(calls) == 1
    assert entry.read_bytes() == checked.CLEAN
    assert not [p for p in entry.parent.iterdir() if p.name.endswith(".tmp")]  # atomic


def test_render_skips_the_check_of_a_file_found_clean_and_remembers_what_it_checks(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from betel_tutor.app.render import RenderOptions, render

    lesson = tmp_path / "lesson.yaml"
    shutil.copy(LEVEL, lesson)
    broken = tmp_path / "broken.yaml"
    calls = counting(monkeypatch)
    options = RenderOptions(paths=(str(lesson),), output=tmp_path / "out", solver=False)
    first = render(options)
    assert calls == [str(lesson)] and first.written and not first.problems
    again = render(RenderOptions(paths=(str(lesson),), output=tmp_path / "again", solver=False))
    assert calls == [str(lesson)]  # remembered clean: not checked again
    assert (tmp_path / "again" / "lesson.html").read_bytes() == first.written[0].path.read_bytes()
    assert again.written and check.check_file(str(lesson)) == [] and len(calls) == 1  # check too
    broken.write_text(LEVEL.read_text(encoding="utf-8").replace("seed:", "seed: [", 1), "utf-8")
    for _ in range(2):  # a file with problems: checked, and its problems given, every time
        failed = render(RenderOptions(paths=(str(broken),), output=tmp_path / "no"))
        assert failed.problems and not failed.written
    assert calls == [str(lesson), str(broken), str(broken)]


def _practice(quiz: str) -> str:
    return (
        "kind: practice\nid: quizzes\ntitle: {en: Quizzes, pl: Quizy}\nsteps:\n"
        "  - quiz:\n      kind: trick-winner\n"
        "      question: {en: Who wins?, pl: Kto bierze?}\n" + quiz
    )


def test_the_same_question_in_two_files_is_answered_once_each_answer_judged_in_its_own(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    real = quizzes.engine_answer

    def engine_answer(quiz: Any) -> Any:
        asked.append(quiz.params["trick"])
        return real(quiz)

    monkeypatch.setattr(check, "engine_answer", engine_answer)
    monkeypatch.setattr(check, "_ANSWERS", {})
    right = tmp_path / "right.yaml"
    right.write_text(_practice("      trick: ♥9 ♥K ♠A\n      answer: ♥K\n"), encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(_practice("      trick: ♥9 ♥K ♠A\n      answer: ♠A\n"), encoding="utf-8")
    other = tmp_path / "other.yaml"
    other.write_text(_practice("      trick: ♥9 ♥8 ♠A\n      answer: ♥9\n"), encoding="utf-8")
    assert check.check_file(str(right)) == []
    problems = check.check_file(str(wrong))
    assert [(p.key, p.position.path) for p in problems] == [("check.quiz_wrong", str(wrong))]
    assert problems[0].params["engine"] == "♥K"
    assert check.check_file(str(other)) == []
    assert asked == ["♥9 ♥K ♠A", "♥9 ♥8 ♠A"]


def test_files_spread_over_workers_are_judged_as_in_one_process_the_digest_worked_out_once(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = []
    for number in range(4):
        lesson = tmp_path / f"lesson-{number}.yaml"
        shutil.copy(LEVEL, lesson)
        paths.append(str(lesson))
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: practice\nid: x\ndeals: 7\n", encoding="utf-8")
    paths.insert(2, str(broken))
    monkeypatch.setattr(check, "usable_workers", lambda wanted: wanted)  # two on any machine
    checked.program_version.cache_clear()
    spread = check.check_files(paths, workers=2)
    # Forked workers inherit the digest this process worked out before starting them.
    assert checked.program_version.cache_info().currsize == 1
    shutil.rmtree(folder)  # nothing remembered: the one-process run checks every file again
    alone = check.check_files(paths, workers=1)
    assert spread == alone
    assert spread and {problem.position.path for problem in spread} == {str(broken)}
