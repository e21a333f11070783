"""Every shipped scenario file passes the checker: no lesson or handout says anything false."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.resources import data_dir
from betel_tutor.scenario import load
from betel_tutor.scenario.check import check_file, scenario_files

FILES = [Path(p) for p in scenario_files([str(data_dir("scenarios"))]) if p.endswith(".yaml")]


def test_there_are_ten_levels() -> None:
    levels = set()
    for path in FILES:
        scenario, _ = load(str(path))
        if scenario is not None and scenario.level is not None:
            levels.add(scenario.level)
    assert levels == set(range(1, 11))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_shipped_file_is_clean(path: Path) -> None:
    assert [problem.format() for problem in check_file(str(path))] == []
