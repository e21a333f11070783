"""The full-screen tutor works ahead while the learner reads and thinks, as the line tutor
does at a terminal (:mod:`betel_tutor.tutor.ahead`): a thread judges the learner's calls
after they are made, off the screen's own thread, and the screen still answers every line."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from betel_tutor.screen.app import TutorApp
from betel_tutor.tutor import auctionreview, call_values
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.screen_driver import SMALLEST, enter, levels_at_once, recorded, until


@pytest.fixture(autouse=True)
def a_call_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Level 5 opens at its deal's auction (:data:`tests.screen_driver.A_CALL`): the calls are
    what the thread judges ahead."""
    monkeypatch.setenv("BETEL_TUTOR_LEVELS", str(levels_at_once(tmp_path / "levels")))


@pytest.mark.parametrize("think_ahead", [True, None])
def test_the_screen_judges_calls_while_the_learner_thinks(
    monkeypatch: pytest.MonkeyPatch, think_ahead: bool | None
) -> None:
    asyncio.run(played(monkeypatch, think_ahead))


async def played(monkeypatch: pytest.MonkeyPatch, think_ahead: bool | None) -> None:
    judged_on: list[threading.Thread] = []
    judge_call = call_values.judge_call

    def counted(*args: object) -> object:
        judged_on.append(threading.current_thread())
        return judge_call(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(auctionreview, "judge_call", counted)
    app = TutorApp(Session(Progress(), "en"), level=5, think_ahead=think_ahead)
    async with app.run_test(size=SMALLEST) as pilot:
        await until(pilot, app, "call")
        await enter(pilot, app)  # the cursor's call
        # The learner thinks; the thread works (a call is judged in well under a second on
        # the idle machine; headless, three seconds show that nothing is done).
        for _ in range(400 if think_ahead else 60):
            if judged_on:
                break
            await asyncio.sleep(0.05)
        if think_ahead is None:  # under a headless test driver: nothing ahead by default
            assert judged_on == []
            return
        assert judged_on and all(t is not threading.main_thread() for t in judged_on)
        sent, shown = recorded(app)
        await pilot.press("f2")  # a line while the thread may be working: still answered
        await pilot.pause()
        assert sent == ["hint"] and shown


def test_the_work_ahead_starts_after_the_first_frame() -> None:
    asyncio.run(first_frame_then_thinking())


async def first_frame_then_thinking() -> None:
    # The thread's work would hold back the first frame (bench/startup.py): it starts once
    # the first frame is on the screen.
    frames_before_thinking: list[int] = []
    frames: list[object] = []
    app = TutorApp(Session(Progress(), "en"), level=5, think_ahead=True)
    display, think = app._display, app.think

    def drawn(screen: object, renderable: object) -> None:
        display(screen, renderable)  # type: ignore[arg-type]
        if renderable is not None:
            frames.append(renderable)

    def thinking() -> None:
        frames_before_thinking.append(len(frames))
        think()

    app._display = drawn  # type: ignore[method-assign]
    app.think = thinking  # type: ignore[method-assign]
    async with app.run_test(size=SMALLEST) as pilot:
        await until(pilot, app, "call")
    assert len(frames_before_thinking) == 1
    assert frames_before_thinking[0] >= 1
