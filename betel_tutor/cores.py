"""How many processes a command may spread its work over: one per available core, at most
:data:`MAX_WORKERS`. Asking for more (``--workers 200``) gets the cap, never 200 processes."""

from __future__ import annotations

import os

MAX_WORKERS = 32


def available_cores() -> int:
    """The cores this process may run on (its affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def usable_workers(requested: int) -> int:
    """``requested`` processes, at least one, at most one per core and :data:`MAX_WORKERS`."""
    return max(1, min(requested, available_cores(), MAX_WORKERS))
