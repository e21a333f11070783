"""The bulk engine on a real Dask cluster: a ``dask scheduler`` and two ``dask worker``
processes on 127.0.0.1, started here and killed at the end, give exactly the results of a run
on this machine; an address where no scheduler answers is one clear error."""

from __future__ import annotations

import gc
import socket
import time
from pathlib import Path

import pytest

from betel_tutor.bulk import cluster as cluster_module
from betel_tutor.bulk import run, seeds, trick_table
from betel_tutor.errors import BetelError
from tests.dask_cluster import free_port

pytest.importorskip("distributed")

# The tests on a cluster run on one worker and share its cluster, the fixture ``scheduler``
# of tests/dask_cluster.py.
pytestmark = pytest.mark.xdist_group("dask-cluster")


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
    monkeypatch.setattr(cluster_module, "TIMEOUT", 0.5)  # nothing will answer: no need to wait
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
