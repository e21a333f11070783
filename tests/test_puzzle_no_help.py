"""A puzzle is solved without help: its card prompt offers only the commands that work there
(rules, help, quit) and says so to the front ends (``unaided``); hint, undo and open are
refused with why, in the learner's language, and the puzzle waits for its card as before.
A deal's card prompt still offers the hint, and gives it. Through the session core."""

from __future__ import annotations

import re

import pytest

from betel_tutor.scenario.model import PlayStep
from betel_tutor.tutor.commands import parse_command
from betel_tutor.tutor.events import Bye, Event, Hint, Message, Prompt, Refused
from betel_tutor.tutor.progress import LevelProgress, Progress
from betel_tutor.tutor.session import Session, prompt_of
from tests.learner import shipped_lesson

PROMPT = {
    "en": "Your card (or rules, help, quit): ",
    "pl": "Twoja karta (albo zasady, pomoc, koniec): ",
}
WHY = {
    "en": (
        " cannot be used here: a puzzle is solved without help, so it has no hint and no undo, "
        "and all hands are open already. Play the card you think best: a wrong card is "
        "answered with the play that punishes it, then the solution."
    ),
    "pl": (
        " nie działa w tym miejscu: zadanie rozwiązuje się bez pomocy, więc nie ma podpowiedzi "
        "ani cofania, a wszystkie ręce są już odkryte. Zagraj kartę, którą uważasz za "
        "najlepszą: na złą kartę odpowiada rozgrywka, która ją karze, a potem rozwiązanie."
    ),
}


def at_puzzle(lang: str) -> tuple[Session, Prompt]:
    session = Session(Progress(), lang)
    session.open_puzzles()
    prompt = prompt_of(session.start())
    assert prompt is not None
    return session, prompt


def the_prompt(events: list[Event]) -> Prompt:
    prompt = prompt_of(events)
    assert prompt is not None, events
    return prompt


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_puzzles_card_prompt_names_only_what_a_puzzle_accepts(lang: str) -> None:
    session, prompt = at_puzzle(lang)
    assert prompt.text == PROMPT[lang]
    assert prompt.expects == "card" and prompt.choices and prompt.unaided
    assert prompt.to_json()["unaided"] is True
    named = re.search(r"\((?:or|albo) (.*)\)", prompt.text)
    assert named is not None
    words = named.group(1).split(", ")
    assert len(words) == 3
    for word in words:  # each word named is a command that works here, not refused
        typed = parse_command(word)
        assert typed is not None, word
        session, _ = at_puzzle(lang)
        events = session.handle(word)
        assert not [e for e in events if isinstance(e, Refused)], (word, events)
        assert any(isinstance(e, Message | Bye) for e in events), (word, events)


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("typed", ["hint", "undo", "open", "podpowiedź", "Cofnij", "odkryj"])
def test_help_at_a_puzzle_is_refused_saying_why(lang: str, typed: str) -> None:
    session, before = at_puzzle(lang)
    events = session.handle(typed)
    refused = [e for e in events if isinstance(e, Refused)]
    assert len(refused) == 1 and len(events) == 2, events
    assert refused[0].text == typed + WHY[lang]  # the word as typed, in either language
    assert refused[0].input == typed and refused[0].reason == "not_now"
    assert not [e for e in events if isinstance(e, Hint)]
    assert the_prompt(events) == before  # the same card still to find, nothing played


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_other_commands_at_a_puzzle_keep_their_own_refusal(lang: str) -> None:
    session, _ = at_puzzle(lang)
    (refused,) = [e for e in session.handle("trade") if isinstance(e, Refused)]
    assert (
        refused.text
        == {"en": "trade cannot be used here.", "pl": "trade nie działa w tym miejscu."}[lang]
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_deals_card_prompt_still_offers_the_hint_and_gives_it(lang: str) -> None:
    first = next(i for i, step in enumerate(shipped_lesson(1).steps) if isinstance(step, PlayStep))
    session = Session(Progress().with_level(1, LevelProgress(next_step=first)), lang)
    events = session.start(1)
    for _ in range(4):  # Enter past the deal's opening lines to its first card
        if session.expects == "card":
            break
        events = session.handle("")
    prompt = the_prompt(events)
    assert prompt.expects == "card" and not prompt.unaided
    assert prompt.to_json()["unaided"] is False
    assert {"en": "hint", "pl": "podpowiedź"}[lang] in prompt.text
    events = session.handle("hint")
    assert [e for e in events if isinstance(e, Hint)], events


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_help_at_a_puzzle_names_what_it_accepts_and_why_no_hint(lang: str) -> None:
    session, before = at_puzzle(lang)
    help_words = {"en": "help", "pl": "pomoc"}[lang]
    (said,) = [e for e in session.handle(help_words) if isinstance(e, Message)]
    for word in {"en": ("rules", "help", "quit"), "pl": ("zasady", "pomoc", "koniec")}[lang]:
        assert word in said.text, (word, said.text)
    # The puzzle's help names no command the puzzle refuses, as the deal's help does.
    hint, undo = {"en": ("hint (", "undo ("), "pl": ("podpowiedź (", "cofnij (")}[lang]
    assert hint not in said.text and undo not in said.text, said.text
    assert {"en": "without help", "pl": "bez pomocy"}[lang] in said.text
    menu = Session(Progress(), lang)
    general = " ".join(e.text for e in menu.handle(help_words) if isinstance(e, Message))
    assert hint in general and undo in general
    assert the_prompt(session.handle(help_words)) == before
