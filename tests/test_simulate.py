"""``simulate``: the figures over the deals meeting the constraints, worked out again here deal
by deal; the same whatever the workers; seeded; as text in both languages, JSON and a page of
charts; bad input one clear line and exit status 2."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.app.simulate import SimulateOptions, plan_of, run_simulation
from betel_tutor.bridge.scoring import duplicate_score
from betel_tutor.contracts import parse_contract
from betel_tutor.dealing import Deal, deal
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.scenario.conditions import parse_condition
from betel_tutor.scoring import score
from betel_tutor.seats import Seat
from betel_tutor.simulation import simulate
from betel_tutor.simulation.summary import Figure
from betel_tutor.solver.table import trick_table
from tests.in_process import run_cli


def near(expected: object) -> object:
    """Equal to six decimals, as the JSON writes figures."""
    return pytest.approx(expected, abs=1e-6)


STATS = ("S makes 2♠", "W takes at least 3 in B1", "S hcp 10+ or not W has ♠A")
CONSTRAINT = "S ♠ 3+ or S ♥ 3+"


def options(**changes: object) -> SimulateOptions:
    fields: dict[str, Any] = {
        "constraints": (CONSTRAINT,),
        "stats": STATS,
        "deals": 12,
        "seed": "class",
        "workers": 1,
    }
    fields.update(changes)
    return SimulateOptions(**fields)


# The tests share this module's fixture: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture(scope="module")
def local() -> dict[str, Any]:
    return run_simulation(options()).summary.to_json()


def sample(values: list[int]) -> tuple[float, float]:
    """The mean and its standard error, written out as the textbook does."""
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


def test_the_figures_are_those_of_the_deals_worked_out_one_by_one(
    local: dict[str, Any],
) -> None:
    constraint = parse_condition(CONSTRAINT)
    stats = [parse_condition(text) for text in STATS]
    dealt: list[Deal] = []
    number = 0
    while len(dealt) < 12:
        candidate = deal("class" if number == 0 else f"class#{number}")
        if constraint.holds(candidate):
            dealt.append(candidate)
        number += 1
    assert local["deals"] == 12 and local["tested"] == number
    for condition, figure in zip(stats, local["stats"], strict=True):
        held = [int(condition.holds(one)) for one in dealt]
        mean, error = sample(held)
        assert figure["deals"] == sum(held)
        assert figure["mean"] == near(mean) and figure["error"] == near(error)
    south, spades = Seat.parse("S"), 3  # the ♠ column of the trick table
    tables = [trick_table(one.hands) for one in dealt]
    tricks = [table.rows[south][spades] for table in tables]
    entry = next(e for e in local["tricks"] if e["seat"] == "S" and e["strain"] == "♠")
    assert (entry["mean"], entry["error"]) == near(sample(tricks))
    assert entry["spread"] == [tricks.count(n) for n in range(11)]
    two_spades = parse_contract("2♠")
    points = [score(two_spades, (t, 10 - t, 0))[0] for t in tricks]
    scored = next(e for e in local["scores"] if e["seat"] == "S" and e["contract"] == "2♠")
    assert (scored["mean"], scored["error"]) == near(sample(points))
    assert scored["made"]["mean"] == near(sum(t >= 7 for t in tricks) / 12)
    betelek = [table.rows[int(Seat.parse("W"))][5] for table in tables]
    b1 = next(e for e in local["scores"] if e["seat"] == "W" and e["contract"] == "B1")
    assert b1["made"]["mean"] == near(sum(t <= 1 for t in betelek) / 12)


def test_the_same_seed_gives_the_same_figures_and_another_seed_others(
    local: dict[str, Any],
) -> None:
    assert run_simulation(options()).summary.to_json() == local
    assert run_simulation(options(seed="other")).summary.to_json() != local


def test_the_same_figures_whatever_the_workers(local: dict[str, Any]) -> None:
    assert run_simulation(options(workers=2)).summary.to_json() == local


def test_a_figure_of_one_deal_has_no_standard_error() -> None:
    assert Figure.of(3, 9, 1) == Figure(3.0, None)
    assert Figure.of(1, 1, 2).error == pytest.approx(0.5)


def test_bridge_scores_are_duplicate_scores_of_the_dds_tricks() -> None:
    # Deals where South's 3NT is made twice and fails once (so that the mean is of both), and
    # which DDS settles in a fraction of the time of most.
    plan = plan_of(
        SimulateOptions(stats=("S makes 3NT",), deals=3, game="bridge", seed="c", workers=1)
    )
    summary = simulate(plan, 3, workers=1)
    found: dict[str, Any] = summary.to_json()
    south = next(e for e in found["tricks"] if e["seat"] == "S" and e["strain"] == "NT")
    tricks = [n for n, deals in enumerate(south["spread"]) for _ in range(deals)]
    three = next(e for e in found["scores"] if e["seat"] == "S" and e["contract"] == "3NT")
    mean, _ = sample([duplicate_score(3, "NT", t) for t in tricks])
    assert three["mean"] == near(mean)
    assert found["stats"][0]["deals"] == sum(t >= 9 for t in tricks) == 2
    assert len(found["scores"]) == 35 * 4


def test_constraints_too_rare_are_an_error(tmp_path: Path) -> None:
    journal = tmp_path / "rare.journal"
    # Twenty deals asked for, not one: the same 20000 candidates are dealt, journaled five
    # to a batch rather than one (each batch is written to the disk before the next).
    rare = options(constraints=("S A 4 and S K 4 and S Q 2",), deals=20, journal=str(journal))
    with pytest.raises(BetelError) as caught:
        run_simulation(rare)
    assert caught.value.key == "simulate.too_rare"
    assert not journal.exists()  # the run is over: started again, it deals afresh
    assert "20000" in caught.value.message("en") and "20000" in caught.value.message("pl")


# -- the command line -----------------------------------------------------------------------

ARGS = ("simulate", "-c", CONSTRAINT, "--deals", "12", "--seed", "class", "--workers", "1")
STAT_ARGS = tuple(arg for text in STATS for arg in ("--stat", text))


def test_the_table_in_english_and_polish(local: dict[str, Any]) -> None:
    english = run_cli(*ARGS, *STAT_ARGS, "--lang", "en")
    assert english.returncode == 0, english.stderr
    frequency = local["stats"][0]["mean"] * 100
    assert "S makes 2♠  " in english.stdout
    assert f"{frequency:.1f}%±" in english.stdout
    assert "Betel: 12 deals, seed class" in english.stdout
    assert re.search(r"^\s+3NT\s+[-+]", english.stdout, re.M)
    polish = run_cli(*ARGS, *STAT_ARGS, "--lang", "pl")
    assert polish.returncode == 0, polish.stderr
    assert "Betel: 12 rozdań, ziarno class" in polish.stdout
    assert re.search(r"^\s+3BA\s+[-+]", polish.stdout, re.M)
    table = polish.stdout.split("W takes at least 3 in B1")[1]  # past the conditions as written
    for english_word in ("NT", "deals", "tricks", "score"):
        assert english_word not in table
    assert re.search(r"\d,\d\d±\d,\d\d", polish.stdout)  # decimal commas


def test_json_is_the_summary(local: dict[str, Any]) -> None:
    ran = run_cli(*ARGS, *STAT_ARGS, "--json")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == local


def test_html_is_a_page_of_inline_charts(tmp_path: Path) -> None:
    page = tmp_path / "sim.html"
    ran = run_cli(*ARGS, *STAT_ARGS, "--html", str(page), "--lang", "pl")
    assert ran.returncode == 0, ran.stderr
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg") == 3 + 3 * 7 + 1  # scores a seat, spreads, the conditions
    assert '<html lang="pl">' in text and "Symulacja" in text
    assert "<script" not in text and "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text and "@import" not in text and "url(" not in text


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("-c", "S hcp 12+ or (W ♠ 3+", "--stat", "S makes 2♠"), 'column 14 of "S hcp 12+'),
        (("--stat", "S makes 2♠ and Q ♠ 3+"), 'column 16: "Q"'),
        (("--stat", "S makes 9♠"), '"9♠"'),
        (("--stat", "S makes 2♠", "--deals", "0"), "--deals 0"),
        (("--stat", "S makes 2♠", "--deals", "-3"), "--deals -3"),
        (("--stat", "S makes 2♠", "--game", "chess"), "chess"),
        (("--deals", "5"), "--stat"),
        (("--stat", "S makes 2♠", "--cluster", "no such address"), "no such address"),
        (("--stat", "S makes 2♠", "--json", "--html", "x.html"), "--json"),
        (("--stat", "S makes 2♠", "-c", "S hcp 33+"), "S hcp 33+"),
    ],
)
def test_bad_input_is_one_clear_line(args: tuple[str, ...], said: str) -> None:
    ran = run_cli("simulate", "--seed", "x", "--workers", "1", *args)
    assert ran.returncode == 2
    assert said in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1 and "Traceback" not in ran.stderr
    assert ran.stdout == ""
    polish = run_cli("simulate", "--seed", "x", "--workers", "1", *args, "--lang", "pl")
    assert polish.returncode == 2 and polish.stderr != ran.stderr


def test_an_html_path_that_cannot_be_written_is_refused_before_dealing(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "folder" / "sim.html"
    ran = run_cli(*ARGS, "--stat", "S makes 2♠", "--deals", "100000", "--html", str(missing))
    assert ran.returncode == 2
    assert str(missing) in ran.stderr and "Traceback" not in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1  # no progress: nothing was dealt
    assert not missing.exists()


def test_a_bad_constraint_in_a_library_call_is_a_notation_error() -> None:
    with pytest.raises(NotationError) as caught:
        plan_of(options(stats=("S makes 2♠ or",)))
    assert caught.value.key == "finder.logic_end"


def test_polish_output_holds_no_english_word_card_or_call(tmp_path: Path) -> None:
    from tests.polish import scan

    polish = ("S robi 2♠", "W bierze co najmniej 3 lewy w B1", "nie N ma ♠D")
    args = [arg for text in polish for arg in ("--stat", text)]
    page = tmp_path / "symulacja.html"
    common = ("simulate", "-c", "S ♠ 3+ lub S ♥ 3+", "-n", "6", "--seed", "lekcja", "--lang", "pl")
    table = run_cli(*common, "--workers", "1", *args)
    written = run_cli(*common, "--workers", "1", *args, "--html", str(page))
    assert table.returncode == 0 and written.returncode == 0, table.stderr + written.stderr
    shown = re.sub(r"(?s)<style>.*?</style>|<!--.*?-->", "", page.read_text(encoding="utf-8"))
    text = re.sub(r"<[^>]+>", " ", shown)  # what a reader sees, not the markup
    assert scan("simulate", table.stdout + table.stderr) == []
    assert scan("simulate --html", text) == []
    bridge = run_cli(
        "simulate", "--game", "bridge", "--stat", "N robi 3BA", "-n", "2", "--seed", "c",
        "--workers", "1", "--lang", "pl",
    )  # fmt: skip
    assert bridge.returncode == 0, bridge.stderr
    assert scan("simulate --game bridge", bridge.stdout) == []
