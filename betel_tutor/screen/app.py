"""The full-screen tutor: the table in a terminal (or a browser, through textual-serve).

It only shows the session's events and sends the learner's choices back
(:mod:`betel_tutor.tutor.session`): a ``scene`` before each prompt redraws the table and the
status lines; every other event's words go to the side panel; the prompt decides what the
learner chooses from — cards of the hand (legal ones bold, the others dimmed), calls, yes or
no, levels — by arrow keys and Enter, a click, or typing as in the line tutor. The input line
keeps the keyboard focus wherever the learner clicks (:mod:`betel_tutor.screen.typed`).
"""

from __future__ import annotations

import threading
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, Static

from betel_tutor import i18n
from betel_tutor.cards import Card
from betel_tutor.display import shown
from betel_tutor.penalty import DeclarerOption
from betel_tutor.screen.felt import felt, status, suit_lines, words
from betel_tutor.screen.panel import Panel, lesson_text
from betel_tutor.screen.picker import Item, Picker
from betel_tutor.screen.typed import TypedLine
from betel_tutor.tutor.commands import Command, words_of
from betel_tutor.tutor.events import (
    Answered,
    Choice,
    Event,
    Hint,
    LessonText,
    Prompt,
    Refused,
    TableText,
)
from betel_tutor.tutor.retry import FROM, FROM_N
from betel_tutor.tutor.scene import Scene
from betel_tutor.tutor.session import Session


class TutorApp(App[int]):
    """A session on the screen. Exits with 0 when the learner quits."""

    CSS_PATH = "tutor.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "send('quit')", show=False, priority=True),
        Binding("f1", "send('help')", show=False),
        Binding("f2", "send('hint')", show=False),
        Binding("f3", "last_trick", show=False),
        Binding("pageup", "scroll_panel(-1)", show=False),
        Binding("pagedown", "scroll_panel(1)", show=False),
    ]

    def __init__(
        self,
        session: Session,
        *,
        level: int | None,
        practice: bool = False,
        think_ahead: bool | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        # While the learner reads and thinks, a thread does the work the deal will ask for
        # later (``Session.ahead``), a piece at a time; the session is only ever used under
        # this lock, so a line sent meanwhile waits at most for the piece under way. None:
        # on a real terminal, not under a headless test driver.
        self.think_ahead = think_ahead
        self.session_lock = threading.Lock()
        self.stop_thinking = threading.Event()
        session.scenes = True  # a scene of the table before each prompt
        self.level, self.practice = level, practice
        self.scene: Scene | None = None
        self.prompt: Prompt | None = None
        self.last = False  # showing the last trick instead of the one in progress
        self.heading = ""

    @property
    def lang(self) -> str:
        return self.session.ctx.lang

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield Static(id="felt")
                yield Static(id="hand")
            yield Panel(id="panel")
        yield Picker(id="picker")
        yield Static(id="ask")
        yield TypedLine(id="typed", select_on_focus=False)  # focus back selects nothing
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.title = self.heading = words("title", self.lang)
        with self.session_lock:
            started = self.session.start(self.level, practice=self.practice)
        self.show(started)
        if self.think_ahead if self.think_ahead is not None else not self.is_headless:
            # Once the first frame is drawn: the thread's work would hold it back.
            self.call_after_refresh(self.think)

    def think(self) -> None:
        self.run_worker(self.ahead, thread=True, exclusive=True, group="ahead")

    def on_unmount(self) -> None:
        self.stop_thinking.set()

    def ahead(self) -> None:
        """The thread's loop: one piece of work ahead at a time, and a short rest whenever
        there is none (until the learner's next line changes the deal)."""
        while not self.stop_thinking.is_set():
            with self.session_lock:
                worked = not self.session.finished and self.session.ahead()
            if not worked:
                self.stop_thinking.wait(0.2)

    # -- the learner's input ---------------------------------------------------------------
    def send(self, chosen: Choice) -> None:
        """A typed line, or a chosen value (a card, a call …) as it is."""
        if self.session.finished:
            return
        if chosen == FROM_N:  # the trick's number is typed after the word, then Enter
            typed = self.query_one("#typed", Input)
            typed.value = words("from_prefix", self.lang)
            typed.cursor_position = len(typed.value)
            return
        self.last = False
        with self.session_lock:
            happened = self.session.handle(chosen)
        self.show(happened)
        if self.session.finished:
            self.stop_thinking.set()
            self.exit(0)

    def action_send(self, command: str) -> None:
        """A key's command, sent as the learner's language writes it (F2 in Polish sends
        "podpowiedź"), so what the tutor repeats of it is never English in Polish."""
        self.send(words_of(Command(command), self.lang)[0])

    def action_last_trick(self) -> None:
        self.last = not self.last
        self.draw_table()

    def action_scroll_panel(self, direction: int) -> None:
        panel = self.query_one("#panel", Panel)
        if direction < 0:
            panel.scroll_page_up(animate=False)
        else:
            panel.scroll_page_down(animate=False)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """Enter: what was typed when anything was, else the highlighted choice."""
        chosen = self.query_one("#picker", Picker).chosen
        self.send(message.value if message.value.strip() or chosen is None else chosen)

    def on_input_changed(self, message: Input.Changed) -> None:
        # The cursor is shown as what Enter takes only while nothing is typed.
        self.query_one("#picker", Picker).active = not message.value.strip()

    def on_typed_line_steer(self, message: TypedLine.Steer) -> None:
        picker = self.query_one("#picker", Picker)
        if message.edge:
            picker.cursor_to_edge(message.step)
        else:
            picker.step_cursor(message.step)

    def on_picker_picked(self, message: Picker.Picked) -> None:
        self.query_one("#typed", Input).value = ""  # a click answers: nothing typed is kept
        self.send(message.value)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The keyboard always goes to the input line, wherever the learner clicked."""
        self._home_focus(event.widget)

    def on_app_focus(self) -> None:
        self._home_focus(self.focused)

    def _home_focus(self, widget: Widget | None) -> None:
        typed = self.query_one("#typed", TypedLine)
        if widget is not typed:
            typed.focus(scroll_visible=False)

    # -- showing events --------------------------------------------------------------------
    def show(self, happened: list[Event]) -> None:
        panel = self.query_one("#panel", Panel)
        said: list[Static] = []
        for event in happened:
            if isinstance(event, Scene):
                self.scene = event
                self.heading = event.title or self.heading
            elif isinstance(event, Prompt):
                self.prompt = event
            else:
                said.extend(self.told(event))
        if not any(isinstance(event, Scene) for event in happened):
            self.scene = None  # the menu
        if said:
            # A new step is read from the top of the panel, from the first words of this
            # answer: the verdict on the last step's quiz, then the step's heading and text.
            heading = self.step_heading()
            begins = bool(heading) and any(widget.name == heading for widget in said)
            panel.add(said, step=said[0] if begins else None)
        self.draw_table()
        self.draw_prompt()

    def step_heading(self) -> str:
        """The heading the session says as the scene's step begins (``— Step 3 of 17 —``)."""
        scene = self.scene
        if scene is None or not scene.steps:
            return ""
        return i18n.translate("tutor.step", self.lang, step=scene.step, total=scene.steps)

    def told(self, event: Event) -> list[Static]:
        if isinstance(event, TableText):  # the table shows it
            return []
        if isinstance(event, LessonText) and event.markdown:
            return [Static(lesson_text(event.markdown), classes="lesson")]
        if not event.text:
            return []
        style = ""
        if isinstance(event, Refused):
            style = "bold red"
        elif isinstance(event, Hint):
            style = "cyan"
        elif isinstance(event, Answered):
            style = "green" if event.right else "yellow"
        # Named by its words: the step's heading is found among them (:meth:`step_heading`).
        return [Static(Text(event.text, style=style), name=event.text)]

    def draw_table(self) -> None:
        scene = self.scene
        self.query_one("#status", Static).update(status(scene, self.lang, self.heading))
        felt_widget = self.query_one("#felt", Static)
        hand = self.query_one("#hand", Static)
        at_table = scene is not None and bool(scene.seats)
        # Without a deal (the menu, a lesson's text, a quiz) the panel takes the whole width.
        self.query_one("#table").display = at_table
        if scene is None or not at_table:
            return
        felt_widget.update(felt(scene, self.lang, last=self.last))
        cards = scene.hands.get(scene.learner, ()) if scene.learner is not None else ()
        playing = self.prompt is not None and self.prompt.expects == "card"
        own = scene.playing in (None, scene.learner)  # not the dummy's cards (bridge)
        # When playing, the cards are to choose from.
        hand.display = bool(cards) and not (playing and own)
        line = Text(words("your_hand", self.lang) + ":", style="bold")
        for suit in suit_lines(cards, self.lang):
            line.append("  ")
            line.append_text(suit)
        hand.update(line)

    def draw_prompt(self) -> None:
        prompt = self.prompt
        picker = self.query_one("#picker", Picker)
        ask = self.query_one("#ask", Static)
        keys = self.query_one("#keys", Static)
        if prompt is None:
            return
        # The question itself is in the panel, once: the input line only asks for the answer.
        ask.update(Text(prompt.text, style="bold"))
        items = self.items(prompt)
        picker.show(items)
        picker.display = bool(items)
        expects = prompt.expects
        scene = self.scene
        dummy = scene is not None and scene.playing not in (None, scene.learner)
        title = words("dummy_hand" if dummy else "your_hand", self.lang)
        picker.border_title = title if expects == "card" else ""
        # The hint key is offered only where a hint is given (not at a puzzle, a menu, a yes/no
        # question or naming trumps).
        if expects == "card":
            keys.update(words("keys_card" if prompt.hint else "keys_card_unaided", self.lang))
        elif items:
            keys.update(words("keys_choice" if prompt.hint else "keys_choice_no_hint", self.lang))
        elif expects == "continue":
            keys.update(words("keys_continue", self.lang))
        else:
            keys.update(words("keys_answer" if prompt.hint else "keys_answer_no_hint", self.lang))
        typed = self.query_one("#typed", TypedLine)
        typed.choosing = picker.choosable
        typed.focus(scroll_visible=False)

    def items(self, prompt: Prompt) -> tuple[Item, ...]:
        """What the learner chooses from at ``prompt``: the hand's cards when a card is
        wanted (the legal ones, the prompt's card values, may be chosen), else the prompt's
        choices as the learner reads them."""
        if prompt.expects == "card" and self.scene is not None:
            legal = {choice for choice in prompt.choices or () if isinstance(choice, Card)}
            seat = self.scene.playing if self.scene.playing is not None else self.scene.learner
            held = self.scene.hands.get(seat, ()) if seat is not None else ()
            return tuple(
                Item(shown(card, self.lang), card, card in legal, group=card.suit.symbol)
                for card in held
            )
        if not prompt.choices:
            return ()
        return tuple(Item(self.label(choice), choice) for choice in prompt.choices)

    def label(self, choice: Choice) -> str:
        """A choice as the learner reads it: a value in their language, a word translated."""
        if choice in ("yes", "no"):
            return words(str(choice), self.lang)
        if choice == FROM_N:
            return words("from_n", self.lang)
        if isinstance(choice, str) and choice.startswith(f"{FROM[0]} "):  # from a costly trick
            return words("from_prefix", self.lang) + choice.split()[1]
        if isinstance(choice, DeclarerOption):
            return choice.format(self.lang)
        return str(shown(choice, self.lang))
