"""Answer sheets' trick tables: computed once per deal and kept in the user's cache folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.render import tables
from betel_tutor.render.cache import read_entry
from betel_tutor.render.played import PlayedDeal, play_deal
from betel_tutor.scenario import load_text

SOURCE = """\
kind: practice
id: cached
title: {en: Cached, pl: Zapamiętane}
deals:
  - {id: a, seed: 11}
  - {id: b, seed: 12}
"""


@pytest.fixture
def cached(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "betel-tutor" / "trick-tables"


def deals() -> list[PlayedDeal]:
    scenario, problems = load_text(SOURCE, "cached.yaml")
    assert scenario is not None and not problems
    return [play_deal(deal) for deal in scenario.deals]


def test_tables_are_computed_once_and_then_read(
    cached: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tables.analyse_all(deals())
    entries = sorted(cached.glob("*.json"))
    assert len(entries) == 2 and not list(cached.glob("*.tmp"))

    def refuse(deal: object) -> None:
        raise AssertionError("computed again")

    monkeypatch.setattr(tables, "analyse", refuse)
    again = tables.analyse_all(deals())
    assert [a.table.rows for a in again if a] == [a.table.rows for a in first if a]


def test_a_damaged_entry_is_ignored_and_computed_again(cached: Path) -> None:
    first = tables.analyse_all(deals()[:1])
    (entry,) = cached.glob("*.json")
    for damage in ("{not json", '{"rows": [[1, 2]], "costs": [], "nodes": 1}', ""):
        entry.write_text(damage, encoding="utf-8")
        again = tables.analyse_all(deals()[:1])
        assert again[0] is not None and first[0] is not None
        assert again[0].table.rows == first[0].table.rows
        assert tables._read(entry) is not None  # written anew


def test_the_key_holds_the_deal_and_the_solvers_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a, b = deals()
    assert tables.deal_key(a) != tables.deal_key(b)
    before = tables.deal_key(a)
    tables.solver_version.cache_clear()
    monkeypatch.setattr("betel_tutor.__version__", "9.9.9")
    try:
        assert tables.deal_key(a) != before
    finally:
        tables.solver_version.cache_clear()


def test_a_deal_held_twice_is_analysed_once(cached: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, _ = deals()
    twin = load_text(SOURCE.replace("id: cached", "id: twin"), "twin.yaml")[0]
    assert twin is not None
    calls: list[object] = []
    from betel_tutor.render.viewmodel import analyse

    def counted(deal: object) -> object:
        calls.append(deal)
        return analyse(deal)  # type: ignore[arg-type]

    monkeypatch.setattr(tables, "analyse", counted)
    first, second = tables.analyse_all([a, play_deal(twin.deals[0])])
    assert len(calls) == 1 and first is second and first is not None
    assert len(list(cached.glob("*.json"))) == 1


def test_a_failing_file_stops_the_render_before_anything_is_written(
    cached: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tables start before the files are checked; a file the checker refuses still stops
    the command with its problem, and no sheet is written."""
    import sys

    from betel_tutor import cli

    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "good.yaml").write_text(SOURCE, encoding="utf-8")
    broken = SOURCE.replace("id: cached", "id: broken").replace("seed: 12}", "seed: 12, dealer: Q}")
    (folder / "broken.yaml").write_text(broken, encoding="utf-8")
    output = tmp_path / "out"
    argv = sys.argv
    sys.argv = ["betel-tutor", "render", str(folder), "-o", str(output), "--lang", "en"]
    try:
        with pytest.raises(SystemExit) as done:
            cli.main()
    finally:
        sys.argv = argv
    assert done.value.code == cli.CHECK_FAILED
    assert "broken.yaml" in capsys.readouterr().err
    assert not output.exists()


BOARD = """\
kind: board
id: grid
title: {en: Grid, pl: Siatka}
deals:
  - id: b1
    game: bridge
    dealer: E
    vulnerable: NS
    hands:
      N: ♠AKQJ ♥AKQJ ♦AKQ ♣AK
      E: ♠1098 ♥1098 ♦1098 ♣10987
      S: ♠765 ♥765 ♦765 ♣6543
      W: ♠432 ♥432 ♦J432 ♣QJ2
"""


def board_view() -> object:
    from betel_tutor.render import bridge_view
    from betel_tutor.scenario.deals import realize

    scenario, problems = load_text(BOARD, "grid.yaml")
    assert scenario is not None and not problems
    (deal,) = scenario.deals
    bridge_view._solved.cache_clear()  # the copy kept in memory: the test is of the file
    return bridge_view.bridge_view(deal, realize(deal).hands, "en")


def test_a_bridge_boards_dds_table_is_computed_once_and_then_read(
    cached: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from betel_tutor.bridge import dd as bridge_dd

    computed = bridge_dd.double_dummy
    first = board_view()
    (entry,) = (cached.parent / "dd-tables").glob("*.json")

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("computed again")

    monkeypatch.setattr(bridge_dd, "double_dummy", refuse)
    assert board_view() == first
    # North takes every trick in no-trumps (East leads); par is seven no-trump.
    assert first.grid[0][1][4] == "7"  # type: ignore[attr-defined]
    assert "7NT" in first.par  # type: ignore[attr-defined]
    for damage in ("{not json", '{"tricks": [[1, 2]], "par": [], "par_score": 0}', "[]"):
        entry.write_text(damage, encoding="utf-8")
        monkeypatch.setattr(bridge_dd, "double_dummy", computed)
        assert board_view() == first
        assert bridge_dd.DoubleDummy.from_entry("", read_entry(entry)).par_score > 0


def test_the_dds_key_holds_the_board_and_endplays_version(
    cached: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.metadata

    board_view()
    real = importlib.metadata.version
    monkeypatch.setattr(
        importlib.metadata, "version", lambda name: "0.0.1" if name == "endplay" else real(name)
    )
    board_view()
    assert len(list((cached.parent / "dd-tables").glob("*.json"))) == 2
