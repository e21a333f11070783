"""Which worker runs which test (``--dist loadgroup``, scripts/test.sh).

Each test goes to whichever worker is free, so that a module of many slow tests is shared out
too; a module whose tests share the work of a module-scoped fixture says so with
``pytestmark = pytest.mark.xdist_group(__name__)`` on a line of its own, and all its tests run
on one worker. Modules that share one session-scoped fixture (tests/dask_cluster.py) name the
same group instead, ``pytestmark = pytest.mark.xdist_group("dask-cluster")``, and run on one
worker together. pytest-xdist's own ``loadgroup`` finds that mark by renaming each test in the
workers, which pytest 9.2 no longer allows (the tests then spread, and such a fixture runs once
on each worker): this reads the mark from the module's source instead.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from xdist.scheduler import LoadScopeScheduling

GROUPED = re.compile(r"^pytestmark = pytest\.mark\.xdist_group\((.*)\)$", re.MULTILINE)
ROOT = Path(__file__).parent.parent


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


class KeepGroups(LoadScopeScheduling):  # type: ignore[misc]
    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        return group_of(module) or nodeid
