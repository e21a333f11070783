"""The trick table of a deal: the declarer's tricks in every contract, for each seat.

The declarer leads to the first trick (spec §5). For a normal contract the figure is the most
tricks the declarer can take; for the betelki (all played alike, without trumps, everybody
beating) and for Betel (the defenders free of the beat obligation, rule 8) it is the fewest the
declarer can be held to. Which contracts a figure makes follows from §4's trick requirements.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from betel_tutor.cards import Card, Suit
from betel_tutor.seats import Seat, seats
from betel_tutor.solver.api import make_board, solve_position

STRAINS: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)
COLUMNS: tuple[str, ...] = ("♣", "♦", "♥", "♠", "NT", "betelek", "betel")


@dataclass(frozen=True, slots=True)
class TrickTable:
    """``rows[seat]`` holds the declarer's tricks under the seven ``COLUMNS``."""

    rows: tuple[tuple[int, ...], ...]
    nodes: int

    def tricks(self, seat: Seat, column: str) -> int:
        return self.rows[seat][COLUMNS.index(column)]

    def as_dict(self) -> dict[str, dict[str, int]]:
        return {
            str(seat): dict(zip(COLUMNS, row, strict=True)) for seat, row in enumerate(self.rows)
        }


def trick_table(hands: Sequence[Iterable[Card]]) -> TrickTable:
    """The declarer's tricks for every seat and every strain, betelek and Betel."""
    cards = [list(hand) for hand in hands]
    rows: list[tuple[int, ...]] = []
    nodes = 0
    for seat in seats():
        row: list[int] = []
        for strain in STRAINS:
            board = make_board(trump=strain, declarer=seat, contract_kind="normal")
            solution = solve_position(cards, declarer=seat, leader=seat, board=board)
            row.append(solution.tricks)
            nodes += solution.nodes
        # Betel first: its upper bounds hold in the betelek too (``Board.take_upper_bounds``).
        betel = make_board(trump=None, declarer=seat, contract_kind="betel")
        in_betel = solve_position(cards, declarer=seat, leader=seat, board=betel)
        betelek = make_board(trump=None, declarer=seat, contract_kind="betelek")
        betelek.take_upper_bounds(betel)
        # The search starts from Betel's figure, which bounds the betelek's from above and
        # is often equal to it (measured: a sixth fewer cards searched in the betelek).
        in_betelek = solve_position(
            cards, declarer=seat, leader=seat, board=betelek, guess=in_betel.tricks
        )
        row += [in_betelek.tricks, in_betel.tricks]
        nodes += in_betelek.nodes + in_betel.nodes
        rows.append(tuple(row))
    return TrickTable(tuple(rows), nodes)
