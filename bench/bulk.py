"""The bulk engine's speed-up: trick tables of N seeded deals, by one worker, by two worker
processes, and by a Dask cluster of a scheduler and two workers on this machine (targets: two
workers at least 1.8 times one, the cluster at least 1.6 times one, and the same results).

The cluster is started here (``dask scheduler`` and two ``dask worker`` processes on
127.0.0.1) and stopped at the end; ``--cluster ADDRESS`` uses a running one instead, and
``--no-cluster`` leaves it out. A Rich progress bar on stderr shows each run.

``--puzzles N`` measures instead the puzzles ``puzzles build`` finds per core-second: the
puzzle task over N seeded deals by one worker in this process (its processor time is the
core-seconds spent), then by two worker processes (the wall time).

    .venv/bin/python bench/bulk.py [--deals N] [--no-cluster | --cluster ADDRESS]
    .venv/bin/python bench/bulk.py --puzzles N
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

from betel_tutor.bulk import run, seeds, trick_table
from betel_tutor.puzzles.build import deal_puzzles


def timed(label: str, items: list[int | str], **where: Any) -> tuple[float, list[object]]:
    with Progress(console=Console(stderr=True), transient=True) as bar:
        job = bar.add_task(label, total=len(items))
        start = time.perf_counter()
        results = list(
            run(
                items,
                trick_table,
                progress=lambda done, _: bar.update(job, completed=done),
                **where,
            )
        )
        return time.perf_counter() - start, results


@contextmanager
def local_cluster() -> Iterator[str]:
    """A scheduler and two one-thread workers on 127.0.0.1, killed when done."""
    from distributed import Client

    dask = str(Path(sys.executable).parent / "dask")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
    processes = [
        subprocess.Popen(  # type: ignore[call-overload]
            [
                dask,
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-dashboard",
                "--no-show",
            ],
            **quiet,
        )
    ]
    try:
        for _ in range(2):
            processes.append(
                subprocess.Popen(  # type: ignore[call-overload]
                    [
                        dask,
                        "worker",
                        address,
                        "--host",
                        "127.0.0.1",
                        "--nworkers",
                        "1",
                        "--nthreads",
                        "1",
                        "--no-dashboard",
                    ],
                    **quiet,
                )
            )
        with Client(address, timeout=90, set_as_default=False) as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(2, timeout=90)
        yield address
    finally:
        for process in processes:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def _count(results: Iterable[object]) -> int:
    """The puzzles in the deals' results (a list of puzzles each)."""
    return sum(len(result) for result in results if isinstance(result, list))


def puzzles_per_core_second(deals: int) -> None:
    """The puzzles found in ``deals`` seeded deals per core-second (one worker, in this
    process) and per second of two worker processes."""
    items = seeds("bench-puzzles", deals)
    print(f"puzzles of {deals} deals; load average before: {os.getloadavg()[0]:.2f}")
    started, cpu = time.perf_counter(), time.process_time()
    found = _count(run(items, deal_puzzles, workers=1))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - started
    print(
        f"1 worker: {found} puzzles, {cpu:.1f} core-seconds ({found / cpu:.1f} puzzles per "
        f"core-second), {wall:.1f} s wall"
    )
    started = time.perf_counter()
    again = _count(run(items, deal_puzzles, workers=2))
    wall = time.perf_counter() - started
    print(f"2 workers: {again} puzzles, {wall:.1f} s wall ({again / wall:.1f} puzzles/s)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--cluster", default=None, help="a running scheduler's address")
    parser.add_argument("--no-cluster", action="store_true")
    parser.add_argument("--puzzles", type=int, default=0, help="puzzles of N deals instead")
    args = parser.parse_args()
    if args.puzzles:
        puzzles_per_core_second(args.puzzles)
        return
    items = seeds("bench", args.deals)
    print(f"{args.deals} trick tables; load average before: {os.getloadavg()[0]:.2f}")
    one, expected = timed("1 worker", items, workers=1)
    print(f"1 worker:  {one:7.2f} s ({args.deals / one:.1f} tables/s)")
    two, results = timed("2 workers", items, workers=2)
    same = "same results" if results == expected else "DIFFERENT RESULTS"
    print(f"2 workers: {two:7.2f} s, {one / two:.2f}× one worker (target ≥ 1.8), {same}")
    if not args.no_cluster:
        with local_cluster() if args.cluster is None else _given(args.cluster) as address:
            on_cluster, results = timed("cluster", items, cluster=address)
        same = "same results" if results == expected else "DIFFERENT RESULTS"
        print(
            f"Dask scheduler + 2 workers: {on_cluster:7.2f} s, {one / on_cluster:.2f}× one "
            f"worker (target ≥ 1.6), {same}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


@contextmanager
def _given(address: str) -> Iterator[str]:
    yield address


if __name__ == "__main__":
    main()
