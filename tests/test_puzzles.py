"""The puzzle finder: every puzzle is an "only move" (one set of equal cards reaches the
goal of the side to play, every other legal card fails it, by the solver's card values), never
trivial, proved again by ``prove``; a corpus keeps puzzles whole through SQLite."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from betel_tutor.errors import BetelError
from betel_tutor.puzzles.finder import puzzles_of
from betel_tutor.puzzles.goals import goal_met, runs
from betel_tutor.puzzles.model import Puzzle, puzzle_from_json
from betel_tutor.puzzles.prove import prove
from betel_tutor.puzzles.store import (
    SCHEMA_VERSION,
    corpus_meta,
    read_puzzles,
    theme_counts,
    write_corpus,
)
from betel_tutor.solver.api import card_values

SEEDS = range(6)


@pytest.fixture(scope="module")
def found() -> list[Puzzle]:
    return [puzzle for seed in SEEDS for puzzle in puzzles_of(seed)]


def test_a_handful_of_deals_gives_puzzles_of_both_sides(found: list[Puzzle]) -> None:
    assert len(found) >= 10
    assert {puzzle.side for puzzle in found} == {"declarer", "defender"}
    assert {"trump", "betelek"} <= {puzzle.kind for puzzle in found}


def test_every_puzzle_has_exactly_one_set_of_cards_that_reaches_its_goal(
    found: list[Puzzle],
) -> None:
    for puzzle in found:
        state = puzzle.state()
        values = card_values(state)
        declarer_side = puzzle.side == "declarer"
        reaching = {
            card
            for card, tricks in values.items()
            if goal_met(puzzle.contract, tricks, declarer_side=declarer_side)
        }
        assert reaching == set(puzzle.solution), puzzle.id
        assert len(runs(state, list(values))) >= 2  # never a single set of cards to play
        assert len(runs(state, list(reaching))) == 1
        assert len(state.hands[puzzle.to_play]) > 2  # never in the last two tricks
        assert puzzle.line[0] in puzzle.solution


def test_the_finder_is_a_pure_function_of_the_seed(found: list[Puzzle]) -> None:
    again = [puzzle for seed in SEEDS for puzzle in puzzles_of(seed)]
    assert [p.to_json() for p in again] == [p.to_json() for p in found]


def test_every_puzzle_is_proved_again(found: list[Puzzle]) -> None:
    assert all(prove(puzzle) is None for puzzle in found)


def test_a_puzzle_with_a_wrong_solution_is_refused(found: list[Puzzle]) -> None:
    puzzle = found[0]
    legal = puzzle.state().legal_moves()
    other = next(card for card in sorted(legal) if card not in puzzle.solution)
    problem = prove(replace(puzzle, solution=(other,), line=(other,)))
    assert problem is not None
    assert problem.key in {"puzzles.wrong_solution", "puzzles.not_unique"}
    assert puzzle.id in problem.message("pl")


def test_json_gives_the_puzzle_back(found: list[Puzzle]) -> None:
    for puzzle in found:
        data = puzzle.to_json()
        assert puzzle_from_json(data) == puzzle
        assert set(data["hands"]) == {"S", "W", "N"}
        assert data["contract"] == str(puzzle.contract)


def test_a_corpus_holds_the_puzzles_with_their_themes(found: list[Puzzle], tmp_path: Path) -> None:
    path = tmp_path / "corpus.sqlite"
    assert write_corpus(path, [*found, found[0]], {"deals": len(SEEDS)}) == len(found)
    back = list(read_puzzles(path))
    assert sorted(p.id for p in back) == sorted(p.id for p in found)
    assert {p.id: p for p in back} == {p.id: p for p in found}
    assert [p.rating for p in back] == sorted(p.rating for p in back)
    meta = corpus_meta(path)
    assert meta["schema"] == SCHEMA_VERSION and meta["puzzles"] == len(found)
    counts = theme_counts(path)
    for theme, count in counts.items():
        assert count == sum(theme in p.themes for p in found)
        assert all(theme in p.themes for p in read_puzzles(path, theme=theme))
    assert list(tmp_path.iterdir()) == [path]  # the temporary file renamed, none left


def test_a_file_that_is_not_a_corpus_is_one_clear_error(tmp_path: Path) -> None:
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database", encoding="utf-8")
    with pytest.raises(BetelError) as caught:
        list(read_puzzles(text))
    assert caught.value.key == "puzzles.not_corpus"
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('schema', '0')")
    with pytest.raises(BetelError) as caught:
        list(read_puzzles(old))
    assert caught.value.key == "puzzles.other_version"
    assert str(old) in caught.value.message("pl")
    with pytest.raises(BetelError) as caught:
        list(read_puzzles(tmp_path / "none.sqlite"))
    assert caught.value.key == "puzzles.no_corpus"


def test_the_line_keeps_the_learners_cards_only_while_each_is_the_only_answer(
    found: list[Puzzle],
) -> None:
    long = [p for p in found if "long" in p.themes]
    assert long, "a multi-card line among the puzzles of six deals"
    for puzzle in long:
        mine = [card for state, card in puzzle.replay() if state.to_play == puzzle.to_play]
        assert len(mine) >= 2
        assert puzzle.line[-1] == mine[-1]
