"""``solve`` of a Betel deal from a seed, or of a scenario file: each deal's trick table by the
solver, or the DDS tables of a YAML file's bridge boards."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.app.solved import Solved, seats_named, solve_boards
from betel_tutor.errors import ScenarioError
from betel_tutor.scenario.boards import boards_of
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.loader import load
from betel_tutor.scenario.source import Problem
from betel_tutor.solver.report import TableReport, reports_for_seed
from betel_tutor.solver.table import trick_table


def solve_seed(seed: str, seat: str | None) -> Solved:
    return Solved(tuple(reports_for_seed(seed, seats_named(seat, 3))))


def solve_scenario(path: str, seat: str | None) -> Solved:
    scenario, problems = load(path)
    if scenario is None or problems:
        raise ScenarioError("solver.bad_file", problem=_Located(problems[0]))
    if not scenario.deals:  # a lesson of words and quizzes only
        raise ScenarioError("solver.no_deals", path=path)
    deals = [deal for deal in scenario.deals if deal.profile.solvable]
    if not deals:  # a YAML file of bridge boards
        return solve_boards(boards_of(scenario, path), seat)
    chosen = seats_named(seat, 3)
    return Solved(tuple(TableReport(d.id, trick_table(realize(d).hands), chosen) for d in deals))


@dataclass(frozen=True, slots=True)
class _Located:
    """A file's problem as an error parameter: "file:line:col: what"."""

    problem: Problem

    def localized(self, lang: str) -> str:
        return str(self.problem.format(lang))
