"""Every broken file under tests/data/bad/ gives exactly the messages it expects.

Each file states them in its first lines as ``# expect: LINE:COLUMN: message``, and may state
the Polish ones as ``# expect-pl: …`` (every YAML syntax error does); a legacy ``.txt`` note,
where such a line would be a section, states them in ``NAME.txt.expect``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.scenario.check import check_file

BAD = Path(__file__).parent / "data" / "bad"
FILES = sorted(p for p in BAD.iterdir() if p.is_file() and p.suffix != ".expect")


def expected_messages(path: Path, lang: str = "en") -> list[str]:
    if path.suffix == ".txt":
        assert lang == "en"
        return path.with_suffix(".txt.expect").read_text(encoding="utf-8").splitlines()
    lines = path.read_bytes().decode("utf-8", errors="replace").splitlines()
    marker = "# expect: " if lang == "en" else f"# expect-{lang}: "
    return [line.split(marker, 1)[1] for line in lines if line.startswith(marker)]


POLISH = [path for path in FILES if path.suffix != ".txt" and expected_messages(path, "pl")]


def test_corpus_is_large_enough() -> None:
    assert len(FILES) >= 25


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_bad_file(path: Path) -> None:
    expected = expected_messages(path)
    assert expected, f"{path.name} states no expected message"
    problems = check_file(str(path))
    got = [f"{p.position.line}:{p.position.column}: {p.message('en')}" for p in problems]
    assert got == expected
    assert all(str(p.position).startswith(str(path)) for p in problems)
    assert all(p.message("pl") for p in problems)
    polish = expected_messages(path, "pl") if path.suffix != ".txt" else []
    if polish:
        got = [f"{p.position.line}:{p.position.column}: {p.message('pl')}" for p in problems]
        assert got == polish


def test_every_yaml_syntax_error_has_its_polish_message() -> None:
    for path in FILES:
        if path.name.split("_", 1)[1].startswith("yaml_") or "duplicate_key" in path.name:
            assert path in POLISH, path.name
