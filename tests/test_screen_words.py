"""The full-screen tutor (and ``learn --web``, which serves the same app) asks each question
once: in the lesson panel, with the input line asking only for the answer."""

from __future__ import annotations

import asyncio

import pytest

from betel_tutor.tutor.events import Refused
from tests.screen_driver import new_app, panel_text, recorded, shown, until

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


@pytest.mark.parametrize(("lang", "word"), [("en", "hint"), ("pl", "podpowiedź")])
def test_f2_at_the_trump_prompt_speaks_the_learners_language(lang: str, word: str) -> None:
    """F2 sends the hint command as the learner's language writes it: where there is no hint
    (level 2's trump prompt) the tutor repeats the word, which is never English in Polish."""

    async def run() -> list[str]:
        app = new_app(lang, level=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "trump")
            sent, said = recorded(app)
            await pilot.press("f2")
            await pilot.pause()
            assert sent == [word]
            return [event.text for event in said if isinstance(event, Refused)]

    refused = asyncio.run(run())
    assert len(refused) == 1 and refused[0].startswith(word), refused
