"""Feedback a learner can trust (tests/trust.py tells what is played and checked).

The runs of levels 1–8 are played and checked by the modules ``test_tutor_trust_levels_*.py``,
two levels each, so that they spread over the cores (each module's runs are shared by its own
tests, on one worker); each of those modules checks that its levels show the learner exactly
the sides and kinds of contract :data:`tests.trust.GROUPS` gives them. This module checks that
those groups cover every level once and together show every side of every kind of contract
(what one check over all the runs asserted before, now without any test depending on another
module's runs), and that a deal played again has the same cards.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from tests.trust import COVERAGE, GROUPS, LEVELS, SEEDS, check_run, deals_of, play


def test_the_groups_cover_every_level_and_every_side_and_kind() -> None:
    assert sorted(level for group in GROUPS for level in group) == list(LEVELS)
    assert set().union(*GROUPS.values()) == COVERAGE
    for group in GROUPS:  # each group is played and checked by a module of its own
        name = "tests.test_tutor_trust_levels_" + "_".join(map(str, group))
        assert group == importlib.import_module(name).GROUP


def test_a_deal_played_again_has_the_same_cards(tmp_path: Path) -> None:
    run = play((3, SEEDS[0], "first", "once"), tmp_path)
    assert run.transcript.returncode == 0, run.transcript.stderr
    assert "Traceback" not in run.transcript.stderr
    ends = run.transcript.of("deal_end")
    again = [index for index, end in enumerate(ends) if end["retry"]]
    assert len(again) == 1
    missed, retried = ends[again[0] - 1], ends[again[0]]
    # Offered again: its goal missed, or its review named a costly card (played again from
    # that card's trick, the play before it as it was).
    deals = list(deals_of(run.transcript.events))
    reviews = [e for e in deals[again[0] - 1] if e["event"] == "review" and e["card"]]
    assert (missed["goal_met"] is False or reviews) and not missed["retry"]
    if reviews:
        ours = [i for i, (seat, _) in enumerate(missed["play"]) if seat == missed["learner"]]
        before = ours[reviews[0]["trick"] - 1]
        assert retried["play"][:before] == missed["play"][:before]
    assert retried["deal"] == missed["deal"] and retried["hands"] == missed["hands"]
    assert retried["best_tricks"] == missed["best_tricks"]
    assert all(not end["retry"] for end in ends if end is not retried)
    check_run(run)
