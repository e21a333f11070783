"""Driving the full-screen tutor with Textual's Pilot, as a learner at the keyboard would: Enter
to go on, typed answers to quizzes (the checker's own answers), arrow keys and Enter for cards
and calls."""

from __future__ import annotations

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

YES_NO = {"true": "yes", "false": "no"}


def new_app(lang: str = "en", level: int = 1, **settings: object) -> TutorApp:
    session = Session(Progress(), lang, settings=Settings(**settings))  # type: ignore[arg-type]
    return TutorApp(session, level=level)


def expects(app: TutorApp) -> str:
    return app.prompt.expects if app.prompt is not None else ""


async def type_line(pilot: Pilot[int], app: TutorApp, text: str) -> None:
    """Type ``text`` into the input line and press Enter."""
    typed = app.query_one("#typed", Input)
    typed.focus()
    typed.value = text
    await pilot.press("enter")
    await pilot.pause()


async def type_at_once(pilot: Pilot[int], app: TutorApp, text: str) -> None:
    """``text`` and Enter arriving together, as from a paste or fast typing: every key is
    queued before the app handles the first (the terminal's one write)."""
    for character in text:
        app.post_message(events.Key(_character_to_key(character), character))
    app.post_message(events.Key("enter", "\r"))
    await pilot.pause()
    await pilot.pause()


async def until(pilot: Pilot[int], app: TutorApp, wanted: str, *, limit: int = 200) -> None:
    """Go on (Enter, right answers, no deal played again) until the tutor asks for ``wanted``."""
    for _ in range(limit):
        now = expects(app)
        if now == wanted:
            return
        if now == "answer":
            quiz = app.session.phase.step.quiz  # type: ignore[attr-defined]
            answer = show_answer(quiz.answer)
            await type_line(pilot, app, YES_NO.get(answer, answer))
        elif now == "retry":  # going on, not playing the deal again
            await type_line(pilot, app, "no")
        elif app.query_one("#picker", Picker).choosable:
            await pilot.press("enter")  # the cursor's card, call or choice
            await pilot.pause()
        else:
            await type_line(pilot, app, "")
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
