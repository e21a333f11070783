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
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.screen_driver import expects, panel_text, type_line, until


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
