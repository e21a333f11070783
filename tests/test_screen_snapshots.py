"""SVG snapshots of the full-screen table, kept under ``tests/snapshots/`` and looked at by eye
when made; a change to what the table shows fails here until the snapshot is made anew
(``BETEL_TUTOR_SNAPSHOTS=update pytest tests/test_screen_snapshots.py``) and looked at again."""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path

import pytest
from textual.widgets import Input

from tests.screen_driver import new_app, until

SNAPSHOTS = Path(__file__).parent / "snapshots"
# Textual names an SVG's styles after a hash of the whole picture: the same in every run, but a
# changed picture changes every name; the names are left out so that a diff shows what changed.
_IDS = re.compile(r"terminal-\d+")


async def _table(level: int, lang: str, size: tuple[int, int], wanted: str) -> str:
    app = new_app(lang, level=level)
    async with app.run_test(size=size) as pilot:
        await until(pilot, app, wanted)
        # The input line's cursor blinks on a timer: held still, a snapshot does not depend on
        # the moment it is taken.
        for line in app.query(Input):
            line.cursor_blink = False
        await pilot.pause()
        return app.export_screenshot(title="betel-tutor")


@pytest.mark.parametrize(
    ("name", "level", "lang", "size", "wanted"),
    [
        ("level1-card-80x24-en", 1, "en", (80, 24), "card"),
        ("level1-card-120x40-pl", 1, "pl", (120, 40), "card"),
        ("level5-call-80x24-pl", 5, "pl", (80, 24), "call"),
        ("level5-call-120x40-en", 5, "en", (120, 40), "call"),
    ],
)
def test_the_table_looks_as_it_did(
    name: str, level: int, lang: str, size: tuple[int, int], wanted: str
) -> None:
    svg = asyncio.run(_table(level, lang, size, wanted))
    path = SNAPSHOTS / f"{name}.svg"
    if os.environ.get("BETEL_TUTOR_SNAPSHOTS") == "update":
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: make it with BETEL_TUTOR_SNAPSHOTS=update"
    assert _IDS.sub("terminal", svg) == _IDS.sub("terminal", path.read_text(encoding="utf-8"))
