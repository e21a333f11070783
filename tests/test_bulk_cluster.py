"""The bulk engine on a real Dask cluster: a ``dask scheduler`` and two ``dask worker``
processes on 127.0.0.1, started here and killed at the end, give exactly the results of a run
on this machine; an address where no scheduler answers is one clear error."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from betel_tutor.bulk import cluster as cluster_module
from betel_tutor.bulk import run, seeds, trick_table
from betel_tutor.errors import BetelError

pytest.importorskip("distributed")

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


# The tests share this module's fixture: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    from distributed import Client

    address = f"tcp://127.0.0.1:{free_port()}"
    host, port = address.removeprefix("tcp://").split(":")
    processes = [
        start(
            "scheduler",
            "--host",
            host,
            "--port",
            port,
            "--no-dashboard",
            "--no-show",
            "--idle-timeout",
            "300",
        )
    ]
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


def test_a_cluster_gives_exactly_the_results_of_this_machine(scheduler: str) -> None:
    items = seeds("cluster", 12)
    here = list(run(items, trick_table, workers=1))
    told: list[tuple[int, int | None]] = []
    there = list(
        run(items, trick_table, cluster=scheduler, batch=2, progress=lambda *a: told.append(a))
    )
    assert there == here
    assert told[-1] == (12, 12)


def test_a_cluster_run_continues_a_journal(scheduler: str, tmp_path: Path) -> None:
    journal = str(tmp_path / "run.jsonl")
    items = seeds("journal", 6)
    first = run(items, trick_table, workers=1, batch=2, journal=journal)
    head = [next(first), next(first)]
    first.close()
    rest = list(run(items, trick_table, cluster=scheduler, batch=2, journal=journal))
    assert rest[:2] == head
    assert rest == list(run(items, trick_table, workers=1))


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("tcp://127.0.0.1:{closed}", "bulk.no_cluster"),  # nothing listens
        ("tcp://127.0.0.1:{listening}", "bulk.no_cluster"),  # something that is no scheduler
        ("no such address", "bulk.bad_cluster_address"),
    ],
)
def test_an_address_without_a_scheduler_is_one_clear_error(
    address: str, key: str, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cluster_module, "TIMEOUT", 2)
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        address = address.format(closed=free_port(), listening=listening.getsockname()[1])
        started = time.monotonic()
        with pytest.raises(BetelError) as caught:
            list(run(seeds("x", 2), trick_table, cluster=address))
        assert time.monotonic() - started < 30
    gc.collect()  # what a half-made client would print as it goes
    assert caught.value.key == key
    assert address in caught.value.message("en")
    assert address in caught.value.message("pl")
    assert "tcp://" in caught.value.message("pl")
    assert capfd.readouterr().err == ""
