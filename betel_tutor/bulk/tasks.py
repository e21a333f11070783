"""Tasks a run can map: module-level functions (so that they pickle by name, to a process of
this machine or a Dask worker) from one work item to a JSON value."""

from __future__ import annotations

from betel_tutor.dealing import deal
from betel_tutor.solver.table import trick_table as table_of


def trick_table(seed: int | str) -> list[list[int]]:
    """The trick table of the Betel deal of ``seed``: for each seat, the declarer's tricks in
    ♣ ♦ ♥ ♠ NT, betelek and Betel (:mod:`betel_tutor.solver.table`)."""
    return [list(row) for row in table_of(deal(seed).hands).rows]
