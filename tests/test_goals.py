"""The goal of a learner's deal (spec §12.8), and the shipped lessons' deals (spec §9, §12.1–2).

The refusals themselves, each with its position and message, are in tests/data/bad/ (55–61).
"""

from __future__ import annotations

import pytest

from betel_tutor.contracts import Contract
from betel_tutor.resources import data_dir
from betel_tutor.scenario import load, load_text
from betel_tutor.scenario.check import check_scenario
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.goals import fixed_play
from betel_tutor.scenario.model import DealSpec, PlayStep, Scenario
from betel_tutor.seats import SOUTH, WEST, seats

LEVELS = range(1, 11)


def lesson(level: int) -> Scenario:
    scenario, problems = load(str(data_dir("scenarios") / "levels" / f"level-{level:02d}.yaml"))
    assert scenario is not None, problems
    return scenario


def plays(scenario: Scenario) -> list[PlayStep]:
    return [step for step in scenario.steps if isinstance(step, PlayStep)]


def deal_of(scenario: Scenario, deal_id: str) -> DealSpec:
    deal = scenario.deal(deal_id)
    assert deal is not None
    return deal


def test_best_is_a_goal_and_its_position_is_kept() -> None:
    text = """\
kind: lesson
id: best
level: 5
title: {en: Best, pl: Najlepiej}
deals: [{id: d1, dealer: W, seed: 3}]
steps:
  - play: {deal: d1, seat: S, goal: {best: true}}
"""
    scenario, problems = load_text(text, "best.yaml")
    assert problems == [] and scenario is not None
    (step,) = plays(scenario)
    assert step.goal == {"best": 1}
    assert step.goal_at is not None and (step.goal_at.line, step.goal_at.column) == (7, 37)
    assert check_scenario(scenario) == []


@pytest.mark.parametrize("contract", ["B3", "Betel", "pass"])
def test_best_is_never_refused(contract: str) -> None:
    steps = "".join(
        f"  - play: {{deal: d{n}, seat: S, goal: {{best: true}}}}\n" for n in range(1, 4)
    )
    text = (
        f"kind: lesson\nid: b\nlevel: 3\ntitle: {{en: B, pl: B}}\n"
        f"options: {{auction: false, contract: {contract}}}\n"
        "deals:\n"
        "  - {id: d1, dealer: S, seed: level-03-a}\n"
        "  - {id: d2, dealer: W, seed: level-03-b}\n"
        "  - {id: d3, dealer: N, seed: level-03-c}\n"
        f"steps:\n{steps}"
    )
    scenario, problems = load_text(text, "b.yaml")
    assert problems == [] and scenario is not None
    assert check_scenario(scenario) == []


def test_a_computer_dealer_names_its_longest_suit_and_the_learner_any() -> None:
    scenario = lesson(2)
    learner_deals = fixed_play(scenario.options, scenario.deals[0], SOUTH)
    assert learner_deals.declarer is None and len(learner_deals.trumps) == 4
    west = scenario.deals[1]
    assert west.dealer == WEST
    hand = realize(west).hands[WEST]
    (named,) = fixed_play(scenario.options, west, SOUTH).trumps
    assert named is not None
    assert all(
        sum(c.suit is named for c in hand) >= sum(c.suit is other for c in hand)
        for other in {c.suit for c in hand}
    )


@pytest.mark.parametrize("level", LEVELS)
def test_each_round_of_three_deals_is_dealt_by_every_player_once(level: int) -> None:
    """Spec §9: a round is three deals, each player dealing once: the closed deals, the open
    ones (but level 9's single open deal before its closed ones) and level 3's further
    rounds."""
    scenario = lesson(level)
    for group in (
        [s for s in plays(scenario) if s.open],
        [s for s in plays(scenario) if not s.open and not s.optional],
        [s for s in plays(scenario) if s.optional],
    ):
        if level == 9 and len(group) == 1 and group[0].open:
            continue
        assert len(group) % 3 == 0, level
        for start in range(0, len(group), 3):
            dealers = {deal_of(scenario, step.deal).dealer for step in group[start : start + 3]}
            assert dealers == set(seats(3)), (level, start)


@pytest.mark.parametrize("level", LEVELS)
def test_closed_deals_are_other_deals_than_the_open_ones(level: int) -> None:
    scenario = lesson(level)
    steps = plays(scenario)
    open_ids = {step.deal for step in steps if step.open}
    closed_ids = {step.deal for step in steps if not step.open and not step.optional}
    further = {step.deal for step in steps if step.optional}  # level 3's further rounds
    assert not open_ids & closed_ids
    every = open_ids | closed_ids | further
    cards = {deal_id: realize(deal_of(scenario, deal_id)).hands for deal_id in every}
    assert len(set(cards.values())) == len(cards)  # no two steps play the same cards
    if level <= 8:
        assert len(open_ids) == 3 and len(closed_ids) == 3
    assert len(further) == (9 if level == 3 else 0)


@pytest.mark.parametrize("level", [1, 2])
def test_levels_1_and_2_aim_at_a_number_of_tricks(level: int) -> None:
    assert all(set(step.goal) == {"tricks_at_least"} for step in plays(lesson(level)))
    assert lesson(level).options.dealer_names_trump is (level == 2)


@pytest.mark.parametrize(("level", "contract"), [(3, "B3"), (4, "Betel")])
def test_levels_3_and_4_each_player_declares_once_a_round(level: int, contract: str) -> None:
    scenario = lesson(level)
    steps = [step for step in plays(scenario) if not step.optional]  # level 3: B2, B1, B0 after
    assert len(steps) == 6
    for step in steps:
        deal = deal_of(scenario, step.deal)
        play = fixed_play(scenario.options, deal, step.seat)
        assert play.contract == Contract.parse(contract)
        assert play.declarer == deal.dealer
        assert step.goal == ({"make": 1} if play.declarer == step.seat else {"defeat": 1})


@pytest.mark.parametrize("level", range(5, 11))
def test_with_an_auction_the_goal_is_best(level: int) -> None:
    assert all(step.goal == {"best": 1} for step in plays(lesson(level)))


@pytest.mark.parametrize("level", LEVELS)
def test_every_shipped_level_passes_the_goal_checks(level: int) -> None:
    assert [problem.format() for problem in check_scenario(lesson(level))] == []


def test_a_deal_with_wrong_cards_is_not_solved_but_its_goal_must_still_fit() -> None:
    text = """\
kind: lesson
id: broken
level: 3
title: {en: Broken, pl: Zepsute}
options: {auction: false, contract: B3}
deals:
  - id: d1
    dealer: W
    hands:
      S: ♠AKQJ10 ♥AKQJ
      W: ♠9 8 7 ♥10 9 8 7 ♦AKQ
      N: ♦J10 9 8 7 ♣AKQJ10
    dubel: ♣98
steps:
  - play: {deal: d1, seat: S, goal: {defeat: true}}
  - play: {deal: d1, seat: S, goal: {make: true}}
"""
    scenario, problems = load_text(text, "broken.yaml")
    assert problems == [] and scenario is not None
    found = [(p.position.line, p.key) for p in check_scenario(scenario)]
    assert found == [(10, "check.hand_size"), (16, "check.goal_not_declarer")]
