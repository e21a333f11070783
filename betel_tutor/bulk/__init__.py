"""Bulk analysis: one task mapped over a stream of work items (seeds or constrained deals),
on worker processes of this machine or on a Dask cluster, with results in input order and a
journal from which a killed run continues. A layer of its own: above the solver and the
scenarios, below the application and the command line (docs/bulk.md)."""

from betel_tutor.bulk.engine import run
from betel_tutor.bulk.items import constrained_deals, seeds
from betel_tutor.bulk.tasks import trick_table

__all__ = ["constrained_deals", "run", "seeds", "trick_table"]
