"""The match of level 10 piece by piece: a deal's points, the seating and the dealer's turn,
the winners, the score table, the saved match in the progress file, and the ``match`` step of
the scenario format."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from betel_tutor.bots import choose_card
from betel_tutor.contracts import parse_contract
from betel_tutor.dealing import deal
from betel_tutor.match import Match
from betel_tutor.play import BETEL, DealPlay, PlayState, play_card, start_play
from betel_tutor.scenario import load, load_text
from betel_tutor.scenario.model import MatchStep, PlayStep
from betel_tutor.scenario.schema import scenario_schema
from betel_tutor.scoring import prediction_points, score
from betel_tutor.trade import Ledger
from betel_tutor.tutor import progress as store
from betel_tutor.tutor.context import Context, level_path
from betel_tutor.tutor.dealend import deal_points
from betel_tutor.tutor.match_play import (
    deal_seed,
    score_table,
    seating,
    winners,
)
from betel_tutor.tutor.progress import LevelProgress, Progress, SavedMatch, parse_match
from betel_tutor.tutor.table import (
    EAST,
    LEARNER,
    NORTH,
    PLAYERS,
    SOUTH,
    THREE,
    WEST,
    Rest,
    Table,
    Trading,
    seated,
)
from tests.in_process import run_cli
from tests.test_tutor import environment


# -- a deal's points ---------------------------------------------------------------------------
def played(contract: str = "1NT", seed: int = 7) -> PlayState:
    """A whole deal of ``contract`` declared by table seat 0, played by the computer players."""
    state = start_play(BETEL, deal(seed).hands, parse_contract(contract), declarer=0)
    while not state.finished:
        state = play_card(state, choose_card(state).card)
    return state


def table(state: PlayState, **fields: Any) -> Table:
    return Table(DealPlay(state), PlayStep("match-1", LEARNER, {}), False, **fields)


def scored(state: PlayState, *, doubled: bool = False) -> tuple[int, ...]:
    """The §6 score by seat, worked out from the tricks (the declarer sits at seat 0)."""
    taken = state.tricks_taken()
    return score(state.contract, (taken[0], taken[1], taken[2]), doubled=doubled)


def test_a_deal_of_three_is_the_contract_score_by_player() -> None:
    state = played()
    assert deal_points(table(state), state) == scored(state)
    doubled = deal_points(table(state, doubled=True), state)
    assert doubled == scored(state, doubled=True) == tuple(2 * p for p in scored(state))


@pytest.mark.parametrize("predicted", [True, False, None])
def test_the_resting_player_gets_the_prediction_in_their_place(predicted: bool | None) -> None:
    state = played()
    made = state.contract.is_made(state.tricks_taken()[0])
    guess = prediction_points(predicted, made)
    scores = scored(state)
    # East rests: South, West, North sit at table seats 0, 1, 2; East is the fourth figure.
    east = table(state, names=seated(EAST), rest=Rest(EAST, predicted=predicted))
    assert deal_points(east, state) == (*scores, guess)
    # South rests: West, North, East sit at seats 0, 1, 2; the figures stay in S, W, N, E order.
    south = table(state, names=seated(SOUTH), rest=Rest(SOUTH, predicted=predicted))
    assert deal_points(south, state) == (guess, *scores)


def test_trade_points_are_added_and_what_the_bank_took_is_missing() -> None:
    state = played("2♠", seed=11)
    ledger = Ledger(points=(5, -20, 0), bank=15)
    points = deal_points(table(state, trading=Trading({}, ledger=ledger)), state)
    scores = scored(state)
    assert points == (scores[0] + 5, scores[1] - 20, scores[2])
    assert sum(points) == sum(scores) - 15  # rule 19: the bank keeps the price it was paid


# -- seats, the dealer, the winners ----------------------------------------------------------------
def test_three_players_keep_their_seats_and_the_deal_goes_clockwise() -> None:
    match = Match.start()
    for number in range(6):
        seats = seating(match)
        assert (seats.names, seats.resting, seats.dealer) == (THREE, None, number % 3)
        match = match.record((0, 0, 0))


def test_with_four_the_player_on_the_dealers_right_rests() -> None:
    match = Match.start(players=4)
    rested, dealt = [], []
    for _ in range(8):
        seats = seating(match)
        assert seats.resting is not None and seats.names == seated(seats.resting)
        assert seats.names[seats.dealer] == PLAYERS[match.dealer]  # the dealer is at the table
        assert seats.names[0] == SOUTH or seats.resting == SOUTH  # the learner keeps seat 0
        rested.append(seats.resting)
        dealt.append(PLAYERS[match.dealer])
        match = match.record((0, 0, 0, 0))
    assert dealt == [SOUTH, WEST, NORTH, EAST] * 2
    assert rested == [EAST, SOUTH, WEST, NORTH] * 2


def test_winners_at_the_target() -> None:
    assert deal_seed("a1", 12) == "a1/12"
    match = Match.start().record((40, 30, 0))
    assert winners(match, 60) == ()
    assert winners(match, 40) == (0,)
    assert winners(match.record((0, 10, 0)), 40) == (0, 1)  # a tie is shared
    chips = Match.start(chips=True).record((70, 60, -20))
    assert winners(chips, 560) == (0,) and winners(chips, 1000) == ()


# -- the score table -------------------------------------------------------------------------------
def saved_match(
    history: Sequence[tuple[int, ...]], *, chips: bool, target: int = 1000
) -> SavedMatch:
    match = Match.start(chips=chips, players=len(history[0]))
    for points in history:
        match = match.record(points)
    return SavedMatch(10, 5, "s", target, match, tuple(history))


def test_the_score_table_in_chips_shows_the_bank() -> None:
    saved = saved_match([(40, 15, 5), (-70, 20, 20)], chips=True)
    assert score_table(saved, "en") == [
        "Match score in chips (first to 1000):",
        "  Deal    South    West   North    Bank",
        "  1         +40     +15      +5     -60",
        "  2         -70     +20     +20     +30",
        "  Total     470     535     525     -30",
    ]
    assert score_table(saved, "pl") == [
        "Wynik meczu w żetonach (gra do 1000):",
        "  Rozdanie  Południe  Zachód  Północ    Bank",
        "  1              +40     +15      +5     -60",
        "  2              -70     +20     +20     +30",
        "  Razem          470     535     525     -30",
    ]


def test_the_score_table_in_points_with_four_shows_the_latest_deals() -> None:
    history = [(10 * n, 0, -5, 10) for n in range(12)]
    lines = score_table(saved_match(history, chips=False, target=300), "en")
    assert lines[:3] == [
        "Match score in points (first to 300):",
        "  Deal    South    West   North    East",
        "  (2 earlier deals not shown)",
    ]
    assert lines[3] == "  3         +20      +0      -5     +10"
    assert len(lines) == 14 and lines[-2].startswith("  12 ")
    assert lines[-1] == "  Total     660       0     -60     120"  # every deal counted


# -- the saved match -------------------------------------------------------------------------------
def test_a_match_is_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    saved = saved_match([(40, 15, 5, -10), (-70, 20, 20, 10)], chips=True, target=800)
    progress = Progress(language="pl", match=saved).with_level(10, LevelProgress(5, 3))
    store.save(path, progress)
    assert store.load(path) == progress
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["match"] == {
        "level": 10,
        "step": 5,
        "seed": "s",
        "target": 800,
        "chips": True,
        "players": 4,
        "deals": 2,
        "dealer": 2,
        "totals": [470, 535, 525, 500],
        "bank": -30,
        "history": [[40, 15, 5, -10], [-70, 20, 20, 10]],
    }


def test_progress_shows_the_match_under_way(tmp_path: Path) -> None:
    saved = saved_match([(40, 15, 5, -10), (-70, 20, 20, 10)], chips=True, target=800)
    store.save(tmp_path / "progress.json", Progress(match=saved))
    result = run_cli("progress", "--lang", "en", env=environment(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "Level 10: a match under way, deal 3 next." in result.stdout
    assert "Match score in chips (first to 800):" in result.stdout
    assert "470" in result.stdout and "535" in result.stdout


def test_a_file_without_a_match_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text(
        '{"format": "betel-tutor-progress/1", "language": "en",'
        ' "levels": {"10": {"next_step": 5, "deals_played": 3, "completed": false}}}',
        encoding="utf-8",
    )
    progress = store.load(path)
    assert progress.match is None and progress.match_set_aside is None
    assert progress.level(10) == LevelProgress(5, 3)
    assert "match" not in progress.to_json()


GOOD = saved_match([(10, 0, 0)], chips=False, target=60).to_json()


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"players": 5}, "bad match level, chips or players"),
        ({"history": [[10, 0]]}, "the match's history does not hold the whole numbers it should"),
        ({"bank": -20}, "disagree with its history"),
        ({"bank": True}, "the match's bank does not hold the whole numbers it should"),
        ({"dealer": 0}, "disagree with its history"),
        ({"seed": ""}, "the match seed must be a text"),
        ({"chips": True, "totals": [510, 500, 500], "target": 500}, "needs a target above"),
        ({"deals": "1"}, "the match's deals must be a whole number from 0"),
    ],
)
def test_a_damaged_match_entry_is_refused(change: dict[str, Any], why: str) -> None:
    assert parse_match(GOOD).match.totals == (10, 0, 0)
    with pytest.raises(ValueError, match=why):
        parse_match({**GOOD, **change})


def test_a_damaged_match_is_set_aside_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    data = {
        "format": "betel-tutor-progress/1",
        "language": "pl",
        "levels": {"4": {"next_step": 2, "deals_played": 1, "completed": False, "points": 5}},
        "match": {**GOOD, "totals": [11, 0, 0]},
    }
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    progress = store.load(path)
    assert progress.match is None and progress.level(4) == LevelProgress(2, 1, False, 5)
    assert progress.match_set_aside is not None
    aside, why = progress.match_set_aside
    assert aside == tmp_path / "progress.json.bad-1" and "disagree" in why.message("en")
    assert aside.read_text(encoding="utf-8") == text  # kept as it was
    rewritten = json.loads(path.read_text(encoding="utf-8"))
    assert "match" not in rewritten and rewritten["levels"] == data["levels"]
    assert store.load(path).match_set_aside is None  # reported once


# -- the match step in scenario files --------------------------------------------------------------
LESSON = """\
kind: lesson
id: m
level: 10
title: {en: Match, pl: Mecz}
options: {auction: true, scoring: chips}
steps:
  - match: {}
  - match: {scoring: points, target: 300, text: {en: Short, pl: Krótki}}
"""


def test_the_match_step_and_its_defaults() -> None:
    scenario, problems = load_text(LESSON, "m.yaml")
    assert problems == [] and scenario is not None
    first, second = scenario.steps
    assert first == MatchStep(None, 1000, None, first.position)  # chips from the options
    assert isinstance(second, MatchStep)
    assert (second.scoring, second.target, second.text and second.text.pl) == (
        "points",
        300,
        "Krótki",
    )
    assert str(second.position) == "m.yaml:8:5"


def test_the_shipped_level_10_ends_with_a_match_in_chips_to_1000() -> None:
    scenario, problems = load(str(level_path(10)))
    assert problems == [] and scenario is not None
    last = scenario.steps[-1]
    assert isinstance(last, MatchStep) and (last.scoring, last.target) == ("chips", 1000)
    assert scenario.options.scoring == "chips"
    assert "500" in scenario.text.en and "1000" in scenario.text.pl  # type: ignore[union-attr]


def test_the_schema_knows_the_match_step() -> None:
    import yaml

    validator = jsonschema.Draft202012Validator(scenario_schema())
    assert not list(validator.iter_errors(yaml.safe_load(LESSON)))
    for bad in ("{target: 5}", "{scoring: beans}", "{targt: 1000}"):
        document = yaml.safe_load(LESSON.replace("match: {}", f"match: {bad}"))
        assert list(validator.iter_errors(document)), bad


def test_a_tie_for_the_first_exchange_looks_at_the_match_totals() -> None:
    from betel_tutor.tutor.trading import table_totals

    ctx = Context(Progress())
    state = played()
    ctx.table = table(state, names=seated(EAST), rest=Rest(EAST))
    assert table_totals(ctx) == (0, 0, 0)  # outside a match nobody has points
    ctx.match = saved_match([(40, -10, 5, 10)], chips=True)
    assert table_totals(ctx) == (540, 490, 505)  # South, West, North at the table (rule 10)
