"""Which contract a deal is played in to make puzzles of it: from its trick table, every
kind of contract (a trump suit, no trumps, a betelek, Betel), once with the goal just within
the declarer's reach (the declarer's puzzles) and once just out of it (the defenders').

The declarer is the seat that does best in the kind: the most tricks in a normal contract,
the fewest in a betelek or Betel. Its contract is set so that best play by all makes it
exactly (declarer) or fails it by one trick (defenders): a puzzle exists only where the
margin is none, so every card of the side to play matters.
"""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.cards import Suit
from betel_tutor.contracts import BETELKI, LADDER, NORMAL, Contract
from betel_tutor.seats import Seat, seats
from betel_tutor.solver.table import COLUMNS, TrickTable


@dataclass(frozen=True, slots=True)
class Framing:
    """A contract for a deal, its declarer, and whose goal is just reachable."""

    contract: Contract
    declarer: Seat
    side: str  # "declarer" or "defender"


def _normal(level: int, strain: Suit | None) -> Contract | None:
    return next((c for c in NORMAL if c.level == level and c.strain is strain), None)


def _betelek(allowed: int) -> Contract | None:
    return next((c for c in BETELKI if c.kind == "betelek" and c.allowed == allowed), None)


def framings(table: TrickTable) -> list[Framing]:
    """The contracts to play the deal in: for a trump suit (the best suit of the best seat),
    no trumps, the betelek and Betel, the declarer's and the defenders' framing where the
    ladder has a contract for it (Betel: :func:`betel_framings`)."""
    out: list[Framing] = []
    suit_column, seat = max(
        ((column, seat) for column in COLUMNS[:4] for seat in seats()),
        key=lambda pair: (table.tricks(pair[1], pair[0]), -pair[1]),
    )
    strain = Suit.parse(suit_column)
    for column, trump, who in ((suit_column, strain, seat), ("NT", None, _best(table, "NT"))):
        tricks = table.tricks(who, column)
        for side, level in (("declarer", tricks - 5), ("defender", tricks - 4)):
            contract = _normal(level, trump)
            if contract is not None:
                out.append(Framing(contract, who, side))
    who = _fewest(table, "betelek")
    tricks = table.tricks(who, "betelek")
    for side, allowed in (("declarer", tricks), ("defender", tricks - 1)):
        contract = _betelek(allowed)
        if contract is not None:
            out.append(Framing(contract, who, side))
    return out + betel_framings([table.tricks(seat, "betel") for seat in seats()])


def betel_framings(tricks: list[int]) -> list[Framing]:
    """Betel allows no trick: a seat held to none (``tricks``: each seat's fewest as
    declarer) is the declarer's puzzle, a seat held to one the defenders'."""
    return [
        Framing(LADDER[24], seat, "declarer" if held == 0 else "defender")
        for seat, held in zip(seats(), tricks, strict=True)
        if held <= 1
    ]


def kind_of(framing: Framing) -> str:
    """``trump``, ``notrump``, ``betelek`` or ``betel``."""
    contract = framing.contract
    if contract.kind == "normal":
        return "notrump" if contract.trump is None else "trump"
    return contract.kind


def _best(table: TrickTable, column: str) -> Seat:
    return max(seats(), key=lambda seat: (table.tricks(seat, column), -seat))


def _fewest(table: TrickTable, column: str) -> Seat:
    return min(seats(), key=lambda seat: (table.tricks(seat, column), seat))
