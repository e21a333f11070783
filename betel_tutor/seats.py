"""Seat arithmetic for three seats (Betel) and four (bridge), in one place.

Seats are numbered clockwise from 0. "Next" is the player on the left, who plays after you
(spec §1: seats go clockwise; the dealer rotates to the left).
"""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor import i18n

# Names used when the seat numbers are fixed at the table: the learner sits South.
_NAME_KEYS = {
    3: ("seats.south", "seats.west", "seats.north"),
    4: ("seats.north", "seats.east", "seats.south", "seats.west"),
}
_LETTERS = {3: ("S", "W", "N"), 4: ("N", "E", "S", "W")}


@dataclass(frozen=True, slots=True, order=True)
class Seat:
    """One seat at a table of ``count`` seats.

    >>> Seat(2, 3).next()
    Seat(0, 3)
    >>> Seat(0, 4).partner
    Seat(2, 4)
    """

    index: int
    count: int = 3

    def __post_init__(self) -> None:
        if self.count not in _NAME_KEYS:
            raise ValueError(f"a table has 3 or 4 seats, not {self.count}")
        if not 0 <= self.index < self.count:
            raise ValueError(f"seat {self.index} does not exist at a table of {self.count}")

    def __repr__(self) -> str:
        return f"Seat({self.index}, {self.count})"

    def __str__(self) -> str:
        return self.localized("en")

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise (to the left); negative steps go back."""
        return Seat((self.index + steps) % self.count, self.count)

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player clockwise."""
        return self.next(1)

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous player clockwise."""
        return self.next(-1)

    @property
    def partner(self) -> Seat:
        """The seat opposite; only four-seat tables have partners."""
        if self.count != 4:
            raise ValueError("only a four-seat table has partners")
        return self.next(2)

    def distance_from(self, other: Seat) -> int:
        """How many steps clockwise from ``other`` to this seat."""
        return (self.index - other.index) % self.count

    @property
    def letter(self) -> str:
        return _LETTERS[self.count][self.index]

    def localized(self, lang: str) -> str:
        return i18n.translate(_NAME_KEYS[self.count][self.index], lang)


def seats(count: int) -> tuple[Seat, ...]:
    """All seats of a table, clockwise from seat 0."""
    return tuple(Seat(index, count) for index in range(count))


def clockwise_from(first: Seat) -> tuple[Seat, ...]:
    """Every seat once, starting at ``first`` and going clockwise."""
    return tuple(first.next(step) for step in range(first.count))
