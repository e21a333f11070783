"""Level 5's points of a normal contract, the lessons' one table, drawn as a table by every
front end: the line tutor, the full-screen tutor and the printed sheet (aligned columns in the
lesson's text; a markdown pipe table reads the same)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from betel_tutor.markup import render_note
from betel_tutor.render.html import render_scenario
from betel_tutor.scenario.loader import load
from betel_tutor.scenario.quizzes import show_answer
from betel_tutor.text_tables import TextTable, split_tables
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.events import Event, LessonText
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from betel_tutor.tutor.text import plain
from tests.screen_driver import YES_NO, expects, new_app, shown_static, type_line

LEVEL_5 = Path(__file__).parents[1] / "scenarios" / "levels" / "level-05.yaml"
ROWS = {
    "en": ["One", "Two", "Three", "Szlemik", "Szlem"],
    "pl": ["Jeden", "Dwa", "Trzy", "Szlemik", "Szlem"],
}
POINTS = [("10", "20", "5"), ("30", "40", "10"), ("50", "60", "15"), ("70", "80", "20"),
          ("90", "100", "25")]  # fmt: skip
STEP = 9  # the points table's step in level 5


def rows_of(lines: list[str], lang: str) -> list[str]:
    """The lines that hold a row of the table, in order: each begins with its contract."""
    names = ROWS[lang]
    return [line for line in lines if line.strip().split(" ")[:1] in ([n] for n in names)]


def assert_a_table(lines: list[str], lang: str) -> None:
    """Five lines, a contract each with its own points, and the columns aligned."""
    rows = rows_of(lines, lang)
    assert [row.split()[0] for row in rows] == ROWS[lang], lines
    for row, numbers in zip(rows, POINTS, strict=True):
        assert re.findall(r"\d+", row)[1:] == list(numbers), row  # the first is the tricks
    starts = {re.search(r"suit|kolor", row).start() for row in rows}  # type: ignore[union-attr]
    assert len(starts) == 1, rows  # the points of a suit contract one under another


def test_the_line_tutor_prints_the_points_as_a_table() -> None:
    for lang in ("en", "pl"):
        session = Session(Progress(), lang, settings=Settings())
        said: list[Event] = list(session.start(5))
        for _ in range(60):
            if any(isinstance(e, LessonText) and "10" in e.text and "100" in e.text for e in said):
                break
            phase = session.phase
            quiz = getattr(getattr(phase, "step", None), "quiz", None)
            answer = "" if quiz is None else show_answer(quiz.answer)
            said.extend(session.handle(YES_NO.get(answer, answer)))
        table = next(e for e in said if isinstance(e, LessonText) and "100" in e.text)
        assert_a_table(table.text.splitlines(), lang)


def test_a_markdown_pipe_table_is_printed_in_columns() -> None:
    text = "| Contract | Tricks |\n|---|--:|\n| One | 6 |\n| Szlem | 10 |"
    assert plain(text).splitlines() == [
        "  Contract  Tricks",
        "  --------  ------",
        "  One            6",
        "  Szlem         10",
    ]


def test_the_full_screen_tutor_draws_the_points_as_a_table() -> None:
    async def read() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=(142, 38)) as pilot:
            for _ in range(40):
                if app.scene is not None and app.scene.step == STEP:
                    break
                if expects(app) == "answer":
                    answer = show_answer(app.session.phase.step.quiz.answer)  # type: ignore[attr-defined]
                    await type_line(pilot, app, YES_NO.get(answer, answer))
                else:
                    await type_line(pilot, app, "")
            await pilot.pause()
            lesson = app.query(".lesson").last()
            assert_a_table(shown_static(lesson).splitlines(), "en")

    asyncio.run(read())


def test_the_sheet_has_the_points_as_an_html_table() -> None:
    scenario, _ = load(str(LEVEL_5))
    assert scenario is not None
    html = render_scenario(scenario)
    table = re.search(r'<table class="lesson-table">.*?</table>', html, re.S)
    assert table is not None, "no table on the sheet"
    cells = [
        re.findall(r"<td[^>]*>(.*?)</td>", row)
        for row in re.findall(r"<tr>(.*?)</tr>", table.group(0))
    ]
    assert [row[0] for row in cells] == ROWS["en"]
    assert cells[0] == ["One", "(6 tricks):", "suit 10, NT 20;", "5 a trick"]


def test_a_pipe_table_on_a_sheet_has_its_header() -> None:
    html = render_note("| Contract | Tricks |\n|---|--:|\n| One | 6 |")
    assert "<thead>\n<tr><th>Contract</th><th>Tricks</th></tr>\n</thead>" in html
    assert '<tr><td>One</td><td class="number">6</td></tr>' in html


def test_only_aligned_columns_are_a_table() -> None:
    """A code block (four spaces), a paragraph, ragged columns and a list stay markdown."""
    for text in (
        "    code  a\n    code  b",
        "One  two\nthree  four",
        "  One  a  b\n  Two  c",
        "- one  item\n- two  items",
    ):
        assert split_tables(text) == [text]
    assert split_tables("  One  a\n  Two  b") == [TextTable((), (("One", "a"), ("Two", "b")))]
