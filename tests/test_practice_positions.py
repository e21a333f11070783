"""The tricks kept on the practice list (:class:`Position`): written to the progress file and
read back, a damaged one refused, and merged between two tutors (one a deal, a trick this
tutor found a better card at staying off the list)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from betel_tutor.tutor import progress as store
from betel_tutor.tutor.progress import LevelProgress, Position, Progress, merge_level

HANDS = ("♠A ♠K", "♥A ♥K", "♦A ♦K")


def kept(deal: str, trick: int) -> Position:
    return Position(deal, trick, "B3", "W", "W", HANDS, ("♥A",) * (trick - 1))


def test_positions_are_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    level = LevelProgress(positions=(kept("d1", 2), kept("d4", 1)))
    store.save(path, Progress({3: level}))
    assert store.load(path).level(3).positions == level.positions
    written = json.loads(path.read_text(encoding="utf-8"))["levels"]["3"]["positions"]
    assert written[0] == {
        "deal": "d1",
        "trick": 2,
        "contract": "B3",
        "declarer": "W",
        "leader": "W",
        "hands": list(HANDS),
        "play": ["♥A"],
    }


def test_a_level_without_positions_is_written_as_before(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    store.save(path, Progress({3: LevelProgress(next_step=2)}))
    assert "positions" not in json.loads(path.read_text(encoding="utf-8"))["levels"]["3"]


@pytest.mark.parametrize(
    "bad",
    [
        ["d1"],
        [{"deal": "d1", "trick": "2"}],
        {"deal": "d1"},
        [{**kept("d1", 2).to_json(), "hands": "♠A"}],
    ],
)
def test_a_damaged_position_list_is_refused(tmp_path: Path, bad: object) -> None:
    path = tmp_path / "progress.json"
    store.save(path, Progress({3: LevelProgress(positions=(kept("d1", 2),))}))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["levels"]["3"]["positions"] = bad
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(store.ProgressError, match="bad practise list in level 3"):
        store.load(path)


def test_a_merge_keeps_one_position_a_deal_and_drops_those_found() -> None:
    base = LevelProgress(positions=(kept("d1", 2), kept("d2", 3)))
    mine = LevelProgress(positions=(kept("d2", 3),))  # found a better card at d1's trick
    theirs = LevelProgress(positions=(kept("d1", 2), kept("d2", 5), kept("d3", 1)))
    merged = merge_level(mine, theirs, base)
    assert merged.positions == (kept("d2", 3), kept("d3", 1))
    assert merge_level(mine, theirs).positions == (kept("d2", 3), kept("d1", 2), kept("d3", 1))
