"""What the browser tests share: Debian's Chromium driven by Playwright, one browser a module
(each test opens pages in it), and sheets rendered by the ``render`` command (run in this
process: the browser, not the program's start, is what these tests are about)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.in_process import run_cli

ROOT = Path(__file__).parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(os.environ.get("BETEL_TUTOR_ARTIFACTS", ROOT / "test-artifacts"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield launched
        launched.close()


def render(tmp_path: Path, *args: str, solver: bool = False) -> Path:
    """Render through the CLI; the solver's tables only when a test is about them (they take
    about two seconds a deal)."""
    out = tmp_path / "out"
    flags = [] if solver else ["--no-solver"]
    done = run_cli("render", *args, *flags, "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out
