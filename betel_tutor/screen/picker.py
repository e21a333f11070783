"""A row of things to choose from — the learner's cards, the legal calls, yes and no — that
wraps to the widget's width. The keys reach it through the input line (which keeps the focus,
so that typed text and Enter are never split between two widgets): the arrow keys move the
cursor over the items that may be chosen, Enter on an empty input line or a click chooses one;
items that may not be chosen are shown dimmed and skipped.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from betel_tutor.tutor.events import Choice

RED_SUITS = frozenset("♥♦")


@dataclass(frozen=True, slots=True)
class Item:
    label: str  # as the learner reads it (``♠D`` in Polish)
    value: Choice  # what choosing it sends to the tutor: one of the prompt's choices, a value
    enabled: bool = True
    group: str = ""  # items of one group stand together (a suit); groups are spaced apart


def item_text(label: str, *, enabled: bool, cursor: bool, focused: bool) -> Text:
    """One item: red suits in red (and always with their symbol, so colour is never the only
    sign), choosable items bold, the cursor between brackets, and in reverse while Enter would
    choose it (``focused``: the input line is empty)."""
    text = Text()
    colour = "red" if label[:1] in RED_SUITS else ""
    style = Style.parse(colour or "none") + Style(bold=enabled, dim=not enabled)
    if cursor and focused:
        style += Style(reverse=True)
    text.append("[" if cursor else " ")
    text.append(label, style=style)
    text.append("]" if cursor else " ")
    return text


class Picker(Widget, can_focus=False):
    """Items in a wrapping row. Posts :class:`Picker.Picked` with a clicked item's value."""

    DEFAULT_CSS = """
    Picker { height: auto; min-height: 1; }
    """

    cursor: reactive[int] = reactive(0)
    active: reactive[bool] = reactive(True)  # Enter would choose the cursor's item

    class Picked(Message):
        def __init__(self, picker: Picker, value: Choice) -> None:
            super().__init__()
            self.picker, self.value = picker, value

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items: tuple[Item, ...] = ()
        self._spots: list[tuple[int, int, int, int]] = []  # (line, x0, x1, item index)

    def show(self, items: tuple[Item, ...]) -> None:
        """New items; the cursor stays on the same value when it is still there."""
        current = self.items[self.cursor].value if 0 <= self.cursor < len(self.items) else None
        self.items = items
        values = [item.value for item in items]
        if current in values and items[values.index(current)].enabled:
            self.cursor = values.index(current)
        else:
            self.cursor = next((i for i, item in enumerate(items) if item.enabled), 0)
        self.refresh(layout=True)

    @property
    def choosable(self) -> bool:
        return any(item.enabled for item in self.items)

    def step_cursor(self, step: int) -> None:
        enabled = [i for i, item in enumerate(self.items) if item.enabled]
        if not enabled:
            return
        ahead = [i for i in enabled if (i - self.cursor) * step > 0]
        if ahead:
            self.cursor = min(ahead, key=lambda i: abs(i - self.cursor))
        else:  # wrap round
            self.cursor = enabled[0] if step > 0 else enabled[-1]
        self.refresh()

    def cursor_to_edge(self, side: int) -> None:
        enabled = [i for i, item in enumerate(self.items) if item.enabled]
        if enabled:
            self.cursor = enabled[-1] if side > 0 else enabled[0]
            self.refresh()

    @property
    def chosen(self) -> Choice | None:
        """The value of the item under the cursor, when it may be chosen."""
        if 0 <= self.cursor < len(self.items) and self.items[self.cursor].enabled:
            return self.items[self.cursor].value
        return None

    def on_click(self, event: Click) -> None:
        for line, x0, x1, index in self._spots:
            if event.y == line and x0 <= event.x < x1 and self.items[index].enabled:
                self.cursor = index
                self.post_message(self.Picked(self, self.items[index].value))
                return

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self._lines(width)))

    def _lines(self, width: int) -> list[Text]:
        lines: list[Text] = [Text()]
        self._spots = []
        group = None
        for index, item in enumerate(self.items):
            piece = item_text(
                item.label,
                enabled=item.enabled,
                cursor=index == self.cursor,
                focused=self.active,
            )
            gap = 1 if group is not None and item.group != group else 0
            if lines[-1].cell_len and lines[-1].cell_len + gap + piece.cell_len > width:
                lines.append(Text())
                gap = 0
            lines[-1].append(" " * gap)
            start = lines[-1].cell_len
            lines[-1].append_text(piece)
            self._spots.append((len(lines) - 1, start, lines[-1].cell_len, index))
            group = item.group
        return lines

    def render(self) -> Text:
        return Text("\n").join(self._lines(max(1, self.size.width)))
