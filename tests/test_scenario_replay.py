"""A deal's script is replayed once, into one immutable value every consumer reads."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from betel_tutor.render.html import render_handout
from betel_tutor.scenario import load
from betel_tutor.scenario import script as script_module
from betel_tutor.scenario.check import check_file
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.script import Replayed, replay

ROOT = Path(__file__).parent.parent
LEVEL_9 = str(ROOT / "scenarios" / "levels" / "level-09.yaml")


def test_the_replay_is_an_immutable_value() -> None:
    scenario, _ = load(LEVEL_9)
    assert scenario is not None
    example = scenario.deal("example")
    assert example is not None
    replayed = replay(example)
    with pytest.raises(dataclasses.FrozenInstanceError):
        replayed.doubled = True  # type: ignore[misc]
    assert isinstance(replayed.states, tuple) and isinstance(replayed.played, tuple)
    assert len(replayed.states) == len(replayed.played) + 1 == len(example.play) + 1
    assert [card for _, card in replayed.played] == list(example.play)
    assert [str(call) for _, call in replayed.calls] == list(example.auction or ())
    assert replayed.first_bids == tuple(example.first_exchange or ())
    assert replay(example) is replayed
    hash(replayed)  # frozen values all the way down


def test_checking_and_rendering_in_both_languages_replays_each_deal_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    walked: list[str] = []
    walk = script_module._walk

    def counting(deal: DealSpec) -> Replayed:
        walked.append(deal.id)
        return walk(deal)

    monkeypatch.setattr(script_module, "_walk", counting)
    replay.cache_clear()
    assert check_file(LEVEL_9) == []
    scenario, _ = load(LEVEL_9)  # loaded again, as the render command does: equal deals
    assert scenario is not None
    for sheet in ("answers", "student"):
        render_handout([scenario], lang="both", sheet=sheet)
    scripted = [d.id for d in scenario.deals if d.auction is not None or d.play or d.trades]
    assert scripted and sorted(walked) == sorted(scripted)
    replay.cache_clear()
