"""Driving the full-screen tutor with Textual's Pilot, as a learner at the keyboard would: Enter
to go on, typed answers to quizzes (the checker's own answers), arrow keys and Enter for cards
and calls."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.geometry import Region
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input

from betel_tutor.scenario.quizzes import show_answer
from betel_tutor.screen.app import TutorApp
from betel_tutor.screen.picker import Picker
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.events import Choice, Event
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.learner import Learner

YES_NO = {"true": "yes", "false": "no"}

# Handling a key is a short chain of messages (the app, the input line, the picker): a few turns
# of the event loop, never a wait on the clock.
TURNS_WITHIN = 20_000  # turns of the event loop, each a few microseconds when nothing is due
# The smallest terminal the full-screen tutor takes (a smaller one gets the line tutor): where a
# test does not look at the layout, the quickest to draw.
SMALLEST = (80, 24)
_CHARACTERS = {"enter": "\r", "home": None, "end": None, "left": None, "right": None}


# A teacher's levels (``$BETEL_TUTOR_LEVELS``) that reach each kind of prompt at once: level 1
# asks a yes/no question and a trick's winner, then South names trumps and leads; level 5 starts
# with South's call.
QUIZZES_AND_TRUMPS = """\
kind: lesson
id: level-01
level: 1
title: {en: "Level 1: typed answers", pl: "Poziom 1: wpisane odpowiedzi"}
options: {auction: false, contract: pass, dealer_names_trump: true, kontra: false, exchange: false}
deals:
  - {id: d1, dealer: S, seed: level-02-a}
steps:
  - quiz:
      kind: call-legal
      question:
        en: "After 1♠ pass pass, may the next player declare 2♥?"
        pl: "Po 1♠ pas pas: czy następny gracz może zadeklarować 2♥?"
      auction: 1♠ pass pass
      call: 2♥
      options: {kontra: false, betelki: false, exchange: false}
      answer: false
  - quiz:
      kind: trick-winner
      question: {en: "Spades are trumps. ♥{A}, ♠{7}, ♥{K}. Who wins?", pl: "Atu piki. Kto bierze?"}
      trick: ♥A ♠7 ♥K
      trump: ♠
      answer: ♠7
  - play: {deal: d1, seat: S, goal: {tricks_at_least: 1}, open: true}
"""
A_CALL = """\
kind: lesson
id: level-05
level: 5
title: {en: "Level 5: a typed call", pl: "Poziom 5: wpisana odzywka"}
options: {auction: true, normal: true, betelki: false, exchange: false, kontra: false}
deals:
  - {id: d1, dealer: S, seed: level-05-a}
steps:
  - play: {deal: d1, seat: S, goal: {best: true}, open: true}
"""


def levels_at_once(folder: Path) -> Path:
    """Write the levels of :data:`QUIZZES_AND_TRUMPS` and :data:`A_CALL` into ``folder`` (for
    ``$BETEL_TUTOR_LEVELS``) and return it."""
    folder.mkdir(exist_ok=True)
    (folder / "level-01.yaml").write_text(QUIZZES_AND_TRUMPS, encoding="utf-8")
    (folder / "level-05.yaml").write_text(A_CALL, encoding="utf-8")
    return folder


def new_app(lang: str = "en", level: int = 1, **settings: object) -> TutorApp:
    session = Session(Progress(), lang, settings=Settings(**settings))  # type: ignore[arg-type]
    return TutorApp(session, level=level)


def expects(app: TutorApp) -> str:
    return app.prompt.expects if app.prompt is not None else ""


async def type_line(pilot: Pilot[int], app: TutorApp, text: str, *, drawn: bool = True) -> None:
    """Type ``text`` into the input line and press Enter (:func:`enter`)."""
    typed = app.query_one("#typed", Input)
    typed.focus()
    typed.value = text
    await enter(pilot, app, drawn=drawn)


async def enter(pilot: Pilot[int], app: TutorApp, *, drawn: bool = True) -> None:
    """Press Enter and wait until the session has answered the line it sends, and, when
    ``drawn``, the screen has shown the answer (else the screen is drawn by its own timer, as
    often as a terminal would show it); a line that never reaches the session (the tutor has
    ended, or the key only fills the input line) is waited for as Pilot waits, until the app
    is idle."""
    session = app.session
    handle = session.handle
    answered = False

    def answer(line: Choice) -> list[Event]:
        nonlocal answered
        events = handle(line)
        answered = True
        return events

    session.handle = answer  # type: ignore[method-assign]
    try:
        app.post_message(events.Key("enter", "\r"))
        for _ in range(TURNS_WITHIN):
            await asyncio.sleep(0)
            if answered:
                break
    finally:
        session.handle = handle  # type: ignore[method-assign]
    if not answered:
        await pilot.pause()
    elif drawn:  # the answer's widgets mounted and laid out
        await pilot.pause(0)
        await pilot.pause(0)


async def type_at_once(pilot: Pilot[int], app: TutorApp, text: str) -> None:
    """``text`` and Enter arriving together, as from a paste or fast typing: every key is
    queued before the app handles the first (the terminal's one write)."""
    for character in text:
        app.post_message(events.Key(_character_to_key(character), character))
    app.post_message(events.Key("enter", "\r"))
    await pilot.pause()
    await pilot.pause()


async def press_until(
    pilot: Pilot[int], app: TutorApp, key: str, handled: Callable[[], bool]
) -> None:
    """Press ``key`` as the terminal sends it and wait, turn by turn of the event loop, until
    ``handled()`` shows the app has done what the key asks (Pilot's ``press`` instead sleeps
    until the process looks idle, some 40 ms a key). The screen is drawn by its own timer
    meanwhile, as often as a terminal would show it, not after every turn."""
    app.post_message(events.Key(key, _CHARACTERS.get(key, key)))
    for _ in range(TURNS_WITHIN):
        await asyncio.sleep(0)
        if handled():
            return
    raise AssertionError(f"the key {key!r} was never handled; the tutor expects {expects(app)}")


async def until(pilot: Pilot[int], app: TutorApp, wanted: str, *, limit: int = 200) -> None:
    """Go on (Enter, right answers, no deal played again) until the tutor asks for ``wanted``,
    and the screen shows that prompt. On the way each answer is sent as soon as the session
    has answered the last: the screen is drawn by its own timer meanwhile."""
    for _ in range(limit):
        now = expects(app)
        if now == wanted:
            await pilot.pause(0)
            await pilot.pause(0)
            return
        if now == "answer":
            quiz = app.session.phase.step.quiz  # type: ignore[attr-defined]
            answer = show_answer(quiz.answer)
            await type_line(pilot, app, YES_NO.get(answer, answer), drawn=False)
        elif now == "retry":  # going on, not playing the deal again
            await type_line(pilot, app, "no", drawn=False)
        elif app.query_one("#picker", Picker).choosable:
            await enter(pilot, app, drawn=False)  # the cursor's card, call or choice
        else:
            await type_line(pilot, app, "", drawn=False)
    raise AssertionError(f"never asked for {wanted}; last {expects(app)}")


def shown(app: TutorApp, selector: str) -> str:
    """The text a widget shows on the screen now, line by line (what is scrolled out of view
    is not shown)."""
    widget = app.query_one(selector)
    if not widget.display:
        return ""
    width, height = widget.size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height)))


def panel_text(app: TutorApp) -> str:
    """Everything the side panel holds, scrolled into view or not."""
    return "\n".join(shown_static(child) for child in app.query_one("#panel").children)


def shown_static(widget: Widget) -> str:
    width, height = widget.size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height)))


def picker_labels(app: TutorApp) -> list[tuple[str, bool]]:
    return [(item.label, item.enabled) for item in app.query_one("#picker", Picker).items]


def recorded(app: TutorApp) -> tuple[list[Choice], list[Event]]:
    """What the screen sends the session (typed lines, chosen values), in order, and what the
    session answered."""
    lines: list[Choice] = []
    said: list[Event] = []
    handle = app.session.handle

    def record(line: Choice) -> list[Event]:
        lines.append(line)
        answer = handle(line)
        said.extend(answer)
        return answer

    app.session.handle = record  # type: ignore[method-assign]
    return lines, said


@dataclass
class Played:
    """What a scripted learner's session on the full screen came to."""

    events: list[dict[str, Any]] = field(default_factory=list)  # as ``learn --json`` writes them
    by_keys: int = 0  # the lines chosen with the arrow keys and Enter
    asked: set[str] = field(default_factory=set)  # what the prompts expected


def capture(app: TutorApp, seen: list[dict[str, Any]]) -> None:
    """Keep every event the session gives the app, as ``learn --json`` writes it."""
    session = app.session
    start, handle = session.start, session.handle

    def started(*args: Any, **kwargs: Any) -> list[Event]:
        events = start(*args, **kwargs)
        seen.extend(event.to_json() for event in events)
        return events

    def handled(line: Choice) -> list[Event]:
        events = handle(line)
        seen.extend(event.to_json() for event in events)
        return events

    session.start = started  # type: ignore[method-assign]
    session.handle = handled  # type: ignore[method-assign]


def cursor_on(picker: Picker, index: int) -> Callable[[], bool]:
    """Whether the picker's cursor is on item ``index`` (a key's effect to wait for)."""
    return lambda: picker.cursor == index


async def choose(pilot: Any, app: TutorApp, value: str, answered: Callable[[], bool]) -> bool:
    """Choose ``value`` with the arrow keys and Enter, when the picker offers it: Home to the
    first choice, Right to each next one, each key seen to move the cursor, Enter answered."""
    picker = app.query_one("#picker", Picker)
    enabled = [i for i, item in enumerate(picker.items) if item.enabled]
    values = [str(picker.items[i].value) for i in enabled]
    if not picker.display or value not in values:
        return False
    await press_until(pilot, app, "home", cursor_on(picker, enabled[0]))
    for index in enabled[1 : values.index(value) + 1]:
        await press_until(pilot, app, "right", cursor_on(picker, index))
    await press_until(pilot, app, "enter", answered)
    return True


async def play_through(
    app: TutorApp, learner: Learner, keyed: Sequence[str], *, max_lines: int = 3000
) -> Played:
    """``learner`` at the keyboard until it is done: at a prompt expecting one of ``keyed`` its
    answer chosen with the arrow keys and Enter when the picker offers it, every other answer
    typed into the input line; then "quit"."""
    played = Played()
    seen: list[dict[str, Any]] = []
    capture(app, seen)
    async with app.run_test(size=SMALLEST) as pilot:  # what is chosen is the same at any size
        await pilot.pause()
        typed = app.query_one("#typed", Input)
        typed.focus()

        def answered() -> bool:
            return (bool(seen) and seen[-1]["event"] == "prompt") or app.session.finished

        for _ in range(max_lines):
            if learner.done or app.session.finished:
                break
            for _ in range(400):  # a loaded machine: wait until the answer's prompt has come
                if answered():
                    break
                await pilot.pause(0.05)
            events: Sequence[dict[str, Any]] = list(seen)
            played.events += events
            seen.clear()
            line = learner.answer(events)
            prompt = events[-1]
            played.asked.add(prompt["expects"])
            if prompt["expects"] in keyed and await choose(pilot, app, line, answered):
                played.by_keys += 1
                continue
            typed.value = line
            await press_until(pilot, app, "enter", answered)
        await type_line(pilot, app, "quit")
    return played
