"""Deal sheets printed from a real browser (Playwright driving Debian's Chromium): pages,
their breaks and sizes, nothing past the page (the sheets on screen: test_render_browser.py)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser import ARTIFACTS, ROOT, render

# The tests share this module's browser: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


def test_printed_pages_and_uncut_hands(page: Page, tmp_path: Path) -> None:
    """A4 with 1, 2 or 4 deals a page: exactly as many pages as that takes. The hands and each
    row of a page of several deals are never split across pages, and the suits stay apart in
    black and white (the colour is dropped, the symbol's shape remains)."""
    deals = "".join(
        f"  - {{id: d{n}, seed: {n}, contract: 1NT, declarer: S}}\n" for n in range(1, 6)
    )
    source = tmp_path / "five.yaml"
    source.write_text(
        "kind: practice\nid: five\ntitle: {en: Five deals, pl: Pięć rozdań}\ndeals:\n" + deals,
        encoding="utf-8",
    )
    for per_page, expected in (("1", 5), ("2", 3), ("4", 2)):
        out = render(tmp_path / per_page, str(source), "--per-page", per_page)
        page.emulate_media(media="null")  # on screen, as a new tab, until emulated below
        page.goto((out / "five.html").as_uri())
        assert page.locator(".deal").count() == 5
        pdf = page.pdf(format="A4")
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == expected, per_page
        page.emulate_media(media="print")
        # A page of several deals is kept whole; a lone deal may run on (a board's long notes).
        styles = page.locator(".hand, .deal-page:not(.crowd-1) .deal-row").evaluate_all(
            "els => els.map(e => getComputedStyle(e).breakInside)"
        )
        assert styles and set(styles) == {"avoid"}
        colours = page.locator(".hearts, .diamonds").evaluate_all(
            "els => els.map(e => getComputedStyle(e).color)"
        )
        assert set(colours) == {"rgb(0, 0, 0)"}


A4_CONTENT = 680  # A4's 210 mm less 2 × 15 mm margins, in CSS pixels (96 a 25.4 mm)

MEASURE = """() => {
  const problems = [];
  const right = document.documentElement.clientWidth;
  for (const line of document.querySelectorAll(".suit-line")) {
    const style = getComputedStyle(line);
    const height = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
    if (line.getBoundingClientRect().height > height * 1.5) {
      problems.push("wraps: " + line.textContent);
    }
  }
  for (const box of document.querySelectorAll(".hand, .deal, table, .suit-line, h2, h3, p")) {
    const rect = box.getBoundingClientRect();
    const what = box.className + " " + box.textContent.slice(0, 30);
    if (rect.right > right + 0.5) { problems.push("past the page: " + what); }
    const deal = box.closest(".deal");
    if (deal && deal !== box && rect.right > deal.getBoundingClientRect().right + 0.5) {
      problems.push("past its deal: " + what);
    }
    if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflow !== "visible") {
      problems.push("clipped: " + box.className);
    }
  }
  return problems;
}"""


@pytest.mark.parametrize("lang", ["both", "pl", "en"])
@pytest.mark.parametrize(
    ("folder", "per_page"),
    [("levels", "1"), ("levels", "2"), ("levels", "4"), ("lessons", "1"), ("lessons", "4")],
)
def test_printed_a4_nothing_overflows_and_a_suit_line_is_one_line(
    page: Page, tmp_path: Path, lang: str, folder: str, per_page: str
) -> None:
    """In print emulation at A4's width: every suit line is one line, and no hand, table or
    heading reaches past the page or its deal (the long-standing bilingual East box; the
    penalty-card boards' tricks, "Lewa 1 … Południe ♠7", in a bilingual column)."""
    out = render(tmp_path, str(ROOT / "scenarios" / folder), "--lang", lang, "--per-page", per_page)
    page.set_viewport_size({"width": A4_CONTENT, "height": 1000})
    page.emulate_media(media="print")
    page.goto((out / "handout.html").as_uri())
    problems = page.evaluate(MEASURE)
    assert not problems, problems[:10]
    if lang == "both" and per_page == "1" and folder == "levels":
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        # The first four A4 pages to look at: the whole handout is 44,000 pixels high, more
        # than anyone views, and seconds of Chromium's work to draw as one picture.
        page.screenshot(
            path=str(ARTIFACTS / "bilingual-print.png"),
            full_page=True,
            clip={"x": 0, "y": 0, "width": A4_CONTENT, "height": 4 * 1123},
        )


def _deals_a_page(pdf: bytes) -> list[int]:
    """How many deals each printed page shows: a "Dealer:" each (English or alone)."""
    from pypdf import PdfReader

    counts = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        text = page.extract_text()
        counts.append(text.count("Dealer:") or text.count("Rozdaje:"))
    return counts


@pytest.mark.parametrize("lang", ["both", "pl", "en"])
def test_four_deals_a_page_with_trick_tables_printed_from_the_browser(
    page: Page, tmp_path: Path, lang: str
) -> None:
    """Chromium prints --per-page 4 as promised with the solver's tables, in both languages
    too: level 1's six deals as four and two, the two at a larger size than the four, no
    table or hand past its column."""
    level = str(ROOT / "scenarios" / "levels" / "level-01.yaml")
    out = render(tmp_path, level, "--per-page", "4", "--lang", lang, solver=True)
    page.goto((out / "level-01.html").as_uri())
    pdf = page.pdf(prefer_css_page_size=True)
    assert [count for count in _deals_a_page(pdf) if count] == [4, 2]
    page.emulate_media(media="print")
    page.set_viewport_size({"width": A4_CONTENT, "height": 1000})
    sizes = page.locator(".deal-page").evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e.querySelector('.suit-line')).fontSize))"
    )
    assert len(sizes) == 2 and sizes[0] < sizes[1]
    problems = page.evaluate(MEASURE)
    assert not problems, problems[:10]


def test_a_lone_deal_keeps_its_size_four_a_page(page: Page, tmp_path: Path) -> None:
    """--per-page 4 shrinks deals only on a page that holds several."""
    sizes = {}
    for per_page in ("1", "4"):
        out = render(tmp_path / per_page, str(ROOT / "scenarios" / "boards" / "blue-suit.yaml"),
                     "--per-page", per_page)  # fmt: skip
        page.emulate_media(media="print")
        page.goto((out / "blue-suit.html").as_uri())
        sizes[per_page] = page.locator(".suit-line").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
    assert sizes["4"] == sizes["1"] and sizes["1"] >= 12


def test_a_browser_prints_the_running_title_and_page_numbers(page: Page, tmp_path: Path) -> None:
    """Printed from Chromium, as from WeasyPrint: the handout's title at the top of every page
    and "page / pages" at the foot."""
    from pypdf import PdfReader

    out = render(tmp_path, str(ROOT / "scenarios" / "levels" / "level-09.yaml"))
    page.goto((out / "level-09.html").as_uri())
    reader = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
    count = len(reader.pages)
    assert count >= 3
    for number, printed in enumerate(reader.pages, 1):
        text = printed.extract_text()
        assert "Level 9: the full game with trade" in text.splitlines()[0]
        assert f"{number} / {count}" in text
