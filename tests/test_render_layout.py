"""Sheets laid out on A4, measured: the printed pages read back as WeasyPrint lays them out for
the PDF (tests/laid_out.py: no blank page, no more paper with more deals a page, no page of a
title alone) and the page in Chromium (a page of several deals fits its printed page, no trick
table row wrapped)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.render.html import PER_PAGE, handout_page, lay_out, printed_pages
from betel_tutor.scenario.loader import load, load_text
from tests.laid_out import laid_out

ROOT = Path(__file__).parents[1]
SHIPPED = sorted((ROOT / "scenarios").glob("*/*.yaml"))
BRIDGE = sorted((ROOT / "tests" / "data" / "bridge").glob("*.*"))
A4_CONTENT_HEIGHT = (297 - 15 - 18) / 25.4 * 96  # CSS pixels inside the page's margins
A4_CONTENT_WIDTH = round((210 - 30) / 25.4 * 96)


def scenario_of(path: Path) -> Any:
    """A scenario file, or a bridge file (PBN, LIN) as ``convert`` writes it to YAML."""
    if path.suffix == ".yaml":
        scenario, problems = load(str(path))
    else:
        from betel_tutor.scenario.boards import write_boards
        from betel_tutor.scenario.loader import read_boards

        text = write_boards(read_boards(str(path)), f"{path.stem}.yaml")
        scenario, problems = load_text(text, f"{path.stem}.yaml")
    assert scenario is not None, problems
    return scenario


@cache  # the hand record is printed by two tests of this module, on one worker
def printed_file(path: Path, per_page: int, lang: str = "en") -> list[str]:
    """:func:`printed` for the scenario or bridge file at ``path``."""
    return printed(scenario_of(path), per_page, lang)


def printed(scenario: Any, per_page: int, lang: str = "en") -> list[str]:
    """Each page of the sheet's PDF as WeasyPrint lays it out, read back as text."""
    laid = lay_out([scenario], lang=lang, per_page=per_page, solver=False)
    (document,) = printed_pages(laid)
    return [page.text for page in laid_out(document)]


@pytest.mark.parametrize("path", SHIPPED + BRIDGE, ids=lambda path: path.name)
def test_no_blank_page_and_no_more_paper_with_more_deals_a_page(path: Path) -> None:
    """Every page holds more than its running title and number; the first holds a deal or the
    lesson's words under its title; --per-page 2 and 4 use no more pages than 1."""
    title = scenario_of(path).title.get("en")
    pages = {per_page: printed_file(path, per_page) for per_page in PER_PAGE}
    for per_page, texts in pages.items():
        for number, text in enumerate(texts, 1):
            rest = text.replace(title, "").replace(f"{number} / {len(texts)}", "").strip()
            assert rest, f"--per-page {per_page}: page {number} is blank"
        assert len(texts[0].replace(title, "")) > 100, f"--per-page {per_page}: a title alone"
        assert len(texts) <= len(pages[1]), per_page


def test_a_board_with_long_notes_starts_on_the_title_page() -> None:
    """A board whose notes run past a page begins under its title and runs on; it left the
    first page with the title alone. Read from the PDF the program writes, whose pages hold
    what the other tests read from WeasyPrint's layout."""
    text = (ROOT / "tests" / "data" / "bridge" / "slam.yaml").read_text(encoding="utf-8")
    words = "South counts twelve top tricks and looks for the thirteenth in a squeeze. " * 8
    notes = "".join(
        f'      - {{id: "{n}", version: 1, category: after, en: "{words}", pl: "{words}"}}\n'
        for n in range(1, 5)
    )
    scenario, problems = load_text(text.rstrip() + "\n    notes:\n" + notes, "long.yaml")
    assert scenario is not None, problems
    for lang in ("en", "both"):
        (document,) = printed_pages(lay_out([scenario], lang=lang, solver=False))
        pages = pdf_text(document)
        assert len(pages) == 2 and "Dealer:" in pages[0], (lang, pages)
        # The other tests read the pages from WeasyPrint's layout: the PDF holds those pages,
        # each with the same characters.
        laid = [page.text for page in laid_out(document)]
        assert [sorted(re.sub(r"\s", "", text)) for text in laid] == [
            sorted(re.sub(r"\s", "", text)) for text in pages
        ]


def pdf_text(document: str) -> list[str]:
    """Each page of the PDF the program prints from ``document``, read back by pypdf."""
    from pypdf import PdfReader

    from betel_tutor.render.pdf import html_to_pdf

    reader = PdfReader(io.BytesIO(html_to_pdf(document)))
    return [page.extract_text() for page in reader.pages]


# The tests share this module's fixture: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture(scope="module")
def a4_page(chromium: Any) -> Iterator[Any]:
    """One page of the module's Chromium (tests/browser.py) as wide as A4 inside its margins,
    in print media, that each test loads its sheets into (each load a new document): a new
    page for each sheet cost Chromium twice the CPU."""
    page = chromium.new_page(viewport={"width": A4_CONTENT_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    yield page
    page.close()


MEASURE = """() => ({
  pages: [...document.querySelectorAll('.deal-page')]
    .filter(e => !e.classList.contains('crowd-1'))
    .map(e => e.getBoundingClientRect().height),
  wrapped: [...document.querySelectorAll('table.solver tr')]
    .filter(row => [...row.children].some(cell => cell.getClientRects().length > 1
      || cell.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(cell).lineHeight
        || getComputedStyle(cell).fontSize)))
    .map(row => row.innerText),
  headers: [...document.querySelectorAll('table.solver tr:first-child th')]
    .filter(th => !th.innerText.trim()).length,
})"""


@pytest.mark.parametrize(
    ("level", "lang"),
    [(1, "en"), (1, "pl"), (1, "both"), (2, "both"), (3, "en"), (4, "both"), (9, "both")],
)
@pytest.mark.parametrize("per_page", [2, 4])
def test_in_chromium_a_page_of_deals_fits_a4_and_no_trick_table_wraps(
    a4_page: Any, tmp_path: Path, level: int, lang: str, per_page: int
) -> None:
    """The answer sheets of the levels whose deals have a known contract (so a commented
    solution), with their trick tables, printed at A4's width: each page of several deals is
    no taller than the page inside its margins, and every trick table row is one line, every
    column headed."""
    scenario = scenario_of(ROOT / "scenarios" / "levels" / f"level-{level:02}.yaml")
    laid = lay_out([scenario], lang=lang, per_page=per_page, solver=True)
    sheet = tmp_path / f"level-{level:02}.html"
    sheet.write_text(handout_page(laid), encoding="utf-8")
    a4_page.goto(sheet.as_uri())
    measured = a4_page.evaluate(MEASURE)
    # (a deal with a commented solution has a page of its own, so a level may have no page of
    # several deals on its answer sheet)
    assert max(measured["pages"], default=0) <= A4_CONTENT_HEIGHT, measured["pages"]
    assert measured["wrapped"] == [] and measured["headers"] == 0


@pytest.mark.parametrize("lang", ["en", "both"])
def test_bridge_boards_share_a_page_as_a_hand_record_prints_them(
    a4_page: Any, tmp_path: Path, lang: str
) -> None:
    """A club's hand record of six boards: two or four boards a page (each board's points,
    makeable contracts and par beside its diagram), so --per-page 2 prints three pages and 4
    two, each page of boards no taller than A4 inside its margins in Chromium too."""
    path = ROOT / "tests" / "data" / "bridge" / "hand_record.pbn"
    scenario = scenario_of(path)
    for per_page, boards in (
        (1, [[1], [2], [3], [4], [5], [6]]),
        (2, [[1, 2], [3, 4], [5, 6]]),
        (4, [[1, 2, 3, 4], [5, 6]]),
    ):
        texts = printed_file(path, per_page, lang)
        assert [[int(n) for n in re.findall(r"Board (\d) Deal", text)] for text in texts] == boards
        if per_page == 1:
            continue
        laid = lay_out([scenario], lang=lang, per_page=per_page, solver=True)
        sheet = tmp_path / f"hand-record-{per_page}.html"
        sheet.write_text(handout_page(laid), encoding="utf-8")
        a4_page.goto(sheet.as_uri())
        heights = a4_page.evaluate(MEASURE)["pages"]
        assert len(heights) == len(boards) and max(heights) <= A4_CONTENT_HEIGHT, heights
