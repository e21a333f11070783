"""A prompt says whether a hint is given there (``Prompt.hint``), and the full screen offers
its hint key (F2) only where one is: at a deal's card, a call and a quiz's answer, not at the
menu, naming trumps or a puzzle, where ``hint`` is refused. Through the session core, and the
menu's key line with Textual's Pilot, in English and Polish."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from betel_tutor.scenario.model import QuizStep
from betel_tutor.screen.app import TutorApp
from betel_tutor.tutor.events import Event, Hint, Message, Prompt, Refused
from betel_tutor.tutor.progress import LevelProgress, Progress
from betel_tutor.tutor.session import Session, prompt_of
from tests.learner import shipped_lesson
from tests.screen_driver import shown
from tests.test_prompt_refusals import at_first
from tests.test_puzzle_no_help import at_puzzle

HINT = {"en": "hint", "pl": "podpowiedź"}


def at_quiz(lang: str) -> Session:
    """A session at the first quiz question of level 1."""
    steps = shipped_lesson(1).steps
    first = next(i for i, step in enumerate(steps) if isinstance(step, QuizStep))
    session = Session(Progress().with_level(1, LevelProgress(next_step=first)), lang)
    session.start(1)
    assert session.expects == "answer"
    return session


def at_menu(lang: str) -> Session:
    session = Session(Progress(), lang)
    session.start()
    assert session.expects == "menu"
    return session


def at_a_puzzle(lang: str) -> Session:
    return at_puzzle(lang)[0]


def at_card(lang: str) -> Session:
    return at_first("card", 1, lang)


def at_call(lang: str) -> Session:
    return at_first("call", 5, lang)


def at_trump(lang: str) -> Session:
    return at_first("trump", 2, lang)


PROMPTS: dict[str, tuple[Callable[[str], Session], bool]] = {
    # how the session is brought to a prompt, and whether a hint is given there
    "card": (at_card, True),
    "call": (at_call, True),
    "answer": (at_quiz, True),
    "trump": (at_trump, False),
    "menu": (at_menu, False),
    "puzzle": (at_a_puzzle, False),
}


def last_prompt(events: list[Event]) -> Prompt:
    prompt = prompt_of(events)
    assert prompt is not None, events
    return prompt


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("where", PROMPTS)
def test_a_prompt_says_whether_a_hint_is_given_and_is_right(where: str, lang: str) -> None:
    reach, gives = PROMPTS[where]
    session = reach(lang)
    asked = session.handle("")  # the prompt as it stands (a blank line is refused, not taken)
    prompt = last_prompt(asked)
    assert prompt.hint is gives and prompt.to_json()["hint"] is gives
    events = session.handle(HINT[lang])
    if gives:  # a hint (a quiz's is the rule to apply, said as a message)
        assert not [e for e in events if isinstance(e, Refused)], events
        assert [e for e in events if isinstance(e, Hint | Message)], events
    else:
        assert [e for e in events if isinstance(e, Refused)], events
        assert not [e for e in events if isinstance(e, Hint)], events


KEYS = {
    "en": ("←→ Enter choose · or type · F1 help · ^Q quit", "F2 hint"),
    "pl": ("←→ Enter wybierz · lub wpisz · F1 pomoc · ^Q koniec", "F2 podpowiedź"),
}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_menus_key_line_offers_no_hint(lang: str) -> None:
    async def play() -> None:
        app = TutorApp(Session(Progress(), lang), level=None)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert app.prompt is not None and app.prompt.expects == "menu"
            keys = shown(app, "#keys").strip()
            assert KEYS[lang][1] not in keys
            if app.prompt.choices:  # the levels offered with the arrow keys
                assert keys == KEYS[lang][0]

    asyncio.run(play())
