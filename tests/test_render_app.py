"""The render command in-process (the application layer): each file is read and parsed once,
each deal dealt and replayed once, whatever reads it (the checker, the page in each language,
the printout, the trick table), and the sheet is what the page alone would be."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.app.render import RenderOptions, render
from betel_tutor.dealing import Deal
from betel_tutor.render.html import render_handout
from betel_tutor.render.played import scripted
from betel_tutor.scenario import deals, loader, script, source
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.script import Replayed

ROOT = Path(__file__).parent.parent / "scenarios"
# A lesson with an auction, play and trade; bridge deals with penalty cards; a variant board.
FILES = ("levels/level-09.yaml", "lessons/penalty-cards.yaml", "boards/blue-suit.yaml")


@pytest.fixture
def lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # every table computed
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in FILES:
        shutil.copy(ROOT / name, folder)
    return folder


def where(spec: DealSpec) -> tuple[str, str]:
    """A deal by its file and id."""
    assert spec.position is not None
    return Path(spec.position.path).name, spec.id


class Counted:
    """How often each file is parsed, and each deal dealt and replayed, counted in the
    functions that do it (below the memory of what was dealt and replayed, which is cleared
    first)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.parsed: Counter[str] = Counter()
        self.dealt: Counter[tuple[str, str]] = Counter()
        self.replayed: Counter[tuple[str, str]] = Counter()
        parse, deal, walk = source.load_yaml, deals._dealt, script._walk  # as the loader calls it

        def parsing(text: str, path: str, *limit: int) -> Any:
            self.parsed[Path(path).name] += 1
            return parse(text, path, *limit)

        def dealing(spec: DealSpec) -> Deal:
            self.dealt[where(spec)] += 1
            return deal(spec)

        def walking(spec: DealSpec) -> Replayed:
            self.replayed[where(spec)] += 1
            return walk(spec)

        monkeypatch.setattr(loader, "load_yaml", parsing)
        monkeypatch.setattr(deals, "_dealt", dealing)
        monkeypatch.setattr(script, "_walk", walking)
        deals.realize.cache_clear()
        script.replay.cache_clear()


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    # The trick tables in this process, where the counts are seen (a worker is handed the
    # deal played, and would count apart).
    monkeypatch.setattr("betel_tutor.cores.usable_workers", lambda requested: 1)
    yield Counted(monkeypatch)
    deals.realize.cache_clear()  # nothing counted stays remembered for other tests
    script.replay.cache_clear()


def every_deal(folder: Path) -> tuple[list[DealSpec], list[DealSpec]]:
    """Every deal of the files in ``folder``, and those with a script."""
    found: list[DealSpec] = []
    for path in sorted(folder.iterdir()):
        scenario, problems = loader.load(str(path))
        assert scenario is not None and not problems
        found += scenario.deals
    return found, [spec for spec in found if scripted(spec)]


def test_a_handout_parses_each_file_once_and_deals_and_replays_each_deal_once(
    lessons: Path, tmp_path: Path, counted: Counted
) -> None:
    rendered = render(RenderOptions((str(lessons),), tmp_path / "out", lang="both"))
    assert rendered.problems == ()
    assert [written.path.name for written in rendered.written] == ["handout.html"]
    assert counted.parsed == Counter(Path(name).name for name in FILES)
    every, with_script = every_deal(lessons)  # read again here, after counting
    assert len(with_script) > 5 and any(spec.game == "bridge" for spec in with_script)
    assert counted.dealt == Counter(where(spec) for spec in every)
    assert counted.replayed == Counter(where(spec) for spec in with_script)
    sheet = (tmp_path / "out" / "handout.html").read_text(encoding="utf-8")
    # the tables were laid out, in both languages
    assert "Double-dummy trick table" in sheet and "Tabela lew w otwarte karty" in sheet


def test_one_sheet_a_file_reads_the_same_way_and_is_what_the_page_alone_is(
    lessons: Path, tmp_path: Path, counted: Counted
) -> None:
    files = tuple(str(path) for path in sorted(lessons.iterdir()))
    rendered = render(RenderOptions(files, tmp_path / "out", lang="pl"))
    names = [Path(path).stem + ".html" for path in files]
    assert [written.path.name for written in rendered.written] == names
    assert counted.parsed == Counter(Path(path).name for path in files)
    assert max(counted.dealt.values()) == 1 and max(counted.replayed.values()) == 1
    for path, written in zip(files, rendered.written, strict=True):
        scenario, _ = loader.load(path)
        assert scenario is not None
        alone = render_handout([scenario], lang="pl", solver=True)
        assert written.path.read_text(encoding="utf-8").startswith(alone)  # then its mark


def test_a_failing_file_is_reported_as_read_and_nothing_is_written(
    lessons: Path, tmp_path: Path, counted: Counted
) -> None:
    broken = lessons / "blue-suit.yaml"
    broken.write_text(broken.read_text(encoding="utf-8") + "\nsurprise: 1\n", encoding="utf-8")
    rendered = render(RenderOptions((str(lessons),), tmp_path / "out", lang="en"))
    assert [problem.position.path for problem in rendered.problems] == [str(broken)]
    assert rendered.written == () and not (tmp_path / "out").exists()
    assert counted.parsed == Counter(Path(name).name for name in FILES)


def test_the_pdf_is_printed_from_the_sheets_own_layout(
    lessons: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each deal's view is made once a language, for the page and the printout both."""
    from betel_tutor.render import html, viewmodel

    views: Counter[tuple[str, str]] = Counter()
    view = viewmodel.deal_view

    def counting(scenario: Any, played: Any, **options: Any) -> Any:
        views[(played.spec.id, options["lang"])] += 1
        return view(scenario, played, **options)

    monkeypatch.setattr(html, "deal_view", counting)
    board = str(lessons / "blue-suit.yaml")
    options = RenderOptions((board,), tmp_path / "out", lang="both", solver=False, pdf=True)
    rendered = render(options)
    names = [written.path.name for written in rendered.written]
    assert names == ["blue-suit.html", "blue-suit.pdf"]
    assert rendered.written[1].path.read_bytes().startswith(b"%PDF-")
    scenario, _ = loader.load(board)
    assert scenario is not None
    ids = [spec.id for spec in scenario.deals]
    assert views == Counter((ident, lang) for ident in ids for lang in ("en", "pl"))
