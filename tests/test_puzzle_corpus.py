"""The corpus shipped in the package: at least 3,000 puzzles of every kind of contract and
both sides, of at least eight themes, in a small file; a sample of it (every 50th puzzle) is
proved again by the solver each run. The whole corpus is proved by ``betel-tutor puzzles
check`` (under a minute, but the suite is long already: docs/puzzles.md)."""

from __future__ import annotations

from collections import Counter

from betel_tutor.app.puzzles import check_corpus
from betel_tutor.puzzles.corpus import shipped_corpus
from betel_tutor.puzzles.store import corpus_meta, read_puzzles, theme_counts

SAMPLE = 50


def test_the_corpus_is_large_varied_and_small_on_disk() -> None:
    puzzles = list(read_puzzles(shipped_corpus()))
    assert len(puzzles) >= 3000
    assert corpus_meta(shipped_corpus())["puzzles"] == len(puzzles)
    sides = Counter((p.kind, p.side) for p in puzzles)
    kinds = ("trump", "notrump", "betelek", "betel")
    assert all(sides[(kind, side)] > 0 for kind in kinds for side in ("declarer", "defender"))
    themes = theme_counts(shipped_corpus())
    assert len([theme for theme, count in themes.items() if count >= 10]) >= 8
    assert shipped_corpus().stat().st_size < 1_000_000


def test_a_sample_of_the_corpus_is_proved_again() -> None:
    checked = check_corpus(None, sample=SAMPLE)
    assert checked.checked >= 3000 // SAMPLE
    assert checked.problems == ()
