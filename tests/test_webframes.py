"""What a browser may send ``learn --web``: textual.js's messages are read, anything else is not
a message, and a size is clamped to a terminal a screen can show."""

from __future__ import annotations

import pytest

from betel_tutor.screen.webframes import (
    COLUMNS,
    LINES,
    MAX_FRAME,
    Focus,
    Ping,
    Resize,
    Typed,
    read_frame,
    shown,
    size_from_query,
)


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ('["stdin", "\\u001b[A"]', Typed("\x1b[A")),
        ('["resize", {"width": 120, "height": 40}]', Resize(120, 40)),
        ('["ping", "1700000000000"]', Ping("1700000000000")),
        ('["focus"]', Focus(gained=True)),
        ('["blur"]', Focus(gained=False)),
    ],
)
def test_what_textual_js_sends_is_read(text: str, frame: object) -> None:
    assert read_frame(text) == frame


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        "{}",
        '"stdin"',
        '["stdin", 5]',
        '["stdin"]',
        '["stdin", "a", "b"]',
        '["resize", {}]',
        '["resize", {"width": "80", "height": 24}]',
        '["resize", {"width": true, "height": 24}]',
        '["resize", {"width": 80.5, "height": 24}]',
        '["resize", [80, 24]]',
        '["ping", 5]',
        '["ping", "' + "1" * 65 + '"]',
        '["focus", 1]',
        '["quit"]',
        '[5, "a"]',
        "[" * 100_000,  # deeper than the parser goes
        "[" * 60_000 + "]" * 60_000,
        '["stdin", "' + "a" * MAX_FRAME + '"]',
    ],
)
def test_anything_else_is_no_message(text: str) -> None:
    assert read_frame(text) is None


@pytest.mark.parametrize(
    ("width", "height", "size"),
    [
        (100_000, 100_000, (COLUMNS[1], LINES[1])),
        (10**30, -(10**30), (COLUMNS[1], LINES[0])),
        (0, 0, (COLUMNS[0], LINES[0])),
        (80, 24, (80, 24)),
    ],
)
def test_a_size_is_clamped(width: int, height: int, size: tuple[int, int]) -> None:
    frame = read_frame(f'["resize", {{"width": {width}, "height": {height}}}]')
    assert frame == Resize(*size)


@pytest.mark.parametrize(
    ("text", "number"),
    [("132", 132), (None, 80), ("", 80), ("-5", 80), ("1e9", 80), ("٣", 80), ("9" * 7, 80)],
)
def test_a_size_in_the_socket_address(text: str | None, number: int) -> None:
    assert size_from_query(text, 80) == number


def test_a_dropped_frame_is_quoted_short_and_on_one_line() -> None:
    assert shown("a\nb\x1b[2J") == '"a\\nb\\u001b[2J"'
    quoted = shown("x" * 1000)
    assert len(quoted) < 50 and quoted.endswith('…"')
