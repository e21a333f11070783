"""The ``check`` command in-process: the files found, every problem, the progress told."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.app.check import CheckOptions, check
from betel_tutor.errors import BetelError

DATA = Path(__file__).parent / "data"
LEVEL = Path(__file__).parent.parent / "scenarios" / "levels" / "level-01.yaml"


def test_each_problem_is_placed_and_the_files_counted() -> None:
    bad = str(DATA / "bad" / "05_bad_card.yaml")
    told: list[tuple[int, int]] = []
    checked = check(CheckOptions((bad, str(LEVEL))), lambda done, total: told.append((done, total)))
    assert checked.files == 2
    (problem,) = checked.problems  # the shipped level has none
    assert problem.format("en").startswith(f"{bad}:7:17: ")  # at the bad character
    assert "'X'" in problem.format("en")
    assert told[-1] == (2, 2) and [total for _, total in told] == [2] * len(told)


def test_a_folder_is_searched(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(LEVEL.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "b.txt").write_text("not a note", encoding="utf-8")
    checked = check(CheckOptions((str(tmp_path),), workers=1))
    assert checked.files == 2
    assert {Path(p.position.path).name for p in checked.problems} == {"b.txt"}


def test_nothing_to_check_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(BetelError) as refused:
        check(CheckOptions((str(tmp_path),)))
    assert refused.value.key == "cli.no_files" and str(tmp_path) in refused.value.message("en")
