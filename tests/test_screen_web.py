"""``learn --web`` in Debian's Chromium: the full-screen tutor served on localhost, with no
request leaving the machine; a card played with the keyboard changes the trick."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route, WebSocket

from betel_tutor.cards import sort_cards
from betel_tutor.dealing import deal
from tests.browser import ARTIFACTS
from tests.web_server import Served, served_tutor


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with served_tutor(tmp_path) as server:
        yield server


# The tests share this module's browser: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


def test_a_card_played_in_the_browser(served: Served, browser: Browser, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    outside: list[str] = []

    def only_local(route: Route) -> None:
        if route.request.url.startswith(served.origin + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    console: list[str] = []  # the page's messages: a script or style the policy refused is one
    screen: list[str] = []  # what the tutor sent the browser to draw, as text

    def listen(socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            data = payload.encode() if isinstance(payload, str) else payload
            screen.append(data.decode("utf-8", "replace"))

        socket.on("framereceived", received)

    page.on("websocket", listen)
    page.on("console", lambda message: console.append(message.text))
    page.goto(served.url)  # as printed, the secret token in it

    def drawn(text: str, timeout: float = 20) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in "".join(screen):
                return True
            page.wait_for_timeout(100)
        return False

    assert drawn("Level 1: one deal"), "".join(screen)[-2000:]
    page.locator("#terminal").click()
    assert drawn("Your hand"), "".join(screen)[-2000:]  # the hand, to choose a card from
    second = sort_cards(deal("level-01-a", dealer=0).hands[0])[1]
    assert f"South plays {second}" not in "".join(screen)  # South leads: the trick is empty
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # the second card of the hand, played with the keyboard
    assert drawn(f"South plays {second}"), "".join(screen)[-2000:]
    assert drawn("West plays") and drawn("North plays")  # the others answer: the trick changes
    page.wait_for_timeout(300)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tutor-in-the-browser.png"))
    assert outside == [], outside
    assert not [line for line in console if "Content Security Policy" in line], console
