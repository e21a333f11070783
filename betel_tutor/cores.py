"""How many processes a command may spread its work over: one per available core, at most
:data:`MAX_WORKERS`. Asking for more (``--workers 200``) gets the cap, never 200 processes.
Every pool of them is made by :func:`worker_pool`, whose workers die with their parent."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.context import BaseContext

MAX_WORKERS = 32
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def available_cores() -> int:
    """The cores this process may run on (its affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def usable_workers(requested: int) -> int:
    """``requested`` processes, at least one, at most one per core and :data:`MAX_WORKERS`."""
    return max(1, min(requested, available_cores(), MAX_WORKERS))


def worker_pool(
    workers: int,
    *,
    initializer: Callable[[], object] | None = None,
    mp_context: BaseContext | None = None,
) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that end with this one, however it ends: each worker
    asks the system for a kill when its parent dies (Linux's parent-death signal), and one whose
    parent is already gone when it starts ends at once. Without it a ``kill -9`` of ``render``
    left its workers running, computing for nobody. The signal follows the thread that started
    the workers (the caller's, on its first ``submit``): a pool is used by the thread that made
    it."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=mp_context,
        initializer=_die_with_parent,
        initargs=(os.getpid(), initializer),
    )


def _die_with_parent(parent: int, then: Callable[[], object] | None) -> None:
    """In a worker: be killed when ``parent`` dies (``prctl(PR_SET_PDEATHSIG, SIGKILL)``),
    then run the pool's own initializer."""
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the workers end as the pool is shut
            pass
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)
    if then is not None:
        then()
