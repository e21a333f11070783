"""The side panel: the lesson's texts and everything said at the table, read from the top.

A step begins at the top of the panel — its heading on the first line (after the verdict on the
answer that led to it), the earlier steps above it for the learner who scrolls back — and what
follows is added below it, so the learner reads down the page, never up from its foot. When a
step's words outgrow the panel, a new step's text stays at its beginning (the learner pages on)
while later words keep the newest in view. Lines keep a readable measure however wide the window
(``tutor.tcss``).
"""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from betel_tutor.text_tables import TextTable, split_tables

PANEL_KEEPS = 400  # the panel keeps this many of the latest texts
_EMPHASIS = re.compile(r"\*\*|__|`")


def lesson_text(markdown: str) -> RenderableType:
    """A lesson's markdown rendered, its tables as tables (:mod:`betel_tutor.text_tables`:
    markdown alone would run aligned columns together into one paragraph)."""
    parts: list[RenderableType] = []
    for part in split_tables(markdown):
        if parts:
            parts.append(Text(""))  # a blank line between paragraphs and tables, as markdown's
        parts.append(Markdown(part) if isinstance(part, str) else _table(part))
    return Group(*parts) if len(parts) > 1 else parts[0] if parts else Text("")


def _table(table: TextTable) -> Table:
    drawn = Table(
        box=None,
        show_header=bool(table.header),
        header_style="bold",
        padding=(0, 2, 0, 0),
        pad_edge=False,
    )
    for index, right in enumerate(table.numeric):
        title = table.header[index] if table.header else ""
        drawn.add_column(_EMPHASIS.sub("", title), justify="right" if right else "left")
    for row in table.rows:
        drawn.add_row(*(_EMPHASIS.sub("", cell) for cell in row))
    return drawn


class Panel(VerticalScroll, can_focus=False):
    """Texts added with :meth:`add`; a blank below them, as tall as needed to bring the
    current step's first line to the top."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._blank = Static("", classes="blank")
        self._step: Static | None = None
        self._hold = False  # nothing added since the step began: it stays at the top

    def on_mount(self) -> None:
        self.anchor(False)
        self.mount(self._blank)

    @property
    def said(self) -> list[Static]:
        """The texts in the panel, oldest first."""
        return [c for c in self.children if isinstance(c, Static) and c is not self._blank]

    def add(self, said: list[Static], *, step: Static | None = None) -> None:
        """Add ``said`` below the texts already there; ``step`` (one of them), when given, is
        where a step's reading begins: it goes to the top of the panel."""
        old = self.said
        for widget in old[: max(0, len(old) + len(said) - PANEL_KEEPS)]:
            widget.remove()
        self.mount_all(said, before=self._blank)
        if step is not None:
            self._step = step
        self._hold = step is not None
        self.call_after_refresh(self.place)

    def on_resize(self) -> None:
        self.call_after_refresh(self.place)

    def place(self) -> None:
        """Size the blank and scroll: the step's first line at the top while its words fit
        below it, else the newest words in view (a step just begun: its beginning)."""
        step = self._step if self._step is not None and self._step.is_attached else None
        top = step.virtual_region.y if step is not None else 0
        end = self._blank.virtual_region.y
        spare = self.scrollable_content_region.height - (end - top)
        self._blank.styles.height = max(0, spare)
        if spare >= 0 or self._hold:
            self.call_after_refresh(self.scroll_to, y=top, animate=False)
        else:
            self.call_after_refresh(self.scroll_end, animate=False)
