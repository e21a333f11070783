"""Every phase of the tutor playable on the full screen: each of the ten levels played through
the Textual app with the Pilot, in English (odd levels) and Polish (even ones), by the scripted
learner of ``tests/learner.py`` — its cards, calls and yes/no answers chosen with the arrow keys
and Enter, everything else typed into the input line.

Each level is played in a short form (a teacher's levels folder, ``$BETEL_TUTOR_LEVELS``): every
kind of step it has, once — its first text, one quiz of each kind, the watched deal, the match
(to a lower target) — and two of its deals, one open and one closed, dealt by different players
(South deals one: South names trumps or declares there), at least one of them offered again to
this learner, and the first optional deal (level 3's further round, offered and declined). The
whole levels played by the same learner ask for nothing more: the same kinds of prompt, events
and phases; only more of them, which the screen shows the same way."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import yaml

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
# The deals kept of each level (and level 9's watched one), as the module's docstring says.
KEPT_DEALS = {
    1: ("d1", "d5"),
    2: ("d1", "d5"),
    3: ("d1", "d5", "b2s"),
    4: ("d2", "d4"),
    5: ("d1", "d5"),
    6: ("d1", "d5"),
    7: ("d1", "d5"),
    8: ("d2", "d4"),
    9: ("open", "d1", "example"),
    10: ("d1", "d2"),
}
MATCH_TARGET = 540


def step_kind(step: dict[str, Any]) -> tuple[object, ...]:
    """What kind of step ``step`` is: a text, a quiz of its kind, a deal open or closed,
    optional or not, a watched deal, the match."""
    (name, body), *_ = step.items()
    if name == "quiz":
        return (name, body["kind"])
    if name == "play":
        return (name, bool(body.get("open")), bool(body.get("optional")))
    return (name,)


def short_level(level: int) -> str:
    """Level ``level`` with each kind of step once and only the deals of ``KEPT_DEALS``."""
    lesson = yaml.safe_load(shipped(level))
    kept: list[dict[str, Any]] = []
    kinds: set[tuple[object, ...]] = set()
    for step in lesson["steps"]:
        (name, body), *_ = step.items()
        if name in ("play", "watch"):
            keep = body["deal"] in KEPT_DEALS[level]
        else:
            keep = step_kind(step) not in kinds
        if keep:
            kept.append(step)
            kinds.add(step_kind(step))
        if name == "match":
            body["target"] = MATCH_TARGET
    assert kinds == {step_kind(step) for step in lesson["steps"]}, "a kind of step left out"
    lesson["steps"] = kept
    lesson["deals"] = [deal for deal in lesson["deals"] if deal["id"] in KEPT_DEALS[level]]
    return str(yaml.safe_dump(lesson, allow_unicode=True, sort_keys=False))


async def play_level(level: int, lang: str, *, fourth: bool = False) -> tuple[Played, Learner]:
    learner = Learner(level)
    # With a fourth player the deals come from a seed whose match lasts until the learner rests.
    app = new_app(lang, level=level, fourth=fourth, seed=FOURTH_SEED if fourth else None)
    keyed = ("card", "call", "offer", "exchange", "retry", "trump")
    return await play_through(app, learner, keyed, max_lines=MAX_LINES), learner


# Each level once, odd ones in English and even ones in Polish; then the levels with phases of
# their own (level 2's trumps, level 9's bid and offers, level 10's match and, with a fourth
# player, the prediction) in the other language too. Level 10's match in English is played with
# a fourth player: it asks for everything the match without one asks, and the prediction.
RUNS = [
    *((level, "en" if level % 2 else "pl", False) for level in range(1, 11)),
    (2, "en", False),
    (9, "pl", False),
    (10, "en", True),
    (10, "pl", True),
]


ASKED_TOO = {
    2: {"trump"},
    3: {"round"},
    **{level: {"call"} for level in (5, 6, 7, 8)},
    **{level: {"call", "bid", "offer"} for level in (9, 10)},
}


@pytest.mark.parametrize(("level", "lang", "fourth"), RUNS)
def test_a_level_played_on_the_full_screen(
    level: int, lang: str, fourth: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    levels = tmp_path / "levels"
    levels.mkdir()
    (levels / f"level-{level:02d}.yaml").write_text(short_level(level), encoding="utf-8")
    monkeypatch.setenv("BETEL_TUTOR_LEVELS", str(levels))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(panel, "PANEL_KEEPS", TEXTS_KEPT)
    played, learner = asyncio.run(play_level(level, lang, fourth=fourth))
    assert learner.done, f"level {level} did not end: {learner.sent[-10:]}"
    assert learner.deals >= 2
    assert played.by_keys >= 10  # at least a deal's cards, chosen with the keys
    # What every level asks, and what its own phases add (the whole level asks no more).
    expected = {"continue", "answer", "card", "retry", "menu"} | ASKED_TOO.get(level, set())
    if fourth:
        expected |= {"prediction"}
    assert expected <= played.asked, played.asked
