"""The work items of a run: plain, picklable values that a task turns into a result.

A seed stands for the deal :func:`betel_tutor.dealing.deal` makes of it; a constrained stream
gives the seeds of the deals meeting a :class:`~betel_tutor.scenario.finder.Wanted`, the same
candidates ``deal`` tests (``seed``, ``seed#1`` …), so each found seed deals its cards again
anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from betel_tutor.scenario.finder import Wanted, accepts, candidate, candidate_seed


def seeds(base: int | str, count: int) -> list[int | str]:
    """``count`` seeds from ``base``: ``base``, ``base#1``, ``base#2`` …"""
    return [candidate_seed(base, number) for number in range(count)]


def constrained_deals(wanted: Wanted, base: int | str, *, tries: int) -> Iterator[int | str]:
    """The seeds, among the first ``tries`` candidates from ``base``, whose deals meet
    ``wanted``: lazily, so that a run starts on the first before the last is found."""
    for number in range(tries):
        if accepts(wanted, candidate(wanted, base, number)):
            yield candidate_seed(base, number)
