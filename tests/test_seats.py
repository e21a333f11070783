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


def test_short_forms_read_as_no_rank_nor_other_seat() -> None:
    """In a notation a Polish learner reads Pd, Zach, Pn, Wsch: a lone W would be a jack
    (walet) beside the Polish card letters A K D W, or Wschód (East)."""
    assert [s.short("en") for s in seats(4)] == ["N", "E", "S", "W"]
    assert [s.short("pl") for s in seats(4)] == ["Pn", "Wsch", "Pd", "Zach"]
    polish_ranks = {"A", "K", "D", "W"}
    for seat in seats(4):
        short = seat.short("pl")
        assert short not in polish_ranks and len(short) > 1
        assert all(Seat.parse(short, 4) is not other for other in seats(4) if other != seat)


@pytest.mark.parametrize("count", [3, 4])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_every_written_form_reads_back(count: int, lang: str) -> None:
    for seat in seats(count):
        for written in (seat.short(lang), seat.localized(lang), seat.letter, str(seat)):
            assert Seat.parse(written, count) is seat
            assert Seat.parse(written.lower(), count) is seat
        assert set(seat.spellings()) >= {seat.short(lang), seat.localized(lang)}


def test_an_initial_reads_only_where_it_names_one_seat() -> None:
    assert Seat.parse("Z") is WEST and Seat.parse("z", 4) is Seat(3, 4)
    assert Seat.parse("W", 4) is Seat(3, 4)  # W is West's letter, never Wschód's initial
    for ambiguous in ("P", "p"):  # Północ and Południe
        with pytest.raises(ValueError):
            Seat.parse(ambiguous)
    with pytest.raises(ValueError):
        Seat.parse("Wsch")  # no East at a table of three
    assert Seat.parse("wsch", 4) is Seat(1, 4) and Seat.parse("PN") is NORTH


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_who_wins_the_trick_is_answered_with_any_seat_form(lang: str) -> None:
    """The trick-winner quiz reads the seat the learner names as Seat.parse does: the short
    forms the tutor writes in Polish, and Z for Zachód, in either language."""
    from betel_tutor.cards import parse_card
    from betel_tutor.scenario.model import Quiz, Text
    from betel_tutor.scenario.quizzes import parse_typed_answer

    question = Text(en="Who wins?", pl="Kto bierze?")
    trick = Quiz("trick-winner", question, "♥K", {"trick": "♥9 ♥K ♠A"})
    played = {SOUTH: "♥9", WEST: "♥K", NORTH: "♠A"}
    for seat, card in played.items():
        for written in {seat.short("pl"), seat.short(lang), seat.localized(lang)}:
            assert parse_typed_answer(trick, written, lang) == parse_card(card), written
    assert parse_typed_answer(trick, "Z", lang) == parse_card("♥K")
