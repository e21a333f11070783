"""``simulate`` on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes
on 127.0.0.1, started here and killed at the end, give exactly the figures of a run on this
machine."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from dataclasses import replace

import pytest

from betel_tutor.app.simulate import SimulateOptions, run_simulation
from tests.test_bulk_cluster import START_WITHIN, free_port, start

pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    from distributed import Client

    host, port = "127.0.0.1", str(free_port())
    address = f"tcp://{host}:{port}"
    processes = [start("scheduler", "--host", host, "--port", port, "--no-dashboard", "--no-show")]
    try:
        for _ in range(2):
            processes.append(
                start(
                    "worker",
                    address,
                    "--host",
                    host,
                    "--nworkers",
                    "1",
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                    "--death-timeout",
                    "60",
                )
            )
        with Client(address, timeout=START_WITHIN, set_as_default=False) as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(2, timeout=START_WITHIN)
        yield address
    finally:
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def test_a_cluster_gives_exactly_the_figures_of_this_machine(scheduler: str) -> None:
    asked = SimulateOptions(
        constraints=("S hcp 8+ or not S has ♠A",),
        stats=("S makes 2♠", "W takes at least 3 in B1"),
        deals=20,
        seed="cluster",
        workers=1,
    )
    here = run_simulation(asked).summary.to_json()
    told: list[tuple[int, int]] = []
    on_cluster = replace(asked, workers=None, cluster=scheduler)
    there = run_simulation(on_cluster, lambda *seen: told.append(seen)).summary.to_json()
    assert there == here
    assert told[-1] == (20, 20)
