"""Feedback a learner can trust at levels 3 and 4: every claim of their runs checked against
the solver, and the sides and kinds of contract the learner takes in them (tests/trust.py tells
what is played and checked; tests/test_tutor_trust.py that the groups of levels together show
every side of every kind of contract)."""

from __future__ import annotations

import pytest

from tests.trust import GROUPS, LEARNERS, SEEDS, Runs, check_claims, sides_and_kinds

GROUP = (3, 4)

# The tests share this module's fixture: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Runs:
    return Runs(tmp_path_factory)


@pytest.mark.parametrize("kind", LEARNERS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("level", GROUP)
def test_the_tutors_claims_hold(runs: Runs, level: int, seed: str, kind: str) -> None:
    check_claims(runs.get((level, seed, kind, "no")))


def test_the_sides_and_kinds_of_these_levels_are_seen(runs: Runs) -> None:
    seen = sides_and_kinds(runs, GROUP)
    assert set(seen) == GROUPS[GROUP], seen
