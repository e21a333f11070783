"""The penalty-card lesson runs on the session core like every other lesson: its phases return
the events the other lessons return (a card played as a value, written ``str(card)`` in JSON,
the table as a ``Scene`` from the shared scene builder, prompts whose choices are sent back),
driven in-process."""

from __future__ import annotations

import ast
from itertools import pairwise
from pathlib import Path

import pytest

from betel_tutor.cards import Card
from betel_tutor.seats import Seat
from betel_tutor.tutor import board_play, penalty_lesson
from betel_tutor.tutor.board_play import BoardPhase, CardPhase, DesignatePhase, OptionPhase
from betel_tutor.tutor.events import (
    CardPlayed,
    Event,
    Hint,
    LessonText,
    Message,
    Prompt,
    Refused,
    TableText,
)
from betel_tutor.tutor.phase import Continue
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.scene import Scene, scene
from betel_tutor.tutor.session import Session

KINDS = (CardPlayed, Hint, LessonText, Message, Prompt, Refused, Scene, TableText)


def lesson_session(lang: str) -> Session:
    session = Session(Progress(), lang, scenes=True)
    session.open_lesson("penalty-cards")
    return session


def whole_lesson(lang: str) -> tuple[Session, list[Event]]:
    """The lesson to the menu: the last option (neither, so the penalty cards stay), else the
    first choice at every prompt, a hint asked first."""
    session = lesson_session(lang)
    events = session.start()
    every = list(events)
    for _ in range(400):
        prompt = events[-1]
        assert isinstance(prompt, Prompt)
        if prompt.expects == "menu":
            return session, every
        if prompt.expects != "continue":
            every += session.handle("hint")
        choices = prompt.choices or ("",)
        events = session.handle(choices[-1] if prompt.expects == "option" else choices[0])
        every += events
    raise AssertionError("the lesson never ended")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_lesson_returns_the_events_of_every_lesson(lang: str) -> None:
    session, events = whole_lesson(lang)
    assert all(type(event) in KINDS for event in events), {type(e) for e in events}
    assert not [e for e in events if isinstance(e, Refused)]
    played = [e for e in events if isinstance(e, CardPlayed)]
    assert len(played) >= 5 * 4  # five boards, a trick at least each
    for event in played:
        # As a level's deal tells a card: a value, canonical in JSON whatever the language.
        assert isinstance(event.card, Card) and event.to_json()["card"] == str(event.card)
        assert isinstance(event.seat, Seat) and event.seat.count == 4
        assert event.wins is None or (isinstance(event.wins, Seat) and event.wins.count == 4)
    assert sum(1 for e in played if e.wins is not None) * 4 == len(played)
    expects = {e.expects for e in events if isinstance(e, Prompt)}
    assert expects == {"continue", "option", "designate", "card", "menu"}
    hints = [e for e in events if isinstance(e, Hint)]
    assert hints and all(hint.text for hint in hints)
    # Before every prompt at the table, the scene the front ends draw.
    for before, prompt in pairwise(events):
        if isinstance(prompt, Prompt) and prompt.expects in ("option", "designate", "card"):
            assert isinstance(before, Scene) and len(before.seats) == 4
    assert session.ctx.board is None and scene(session.ctx) is None  # back at the menu


def test_the_scene_is_the_shared_builders_with_the_board_on_it() -> None:
    session = lesson_session("pl")
    events = session.start()
    between = events[-2]
    assert isinstance(between, Scene) and between.title and not between.seats
    events = session.handle("")  # the first board: East has exposed ♠K ♠Q
    table = events[-2]
    assert isinstance(table, Scene) and table == scene(session.ctx)
    south, west, north, east = (Seat.parse(letter, 4) for letter in "SWNE")
    assert table.seats == (south, west, north, east) and table.learner == table.declarer == south
    # Values, as every scene: the screen writes them ♠K ♠D in Polish.
    assert table.penalty == {east: (Card.parse("♠K"), Card.parse("♠Q"))}
    assert table.step == 1 and table.steps == 5 and table.open
    assert table.to_move == west and table.playing is None  # West is to lead: an option
    assert sum(len(hand) for hand in table.hands.values()) == 52
    events = session.handle("nakaz:♠")
    table = events[-2]
    assert isinstance(table, Scene)
    assert table.trick == ((west, Card.parse("♠6")),) and table.playing == north  # the dummy's
    assert east not in table.penalty  # the spades were picked up (Law 50D2a)
    prompt = events[-1]
    assert isinstance(prompt, Prompt) and prompt.expects == "card"


def test_each_choice_of_the_declarer_is_a_phase_of_its_own() -> None:
    session = lesson_session("en")
    session.start()
    assert isinstance(session.phase, Continue)
    session.handle("")
    assert isinstance(session.phase, OptionPhase) and session.phase.at_table
    assert session.expects == "option"
    session.handle("forbid:♦")  # refused: the phase stays
    assert isinstance(session.phase, OptionPhase)
    prompt = session.handle("require:♠")[-1]
    assert isinstance(session.phase, CardPhase) and session.expects == "card"
    assert isinstance(session.phase.back, BoardPhase)
    for _ in range(400):  # neither at each option: the penalty cards stay
        if isinstance(session.phase, DesignatePhase):
            break
        assert isinstance(prompt, Prompt) and prompt.expects != "menu"
        choices = prompt.choices or ("",)
        prompt = session.handle(choices[-1] if prompt.expects == "option" else choices[0])[-1]
    assert session.expects == "designate"
    said = session.handle("replay")  # a board at the table: not now
    assert [e.reason for e in said if isinstance(e, Refused)] == ["not_now"]
    said = session.handle("♥9")  # not one of the penalty cards
    refused = [e for e in said if isinstance(e, Refused)]
    assert [e.reason for e in refused] == ["designate_not_legal"]
    assert "(Law 51A)" in refused[0].text


def test_hint_where_the_lesson_has_none_is_refused_as_elsewhere() -> None:
    session = lesson_session("en")
    session.start()
    said = session.handle("hint")  # at the lesson's first Enter
    refused = [e for e in said if isinstance(e, Refused)]
    assert [e.reason for e in refused] == ["not_now"]


def test_the_lesson_imports_neither_the_menu_nor_the_session() -> None:
    """A phase never imports the session, nor a phase that comes after it (tutor/phase.py)."""
    for module in (penalty_lesson, board_play):
        tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        assert not imported & {"betel_tutor.tutor.menu", "betel_tutor.tutor.session"}
