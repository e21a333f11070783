"""What a browser may send the served tutor, read strictly.

textual.js sends JSON lists: ``["stdin", text]``, ``["resize", {"width": w, "height": h}]``,
``["ping", text]``, ``["focus"]``, ``["blur"]``. Anything else is not a tutor message: it is
dropped (the server says so in one line), never passed to the tutor. A size is clamped to a
terminal a screen can show, so a page cannot make the tutor draw a screen of 10¹⁰ cells.

>>> read_frame('["resize", {"width": 100000, "height": 100000}]')
Resize(columns=400, lines=200)
>>> read_frame('["stdin", 5]') is None
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass

COLUMNS = (20, 400)
LINES = (10, 200)
# Longer than any key or paste a learner sends; longer frames are refused by the socket.
MAX_FRAME = 64 * 1024
_MAX_PING = 64


@dataclass(frozen=True)
class Typed:
    """Keys and pastes, as the terminal encodes them."""

    text: str


@dataclass(frozen=True)
class Resize:
    """The browser's terminal has a new size (already clamped)."""

    columns: int
    lines: int


@dataclass(frozen=True)
class Ping:
    """Asks for ``["pong", stamp]`` back."""

    stamp: str


@dataclass(frozen=True)
class Focus:
    """The page gained (``True``) or lost the keyboard focus."""

    gained: bool


Frame = Typed | Resize | Ping | Focus


def clamp_size(columns: int, lines: int) -> tuple[int, int]:
    """A terminal size within ``COLUMNS`` × ``LINES``."""
    return (
        min(max(columns, COLUMNS[0]), COLUMNS[1]),
        min(max(lines, LINES[0]), LINES[1]),
    )


def size_from_query(text: str | None, default: int) -> int:
    """A number of columns or lines from the socket's address; ``default`` if it is none."""
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return default
    return int(text)


def _count(value: object) -> int | None:
    # JSON's true is a Python bool, and a bool is an int: not a size.
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def read_frame(text: str) -> Frame | None:
    """The message in a text frame, or None if it is not one the tutor takes."""
    if len(text) > MAX_FRAME:
        return None
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, rest = envelope[0], envelope[1:]
    if kind == "stdin" and len(rest) == 1 and isinstance(rest[0], str):
        return Typed(rest[0])
    if kind == "resize" and len(rest) == 1 and isinstance(rest[0], dict):
        columns, lines = _count(rest[0].get("width")), _count(rest[0].get("height"))
        if columns is None or lines is None:
            return None
        return Resize(*clamp_size(columns, lines))
    if kind == "ping" and len(rest) == 1 and isinstance(rest[0], str) and len(rest[0]) <= _MAX_PING:
        return Ping(rest[0])
    if kind in ("focus", "blur") and not rest:
        return Focus(kind == "focus")
    return None


def shown(text: str, limit: int = 40) -> str:
    """A frame as the server's log line quotes it: short, one line, no control characters."""
    quoted = json.dumps(text[:limit])
    return quoted[:-1] + '…"' if len(text) > limit else quoted
