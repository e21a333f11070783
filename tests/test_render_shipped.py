"""The shipped scenarios' trick tables ship with the program: a first render of a shipped
lesson with an empty cache searches nothing, and what is shipped is what the solver finds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from betel_tutor.render import shipped, tables
from betel_tutor.render.played import PlayedDeal, play_all
from betel_tutor.resources import data_dir
from betel_tutor.scenario.loader import load_file

SHIPPED = json.loads(tables.SHIPPED.read_text(encoding="utf-8"))["tables"]


@pytest.fixture
def cached(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "betel-tutor" / "trick-tables"


@pytest.fixture
def own_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """The shipped file read from ``tmp_path`` for this test."""
    path = tmp_path / "shipped.json"
    monkeypatch.setattr(tables, "SHIPPED", path)
    tables._shipped.cache_clear()
    yield path
    tables._shipped.cache_clear()


def refuse(deal: object) -> None:
    raise AssertionError("searched")


def level(name: str) -> list[PlayedDeal]:
    scenario = load_file(str(data_dir("scenarios") / "levels" / f"{name}.yaml")).whole
    assert scenario is not None
    return list(play_all(scenario.deals).values())


def test_the_shipped_file_holds_every_shipped_deal_of_this_solver() -> None:
    """Fails when the solver or a shipped lesson changed: run ``scripts/ship_tables.py``."""
    tables._shipped.cache_clear()
    missing = set(shipped.shipped_deals()) - set(tables._shipped())
    assert not missing, "the shipped trick tables are out of date: run scripts/ship_tables.py"


def test_a_first_render_of_a_shipped_lesson_searches_nothing(
    cached: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "analyse", refuse)
    found = tables.analyse_all(level("level-04"))
    assert found and all(analysis is not None for analysis in found)
    assert len(list(cached.glob("*.json"))) == 0  # read, not computed and kept


def test_what_is_shipped_is_what_the_solver_finds(cached: Path) -> None:
    deals = level("level-03")[:2]
    keys = [tables.deal_key(deal) for deal in deals]
    searched = tables.analyse_all(deals, use_cache=False)
    for key, analysis in zip(keys, searched, strict=True):
        assert key is not None and analysis is not None
        assert SHIPPED[key] == json.loads(json.dumps(tables.entry_of(analysis)))


def test_a_file_of_another_solver_is_not_read(
    cached: Path, own_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals = level("level-03")[:1]
    key = tables.deal_key(deals[0])
    assert key is not None
    entries = {key: SHIPPED[key]}
    own_file.write_text(json.dumps({"solver": "0000", "tables": entries}), encoding="utf-8")
    monkeypatch.setattr(tables, "analyse", refuse)
    with pytest.raises(AssertionError, match="searched"):
        tables.analyse_all(deals)
    tables._shipped.cache_clear()
    own = {"solver": tables.solver_version(), "tables": entries}
    own_file.write_text(json.dumps(own), encoding="utf-8")
    assert tables.analyse_all(deals)[0] is not None


@pytest.mark.parametrize(
    "damage",
    ["{not json", '{"solver": 1}', "[]", '{"rows": [[1, 2]]}', '{"rows": [[99]]}'],
)
def test_a_damaged_shipped_entry_is_searched_again(
    cached: Path, own_file: Path, damage: str
) -> None:
    deals = level("level-03")[:1]
    key = tables.deal_key(deals[0])
    right = SHIPPED[key]
    text = json.dumps({"solver": tables.solver_version(), "tables": {key: "@"}})
    own_file.write_text(text.replace('"@"', damage), encoding="utf-8")
    (found,) = tables.analyse_all(deals)
    assert found is not None and json.loads(json.dumps(tables.entry_of(found))) == right
    assert len(list(cached.glob("*.json"))) == 1  # searched, and kept in the cache
