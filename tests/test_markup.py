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
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
