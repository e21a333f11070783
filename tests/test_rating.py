"""Glicko-2 against the worked example of Glickman's paper, and its invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from betel_tutor.rating import SCALE, Game, Rating, expected_score, play, update

PAPER_GAMES = [
    Game(Rating(1400, 30), 1),
    Game(Rating(1550, 100), 0),
    Game(Rating(1700, 300), 0),
]

ratings = st.builds(
    Rating,
    st.floats(800, 2600),
    st.floats(30, 350),
    st.floats(0.03, 0.1),
)


def test_the_papers_worked_example() -> None:
    after = update(Rating(1500, 200, 0.06), PAPER_GAMES, tau=0.5)
    # The paper's steps, to the four places it writes them on the Glicko-2 scale ...
    assert (after.rating - 1500) / SCALE == pytest.approx(-0.2069, abs=0.00005)
    assert after.deviation / SCALE == pytest.approx(0.8722, abs=0.00005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    # ... and its figures on the Glicko scale, 1464.06 and 151.52, which it works out from
    # those rounded values (unrounded, the rating is 1464.0507).
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)


def test_the_papers_expected_scores() -> None:
    player = Rating(1500, 200, 0.06)
    expected = [expected_score(player, game.opponent) for game in PAPER_GAMES]
    assert expected == pytest.approx([0.639, 0.432, 0.303], abs=0.001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.volatility == 0.06
    assert after.deviation == pytest.approx(200.27, abs=0.005)  # the paper: φ* = √(φ² + σ²)
    assert after.deviation > 200


@given(ratings.filter(lambda r: r.deviation >= 100), ratings, st.floats(-400, 400), st.booleans())
def test_a_game_against_a_near_opponent_shrinks_an_uncertain_deviation(
    learner: Rating, puzzle: Rating, apart: float, solved: bool
) -> None:
    # Not every game shrinks it: the volatility widens a deviation every period, which one
    # game against a far stronger or weaker opponent (whose result tells little) or one of a
    # rating known to within a few dozen points does not make up for.
    near = Rating(learner.rating + apart, puzzle.deviation, puzzle.volatility)
    new_learner, _ = play(learner, near, solved)
    assert new_learner.deviation < learner.deviation


@given(ratings, ratings, st.booleans())
def test_the_winner_gains_and_the_loser_loses(
    learner: Rating, puzzle: Rating, solved: bool
) -> None:
    new_learner, new_puzzle = play(learner, puzzle, solved)
    if solved:
        assert new_learner.rating > learner.rating
        assert new_puzzle.rating < puzzle.rating
    else:
        assert new_learner.rating < learner.rating
        assert new_puzzle.rating > puzzle.rating


@given(ratings, st.booleans())
def test_equal_ratings_move_by_equal_amounts_in_opposite_directions(
    both: Rating, solved: bool
) -> None:
    new_learner, new_puzzle = play(both, both, solved)
    assert new_learner.rating - both.rating == pytest.approx(both.rating - new_puzzle.rating)
    assert new_learner.deviation == pytest.approx(new_puzzle.deviation)


def test_more_games_leave_the_deviation_smaller() -> None:
    player = Rating(1500, 300, 0.06)
    deviations = []
    for _ in range(6):
        player = update(player, [Game(Rating(1500, 50), 1), Game(Rating(1500, 50), 0)])
        deviations.append(player.deviation)
    assert deviations == sorted(deviations, reverse=True)
    assert deviations[-1] < 150
