"""Double dummy for bridge boards, from DDS (through endplay): the tricks each seat takes as
declarer in each strain, and the par score and contracts.

Used by ``betel-tutor solve`` on a bridge board and by the sheets of bridge boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from betel_tutor import i18n
from betel_tutor.bridge import endplay_parts
from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.seats import Seat

STRAINS = ("♣", "♦", "♥", "♠", "NT")
# endplay's Denom order (its table's rows): spades, hearts, diamonds, clubs, NT.
_DENOM_ROW = {"♠": 0, "♥": 1, "♦": 2, "♣": 3, "NT": 4}
_VUL = {"none": 0, "all": 1, "NS": 2, "EW": 3}  # endplay's Vul values
_STRAIN_OF_DENOM = ("♠", "♥", "♦", "♣", "NT")
SEATS = tuple(Seat(0, 4).clockwise())


@dataclass(frozen=True)
class ParContract:
    level: int
    strain: str
    declarer: Seat
    doubled: bool

    def localized(self, lang: str) -> str:
        strain = i18n.translate("bridge.nt", lang) if self.strain == "NT" else self.strain
        double = i18n.translate("bridge.doubled", lang) if self.doubled else ""
        return f"{self.level}{strain}{double} {self.declarer.letter}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'x' if self.doubled else ''} {self.declarer.letter}"


@dataclass(frozen=True)
class DoubleDummy:
    """A board's double-dummy table (``tricks[seat][strain]``) and its par."""

    name: str
    tricks: dict[Seat, dict[str, int]]
    par_score: int  # for North-South
    par_contracts: tuple[ParContract, ...]

    def makeable(self, seat: Seat, strain: str) -> int | None:
        """The highest level the seat makes as declarer in the strain, or ``None``."""
        level = self.tricks[seat][strain] - 6
        return level if level >= 1 else None

    def lines(self, lang: str, seats: tuple[Seat, ...] = SEATS) -> list[str]:
        """The table (the rows of ``seats``, every seat by default) and the board's par."""
        titles = [i18n.translate("bridge.nt", lang) if s == "NT" else s for s in STRAINS]
        width = max(len(seat.localized(lang)) for seat in SEATS) + 2
        out = [
            i18n.translate("bridge.table_title", lang, name=self.name),
            " " * width + "".join(f"{title:>5}" for title in titles),
        ]
        for seat in seats:
            figures = "".join(f"{self.tricks[seat][s]:>5}" for s in STRAINS)
            out.append(f"{seat.localized(lang):<{width}}{figures}")
        contracts = ", ".join(c.localized(lang) for c in self.par_contracts) or "—"
        out.append(i18n.translate("bridge.par", lang, score=self.par_score, contracts=contracts))
        return out

    def to_json(self, seats: tuple[Seat, ...] = SEATS) -> dict[str, Any]:
        return {
            "board": self.name,
            "table": {seat.letter: dict(self.tricks[seat]) for seat in seats},
            "par": {
                "score": self.par_score,
                "contracts": [str(contract) for contract in self.par_contracts],
            },
        }

    def entry(self) -> dict[str, Any]:
        """The table and par as plain JSON values, for a cache (:meth:`from_entry`)."""
        return {
            "tricks": [[self.tricks[seat][strain] for strain in STRAINS] for seat in SEATS],
            "par_score": self.par_score,
            "par": [[c.level, c.strain, int(c.declarer), c.doubled] for c in self.par_contracts],
        }

    @classmethod
    def from_entry(cls, name: str, entry: Any) -> DoubleDummy:
        """What :meth:`entry` wrote; ``ValueError``, ``KeyError`` or ``TypeError`` if
        ``entry`` does not hold a table and a par."""
        rows = entry["tricks"]
        if len(rows) != len(SEATS) or any(len(row) != len(STRAINS) for row in rows):
            raise ValueError("not a double-dummy table")
        tricks = {
            seat: {strain: whole(n, 0, 13) for strain, n in zip(STRAINS, row, strict=True)}
            for seat, row in zip(SEATS, rows, strict=True)
        }
        contracts = []
        for level, strain, seat, doubled in entry["par"]:
            if strain not in STRAINS or type(doubled) is not bool:
                raise ValueError("not a contract")
            declarer = Seat(whole(seat, 0, 3), 4)
            contracts.append(ParContract(whole(level, 1, 7), strain, declarer, doubled))
        score = whole(entry["par_score"], -7600, 7600)  # 7NT redoubled, vulnerable, all over
        return cls(name, tricks, score, tuple(contracts))


def whole(value: Any, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (not a bool, a text or a
    fraction), else ``ValueError``: what a cache entry holds is checked, never trusted."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"not a whole number from {low} to {high}")
    return value


PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def pbn_hand(hand: tuple[Card, ...]) -> str:
    """A hand as PBN writes it: ``AKQ.JT9.8765.432`` (spades first, T for the ten)."""
    groups = []
    for suit in PBN_SUITS:
        ranks = sorted((card.rank for card in hand if card.suit is suit), reverse=True)
        groups.append("".join("T" if rank is Rank.TEN else rank.symbol for rank in ranks))
    return ".".join(groups)


def pbn_deal(hands: tuple[tuple[Card, ...], ...]) -> str:
    """The deal as PBN's ``Deal`` tag writes it, from North: ``N:AKQJ.AKQJ.AKQ.AK …``."""
    return "N:" + " ".join(pbn_hand(hand) for hand in hands)


def double_dummy(
    deal: str, dealer: Seat, vulnerable: str = "none", *, name: str = ""
) -> DoubleDummy:
    """DDS's table and par for ``deal`` (PBN's ``Deal`` tag, :func:`pbn_deal`), the par with
    the board's ``dealer`` and vulnerability; ``name`` the board's."""
    _dds_threads(0)
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    table = calc_dd_table(Deal(deal))
    rows = table.to_list()  # rows by denomination, columns by player N E S W
    tricks = {
        seat: {strain: int(rows[_DENOM_ROW[strain]][int(seat)]) for strain in STRAINS}
        for seat in SEATS
    }
    result = par(table, Vul(_VUL[vulnerable]), Player(int(dealer)))
    contracts = tuple(
        ParContract(
            int(c.level),
            _STRAIN_OF_DENOM[int(c.denom)],
            Seat(int(c.declarer), 4),
            int(c.penalty) > 1,
        )
        for c in result
    )
    return DoubleDummy(name, tricks, int(result.score), contracts)


# DDS's threads in this process, as last set; 0 (one a core) is what endplay sets on loading it.
_threads = [0]


def _dds_threads(threads: int) -> None:
    """Load DDS and give it ``threads`` threads in this process (0: one a core), each with its
    own memory (transposition tables), unless it has them already. A whole table is spread over
    the threads; a single search runs on one, so a process doing only those (``deal``'s
    workers, one a core) keeps one thread's memory, not one a core in every process."""
    endplay_parts.load()
    if _threads[0] != threads:
        from endplay._dds import SetMaxThreads

        SetMaxThreads(threads)
        _threads[0] = threads


def declarer_tricks(hands: tuple[tuple[Card, ...], ...], declarer: int, strain: str) -> int:
    """The tricks ``declarer`` (0 N, 1 E, 2 S, 3 W) takes in ``strain`` (a suit symbol or
    ``NT``), double dummy, the declarer's left-hand opponent leading: one DDS search from the
    opening lead for one best card (half the time of scoring every card), much cheaper than the
    whole table."""
    _dds_threads(1)
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    table = Deal(pbn_deal(hands))
    table.trump = Denom(_DENOM_ROW[strain])
    table.first = Player((declarer + 1) % 4)
    defenders = max(tricks for _, tricks in solve_board(table, SolveMode.OptimalOne))
    return 13 - int(defenders)
