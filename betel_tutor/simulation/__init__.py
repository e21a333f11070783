"""Simulations for teachers (``betel-tutor simulate``): over many deals meeting ``deal``'s
constraints, how often conditions hold, the declarer's expected tricks and the expected score
of every contract, each with its standard error (docs/simulate.md).

The deals are ``deal``'s candidates from a seed, ``seed``, ``seed#1`` …, worked out by the
bulk engine (:func:`betel_tutor.bulk.run`) on processes of this machine or a Dask cluster; the
first ``deals`` candidates meeting the constraints are counted, in their order, so the figures
are the same whatever ran them. With a journal, each candidate's figures are kept as they come
in: a run killed at any moment and started again with the journal counts again what it holds
and works out only the candidates after it, to the same figures; the journal is removed once
the figures are out.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

from betel_tutor.errors import BetelError
from betel_tutor.simulation.deals import Plan, deal_figures
from betel_tutor.simulation.summary import Summary, Tally

__all__ = ["Plan", "Summary", "simulate", "tries_for"]

TRIES_PER_DEAL = 1000  # candidates dealt at most for each deal asked for


def tries_for(deals: int) -> int:
    """The candidates dealt at most before constraints are called too rare."""
    return max(20_000, deals * TRIES_PER_DEAL)


def simulate(
    plan: Plan,
    deals: int,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    journal: str | None = None,
    identity: object = None,
) -> Summary:
    """The figures over the first ``deals`` candidates meeting the plan's constraints;
    ``progress`` is told the deals counted and ``deals`` as they come. A
    :class:`BetelError` when too few of :func:`tries_for` candidates meet them.
    ``journal`` and ``identity`` (what the run is of) as :func:`betel_tutor.bulk.run` takes
    them."""
    from betel_tutor.bulk import run
    from betel_tutor.bulk.engine import BATCH

    tally = Tally.start(plan)
    tries = tries_for(deals)
    # Small batches for a few deals: the engine works out two batches a worker ahead, which
    # for a handful of deals would be more deals than asked for (a bridge table takes seconds).
    batch = max(1, min(BATCH, deals // 4))
    results = run(
        _candidates(plan, tries),
        deal_figures,
        workers=workers,
        cluster=cluster,
        journal=journal,
        identity=identity,
        batch=batch,
    )
    tested = 0
    try:
        for figures in results:
            tested += 1
            if figures is None:
                continue
            assert isinstance(figures, dict)
            tally.add(figures)
            if progress is not None:
                progress(tally.deals, deals)
            if tally.deals == deals:
                break
    finally:
        results.close()  # the work still in flight is dropped, the journal let go
    if journal is not None:
        Path(journal).unlink(missing_ok=True)  # the run is over, whatever it found
    if tally.deals < deals:
        raise BetelError("simulate.too_rare", found=tally.deals, n=tested, deals=deals)
    return tally.summary(tested)


def _candidates(plan: Plan, tries: int) -> Iterator[tuple[Plan, int]]:
    return ((plan, number) for number in itertools.islice(itertools.count(), tries))
