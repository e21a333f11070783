"""``learn --web`` in Debian's Chromium: after a click anywhere on the page the keyboard still
reaches the tutor, and no key typed is lost — Enter goes on, "no" arrives as "no"."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocket

from tests.browser import ARTIFACTS
from tests.web_server import served_tutor

# A teacher's level 1 (``$BETEL_TUTOR_LEVELS``): a page to read, longer than the panel (so the
# panel scrolls, and a click on it could take the keys), then a yes/no question whose answer is
# not the highlighted choice, then a last page.
LONG_PAGE = "\n\n".join(f"        Line {n} of the first page." for n in range(1, 61))
READ_THEN_ASK = f"""\
kind: lesson
id: level-01
level: 1
title: {{en: "Level 1: a click and the keys", pl: "Poziom 1: klik i klawisze"}}
options: {{auction: false, contract: pass, kontra: false, exchange: false}}
deals:
  - {{id: d1, dealer: S, seed: level-01-a}}
steps:
  - read:
      en: |
{LONG_PAGE}
      pl: |
{LONG_PAGE}
  - quiz:
      kind: call-legal
      question:
        en: "After 1♠ pass pass, may the next player declare 2♥?"
        pl: "Po 1♠ pas pas: czy następny gracz może zadeklarować 2♥?"
      auction: 1♠ pass pass
      call: 2♥
      options: {{kontra: false, betelki: false, exchange: false}}
      answer: false
  - read:
      en: "The last page."
      pl: "Ostatnia strona."
"""


@dataclass
class TutorPage:
    """The tutor open in a browser tab, and what the tutor has drawn there so far as text."""

    page: Page
    frames: list[str] = field(default_factory=list)

    def drawn(self, text: str, timeout: float = 20) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in "".join(self.frames):
                return True
            self.page.wait_for_timeout(100)
        return False

    def tail(self) -> str:
        return "".join(self.frames)[-3000:]


# The tests share this module's browser: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture
def tutor_page(tmp_path: Path, browser: Browser) -> Iterator[TutorPage]:
    """``betel-tutor learn --web`` on a free port with the level above, and a 1280×800 tab of
    Chromium opened on it once it listens (closed after the test)."""
    with served_tutor(tmp_path, lesson=READ_THEN_ASK) as served:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        tab = TutorPage(page)

        def listen(socket: WebSocket) -> None:
            def received(payload: str | bytes) -> None:
                data = payload.encode() if isinstance(payload, str) else payload
                tab.frames.append(data.decode("utf-8", "replace"))

            socket.on("framereceived", received)

        page.on("websocket", listen)
        page.goto(served.url)
        yield tab
        page.context.close()  # before the server stops


def test_after_a_click_on_the_text_the_keys_reach_the_tutor(tutor_page: TutorPage) -> None:
    tab, page = tutor_page, tutor_page.page
    assert tab.drawn("Line 1 of the first page"), tab.tail()
    box = page.locator("#terminal").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.15)  # the text
    page.keyboard.press("Enter")
    assert tab.drawn("may the next player declare 2♥?"), tab.tail()
    page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.3)
    page.keyboard.type("no")  # "yes" is highlighted
    page.keyboard.press("Enter")
    assert tab.drawn("Right!"), tab.tail()
    assert "Not quite" not in "".join(tab.frames)


def test_a_click_outside_the_terminal_keeps_the_keys(tutor_page: TutorPage) -> None:
    """A click on the page around the terminal (its margin) takes no key away."""
    tab, page = tutor_page, tutor_page.page
    assert tab.drawn("Line 1 of the first page"), tab.tail()
    page.mouse.click(2, 2)
    page.keyboard.press("Enter")
    assert tab.drawn("may the next player declare 2♥?"), tab.tail()
    page.mouse.click(1279, 799)
    page.keyboard.type("no")
    page.keyboard.press("Enter")
    assert tab.drawn("Right!"), tab.tail()
    page.wait_for_timeout(300)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tutor-in-the-browser-after-a-click.png"))
