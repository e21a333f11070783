"""The full-screen tutor (and ``learn --web``, which serves the same app) asks each question
once: in the lesson panel, with the input line asking only for the answer."""

from __future__ import annotations

import asyncio

import pytest

from tests.screen_driver import new_app, panel_text, shown, until

QUESTIONS = {
    "en": "Who wins the trick?",
    "pl": "Kto bierze lewę?",
}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_question_is_printed_once(lang: str) -> None:
    async def run() -> tuple[str, str]:
        app = new_app(lang, level=1)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "answer")
            await pilot.pause()
            return panel_text(app), shown(app, "#ask")

    panel, ask = asyncio.run(run())
    question = QUESTIONS[lang]
    assert (panel + ask).count(question) == 1, (panel, ask)
    assert question in panel and question not in ask
