"""Seat arithmetic for three and four seats: one type, an int, with letters and names."""

from __future__ import annotations

import copy
import pickle

import pytest

from betel_tutor.seats import NORTH, SOUTH, WEST, Seat, clockwise_from, iter_seats, seats


@pytest.mark.parametrize("count", [3, 4])
def test_next_goes_round(count: int) -> None:
    seat = Seat(0, count)
    assert [s.index for s in (seat.next(k) for k in range(count + 1))] == [*range(count), 0]
    assert seat.lho == seat.next() and seat.rho == seat.next(-1)
    assert all(s.next(count) == s for s in seats(count))
    assert all(s.next().distance_from(s) == 1 for s in seats(count))


def test_a_seat_is_an_int_and_one_value() -> None:
    hands = ["s", "w", "n"]
    assert hands[WEST] == "w" and WEST == 1 and Seat(1) is WEST
    by_seat: dict[int, int] = {SOUTH: 1}
    assert by_seat[0] == 1
    assert pickle.loads(pickle.dumps(Seat(3, 4))) is Seat(3, 4)
    assert copy.deepcopy(NORTH) is NORTH
    assert Seat(0, 4) != Seat(2, 4) and Seat(0, 4).count == 4


def test_partner_only_at_four() -> None:
    assert Seat(1, 4).partner == Seat(3, 4)
    with pytest.raises(ValueError):
        _ = Seat(1, 3).partner


def test_bad_seats() -> None:
    with pytest.raises(ValueError):
        Seat(3, 3)
    with pytest.raises(ValueError):
        Seat(0, 5)
    with pytest.raises(ValueError):
        Seat.parse("E")
    with pytest.raises(ValueError):
        Seat.parse("x", 4)


def test_clockwise_from() -> None:
    assert [s.index for s in clockwise_from(Seat(2, 3))] == [2, 0, 1]
    assert list(iter_seats(WEST)) == [WEST, NORTH, SOUTH]
    assert list(iter_seats(NORTH, 2)) == [NORTH, SOUTH]


def test_names_letters_and_parsing() -> None:
    assert [s.localized("en") for s in seats(3)] == ["South", "West", "North"]
    assert [s.localized("pl") for s in seats(4)] == ["Północ", "Wschód", "Południe", "Zachód"]
    assert [str(s) for s in seats(4)] == ["N", "E", "S", "W"]
    assert f"{WEST}|{WEST:>3}|{WEST:d}" == "W|  W|1"
    for token in ("S", "south", "Południe", "poludnie", " SOUTH "):
        assert Seat.parse(token) is SOUTH
    assert Seat.parse("wschód", 4) is Seat(1, 4)
    assert SOUTH.at(4) == Seat(2, 4) and Seat(2, 4).at(3) is SOUTH
    assert repr(Seat(1, 4)) == "Seat.parse('E', 4)"
