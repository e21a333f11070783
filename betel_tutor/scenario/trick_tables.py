"""The trick table of every Betel deal of a scenario file, for ``betel-tutor solve FILE``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from betel_tutor.errors import ScenarioError
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.loader import load
from betel_tutor.seats import Seat
from betel_tutor.solver.report import EVERY_SEAT, TableReport
from betel_tutor.solver.table import trick_table


@dataclass(frozen=True, slots=True)
class _Located:
    """A file's problem as an error parameter: "file:line:col: what"."""

    problem: Any

    def localized(self, lang: str) -> str:
        return str(self.problem.format(lang))


def reports_for_file(path: str, seats: tuple[Seat, ...] = EVERY_SEAT) -> list[TableReport]:
    """The trick table of every Betel deal of a scenario file (bridge boards are skipped)."""
    scenario, problems = load(path)
    if scenario is None or problems:
        raise ScenarioError("solver.bad_file", problem=_Located(problems[0]))
    reports = [
        TableReport(deal.id, trick_table(realize(deal).hands), seats)
        for deal in scenario.deals
        if deal.game == "betel"
    ]
    if not reports:
        raise ScenarioError("solver.no_deals", path=path)
    return reports
