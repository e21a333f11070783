"""Stars and goals count the whole deal: a learner who bids at random through levels 5–10 never
hears "Goal reached" nor earns two or three stars in a deal whose auction review finds a call of
theirs — a bid, a pass or a kontra — costly over the layouts they could face
(:mod:`betel_tutor.tutor.call_values`), and the level's stars, ``progress`` and the practice list
keep what the deal ends said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.in_process import run_cli
from tests.learner import Event, Learner, converse, environment
from tests.test_tutor_json import closed_stars, deals_of, shipped

GOAL_REACHED = "Goal reached"


def short_levels(tmp_path: Path) -> Path:
    """The shipped levels, level 10's match made short so that the test ends in time."""
    levels = tmp_path / "levels"
    levels.mkdir()
    short = shipped(10).replace("target: 1000", "target: 540")
    (levels / "level-10.yaml").write_text(short, encoding="utf-8")
    return levels


def costly(deal: list[Event]) -> bool:
    """Whether the deal's auction review names a costly call of the learner's, with what it
    cost on average."""
    reviews = [event for event in deal if event["event"] == "auction_review"]
    named = [call for review in reviews for call, lost in review["costly"] if lost > 0]
    return bool(named) and all(call in review["text"] for review in reviews for call in named)


@pytest.mark.parametrize("level", range(5, 11))
def test_no_costly_call_reaches_the_goal_or_earns_stars(tmp_path: Path, level: int) -> None:
    env = environment(tmp_path, BETEL_TUTOR_LEVELS=str(short_levels(tmp_path)))
    learner = Learner(level, random=level * 7919, declare=True)
    args = ["--level", str(level), "--seed", f"whole-{level}"]
    transcript = converse(learner, args, env, timeout=120, max_lines=6000)
    assert transcript.returncode == 0, transcript.stderr

    deals = deals_of(transcript.events)
    faulted = [deal for deal in deals if costly(deal)]
    assert faulted, "the random bids never lost on average: nothing was checked"
    for deal in deals:
        end = deal[-1]
        said = " ".join(event["text"] for event in deal)
        assert end["costly_call"] is costly(deal), end
        if not end["costly_call"]:
            continue
        assert end["stars"] == 1, end
        assert end["goal_met"] is not True, end
        assert GOAL_REACHED not in said, said
        if end["goal"]:  # the play missed the goal, or reached it after the costly call
            assert "Goal not reached this time" in said or "but a call of yours costs" in said

    # The level's stars, progress and the practice list follow the deal ends.
    ends = [deal[-1] for deal in deals]
    best = closed_stars(ends)
    for deal in faulted:
        end = deal[-1]
        if end["closed"] and not end["practice"]:
            others = [e["stars"] for e in ends if e["deal"] == end["deal"] and e is not end]
            assert best[end["deal"]] == max([1, *others])
    levels = progress(env)
    (entry,) = [entry for entry in levels if entry["level"] == level]
    assert entry["closed"] == best
    assert set(entry["practise"]) == {deal for deal, stars in best.items() if stars < 2}


def progress(env: dict[str, str]) -> list[dict[str, Any]]:
    shown = run_cli("progress", "--json", env=env)
    assert shown.returncode == 0, shown.stderr
    data: dict[str, Any] = json.loads(shown.stdout)
    levels: list[dict[str, Any]] = data["levels"]
    return levels
