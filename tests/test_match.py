"""Matches to 1000, chips and the bank, the fourth player's prediction, the dubel penalty."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from betel_tutor.match import Match
from betel_tutor.scoring import dubel_penalty, prediction_points


def test_prediction() -> None:
    assert prediction_points(True, True) == 10
    assert prediction_points(False, True) == -10
    assert prediction_points(False, False) == 10
    assert prediction_points(None, True) == 0


def test_dubel_penalty() -> None:
    assert [dubel_penalty(n) for n in (0, 1, 2)] == [0, -5, -10]
    with pytest.raises(ValueError):
        dubel_penalty(3)


def test_points_match_to_1000() -> None:
    match = Match.start()
    assert match.totals == (0, 0, 0) and not match.finished
    for _ in range(9):
        match = match.record((100, 0, 0))
    assert not match.finished and match.dealer == 0
    match = match.record((100, 0, 0))
    assert match.finished and match.winners == (0,) and match.deals == 10


def test_chips_start_at_500_and_a_tie_is_shared() -> None:
    match = Match.start(chips=True).record((500, 500, -40))
    assert match.totals == (1000, 1000, 460)
    assert match.winners == (0, 1)


def test_fourth_player_rests_in_turn() -> None:
    match = Match.start(players=4)
    resting = []
    for _ in range(4):
        resting.append(match.resting)
        match = match.record((0, 0, 0, 0))
    assert sorted(r for r in resting if r is not None) == [0, 1, 2, 3]
    assert Match.start().resting is None
    with pytest.raises(ValueError):
        Match.start(players=5)


@given(st.lists(st.tuples(*(st.integers(-200, 200),) * 3), max_size=50))
def test_chips_are_conserved(deals: list[tuple[int, int, int]]) -> None:
    match = Match.start(chips=True)
    for points in deals:
        match = match.record(points)
    assert sum(match.totals) + match.bank == 3 * 500
    assert match.dealer == len(deals) % 3
