"""``learn --puzzles``: puzzles from the shipped corpus chosen near the learner's rating; a
wrong card answered with the play that punishes it and the solution, then a retry offered; the
learner's and the puzzle's ratings after each first attempt exactly as Glicko-2 gives them
(betel_tutor.rating, tested against Glickman's worked example); attempts kept with the
progress, joined when two tutors save, and shown by theme in ``progress``."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.puzzles import corpus as corpus_module
from betel_tutor.puzzles.corpus import shipped_corpus
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.puzzles.store import nearest, read_puzzles, theme_counts, write_corpus
from betel_tutor.rating import Rating, play
from betel_tutor.tutor.progress import Progress, load, merge, save
from betel_tutor.tutor.puzzle_record import Attempt, dashboard, ratings
from tests.in_process import LOCALE_VARIABLES, run_cli


def puzzle(puzzle_id: str) -> Puzzle:
    return next(read_puzzles(shipped_corpus(), ids=[puzzle_id]))


class Learner:
    """Answers ``learn --puzzles --json``: the first puzzle wrong, no retry, then each later
    one right, card after card of its line; stops after ``count`` puzzles."""

    def __init__(self, count: int, retry: str = "no") -> None:
        self.count = count
        self.retry = retry  # the answer to the first offer to play a puzzle again

    def __call__(self, written: str) -> str | None:
        events = [json.loads(line) for line in written.splitlines() if line.startswith("{")]
        shown = [i for i, e in enumerate(events) if e["event"] == "puzzle"]
        prompt = events[-1]
        if prompt["event"] != "prompt":
            return None
        if prompt["expects"] == "retry":
            answer, self.retry = self.retry, "no"
            return answer
        if prompt["expects"] == "continue":
            return "" if len(shown) < self.count else None
        current = puzzle(events[shown[-1]]["puzzle"])
        played = [e for e in events[shown[-1] :] if e["event"] == "card_played"]
        if len(shown) == 1:
            return str(next(c for c in prompt["choices"] if c not in map(str, current.solution)))
        return str(current.line[len(played)])


@pytest.fixture()
def home(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    return {**env, "BETEL_TUTOR_HOME": str(tmp_path)}


def events_of(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def test_a_session_rates_each_attempt_as_glicko_2_does(home: dict[str, str]) -> None:
    ran = run_cli("learn", "--puzzles", "--json", env=home, typist=Learner(3))
    assert ran.returncode == 0, ran.stderr
    events = events_of(ran.stdout)
    results = [e for e in events if e["event"] == "puzzle_result"]
    assert [r["solved"] for r in results] == [False, True, True]
    learner = Rating()
    for result in results:
        asked = puzzle(result["puzzle"])
        before = Rating(asked.rating, asked.deviation, asked.volatility)
        learner, after = play(learner, before, result["solved"])
        assert result["rated"] is True
        assert result["rating"] == pytest.approx(learner.rating, abs=1e-9)
        assert result["deviation"] == pytest.approx(learner.deviation, abs=1e-9)
        assert result["volatility"] == pytest.approx(learner.volatility, abs=1e-12)
        assert result["puzzle_rating"] == pytest.approx(after.rating, abs=1e-9)
        assert result["solution"] == [str(c) for c in asked.solution]
    saved = load(Path(home["BETEL_TUTOR_HOME"]) / "progress.json")
    assert [a.puzzle for a in saved.puzzles] == [r["puzzle"] for r in results]
    assert ratings(saved.puzzles)[0] == learner


def test_a_puzzle_played_again_is_shown_at_the_rating_its_attempt_gave_it(
    home: dict[str, str],
) -> None:
    ran = run_cli("learn", "--puzzles", "--json", env=home, typist=Learner(2, retry="yes"))
    events = events_of(ran.stdout)
    shown = [e for e in events if e["event"] == "puzzle"]
    result = next(e for e in events if e["event"] == "puzzle_result")
    assert shown[1]["puzzle"] == shown[0]["puzzle"] and shown[1]["rated"] is False
    assert result["puzzle_rating"] != shown[0]["rating"]
    assert shown[1]["rating"] == round(result["puzzle_rating"], 1)
    assert f"(rating {round(result['puzzle_rating'])})" in shown[1]["text"]


def test_puzzles_are_chosen_near_the_learners_rating(home: dict[str, str]) -> None:
    ran = run_cli("learn", "--puzzles", "--json", env=home, typist=Learner(2))
    events = events_of(ran.stdout)
    shown = [e["puzzle"] for e in events if e["event"] == "puzzle"]
    first = nearest(shipped_corpus(), Rating().rating)
    assert first is not None and shown[0] == first.id
    after = next(e for e in events if e["event"] == "puzzle_result")["rating"]
    second = nearest(shipped_corpus(), after, skip=[first.id])
    assert second is not None and shown[1] == second.id


def test_a_wrong_card_is_punished_and_the_solution_told(home: dict[str, str]) -> None:
    ran = run_cli("learn", "--puzzles", "--json", env=home, typist=Learner(1))
    events = events_of(ran.stdout)
    asked = puzzle(next(e["puzzle"] for e in events if e["event"] == "puzzle"))
    said = "\n".join(e["text"] for e in events)
    (verdict,) = [line for line in said.splitlines() if "lets the goal go" in line]
    # the punishing line is told a trick a line above it, every card of it as an event too;
    # the verdict says what it came to
    ended = next(i for i, e in enumerate(events) if e["event"] == "puzzle_result")
    played = [e for e in events[:ended] if e["event"] == "card_played"]
    assert played and all(e["text"] == "" for e in played)
    told = [line for line in said.splitlines() if re.fullmatch(r"\d+\. .+ — \w+ wins\.", line)]
    last = len(asked.state().tricks) + (len(asked.state().current) + len(played)) // 3
    assert [int(line.split(".")[0]) for line in told] == list(range(last - len(told) + 1, last + 1))
    for line in told:
        assert len(re.findall(r"(?:South|West|North) [♠♥♦♣]", line)) == 3, line
    assert "(" not in verdict and "ends with" in verdict, verdict
    made = "is made" in verdict
    assert made == (asked.to_play != asked.declarer) and made != ("is beaten" in verdict)
    assert f"The solution: {' '.join(str(c) for c in asked.solution)}" in said
    retry = [e for e in events if e["event"] == "prompt" and e["expects"] == "retry"]
    assert retry and retry[0]["choices"] == ["yes", "no"]


def test_a_retry_plays_the_same_puzzle_unrated(home: dict[str, str]) -> None:
    answers: list[str] = []

    def typist(written: str) -> str | None:
        events = [json.loads(line) for line in written.splitlines()]
        prompt = events[-1]
        shown = [e for e in events if e["event"] == "puzzle"]
        if prompt["expects"] == "retry":
            answers.append("yes")
            return "yes"
        if len(shown) == 2 and prompt["expects"] == "card":
            current = puzzle(shown[-1]["puzzle"])
            index = max(i for i, e in enumerate(events) if e["event"] == "puzzle")
            played = [e for e in events[index:] if e["event"] == "card_played"]
            return str(current.line[len(played)])
        if prompt["expects"] == "card":
            current = puzzle(shown[-1]["puzzle"])
            return str(next(c for c in prompt["choices"] if c not in map(str, current.solution)))
        return None

    run = run_cli("learn", "--puzzles", "--json", env=home, typist=typist)
    events = events_of(run.stdout)
    shown = [e for e in events if e["event"] == "puzzle"]
    assert shown[0]["puzzle"] == shown[1]["puzzle"]
    assert [e["rated"] for e in shown] == [True, False]
    results = [e for e in events if e["event"] == "puzzle_result"]
    assert [(r["solved"], r["rated"]) for r in results] == [(False, True), (True, False)]
    assert len(load(Path(home["BETEL_TUTOR_HOME"]) / "progress.json").puzzles) == 1


def test_a_theme_gives_puzzles_of_that_theme_only(home: dict[str, str]) -> None:
    ran = run_cli("learn", "--puzzles", "--theme", "duck", "--json", env=home, typist=Learner(2))
    ids = [e["puzzle"] for e in events_of(ran.stdout) if e["event"] == "puzzle"]
    assert ids and all("duck" in puzzle(i).themes for i in ids)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--puzzles", "--theme", "sqeeze"], "sqeeze is not a puzzle theme"),
        (["--theme", "duck"], "give --puzzles too"),
    ],
)
def test_a_bad_theme_is_one_clear_line(home: dict[str, str], args: list[str], said: str) -> None:
    ran = run_cli("learn", *args, "--json", env=home)
    assert ran.returncode == 2
    assert said in ran.stderr and len(ran.stderr.strip().splitlines()) == 1


@pytest.fixture()
def without_throw_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped corpus, as the tutor sees it, made of a few duck puzzles and no throw-in."""
    small = tmp_path / "ducks.sqlite"
    ducks = [p for p in read_puzzles(shipped_corpus(), theme="duck") if "throw-in" not in p.themes]
    write_corpus(small, ducks[:5], {})
    monkeypatch.setattr(corpus_module, "SHIPPED", small)
    assert shipped_corpus() == small and "throw-in" not in theme_counts(small)
    return small


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--lang", "en"], "no puzzle of the theme throw-in in {path}"),
        (["--lang", "pl"], "w {path} nie ma zadania z motywem wpustka"),
        (["--lang", "en", "--json"], "no puzzle of the theme throw-in in {path}"),
        (["--lang", "pl", "--json"], "w {path} nie ma zadania z motywem wpustka"),
    ],
)
def test_a_theme_with_no_puzzle_is_refused_before_the_session(
    home: dict[str, str], without_throw_in: Path, args: list[str], said: str
) -> None:
    typed = "wpustka" if "pl" in args else "throw-in"  # a theme's name in either language
    ran = run_cli("learn", "--puzzles", "--theme", typed, *args, env=home)
    assert ran.returncode == 2
    assert ran.stderr.strip() == said.format(path=without_throw_in)
    assert ran.stdout == ""  # no session, no menu of levels after it
    assert "Traceback" not in ran.stderr
    # a theme the corpus has still opens its puzzles
    ran = run_cli("learn", "--puzzles", "--theme", "duck", "--json", env=home, typist=Learner(1))
    assert ran.returncode == 0, ran.stderr
    assert any(e["event"] == "puzzle" for e in events_of(ran.stdout))


def attempt(number: int, theme: str, solved: bool) -> Attempt:
    return Attempt(f"a{number}", f"p{number}", solved, float(number), (theme,), 1500.0, 350.0, 0.06)


def test_two_tutors_attempts_are_joined_and_rated_in_the_order_made() -> None:
    base = Progress(puzzles=(attempt(1, "duck", True),))
    mine = Progress(puzzles=(*base.puzzles, attempt(3, "ruff", False)))
    theirs = Progress(puzzles=(*base.puzzles, attempt(2, "duck", False)))
    merged = merge(mine, theirs, base)
    assert [a.id for a in merged.puzzles] == ["a1", "a2", "a3"]
    assert merge(theirs, mine, base).puzzles == merged.puzzles


def test_the_dashboard_lists_themes_weakest_first(home: dict[str, str]) -> None:
    attempts = (attempt(1, "duck", True), attempt(2, "ruff", False), attempt(3, "duck", True))
    rows = dashboard(attempts)
    assert [row.theme for row in rows] == ["ruff", "duck"]
    assert (rows[1].attempts, rows[1].solved) == (2, 2)
    path = Path(home["BETEL_TUTOR_HOME"]) / "progress.json"
    save(path, Progress(puzzles=attempts))
    shown = run_cli("progress", "--json", env=home)
    data = json.loads(shown.stdout)["puzzles"]
    assert [row["theme"] for row in data["themes"]] == ["ruff", "duck"]
    assert data["attempts"] == 3 and data["solved"] == 2
    assert data["rating"] == round(ratings(attempts)[0].rating, 1)
    text = run_cli("progress", env=home).stdout
    assert text.index("ruff: rating") < text.index("duck: rating")
    polish = run_cli("progress", "--lang", "pl", env=home).stdout
    assert "przebitka: ranking" in polish and "2 zadania próbowane" in polish
