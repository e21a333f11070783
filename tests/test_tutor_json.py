"""``betel-tutor learn --json`` through the entry point: a scripted learner (tests/learner.py)
plays every level to its end, and each phase's events are checked for what they must carry.

Level 10 is played with a short match (``$BETEL_TUTOR_LEVELS``: the shipped lesson with the
match's target at 540 chips), so that the whole file runs in seconds.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.cards import parse_card
from betel_tutor.resources import data_dir
from tests.in_process import run_cli
from tests.learner import Event, Learner, Transcript, converse, environment

LEVELS = range(1, 11)
KINDS = {
    "message",
    "prompt",
    "card_played",
    "call_made",
    "offer",
    "refused",
    "hint",
    "answered",
    "deal_end",
    "review",
    "auction_review",
    "level_end",
    "bye",
}
EXPECTS = {
    "menu",
    "continue",
    "answer",
    "call",
    "exchange",
    "bid",
    "offer",
    "prediction",
    "card",
    "retry",
    "round",
    "trump",
}
DEAL_END = {
    "contract",
    "declarer",
    "doubled",
    "tricks",
    "hands",
    "play",
    "goal",
    "goal_met",
    "stars",
    "score",
    "practice",
}
SEED = "fourth-2"  # a match with --fourth in which the learner rests (tests/test_tutor_fourth.py)


def shipped(level: int) -> str:
    path = data_dir("scenarios") / "levels" / f"level-{level:02d}.yaml"
    return path.read_text(encoding="utf-8")


class Run:
    """One level played through by a mischievous learner, with its own progress folder."""

    def __init__(self, home: Path, level: int, *args: str) -> None:
        self.home, self.level = home, level
        levels = home / "levels"
        levels.mkdir(parents=True)
        short = shipped(10).replace("target: 1000", "target: 540")
        assert short != shipped(10)
        (levels / "level-10.yaml").write_text(short, encoding="utf-8")
        self.env = environment(home, BETEL_TUTOR_LEVELS=str(levels))
        self.learner = Learner(level, mischief=True)
        self.transcript: Transcript = converse(
            self.learner, ["--level", str(level), *args], self.env, timeout=60
        )

    def answered_prompts(self) -> Iterator[tuple[Event, str]]:
        """Each prompt with the line the learner typed at it."""
        exchanges = self.transcript.exchanges
        for before, after in itertools.pairwise(exchanges):
            assert after.line is not None
            yield before.events[-1], after.line


# The tests share this module's fixture: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture(scope="module")
def runs() -> dict[str, Run]:
    """The runs of this module, each played once for all the tests that look at it."""
    return {}


def played(runs: dict[str, Run], factory: pytest.TempPathFactory, level: int, *args: str) -> Run:
    key = " ".join((str(level), *args))
    if key not in runs:
        runs[key] = Run(factory.mktemp(f"level-{level}"), level, *args)
    return runs[key]


def deals_of(events: list[Event]) -> list[list[Event]]:
    """The events up to and including each deal_end."""
    deals, current = [], []
    for event in events:
        current.append(event)
        if event["event"] == "deal_end":
            deals.append(current)
            current = []
    return deals


def check_deal_end(end: Event, seats: set[str], *, trade: bool) -> None:
    """The fields of a deal_end; without trade each card was played from the hand it was dealt
    to (swaps of trade move cards between hands during the play)."""
    assert end.keys() >= DEAL_END, end
    assert isinstance(end["contract"], str) and end["contract"]
    assert end["declarer"] is None or end["declarer"] in seats
    assert isinstance(end["doubled"], bool) and isinstance(end["practice"], bool)
    assert set(end["tricks"]) == seats and sum(end["tricks"].values()) == 10
    assert set(end["hands"]) == seats
    assert all(len(hand) == 10 for hand in end["hands"].values())
    held = {card for hand in end["hands"].values() for card in hand}
    assert len(held) == 30
    assert len(end["play"]) == 30
    assert {card for _, card in end["play"]} == held
    if not trade:
        assert all(card in end["hands"][seat] for seat, card in end["play"])
    assert seats <= set(end["score"]) and all(isinstance(v, int) for v in end["score"].values())
    assert isinstance(end["goal"], dict)
    assert end["goal_met"] in (True, False, None)
    assert end["stars"] in range(4)
    if end["learner"] is None:  # resting: the deal is watched, not played
        assert end["stars"] == 0
    elif end["goal_met"] is False:
        assert end["stars"] == 1
    elif end["goal_met"] is True:
        assert end["stars"] in (2, 3)


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_played_through_json(
    runs: dict[str, Run], tmp_path_factory: pytest.TempPathFactory, level: int
) -> None:
    run = played(runs, tmp_path_factory, level)
    transcript, learner = run.transcript, run.learner
    assert transcript.returncode == 0, transcript.stderr
    assert "Traceback" not in transcript.stderr
    events = transcript.events
    assert {event["event"] for event in events} <= KINDS
    assert all(isinstance(event["text"], str) for event in events)
    assert events[-1]["event"] == "bye"

    # Prompts: what they expect, and for cards and calls the legal inputs, the learner's among
    # them (but for the card it sent on purpose to be refused).
    prompts = transcript.of("prompt")
    assert {prompt["expects"] for prompt in prompts} <= EXPECTS
    assert learner.illegal_at is not None
    assert learner.sent[learner.illegal_at] == learner.illegal_sent
    for index, (prompt, line) in enumerate(run.answered_prompts()):
        choices = prompt["choices"]
        if prompt["expects"] in ("card", "call"):
            assert choices, prompt
            if index == learner.illegal_at:
                assert line not in choices
            elif line not in ("xyz", "hint"):
                assert line in choices, (prompt, line)
        if prompt["expects"] == "card":
            assert all(parse_card(card) for card in choices)
        if prompt["expects"] == "menu":
            assert choices == [str(n) for n in LEVELS]
        if prompt["expects"] in ("offer", "exchange"):
            assert choices == ["yes", "no"]
        if prompt["expects"] == "retry":  # from N: after a review that names a costly card,
            # and before it "from T" for each later costly card's trick T
            later = choices[2:-1]
            assert choices == ["yes", "no"] or choices == ["yes", "no", *later, "from N"]
            assert all(re.fullmatch(r"from (10|[2-9])", choice) for choice in later), choices
        if prompt["expects"] == "trump":
            assert choices == ["♠", "♥", "♦", "♣"] and level == 2
        if prompt["expects"] == "bid":
            assert choices is None and re.fullmatch(r"-?\d+", line)

    # The quizzes: each answered once, right or wrong.
    quizzes = shipped(level).count("\n  - quiz:")
    answered = transcript.of("answered")
    assert len(answered) == quizzes
    assert all(isinstance(a["right"], bool) and a["answer"] for a in answered)
    # A wrong first answer gets a second try; a score's answer comes with its breakdown.
    assert all(a["tries"] in (1, 2) and (a["right"] or a["tries"] == 2) for a in answered)
    scored = [a for a in answered if a["breakdown"]]
    assert len(scored) == shipped(level).count("kind: score")

    # Refusals: a word that is no card, and a card of the hand that the rules forbid.
    refused = transcript.of("refused")
    (xyz,) = [r for r in refused if r["input"] == "xyz"]
    assert xyz["reason"] == "bad_card" and "'xyz'" in xyz["text"]
    assert learner.illegal_sent is not None
    (illegal,) = [r for r in refused if r["input"] == learner.illegal_sent]
    assert illegal["rule"] in (5, 6, 7) and learner.illegal_sent in illegal["text"]
    assert illegal["reason"] in ("must_follow", "must_beat", "must_ruff", "must_overruff")

    # The hint, at the card prompt where it was asked for.
    (hinted,) = [p for p, line in run.answered_prompts() if line == "hint"]
    (hint,) = transcript.of("hint")
    legal = set(hinted["choices"])
    assert hint["best"] and set(hint["best"]) <= legal
    assert set(hint["costs"]) == legal - set(hint["best"])
    assert all(cost > 0 for cost in hint["costs"].values())
    # The rule of thumb quoted is one of the best cards, or the hint says it is wrong here.
    if hint["rule_wrong"]:
        assert hint["suggest"] is None and hint["rule_card"] in hint["costs"]
    else:
        assert hint["suggest"] in hint["best"] and hint["suggest_reason"]

    # Every deal: its cards as played, its calls from level 5 on, its end, its review.
    ends = transcript.of("deal_end")
    # the learner leaves level 3's optional rounds out
    lesson_deals = shipped(level).count("\n  - play:") - shipped(level).count("optional: true")
    assert all(end["breakdown"] and end["breakdown"][-1] for end in ends)  # how it scored
    if level == 10:
        assert len(ends) > lesson_deals  # and the match's deals
        assert all(end["goal"] == {} for end in ends[lesson_deals:])
    else:
        assert len(ends) == lesson_deals
    before_play: list[Event] = []
    if level == 9:  # the worked example is watched before the lesson's deals
        first = next(i for i, e in enumerate(events) if e.get("expects") in ("card", "call"))
        before_play, events = events[:first], events[first:]
    for deal in deals_of(events):
        end = deal[-1]
        check_deal_end(end, {"S", "W", "N"}, trade=level >= 9)
        cards = [(e["seat"], e["card"]) for e in deal if e["event"] == "card_played"]
        assert [tuple(pair) for pair in end["play"]] == cards
        tricks = [e["wins"] for e in deal if e["event"] == "card_played" and e["wins"]]
        assert {seat: tricks.count(seat) for seat in "SWN"} == end["tricks"]
        calls = [e for e in deal if e["event"] == "call_made"]
        if level >= 5:
            assert calls and all(c["seat"] in "SWN" and c["call"] for c in calls)
        else:
            assert not calls
        reviews = [e for e in deal if e["event"] == "review"]
        assert len(reviews) == 1
        assert {"trick", "card", "better", "cost"} <= reviews[0].keys()
        if reviews[0]["card"] is not None:
            assert reviews[0]["cost"] > 0 and reviews[0]["better"]
            assert reviews[0]["card"] in end["hands"]["S"]
    if level == 9:
        watched = [e for e in before_play if e["event"] == "card_played"]
        assert len(watched) == 30
        assert any(e["event"] == "call_made" for e in before_play)
        assert not any(e["event"] == "deal_end" for e in before_play)

    # Trade (levels 9 and 10): the first exchange's bid, and offers to the learner.
    kinds = {prompt["expects"] for prompt in prompts}
    if level >= 9:
        assert {"bid", "offer"} <= kinds
    else:
        assert not {"bid", "offer", "prediction"} & kinds
    if level >= 5:
        assert "call" in kinds

    # The level's end, once: passed when every closed deal met its goal; its stars are each
    # closed deal's best.
    (end,) = transcript.of("level_end")
    best = closed_stars(ends)
    assert end["level"] == level and end["done"] is all(stars >= 2 for stars in best.values())
    assert end["stars"] == sum(best.values())


def test_level_10_with_a_fourth_player_asks_for_a_prediction(
    runs: dict[str, Run], tmp_path_factory: pytest.TempPathFactory
) -> None:
    run = played(runs, tmp_path_factory, 10, "--fourth", "--seed", SEED)
    transcript = run.transcript
    assert transcript.returncode == 0, transcript.stderr
    predictions = [(p, line) for p, line in run.answered_prompts() if p["expects"] == "prediction"]
    assert predictions
    for prompt, line in predictions:
        assert prompt["choices"] == ["made", "defeated", "skip"] and line == "skip"
    ends = transcript.of("deal_end")
    resting = [end for end in ends if "S" not in end["tricks"]]
    assert len(resting) == len(predictions)
    for end in ends:
        check_deal_end(end, set(end["tricks"]), trade=True)
        assert len(end["tricks"]) == 3 and set(end["tricks"]) <= {"S", "W", "N", "E"}
        assert set(end["score"]) == {"S", "W", "N", "E"}
    for end in resting:
        assert end["score"]["S"] == 0  # skipped: no prediction, no points
    # A review after each deal the learner played, none after those it watched resting.
    assert len(transcript.of("review")) == len(ends) - len(resting)
    (level_end,) = transcript.of("level_end")
    assert level_end["done"] is all(stars >= 2 for stars in closed_stars(ends).values())


def closed_stars(ends: list[dict[str, Any]]) -> dict[str, int]:
    """Each closed deal's best stars, as the level keeps them (practice deals do not count)."""
    best: dict[str, int] = {}
    for end in ends:
        if end["closed"] and not end["practice"]:
            best[end["deal"]] = max(best.get(end["deal"], 0), end["stars"])
    return best


@pytest.mark.parametrize("level", [3, 9])
def test_progress_json_after_a_level(
    runs: dict[str, Run], tmp_path_factory: pytest.TempPathFactory, level: int
) -> None:
    run = played(runs, tmp_path_factory, level)
    shown = run_cli("progress", "--json", env=run.env)
    assert shown.returncode == 0, shown.stderr
    data: dict[str, Any] = json.loads(shown.stdout)
    levels = data["levels"]
    assert [entry["level"] for entry in levels] == list(LEVELS)
    ends = [end for end in run.transcript.of("deal_end") if not end["practice"]]
    (level_end,) = run.transcript.of("level_end")
    best = closed_stars(ends)
    practise = [deal for deal, stars in best.items() if stars < 2]
    for entry in levels:
        assert {"done", "stars", "step", "practise", "closed"} <= entry.keys()
        if entry["level"] == level:
            assert entry["done"] is level_end["done"] is not practise
            assert entry["step"] == 0 if not practise else entry["step"] > 0
            assert entry["stars"] == level_end["stars"] == sum(best.values())
            assert entry["closed"] == best
            assert entry["deals_played"] == len([e for e in ends if not e["retry"]])
            assert entry["practise"] == practise
        else:
            assert entry == {
                "level": entry["level"],
                "done": False,
                "stars": 0,
                "step": 0,
                "deals_played": 0,
                "points": 0,
                "practise": [],
                "positions": [],
                "closed": {},
            }
