"""``puzzles build`` on a real Dask cluster (a ``dask scheduler`` and two ``dask worker``
processes on 127.0.0.1, started by tests/dask_cluster.py) writes exactly
the puzzles of a build on this machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.puzzles.store import read_puzzles
from tests.in_process import run_cli

pytest.importorskip("distributed")

# The tests on a cluster run on one worker and share its cluster, the fixture ``scheduler``
# of tests/dask_cluster.py.
pytestmark = pytest.mark.xdist_group("dask-cluster")


def test_a_cluster_builds_exactly_the_puzzles_of_this_machine(
    scheduler: str,
    tmp_path: Path,
) -> None:
    here, there = tmp_path / "here.sqlite", tmp_path / "there.sqlite"
    args = ("puzzles", "build", "--deals", "10", "--seed", "cluster")
    local = run_cli(*args, "--out", str(here), "--workers", "1")
    assert local.returncode == 0, local.stderr
    remote = run_cli(*args, "--out", str(there), "--cluster", scheduler)
    assert remote.returncode == 0, remote.stderr
    made_here = [p.to_json() for p in read_puzzles(here)]
    assert made_here
    assert [p.to_json() for p in read_puzzles(there)] == made_here
