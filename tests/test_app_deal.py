"""The ``deal`` command in-process: deals found from a seed, written as a scenario file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from betel_tutor.app.deal import DealOptions, deal
from betel_tutor.dealing import deal as deal_from
from betel_tutor.errors import BetelError
from betel_tutor.files import NotOurs
from betel_tutor.scenario.finder import accepts, wanted_for
from betel_tutor.scenario.loader import load

STRONG_SOUTH = DealOptions(game="betel", constraints=("S hcp 12+",), seed="abc", count=2)


def test_the_deals_found_meet_the_constraints_and_come_from_their_seeds() -> None:
    dealt = deal(STRONG_SOUTH)
    wanted = wanted_for(None, "betel", ["S hcp 12+"])
    assert len(dealt.found) == 2 and dealt.unmet is None and dealt.written is None
    for found in dealt.found:
        assert accepts(wanted, found.deal)
        assert found.deal.hands == deal_from(found.seed).hands
    assert deal(STRONG_SOUTH) == dealt  # a seed gives the same search
    assert dealt.lines("en")[0] == f"Deal 1, seed {dealt.found[0].seed}"
    assert [item["seed"] for item in dealt.to_json()] == [f.seed for f in dealt.found]


def test_the_deals_are_written_as_a_scenario_that_loads(tmp_path: Path) -> None:
    out = tmp_path / "found.yaml"
    dealt = deal(replace(STRONG_SOUTH, out=str(out)))
    assert dealt.written is not None and dealt.written.path == out
    scenario, problems = load(str(out))
    assert scenario is not None and not problems and len(scenario.deals) == 2


def test_a_file_not_ours_is_refused_before_the_search(tmp_path: Path) -> None:
    out = tmp_path / "mine.yaml"
    out.write_text("my own notes\n", encoding="utf-8")
    told: list[int] = []
    options = replace(STRONG_SOUTH, out=str(out))
    with pytest.raises(NotOurs):
        deal(options, lambda tested, found: told.append(tested))
    assert told == [] and out.read_text(encoding="utf-8") == "my own notes\n"
    kept = deal(replace(options, force=True)).written
    assert kept is not None and kept.kept is not None
    assert kept.kept.read_text(encoding="utf-8") == "my own notes\n"


def test_too_few_found_is_reported_with_those_found() -> None:
    dealt = deal(replace(STRONG_SOUTH, count=10, tries=6))
    assert 0 < len(dealt.found) < 10 and dealt.tested == 6
    assert dealt.found == deal(replace(STRONG_SOUTH, count=len(dealt.found))).found
    assert dealt.unmet is not None and dealt.unmet.key == "finder.unmet"
    assert dealt.unmet.params == {"n": 6, "found": len(dealt.found), "count": 10}


@pytest.mark.parametrize("seconds", [0.0, -1.0, float("nan"), float("inf")])
def test_a_time_limit_must_be_a_time(seconds: float) -> None:
    with pytest.raises(BetelError) as refused:
        deal(DealOptions(game="betel", max_time=seconds))
    assert refused.value.key == "finder.bad_max_time"
