"""``simulate`` on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes
on 127.0.0.1, started here and killed at the end, give exactly the figures of a run on this
machine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from betel_tutor.app.simulate import SimulateOptions, run_simulation

pytest.importorskip("distributed")


# The tests on a cluster run on one worker and share its cluster, the fixture ``scheduler``
# of tests/dask_cluster.py.
pytestmark = pytest.mark.xdist_group("dask-cluster")


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
