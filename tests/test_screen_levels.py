"""Every phase of the tutor playable on the full screen: each of the ten levels played through
the Textual app with the Pilot, in English (odd levels) and Polish (even ones), by the scripted
learner of ``tests/learner.py`` — its cards, calls and yes/no answers chosen with the arrow keys
and Enter, everything else typed into the input line. Level 10's match is a short one."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.screen import panel
from betel_tutor.screen.app import TutorApp
from betel_tutor.screen.picker import Picker
from betel_tutor.tutor.events import Choice
from betel_tutor.tutor.events import Event as TutorEvent
from tests.learner import Learner
from tests.screen_driver import new_app, type_line
from tests.test_tutor_json import shipped

MAX_LINES = 3000
# The panel lays out every text it keeps on each refresh: a level's hundreds of texts would make
# these runs twice as slow, and how much the panel keeps is not what they test (with a few kept,
# they drop old texts as a long session does).
TEXTS_KEPT = 30
FOURTH_SEED = "fourth-2"


def capture(app: TutorApp, seen: list[dict[str, Any]]) -> None:
    """Keep every event the session gives the app, as ``learn --json`` writes it."""
    session = app.session
    start, handle = session.start, session.handle

    def started(*args: Any, **kwargs: Any) -> list[TutorEvent]:
        events = start(*args, **kwargs)
        seen.extend(event.to_json() for event in events)
        return events

    def handled(line: Choice) -> list[TutorEvent]:
        events = handle(line)
        seen.extend(event.to_json() for event in events)
        return events

    session.start = started  # type: ignore[method-assign]
    session.handle = handled  # type: ignore[method-assign]


async def choose(pilot: Any, app: TutorApp, value: str) -> bool:
    """Choose ``value`` with the arrow keys and Enter, when the picker offers it."""
    picker = app.query_one("#picker", Picker)
    values = [str(item.value) for item in picker.items if item.enabled]
    if not picker.display or value not in values:
        return False
    await pilot.press("home", *["right"] * values.index(value), "enter")
    await pilot.pause()
    return True


async def play_level(
    level: int, lang: str, *, fourth: bool = False
) -> tuple[int, Learner, set[str]]:
    learner = Learner(level)
    seen: list[dict[str, Any]] = []
    # With a fourth player the deals come from a seed whose match lasts until the learner rests.
    app = new_app(lang, level=level, fourth=fourth, seed=FOURTH_SEED if fourth else None)
    capture(app, seen)
    by_keys = 0  # the lines chosen with the arrow keys and Enter
    asked: set[str] = set()  # what the prompts expected
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(MAX_LINES):
            if learner.done or app.session.finished:
                break
            for _ in range(400):  # a loaded machine: wait until the answer's prompt has come
                if seen and seen[-1]["event"] == "prompt":
                    break
                await pilot.pause(0.05)
            events: Sequence[dict[str, Any]] = list(seen)
            line = learner.answer(events)
            seen.clear()
            prompt = events[-1]
            asked.add(prompt["expects"])
            keyed = ("card", "call", "offer", "exchange", "retry", "trump")
            if prompt["expects"] in keyed and await choose(pilot, app, line):
                by_keys += 1
                continue
            await type_line(pilot, app, line)
        await type_line(pilot, app, "quit")
    return by_keys, learner, asked


# Each level once, odd ones in English and even ones in Polish; then the levels with phases of
# their own (level 2's trumps, level 9's bid and offers, level 10's match and, with a fourth
# player, the prediction) in the other language too.
RUNS = [
    *((level, "en" if level % 2 else "pl", False) for level in range(1, 11)),
    (2, "en", False),
    (9, "pl", False),
    (10, "en", False),
    (10, "en", True),
    (10, "pl", True),
]


@pytest.mark.parametrize(("level", "lang", "fourth"), RUNS)
def test_a_level_played_on_the_full_screen(
    level: int, lang: str, fourth: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    levels = tmp_path / "levels"
    levels.mkdir()
    (levels / "level-10.yaml").write_text(
        shipped(10).replace("target: 1000", "target: 540"), encoding="utf-8"
    )
    monkeypatch.setenv("BETEL_TUTOR_LEVELS", str(levels))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(panel, "PANEL_KEEPS", TEXTS_KEPT)
    by_keys, learner, asked = asyncio.run(play_level(level, lang, fourth=fourth))
    assert learner.done, f"level {level} did not end: {learner.sent[-10:]}"
    assert learner.deals >= 1
    assert by_keys >= 10  # at least a deal's cards, chosen with the keys
    expected = {"card"} | {2: {"trump"}, 5: {"call"}, 9: {"call", "bid"}}.get(level, set())
    if fourth:
        expected |= {"prediction"}
    assert expected <= asked, asked
