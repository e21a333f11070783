"""The match of level 10 (spec §7) as the console script runs it: a short match played to its
end in points and in chips (with trade and a fourth player), quit and resumed, a damaged saved
match set aside, in English and Polish.

The tutor reads its level files from ``$BETEL_TUTOR_LEVELS`` when that folder has them, so
these tests play a lesson whose only step is a short match. The program runs in the test process
(:mod:`tests.in_process`): each prompt it prints is answered as it comes, so the script never
has to guess how many calls and cards a deal takes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from betel_tutor import i18n
from tests.in_process import run_cli
from tests.test_tutor import environment

PROMPTS = (
    "prompt_bid",
    "prompt_offer",
    "prompt_predict",
    "prompt_call",
    "prompt_card",
    "prompt_level",
    "prompt_after_deal",
    "prompt_answer",
    "prompt_continue",
)
# Bid nothing, decline offers, predict "made", pass, play the first legal card, go on; leave
# at the menu once the level is done.
ANSWERS = {
    "prompt_bid": "0",
    "prompt_offer": "no",
    "prompt_predict": "made",
    "prompt_call": "pass",
    "prompt_card": "1",
    "prompt_level": "quit",
}
Answer = Callable[[str, str], str]
SEATS = ("South", "West", "North", "East")


def lesson(home: Path, *, scoring: str, target: int, trade: bool = False) -> Path:
    """A level-10 lesson whose only step is a short match; returns its folder."""
    folder = home / "levels"
    folder.mkdir(exist_ok=True)
    (folder / "level-10.yaml").write_text(
        f"""\
kind: lesson
id: level-10
level: 10
title: {{en: "Level 10: a short match", pl: "Poziom 10: krótki mecz"}}
options: {{auction: true, betelki: true, exchange: true, kontra: true, trade: {str(trade).lower()},
  scoring: {scoring}}}
steps:
  - match: {{target: {target}}}
""",
        encoding="utf-8",
    )
    return folder


def converse(
    home: Path, levels: Path, *args: str, lang: str = "en", answer: Answer | None = None
) -> tuple[int, str, str]:
    """Run ``betel-tutor learn ARGS`` and answer every prompt with ``answer(prompt key, output
    so far)`` (by default :data:`ANSWERS`); returns the exit status, stdout and stderr."""
    prompts = {i18n.translate(f"tutor.{key}", lang): key for key in PROMPTS}
    seen = 0  # the characters of output already answered

    def typist(output: str) -> str | None:
        nonlocal seen
        keys = [prompts[line] for line in output[seen:].splitlines() if line in prompts]
        seen = len(output)
        if not keys:  # read without a prompt: end the input, the test will say what is missing
            return None
        return answer(keys[-1], output) if answer is not None else ANSWERS.get(keys[-1], "")

    env = environment(home, BETEL_TUTOR_LEVELS=str(levels))
    ran = run_cli("learn", *args, env=env, typist=typist)
    return ran.returncode, ran.stdout, ran.stderr


def deals_in(out: str, lang: str = "en") -> list[tuple[int, str, str]]:
    """The match's deals: (number, dealer, the output from its start to the next one)."""
    pattern = r"^Match, deal (\d+): (\w+) deals\.$"
    if lang == "pl":
        pattern = r"^Mecz, rozdanie (\d+): rozdaje (\w+)\.$"
    parts = re.split(pattern, out, flags=re.M)
    return [(int(parts[i]), parts[i + 1], parts[i + 2]) for i in range(1, len(parts) - 1, 3)]


def score_table(part: str, number: int, lang: str = "en") -> tuple[list[int], list[int]]:
    """The row of deal ``number`` and the totals row of the score table in ``part``."""
    deal, total = ("Deal", "Total") if lang == "en" else ("Rozdanie", "Razem")
    table = part.split(deal, 1)[1]
    row = re.search(rf"^  {number} +(.*)$", table, re.M)
    totals = re.search(rf"^  {total} +(.*)$", table, re.M)
    assert row and totals, part
    return [int(v) for v in row.group(1).split()], [int(v) for v in totals.group(1).split()]


def scores(part: str) -> dict[str, int]:
    """The deal's scores by player, the resting player's prediction included."""
    line = re.search(r"^Score: (.*)$", part, re.M)
    assert line, part
    return {name: int(points) for name, points in re.findall(r"(\w+)[^,]*? ([+-]\d+)", line[1])}


def traded(part: str) -> tuple[dict[str, int], int]:
    line = re.search(r"^Trade points: (.*); the bank has received (-?\d+)\.$", part, re.M)
    assert line, part
    points = {name: int(p) for name, p in re.findall(r"(\w+) ([+-]\d+)", line[1])}
    return points, int(line[2])


def check_match(out: str, *, players: int, chips: bool, target: int, trade: bool) -> None:
    """Every deal of the match in ``out``: the dealer rotating clockwise (and the resting seat
    with it), the table's row equal to the deal's scores (and trade), the totals the sum of
    the rows, chips conserved with the bank, and the winner announced when, and only when, a
    player reaches the target."""
    deals = deals_in(out)
    assert deals, out
    start = 500 if chips else 0
    running = [start] * players
    bank = 0
    for index, (number, dealer, part) in enumerate(deals):
        assert number == index + 1
        assert dealer == SEATS[index % players]  # clockwise, from South
        assert f"{dealer} deals and calls first." in part
        if players == 4:  # Match.resting: the player on the dealer's right
            resting = SEATS[(index + 3) % 4]
            rests = "You rest this deal" if resting == "South" else f"{resting} rests this deal"
            assert rests in part
        row, totals = score_table(part, number)
        expected = scores(part)
        if trade:
            paid, _ = traded(part)
            expected = {name: p + paid.get(name, 0) for name, p in expected.items()}
        assert row[:players] == [expected.get(name, 0) for name in SEATS[:players]]
        running = [t + p for t, p in zip(running, row, strict=False)]
        assert totals[:players] == running  # the totals are the sum of the deals
        if chips:  # rule 19: the bank pays what is won and takes what is lost
            assert row[players] == -sum(row[:players])
            bank += row[players]
            assert totals[players] == bank
            assert sum(totals[:players]) + totals[players] == 500 * players
        else:
            assert len(row) == players  # no bank column in points
        won = re.search(r"^(\w+) wins the match with (\d+)!$", part, re.M)
        if index < len(deals) - 1:
            assert max(running) < target and won is None
    assert max(running) >= target
    assert won is not None, out
    assert int(won[2]) == max(running) and won[1] == SEATS[running.index(max(running))]
    assert ("Congratulations: you won the match." in out) == (won[1] == "South")
    assert "Level 10 done!" in out


def saved(home: Path) -> Any:
    return json.loads((home / "progress.json").read_text(encoding="utf-8"))


def quit_at_the_second_table(key: str, out: str) -> str:
    """Play on, and quit at the first call or card after the second score table."""
    if out.count("Match score in points") == 2 and key in ("prompt_call", "prompt_card"):
        return "quit"
    return ANSWERS.get(key, "")


def test_a_short_match_in_points_is_played_to_its_end(tmp_path: Path) -> None:
    levels = lesson(tmp_path, scoring="points", target=60)
    status, out, errors = converse(tmp_path, levels, "--level", "10", "--seed", "m1")
    assert status == 0 and "Traceback" not in errors
    assert "The match, in points: everybody starts at 0, and the first to reach 60" in out
    assert "The deals of this match come from the seed m1" in out
    assert "Match score in points (first to 60):" in out
    check_match(out, players=3, chips=False, target=60, trade=False)
    progress = saved(tmp_path)
    assert "match" not in progress  # a finished match is not kept
    level = progress["levels"]["10"]
    assert level["completed"] is True and level["deals_played"] == len(deals_in(out))


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_learner_who_wins_the_match_is_congratulated(lang: str, tmp_path: Path) -> None:
    levels = lesson(tmp_path, scoring="points", target=60)
    args = ("--level", "10", "--seed", "m7", "--lang", lang)  # a seed whose match South wins
    status, out, errors = converse(tmp_path, levels, *args, lang=lang)
    assert status == 0 and "Traceback" not in errors
    if lang == "en":
        check_match(out, players=3, chips=False, target=60, trade=False)
        assert "South wins the match with" in out
    else:
        assert re.search(r"^Mecz wygrywa Południe z wynikiem \d+!$", out, re.M), out
        assert "Gratulacje: wygrywasz mecz." in out


def test_a_match_in_chips_with_trade_and_a_fourth_player(tmp_path: Path) -> None:
    levels = lesson(tmp_path, scoring="chips", target=600, trade=True)
    args = ("--level", "10", "--seed", "c4", "--fourth")
    status, out, errors = converse(tmp_path, levels, *args)
    assert status == 0 and "Traceback" not in errors
    assert "The match, in chips: everybody starts with 500; the bank pays" in out
    assert "each deal the player on the dealer's right rests" in out
    assert "  Deal    South    West   North    East    Bank" in out
    check_match(out, players=4, chips=True, target=600, trade=True)
    deals = deals_in(out)
    assert len(deals) >= 5  # every player dealt and rested once, and the rotation began again
    # The learner rested while West dealt, and was asked to predict.
    assert "Will " in deals[1][2] and "You predict that the contract will be made." in deals[1][2]


def test_quit_in_the_middle_and_resume(tmp_path: Path) -> None:
    levels = lesson(tmp_path, scoring="points", target=400)
    # Two deals played, then quit in the middle of the third.
    status, first, _ = converse(
        tmp_path, levels, "--level", "10", "--seed", "r1", answer=quit_at_the_second_table
    )
    assert status == 0 and "Your progress is saved." in first
    deals = deals_in(first)
    assert [(n, dealer) for n, dealer, _ in deals] == [(1, "South"), (2, "West"), (3, "North")]
    _, totals = score_table(deals[1][2], 2)
    rows = [score_table(part, n)[0] for n, _, part in deals[:2]]
    match = saved(tmp_path)["match"]
    assert match == {
        "level": 10,
        "step": 0,
        "seed": "r1",
        "target": 400,
        "chips": False,
        "players": 3,
        "deals": 2,
        "dealer": 2,
        "totals": totals,
        "bank": -sum(totals),
        "history": rows,
    }
    hand = re.findall(r"^Your hand: .*$", deals[2][2], re.M)[0]
    # Again, without --seed: the match keeps its own seed, so deal 3 is dealt as it was; the
    # resumed score table is the second one, deal 3's the third: quit in deal 4.
    status, again, _ = converse(tmp_path, levels, "--level", "10", answer=quit_at_the_second_table)
    assert status == 0
    resumed = again.split("Resuming the match at deal 3.", 1)[1]
    assert score_table(resumed, 1)[0] == rows[0] and score_table(resumed, 2) == (rows[1], totals)
    (number, dealer, part), *_ = deals_in(again)
    assert (number, dealer) == (3, "North")
    assert re.findall(r"^Your hand: .*$", part, re.M)[0] == hand
    row, after = score_table(part, 3)
    assert after == [t + p for t, p in zip(totals, row, strict=True)]
    match = saved(tmp_path)["match"]
    assert (match["deals"], match["totals"], match["dealer"]) == (3, after, 0)


@pytest.mark.parametrize(
    ("entry", "why"),
    [
        (
            {
                "level": 10,
                "step": 0,
                "seed": "x",
                "target": 60,
                "chips": False,
                "players": 3,
                "deals": 1,
                "dealer": 1,
                "totals": [99, 0, 0],
                "bank": -10,
                "history": [[10, 0, 0]],
            },
            "the match totals, bank, deals or dealer disagree with its history",
        ),
        ("garbage", "the match must be a mapping"),
    ],
)
def test_a_damaged_match_is_set_aside(tmp_path: Path, entry: object, why: str) -> None:
    levels = lesson(tmp_path, scoring="points", target=60)
    path = tmp_path / "progress.json"
    level_3 = {"next_step": 0, "deals_played": 3, "completed": True, "points": 40}
    data = {
        "format": "betel-tutor-progress/1",
        "language": "en",
        "levels": {"3": level_3},
        "match": entry,
    }
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")

    def quit_at_once(key: str, out: str) -> str:
        return "quit"

    status, out, errors = converse(tmp_path, levels, "--level", "10", answer=quit_at_once)
    assert status == 0 and "Traceback" not in errors
    aside = tmp_path / "progress.json.bad-1"
    assert (
        f"The saved match could not be read ({why}); the file as it was is kept as {aside}" in out
    )
    assert aside.read_text(encoding="utf-8") == text  # nothing is lost
    assert "Match, deal 1: South deals." in out  # a new match
    progress = saved(tmp_path)
    assert progress["levels"]["3"] == level_3
    assert progress["match"]["deals"] == 0 and progress["match"]["seed"] != "x"


def test_a_short_match_in_polish(tmp_path: Path) -> None:
    levels = lesson(tmp_path, scoring="chips", target=560)
    answers = {**ANSWERS, "prompt_level": "koniec"}

    def answer(key: str, out: str) -> str:
        return answers.get(key, "")

    status, out, errors = converse(
        tmp_path, levels, "--level", "10", "--lang", "pl", "--seed", "p1", lang="pl", answer=answer
    )
    assert status == 0 and "Traceback" not in errors
    assert "Mecz na żetony: każdy zaczyna z 500; bank wypłaca wygrane punkty" in out
    assert "Wynik meczu w żetonach (gra do 560):" in out
    assert "  Rozdanie  Południe  Zachód  Północ    Bank" in out
    deals = deals_in(out, "pl")
    assert len(deals) >= 4
    dealers = ["Południe", "Zachód", "Północ"]
    assert [dealer for _, dealer, _ in deals] == [dealers[i % 3] for i in range(len(deals))]
    for number, dealer, part in deals:
        assert f"Rozdaje i zaczyna licytację: {dealer}." in part
        row, totals = score_table(part, number, "pl")
        assert sum(totals[:3]) + totals[3] == 1500 and row[3] == -sum(row[:3])
    won = re.search(r"^Mecz wygrywa (\w+) z wynikiem (\d+)!$", out, re.M)
    assert won and int(won[2]) == max(totals[:3]) >= 560
    assert won[1] == dealers[totals.index(max(totals[:3]))]
    assert "Poziom 10 ukończony!" in out.split(won[0], 1)[1]
