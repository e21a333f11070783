"""A phase of a tutoring session: the menu, a text to read, a quiz, an auction, a deal's play …

A phase takes the learner's input and returns the phase that comes next (often itself); it
says what it has to say as events in the :class:`~betel_tutor.tutor.context.Context`. While a
phase does not wait for the learner (``waiting`` is false), the session calls ``advance``,
which makes one move of the computer players, and so on until some phase waits.

A phase never imports the session, nor a phase that comes after it: what follows a phase is
given to it as a continuation (``then``) by the phase that started it.
"""

from __future__ import annotations

from collections.abc import Callable

from betel_tutor.tutor.commands import Typed
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Prompt


class Phase:
    """The base of every phase: waits for a line and goes on to ``then`` by default."""

    expects = "continue"
    # True where the learner answers without help (a puzzle's card): the session refuses
    # hint, undo and open there saying why, and the prompt says so (``Prompt.unaided``).
    unaided = False
    # Whether ``hint`` is answered at this phase's prompt: the prompt says so (``Prompt.hint``),
    # so that a front end offers its hint key only where a hint is given.
    gives_hint = False

    def waiting(self, ctx: Context) -> bool:
        """True when the phase needs the learner's input before anything else happens."""
        return True

    def advance(self, ctx: Context) -> Phase:
        """One move that needs no input (a computer player's); only while not ``waiting``."""
        raise NotImplementedError(type(self).__name__)

    def handle(self, ctx: Context, line: str) -> Phase:
        """The learner typed ``line`` (not a command of the table)."""
        raise NotImplementedError(type(self).__name__)

    def command(self, ctx: Context, typed: Typed) -> Phase | None:
        """A command of the table that only some phases know (hint, undo, open, trade …):
        the next phase, or None when the command means nothing here."""
        return None

    def prompt(self, ctx: Context) -> Prompt:
        return Prompt(ctx.t("prompt_continue"), expects=self.expects)

    @property
    def at_table(self) -> bool:
        """True while a deal is being bid or played (``replay`` waits until it is over)."""
        return False


Next = Callable[[Context], Phase]
"""What comes after a phase, chosen by whoever started it."""


class Continue(Phase):
    """Press Enter to go on: after a text to read, or after a deal."""

    def __init__(self, then: Next, *, prompt_key: str = "prompt_continue") -> None:
        self.then, self.prompt_key = then, prompt_key

    def handle(self, ctx: Context, line: str) -> Phase:
        return self.then(ctx)

    def prompt(self, ctx: Context) -> Prompt:
        return Prompt(ctx.t(self.prompt_key), expects=self.expects)
