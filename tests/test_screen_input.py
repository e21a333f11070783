"""Typed text and Enter in one write reach the full-screen tutor as typed (Textual's Pilot,
and the real ``betel-tutor learn`` in a pseudo-terminal): at a card, a call, a quiz, a yes/no
question and level 2's trump prompt the typed choice is taken, never the highlighted one, and
the input line is empty after every answer."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from pathlib import Path

import pexpect
import pytest
from textual.widgets import Input

from betel_tutor.cards import sort_cards
from betel_tutor.dealing import deal
from betel_tutor.scenario.quizzes import show_answer
from betel_tutor.screen.app import TutorApp
from betel_tutor.screen.picker import Picker
from betel_tutor.tutor.events import Answered, CallMade, CardPlayed
from tests.screen_driver import (
    SMALLEST,
    YES_NO,
    expects,
    levels_at_once,
    new_app,
    panel_text,
    recorded,
    type_at_once,
    until,
)
from tests.test_tutor import BETEL_TUTOR, environment


def a_call_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Level 5 opens at its deal's auction (:data:`tests.screen_driver.A_CALL`): what comes
    before the first call is not what these tests are about."""
    monkeypatch.setenv("BETEL_TUTOR_LEVELS", str(levels_at_once(tmp_path / "levels")))


def highlighted(app: TutorApp) -> str:
    """The highlighted choice, as the learner would type it."""
    chosen = app.query_one("#picker", Picker).chosen
    assert chosen is not None, "nothing highlighted: the test would not tell typed from chosen"
    return str(chosen)


def typed_line(app: TutorApp) -> str:
    return app.query_one("#typed", Input).value


def test_a_typed_card_is_played_not_the_highlighted_one() -> None:
    async def play() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=SMALLEST) as pilot:
            await until(pilot, app, "card")
            assert app.prompt is not None and app.prompt.choices
            cards = [str(card) for card in app.prompt.choices]
            other = next(card for card in cards if card != highlighted(app))
            sent, said = recorded(app)
            await type_at_once(pilot, app, other)
            assert sent == [other]
            south = [e.card for e in said if isinstance(e, CardPlayed) and str(e.seat) == "S"]
            assert [str(card) for card in south] == [other]
            assert f"South plays {other}" in panel_text(app)
            assert typed_line(app) == ""

    asyncio.run(play())


def test_a_typed_call_is_made_not_the_highlighted_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_call_at_once(tmp_path, monkeypatch)

    async def bid() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=SMALLEST) as pilot:
            await until(pilot, app, "call")
            assert highlighted(app) == "pass"
            sent, said = recorded(app)
            await type_at_once(pilot, app, "1nt")
            assert sent == ["1nt"]
            south = [e.call for e in said if isinstance(e, CallMade) and str(e.seat) == "S"]
            assert [str(call) for call in south] == ["1NT"]
            assert typed_line(app) == ""

    asyncio.run(bid())


def test_a_typed_no_answers_a_yes_no_quiz() -> None:
    """Level 5: "May the next player still declare 2♥?" — no; "yes" is highlighted first."""

    async def answer() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=SMALLEST) as pilot:
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
        async with app.run_test(size=SMALLEST) as pilot:
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
        async with app.run_test(size=SMALLEST) as pilot:
            await until(pilot, app, "trump")
            assert app.prompt is not None and app.prompt.choices
            suits = [str(suit) for suit in app.prompt.choices]
            other = next(suit for suit in suits if suit != highlighted(app))
            sent, said = recorded(app)
            await type_at_once(pilot, app, other)
            assert sent == [other]
            assert f"South names trumps: {other}." in [e.text for e in said]
            assert typed_line(app) == ""

    asyncio.run(name())


def test_typing_between_answers_never_piles_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two answers typed in one go each reach the tutor alone."""
    a_call_at_once(tmp_path, monkeypatch)

    async def play() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=SMALLEST) as pilot:
            await until(pilot, app, "call")
            sent, _ = recorded(app)
            await type_at_once(pilot, app, "kontra")  # not allowed here: refused
            await type_at_once(pilot, app, "1nt")
            assert sent == ["kontra", "1nt"]
            assert typed_line(app) == ""

    asyncio.run(play())


def test_the_arrow_keys_steer_the_choices_only_while_nothing_is_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_call_at_once(tmp_path, monkeypatch)

    async def steer() -> None:
        app = new_app("en", level=5)
        async with app.run_test(size=SMALLEST) as pilot:
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


def test_after_a_click_on_the_text_enter_goes_on_and_no_letter_is_lost() -> None:
    """A click on the lesson's text leaves the keys with the input line: Enter goes on, and
    a word typed after the next click arrives whole (it came as "'es'" for "yes")."""

    async def click() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(142, 38)) as pilot:
            await pilot.pause()
            assert expects(app) == "continue"
            sent, _ = recorded(app)
            await pilot.click("#panel", offset=(10, 3))
            await pilot.press("enter")
            assert sent == [""]
            await pilot.click("#panel", offset=(10, 3))
            await pilot.press("y", "e", "s")
            assert app.focused is app.query_one("#typed")
            assert typed_line(app) == "yes"

    asyncio.run(click())


_ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class Terminal:
    """``betel-tutor learn`` full-screen in a pseudo-terminal of 100×30, read as text."""

    def __init__(self, home: Path, level: int) -> None:
        levels = levels_at_once(home / "levels")
        env = environment(home, BETEL_TUTOR_LEVELS=str(levels), TERM="xterm-256color")
        self.child = pexpect.spawn(
            BETEL_TUTOR,
            ["learn", "--level", str(level), "--lang", "en"],
            env=env,
            encoding="utf-8",
            timeout=30,
            dimensions=(30, 100),
        )
        self.seen = ""
        self.log = ""  # everything drawn, escape sequences aside

    def shows(self, text: str, timeout: float = 30) -> bool:
        """Whether ``text`` is drawn (escape sequences aside) before ``timeout``; what was
        drawn so far is then forgotten, so the next wait sees only what follows."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(pexpect.TIMEOUT):
                self.seen += self.child.read_nonblocking(65536, timeout=0.2)
            plain = _ESCAPES.sub("", self.seen)
            if text in plain:
                self.log += plain
                self.seen = ""
                return True
        return False

    def quit(self) -> int:
        self.child.sendcontrol("q")
        self.child.expect(pexpect.EOF)
        self.child.close()
        return int(self.child.exitstatus or 0)


def test_typed_answers_in_one_write_in_a_terminal_of_100_by_30(tmp_path: Path) -> None:
    """A yes/no question, a quiz, the trump prompt and a card, each typed with its Enter in
    one write: each time the typed answer is the one taken, not the highlighted one."""
    term = Terminal(tmp_path, level=1)
    assert term.shows("may the next player declare 2♥?")
    term.child.send("no\r")  # "yes" is highlighted
    assert term.shows("Right!"), term.seen[-2000:]
    assert term.shows("Who wins?")
    term.child.send("s7\r")
    assert term.shows("Right!"), term.seen[-2000:]
    assert term.shows("Trumps (♠"), term.seen[-2000:]
    term.child.send("h\r")  # ♠ is highlighted
    assert term.shows("South names trumps: ♥."), term.seen[-2000:]
    hand = sort_cards(deal("level-02-a", dealer=0).hands[0])
    last = hand[-1]  # the first card is highlighted; any card may be led
    term.child.send(f"{last.suit.letter.lower()}{last.rank}\r")
    assert term.shows(f"South plays {last}"), term.seen[-2000:]
    # Nothing was taken for a wrong try or refused on the way.
    assert "Not quite" not in term.log and "is not" not in term.log, term.log
    assert term.quit() == 0


def test_a_typed_call_in_one_write_in_a_terminal_of_100_by_30(tmp_path: Path) -> None:
    term = Terminal(tmp_path, level=5)
    for _ in range(5):  # the level's words, then the deal: Enter until the call is asked
        if term.shows("Enter choose", timeout=5):
            break
        term.child.send("\r")
    term.child.send("1nt\r")  # "pass" is highlighted
    assert term.shows("South: 1NT"), term.seen[-2000:]
    assert term.quit() == 0
