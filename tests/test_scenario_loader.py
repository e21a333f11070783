"""Loading scenario files into the model."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.cards import parse_cards
from betel_tutor.contracts import Contract, free_play
from betel_tutor.scenario import load, load_text
from betel_tutor.scenario.model import PlayStep, QuizStep, ReadStep, WatchStep
from betel_tutor.scenario.source import MAX_BYTES
from betel_tutor.seats import SOUTH, WEST, Seat

EXAMPLE = """\
kind: lesson
id: demo
level: 3
title: {en: Demo, pl: Pokaz}
options: {auction: false, contract: B3, kontra: false}
deals:
  - id: d1
    dealer: W
    hands:
      S: ♠AKQJ ♥AKQJ ♦AK
      W: ♠10 9 8 ♥10 9 8 ♦QJ ♣AK
      N: ♠7 ♥7 ♦10 9 8 7 ♣QJ10 9
    dubel: ♣87
    play: ♠A ♠8 ♠7
  - {id: d2, seed: 12, constraints: [{seat: dealer, suit: ♠, at_least: 5}]}
steps:
  - read: {en: Read, pl: Czytaj}
  - quiz:
      kind: trick-winner
      question: {en: Who?, pl: Kto?}
      trick: ♥K ♥A ♥7
      answer: ♥A
  - play: {deal: d1, seat: S, goal: {tricks_at_most: 3}, open: true}
  - watch: {deal: d2}
"""


def test_example_loads_into_the_model() -> None:
    scenario, problems = load_text(EXAMPLE, "demo.yaml")
    assert problems == []
    assert scenario is not None
    assert (scenario.kind, scenario.id, scenario.level) == ("lesson", "demo", 3)
    assert scenario.title.get("pl") == "Pokaz"
    assert scenario.options.contract == Contract.parse("B3") and scenario.options.kontra is False
    first, second = scenario.deals
    assert first.dealer == 1
    assert first.hands is not None
    assert list(first.hands[1]) == parse_cards("♠10 9 8 ♥10 9 8 ♦QJ ♣AK")
    assert list(first.play) == parse_cards("♠A ♠8 ♠7")
    assert second.seed == 12
    assert second.constraints[0].seat == 0 and second.constraints[0].at_least == 5
    kinds = [type(step) for step in scenario.steps]
    assert kinds == [ReadStep, QuizStep, PlayStep, WatchStep]
    play = scenario.steps[2]
    assert isinstance(play, PlayStep)
    assert play.goal == {"tricks_at_most": 3} and play.open
    assert scenario.all_quizzes()[0].params == {"trick": "♥K ♥A ♥7"}


def test_positions_are_kept() -> None:
    scenario, _ = load_text(EXAMPLE, "demo.yaml")
    assert scenario is not None
    quiz = scenario.all_quizzes()[0]
    assert quiz.where["answer"].line == 22
    assert str(scenario.deals[0].where["hand1"]) == "demo.yaml:11:10"


def test_many_problems_reported_together() -> None:
    broken = EXAMPLE.replace("level: 3", "level: 0").replace("dealer: W", "dealer: X")
    broken = broken.replace("pl: Czytaj", "pl: ''")
    scenario, problems = load_text(broken, "demo.yaml")
    assert scenario is None
    assert [(p.position.line, p.key) for p in problems] == [
        (3, "scenario.expected_int"),
        (8, "scenario.bad_seat"),
        (17, "scenario.empty_text"),
    ]


def test_big_and_missing_files(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * MAX_BYTES + "\n", encoding="utf-8")
    assert [p.key for p in load(str(big))[1]] == ["scenario.too_big"]
    assert [p.key for p in load(str(tmp_path / "none.yaml"))[1]] == ["scenario.unreadable"]


def test_a_newer_note_version_replaces_the_older() -> None:
    text = """\
kind: board
id: notes
title: {en: Notes, pl: Notatki}
deals:
  - id: board
    seed: 1
    notes:
      - {id: "5", version: 2, category: after, en: "New ♠{A}", pl: "Nowa ♠{A}"}
      - {id: "5", version: 1, category: before, en: "Old", pl: "Stara"}
      - {id: "6", version: 1, category: before, en: "Other", pl: "Inna"}
"""
    scenario, problems = load_text(text, "notes.yaml")
    assert problems == [] and scenario is not None
    current = scenario.deals[0].current_notes()
    assert [(n.id, n.version) for n in current] == [("5", 2), ("6", 1)]


def test_an_alias_without_an_anchor_is_reported_where_it_stands() -> None:
    scenario, problems = load_text("kind: lesson\nid: x\ntitle: *nowhere\n", "alias.yaml")
    assert scenario is None and len(problems) == 1
    assert (problems[0].position.line, problems[0].position.column) == (3, 8)
    assert problems[0].key == "scenario.alias"


def test_a_contract_is_read_when_the_file_is_loaded() -> None:
    scenario, problems = load_text(EXAMPLE.replace("play: ♠A", "contract: pass\n    play: ♠A"), "a")
    assert problems == [] and scenario is not None
    assert scenario.deals[0].contract == free_play()
    assert scenario.deals[1].contract is None


@pytest.mark.parametrize(
    ("where", "token"), [("options", "banana"), ("deal", "9♠"), ("deal", "2 spadez")]
)
def test_a_bad_contract_is_reported_where_it_is_written(where: str, token: str) -> None:
    if where == "options":
        text = EXAMPLE.replace("contract: B3", f"contract: {token}")
        at, what = "demo.yaml:5:37", "options.contract"
    else:
        text = EXAMPLE.replace("  - {id: d2,", f"  - {{id: d2, contract: {token},")
        at, what = "demo.yaml:15:24", "contract"
    scenario, problems = load_text(text, "demo.yaml")
    assert scenario is None and [p.key for p in problems] == ["scenario.bad_contract"]
    assert problems[0].format("en") == (
        f"{at}: {what}: '{token}' is not a contract: write 1♠, 2NT, B3…B0, Betel, or a name such"
        ' as "Szlemik w kiery"'
    )
    assert problems[0].format("pl").startswith(f"{at}: {what}: '{token}' to nie jest kontrakt")


def test_seats_are_read_in_either_language_as_seat_values() -> None:
    text = EXAMPLE.replace("dealer: W", "dealer: w").replace("seat: S,", "seat: Południe,")
    text = text.replace("seat: dealer,", "seat: zachód,").replace("      N: ♠7", "      Północ: ♠7")
    scenario, problems = load_text(text, "demo.yaml")
    assert problems == [] and scenario is not None
    first, second = scenario.deals
    assert first.dealer is WEST and second.dealer is SOUTH
    assert second.constraints[0].seat is WEST
    assert first.hands is not None
    assert list(first.hands[2]) == parse_cards("♠7 ♥7 ♦10 9 8 7 ♣QJ10 9")
    assert str(first.where["hand2"]) == "demo.yaml:12:15"
    play = scenario.steps[2]
    assert isinstance(play, PlayStep) and play.seat is SOUTH


def test_a_bad_seat_is_refused_with_its_place_and_token() -> None:
    scenario, problems = load_text(EXAMPLE.replace("dealer: W", "dealer: Wschód"), "demo.yaml")
    assert scenario is None and [p.key for p in problems] == ["scenario.bad_seat"]
    message = problems[0].format("en")
    assert message.startswith("demo.yaml:8:13") and "'Wschód'" in message and "S, W, N" in message


def test_bridge_seats_belong_to_a_four_seat_table() -> None:
    text = "kind: practice\nid: b\ntitle: {en: B, pl: B}\ndeals:\n"
    text += "  - {id: b1, game: bridge, seed: 3, dealer: East, declarer: s}\n"
    text += "  - {id: b2, game: bridge, seed: 4}\n"
    scenario, problems = load_text(text, "b.yaml")
    assert problems == [] and scenario is not None
    first, second = scenario.deals
    assert first.dealer is Seat(1, 4) and first.declarer is Seat(2, 4)
    assert second.dealer is Seat(0, 4) and str(second.dealer) == "N"


def test_the_resting_player_is_east_in_either_language() -> None:
    text = "kind: practice\nid: r\ntitle: {en: R, pl: R}\ndeals:\n"
    text += "  - {id: r1, seed: 3, resting: Wschód}\n  - {id: r2, seed: 4, resting: N}\n"
    scenario, problems = load_text(text, "r.yaml")
    assert scenario is None and [(p.position.line, p.key) for p in problems] == [
        (6, "check.resting_seat")
    ]


def test_polish_letters_in_card_fields_mean_the_dama_and_the_walet(tmp_path: Path) -> None:
    # spec §12.7: ``♠D`` is the queen of spades in any card field, whatever the language.
    from betel_tutor.scenario.check import check_file

    path = tmp_path / "polish.yaml"
    path.write_text(
        "kind: practice\nid: polish\ntitle: {en: Polish letters, pl: Polskie litery}\n"
        "deals:\n  - id: d1\n    dealer: S\n    hands:\n"
        "      S: ♠AKDW ♥AKDW ♦AK\n      W: ♠10 9 8 ♥10 9 8 ♦DW ♣AK\n"
        "      N: ♠7 ♥7 ♦10 9 8 7 ♣DW10 9\n    dubel: ♣87\n    play: ♠D ♠8 ♠7\n"
        "quizzes:\n  - kind: trick-winner\n    question: {en: Who wins?, pl: Kto bierze?}\n"
        "    trick: ♠D ♠K ♠W\n    answer: ♠K\n"
        "  - kind: legal-cards\n    question: {en: Which?, pl: Które?}\n"
        "    hand: ♥AD ♠7\n    trick: ♥W\n    answer: ♥A ♥D\n",
        encoding="utf-8",
    )
    assert [problem.format("en") for problem in check_file(str(path))] == []
    scenario, problems = load(str(path))
    assert problems == [] and scenario is not None
    assert scenario.deals[0].play == tuple(parse_cards("♠Q ♠8 ♠7"))
