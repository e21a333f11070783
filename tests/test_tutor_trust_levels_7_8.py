"""Feedback a learner can trust at levels 7 and 8: every claim of their runs checked against
the solver, and the sides and kinds of contract the learner takes in them (tests/trust.py tells
what is played and checked; tests/test_tutor_trust.py that the groups of levels together show
every side of every kind of contract)."""

from __future__ import annotations

import pytest

from tests.trust import level_tests

GROUP = (7, 8)

# The tests share this module's fixture: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)

_tests = level_tests(GROUP)
runs = _tests.runs
test_the_tutors_claims_hold = _tests.claims
test_the_sides_and_kinds_of_these_levels_are_seen = _tests.sides
test_every_costly_card_has_a_true_line_and_why = _tests.lines
