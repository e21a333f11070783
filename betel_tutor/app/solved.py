"""What ``solve`` answers (:class:`Solved`), the seats it is asked for, and bridge boards'
double-dummy tables: all a PBN or LIN file's ``solve`` needs, without the scenario model or
the Betel solver (bench/startup.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from betel_tutor.bridge.board import BridgeBoard
from betel_tutor.bridge.dd import DoubleDummy
from betel_tutor.errors import NotationError, ScenarioError
from betel_tutor.seats import Seat, seats

if TYPE_CHECKING:
    from betel_tutor.solver.report import TableReport


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


def solve_boards(boards: list[BridgeBoard], seat: str | None) -> Solved:
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
