#!/usr/bin/env python3
"""Records how long each test took, for the order in which the workers take them
(tests/scheduling.py): reads the JUnit XML of a whole run and writes tests/durations.json.

    scripts/test.sh --junitxml=/tmp/run.xml
    .venv/bin/python scripts/durations.py /tmp/run.xml

Tests quicker than a tenth of a second are left out: the order among them does not matter, and
tests the record does not hold run after all the others.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "durations.json"
SHORTEST = 0.1  # seconds


def test_id(classname: str, name: str) -> str:
    """The pytest id of a JUnit test case: the dotted ``classname`` read back into the file's
    path and any class in it (pytest writes ``tests/test_x.py::Class::test`` as classname
    ``tests.test_x.Class``, name ``test``; a README doctest as ``README.md``, ``README.md``)."""
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):
        stem = "/".join(parts[:cut])
        for path in (f"{stem}.py", ".".join([stem, *parts[cut:]])):
            if (ROOT / path).is_file():
                rest = parts[cut:] if path.endswith(".py") else []
                return "::".join([path, *rest, name])
    raise ValueError(f"no test file for the JUnit class {classname!r}")


def durations(junit: Path) -> dict[str, float]:
    seconds: dict[str, float] = {}
    for case in ElementTree.parse(junit).iter("testcase"):
        taken = float(case.get("time", "0"))
        if taken >= SHORTEST:
            key = test_id(case.get("classname", ""), case.get("name", ""))
            seconds[key] = round(seconds.get(key, 0.0) + taken, 2)
    return dict(sorted(seconds.items()))


def main(arguments: list[str]) -> int:
    if len(arguments) != 1:
        print("usage: scripts/durations.py RUN.xml", file=sys.stderr)
        return 2
    try:
        seconds = durations(Path(arguments[0]))
    except (OSError, ElementTree.ParseError, ValueError) as error:
        print(f"durations: {arguments[0]}: {error}", file=sys.stderr)
        return 1
    RECORD.write_text(json.dumps(seconds, indent=0) + "\n", encoding="utf-8")
    print(f"durations: {len(seconds)} tests recorded in {RECORD}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
