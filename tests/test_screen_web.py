"""``learn --web`` in Debian's Chromium: the full-screen tutor served on localhost, with no
request leaving the machine; a card played with the keyboard changes the trick."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route, WebSocket, sync_playwright

from betel_tutor.cards import sort_cards
from betel_tutor.dealing import deal

BETEL_TUTOR = str(Path(sys.executable).parent / "betel-tutor")
ARTIFACTS = Path(
    os.environ.get("BETEL_TUTOR_ARTIFACTS", Path(__file__).parents[1] / "test-artifacts")
)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# A teacher's level 1 of one deal (``$BETEL_TUTOR_LEVELS``): the first prompt is a card.
ONE_DEAL = """\
kind: lesson
id: level-01
level: 1
title: {en: "Level 1: one deal", pl: "Poziom 1: jedno rozdanie"}
options: {auction: false, contract: pass, kontra: false, exchange: false}
deals:
  - {id: d1, dealer: S, seed: level-01-a}
steps:
  - play: {deal: d1, seat: S, goal: {tricks_at_least: 4}, open: true}
"""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    levels = tmp_path / "levels"
    levels.mkdir()
    (levels / "level-01.yaml").write_text(ONE_DEAL, encoding="utf-8")
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "BETEL_TUTOR_LEVELS": str(levels),
    }
    server = subprocess.Popen(
        [BETEL_TUTOR, "learn", "--web", "--port", str(port), "--level", "1", "--lang", "en"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()  # the server ends the tutors it started, then itself
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield launched
        launched.close()


def test_a_card_played_in_the_browser(served: str, browser: Browser, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    outside: list[str] = []

    def only_local(route: Route) -> None:
        if route.request.url.startswith(served):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    screen: list[str] = []  # what the tutor sent the browser to draw, as text

    def listen(socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            data = payload.encode() if isinstance(payload, str) else payload
            screen.append(data.decode("utf-8", "replace"))

        socket.on("framereceived", received)

    page.on("websocket", listen)
    page.goto(served)

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
