"""Handouts a club prints: the lesson's words in order, contracts in words, the auction as a
grid, and the print-ready PDF (WeasyPrint) read back page by page: its pages as WeasyPrint lays
them out for it (tests/laid_out.py), and the file ``render --pdf`` writes."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.render.html import lay_out, printed_pages, render_handout
from betel_tutor.scenario import load_text
from betel_tutor.scenario.loader import load
from tests.in_process import run_cli
from tests.laid_out import Page, fonts, laid_out

ROOT = Path(__file__).parents[1]
LEVELS = ROOT / "scenarios" / "levels"


def level(number: int) -> Any:
    scenario, _ = load(str(LEVELS / f"level-{number:02d}.yaml"))
    assert scenario is not None
    return scenario


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("sheet", ["student", "answers"])
def test_the_lessons_words_come_in_order_with_its_deals_and_quizzes(sheet: str) -> None:
    text = plain(render_handout([level(9)], lang="en", sheet=sheet))
    order = [
        "Betel allows trade",  # the lesson's text
        "Offers are made after every call or card",  # the first read step
        "South has declared 1♠ and West is to call",  # the first quiz, after it
        "Some offers are forbidden",  # the next read step
        "A worked example.",
        "Worked example: West buys the first exchange",  # the deal its watch step shows
        "Now four deals with the full game",  # a read step after the worked example
        "Deal 1 Goal: as many tricks as best play allows · open",  # the practice deals
        "Deal 4 Goal: as many tricks as best play allows · closed",
    ]
    places = [text.find(words) for words in order]
    assert -1 not in places and places == sorted(places), places


def test_contracts_in_words() -> None:
    for number, english, polish in (
        (1, "Free play (no contract, no trump)", "Gra bez kontraktu i bez atu"),
        (3, "Betelek 3", "Betelek 3"),
        (5, "decided by the auction", "wynika z licytacji"),
    ):
        assert f"Contract: {english}" in plain(render_handout([level(number)], lang="en"))
        assert f"Kontrakt: {polish}" in plain(render_handout([level(number)], lang="pl"))
    english = plain(render_handout([level(9)], lang="en"))
    assert "Contract: Three spades" in english and "[♠K" not in english
    assert "Kontrakt: Trzy piki" in plain(render_handout([level(9)], lang="pl"))


def test_level_2_says_the_dealer_names_trumps() -> None:
    """Spec §12.1: never "no trump" on level 2's sheets. The learner (South) names them when
    dealing; a computer dealer's choice is the one the tutor plays."""
    from betel_tutor.cards import Suit
    from betel_tutor.scenario.goals import fixed_play
    from betel_tutor.seats import SOUTH

    scenario = level(2)
    english = plain(render_handout([scenario], lang="en"))
    polish = plain(render_handout([scenario], lang="pl"))
    assert "Free play (no contract, no trump)" not in english
    assert "Gra bez kontraktu i bez atu" not in polish
    assert english.count("Dealer: South · Contract: Free play; the dealer names trumps") == 2
    assert polish.count("Kontrakt: Gra bez kontraktu; atut wybiera rozdający") == 2
    names = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts"}
    for deal in scenario.deals:
        if deal.dealer == SOUTH:
            continue
        trump = fixed_play(scenario.options, deal, SOUTH).contract.trump
        assert trump is not None
        words = f"Free play, {names.get(trump, 'spades')} trumps (named by the dealer)"
        assert words in english


def test_a_doubled_betel_contract_and_its_auction_grid() -> None:
    source = """\
kind: practice
id: doubled
title: {en: Doubled, pl: Z kontrą}
deals:
  - id: d
    seed: 4
    dealer: S
    auction: "2♠ kontra pass pass"
"""
    scenario, problems = load_text(source, "doubled.yaml")
    assert scenario is not None and not problems, problems
    english = render_handout([scenario], lang="en")
    assert "Contract: Two spades doubled" in plain(english)
    assert "Kontrakt: Dwa piki z kontrą" in plain(render_handout([scenario], lang="pl"))
    grid = re.search(r'<table class="auction">(.*?)</table>', english, re.S)
    assert grid is not None
    rows = re.findall(r"<tr>(.*?)</tr>", grid.group(1), re.S)
    assert re.findall(r"<th>(\w+)</th>", rows[0]) == ["South", "West", "North"]
    assert re.findall(r"<td>([^<]*)</td>", rows[1]) == ["Two spades", "kontra", "pass"]


def test_the_worked_example_auction_is_a_grid_by_seat() -> None:
    for lang, cells in (
        ("en", ["", "takes ♠K, lays ♣8: Three spades", "pass", "pass"]),
        ("pl", ["", "bierze ♠K, kładzie ♣8: Trzy piki", "pas", "pas"]),
    ):
        html = render_handout([level(9)], lang=lang)
        grid = re.search(r'<table class="auction">(.*?)</table>', html, re.S)
        assert grid is not None
        found = re.findall(r"<td>([^<]*)</td>", grid.group(1))
        assert found == cells, found


def test_a_handout_is_titled_after_its_lessons() -> None:
    html = render_handout([level(n) for n in range(1, 11)], lang="en")
    title = re.search(r"<h1>(.*?)</h1>", html)
    assert title is not None
    assert title.group(1).startswith("Level 1") and "(10 lessons)" in title.group(1)
    assert "scenarios" not in title.group(1)
    assert "(10 lekcji)" in plain(render_handout([level(n) for n in range(1, 11)], lang="pl"))


# -- the PDF ------------------------------------------------------------------------------


def boxes(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", None) or ():
        yield from boxes(child)


def pages_of(html: str) -> list[set[int]]:
    """Per printed page (WeasyPrint's layout): the hands and trick tables it shows, by the
    identity of their element."""
    from weasyprint import HTML

    document = HTML(string=html).render(font_config=fonts())
    shown = []
    for page in document.pages:
        kept: set[int] = set()
        for box in boxes(page._page_box):
            element = getattr(box, "element", None)
            classes = (element.get("class") or "").split() if element is not None else []
            if {"hand", "tricks", "solver", "auction", "table"} & set(classes):
                kept.add(id(element))
        shown.append(kept)
    return shown


@pytest.mark.parametrize("lang", ["en", "both"])
def test_no_hand_or_trick_table_spans_two_pages(lang: str) -> None:
    shown = pages_of(render_handout([level(9)], lang=lang, sheet="answers", printing=True))
    seen: set[int] = set()
    for kept in shown:
        assert not kept & seen, "a hand or a table is cut by a page end"
        seen |= kept
    assert seen


FIVE = "".join(f"  - {{id: d{n}, seed: {n}, contract: 1NT, declarer: S}}\n" for n in range(1, 6))


@pytest.mark.parametrize(("per_page", "expected"), [(1, 5), (2, 3), (4, 2)])
def test_deals_a_page_in_the_pdf(per_page: int, expected: int) -> None:
    scenario, _ = load_text(
        "kind: practice\nid: five\ntitle: {en: Five deals, pl: Pięć rozdań}\ndeals:\n" + FIVE,
        "five.yaml",
    )
    assert scenario is not None
    html = render_handout([scenario], lang="en", per_page=per_page, printing=True)
    assert len(laid_out(html)) == expected


def test_the_pdf_command_prints_a4_with_page_numbers_and_title(tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "out"
    args = ["render", str(LEVELS / "level-09.yaml"), "--no-solver", "--pdf", "--lang", "en"]
    done = run_cli(*args, "-o", str(out))
    assert done.returncode == 0, done.stderr
    reader = PdfReader(io.BytesIO((out / "level-09.pdf").read_bytes()))
    count = len(reader.pages)
    assert count >= 3
    for number, page in enumerate(reader.pages, 1):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(width - 595.28) < 2 and abs(height - 841.89) < 2
        text = page.extract_text()
        assert f"{number} / {count}" in text
        assert "Level 9: the full game with trade" in text  # the running title


_LEVELS_EN = ("One", "Two", "Three", "Four", "Five", "Six", "Seven")
_LEVELS_PL = ("Jeden", "Dwa", "Trzy", "Cztery", "Pięć", "Sześć", "Siedem")
# Polish: one takes the singular, two to four the nominative plural, five and up the genitive
# plural (karo does not decline there: "Siedem karo").
_STRAINS_EN = {"♣": ("club", "clubs"), "♦": ("diamond", "diamonds"), "♥": ("heart", "hearts")}
_STRAINS_EN |= {"♠": ("spade", "spades")}
_STRAINS_PL = {
    "♣": ("trefl", "trefle", "trefli"),
    "♦": ("karo", "kara", "karo"),
    "♥": ("kier", "kiery", "kierów"),
    "♠": ("pik", "piki", "pików"),
}


def _expected(level: int, strain: str, lang: str) -> str:
    if lang == "en":
        word = _LEVELS_EN[level - 1]
        if strain == "NT":
            return f"{word} no trump"
        return f"{word} {_STRAINS_EN[strain][0 if level == 1 else 1]}"
    word = _LEVELS_PL[level - 1]
    if strain == "NT":
        return f"{word} bez atu"
    return f"{word} {_STRAINS_PL[strain][0 if level == 1 else 1 if level <= 4 else 2]}"


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("strain", ["♣", "♦", "♥", "♠", "NT"])
@pytest.mark.parametrize("level", range(1, 8))
def test_bridge_contracts_in_words_at_every_level(level: int, strain: str, lang: str) -> None:
    slam = Path(__file__).parent / "data" / "bridge" / "slam.yaml"
    text = slam.read_text(encoding="utf-8")
    bid = f"{level}{strain}"
    doubled, redoubled = {"en": ("doubled", "redoubled"), "pl": ("z kontrą", "z rekontrą")}[lang]
    words = _expected(level, strain, lang)
    for calls, after in (
        ("pass", ""),
        ("kontra pass pass rekontra pass pass pass", f" {redoubled}"),
        ("pass pass kontra pass pass pass", f" {doubled}"),
    ):
        auction = f'    auction: "{bid} {calls} pass pass"\n' if calls == "pass" else ""
        auction = auction or f'    auction: "{bid} {calls}"\n'
        edited = text.replace("    vulnerable: NS\n", "    vulnerable: NS\n" + auction)
        scenario, problems = load_text(edited, str(slam))
        assert scenario is not None and not problems
        sheet = plain(render_handout([scenario], lang=lang))
        label = "Contract" if lang == "en" else "Kontrakt"
        assert f"{label}: {words}{after}" in sheet, (bid, calls)
        assert f"{label}: {bid}" not in sheet


def test_the_answer_sheet_explains_each_answer() -> None:
    """A quiz's explanation follows its answer on the answer sheet, in the sheet's language;
    the student sheet keeps both for the class."""
    scenario = level(3)
    quiz = next(q for q in scenario.all_quizzes() if q.explanation is not None)
    assert quiz.explanation is not None
    for lang in ("en", "pl"):
        answers = plain(render_handout([scenario], lang=lang, sheet="answers"))
        student = plain(render_handout([scenario], lang=lang, sheet="student"))
        words = plain(quiz.explanation.get(lang)).strip()[:40]
        assert words in answers
        assert words not in student


@pytest.mark.parametrize(
    ("lang", "calls"),
    [("en", ["1♠", "double", "redouble", "pass"]), ("pl", ["1♠", "kontra", "rekontra", "pas"])],
)
def test_a_bridge_auction_grid_uses_the_readers_words(lang: str, calls: list[str]) -> None:
    """Bridge's English says double and redouble (kontra is Betel's word, and Polish)."""
    slam = Path(__file__).parent / "data" / "bridge" / "slam.yaml"
    auction = '    auction: "1♠ X XX pass pass pass"\n'
    edited = slam.read_text(encoding="utf-8").replace(
        "    vulnerable: NS\n", "    vulnerable: NS\n" + auction
    )
    scenario, problems = load_text(edited, str(slam))
    assert scenario is not None and not problems, problems
    html = render_handout([scenario], lang=lang)
    grid = re.search(r'<table class="auction">(.*?)</table>', html, re.S)
    assert grid is not None
    cells = [c for c in re.findall(r"<td>([^<]*)</td>", grid.group(1)) if c]
    assert cells[:4] == calls


def test_the_blue_suit_board_names_its_variant_and_trumps() -> None:
    scenario, _ = load(str(ROOT / "scenarios" / "boards" / "blue-suit.yaml"))
    assert scenario is not None
    english = plain(render_handout([scenario], lang="en"))
    polish = plain(render_handout([scenario], lang="pl"))
    assert "Contract: none given; blue-suit variant, trumps: ♠" in english
    assert "Kontrakt: nie podano; wariant z kolorem niebieskim, atut: ♠" in polish
    assert "Contract: —" not in english


# -- the PDF as printed: deals a page, nothing past the page, lessons numbered apart -------

MM = 72 / 25.4  # points a millimetre
NARROW = set(" ,.;:'!|()[]-/ijlrtfIJ")


def rendered(tmp_path: Path, *args: str) -> Path:
    """``render ... --pdf`` through the command, into a fresh folder."""
    out = tmp_path / "out"
    done = run_cli("render", *args, "--pdf", "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out


def printed(scenarios: list[Any], *, solver: bool = True, **options: Any) -> tuple[Page, ...]:
    """The pages ``render --pdf`` prints of the scenarios' answer sheet (one handout when there
    are several; the solver's tables unless ``solver`` is off, as the command's ``--no-solver``)
    as WeasyPrint lays them out for the PDF (tests/laid_out.py)."""
    laid = lay_out(scenarios, solver=solver, **options)
    return tuple(page for document in printed_pages(laid) for page in laid_out(document))


def deals_a_page(pages: tuple[Page, ...]) -> list[tuple[int, float]]:
    """For each page: how many deals it shows (each has one "Dealer:", in English or alone in
    Polish "Rozdaje:") and the size of its deal lines' text (0 without a deal)."""
    shown = []
    for page in pages:
        english = [run.size for run in page.runs if run.text.startswith("Dealer:")]
        polish = [run.size for run in page.runs if run.text.startswith("Rozdaje:")]
        sizes = english or polish
        shown.append((len(sizes), max(sizes, default=0.0)))
    return shown


def past_the_edge(pages: tuple[Page, ...]) -> list[str]:
    """Text that reaches past the right margin (15 mm): each run's width is taken at least
    0.27 em for a narrow glyph and 0.5 em for any other (DejaVu Sans is wider than that)."""
    problems = []
    for number, page in enumerate(pages, 1):
        edge = page.width - 15 * MM
        for run in page.runs:
            width = sum(0.27 if char in NARROW else 0.5 for char in run.text) * run.size
            if run.left + width > edge + 0.5:
                where = f"x={run.left:.0f} pt (edge {edge:.0f})"
                problems.append(f"page {number}: {run.text!r} at {where}")
    return problems


@pytest.mark.parametrize("lang", ["both", "en", "pl"])
def test_four_deals_a_page_with_trick_tables_in_every_language(lang: str) -> None:
    """Level 1's six deals come after its words: four on a page, then two on the next, at the
    size a page of two has, each language shown whole; a page of its own at full size with
    --per-page 1 (the solver's tables included: they make each deal a third taller)."""
    sizes = {}
    for per_page, expected in ((4, [4, 2]), (2, [2, 2, 2]), (1, [1] * 6)):
        printout = printed([level(1)], per_page=per_page, lang=lang)
        pages = [page for page in deals_a_page(printout) if page[0]]
        assert [count for count, _ in pages] == expected, per_page
        sizes[per_page] = [size for _, size in pages]
        assert not past_the_edge(printout)
    assert sizes[4][0] < sizes[4][1] == sizes[2][0]  # two a page: the size of two
    assert sizes[2][0] < sizes[1][0]  # a page of its own: never shrunk


def test_a_deal_with_a_commentary_has_a_page_of_its_own() -> None:
    """The penalty-card boards (notes, penalty cards, the play) are too long to share a page:
    --per-page 4 prints each whole at full size (WeasyPrint once failed on them)."""
    lesson, _ = load(str(ROOT / "scenarios" / "lessons" / "penalty-cards.yaml"))
    alone = [page for page in deals_a_page(printed([lesson], lang="en")) if page[0]]
    pages = [page for page in deals_a_page(printed([lesson], lang="en", per_page=4)) if page[0]]
    assert pages == alone and [count for count, _ in pages] == [1] * 5


@pytest.mark.parametrize("lang", ["both", "pl", "en"])
def test_nothing_runs_past_the_page_in_the_lessons(lang: str) -> None:
    """The lessons' handout, the penalty-card boards' tricks included ("Lewa 1 … Południe ♠7"
    in a column of a bilingual page): no text past the right margin."""
    files = sorted((ROOT / "scenarios" / "lessons").glob("*.yaml"))
    lessons = [load(str(path))[0] for path in files]
    problems = past_the_edge(printed(lessons, lang=lang))
    assert not problems, problems[:10]


def test_a_handout_pdf_numbers_each_lesson_and_links_its_index(tmp_path: Path) -> None:
    """A handout's PDF: the title and index on the first page, then each lesson from a new
    page, its pages headed by its title and numbered "page / pages" within it; each index
    entry a link to its lesson's first page. The same files give the same bytes."""
    from pypdf import PdfReader

    folder = tmp_path / "levels"
    folder.mkdir()
    for number in (3, 9):
        name = f"level-{number:02d}.yaml"
        (folder / name).write_bytes((LEVELS / name).read_bytes())
    out = rendered(tmp_path, str(folder), "--lang", "en", "--no-solver")
    reader = PdfReader(out / "handout.pdf")
    titles = [level(3).title.get("en"), level(9).title.get("en")]
    first = reader.pages[0].extract_text()
    assert all(title in first for title in titles) and not re.search(r"^\d+ / \d+$", first, re.M)
    lessons: dict[str, list[str]] = {}
    for page in reader.pages[1:]:
        text = page.extract_text()
        (title,) = [title for title in titles if title in text]  # the running title
        lessons.setdefault(title, []).extend(re.findall(r"^\d+ / \d+$", text, re.M))
    assert list(lessons) == titles
    starts = {}
    start = 1
    for title, feet in lessons.items():
        assert feet == [f"{n} / {len(feet)}" for n in range(1, len(feet) + 1)], title
        starts[title] = start
        start += len(feet)
    links = [annot.get_object() for annot in reader.pages[0].get("/Annots", [])]
    targets = [reader.get_page_number(link["/Dest"][0].get_object()) for link in links]
    assert targets == [starts[title] for title in titles]
    again = rendered(tmp_path / "again", str(folder), "--lang", "en", "--no-solver")
    assert (again / "handout.pdf").read_bytes() == (out / "handout.pdf").read_bytes()


@pytest.mark.parametrize("lang", ["en", "both"])
def test_the_pdf_numbers_a_lessons_quizzes_on_through_its_lists(lang: str) -> None:
    """A lesson's quizzes come in several lists between its texts; printed, they are numbered
    1, 2, 3 … through the lesson (in each column), as on the screen."""
    numbers = [
        int(run.text[:-1])
        for page in printed([level(2)], lang=lang, solver=False)
        for run in page.runs
        if re.fullmatch(r"\d+\.", run.text)
    ]
    quizzes = len(list(level(2).all_quizzes()))
    columns = 2 if lang == "both" else 1
    expected = [n for n in range(1, quizzes + 1) for _ in range(columns)]
    assert sorted(numbers) == expected
    assert max(numbers) == quizzes > 4
