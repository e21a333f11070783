"""The trick table as a reader sees it: figures, and the contracts each seat could make.

Used by ``betel-tutor solve`` and by the deal sheets. A contract is *makeable* by a seat when
the table's figure meets §4's requirement: a normal contract's tricks in its strain, a
betelek's most tricks allowed, Betel's none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from betel_tutor import i18n
from betel_tutor.contracts import LADDER, Contract
from betel_tutor.dealing import deal
from betel_tutor.seats import Seat, seats
from betel_tutor.solver.table import COLUMNS, TrickTable, trick_table

EVERY_SEAT = seats()


def makeable(table: TrickTable, seat: Seat) -> tuple[Contract, ...]:
    """Every contract of the ladder the seat makes as declarer, lowest first."""
    row = dict(zip(COLUMNS, table.rows[seat], strict=True))
    made: list[Contract] = []
    for contract in LADDER:
        if contract.kind == "normal":
            strain = "NT" if contract.strain is None else contract.strain.symbol
            if row[strain] >= contract.tricks_needed:
                made.append(contract)
        elif contract.kind == "betelek":
            if row["betelek"] <= contract.tricks_allowed:
                made.append(contract)
        elif contract.kind == "betel" and row["betel"] == 0:
            made.append(contract)
    return tuple(made)


def column_titles(lang: str) -> tuple[str, ...]:
    return (
        *COLUMNS[:4],
        i18n.translate("solver.column_nt", lang),
        i18n.translate("solver.column_betelek", lang),
        i18n.translate("solver.column_betel", lang),
    )


@dataclass(frozen=True, slots=True)
class TableReport:
    """A deal's trick table, worded in a language: ``lines`` for a terminal, ``to_json``."""

    name: str
    table: TrickTable
    seats: tuple[Seat, ...] = EVERY_SEAT
    seed: str | None = None  # a deal dealt from a seed is named by it, in the reader's words

    def best(self, seat: Seat) -> Contract | None:
        made = makeable(self.table, seat)
        return made[-1] if made else None

    def lines(self, lang: str) -> list[str]:
        titles = column_titles(lang)
        width = max(len(seat.localized(lang)) for seat in self.seats) + 2
        head = " " * width + "".join(f"{title:>8}" for title in titles)
        name = self.name
        if self.seed is not None:
            name = i18n.translate("solver.seed_name", lang, seed=self.seed)
        out = [i18n.translate("solver.table_title", lang, name=name), head]
        for seat in self.seats:
            figures = "".join(f"{n:>8}" for n in self.table.rows[seat])
            best = self.best(seat)
            shown = best.localized(lang) if best is not None else "—"
            best_text = i18n.translate("solver.best", lang, contract=shown)
            out.append(f"{seat.localized(lang):<{width}}{figures}   {best_text}")
        out.append(i18n.translate("solver.table_note", lang))
        return out

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "name": self.name,
            "columns": list(COLUMNS),
            "seats": [
                {
                    "seat": seat.localized(lang),
                    "index": seat.index,
                    "tricks": dict(zip(COLUMNS, self.table.rows[seat], strict=True)),
                    "makeable": [str(c) for c in makeable(self.table, seat)],
                    "best": str(best) if (best := self.best(seat)) is not None else None,
                }
                for seat in self.seats
            ],
            "nodes": self.table.nodes,
        }


def reports_for_seed(seed: str, seats: tuple[Seat, ...] = EVERY_SEAT) -> list[TableReport]:
    """The trick table of the Betel deal dealt from ``seed`` (a scenario file's deals are
    realised and tabled by the ``solve`` command, :mod:`betel_tutor.app.solve`)."""
    return [TableReport(f"seed {seed}", trick_table(deal(seed).hands), seats, seed=seed)]
