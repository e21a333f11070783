"""Typed text and Enter in one write reach the full-screen tutor as typed (Textual's Pilot):
at a card, a call, a quiz, a yes/no question and level 2's trump prompt the typed choice is
taken, never the highlighted one, and the input line is empty after every answer."""

from __future__ import annotations

import asyncio

from textual.widgets import Input

from betel_tutor.scenario.quizzes import show_answer
from betel_tutor.screen.app import TutorApp
from betel_tutor.screen.picker import Picker
from betel_tutor.tutor.events import Answered, CallMade, CardPlayed, Event
from tests.screen_driver import YES_NO, new_app, panel_text, type_at_once, until


def recorded(app: TutorApp) -> tuple[list[str], list[Event]]:
    """The lines the screen sends the session, in order, and what the session answered."""
    lines: list[str] = []
    said: list[Event] = []
    handle = app.session.handle

    def record(line: str) -> list[Event]:
        lines.append(line)
        answer = handle(line)
        said.extend(answer)
        return answer

    app.session.handle = record  # type: ignore[method-assign]
    return lines, said


def highlighted(app: TutorApp) -> str:
    chosen = app.query_one("#picker", Picker).chosen
    assert chosen is not None, "nothing highlighted: the test would not tell typed from chosen"
    return chosen


def typed_line(app: TutorApp) -> str:
    return app.query_one("#typed", Input).value


def test_a_typed_card_is_played_not_the_highlighted_one() -> None:
    async def play() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "card")
            assert app.prompt is not None and app.prompt.choices
            other = next(card for card in app.prompt.choices if card != highlighted(app))
            sent, said = recorded(app)
            await type_at_once(pilot, app, other)
            assert sent == [other]
            assert [e.card for e in said if isinstance(e, CardPlayed) and e.seat == "S"] == [other]
            assert f"South plays {other}" in panel_text(app)
            assert typed_line(app) == ""

    asyncio.run(play())


def test_a_typed_call_is_made_not_the_highlighted_pass() -> None:
    async def bid() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "call")
            assert highlighted(app) == "pass"
            sent, said = recorded(app)
            await type_at_once(pilot, app, "1nt")
            assert sent == ["1nt"]
            assert [e.call for e in said if isinstance(e, CallMade) and e.seat == "S"] == ["1NT"]
            assert typed_line(app) == ""

    asyncio.run(bid())


def test_a_typed_no_answers_a_yes_no_quiz() -> None:
    """Level 5: "May the next player still declare 2♥?" — no; "yes" is highlighted first."""

    async def answer() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "answer")
            quiz = app.session.phase.step.quiz  # type: ignore[attr-defined]
            while YES_NO.get(show_answer(quiz.answer)) != "no":
                await pilot.press("enter")  # a wrong answer to any other: shown, go on
                await until(pilot, app, "answer")
                quiz = app.session.phase.step.quiz  # type: ignore[attr-defined]
            assert highlighted(app) == "yes"
            sent, said = recorded(app)
            await type_at_once(pilot, app, "no")
            assert sent == ["no"]
            assert [e.right for e in said if isinstance(e, Answered)] == [True]
            assert typed_line(app) == ""

    asyncio.run(answer())


def test_a_typed_answer_to_a_quiz_is_judged_as_typed() -> None:
    async def answer() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "answer")
            quiz = app.session.phase.step.quiz  # type: ignore[attr-defined]
            right = show_answer(quiz.answer)
            sent, said = recorded(app)
            await type_at_once(pilot, app, right)
            assert sent == [right]
            assert [e.right for e in said if isinstance(e, Answered)] == [True]
            assert typed_line(app) == ""

    asyncio.run(answer())


def test_a_typed_suit_is_named_trumps_at_level_two() -> None:
    async def name() -> None:
        app = new_app("en", level=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "trump")
            assert app.prompt is not None and app.prompt.choices
            other = next(suit for suit in app.prompt.choices if suit != highlighted(app))
            sent, said = recorded(app)
            await type_at_once(pilot, app, other)
            assert sent == [other]
            assert f"South names trumps: {other}." in [e.text for e in said]
            assert typed_line(app) == ""

    asyncio.run(name())


def test_typing_between_answers_never_piles_up() -> None:
    """Two answers typed in one go each reach the tutor alone."""

    async def play() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "call")
            sent, _ = recorded(app)
            await type_at_once(pilot, app, "kontra")  # not allowed here: refused
            await type_at_once(pilot, app, "1nt")
            assert sent == ["kontra", "1nt"]
            assert typed_line(app) == ""

    asyncio.run(play())


def test_the_arrow_keys_steer_the_choices_only_while_nothing_is_typed() -> None:
    async def steer() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, app, "call")
            first = highlighted(app)
            await pilot.press("right")
            second = highlighted(app)
            assert second != first
            await pilot.press("1", "n", "t", "left", "left", "right")
            assert highlighted(app) == second  # the arrows moved the text cursor instead
            assert app.query_one("#typed", Input).cursor_position == 2
            await pilot.click("#panel")  # a click elsewhere: the keys still go to the line
            assert app.focused is app.query_one("#typed")
            sent, _ = recorded(app)
            await pilot.press("enter")
            assert sent == ["1nt"]

    asyncio.run(steer())
