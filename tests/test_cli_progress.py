"""The progress of ``check`` and ``deal`` on stderr: silent for a quick run, then a line every
few seconds when stderr is not a terminal; the clock starts when the work does."""

from __future__ import annotations

import time

import pytest

from betel_tutor.cli_progress import CheckProgress, SearchProgress
from betel_tutor.i18n import translate


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    ticking = Clock()
    monkeypatch.setattr(time, "monotonic", ticking)  # the module reads time.monotonic()
    return ticking


def test_a_check_is_silent_at_first_then_told_every_few_seconds(
    clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = CheckProgress("en")
    clock.now += 60  # loading before the check started does not count
    shown(0, 9)
    clock.now += CheckProgress.FIRST / 2
    shown(1, 9)
    assert capsys.readouterr().err == ""
    clock.now += CheckProgress.FIRST
    shown(2, 9)
    clock.now += 1  # too soon for another line in a log
    shown(3, 9)
    clock.now += CheckProgress.EVERY
    shown(8, 9)
    shown.done()
    assert capsys.readouterr().err.splitlines() == [
        "files checked: 2 of 9…",
        "files checked: 8 of 9…",
    ]


def test_a_search_tells_its_rate_and_the_time_left(
    clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = SearchProgress("en", tries=1000, count=3)
    shown(0, 0)
    clock.now += 10
    shown(500, 1)  # 50 a second: 500 left take 10 seconds
    said = translate("finder.progress", "en", n=500, tries=1000, found=1, count=3, rate=50, left=10)
    assert capsys.readouterr().err.splitlines() == [said]
