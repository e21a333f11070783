"""The ``explain`` and ``rules`` commands in-process, through the application layer."""

from __future__ import annotations

import pytest

from betel_tutor.app import explain
from betel_tutor.app.rules import RulesOptions, rules
from betel_tutor.cards import parse_cards
from betel_tutor.errors import BetelError


def test_a_trick_is_read_in_the_language_given() -> None:
    english = explain.trick(explain.TrickOptions("♥Q ♥K ♠7", trump="♠"))
    polish = explain.trick(explain.TrickOptions("♥D ♥K ♠7", trump="♠", language="pl"))
    assert english.to_json("en")["winner"] == polish.to_json("en")["winner"] == 2


def test_a_betel_hand_must_beat_the_card_led() -> None:
    """Rule 7: a player who can follow must beat; ♥8 cannot beat ♥Q and ♠7 does not follow."""
    shown = explain.legal(explain.LegalOptions("♥AK8 ♠7", "♥Q"))
    assert shown.to_json("en")["legal"] == ["♥A", "♥K"]


def test_penalty_cards_give_the_bridge_laws() -> None:
    """Law 44: a bridge hand follows suit; a major penalty card in another suit waits."""
    options = explain.LegalOptions("♥AK8 ♠7", "♥Q", game="bridge", penalty_cards="♠7")
    data = explain.legal(options).to_json("en")
    assert data["legal"] == ["♥A", "♥K", "♥8"] and data["game"] == "bridge"
    assert data["refused"] == [{"card": "♠7", "reason": "must_follow", "law": "44"}]


def test_penalty_cards_are_refused_in_betel() -> None:
    options = explain.LegalOptions("♥AK8 ♠7", "♥Q", game="betel", penalty_cards="♠7")
    with pytest.raises(BetelError) as refused:
        explain.legal(options)
    assert refused.value.key == "penalty.bridge_only" and refused.value.law == "50"


def test_a_bad_card_is_one_error_naming_its_token() -> None:
    with pytest.raises(BetelError) as refused:
        explain.legal(explain.LegalOptions("♥AK8 ♠X"))
    assert refused.value.params["token"] == "X" and "'X'" in refused.value.message("en")


def test_a_score_is_split_by_the_tricks() -> None:
    """1NT with 6 tricks of 10 for the declarer: 20 for them, 15 and 5 for the defenders."""
    shown = explain.score(explain.ScoreOptions("1NT", "6,3,1"))
    assert shown.to_json("en")["scores"] == [20, 15, 5]


def test_an_illegal_call_stops_the_auction_and_is_carried() -> None:
    """Rule 11: each declaration must be higher than the one standing."""
    good = explain.auction(explain.AuctionOptions(("1♠", "kontra", "pass")))
    assert getattr(good, "error", None) is None
    bad = explain.auction(explain.AuctionOptions(("1♠", "1♣")))
    error = getattr(bad, "error", None)
    assert isinstance(error, BetelError) and "rule 11" in error.message("en")


def test_one_point_of_the_rules_in_either_language() -> None:
    assert rules(RulesOptions("7")).lines("pl") == [
        "7. Obowiązek przebijania, z wyjątkiem opisanym w punkcie 8."
    ]
    assert len(rules(RulesOptions()).lines("en")) == 22  # the title and 21 points
    with pytest.raises(BetelError):
        rules(RulesOptions("22"))


def test_the_options_are_values() -> None:
    options = explain.TrickOptions("♥Q ♥K ♠7")
    with pytest.raises(AttributeError):
        options.trick = "♠A"  # type: ignore[misc]
    assert parse_cards(options.trick) == parse_cards("♥Q ♥K ♠7")
