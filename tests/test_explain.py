"""Step-by-step explanations: they agree with the rules engine and read in both languages."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor import explain as explain_module
from betel_tutor import i18n
from betel_tutor.cards import BETEL_DECK, BRIDGE_DECK, Card, Suit, parse_card, parse_cards
from betel_tutor.errors import BetelError, IllegalCall, NotationError
from betel_tutor.explain import (
    AuctionExplanation,
    Explanation,
    explain_auction,
    explain_legal,
    explain_score,
    explain_trick,
    parse_calls,
    parse_tricks,
    rules_summary,
)
from betel_tutor.rules import Variant, legal_plays, trick_winner
from betel_tutor.seats import SOUTH, WEST

DATA = Path(__file__).parent / "data"
SCORING_EXAMPLES: list[dict[str, Any]] = yaml.safe_load(
    (DATA / "scoring_examples.yaml").read_text(encoding="utf-8")
)
# The blue-suit note's eight example tricks, spades trumps (seeds/000): cards, winner index.
BLUE_SUIT_TRICKS = [
    ("♠A ♣2 ♦2 ♥2", 1),
    ("♠A ♣2 ♣3 ♣4", 1),
    ("♠A ♣2 ♠5 ♣T", 3),
    ("♠A ♣A ♠5 ♣4", 3),
    ("♠A ♣A ♠5 ♠6", 3),
    ("♠A ♣A ♠6 ♠5", 2),
    ("♠A ♠5 ♣6 ♦5", 2),
    ("♠A ♠5 ♣6 ♠2", 3),
]
# Steps after which the card just played is winning the trick.
TAKES_OVER = {
    "explain.beats",
    "explain.ruffs",
    "explain.blue_club_beats_trump",
    "explain.blue_trump_beats_club",
}


def keys(explanation: Explanation) -> list[str]:
    return [step.key for step in explanation.steps]


def params(explanation: Explanation, key: str) -> dict[str, Any]:
    (step,) = [step for step in explanation.steps if step.key == key]
    return dict(step.params)


def assert_worded(explanation: Explanation) -> None:
    """Every step reads in both languages, and the JSON form survives ``json.dumps``."""
    english, polish = explanation.lines("en"), explanation.lines("pl")
    assert len(english) == len(polish) == len(explanation.steps)
    assert all(line.strip() for line in english + polish)
    assert english != polish
    json.dumps(explanation.to_json("pl"), ensure_ascii=False)


# -- tricks -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("trick", "winner"), BLUE_SUIT_TRICKS)
def test_blue_suit_note_examples(trick: str, winner: int) -> None:
    why = explain_trick(parse_cards(trick), trump="♠", variant="blue-suit")
    assert why.winner == winner
    assert why.to_json()["card"] == str(parse_cards(trick)[winner])
    assert "explain.blue_on" in keys(why)
    assert_worded(why)


def test_blue_suit_steps_name_the_rule() -> None:
    why = explain_trick(parse_cards("♠A ♣A ♠5 ♣4"), trump="♠", variant="blue-suit")
    assert keys(why)[-4:] == [
        "explain.blue_club_beats_trump",
        "explain.blue_trump_beats_club",
        "explain.blue_club_beats_trump",
        "explain.wins",
    ]
    two_clubs = explain_trick(parse_cards("♠A ♣2 ♣3 ♣4"), trump="♠", variant="blue-suit")
    assert keys(two_clubs).count("explain.blue_club_on_club") == 2


def test_blue_suit_off_a_trump_lead_clubs_are_ordinary() -> None:
    why = explain_trick(parse_cards("♥2 ♣A ♥3 ♦4"), trump="♠", variant="blue-suit")
    assert "explain.blue_off" in keys(why)
    assert why.winner == 2


def test_betel_trick_json_shape() -> None:
    data = explain_trick(parse_cards("♥Q ♥K ♠7"), trump="♠").to_json()
    assert data["winner"] == 2
    assert data["card"] == "♠7"
    assert data["game"] == "betel"
    assert data["trump"] == "♠"
    assert [step["key"] for step in data["steps"]][-3:] == [
        "explain.beats",
        "explain.ruffs",
        "explain.wins",
    ]


def test_no_trump_discard() -> None:
    why = explain_trick(parse_cards("♦7 ♠A ♦8"))
    assert why.winner == 2
    assert "explain.discard_no_trump" in keys(why)
    assert why.lines("en")[1] == "No trumps"
    assert why.lines("pl")[-1] == "♦8 bierze lewę (karta 3)"


@pytest.mark.parametrize(
    ("trick", "options", "key"),
    [
        ("♠A ♥K", {}, "explain.trick_size"),
        ("♠A ♥K ♠A", {}, "cards.duplicate"),
        ("♠A ♥K ♠2", {}, "explain.not_betel_card"),
        ("♠A ♥K ♠Q ♦2", {"trump": "♣", "variant": "blue-suit"}, "explain.blue_suit_trump"),
        ("♠A ♥K ♠Q ♦2", {"variant": "blue-suit"}, "explain.blue_suit_trump"),
        ("♠A ♥K ♠Q", {"variant": "red"}, "rules.bad_variant"),
        ("♠A ♥K ♠Q", {"trump": "X"}, "cards.bad_suit"),
    ],
)
def test_trick_errors(trick: str, options: dict[str, Any], key: str) -> None:
    with pytest.raises(BetelError) as caught:
        explain_trick(parse_cards(trick), **options)
    assert caught.value.key == key
    assert caught.value.message("pl") != caught.value.message("en")


def walked_winner(trick: Sequence[Card], steps: Sequence[Any]) -> int:
    """Follow the explanation card by card: who is winning after the last step?"""
    best = 0
    comparisons = [step for step in steps if dict(step.params).get("winner") is not None]
    assert len(comparisons) == len(trick) - 1
    for index, step in enumerate(comparisons, start=1):
        assert dict(step.params)["winner"] is trick[best]  # compared with the card winning
        assert dict(step.params)["card"] is trick[index]
        if step.key in TAKES_OVER:
            best = index
    return best


@settings(max_examples=300)
@given(
    st.permutations(BRIDGE_DECK),
    st.integers(3, 4),
    st.sampled_from([None, *Suit]),
    st.booleans(),
)
def test_steps_agree_with_trick_winner(
    deck: Sequence[Card], size: int, trump: Suit | None, blue: bool
) -> None:
    trick = [card for card in deck if size == 4 or card in BETEL_DECK][:size]
    blue = blue and size == 4 and trump not in (None, Suit.CLUBS)  # a bridge variant
    variant: Variant = "blue-suit" if blue else None
    why = explain_trick(trick, trump=trump, variant=variant)
    assert why.winner == trick_winner(trick, trump=trump, variant=variant)
    assert walked_winner(trick, why.steps) == why.winner


# -- legal cards ------------------------------------------------------------------------------


def test_must_beat() -> None:
    why = explain_legal(parse_cards("♥AK8 ♠7"), parse_cards("♥Q"), trump="♠")
    data = why.to_json()
    assert data["legal"] == ["♥A", "♥K"]
    assert data["obligation"] == "beat"
    assert [(r["card"], r["reason"], r["rule"]) for r in data["refused"]] == [
        ("♠7", "must_follow", 5),
        ("♥8", "must_beat", 7),
    ]
    assert why.lines("en")[3] == (
        "♥Q is the highest card of the suit led so far and you can beat it: "
        "you must play a higher card (♥A, ♥K) (rule 7)"
    )
    assert_worded(why)


def test_betel_defender_need_not_beat() -> None:
    why = explain_legal(parse_cards("♥AK8 ♠7"), parse_cards("♥Q"), betel_defender=True)
    assert why.to_json()["legal"] == ["♥A", "♥K", "♥8"]
    assert why.obligation == "follow"
    assert params(why, "explain.legal_defender_free") == {"led": Suit.HEARTS}
    assert [step.rule for step in why.steps if step.key == "explain.legal_defender_free"] == [8]


def test_ruffed_trick_relieves_the_follower() -> None:
    why = explain_legal(parse_cards("♦AK7"), parse_cards("♦Q ♠7"), trump="♠")
    assert why.to_json()["legal"] == ["♦A", "♦K", "♦7"]
    assert "explain.legal_ruffed" in keys(why)


@pytest.mark.parametrize(
    ("hand", "trick", "legal", "obligation", "last_rule_key"),
    [
        ("♠J7 ♦8", "♣A ♠9", ["♠J"], "overruff", "explain.legal_overruff"),
        ("♠87 ♦8", "♣A ♠9", ["♠8", "♠7"], "ruff", "explain.legal_cannot_overruff"),
        ("♠87 ♦8", "♣A", ["♠8", "♠7"], "ruff", "explain.legal_ruff"),
        ("♥87 ♦8", "♣A", ["♥8", "♥7", "♦8"], "none", "explain.legal_void_no_trump_held"),
        ("♥87 ♦8", "♦A", ["♦8"], "follow", "explain.legal_cannot_beat"),
        ("♥87 ♦8", "♠A", ["♥8", "♥7", "♦8"], "none", "explain.legal_void_trump_led"),
    ],
)
def test_obligations_in_a_trump_contract(
    hand: str, trick: str, legal: list[str], obligation: str, last_rule_key: str
) -> None:
    why = explain_legal(parse_cards(hand), parse_cards(trick), trump="♠")
    assert why.to_json()["legal"] == legal
    assert why.obligation == obligation
    assert last_rule_key in keys(why)
    assert_worded(why)


def test_lead_and_no_trump_void() -> None:
    lead = explain_legal(parse_cards("♥87 ♦8"))
    assert keys(lead) == ["explain.legal_lead", "explain.legal"]
    assert lead.refused == ()
    void = explain_legal(parse_cards("♥87 ♦8"), parse_cards("♣A"))
    assert "explain.legal_void_no_trumps" in keys(void)
    assert void.to_json()["legal"] == ["♥8", "♥7", "♦8"]


@pytest.mark.parametrize(
    ("hand", "trick", "options", "key"),
    [
        ("", "", {}, "explain.hand_size"),
        ("♠AKQJ10987 ♥AKQ", "", {}, "explain.hand_size"),
        ("♠A", "♥A ♥K ♥Q", {}, "explain.trick_full"),
        ("♠A", "♠A", {}, "cards.duplicate"),
        ("♠A ♥2", "", {}, "explain.not_betel_card"),
        ("♠A", "♥A", {"trump": "♠", "betel_defender": True}, "explain.betel_no_trump"),
    ],
)
def test_legal_errors(hand: str, trick: str, options: dict[str, Any], key: str) -> None:
    with pytest.raises(BetelError) as caught:
        explain_legal(parse_cards(hand), parse_cards(trick), **options)
    assert caught.value.key == key


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit | None, bool]:
    cards = draw(st.permutations(BETEL_DECK))
    size = draw(st.integers(1, 10))
    played = draw(st.integers(0, 2))
    defender = draw(st.booleans())
    trump = None if defender else draw(st.sampled_from([None, *Suit]))
    return list(cards[:size]), list(cards[size : size + played]), trump, defender


@settings(max_examples=300)
@given(positions())
def test_legal_steps_agree_with_the_engine(
    position: tuple[list[Card], list[Card], Suit | None, bool],
) -> None:
    hand, trick, trump, defender = position
    why = explain_legal(hand, trick, trump=trump, betel_defender=defender)
    engine = legal_plays(hand, trick, trump=trump, beat_obligation=not defender)
    assert set(why.legal) == engine
    assert {r.card for r in why.refused} == set(hand) - engine
    assert len(why.steps) == len(keys(why))
    # The obligation named lists exactly the legal cards.
    listing = {
        "beat": "explain.legal_beat",
        "overruff": "explain.legal_overruff",
        "ruff": "explain.legal_ruff",
        "follow": "explain.legal_follow",
    }.get(why.obligation)
    if listing is None:
        assert engine == set(hand)
    else:
        assert set(params(why, listing)["cards"]) == engine


# -- scores -----------------------------------------------------------------------------------


@pytest.mark.parametrize("example", SCORING_EXAMPLES, ids=lambda e: str(e["contract"]))
def test_article_scoring_examples(example: dict[str, Any]) -> None:
    why = explain_score(example["contract"], example["tricks"], doubled=example["doubled"])
    assert why.to_json()["scores"] == example["scores"]
    assert (why.made is True) == (example["scores"][0] > 0)
    assert ("explain.score_kontra" in keys(why)) == example["doubled"]
    assert_worded(why)


def test_overtricks_and_defenders() -> None:
    why = explain_score("2♥", (8, 2, 0))
    assert keys(why) == [
        "explain.score_normal",
        "explain.score_made",
        "explain.score_overtricks",
        "explain.score_defender",
        "explain.score_defender",
        "explain.score_total",
    ]
    assert why.lines("en")[2] == "Overtricks: 1 × 10 = +10; the declarer scores 40"
    assert why.lines("pl")[-1] == "Wynik: rozgrywający 40, obrońcy 20 i 0"


def test_three_passes_and_betel() -> None:
    passes = explain_score("pass", (4, 3, 3))
    assert passes.scores == (20, 15, 15)
    assert passes.made is None
    assert passes.to_json()["contract"] == "pass"
    betel = explain_score("Betel", (0, 5, 5))
    assert betel.scores == (80, 0, 0)
    assert "explain.score_misere_zero" in keys(betel)


@pytest.mark.parametrize(
    ("contract", "tricks", "doubled", "key"),
    [
        ("pass", (4, 3, 3), True, "explain.passes_not_doubled"),
        ("3♣", (7, 2, 2), False, "scoring.bad_tricks"),
        ("3♣", (7, 3), False, "scoring.bad_tricks"),
        ("3X", (7, 2, 1), False, "contracts.bad_contract"),
    ],
)
def test_score_errors(contract: str, tricks: Sequence[int], doubled: bool, key: str) -> None:
    with pytest.raises(BetelError) as caught:
        explain_score(contract, tricks, doubled=doubled)
    assert caught.value.key == key


def test_parse_tricks() -> None:
    assert parse_tricks("7/2/1") == (7, 2, 1)
    with pytest.raises(NotationError) as caught:
        parse_tricks("7,x,1")
    assert (caught.value.token, caught.value.position) == ("x", 2)
    with pytest.raises(NotationError) as caught:
        parse_tricks("7,2")
    assert caught.value.key == "explain.bad_tricks"


# -- auctions ---------------------------------------------------------------------------------


def standing(why: AuctionExplanation) -> tuple[str | None, int | None, bool, bool]:
    contract = None if why.contract is None else str(why.contract)
    return contract, why.declarer, why.doubled, why.finished


def test_auction_doubled_contract_is_played() -> None:
    why = explain_auction("2♠ kontra pass pass")
    assert standing(why) == ("2♠", 0, True, True)
    assert why.actions == ("declare", "kontra", "pass", "pass")
    assert keys(why)[-1] == "explain.auction_ends_doubled"
    assert [step.rule for step in why.steps if step.key.startswith("explain.kontra")] == [12, 14]
    data = why.to_json()
    assert {k: data[k] for k in ("contract", "declarer", "doubled", "finished")} == {
        "contract": "2♠",
        "declarer": 0,
        "doubled": True,
        "finished": True,
    }
    assert data["error"] is None
    assert_worded(why)


def test_auction_kontra_resets_and_lapses() -> None:
    why = explain_auction("2♠ kontra 1♦ pass pass")
    assert standing(why) == ("1♦", 2, False, True)
    assert "explain.call_declare_after_kontra" in keys(why)
    assert why.lines("en")[-1] == (
        "Two passes end the auction: North plays 1♦ (One diamond) (rule 15)"
    )
    west = explain_auction("2♠ kontra 1♦ pass pass", dealer=WEST)
    assert west.declarer is SOUTH and west.dealer is WEST
    assert west.lines("pl")[0].startswith("Zachód ")
    assert [call["seat"] for call in west.to_json()["calls"]] == [1, 2, 0, 1, 2]


@pytest.mark.parametrize(
    ("calls", "reason", "rule", "made"),
    [
        ("2♠ kontra 2♠", "repeat_doubled", 14, 2),
        ("2♠ kontra pass 2♠", "repeat_doubled", 14, 3),
        ("1♠ 1♣", "not_higher", 11, 1),
        ("2♠ kontra pass pass kontra", "finished", 15, 4),
    ],
)
def test_illegal_call_stops_the_explanation(calls: str, reason: str, rule: int, made: int) -> None:
    why = explain_auction(calls)
    assert isinstance(why.error, IllegalCall)
    assert (why.error.reason, why.error.rule) == (reason, rule)
    refused = calls.split()[made]
    assert why.error.message("en").startswith(f"{SOUTH.next(made).localized('en')} cannot")
    assert f"cannot call {refused}: " in why.error.message("en")
    assert len(why.calls) == made
    assert keys(why)[-1] == "explain.call_refused"
    assert why.lines("en")[-1].endswith(f"(rule {rule})")
    error = why.to_json()["error"]
    assert (error["call_index"], error["rule"]) == (made, rule)
    assert why.finished == (reason == "finished")


def test_unreadable_call_stops_the_explanation() -> None:
    why = explain_auction("1♠ xyz pass")
    assert why.calls == ("1♠",)
    assert why.error is not None
    assert "'xyz'" in why.error.message("pl")


def test_exchanges_are_told() -> None:
    why = explain_auction("1♠ [♠A>♥7]2♠ [?♦7]pass pass")
    assert standing(why) == ("2♠", 1, False, True)
    assert params(why, "explain.call_exchange") == {
        "who": 1,
        "take": (parse_card("♠A"),),
        "lay": (parse_card("♥7"),),
    }
    assert why.lines("en")[3] == (
        "North took ♦7 from the dubel, put it back and passes anyway: -5 points"
    )
    assert_worded(why)


def test_three_passes_and_an_open_auction() -> None:
    passes = explain_auction(["pass", "pass", "pass"])
    assert standing(passes) == (None, None, False, True)
    assert keys(passes)[-1] == "explain.auction_three_passes"
    going = explain_auction("1♠ pass")
    assert standing(going) == ("1♠", 0, False, False)
    assert going.lines("en")[-1] == "The auction goes on: North calls next"


def test_parse_calls_keeps_exchanges_with_their_call() -> None:
    assert parse_calls("[♠A>♥7]  2♠ pass") == ("[♠A>♥7]2♠", "pass")
    assert parse_calls("1♠, [♠A, ♥7>♦8 ♦9] kontra , pass") == (
        "1♠",
        "[♠A, ♥7>♦8 ♦9]kontra",
        "pass",
    )


# -- the rules summary and the catalogs ------------------------------------------------------


def test_rules_summary() -> None:
    everything = rules_summary()
    assert everything.points == tuple(range(1, 22))
    assert everything.lines("en")[0] == "Betel — the rules in brief"
    assert everything.lines("en")[7] == "7. Obligation to beat (except as rule 8 says)."
    seven = "7. Obowiązek przebijania, z wyjątkiem opisanym w punkcie 8."
    assert rules_summary("7").lines("pl") == [seven]
    assert_worded(everything)
    for bad in ("0", "22", "seven", "-1"):
        with pytest.raises(NotationError):
            rules_summary(bad)


def test_every_key_written_in_explain_and_cli_exists() -> None:
    explain_folder = Path(explain_module.__file__).parent
    pattern = re.compile(r"[\"']((?:explain|summary)\.[a-z0-9_]+)[\"']")
    used = set()
    for path in [*explain_folder.glob("*.py"), explain_folder.parent / "cli.py"]:
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert len(used) > 60
    for lang in i18n.LANGUAGES:
        assert sorted(used - set(i18n.catalog(lang))) == []
    points = {f"summary.{number}" for number in range(1, 22)}
    assert points <= set(i18n.catalog("pl"))


def test_the_blue_suit_variant_refuses_a_betel_trick() -> None:
    """The blue suit is a bridge variant (boards-and-bridge.md §2): a three-card trick is
    refused with one clear message in either language, exit status 2."""
    from tests.test_cli import run

    english = run("explain", "trick", "♠A ♣7 ♦8", "--trump", "♠", "--variant", "blue-suit")
    assert english.returncode == 2 and "bridge variant" in english.stderr
    assert "wins" not in english.stdout
    polish = run(
        "explain", "trick", "♠A ♣7 ♦8", "--trump", "♠", "--variant", "blue-suit", "--lang", "pl"
    )
    assert polish.returncode == 2 and "wariant brydżowy" in polish.stderr
    bridge = run("explain", "trick", "♠A ♣7 ♦8 ♥2", "--trump", "♠", "--variant", "blue-suit")
    assert bridge.returncode == 0 and "♣7" in bridge.stdout
