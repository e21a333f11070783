"""The cache is data, checked: a poisoned entry of trick tables (not JSON, ``1e999``, nesting
100,000 deep, counts out of range, a FIFO, a device, a symlink out of the folder) is a miss —
computed again, written over as a regular file — and the answer sheet is the one a clean cache
gives. The bridge boards' DDS entries are held to 0–13 tricks the same way."""

from __future__ import annotations

import json
import os
import signal
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from betel_tutor.render import tables
from betel_tutor.render.cache import read_entry
from tests.test_paths import AS_ROOT, run
from tests.test_render_tables import board_view

LESSON = """\
kind: practice
id: poisoned
title: {en: Poisoned, pl: Zatrute}
deals:
  - {id: a, seed: 11}
"""


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "betel-tutor"


@pytest.fixture
def no_hang() -> Iterator[None]:
    """A read that would block for ever (a FIFO opened) fails the test after 20 seconds."""

    def expired(number: int, frame: FrameType | None) -> None:
        raise AssertionError("blocked: a special file was opened")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def render(capsys: pytest.CaptureFixture[str], lesson: Path, output: Path) -> str:
    status, _, err = run(capsys, "render", str(lesson), "--sheet", "answers", "-o", str(output))
    assert status == 0 and "Traceback" not in err, err
    return (output / f"{lesson.stem}.html").read_text(encoding="utf-8")


def write(text: str) -> Callable[[Path], None]:
    def damage(entry: Path) -> None:
        entry.write_text(text, encoding="utf-8")

    return damage


def _fifo(entry: Path) -> None:
    entry.unlink()
    os.mkfifo(entry)


def _device(entry: Path) -> None:
    entry.unlink()
    os.mknod(entry, stat.S_IFCHR | 0o666, os.makedev(1, 5))  # /dev/zero: reads never end


def _outside(entry: Path) -> None:
    """A symlink to a well-formed entry outside the folder, with other (wrong) counts."""
    outside = entry.parents[2] / "elsewhere.json"
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["rows"] = [[(n + 1) % 11 for n in row] for row in data["rows"]]
    outside.write_text(json.dumps(data), encoding="utf-8")
    entry.unlink()
    entry.symlink_to(outside)


def _replace(old: str, new: str) -> Callable[[Path], None]:
    def damage(entry: Path) -> None:
        text = entry.read_text(encoding="utf-8")
        assert old in text
        entry.write_text(text.replace(old, new, 1), encoding="utf-8")

    return damage


POISONS: dict[str, Callable[[Path], None]] = {
    "not json": write("{not json"),
    "1e999": _replace('"rows": [[', '"rows": [[1e999, '),
    "deep": write("[" * 100_000),
    "a million tricks": _replace('"rows": [[', '"rows": [[1000000, '),
    "minus seven": _replace('"rows": [[', '"rows": [[-7, '),
    "NaN": _replace('"costs": [', '"costs": [NaN, '),
    "a bool for a count": _replace('"rows": [[', '"rows": [[true, '),
    "fifo": _fifo,
    "symlink out": _outside,
}
if AS_ROOT:  # only root makes device nodes
    POISONS["device"] = _device


@pytest.mark.parametrize("poison", sorted(POISONS))
def test_a_poisoned_entry_is_computed_again_and_the_sheet_is_right(
    capsys: pytest.CaptureFixture[str], cache: Path, tmp_path: Path, poison: str, no_hang: None
) -> None:
    lesson = tmp_path / "poisoned.yaml"
    lesson.write_text(LESSON, encoding="utf-8")
    clean = render(capsys, lesson, tmp_path / "clean")
    (entry,) = (cache / "trick-tables").glob("*.json")
    good = entry.read_bytes()
    POISONS[poison](entry)
    assert tables._read(entry) is None  # a miss, not a traceback nor a wrong table
    assert render(capsys, lesson, tmp_path / "again") == clean
    assert stat.S_ISREG(os.lstat(entry).st_mode)  # replaced by a regular file, atomically
    assert entry.read_bytes() == good
    assert not list((cache / "trick-tables").glob("*.tmp"))


def test_what_is_read_is_never_more_than_data(tmp_path: Path, no_hang: None) -> None:
    entry = tmp_path / "entry.json"
    for text in ("1e999", "[" * 100_000, "NaN", "-Infinity", "x" * 2_000_000):
        entry.write_text(text, encoding="utf-8")
        assert read_entry(entry) is None
    entry.write_text('{"rows": [[1, 2]]}', encoding="utf-8")
    assert read_entry(entry) == {"rows": [[1, 2]]}
    entry.unlink()
    os.mkfifo(entry)
    assert read_entry(entry) is None


@pytest.mark.parametrize("count", ["14", "-7", "1e999", "true", '"7"', "7.5"])
def test_a_dds_entry_out_of_range_is_computed_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch, count: str
) -> None:
    from betel_tutor.bridge import dd as bridge_dd

    first = board_view()
    (entry,) = (cache / "dd-tables").glob("*.json")
    text = entry.read_text(encoding="utf-8")
    entry.write_text(text.replace('"tricks": [[', f'"tricks": [[{count}, ', 1), encoding="utf-8")
    with pytest.raises((ValueError, TypeError)):
        bridge_dd.DoubleDummy.from_entry("", read_entry(entry))
    assert board_view() == first
    assert entry.read_text(encoding="utf-8") == text


LAYDOWN = """\
kind: lesson
id: laid-down
title: {en: Laid down, pl: Wyłożona}
quizzes:
  - kind: laydown
    question: {en: "A laydown?", pl: "Karta wykładana?"}
    hand: "♠AKQJ109 ♥AK ♦A ♣7"
    dubel_cards: "♦K ♣8"
    contract: 5♠
    answer: true
"""


def test_a_sheets_laydown_proof_is_kept_and_read_in_the_next_run(
    capsys: pytest.CaptureFixture[str],
    cache: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from betel_tutor.solver import known, laydown

    lesson = tmp_path / "laid-down.yaml"
    lesson.write_text(LAYDOWN, encoding="utf-8")
    monkeypatch.setattr(known, "_verdicts", {})
    first = render(capsys, lesson, tmp_path / "first")
    (entry,) = (cache / "laydowns").rglob("*.json")
    assert json.loads(entry.read_text(encoding="utf-8")) == {"verdict": "proved"}
    searched: list[int] = []
    real = laydown.check_laydown

    def check(*args: object, **kwargs: object) -> laydown.Laydown:
        searched.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(laydown, "check_laydown", check)
    monkeypatch.setattr(known, "_verdicts", {})  # a new run: only the cache remembers
    assert render(capsys, lesson, tmp_path / "again") == first
    assert searched == []
    entry.write_text('{"verdict": "maybe"}', encoding="utf-8")  # damaged: searched again
    monkeypatch.setattr(known, "_verdicts", {})
    assert render(capsys, lesson, tmp_path / "third") == first
    assert searched == [1]
    assert json.loads(entry.read_text(encoding="utf-8")) == {"verdict": "proved"}
