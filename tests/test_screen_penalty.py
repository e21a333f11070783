"""The penalty-card lesson (bridge, Law 50, 51) on the full screen, driven with Textual's Pilot:
four hands, the dummy open, the penalty cards face up and marked; the learner chooses the
declarer's option and plays declarer's and dummy's cards by the keys."""

from __future__ import annotations

import asyncio

import pytest

from betel_tutor.screen.app import TutorApp
from betel_tutor.screen.picker import Picker
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.screen_driver import enter, expects, panel_text, picker_labels, shown, type_line, until


def lesson_app(lang: str) -> TutorApp:
    session = Session(Progress(), lang)
    session.open_lesson("penalty-cards")
    return TutorApp(session, level=None)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("North", "East", "West", "Penalty cards", "♠K ♠Q", "Law 51B1a", "Law 44")),
        (
            "pl",
            (
                "Północ",
                "Wschód",
                "Zachód",
                "Karty przygwożdżone",
                "♠K ♠D",
                "Prawo 51B1a",
                "Prawo 44",
            ),
        ),
    ],
)
def test_the_lesson_on_the_full_screen(lang: str, words: tuple[str, ...]) -> None:
    north, east, west, penalty, cards, law, follow = words

    async def play() -> None:
        app = lesson_app(lang)
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, app, "option")
            felt = shown(app, "#felt")
            for text in (north, east, west, penalty, cards):
                assert text in felt, felt
            options = [label for label, _ in picker_labels(app)]
            expected = ["require:♠", "forbid:♠", "none"]
            assert options == (expected if lang == "en" else ["nakaz:♠", "zakaz:♠", "nic"])
            await enter(pilot, app)  # require:♠, the cursor's choice
            assert law in panel_text(app)
            assert expects(app) == "card"
            assert app.scene is not None and str(app.scene.playing) == "N"  # the dummy's cards
            dummy = "The dummy's cards" if lang == "en" else "Karty dziadka"
            assert app.query_one("#picker", Picker).border_title == dummy
            # The hands are drawn on the table, not repeated in the side panel.
            assert "♠A54" not in panel_text(app)
            labels = picker_labels(app)
            assert len(labels) == 13 and [label for label, ok in labels if ok] == [
                "♠A",
                "♠5",
                "♠4",
            ]
            await type_line(pilot, app, "♥3")  # must follow to the spade
            assert follow in panel_text(app)
            assert expects(app) == "card"
            await enter(pilot, app)  # the cursor's (legal) card
            assert app.scene is not None and str(app.scene.playing) == "S"
            assert penalty not in shown(app, "#felt")  # the spades were picked up
            await enter(pilot, app)
            for _ in range(400):  # the rest of the lesson by the keys, to the menu
                if expects(app) == "menu":
                    break
                picker = app.query_one("#picker", Picker)
                if picker.choosable:
                    await enter(pilot, app)  # the cursor's card or choice
                else:
                    await type_line(pilot, app, "")
            assert expects(app) == "menu"

    asyncio.run(play())
