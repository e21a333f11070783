"""Game profiles, checked against the seeds' tables: the blue suit and the bridge slides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from betel_tutor.cards import parse_card, parse_cards
from betel_tutor.errors import NotationError
from betel_tutor.profiles import BETEL, BLUE_SUIT, BRIDGE, profile

DATA = Path(__file__).parent / "data"
BLUE: list[dict[str, Any]] = yaml.safe_load((DATA / "blue_suit_tricks.yaml").read_text("utf-8"))
TABLE: list[dict[str, Any]] = yaml.safe_load((DATA / "bridge_trick_table.yaml").read_text("utf-8"))
ORDER = ["N", "E", "S", "W"]


@pytest.mark.parametrize("case", BLUE, ids=lambda c: str(c["trick"]))
def test_blue_suit_note_tricks(case: dict[str, Any]) -> None:
    trick = parse_cards(case["trick"])
    assert BLUE_SUIT.winner(trick, trump="♠") == case["winner"]


def test_blue_suit_differs_from_bridge_only_on_trump_leads() -> None:
    assert BRIDGE.winner(parse_cards("♠A ♣2 ♦2 ♥2"), trump="♠") == 0
    assert BLUE_SUIT.winner(parse_cards("♥A ♣2 ♥K ♥2"), trump="♠") == 0


CELLS = [
    (row_index, strain, seat)
    for row_index, row in enumerate(TABLE)
    for strain, seat in row["winners"].items()
]


def test_the_table_has_twenty_cells() -> None:
    assert len(CELLS) == 20


@pytest.mark.parametrize(("row_index", "strain", "seat"), CELLS)
def test_bridge_trick_table(row_index: int, strain: str, seat: str) -> None:
    row = TABLE[row_index]
    start = ORDER.index(row["leader"])
    seats = [ORDER[(start + step) % 4] for step in range(4)]
    trick = [parse_card(row["cards"][s]) for s in seats]
    trump = None if strain == "NT" else strain
    assert seats[BRIDGE.winner(trick, trump=trump)] == seat


def test_bridge_has_no_duty_to_beat_or_ruff() -> None:
    hand = parse_cards("♥AK8 ♠7 ♦9")
    assert BRIDGE.legal(hand, parse_cards("♥Q"), trump="♠", beat=True) == set(parse_cards("♥AK8"))
    assert BRIDGE.legal(hand, parse_cards("♣A"), trump="♠", beat=True) == set(hand)
    assert BETEL.legal(hand, parse_cards("♣A"), trump="♠", beat=True) == set(parse_cards("♠7"))


def test_profiles_by_name() -> None:
    assert profile("Betel") is BETEL and profile("blue-suit") is BLUE_SUIT
    assert (BETEL.seats, len(BETEL.deck), BETEL.hand_size, BETEL.dubel_size) == (3, 32, 10, 2)
    assert (BRIDGE.seats, len(BRIDGE.deck), BRIDGE.hand_size) == (4, 52, 13)
    assert None not in BLUE_SUIT.strains and len(BLUE_SUIT.strains) == 3
    with pytest.raises(NotationError):
        profile("skat")
