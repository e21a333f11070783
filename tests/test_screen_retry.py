"""The full-screen tutor offers a deal again from a trick after a review that names a costly
card: ``from N`` is chosen with the arrow keys and Enter, which leaves the word in the input
line for the trick's number; the deal then comes back at that trick with the same cards and
the same play before it (Textual's Pilot)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import yaml
from textual.widgets import Input

from betel_tutor.screen.picker import Picker
from betel_tutor.tutor.replay_from import FromTrick, position
from tests.screen_driver import SMALLEST, expects, new_app, until
from tests.test_tutor_json import shipped


@pytest.fixture(autouse=True)
def deals_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Level 3 without its texts and quizzes (``$BETEL_TUTOR_LEVELS``): its first deal, the
    deal offered again here, comes at once, dealt from the same seed."""
    lesson = yaml.safe_load(shipped(3))
    lesson["steps"] = [step for step in lesson["steps"] if "play" in step]
    levels = tmp_path / "levels"
    levels.mkdir()
    text = yaml.safe_dump(lesson, allow_unicode=True, sort_keys=False)
    (levels / "level-03.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("BETEL_TUTOR_LEVELS", str(levels))


@pytest.mark.parametrize(
    ("lang", "label", "word"), [("en", "from N…", "from "), ("pl", "od N…", "od ")]
)
def test_from_n_is_chosen_on_the_full_screen(lang: str, label: str, word: str) -> None:
    async def replay() -> None:
        app = new_app(lang, level=3, seed="why-1")
        async with app.run_test(size=SMALLEST) as pilot:
            await until(pilot, app, "retry", limit=600)
            assert app.prompt is not None and app.prompt.choices is not None
            choices = app.prompt.choices
            assert choices[:2] == ("yes", "no") and choices[-1] == "from N"
            picker = app.query_one("#picker", Picker)
            assert [item.label for item in picker.items][-1] == label
            before = app.session.ctx.table
            assert before is not None and before.play is not None
            await pilot.press("home", *["right"] * (len(choices) - 1), "enter")
            await pilot.pause()
            typed = app.query_one("#typed", Input)
            assert typed.value == word and expects(app) == "retry"
            await pilot.press("3", "enter")
            await pilot.pause()
            assert expects(app) == "card"
            assert isinstance(app.session.phase, FromTrick)
            after = app.session.ctx.table
            assert after is not None and after.play is not None
            assert after.play.history[0].hands == before.play.history[0].hands
            assert after.play.played == before.play.played[: position(before, 3)]
            assert len(after.play.state.tricks) == 2 and after.play.state.to_play == 0

    asyncio.run(replay())


@pytest.mark.parametrize(("lang", "word"), [("en", "from"), ("pl", "od")])
def test_a_later_costly_card_is_chosen_on_the_full_screen(lang: str, word: str) -> None:
    """The review names several costly cards: each later one's trick is an item of its own
    ("from 7", "od 7"), and choosing it puts the learner at that trick at once."""

    async def replay() -> None:
        app = new_app(lang, level=3, seed="why-1")
        async with app.run_test(size=SMALLEST) as pilot:
            await until(pilot, app, "retry", limit=600)
            assert app.prompt is not None and app.prompt.choices is not None
            later = [c for c in app.prompt.choices if str(c).startswith("from ") and c != "from N"]
            assert later, app.prompt.choices
            trick = int(str(later[0]).split()[1])
            labels = [item.label for item in app.query_one("#picker", Picker).items]
            assert labels[2] == f"{word} {trick}"
            before = app.session.ctx.table
            assert before is not None and before.play is not None
            assert trick in before.later_costly
            await pilot.press("home", "right", "right", "enter")
            await pilot.pause()
            assert expects(app) == "card" and isinstance(app.session.phase, FromTrick)
            after = app.session.ctx.table
            assert after is not None and after.play is not None
            assert after.play.played == before.play.played[: position(before, trick)]
            assert len(after.play.state.tricks) == trick - 1 and after.play.state.to_play == 0

    asyncio.run(replay())
