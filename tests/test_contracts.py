"""The contract ladder (spec §4)."""

from __future__ import annotations

import itertools

import pytest

from betel_tutor.cards import Suit
from betel_tutor.contracts import LADDER, Contract, free_play, parse_contract
from betel_tutor.errors import NotationError

# Spec §4, "in full order".
FULL_ORDER = [
    "B3",
    "1♣",
    "1♦",
    "1♥",
    "1♠",
    "1NT",
    "B2",
    "2♣",
    "2♦",
    "2♥",
    "2♠",
    "2NT",
    "B1",
    "3♣",
    "3♦",
    "3♥",
    "3♠",
    "3NT",
    "B0",
    "4♣",
    "4♦",
    "4♥",
    "4♠",
    "4NT",
    "Betel",
    "5♣",
    "5♦",
    "5♥",
    "5♠",
    "5NT",
]


def test_ladder_order() -> None:
    assert [str(c) for c in LADDER] == FULL_ORDER
    assert [c.rank for c in LADDER] == list(range(30))
    assert all(a < b for a, b in itertools.pairwise(LADDER))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("1♠", "1♠"),
        ("1S", "1♠"),
        ("1s", "1♠"),
        ("3NT", "3NT"),
        ("3BA", "3NT"),
        ("B3", "B3"),
        ("b0", "B0"),
        ("Betel", "Betel"),
        ("4♦", "4♦"),
        ("5NT", "5NT"),
        ("Szlemik w kiery", "4♥"),
        ("Betelek 2", "B2"),
        ("Jeden bez atu", "1NT"),
        ("Szlem bez atu", "5NT"),
        ("Szlem NT", "5NT"),
        ("Dwa kier", "2♥"),
        ("Trzy pik", "3♠"),
        ("Szlemik w karo", "4♦"),
        ("Jeden trefl", "1♣"),
        ("Pięć pików", "5♠"),
        ("two hearts", "2♥"),
        ("one no trump", "1NT"),
        ("3 NT", "3NT"),
        ("Betelek 0", "B0"),
    ],
)
def test_parse(text: str, canonical: str) -> None:
    assert str(parse_contract(text)) == canonical


@pytest.mark.parametrize("text", ["6S", "1X", "", "B4", "0♠", "Szlemik", "kontra", "1♠♠"])
def test_parse_refuses(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_contract(text)
    assert caught.value.token == text


@pytest.mark.parametrize("contract", LADDER, ids=str)
def test_round_trip(contract: Contract) -> None:
    assert parse_contract(str(contract)) == contract
    assert parse_contract(contract.format(ascii=True, lang="pl")) == contract
    assert parse_contract(contract.localized("pl")) == contract
    assert parse_contract(contract.localized("en")) == contract


@pytest.mark.parametrize(
    ("text", "needed"), [("1♣", 6), ("2NT", 7), ("3♥", 8), ("4♠", 9), ("5NT", 10)]
)
def test_tricks_needed(text: str, needed: int) -> None:
    contract = parse_contract(text)
    assert contract.tricks_needed == needed
    assert contract.is_made(needed) and not contract.is_made(needed - 1)


@pytest.mark.parametrize(
    ("text", "allowed"), [("B3", 3), ("B2", 2), ("B1", 1), ("B0", 0), ("Betel", 0)]
)
def test_tricks_allowed(text: str, allowed: int) -> None:
    contract = parse_contract(text)
    assert contract.tricks_allowed == allowed
    assert contract.trump is None
    assert contract.is_made(allowed) and not contract.is_made(allowed + 1)


def test_only_betel_frees_the_defenders() -> None:
    assert [str(c) for c in LADDER if not c.defenders_must_beat] == ["Betel"]
    assert free_play().defenders_must_beat


def test_trumps() -> None:
    assert parse_contract("2♥").trump is Suit.HEARTS
    assert parse_contract("2NT").trump is None
    assert free_play(Suit.CLUBS).trump is Suit.CLUBS
    assert str(free_play(Suit.CLUBS)) == "pass ♣"


def test_polish_names() -> None:
    names = [c.localized("pl") for c in LADDER]
    assert "Szlemik w kiery" in names and "Jeden bez atu" in names and "Betelek 2" in names
    assert len(set(names)) == 30


@pytest.mark.parametrize("contract", [*LADDER, free_play(), *(free_play(s) for s in Suit)], ids=str)
def test_parse_is_the_inverse_of_str(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
    assert eval(repr(contract)) == contract  # repr rebuilds the value


@pytest.mark.parametrize("text", ["pass x", "banana", "9♠", "2 spades and more"])
def test_parse_refuses_what_is_no_contract(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Contract.parse(text)
    assert caught.value.token == text
