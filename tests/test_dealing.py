"""Dealing (spec §2) and seeds that give the same deal everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from betel_tutor.cards import BETEL_DECK, BRIDGE_DECK, parse_cards, sort_cards
from betel_tutor.dealing import deal, deal_bridge, deal_from_deck, shuffled

PINNED: dict[str, list[dict[str, Any]]] = yaml.safe_load(
    (Path(__file__).parent / "data" / "pinned_deals.yaml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", PINNED["betel"], ids=lambda c: str(c["seed"]))
def test_pinned_betel_deals(case: dict[str, Any]) -> None:
    dealt = deal(case["seed"])
    assert [list(hand) for hand in dealt.hands] == [
        sort_cards(parse_cards(h)) for h in case["hands"]
    ]
    assert list(dealt.dubel) == parse_cards(case["dubel"])


@pytest.mark.parametrize("case", PINNED["bridge"], ids=lambda c: str(c["seed"]))
def test_pinned_bridge_deals(case: dict[str, Any]) -> None:
    dealt = deal_bridge(case["seed"])
    assert [list(hand) for hand in dealt.hands] == [
        sort_cards(parse_cards(h)) for h in case["hands"]
    ]


def test_physical_procedure() -> None:
    """From c0..c31: left c0 c4 c8 c11 …; dubel c1 c5; right c2 c6 c9 …; dealer c3 c7 c10 …"""
    deck = list(BETEL_DECK)
    for dealer in range(3):
        dealt = deal_from_deck(deck, dealer=dealer)
        left, right = (dealer + 1) % 3, (dealer + 2) % 3
        assert set(dealt.hands[left]) == {deck[i] for i in [0, 4, *range(8, 32, 3)]}
        assert list(dealt.dubel) == [deck[1], deck[5]]
        assert set(dealt.hands[right]) == {deck[i] for i in [2, 6, *range(9, 32, 3)]}
        assert set(dealt.hands[dealer]) == {deck[i] for i in [3, 7, *range(10, 32, 3)]}
        assert dealt.dealer == dealer


def test_deal_needs_the_whole_deck() -> None:
    with pytest.raises(ValueError):
        deal_from_deck(list(BETEL_DECK[:31]))
    with pytest.raises(ValueError):
        deal_from_deck([*BETEL_DECK[:31], BETEL_DECK[0]])


@given(st.one_of(st.integers(), st.text()), st.integers(0, 2))
def test_every_deal_is_a_partition(seed: int | str, dealer: int) -> None:
    dealt = deal(seed, dealer=dealer)
    cards = [card for hand in dealt.hands for card in hand] + list(dealt.dubel)
    assert sorted(cards) == sorted(BETEL_DECK)
    assert deal(seed, dealer=dealer) == dealt
    bridge = deal_bridge(seed, dealer=dealer)
    assert sorted(card for hand in bridge.hands for card in hand) == sorted(BRIDGE_DECK)
    assert {len(hand) for hand in bridge.hands} == {13}


def test_seeds_differ_and_int_is_not_str() -> None:
    assert deal(1) != deal(2)
    assert deal(1) != deal("1")


def test_shuffle_is_fair_enough() -> None:
    """Each card reaches position 0 about equally often over many seeds."""
    counts = {card: 0 for card in BETEL_DECK}
    for seed in range(3200):
        counts[shuffled(BETEL_DECK, seed)[0]] += 1
    assert min(counts.values()) > 50 and max(counts.values()) < 160


def test_a_seed_with_lone_surrogates_still_deals() -> None:
    # Bytes from the command line that are not UTF-8 arrive as lone surrogates.
    assert deal("\udcff") == deal("\udcff") != deal("\udcfe")
    assert deal("plain") == deal("plain")
