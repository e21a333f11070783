"""The card and underline markup in markdown, as fixtures in the style of mdit-py-plugins."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.markup import render_note

FIXTURES = Path(__file__).parent / "data" / "markup_fixtures.txt"


def read_fixtures() -> list[tuple[str, str, str]]:
    """Blocks of: title, ``.``, input, ``.``, expected HTML, ``.``."""
    lines = FIXTURES.read_text(encoding="utf-8").split("\n")
    cases = []
    index = 0
    while index < len(lines):
        if not lines[index].strip():
            index += 1
            continue
        title = lines[index]
        assert lines[index + 1] == "."
        end_input = lines.index(".", index + 2)
        end_output = lines.index(".", end_input + 1)
        source = "\n".join(lines[index + 2 : end_input])
        expected = "\n".join(lines[end_input + 1 : end_output]) + "\n"
        cases.append((title, source, expected))
        index = end_output + 1
    return cases


CASES = read_fixtures()


def test_there_are_fixtures() -> None:
    assert len(CASES) >= 9


@pytest.mark.parametrize(("title", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_fixture(title: str, source: str, expected: str) -> None:
    assert render_note(source) == expected


def test_polish_rank_letters() -> None:
    html = render_note("♥{D} i ♠{W}", lang="pl")
    assert 'data-card="♥Q"' in html and 'data-card="♠J"' in html


def test_markdown_it_is_not_loaded_by_the_rules() -> None:
    import subprocess
    import sys

    probe = (
        "import sys, betel_tutor.rules, betel_tutor.explain; print('markdown_it' in sys.modules)"
    )
    # A fresh interpreter: what importing these modules loads is the point.
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


REMOTE = """\
See ![lead](https://example.com/a.png) and [the rules](http://example.com/r).
An address <https://example.com/x>, a [reference][r], [within the page](#board),
![ok](data:image/png;base64,AAAA)

[r]: //example.com/ref
"""


def test_a_note_loads_nothing_from_outside() -> None:
    from betel_tutor.markup import remote_urls

    html = render_note(REMOTE)
    assert "example.com" not in html.replace("An address https://example.com/x", "")
    assert '<span class="refused-image">lead</span>' in html and "the rules" in html
    assert '<a href="#board">within the page</a>' in html
    assert '<img src="data:image/png;base64,AAAA" alt="ok" />' in html
    assert remote_urls(REMOTE) == [
        (0, 13, "image", "https://example.com/a.png"),
        (0, 56, "link", "http://example.com/r"),
        (1, 13, "link", "https://example.com/x"),
        (4, 6, "link", "//example.com/ref"),
    ]


def test_check_reports_a_remote_image_in_a_legacy_note(tmp_path: Path) -> None:
    from betel_tutor.scenario.check import check_file

    note = tmp_path / "note.txt"
    note.write_text(
        "# META\n- id = 1\n- version = 1\n- category = before\n\n# EN\n\nLead ♠{A}.\n"
        "![x](http://example.com/x.png)\n\n# PL\n\nZagraj ♠{A}.\n",
        encoding="utf-8",
    )
    problems = check_file(str(note))
    assert [(p.position.line, p.position.column, p.key) for p in problems] == [
        (9, 6, "check.note_remote_image")
    ]
