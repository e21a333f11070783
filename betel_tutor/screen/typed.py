"""The input line of the full-screen tutor: the one place the keyboard goes.

Everything the learner types lands here in the order it was typed, however fast (a paste, or a
card and Enter sent in one write), so Enter always acts on what is on the line: the typed text
when there is any, the highlighted choice only when the line is empty. With the line empty the
arrow keys, Home, End and Space steer the choices instead of the text cursor; the line is
emptied the moment Enter is pressed, so nothing typed is carried into the next answer.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input


class TypedLine(Input):
    """Posts :class:`TypedLine.Steer` to move over the choices and ``Input.Submitted`` with
    the line's text (``""`` when it was empty) on Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "steer(-1)", show=False),
        Binding("right", "steer(1)", show=False),
        Binding("up", "steer(-1)", show=False),
        Binding("down", "steer(1)", show=False),
        Binding("home", "edge(-1)", show=False),
        Binding("end", "edge(1)", show=False),
        Binding("space", "space", show=False),
    ]

    choosing = False  # choices are on offer: Enter on an empty line takes the highlighted one

    class Steer(Message):
        """Move over the choices by ``step``, or to an end when ``edge``."""

        def __init__(self, step: int, *, edge: bool = False) -> None:
            super().__init__()
            self.step, self.edge = step, edge

    @property
    def empty(self) -> bool:
        return not self.value.strip()

    def action_steer(self, step: int) -> None:
        if not self.empty:
            self.action_cursor_right() if step > 0 else self.action_cursor_left()
        else:
            self.post_message(self.Steer(step))

    def action_edge(self, side: int) -> None:
        if not self.empty:
            self.action_end() if side > 0 else self.action_home()
        else:
            self.post_message(self.Steer(side, edge=True))

    async def action_space(self) -> None:
        """Space takes the highlighted choice on an empty line; else it is a space."""
        if not self.empty:
            self.insert_text_at_cursor(" ")
        elif self.choosing:
            await self.action_submit()

    async def action_submit(self) -> None:
        # The line is emptied here, not when the app reads the message: keys typed after
        # this Enter belong to the next answer.
        value, self.value = self.value, ""
        self.post_message(self.Submitted(self, value))
