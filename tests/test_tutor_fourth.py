"""The fourth, resting player of level 10 (``learn --fourth``, spec §7), through the entry point."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from betel_tutor.contracts import parse_contract
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.events import DealEnd
from betel_tutor.tutor.events import lines as shown_lines
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session, prompt_of
from tests.test_tutor import scripted

LEVEL_10_QUIZZES = {"Szlem": "100", "2NT": "-40 30 10", "2BA": "-40 30 10"}
SEED = "fourth-2"  # --seed: the match's deals, like the lesson's, are the same in every run


def script(lang: str, predictions: list[str], *, fourth: bool = True, deals: int = 5) -> list[str]:
    """The lines a learner types in level 10 to play ``deals`` deals (the lesson's three, then
    the match's): pass at every call, the first legal card, the right quiz answers,
    ``predictions`` in turn when resting. Worked out on a session in this process, for the real
    program run with ``--seed SEED``."""
    settings = Settings(fourth=fourth, seed=SEED)
    session = Session(Progress(), lang, settings=settings)
    events = session.start(10)
    lines: list[str] = []
    waiting = list(predictions)
    ended = 0
    while len(lines) < 500:
        prompt = prompt_of(events)
        assert prompt is not None
        expects = prompt.expects
        if expects == "call":
            line = "pass"
        elif expects == "card":
            line = "1"
        elif expects == "bid":
            line = "0"  # level 10 is played with trade: no bid for the first exchange
        elif expects == "offer":
            line = "no"
        elif expects == "prediction":
            line = waiting.pop(0)
        elif expects == "answer":
            question = shown_lines(events)[-1]
            line = next(answer for word, answer in LEVEL_10_QUIZZES.items() if word in question)
        elif expects == "menu":
            line = "10"
        elif expects == "retry":
            line = "no"
        else:
            line = ""
        lines.append(line)
        events = session.handle(line)
        ended += any(isinstance(event, DealEnd) for event in events)
        if ended == deals:
            break
    assert not waiting, "every prediction was asked for"
    return [*lines, "quit"]


def deals_of(out: str, lang: str = "en") -> list[str]:
    """The output cut into deals, each from its auction to its scores."""
    marker = "deals and calls first." if lang == "en" else "Rozdaje i zaczyna licytację: "
    ends = "Type save" if lang == "en" else "Wpisz zapisz"
    parts = out.split(marker)[1:]
    return [part.split(ends)[0] for part in parts]


def contract_result(deal: str) -> tuple[str, bool]:
    """The contract played in a deal's output, and whether it was made."""
    found = re.search(r"The contract is (.+?)(?: doubled)?, played by (\w+)\.", deal)
    assert found, deal
    name, declarer = found.groups()
    taken = re.search(rf"^{declarer}: (\d+) tricks?$", deal, re.M)
    assert taken, deal
    return declarer, parse_contract(name).is_made(int(taken.group(1)))


def test_computer_players_rest_and_then_the_learner_rests_and_predicts(tmp_path: Path) -> None:
    lines = script("en", ["maybe", "made"])
    result = scripted(tmp_path, lines, "--level", "10", "--fourth", "--seed", SEED)
    out = result.stdout
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert out.count("A fourth player, East, joins the table") == 1
    deals = deals_of(out)
    assert len(deals) == 5
    # The lesson's deals 1–3: West, North, East rest in turn, each predicting from the auction
    # alone; then the match, where the player on the dealer's right rests: East while South
    # deals, the learner while West deals (Match.resting).
    learner_total = 0
    for deal, resting, seated in zip(
        deals[:4],
        ("West", "North", "East", "East"),
        (("North", "East"), ("West", "East"), ("West", "North"), ("West", "North")),
        strict=True,
    ):
        assert f"{resting} rests this deal and watches." in out
        scores = re.search(
            r"^Score: South ([+-]\d+), (\w+) [+-]\d+, (\w+) [+-]\d+, (.*)$", deal, re.M
        )
        assert scores, deal
        assert scores.group(2, 3) == seated
        learner_total += int(scores.group(1))
        predicted = re.search(
            rf"{resting}, resting, predicts that the contract will be (\w+)", deal
        )
        if predicted is None:  # declined, or there was no contract
            assert scores.group(4) == f"{resting} (resting) +0"
            continue
        _, made = contract_result(deal)
        right = (predicted.group(1) == "made") == made
        points = "+10" if right else "-10"
        assert scores.group(4) == f"{resting} (resting) {points}"
        assert f"{resting}'s prediction was {'right' if right else 'wrong'}: {points}." in deal
    # At least one of these deals had a contract that a resting player predicted.
    assert any(re.search(r"\w+, resting, predicts", deal) for deal in deals[:4])
    assert "Match, deal 1: South deals." in out and "Match, deal 2: West deals." in out
    # Deal 5: the learner rests; the three computer players bid and play, open, with reasons.
    rest = deals[4]
    assert out.count("You rest this deal: West, North, East bid and play it") == 1
    assert out.index("You rest this deal") > out.index(deals[3])
    assert "Your hand" not in rest and "Your goal" not in rest
    assert (
        "'maybe' is not a prediction: type made (or yes, tak), defeated (or down, no, nie)" in rest
    )
    assert "You predict that the contract will be made." in rest
    plays = re.findall(r"^(West|North|East) plays (\S+)\n    (.+)$", rest, re.M)
    assert len(plays) == 30 and all(card in reason for _, card, reason in plays)
    _, made = contract_result(rest)
    points = "+10" if made else "-10"
    score_line = r"^Score: West [+-]\d+, North [+-]\d+, East [+-]\d+, South \(resting\) "
    assert re.search(score_line + re.escape(points) + "$", rest, re.M)
    assert f"Your prediction was {'right' if made else 'wrong'}: {points}." in rest
    saved = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))["levels"]["10"]
    assert saved["deals_played"] == 5
    assert saved["points"] == learner_total + int(points)


def test_the_learner_rests_in_polish_and_skips(tmp_path: Path) -> None:
    lines = script("pl", ["może", "pomiń"])
    result = scripted(tmp_path, lines, "--level", "10", "--fourth", "--lang", "pl", "--seed", SEED)
    out = result.stdout
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "Odpoczywasz w tym rozdaniu: licytują i grają Zachód, Północ, Wschód" in out
    assert "'może' to nie jest przepowiednia: wpisz tak (albo ugrany), nie (albo obalony)" in out
    assert "Tym razem nie przewidujesz wyniku." in out
    assert "Bez przepowiedni: +0." in out
    assert re.search(
        r"^Wynik: Zachód [+-]\d+, Północ [+-]\d+, Wschód [+-]\d+, Południe \(odpoczywa\) \+0$",
        out,
        re.M,
    )
    assert "Zachód odpoczywa w tym rozdaniu i przygląda się grze." in out


def test_level_10_without_fourth_is_played_by_three(tmp_path: Path) -> None:
    lines = script("en", [], fourth=False, deals=1)
    out = scripted(tmp_path, lines, "--level", "10", "--seed", SEED).stdout
    assert "Score: South" in out
    for text in ("rests this deal", "(resting)", "East", "You rest", "predicts that"):
        assert text not in out


def test_fourth_outside_level_10_says_once_that_it_does_nothing(tmp_path: Path) -> None:
    result = scripted(tmp_path, ["", "♥K", "quit"], "--level", "1", "--fourth")
    assert result.returncode == 0
    notice = (
        "--fourth has no effect in level 1: the fourth player joins only the match of level 10."
    )
    assert result.stdout.count(notice) == 1
    assert "rests" not in result.stdout


@pytest.mark.parametrize(
    ("predicted", "made", "points"),
    [(True, True, 10), (True, False, -10), (False, False, 10), (False, True, -10), (None, True, 0)],
)
def test_a_prediction_scores_plus_or_minus_ten(
    predicted: bool | None, made: bool, points: int
) -> None:
    from betel_tutor.bots import choose_card
    from betel_tutor.dealing import deal
    from betel_tutor.play import BETEL, play_card, start_play
    from betel_tutor.scoring import prediction_points
    from betel_tutor.tutor import resting
    from betel_tutor.tutor.table import WEST, Rest

    assert prediction_points(predicted, made) == points
    # A whole deal: 1NT made or not by seat 0, and the resting player's points from it.
    for seed in range(50):
        state = start_play(BETEL, deal(seed).hands, parse_contract("1NT"), declarer=0)
        while not state.finished:
            state = play_card(state, choose_card(state).card)
        if parse_contract("1NT").is_made(state.tricks_taken()[0]) == made:
            break
    else:
        pytest.fail("no deal found")
    assert resting.points(Rest(WEST, predicted=predicted), state) == points


def test_prediction_answers() -> None:
    from betel_tutor.tutor.resting import parse_prediction

    for word in ("made", "yes", "TAK", " tak "):
        assert parse_prediction(word) is True
    for word in ("defeated", "down", "no", "nie"):
        assert parse_prediction(word) is False
    for word in ("skip", "pomiń", "Pomiń"):
        assert parse_prediction(word) is None
    for bad in ("", "maybe", "madee", "10"):
        with pytest.raises(ValueError) as refused:
            parse_prediction(bad)
        assert refused.value.args == (bad,)


def test_the_resting_turn_comes_to_the_learner_every_fourth_deal() -> None:
    from betel_tutor.tutor.table import EAST, NORTH, SOUTH, WEST, resting_player, seated

    assert [resting_player(n) for n in range(1, 9)] == [WEST, NORTH, EAST, SOUTH] * 2
    assert seated(WEST) == (SOUTH, NORTH, EAST) and seated(SOUTH) == (WEST, NORTH, EAST)


def test_help_names_the_option(tmp_path: Path) -> None:
    from tests.in_process import run_cli
    from tests.test_tutor import environment

    shown = run_cli("learn", "--help", env=environment(tmp_path))
    assert "--fourth" in shown.stdout and "rests" in shown.stdout
