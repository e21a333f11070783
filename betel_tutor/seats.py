"""Seats: one type for the three seats of Betel and the four of bridge, in one place.

A :class:`Seat` *is* an int (its index, clockwise from 0), so it indexes hands and tricks and
flows through every API; it also knows how many seats its table has, so "next player",
"partner" and the seat's letter and name never need a ``% 3`` or a private table of names.

Betel (three seats) numbers them South 0, West 1, North 2; bridge (four) North 0, East 1,
South 2, West 3, as endplay and the PBN format do. Seats go clockwise: "next" is the player on
the left, who plays after you (spec §1: the dealer rotates to the left). The letters are the
compass letters N E S W in both languages, as files and the JSON events write them; names are
translated (``localized``).

What a learner reads in a notation (an offer ``Pn>Zach odzywka pas +15``) is the seat's
``short`` form: the letter in English, and in Polish the abbreviations Pd, Zach, Pn, Wsch
(południe, zachód, północ, wschód), because a lone W would read as *walet* (a jack) or as
*Wschód* (East) beside the Polish card letters A K D W. ``parse`` reads every form back, in
either language: letters, names, short forms, and a name's initial where it names one seat
only (Z for Zachód; P is both Północ and Południe, and W is always West's letter).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from betel_tutor import i18n

_COMPASS = {3: ("south", "west", "north"), 4: ("north", "east", "south", "west")}
_LETTER = {"south": "S", "west": "W", "north": "N", "east": "E"}
_SHORT = {  # the catalog keys of the short forms
    "south": "seats.south_short",
    "west": "seats.west_short",
    "north": "seats.north_short",
    "east": "seats.east_short",
}


class Seat(int):
    """One seat at a table of ``count`` seats (3 for Betel, 4 for bridge).

    >>> Seat(2).next(), Seat(0, 4).partner, Seat(1) == 1
    (Seat.parse('S'), Seat.parse('S', 4), True)
    >>> str(Seat(1)), Seat(1).localized("pl"), [str(s) for s in Seat(2, 4).clockwise()]
    ('W', 'Zachód', ['S', 'W', 'N', 'E'])
    >>> Seat(1).short("en"), Seat(1).short("pl"), Seat.parse("Zach"), Seat.parse("Z")
    ('W', 'Zach', Seat.parse('W'), Seat.parse('W'))
    """

    count: int
    _cache: dict[tuple[int, int], Seat] = {}  # noqa: RUF012  (one value per seat, shared)

    def __new__(cls, index: int, count: int = 3) -> Seat:
        key = (int(index), count)
        known = cls._cache.get(key)
        if known is not None:
            return known
        if count not in _COMPASS:
            raise ValueError(f"a table has 3 or 4 seats, not {count}")
        if not 0 <= key[0] < count:
            raise ValueError(f"seat {index} does not exist at a table of {count}")
        seat = super().__new__(cls, key[0])
        seat.count = count
        cls._cache[key] = seat
        return seat

    def __reduce__(self) -> tuple[Any, ...]:
        return (Seat, (int(self), self.count))

    def __copy__(self) -> Seat:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Seat:
        return self

    @classmethod
    def parse(cls, token: str, count: int = 3) -> Seat:
        """A seat from its letter, its name or its short form in either language (``S``,
        ``south``, ``Południe``, ``poludnie``, ``Pd``), or an initial that names one seat only
        (``Z``); ``ValueError`` if the table has no such seat."""
        seat = _named(count).get(_fold(token))
        if seat is None:
            raise ValueError(f"no seat {token!r} at a table of {count}")
        return seat

    def __repr__(self) -> str:
        suffix = "" if self.count == 3 else f", {self.count}"
        return f"Seat.parse({self.letter!r}{suffix})"

    def __str__(self) -> str:
        return self.letter

    def __format__(self, spec: str) -> str:
        # A number format (``{seat:d}``) gives the index; any other gives the letter.
        return (
            format(int(self), spec)
            if spec[-1:] in ("d", "x", "o", "b")
            else format(self.letter, spec)
        )

    @property
    def index(self) -> int:
        return int(self)

    @property
    def compass(self) -> str:
        """``south``, ``west``, ``north`` or ``east``: the catalog key of the seat's name."""
        return _COMPASS[self.count][self]

    @property
    def letter(self) -> str:
        return _LETTER[self.compass]

    def localized(self, lang: str) -> str:
        """The seat's name in ``lang``: ``South``, ``Południe``."""
        return i18n.translate(f"seats.{self.compass}", lang)

    def short(self, lang: str) -> str:
        """The seat in a notation the learner reads in ``lang``: ``S`` in English, ``Pd`` in
        Polish, where no short form can be read as a card's rank or another seat."""
        return i18n.translate(_SHORT[self.compass], lang)

    def spellings(self) -> tuple[str, ...]:
        """Every word :meth:`parse` reads as this seat, as written (it ignores case and
        Polish diacritics): the letter; the name and short form in each language; and the
        initial of a name that no other seat at this table starts with or is lettered by."""
        words = [self.letter]
        for lang in i18n.LANGUAGES:
            words += [self.localized(lang), self.short(lang)]
        others = [seat for seat in seats(self.count) if seat != self]
        lettered = {_fold(other.letter) for other in others}
        for lang in i18n.LANGUAGES:
            initial = self.localized(lang)[0]
            taken = lettered | {_fold(other.localized(lang))[0] for other in others}
            if _fold(initial) not in taken:
                words.append(initial)
        return tuple(dict.fromkeys(words))

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise (to the left); negative steps go back."""
        return Seat((int(self) + steps) % self.count, self.count)

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

    def distance_from(self, other: int) -> int:
        """How many steps clockwise from ``other`` to this seat."""
        return (int(self) - int(other)) % self.count

    def clockwise(self) -> tuple[Seat, ...]:
        """Every seat once, starting here and going clockwise."""
        return tuple(self.next(step) for step in range(self.count))

    def at(self, count: int) -> Seat:
        """The seat with the same compass name at a table of ``count`` (South at three is
        South at four); ``ValueError`` if there is none (East at three)."""
        return Seat.parse(self.letter, count)


def seats(count: int = 3) -> tuple[Seat, ...]:
    """All seats of a table, clockwise from seat 0."""
    return Seat(0, count).clockwise()


def clockwise_from(first: Seat) -> tuple[Seat, ...]:
    """Every seat once, starting at ``first`` and going clockwise."""
    return first.clockwise()


def iter_seats(first: Seat, count: int | None = None) -> Iterator[Seat]:
    """``count`` seats clockwise from ``first`` (a whole round by default), e.g. the players
    of a trick from its leader."""
    for step in range(first.count if count is None else count):
        yield first.next(step)


def _fold(token: str) -> str:
    plain = token.strip().lower()
    return plain.translate(str.maketrans("łóśżźćńąę", "loszzcnae"))


_NAMED: dict[int, dict[str, Seat]] = {}


def _named(count: int) -> dict[str, Seat]:
    if count not in _NAMED:
        if count not in _COMPASS:
            raise ValueError(f"a table has 3 or 4 seats, not {count}")
        names: dict[str, Seat] = {}
        for seat in seats(count):
            for word in seat.spellings():
                names[_fold(word)] = seat
        _NAMED[count] = names
    return _NAMED[count]


SOUTH, WEST, NORTH = seats(3)
"""Betel's three seats; the learner sits South."""
