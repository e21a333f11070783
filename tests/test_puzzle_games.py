"""Puzzles from games of the strong computer players (``puzzles build --games``): the game is
the strong players' auction and play of a seeded deal, the same each time; every puzzle of it
lies on the game's path, is proved again by the solver, and exported as a practice scenario
starts from the hands the auction's exchanges left, which ``check`` judges from the puzzle's
position (a slip of the strong players before it may have changed what best play reaches)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from betel_tutor.app.puzzles import export_scenario
from betel_tutor.play import play_card
from betel_tutor.puzzles.build import build
from betel_tutor.puzzles.games import game_play, game_puzzles, game_start, is_game
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.puzzles.prove import prove
from betel_tutor.puzzles.store import read_puzzles
from betel_tutor.scenario.check import check_scenario
from betel_tutor.scenario.model import PlayStep
from betel_tutor.solver.api import solve

SEEDS = [f"gtest#{n}" for n in range(24)]

# The tests share this module's fixture: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture(scope="module")
def found() -> dict[str, list[Puzzle]]:
    return {seed: game_puzzles(seed) for seed in SEEDS}


def test_games_give_puzzles_each_proved_and_on_the_games_path(
    found: dict[str, list[Puzzle]],
) -> None:
    puzzles = [puzzle for seed in SEEDS for puzzle in found[seed]]
    assert len(puzzles) >= 5
    assert {puzzle.side for puzzle in puzzles} == {"declarer", "defender"}
    for seed in SEEDS:
        started = game_start(seed)
        if started is None:
            assert found[seed] == []
            continue
        _dealt, state = started
        path = [state]
        for card in game_play(state):
            path.append(play_card(path[-1], card))
        for puzzle in found[seed]:
            assert is_game(puzzle.seed) and prove(puzzle) is None
            at = puzzle.state()
            assert any(
                s.hands == at.hands and s.current == at.current and s.to_play == at.to_play
                for s in path
            ), puzzle.id


def test_a_game_is_the_same_each_time(found: dict[str, list[Puzzle]]) -> None:
    seed = next(seed for seed in SEEDS if found[seed])
    assert game_puzzles(seed) == found[seed]


def test_a_build_from_games_keeps_them_and_says_so(
    tmp_path: Path, found: dict[str, list[Puzzle]]
) -> None:
    out = tmp_path / "games.sqlite"
    built = build(out, deals=8, seed="gtest", workers=1, games=True)
    stored = list(read_puzzles(out))
    # The build's deals: the seed itself, then the seeds numbered from one (found already).
    expected = [*game_puzzles("gtest"), *(p for seed in SEEDS[1:8] for p in found[seed])]
    assert built.puzzles == len(stored) == len(expected)
    assert {p.id for p in stored} == {p.id for p in expected}


def test_check_judges_an_exported_game_puzzle_from_its_position(
    found: dict[str, list[Puzzle]],
) -> None:
    # A puzzle whose goal best play from the first card would not reach: a strong player's
    # slip before it gave the learner's side the chance the puzzle asks them to take.
    def from_start(puzzle: Puzzle) -> bool:
        started = game_start(puzzle.seed.removeprefix("game:"))
        assert started is not None
        _dealt, state = started
        assert state.declarer is not None
        taken = solve(
            state.hands,
            trump=state.contract.trump,
            declarer=state.declarer,
            leader=state.leader,
            contract_kind=state.contract.kind,
        )
        return state.contract.is_made(taken) == (puzzle.side == "declarer")

    puzzles = [p for seed in SEEDS for p in found[seed]]
    lucky = [p for p in puzzles if not from_start(p)]
    assert lucky, "no game of these seeds has a slip before a puzzle"
    scenario = export_scenario(lucky[:2], None)
    assert all(deal.hands is not None and deal.seed is None for deal in scenario.deals)
    assert check_scenario(scenario) == []
    # The other side's goal at the same position is out of reach, and check says so.
    turned = tuple(
        replace(step, goal={"defeat" if "make" in step.goal else "make": 1})
        for step in scenario.steps
        if isinstance(step, PlayStep)
    )
    problems = check_scenario(replace(scenario, steps=turned))
    assert problems and all("unreachable" in p.key or "declarer" in p.key for p in problems)
