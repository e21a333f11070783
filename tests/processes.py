"""The environment of a program a test starts where the program's own start is the point."""

from __future__ import annotations

from collections.abc import Mapping

# Under ``scripts/test.sh --coverage`` every Python process starts coverage.py first (its .pth
# file, when these are set). That start imports modules of its own (sqlite3 for its data) and
# swallows any exception while it loads, a Ctrl-C included: a test of what the program itself
# imports, or of Ctrl-C in its first instants, starts it without.
MEASURING = ("COVERAGE_PROCESS_START", "COVERAGE_PROCESS_CONFIG")


def unmeasured(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` without the variables that make a Python process start coverage.py."""
    return {name: value for name, value in env.items() if name not in MEASURING}
