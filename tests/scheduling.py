"""Which worker runs which test, and in what order (``--dist loadgroup``, scripts/test.sh).

Each test goes to whichever worker is free, so that a module of many slow tests is shared out
too; a module whose tests share the work of a module-scoped fixture says so with
``pytestmark = pytest.mark.xdist_group(__name__)`` on a line of its own, and all its tests run
on one worker. Modules that share one session-scoped fixture (tests/dask_cluster.py) name the
same group instead, ``pytestmark = pytest.mark.xdist_group("dask-cluster")``, and run on one
worker together. pytest-xdist's own ``loadgroup`` finds that mark by renaming each test in the
workers, which pytest 9.2 no longer allows (the tests then spread, and such a fixture runs once
on each worker): this reads the mark from the module's source instead.

The longest work goes out first, so that the workers end together rather than one of them
starting a long module while the other has nothing left: each group and each test is weighed by
the seconds its tests took in a recorded run (tests/durations.json, written by
scripts/durations.py); what that run has not seen goes after, the groups of most tests first.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from functools import cache
from pathlib import Path

from xdist.scheduler import LoadScopeScheduling

GROUPED = re.compile(r"^pytestmark = pytest\.mark\.xdist_group\((.*)\)$", re.MULTILINE)
ROOT = Path(__file__).parent.parent
DURATIONS = Path(__file__).parent / "durations.json"


@cache
def group_of(module: str) -> str | None:
    """The group of the module at ``module`` (a path from the checkout's root) whose tests run
    on one worker: the module itself, or the group it names; None when its tests spread."""
    path = ROOT / module
    if path.suffix != ".py":
        return None
    found = GROUPED.search(path.read_text(encoding="utf-8"))
    if found is None:
        return None
    name = found.group(1).strip().strip("\"'")
    return module if name == "__name__" else "group:" + name


def recorded() -> dict[str, float]:
    """Seconds each test took in the recorded run, by its id; none when there is no record."""
    if not DURATIONS.exists():
        return {}
    seconds: dict[str, float] = json.loads(DURATIONS.read_text(encoding="utf-8"))
    return seconds


def longest_first(
    units: OrderedDict[str, dict[str, bool]], seconds: dict[str, float]
) -> OrderedDict[str, dict[str, bool]]:
    """The work units (a group's or a test's ids) in the order to give them out: by the seconds
    their tests took, longest first; after them those with no test recorded, the groups of most
    tests first (as pytest-xdist orders them), else in their order."""

    def weight(unit: tuple[str, dict[str, bool]]) -> tuple[bool, float, int]:
        known = [seconds[nodeid] for nodeid in unit[1] if nodeid in seconds]
        return bool(known), sum(known), len(unit[1])

    # sorted() keeps the order of equals, reversed too: the rest stay as collected.
    return OrderedDict(sorted(units.items(), key=weight, reverse=True))


class KeepGroups(LoadScopeScheduling):  # type: ignore[misc]
    workqueue: OrderedDict[str, dict[str, bool]]  # each unit's tests (xdist's LoadScopeScheduling)
    ordered = False

    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        return group_of(module) or nodeid

    def _assign_work_unit(self, node: object) -> None:
        if not self.ordered:  # the first unit given out: the queue is whole
            self.ordered = True
            self.workqueue = longest_first(self.workqueue, recorded())
        super()._assign_work_unit(node)
