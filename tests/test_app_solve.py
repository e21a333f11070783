"""The ``solve``, ``laydown`` and ``odds`` commands in-process: the solver's answers as values."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.app.laydown import LaydownOptions, laydown
from betel_tutor.app.odds import OddsOptions, odds
from betel_tutor.app.solve import SolveOptions, seats_named, solve
from betel_tutor.errors import BetelError
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.loader import load
from betel_tutor.seats import Seat, seats
from betel_tutor.solver.report import makeable
from betel_tutor.solver.table import trick_table

ROOT = Path(__file__).parent.parent
LEVEL = str(ROOT / "scenarios" / "levels" / "level-01.yaml")
BRIDGE = Path(__file__).parent / "data" / "bridge"


def test_a_seed_gives_one_table_and_the_seat_asked_for() -> None:
    (report,) = solve(SolveOptions(seed="7", seat="S")).reports
    assert report.seats == (Seat.parse("S", 3),) and report.seed == "7"
    best = report.best(report.seats[0])
    assert best is not None and best == makeable(report.table, report.seats[0])[-1]


def test_each_betel_deal_of_a_file_is_tabled_from_its_cards() -> None:
    solved = solve(SolveOptions(path=LEVEL))
    scenario, _ = load(LEVEL)
    assert scenario is not None
    assert [report.name for report in solved.reports] == [deal.id for deal in scenario.deals]
    first = scenario.deals[0]
    assert solved.reports[0].table.rows == trick_table(realize(first).hands).rows
    assert solved.reports[0].seats == seats() and not solved.boards
    assert len(solved.blocks("pl")) == len(scenario.deals)


def test_bridge_boards_get_their_double_dummy_tables() -> None:
    solved = solve(SolveOptions(path=str(BRIDGE / "played.pbn"), seat="N"))
    assert len(solved.boards) == 2 and not solved.reports
    assert solved.seats == (Seat.parse("N", 4),)
    assert [board["board"] for board in solved.to_json("en")["boards"]] == ["board-7", "board-8"]
    one = solve(SolveOptions(path=str(BRIDGE / "slam.yaml")))
    assert len(one.boards) == 1 and one.to_json("en") == one.boards[0].to_json(one.seats)
    assert one.seats == tuple(Seat(0, 4).clockwise())


@pytest.mark.parametrize(
    ("options", "key"),
    [
        (SolveOptions(), "cli.solve_what"),
        (SolveOptions(path=LEVEL, seed="7"), "cli.solve_what"),
        (SolveOptions(seed="7", seat="E"), "cli.bad_seat"),
        (SolveOptions(path=str(BRIDGE / "played.pbn"), seat="9"), "cli.bad_bridge_seat"),
        (SolveOptions(seed="\udcff"), "cli.seed_not_text"),
        (
            SolveOptions(path=str(ROOT / "tests" / "data" / "bad" / "05_bad_card.yaml")),
            "solver.bad_file",
        ),
    ],
)
def test_what_cannot_be_solved_is_one_error(options: SolveOptions, key: str) -> None:
    with pytest.raises(BetelError) as refused:
        solve(options)
    assert refused.value.key == key


def test_a_seat_is_named_in_either_language_or_by_its_number() -> None:
    assert seats_named("1", 3) == seats_named("W", 3) == (Seat(1, 3),)
    assert seats_named(None, 4) == tuple(Seat(0, 4).clockwise())


def test_a_laydown_is_proved_or_refuted_with_its_reason() -> None:
    """Spec §12.6: ten top cards need no exchange; a lone ♠A in Betelek 0 is beaten by a
    spade lead, the ten cards judged alone when no dubel is given."""
    assert laydown(LaydownOptions("♠AKQ10 ♥AKQ ♦AKQ", "4♠")).verdict == "proved"
    refuted = laydown(LaydownOptions("♠A ♥987 ♦987 ♣987", "B0"))
    assert refuted.verdict == "refuted" and refuted.alone
    polish = laydown(LaydownOptions("♠AKD10 ♥AKD ♦AKD", "4♠", language="pl"))
    assert polish.verdict == "proved"
    with pytest.raises(BetelError) as refused:
        laydown(LaydownOptions("♠AKQ ♥AKQ ♦AKQ", "4♠"))
    assert refused.value.key == "solver.laydown_hand_size"


def test_the_split_of_the_missing_cards() -> None:
    """Spec §10: holding 3 of 8, the other 5 split 2-3 most often."""
    table = odds(OddsOptions(3))
    assert [row["split"] for row in table.to_json()["splits"]] == ["0-5", "1-4", "2-3"]
    assert round(sum(split.percent for split in table.splits)) == 100
    assert table.lines("pl")[1] == "    0-5    3,25 %"
    with pytest.raises(BetelError) as refused:
        odds(OddsOptions(3, dubel=1, after_discard=True))
    assert refused.value.key == "cli.odds_dubel_discard"


def test_a_lesson_of_words_alone_has_no_deal_to_solve(tmp_path: Path) -> None:
    lesson = tmp_path / "words.yaml"
    lesson.write_text(
        'kind: lesson\nid: words\ntitle: {en: "Words", pl: "Słowa"}\n'
        'steps:\n  - read: {en: "Hello.", pl: "Witaj."}\n',
        encoding="utf-8",
    )
    with pytest.raises(BetelError) as refused:
        solve(SolveOptions(path=str(lesson)))
    assert refused.value.key == "solver.no_deals"
    assert refused.value.message("en") == f"{lesson}: no deal to solve: the file holds none."
