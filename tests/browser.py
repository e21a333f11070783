"""What the browser tests share: Debian's Chromium driven by Playwright, launched once for a
module (conftest.py names this module among its plugins; a module that uses it runs on one
worker, ``pytestmark = pytest.mark.xdist_group(__name__)``), and sheets rendered by the
``render`` command (run in this process: the browser, not the program's start, is what these
tests are about).

Not once for the whole run: while Playwright's synchronous API is open its event loop runs in
the test process, and a later test's ``asyncio.run`` (the web server's and the full screen's
tests) would be refused.

A test takes ``page``, the module's one tab made as good as new (blank, 1280×720, no media
emulated, no route), when it only loads a document and reads it: a new tab costs Chromium a
new renderer process, about half a second of CPU, a load in the same tab a fraction of that. A
test that listens to a tab's requests, console or sockets takes ``browser`` and opens its own
tabs, which are closed after it, or takes its listeners off ``page`` when it is done."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

ROOT = Path(__file__).parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(os.environ.get("BETEL_TUTOR_ARTIFACTS", ROOT / "test-artifacts"))
VIEWPORT: ViewportSize = {"width": 1280, "height": 720}  # Playwright's size of a new tab

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """The module's Chromium."""
    from playwright.sync_api import sync_playwright  # only where a browser test runs

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def tab(chromium: Browser) -> Page:
    """The module's tab that ``page`` hands to each test in turn."""
    return chromium.new_page(viewport=VIEWPORT)


@pytest.fixture
def page(chromium: Browser, tab: Page) -> Page:
    """The module's tab as a new one: blank, 1280×720, no media emulated, no route."""
    tab.unroute_all()
    tab.goto("about:blank")
    tab.set_viewport_size(VIEWPORT)
    tab.emulate_media(media="null")
    return tab


@pytest.fixture
def browser(chromium: Browser) -> Iterator[Browser]:
    """The module's Chromium; the tabs (browser contexts) a test opens in it close after it."""
    before = set(chromium.contexts)
    yield chromium
    for context in chromium.contexts:
        if context not in before:
            context.close()


def render(tmp_path: Path, *args: str, solver: bool = False) -> Path:
    """Render through the CLI; the solver's tables only when a test is about them (they take
    about two seconds a deal)."""
    from tests.in_process import run_cli

    out = tmp_path / "out"
    flags = [] if solver else ["--no-solver"]
    done = run_cli("render", *args, *flags, "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out
