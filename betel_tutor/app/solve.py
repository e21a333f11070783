"""``solve``: the declarer's tricks with best play in every contract, for each seat (double
dummy): Betel deals by the solver, bridge boards (PBN, LIN, YAML) by DDS with their par."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from betel_tutor.app.seeds import seed_text
from betel_tutor.bridge.board import BridgeBoard
from betel_tutor.bridge.dd import DoubleDummy
from betel_tutor.errors import NotationError, ScenarioError
from betel_tutor.scenario.boards import boards_of
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.loader import load, read_boards
from betel_tutor.scenario.source import Problem
from betel_tutor.seats import Seat, seats
from betel_tutor.solver.report import TableReport, reports_for_seed
from betel_tutor.solver.table import trick_table

BRIDGE_FILES = (".pbn", ".lin")


@dataclass(frozen=True, slots=True)
class SolveOptions:
    path: str | None = None  # a scenario or board file (or ``seed``)
    seed: str | None = None  # a Betel deal dealt from this seed
    seat: str | None = None  # only this declarer: an index, a letter or a name


@dataclass(frozen=True, slots=True)
class Solved:
    """Betel deals' trick tables (``reports``), or bridge boards' DDS tables and par
    (``boards``, their rows ``seats``); ``refused`` the boards that have none (a variant's),
    to be said beside them."""

    reports: tuple[TableReport, ...] = ()
    boards: tuple[DoubleDummy, ...] = ()
    seats: tuple[Seat, ...] = ()
    refused: tuple[ScenarioError, ...] = ()

    def blocks(self, language: str) -> list[list[str]]:
        """Each deal's or board's lines, for a blank line between them."""
        if self.boards:
            return [board.lines(language, self.seats) for board in self.boards]
        return [report.lines(language) for report in self.reports]

    def to_json(self, language: str) -> dict[str, Any]:
        if len(self.boards) == 1:
            return self.boards[0].to_json(self.seats)
        if self.boards:
            return {"boards": [board.to_json(self.seats) for board in self.boards]}
        return {"deals": [report.to_json(language) for report in self.reports]}


def solve(options: SolveOptions) -> Solved:
    seed, path = seed_text(options.seed), options.path
    if (path is None) == (seed is None):
        raise NotationError("cli.solve_what", token=path or "", position=0)
    if seed is not None:
        return Solved(tuple(reports_for_seed(seed, seats_named(options.seat, 3))))
    assert path is not None
    if os.path.splitext(path)[1].lower() in BRIDGE_FILES:
        return _bridge(read_boards(path), options.seat)
    scenario, problems = load(path)
    if scenario is None or problems:
        raise ScenarioError("solver.bad_file", problem=_Located(problems[0]))
    if not scenario.deals:  # a lesson of words and quizzes only
        raise ScenarioError("solver.no_deals", path=path)
    deals = [deal for deal in scenario.deals if deal.profile.solvable]
    if not deals:  # a YAML file of bridge boards
        return _bridge(boards_of(scenario, path), options.seat)
    chosen = seats_named(options.seat, 3)
    return Solved(tuple(TableReport(d.id, trick_table(realize(d).hands), chosen) for d in deals))


def _bridge(boards: list[BridgeBoard], seat: str | None) -> Solved:
    """DDS's double-dummy table and par for each board; a variant's board (the blue suit is
    not bridge's play) has none, and is refused alone, else said beside the others."""
    solvable = [board for board in boards if board.variant is None]
    refused = tuple(
        ScenarioError("bridge.variant_no_dd", name=board.id, variant=board.variant)
        for board in boards
        if board.variant is not None
    )
    if refused and not solvable:
        raise refused[0]
    chosen = seats_named(seat, 4)
    results = tuple(board.double_dummy() for board in solvable)
    return Solved(boards=results, seats=chosen, refused=refused)


def seats_named(seat: str | None, count: int) -> tuple[Seat, ...]:
    """``--seat``: every seat when not given, else the one named (an index, a letter or a
    name in either language) at a table of ``count``."""
    if seat is None:
        return tuple(Seat(0, count).clockwise()) if count == 4 else seats()
    try:
        if seat.strip().isdigit():
            return (Seat(int(seat), count),)
        return (Seat.parse(seat, count),)
    except ValueError:
        key = "cli.bad_bridge_seat" if count == 4 else "cli.bad_seat"
        raise NotationError(key, token=seat, position=0) from None


@dataclass(frozen=True, slots=True)
class _Located:
    """A file's problem as an error parameter: "file:line:col: what"."""

    problem: Problem

    def localized(self, lang: str) -> str:
        return str(self.problem.format(lang))
