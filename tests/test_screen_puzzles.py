"""``learn --puzzles`` on the full screen, driven with Textual's Pilot: the puzzle told in the
panel, a wrong card answered with the play that punishes it and the solution, a retry offered,
and the rating kept with the progress."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from betel_tutor.puzzles.corpus import shipped_corpus
from betel_tutor.puzzles.store import read_puzzles
from betel_tutor.screen.app import TutorApp
from betel_tutor.tutor.events import Prompt, Refused
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.screen_driver import (
    expects,
    new_app,
    panel_text,
    recorded,
    shown,
    type_line,
    until,
)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Puzzle", "find the card that alone", "lets the goal go", "The solution")),
        ("pl", ("Zadanie", "znajdź kartę, która jako jedyna", "oddaje cel", "Rozwiązanie")),
    ],
)
def test_a_puzzle_on_the_full_screen(lang: str, words: tuple[str, ...], tmp_path: Path) -> None:
    begins, goal, wrong, solution = words
    kept: list[Progress] = []

    def keep(progress: Progress) -> bool:
        kept.append(progress)
        return True

    async def play() -> None:
        session = Session(Progress(), lang, on_progress=keep)
        session.open_puzzles()
        app = TutorApp(session, level=None)
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, app, "card")
            text = panel_text(app)
            assert begins in text and goal in text, text
            puzzle_id = text.split(begins + " ", 1)[1].split(" ", 1)[0]
            puzzle = next(read_puzzles(shipped_corpus(), ids=[puzzle_id]))
            legal = sorted(puzzle.state().legal_moves())
            other = next(card for card in legal if card not in puzzle.solution)
            await type_line(pilot, app, other.format(lang=lang))
            text = panel_text(app)
            assert wrong in text and solution in text, text
            assert expects(app) == "retry"
            app.save_screenshot(str(tmp_path / f"puzzle-{lang}.svg"))

    asyncio.run(play())
    assert kept and len(kept[-1].puzzles) == 1 and not kept[-1].puzzles[0].solved


KEYS = {
    "en": ("←→ Enter play · F1 help · ^Q quit", "F2 hint", "solved without help"),
    "pl": ("←→ Enter zagraj · F1 pomoc · ^Q koniec", "F2 podpowiedź", "rozwiązuje się bez pomocy"),
}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_puzzles_key_line_offers_no_hint_and_f2_says_why(lang: str) -> None:
    unaided, _, why = KEYS[lang]

    async def play() -> None:
        session = Session(Progress(), lang)
        session.open_puzzles()
        app = TutorApp(session, level=None)
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, app, "card")
            assert shown(app, "#keys").strip() == unaided
            before = app.prompt
            sent, said = recorded(app)
            await pilot.press("f2")  # through the app's bindings, as a terminal sends it
            await pilot.pause()
            assert sent == [{"en": "hint", "pl": "podpowiedź"}[lang]]
            assert [type(event) for event in said] == [Refused, Prompt], said
            assert why in panel_text(app)
            assert app.prompt == before and shown(app, "#keys").strip() == unaided

    asyncio.run(play())


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_deals_key_line_still_offers_the_hint(lang: str) -> None:
    async def play() -> None:
        app = new_app(lang, level=1)
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, app, "card")
            assert KEYS[lang][1] in shown(app, "#keys")

    asyncio.run(play())
