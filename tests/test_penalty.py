"""Bridge penalty cards (Law 50, 51): the cases of tests/data/penalty_cards.yaml through the
engine and through ``explain legal --game bridge --json``; the declarer's options and a deal's
penalty cards as it is played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from betel_tutor.cards import parse_card, parse_cards
from betel_tutor.cli import app
from betel_tutor.errors import IllegalPlay, NotationError
from betel_tutor.explain.penalty import explain_penalty_legal
from betel_tutor.penalty import (
    DeclarerOption,
    Penalties,
    PenaltyLegal,
    PenaltyTable,
    apply_option,
    defender_legal,
    defender_refusal,
    is_minor,
    lead_legal,
    lead_refusal,
    parse_option,
)
from betel_tutor.seats import Seat

CASES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "data" / "penalty_cards.yaml").read_text(encoding="utf-8")
)


def cards(text: str | None) -> list[str]:
    return [str(card) for card in parse_cards(text or "")]


def sorted_cards(text: str) -> list[str]:
    from betel_tutor.cards import sort_cards

    return [str(card) for card in sort_cards(parse_cards(text))]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_engine(case: dict[str, Any]) -> None:
    hand = parse_cards(case["hand"])
    trick = parse_cards(case.get("trick", ""))
    pens = Penalties.of(parse_cards(case["penalty"]), minor=parse_cards(case.get("minor", "")))
    if "option" in case:
        _left, rule = apply_option(pens, parse_option(case["option"]))
        result = lead_legal(hand, rule)
        problems = {str(c): lead_refusal(hand, c, rule) for c in hand}
    else:
        result = defender_legal(hand, trick, pens)
        first = min(result.legal, key=str) if result.designate else None
        problems = {str(c): defender_refusal(hand, trick, c, pens, designated=first) for c in hand}
    assert sorted(map(str, result.legal)) == sorted(cards(case["legal"]))
    assert result.designate is case.get("designate", False)
    assert result.law == case["law"] or (case["law"] is None and result.law in (None, "50D2b"))
    for card, law in case.get("refused", {}).items():
        problem = problems[str(parse_card(card))]
        assert problem is not None and problem.law == str(law)
        assert f"(Law {law})" in problem.message("en")
        assert f"(Prawo {law})" in problem.message("pl")
    for card, problem in problems.items():
        if case.get("designate"):
            continue
        assert (problem is None) == (card in cards(case["legal"]))


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_explain_legal_json(case: dict[str, Any]) -> None:
    args = ["explain", "legal", "--game", "bridge", "--hand", case["hand"]]
    args += ["--trick", case.get("trick", ""), "--penalty-cards", case["penalty"]]
    if "minor" in case:
        args += ["--minor", case["minor"]]
    if "option" in case:
        args += ["--declarer-option", case["option"]]
    result = CliRunner().invoke(app, [*args, "--lang", "en", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["legal"] == sorted_cards(case["legal"])
    assert data["designate"] is case.get("designate", False)
    refused = {r["card"]: r["law"] for r in data["refused"]}
    for card, law in case.get("refused", {}).items():
        assert refused[card] == str(law)
    assert set(refused) == set(cards(case["hand"])) - set(data["legal"])


def test_explain_steps_cite_the_law_in_both_languages() -> None:
    why = explain_penalty_legal(
        parse_cards("♠QJ ♥A32 ♣4"),
        penalty_cards=parse_cards("♠K ♠9"),
        option=parse_option("forbid:♠"),
    )
    assert any("(Law 51B1b)" in line for line in why.lines("en"))
    assert any("(Prawo 51B1b)" in line for line in why.lines("pl"))


def test_minor_or_major() -> None:
    assert is_minor(parse_cards("♥5"))
    assert not is_minor(parse_cards("♥10"))  # an honour
    assert not is_minor(parse_cards("♥5"), deliberate=True)
    assert not is_minor(parse_cards("♥5 ♣3"))  # two cards exposed at once


@pytest.mark.parametrize(
    ("penalty", "option", "law"),
    [
        ("♠K", "require:♥", "50D2a"),  # not a suit of the penalty cards
        ("♠K ♥5", "require:♠,♥", "51B2a"),  # one suit only
        ("♠K ♥5", "forbid:♦", "51B2b"),
    ],
)
def test_refused_options_cite_the_law(penalty: str, option: str, law: str) -> None:
    with pytest.raises(IllegalPlay) as caught:
        apply_option(Penalties.of(parse_cards(penalty)), parse_option(option))
    assert caught.value.law == law
    assert f"Prawo {law}" in caught.value.message("pl")


def test_no_option_without_major_penalty_cards() -> None:
    pens = Penalties.of(parse_cards("♥5"), minor=parse_cards("♥5"))
    with pytest.raises(IllegalPlay) as caught:
        apply_option(pens, DeclarerOption("none"))
    assert caught.value.law == "50D2"


@pytest.mark.parametrize("text", ["require", "forbid:", "ask:♠", "require:X"])
def test_bad_option_notation(text: str) -> None:
    with pytest.raises(NotationError):
        parse_option(text)


def test_minor_must_be_small_and_a_penalty_card() -> None:
    with pytest.raises(IllegalPlay):
        Penalties.of(parse_cards("♥K"), minor=parse_cards("♥K"))
    with pytest.raises(IllegalPlay):
        Penalties.of(parse_cards("♥K"), minor=parse_cards("♥5"))


def test_options_pick_up_the_penalty_cards_of_their_suits() -> None:
    pens = Penalties.of(parse_cards("♠K ♠9 ♥5"))
    left, rule = apply_option(pens, parse_option("forbid:♠"))
    assert left.cards == frozenset(parse_cards("♥5")) and rule.lasting
    left, rule = apply_option(pens, parse_option("none"))
    assert left == pens and rule.law == "51B2c"


def test_the_ban_lasts_while_the_partner_keeps_the_lead() -> None:
    west, east = Seat(3, 4), Seat(1, 4)  # East has the penalty cards, West leads
    table = PenaltyTable().expose(east, parse_cards("♠K ♥5"))
    assert table.needs_option(west, ())
    table = table.with_option(west, parse_option("forbid:♠"))
    assert not table.needs_option(west, ())
    kept = table.trick_won(west)
    assert kept.rule is not None and kept.rule_for == west  # West won: the ban goes on
    lost = table.trick_won(Seat(0, 4))
    assert lost.rule is None


def test_a_requirement_under_51b2_continues_but_not_under_51b1() -> None:
    west = Seat(3, 4)
    several = PenaltyTable().expose(west.partner, parse_cards("♠K ♥5"))
    several = several.with_option(west, parse_option("require:♥"))
    assert several.trick_won(west).rule is not None
    one = PenaltyTable().expose(west.partner, parse_cards("♠K ♠9"))
    one = one.with_option(west, parse_option("require:♠"))
    assert one.trick_won(west).rule is None


def test_designation_must_be_followed() -> None:
    hand = parse_cards("♠K942 ♥Q65 ♦3")
    pens = Penalties.of(parse_cards("♠K ♥Q"))
    problem = defender_refusal(hand, (), parse_card("♠K"), pens)
    assert problem is not None and problem.reason == "designate_first"
    problem = defender_refusal(hand, (), parse_card("♠K"), pens, designated=parse_card("♥Q"))
    assert problem is not None and problem.law == "51A"
    assert "(Prawo 51A)" in problem.message("pl")
    assert defender_refusal(hand, (), parse_card("♥Q"), pens, designated=parse_card("♥Q")) is None


def test_the_table_designates_only_among_the_penalty_cards_that_may_be_played() -> None:
    east = Seat(1, 4)
    hand = parse_cards("♠K942 ♥Q65 ♦3")
    table = PenaltyTable().expose(east, parse_cards("♠K ♥Q"))
    with pytest.raises(IllegalPlay) as refused:
        table.designate(east, hand, (), parse_card("♠9"))  # no penalty card
    assert refused.value.reason == "designate_not_legal" and refused.value.law == "51A"
    assert "♠K, ♥Q" in refused.value.message("en")
    with pytest.raises(IllegalPlay):  # to a heart only ♥Q may be played: nothing to choose
        table.designate(east, hand, parse_cards("♥2"), parse_card("♥Q"))
    chosen = table.designate(east, hand, (), parse_card("♥Q"))
    assert chosen.designated == parse_card("♥Q")
    assert chosen.legal(east, hand, ()) == PenaltyLegal(frozenset(parse_cards("♥Q")), False, "51A")
    assert chosen.played(east, parse_card("♥Q")).designated is None


def test_the_table_says_what_each_seat_may_play_and_under_which_law() -> None:
    north, east, west = Seat(0, 4), Seat(1, 4), Seat(3, 4)
    table = PenaltyTable().expose(east, parse_cards("♠K ♥5"), minor=parse_cards("♥5"))
    east_hand = parse_cards("♠K942 ♥Q65 ♦3")
    assert table.legal(east, east_hand, ()) == defender_legal(
        east_hand, (), Penalties.of(parse_cards("♠K ♥5"), minor=parse_cards("♥5"))
    )
    led = table.legal(east, east_hand, parse_cards("♥2"))
    assert led.legal == frozenset(parse_cards("♥Q ♥5")) and led.law == "50C"
    west_hand = parse_cards("♠Q3 ♥A7 ♦K4")
    assert table.legal(west, west_hand, ()).legal == frozenset(west_hand)  # no rule yet
    ruled = table.with_option(west, parse_option("require:♠"))
    lead = ruled.legal(west, west_hand, ())
    assert lead.legal == frozenset(parse_cards("♠Q3")) and lead.law == "50D2a"  # one card
    north_hand = parse_cards("♠A5 ♥K")
    assert ruled.legal(north, north_hand, parse_cards("♠3")).legal == frozenset(
        parse_cards("♠A5")
    )  # follow suit (Law 44): no penalty card of North's


# -- a scenario board scripts penalty cards and the declarer's choices; `check` replays it ----

LESSON = Path(__file__).parent.parent / "scenarios" / "lessons" / "penalty-cards.yaml"


def test_the_law_51_lesson_checks() -> None:
    from betel_tutor.scenario.check import check_file
    from betel_tutor.scenario.loader import load
    from betel_tutor.scenario.script import replay

    assert check_file(str(LESSON)) == []
    scenario, problems = load(str(LESSON))
    assert scenario is not None and not problems
    assert len(scenario.deals) >= 3
    for deal in scenario.deals:
        replayed = replay(deal)
        assert replayed.penalty is not None
    neither = next(d for d in scenario.deals if d.id == "neither")
    table = replay(neither).penalty
    assert table is not None and not table.by_seat[1]  # East's penalty cards all played


@pytest.mark.parametrize(
    ("old", "new", "law"),
    [
        ("♠7 ♠2 ♠4 ♠K", "♠7 ♠2 ♠4 ♠10", "50D1"),  # the major penalty card at the first chance
        ("♦8 ♠2 ♠A ♠10 ♠7", "♦8 ♥2 ♥3 ♥7 ♥10", "51B1b"),  # the ban lasts: West kept the lead
        ('      - {after: 0, option: "require:♠"}\n', "", "50D2"),  # the declarer must choose
        ("play: ♠6 ♠4 ♠J ♠7", "play: ♥6 ♠4 ♠J ♠7", "51B1a"),  # a spade was required
        ("      - {after: 2, designate: ♦Q}\n", "", "51A"),  # the declarer designates
        ("{after: 2, designate: ♦Q}", "{after: 2, designate: ♥9}", "51A"),
        ('option: "require:♠"', 'option: "require:♥"', "51B1a"),
        ("seat: E, expose: ♠KQ", "seat: S, expose: ♠987", "50A"),
    ],
)
def test_a_board_the_laws_refuse(tmp_path: Path, old: str, new: str, law: str) -> None:
    from betel_tutor.scenario.check import check_file

    text = LESSON.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "board.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    problems = check_file(str(path))
    assert len(problems) == 1, problems
    assert f"(Law {law})" in problems[0].message("en")
    assert f"(Prawo {law})" in problems[0].message("pl")


def test_penalties_are_bridge_only_and_well_formed(tmp_path: Path) -> None:
    from betel_tutor.scenario.check import check_file

    text = LESSON.read_text(encoding="utf-8")
    path = tmp_path / "board.yaml"
    path.write_text(text.replace("{after: 0, option: none}", "{after: 0, option: maybe}"), "utf-8")
    assert [p.key for p in check_file(str(path))] == ["scenario.bad_option"]
    path.write_text(text.replace("{after: 0, option: none}", "{after: 0, seat: E}"), "utf-8")
    assert [p.key for p in check_file(str(path))] == ["scenario.penalty_what"]


def test_a_step_after_the_last_card_is_refused(tmp_path: Path) -> None:
    from betel_tutor.scenario.check import check_file

    text = LESSON.read_text(encoding="utf-8").replace(
        "{after: 2, designate", "{after: 40, designate"
    )
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    (problem,) = check_file(str(path))
    assert "after: 40" in problem.message("en") and "after: 40" in problem.message("pl")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["East exposes ♠K ♦Q", "(Law 51B2c)", "designates ♦Q (Law 51A)"]),
        ("pl", ["Wschód odsłania ♠K ♦D", "(Prawo 51B2c)", "wskazuje ♦D (Prawo 51A)"]),
    ],
)
def test_the_sheet_shows_the_penalty_cards(lang: str, expected: list[str]) -> None:
    from betel_tutor.render.played import play_deal
    from betel_tutor.render.viewmodel import deal_view
    from betel_tutor.scenario.loader import load

    scenario, _ = load(str(LESSON))
    assert scenario is not None
    deal = next(d for d in scenario.deals if d.id == "neither")
    lines = "\n".join(deal_view(scenario, play_deal(deal), lang=lang, sheet="answers").penalties)
    for text in expected:
        assert text in lines


def test_the_declarer_options_are_all_allowed() -> None:
    from betel_tutor.penalty import declarer_options

    pens = Penalties.of(parse_cards("♠K ♥5"))
    options = [str(option) for option in declarer_options(pens)]
    assert options == ["require:♠", "require:♥", "forbid:♠", "forbid:♥", "forbid:♠,♥", "none"]
    for option in declarer_options(pens):
        apply_option(pens, option)  # each one is allowed
    assert declarer_options(Penalties.of(parse_cards("♥5"), minor=parse_cards("♥5"))) == ()


def test_penalty_cards_are_refused_in_betel() -> None:
    args = ["explain", "legal", "--hand", "♠K4 ♥Q", "--penalty-cards", "♠K", "--lang", "pl"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "Prawo 50" in result.output


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_bridge_without_penalty_cards_says_nothing_of_them(lang: str) -> None:
    args = ["explain", "legal", "--game", "bridge", "--hand", "♠K ♥5 ♦2", "--trick", "♠2"]
    result = CliRunner().invoke(app, [*args, "--lang", lang])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert "enalty" not in result.output and "przygwo" not in result.output
    assert first.startswith(("You cannot play ♥5", "Nie możesz zagrać ♥5"))
    assert ("Law 44" if lang == "en" else "Prawo 44") in result.output
    with_penalty = CliRunner().invoke(app, [*args, "--penalty-cards", "♥5", "--minor", "♥5"])
    assert "Penalty cards do not narrow your choice here" in with_penalty.output


# -- the tutor: the learner, as declarer, chooses ------------------------------------------


def _texts(events: list[Any]) -> str:
    return "\n".join(str(getattr(event, "text", "")) for event in events)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_tutor_plays_the_lesson_with_the_learner_as_declarer(lang: str) -> None:
    from betel_tutor.tutor.events import Prompt
    from betel_tutor.tutor.progress import Progress
    from betel_tutor.tutor.session import Session

    law = "Law" if lang == "en" else "Prawo"
    session = Session(Progress(), lang)
    session.open_lesson("penalty-cards")
    session.start()
    said = _texts(session.handle(""))  # the first board
    options = "require:♠, forbid:♠, none" if lang == "en" else "nakaz:♠, zakaz:♠, nic"
    assert options in said
    refused = _texts(session.handle("forbid:♦"))  # not a suit of the penalty cards
    assert f"({law} 51B1b)" in refused
    told = _texts(session.handle("require:♠"))
    assert f"{law} 51B1a" in told
    last = session.handle("♠4")[-1]  # North, then South: the learner plays both
    assert (
        isinstance(last, Prompt)
        and last.expects == "card"
        and last.choices is not None
        and tuple(map(str, last.choices))
        == (
            "♠9",
            "♠8",
            "♠7",
        )
    )
    last = session.handle("♠7")[-1]
    for _ in range(200):  # every other board: the first choice offered at each prompt
        assert isinstance(last, Prompt)
        if last.expects == "menu":
            break
        last = session.handle(last.choices[0] if last.choices else "")[-1]
    assert isinstance(last, Prompt) and last.expects == "menu"  # back at the menu


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_option_prompt_lists_the_options_of_these_penalty_cards(lang: str) -> None:
    from betel_tutor.tutor.events import Prompt
    from betel_tutor.tutor.progress import Progress
    from betel_tutor.tutor.session import Session

    session = Session(Progress(), lang)
    session.open_lesson("penalty-cards")
    session.start()
    prompts = [e for e in session.handle("") if isinstance(e, Prompt)]
    assert prompts and prompts[-1].expects == "option"
    expected = (
        "Your option (require:♠, forbid:♠, none)"
        if lang == "en"
        else "Twój wybór (nakaz:♠, zakaz:♠, nic)"
    )
    assert prompts[-1].text == expected  # the first board's penalty card is a spade


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_explain_names_every_option_of_the_declarer(lang: str) -> None:
    args = ["explain", "legal", "--game", "bridge", "--hand", "♠A2 ♥K3 ♦J4"]
    result = CliRunner().invoke(app, [*args, "--penalty-cards", "♠K ♦Q", "--lang", lang])
    assert result.exit_code == 0, result.output
    if lang == "en":
        for option in ("require the lead of ♠", "require the lead of ♦", "forbid the lead of ♠,"):
            assert option in result.output
        assert "forbid the lead of ♦, forbid the lead of ♠, ♦, neither" in result.output
    else:
        assert "zakazać wyjścia w ♠, zakazać wyjścia w ♦, zakazać wyjścia w ♠, ♦" in result.output
