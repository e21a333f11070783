"""A real Dask cluster on 127.0.0.1 for the tests that run work on one (bulk runs, ``simulate``,
``puzzles build``): a ``dask scheduler`` and two ``dask worker`` processes, started once for
all of them and killed at the end.

Those modules ask for the fixture :func:`scheduler` (a plugin of the checkout's conftest.py, so that
there is one such fixture for the whole run) and mark themselves
``pytestmark = pytest.mark.xdist_group("dask-cluster")``, so that they run on one worker
(tests/scheduling.py) and share the one cluster that worker starts."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

DASK = Path(sys.executable).parent / "dask"
START_WITHIN = 90  # seconds for the scheduler and both workers to be up


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [str(DASK), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own group: killed whole at the end, however it ends
    )


@pytest.fixture(scope="session")
def scheduler() -> Iterator[str]:
    """The address of a scheduler with two workers of one thread each."""
    from distributed import Client

    host, port = "127.0.0.1", str(free_port())
    address = f"tcp://{host}:{port}"
    # An idle scheduler ends itself (and its workers after it), should this process die first.
    quiet = ("--no-dashboard", "--no-show", "--idle-timeout", "300")
    processes = [start("scheduler", "--host", host, "--port", port, *quiet)]
    try:
        for _ in range(2):
            worker = ("--nworkers", "1", "--nthreads", "1", "--death-timeout", "60")
            processes.append(start("worker", address, "--host", host, "--no-dashboard", *worker))
        with Client(address, timeout=START_WITHIN, set_as_default=False) as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(2, timeout=START_WITHIN)
        yield address
    finally:
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
