"""Tasks for the bulk engine's tests: module-level, so that they pickle by name."""

from __future__ import annotations

import os
import time

CALLS: list[int] = []  # the items this process worked on, in order


def square(number: object) -> int:
    assert isinstance(number, int)
    CALLS.append(number)
    return number * number


def slow_square(number: object) -> int:
    """A square that takes a while, so that a run can be killed in its middle."""
    time.sleep(float(os.environ.get("BULK_TEST_DELAY", "0.02")))
    return square(number)


def pair(number: object) -> tuple[int, str]:
    assert isinstance(number, int)
    return (number, f"#{number}")
