"""Polish as a first language: everything the program says in Polish mode, read in Polish and
scanned for English card letters, English calls, English words and a wrong plural of lewa
(tests/polish.py tells what is read and what is looked for).

Each level, the checker's messages on each broken file, the explanations and rules, the
solver's tools and each set of rendered sheets is read by a test of its own, so that the
reading spreads over the cores; each test scans what it read for every kind of hit at once.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.polish import (
    BAD_FILES,
    EXPLAIN,
    LEVELS,
    SHEET_SOURCES,
    Read,
    check_output,
    explain_outputs,
    hits_of,
    learners,
    read_level,
    report,
    scan,
    sheets,
    tools,
)


def assert_polish(read: list[Read]) -> None:
    """Every text was read (none empty) and none has a hit of any kind."""
    assert read and all(text.strip() for _, text, _ in read), [s for s, t, _ in read if not t]
    hits = hits_of(read)
    assert not hits, report(hits)


def read_tool(texts: Iterator[tuple[str, str]]) -> list[Read]:
    return [(name, text, []) for name, text in texts]


def test_the_scan_sees_english_and_passes_polish() -> None:
    # The scan would see English were it there: a sample of English text is full of hits.
    sample = "West plays ♥Q: pass, 1NT — the trick wins. Goal: 5 tricks. Hint: Q♠"
    assert {hit.kind for hit in scan("sample", sample)} == {"card", "call", "word"}
    assert scan("sample", "Zachód zagrywa ♥D; pas, 1BA, Szlemik w kiery, 1 lewa, 5 lew") == []
    assert [h.found for h in scan("sample", "2 lew, 5 lewy, 1 lewy, 1 lew, 12 lewy")] == [
        "2 lew", "5 lewy", "1 lewy", "1 lew", "12 lewy",
    ]  # fmt: skip


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_reads_in_polish(level: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    read = read_level(level, tmp_path_factory.mktemp)
    sources = [source for source, _, _ in read]
    # Each learner's run through learn --json, and the first one's again through learn --plain.
    assert sum(s.startswith("learn --json") for s in sources) == len(list(learners(level)))
    assert sum(s.startswith("learn --plain") for s in sources) == 1
    assert_polish(read)


def test_the_corpus_of_broken_files_is_all_there() -> None:
    assert len(BAD_FILES) >= 25


@pytest.mark.parametrize("name", BAD_FILES)
def test_the_checkers_messages_read_in_polish(name: str, tmp_path: Path) -> None:
    assert_polish([(f"check {name}", check_output(tmp_path, name), [])])


def test_explanations_and_rules_read_in_polish(tmp_path: Path) -> None:
    read = read_tool(explain_outputs(tmp_path))
    assert sum(source.startswith("explain ") for source, _, _ in read) == 2 * len(EXPLAIN)
    assert sum(source.startswith("rules") for source, _, _ in read) == 5
    assert_polish(read)


def test_solve_and_laydown_read_in_polish(tmp_path: Path) -> None:
    read = read_tool(tools(tmp_path))
    assert [source for source, _, _ in read] == ["solve", "laydown"]
    assert_polish(read)


@pytest.mark.parametrize("source", SHEET_SOURCES)
def test_rendered_sheets_read_in_polish(source: str, tmp_path: Path) -> None:
    read = read_tool(sheets(tmp_path, source))
    assert {name.split()[1] for name, _, _ in read} == {"student", "answers"}
    assert_polish(read)


if __name__ == "__main__":  # python -m tests.test_polish_everywhere: every hit, for fixing
    sys.exit(pytest.main([__file__, "-q", "-x"]))
