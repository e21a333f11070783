"""Every phase of the tutor playable on the full screen: each of the ten levels played through
the Textual app with the Pilot, in English (odd levels) and Polish (even ones), by the scripted
learner of ``tests/learner.py`` — its cards, calls and yes/no answers chosen with the arrow keys
and Enter, everything else typed into the input line. Level 10's match is a short one."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from betel_tutor.screen import panel
from tests.learner import Learner
from tests.screen_driver import Played, new_app, play_through
from tests.test_tutor_json import shipped

MAX_LINES = 3000
# The panel lays out every text it keeps on each refresh: a level's hundreds of texts would make
# these runs twice as slow, and how much the panel keeps is not what they test (with a few kept,
# they drop old texts as a long session does).
TEXTS_KEPT = 30
FOURTH_SEED = "fourth-2"


async def play_level(level: int, lang: str, *, fourth: bool = False) -> tuple[Played, Learner]:
    learner = Learner(level)
    # With a fourth player the deals come from a seed whose match lasts until the learner rests.
    app = new_app(lang, level=level, fourth=fourth, seed=FOURTH_SEED if fourth else None)
    keyed = ("card", "call", "offer", "exchange", "retry", "trump")
    return await play_through(app, learner, keyed, max_lines=MAX_LINES), learner


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
    played, learner = asyncio.run(play_level(level, lang, fourth=fourth))
    assert learner.done, f"level {level} did not end: {learner.sent[-10:]}"
    assert learner.deals >= 1
    assert played.by_keys >= 10  # at least a deal's cards, chosen with the keys
    expected = {"card"} | {2: {"trump"}, 5: {"call"}, 9: {"call", "bid"}}.get(level, set())
    if fourth:
        expected |= {"prediction"}
    assert expected <= played.asked, played.asked
