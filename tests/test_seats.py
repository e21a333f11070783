"""Seat arithmetic for three and four seats."""

from __future__ import annotations

import pytest

from betel_tutor.seats import Seat, clockwise_from, seats


@pytest.mark.parametrize("count", [3, 4])
def test_next_goes_round(count: int) -> None:
    seat = Seat(0, count)
    assert [s.index for s in (seat.next(k) for k in range(count + 1))] == [*range(count), 0]
    assert seat.lho == seat.next() and seat.rho == seat.next(-1)
    assert all(s.next(count) == s for s in seats(count))
    assert all(s.next().distance_from(s) == 1 for s in seats(count))


def test_partner_only_at_four() -> None:
    assert Seat(1, 4).partner == Seat(3, 4)
    with pytest.raises(ValueError):
        _ = Seat(1, 3).partner


def test_bad_seats() -> None:
    with pytest.raises(ValueError):
        Seat(3, 3)
    with pytest.raises(ValueError):
        Seat(0, 5)


def test_clockwise_from() -> None:
    assert [s.index for s in clockwise_from(Seat(2, 3))] == [2, 0, 1]


def test_names() -> None:
    assert [str(s) for s in seats(3)] == ["South", "West", "North"]
    assert [s.localized("pl") for s in seats(4)] == ["Północ", "Wschód", "Południe", "Zachód"]
    assert [s.letter for s in seats(4)] == ["N", "E", "S", "W"]
