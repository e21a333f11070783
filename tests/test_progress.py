"""Progress files: round trip, atomic writes, damaged files set aside and never erased."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from betel_tutor.tutor.progress import LevelProgress, Progress, ProgressError, load, save


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "progress.json"
    progress = Progress(language="pl").with_level(3, LevelProgress(4, 2, False, 60))
    save(path, progress)
    assert load(path) == progress
    assert [p.name for p in path.parent.iterdir()] == ["progress.json"]  # no temporary left


def test_missing_file_is_a_fresh_start(tmp_path: Path) -> None:
    assert load(tmp_path / "progress.json") == Progress()


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b'{"format": "someone-else/1"}',
        b'{"format": "betel-tutor-progress/1", "levels": {"11": {}}}',
        b'{"format": "betel-tutor-progress/1", "levels": {"1": {"next_step": -1}}}',
        b"\xff\xfe garbage",
        b"[]",
    ],
)
def test_damaged_file_is_set_aside(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError) as caught:
        load(path)
    assert not path.exists()
    assert caught.value.moved_to is not None
    assert caught.value.moved_to.read_bytes() == content
    path.write_bytes(content)
    with pytest.raises(ProgressError) as again:
        load(path)
    assert again.value.moved_to != caught.value.moved_to  # the first copy is kept too
    assert load(path) == Progress()


def test_file_format(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    save(path, Progress().with_level(1, LevelProgress(completed=True)))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "betel-tutor-progress/1"
    assert data["levels"]["1"]["completed"] is True
