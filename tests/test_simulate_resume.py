"""``simulate`` goes on where a stopped run left off: the same command started again after
Ctrl-C or a kill reads the deals its journal holds, works out only the others and gives the
figures of an uninterrupted run; a journal of another command or other arguments is refused
in one line (the process killed is the point of one test: a subprocess)."""

from __future__ import annotations

import functools
import json
import os
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from betel_tutor import simulation
from betel_tutor.app.simulate import TASK, SimulateOptions, run_simulation
from betel_tutor.bulk.journal import Journal
from betel_tutor.errors import BetelError
from betel_tutor.puzzles.build import deal_puzzles
from betel_tutor.simulation.deals import deal_figures
from tests.in_process import run_cli
from tests.killed import kill_once_journaled

ROOT = Path(__file__).parents[1]
STATS = ("S makes 2♠", "N hcp 7+")


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The candidates this process works out from now on (one worker: in this process), a few
    past the last deal counted among them: the engine works two batches ahead."""
    worked: list[int] = []

    @functools.wraps(deal_figures)
    def counted(item: Any) -> dict[str, object] | None:
        worked.append(item[1])
        return deal_figures(item)

    monkeypatch.setattr(simulation, "deal_figures", counted)  # the task simulate() sends
    return worked


class Stop(Exception):
    """Stands for Ctrl-C in the middle of a run."""


def stopped(options: SimulateOptions, after: int = 1) -> None:
    """Run ``options`` and stop it once ``after`` deals are counted, its journal kept."""

    def stop(done: int, deals: int) -> None:
        if done == after:
            raise Stop

    with pytest.raises(Stop):
        run_simulation(options, stop)


def test_a_stopped_run_with_a_journal_goes_on_to_the_same_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "lesson.journal"
    options = SimulateOptions(stats=STATS, deals=12, seed="resume", workers=1, journal=str(journal))
    stopped(options, after=6)
    kept = len(journal.read_bytes().splitlines()) - 1
    assert 6 <= kept < 12
    worked = counting(monkeypatch)
    told: list[str] = []
    resumed = run_simulation(options, resumed=told.append).summary.to_json()
    assert told == ["resume"]
    assert worked[0] == kept and worked == sorted(set(worked))  # none twice, none skipped
    assert worked == list(range(kept, kept + len(worked))) and len(worked) >= 12 - kept
    assert not journal.exists()
    monkeypatch.undo()
    fresh = SimulateOptions(stats=STATS, deals=12, seed="resume", workers=1)
    assert resumed == run_simulation(fresh).summary.to_json()


SIMULATE = "from betel_tutor.entry import main; main()"


def cache_journals() -> list[Path]:
    folder = Path(os.environ["XDG_CACHE_HOME"]) / "betel-tutor" / "simulate"
    return sorted(folder.glob("*.journal")) if folder.is_dir() else []


def test_the_same_command_killed_and_started_again_goes_on_with_its_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["simulate", "--stat", "W makes 1♥", "--stat", "N hcp 9-", "--deals", "24"]
    args += ["--workers", "1", "--json"]
    before = cache_journals()

    def new_journal() -> Path | None:
        return next((path for path in cache_journals() if path not in before), None)

    journal = kill_once_journaled(SIMULATE, args, new_journal)
    lines = journal.read_bytes().splitlines()
    seed = json.loads(lines[0])["run"]["seed"]
    kept = len(lines) - 1
    assert 1 <= kept < 24
    worked = counting(monkeypatch)
    again = run_cli(*args)
    assert again.returncode == 0, again.stderr
    assert f"going on with the simulation stopped earlier (seed {seed})" in again.stderr
    assert worked == list(range(kept, kept + len(worked))) and len(worked) >= 24 - kept
    assert not journal.exists()
    monkeypatch.undo()
    whole = run_cli(*args, "--seed", seed, "--journal", str(tmp_path / "whole.journal"))
    assert whole.returncode == 0, whole.stderr
    assert json.loads(again.stdout) == json.loads(whole.stdout)
    assert json.loads(whole.stdout)["seed"] == seed


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "not the journal"), ("pl", "nie jest dziennikiem")]
)
def test_a_journal_of_another_command_is_refused_in_one_line(
    tmp_path: Path, lang: str, said: str
) -> None:
    journal = tmp_path / "build.journal"
    task = f"{deal_puzzles.__module__}.{deal_puzzles.__qualname__}"
    with closing(Journal(journal, task)) as build:  # as ``puzzles build`` leaves it
        build.append(["[]"])
    ran = run_cli(
        "simulate",
        "--stat",
        "S makes 2♠",
        "--deals",
        "4",
        "--journal",
        str(journal),
        "--lang",
        lang,
    )
    assert ran.returncode == 2 and ran.stdout == ""
    assert len(ran.stderr.splitlines()) == 1
    assert said in ran.stderr and str(journal) in ran.stderr
    assert journal.read_text(encoding="utf-8").splitlines()[1] == "[]"  # left as it was


def test_a_file_that_is_no_journal_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("S makes 2♠ in most deals\n", encoding="utf-8")
    with pytest.raises(BetelError) as caught:
        run_simulation(SimulateOptions(stats=STATS, deals=4, workers=1, journal=str(notes)))
    assert caught.value.key == "simulate.journal_other"
    assert notes.read_text(encoding="utf-8") == "S makes 2♠ in most deals\n"


def test_a_journal_of_other_arguments_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "lesson.journal"
    first = SimulateOptions(stats=STATS, deals=8, seed="one", workers=1, journal=str(journal))
    stopped(first)
    for changed in (
        SimulateOptions(stats=STATS, deals=8, seed="two", workers=1, journal=str(journal)),
        SimulateOptions(stats=STATS[:1], deals=8, seed="one", workers=1, journal=str(journal)),
        SimulateOptions(stats=STATS, deals=9, seed="one", workers=1, journal=str(journal)),
    ):
        with pytest.raises(BetelError) as caught:
            run_simulation(changed)
        assert caught.value.key == "simulate.journal_other"
    assert len(journal.read_bytes().splitlines()) > 1  # nothing lost


def test_a_finished_run_leaves_no_journal_in_the_cache() -> None:
    before = cache_journals()
    ran = run_cli("simulate", "--stat", "S hcp 5+", "--deals", "3", "--workers", "1", "--json")
    assert ran.returncode == 0, ran.stderr
    assert cache_journals() == before


def test_the_note_of_a_run_going_on_is_in_polish_in_polish(tmp_path: Path) -> None:
    journal = tmp_path / "lekcja.journal"
    first = SimulateOptions(stats=STATS, deals=4, seed="pl", workers=1, journal=str(journal))
    stopped(first)
    ran = run_cli(
        "simulate", "--stat", STATS[0], "--stat", STATS[1], "--deals", "4", "--seed", "pl",
        "--journal", str(journal), "--workers", "1", "--lang", "pl",
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert "kontynuuję symulację przerwaną wcześniej (ziarno pl)" in ran.stderr
    assert "going on" not in ran.stderr and not journal.exists()


def test_a_journal_another_run_is_writing_is_refused_without_saying_it_goes_on(
    tmp_path: Path,
) -> None:
    journal = tmp_path / "lesson.journal"
    first = SimulateOptions(stats=STATS, deals=4, seed="busy", workers=1, journal=str(journal))
    stopped(first)
    identity = json.loads(journal.read_bytes().splitlines()[0])["run"]
    with closing(Journal(journal, TASK, identity)):  # the other run, still dealing
        ran = run_cli(
            "simulate", "--stat", STATS[0], "--stat", STATS[1], "--deals", "4", "--seed", "busy",
            "--journal", str(journal), "--workers", "1",
        )  # fmt: skip
    assert ran.returncode == 2
    assert ran.stderr.splitlines() == [
        f"{journal}: another run is writing this journal; wait for it to end or give another file"
    ]
