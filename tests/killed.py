"""A run of the program killed outright (SIGKILL, as a crash or a power cut would) once its
journal holds a batch of results, for the tests that it goes on where it stopped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def kill_once_journaled(code: str, args: list[str], journal: Callable[[], Path | None]) -> Path:
    """Run ``code`` (a Python program reading ``args``) in a session of its own and kill it
    once the file ``journal()`` finds holds more than its first line; that file."""
    # The run is at the lowest priority: on a busy machine this process, which watches the
    # journal, still looks often enough to kill it after its first batch, not after its last.
    process = subprocess.Popen(
        ["nice", "-n", "19", sys.executable, "-c", code, *args],
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # a batch journaled, far from all the work
            found = journal()
            if found is not None and found.exists() and len(found.read_bytes().splitlines()) > 1:
                return found
            assert process.poll() is None, "the run ended before it could be killed"
            time.sleep(0.02)
        pytest.fail("the run journaled nothing in 120 seconds")
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
