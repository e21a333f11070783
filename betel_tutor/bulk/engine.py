"""Mapping a task over work items: in this process, on worker processes of this machine, or on
a Dask cluster; the results come back in input order, a batch at a time, the same whatever ran
them (a task is a pure function of its item), and go to the journal if there is one."""

from __future__ import annotations

import itertools
import json
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sized
from contextlib import ExitStack, closing
from typing import Any, Protocol, TypeVar

from betel_tutor.bulk.journal import Journal
from betel_tutor.cores import available_cores, usable_workers, worker_pool
from betel_tutor.solver.api import prepare

BATCH = 8  # items a worker is sent at once: enough to hide the round trip of a Dask task
AHEAD = 2  # batches in flight for each worker, so that none waits for the next one

Item = TypeVar("Item")
Task = Callable[[Any], object]
Progress = Callable[[int, int | None], None]


class Pending(Protocol):
    def result(self) -> list[str]: ...


class Submit(Protocol):
    def __call__(self, task: Task, batch: list[Any]) -> Pending: ...


def run(
    items: Iterable[Item],
    task: Callable[[Item], object],
    *,
    workers: int | None = None,
    cluster: str | None = None,
    journal: str | None = None,
    identity: object = None,
    progress: Progress | None = None,
    batch: int = BATCH,
) -> Generator[object, None, None]:
    """``task(item)`` for each item, in the items' order, as each batch is done.

    ``task`` is a module-level function (it travels by name) returning a JSON value; the
    results are as JSON reads them back (a tuple comes back a list), whether worked out now or
    read from the journal. ``workers``: processes of this machine (one per core by default;
    one works in this process); ``cluster``: a Dask scheduler's address (``tcp://host:8786``),
    whose workers do the work instead. ``journal``: a file the results are appended to; a run
    given the journal of a killed one yields the results in it and works out only the rest;
    ``identity`` (a JSON value: the run's arguments) is kept in its first line, and a journal
    of another identity is refused.
    ``progress`` is told the items done and how many there are (``None`` when not known)."""
    total = len(items) if isinstance(items, Sized) else None
    name = f"{task.__module__}.{task.__qualname__}"
    with ExitStack() as stack:
        # The workers first: a worker forked after the journal is opened would hold its lock
        # (``flock`` follows the open file into the child) until it ends.
        submit, slots = _executor(stack, workers, cluster)
        log = stack.enter_context(closing(Journal(journal, name, identity))) if journal else None
        done = list(log.done) if log is not None else []
        finished = len(done)
        yield from done
        if progress is not None:
            progress(finished, total)
        rest = itertools.islice(iter(items), finished, None)
        pending: deque[Pending] = deque()

        def finish_oldest() -> list[str]:
            nonlocal finished
            lines = pending.popleft().result()
            if log is not None:
                log.append(lines)
            finished += len(lines)
            if progress is not None:
                progress(finished, total)
            return lines

        for chunk in _chunks(rest, batch):
            pending.append(submit(task, chunk))
            if len(pending) >= slots * AHEAD:
                yield from (json.loads(line) for line in finish_oldest())
        while pending:
            yield from (json.loads(line) for line in finish_oldest())


def _chunks(items: Iterator[Item], size: int) -> Iterator[list[Item]]:
    while chunk := list(itertools.islice(items, size)):
        yield chunk


def work(task: Task, batch: list[Any]) -> list[str]:
    """In a worker: the results of a batch as JSON texts (the solver made ready first, once
    per process)."""
    prepare()
    return [json.dumps(task(item), ensure_ascii=False) for item in batch]


class _Done:
    def __init__(self, lines: list[str]) -> None:
        self._lines = lines

    def result(self) -> list[str]:
        return self._lines


def _executor(stack: ExitStack, workers: int | None, cluster: str | None) -> tuple[Submit, int]:
    """How batches are sent out, and how many run at once."""
    if cluster is not None:
        from betel_tutor.bulk.cluster import connect

        client = stack.enter_context(connect(cluster))
        slots = max(1, sum(client.nthreads().values()))  # type: ignore[no-untyped-call]

        def on_cluster(task: Task, batch: list[Any]) -> Pending:
            return client.submit(work, task, batch, pure=False)

        return on_cluster, slots
    count = usable_workers(available_cores() if workers is None else workers)
    if count == 1:
        return (lambda task, batch: _Done(work(task, batch))), 1
    pool = worker_pool(count, initializer=prepare)
    stack.callback(pool.shutdown, cancel_futures=True)
    pool.submit(prepare).result()  # forks every worker now (all at once, as fork's pools do)
    return (lambda task, batch: pool.submit(work, task, batch)), count
