"""The full-screen tutor offers a deal again from a trick after a review that names a costly
card: ``from N`` is chosen with the arrow keys and Enter, which leaves the word in the input
line for the trick's number; the deal then comes back at that trick with the same cards and
the same play before it (Textual's Pilot)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Input

from betel_tutor.screen.picker import Picker
from betel_tutor.tutor.replay_from import FromTrick, position
from tests.screen_driver import expects, new_app, until


@pytest.mark.parametrize(
    ("lang", "label", "word"), [("en", "from N…", "from "), ("pl", "od N…", "od ")]
)
def test_from_n_is_chosen_on_the_full_screen(lang: str, label: str, word: str) -> None:
    async def replay() -> None:
        app = new_app(lang, level=3, seed="why-1")
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "retry", limit=600)
            assert app.prompt is not None and app.prompt.choices == ("yes", "no", "from N")
            picker = app.query_one("#picker", Picker)
            assert [item.label for item in picker.items][-1] == label
            before = app.session.ctx.table
            assert before is not None and before.play is not None
            await pilot.press("home", "right", "right", "enter")
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
