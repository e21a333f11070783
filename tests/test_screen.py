"""The full-screen tutor driven with Textual's Pilot: what the screen shows of a deal of level
1, a call in level 5 and a quiz, in English and Polish."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pexpect
import pytest

from betel_tutor.screen.picker import Picker
from tests.screen_driver import (
    enter,
    expects,
    levels_at_once,
    new_app,
    panel_text,
    picker_labels,
    shown,
    type_line,
    until,
)
from tests.test_tutor import BETEL_TUTOR, environment


def test_a_deal_of_level_one_on_the_table() -> None:
    async def play() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, app, "card")
            status = shown(app, "#status")
            assert "Level 1" in status and "Goal:" in status and "Tricks South 0" in status
            cards = picker_labels(app)
            assert len(cards) == 10
            assert any(enabled for _, enabled in cards)
            felt = shown(app, "#felt")
            assert "West" in felt and "North" in felt
            await pilot.press("right", "enter")  # the second legal card, by the keys
            await pilot.pause()
            after = app.scene
            assert after is not None
            assert "S" in [str(seat) for seat, _ in (after.trick or after.last_trick)]
            # Play on until a card of the hand may not be played: it is refused, with its rule.
            for _ in range(60):
                if expects(app) == "card" and not all(e for _, e in picker_labels(app)):
                    break
                if expects(app) == "card":
                    await enter(pilot, app, drawn=False)  # the refused card is looked at
                else:
                    await until(pilot, app, "card")
            illegal = next(label for label, enabled in picker_labels(app) if not enabled)
            await type_line(pilot, app, illegal)
            assert expects(app) == "card"
            told = panel_text(app).rsplit(illegal, 1)[-1]
            assert "rule" in told, told

    asyncio.run(play())


def test_level_five_a_call_chosen_with_the_keys_in_polish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Level 5 opens at its deal's auction (``A_CALL``): the call is what is looked at.
    monkeypatch.setenv("BETEL_TUTOR_LEVELS", str(levels_at_once(tmp_path / "levels")))

    async def bid() -> None:
        app = new_app("pl", level=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, app, "call")
            calls = [label for label, _ in picker_labels(app)]
            assert calls[0] == "pas" and "1BA" in calls and "1NT" not in calls
            assert "Licytacja" in shown(app, "#felt")
            assert "Twoja ręka" in shown(app, "#hand")
            await enter(pilot, app)  # pas
            said = panel_text(app)
            print(said)
            assert "Południe" in said and "pas" in said.rsplit("Południe", 1)[-1]

    asyncio.run(bid())


def test_a_quiz_gets_a_second_try_on_the_screen() -> None:
    async def quiz() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, app, "answer")
            assert shown(app, "#table") == ""  # no deal: the panel has the whole width
            await type_line(pilot, app, "♣7")
            assert expects(app) == "answer"
            assert "Not quite" in panel_text(app) or "try" in panel_text(app).lower()

    asyncio.run(quiz())


def learn_in_a_terminal(home: Path, *, rows: int, columns: int) -> pexpect.spawn:
    """``betel-tutor learn --level 1`` in a pseudo-terminal of that size."""
    return pexpect.spawn(
        BETEL_TUTOR,
        ["learn", "--level", "1"],
        env=environment(home),
        encoding="utf-8",
        timeout=30,
        dimensions=(rows, columns),
    )


def test_learn_is_full_screen_in_a_terminal_of_80_by_24(tmp_path: Path) -> None:
    """The README's first command in a terminal: the table, not lines; Ctrl+Q saves."""
    child = learn_in_a_terminal(tmp_path, rows=24, columns=80)
    child.expect("\x1b\\[\\?1049h")  # the alternate screen: a full-screen application
    child.expect("LEVEL 1")
    child.expect("Enter continue")
    child.sendcontrol("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "progress.json").exists() or any(tmp_path.rglob("progress.json"))


def test_a_small_terminal_gets_lines_and_says_why(tmp_path: Path) -> None:
    child = learn_in_a_terminal(tmp_path, rows=20, columns=60)
    child.expect("at least 80×24; this one is 60×20")
    child.expect("Press Enter")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_only_learn_imports_textual() -> None:
    """``explain`` starts as fast as before: Textual is not among its imports."""
    import subprocess
    import sys

    explain = [sys.executable, "-X", "importtime", "-m", "betel_tutor.entry", "explain"]
    # A fresh interpreter: what the command's start imports is the point.
    traced = subprocess.run(
        [*explain, "trick", "♠A ♠K ♠Q"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "♠A" in traced.stdout
    imported = {line.split("|")[-1].strip() for line in traced.stderr.splitlines()}
    assert "betel_tutor.explain" in imported or any("explain" in name for name in imported)
    assert not any(name.split(".")[0] in ("textual", "textual_serve") for name in imported)


def test_a_card_played_with_the_mouse() -> None:
    async def click() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, app, "card")
            picker = app.query_one("#picker", Picker)
            line, x0, _, index = next(
                spot for spot in picker._spots if picker.items[spot[3]].enabled
            )
            label = picker.items[index].label
            assert f"South plays {label}" not in panel_text(app)
            await pilot.click("#picker", offset=(x0 + 1, line))
            await pilot.pause()
            assert f"South plays {label}" in panel_text(app)

    asyncio.run(click())
