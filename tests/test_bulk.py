"""The bulk engine on this machine: the same results in the same order for any number of
workers, constrained streams, and a journal that a killed run continues from."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from contextlib import closing
from pathlib import Path

import pytest

from betel_tutor.bulk import constrained_deals, run, seeds, trick_table
from betel_tutor.bulk.journal import Journal
from betel_tutor.dealing import deal
from betel_tutor.errors import BetelError
from betel_tutor.scenario.finder import Wanted, accepts, candidate
from betel_tutor.scenario.model import Constraint
from betel_tutor.seats import Seat
from betel_tutor.solver.table import trick_table as table_of
from tests import bulk_tasks

ROOT = Path(__file__).parents[1]


def test_trick_tables_are_the_solvers_whatever_the_number_of_workers() -> None:
    items = seeds("bulk", 6)
    expected = [[list(row) for row in table_of(deal(seed).hands).rows] for seed in items]
    assert list(run(items, trick_table, workers=1, batch=2)) == expected
    assert list(run(items, trick_table, workers=2, batch=2)) == expected


def test_results_come_in_input_order_from_a_lazy_stream() -> None:
    told: list[tuple[int, int | None]] = []
    results = run(
        iter(range(23)), bulk_tasks.square, workers=2, batch=3, progress=lambda *a: told.append(a)
    )
    assert list(results) == [n * n for n in range(23)]
    assert told[0] == (0, None)
    assert [done for done, _ in told] == sorted(done for done, _ in told)
    assert told[-1] == (23, None)


def test_progress_is_told_the_total_of_a_sized_stream() -> None:
    told: list[tuple[int, int | None]] = []
    list(run(range(5), bulk_tasks.square, workers=1, batch=2, progress=lambda *a: told.append(a)))
    assert told == [(0, 5), (2, 5), (4, 5), (5, 5)]


def test_results_are_as_json_reads_them_back() -> None:
    assert list(run([1, 2], bulk_tasks.pair, workers=1)) == [[1, "#1"], [2, "#2"]]


def test_constrained_deals_are_those_deal_finds() -> None:
    wanted = Wanted(constraints=(Constraint(seat=Seat(0), hcp=True, at_least=10),))
    found = list(constrained_deals(wanted, "c", tries=40))
    assert found
    numbered = {n: f"c#{n}" if n else "c" for n in range(40)}
    for number, seed in numbered.items():
        assert (seed in found) == accepts(wanted, candidate(wanted, "c", number))


def test_a_journal_holds_the_results_and_a_second_run_works_out_only_the_rest(
    tmp_path: Path,
) -> None:
    journal = str(tmp_path / "run.jsonl")
    first = run(range(10), bulk_tasks.square, workers=1, batch=4, journal=journal)
    assert [next(first) for _ in range(5)] == [0, 1, 4, 9, 16]
    first.close()  # stopped after two batches: eight results journaled
    bulk_tasks.CALLS.clear()
    again = list(run(range(10), bulk_tasks.square, workers=1, batch=4, journal=journal))
    assert again == [n * n for n in range(10)]
    assert bulk_tasks.CALLS == [8, 9]
    lines = Path(journal).read_text(encoding="utf-8").splitlines()
    assert lines[1:] == [str(n * n) for n in range(10)]


def test_a_half_written_last_line_is_dropped(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    list(run(range(3), bulk_tasks.square, workers=1, journal=str(journal)))
    with journal.open("a", encoding="utf-8") as stream:
        stream.write("[1, 2")
    bulk_tasks.CALLS.clear()
    assert list(run(range(4), bulk_tasks.square, workers=1, journal=str(journal))) == [0, 1, 4, 9]
    assert bulk_tasks.CALLS == [3]
    assert journal.read_text(encoding="utf-8").splitlines()[1:] == ["0", "1", "4", "9"]


def test_a_journal_of_another_task_is_refused(tmp_path: Path) -> None:
    journal = str(tmp_path / "run.jsonl")
    list(run(range(2), bulk_tasks.square, workers=1, journal=journal))
    with pytest.raises(BetelError) as caught:
        list(run(range(2), bulk_tasks.pair, workers=1, journal=journal))
    assert caught.value.key == "bulk.journal_other_task"
    assert "tests.bulk_tasks.pair" in str(caught.value)
    assert journal in str(caught.value)


def test_a_journal_of_another_run_of_the_task_is_refused(tmp_path: Path) -> None:
    journal = str(tmp_path / "run.jsonl")
    list(run(range(2), bulk_tasks.square, workers=1, journal=journal, identity={"n": 2}))
    with pytest.raises(BetelError) as caught:
        list(run(range(3), bulk_tasks.square, workers=1, journal=journal, identity={"n": 3}))
    assert caught.value.key == "bulk.journal_other_run"
    assert journal in str(caught.value)
    bulk_tasks.CALLS.clear()
    same = list(run(range(2), bulk_tasks.square, workers=1, journal=journal, identity={"n": 2}))
    assert same == [0, 1] and bulk_tasks.CALLS == []


def test_a_damaged_line_is_named(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    list(run(range(3), bulk_tasks.square, workers=1, journal=str(journal)))
    lines = journal.read_text(encoding="utf-8").splitlines()
    lines[2] = "oops"
    journal.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(BetelError) as caught:
        list(run(range(3), bulk_tasks.square, workers=1, journal=str(journal)))
    assert caught.value.params == {"path": str(journal), "line": 3}
    assert "line 3" in caught.value.message("en")
    assert "wiersz 3" in caught.value.message("pl")


def test_a_journal_in_use_is_refused(tmp_path: Path) -> None:
    journal = str(tmp_path / "run.jsonl")
    with closing(Journal(journal, "tests.bulk_tasks.square")), pytest.raises(BetelError) as caught:
        list(run(range(2), bulk_tasks.square, workers=1, journal=journal))
    assert caught.value.key == "bulk.journal_busy"


def test_an_unwritable_journal_is_one_error(tmp_path: Path) -> None:
    with pytest.raises(BetelError) as caught:
        list(run(range(2), bulk_tasks.square, journal=str(tmp_path / "no" / "run.jsonl")))
    assert caught.value.key == "bulk.journal_unwritable"


def test_a_journal_that_is_no_file_is_one_error() -> None:
    with pytest.raises(BetelError) as caught:
        list(run(range(2), bulk_tasks.square, workers=1, journal=os.devnull))
    assert caught.value.key == "bulk.journal_unwritable"
    assert os.devnull in str(caught.value)


KILLED_RUN = textwrap.dedent(
    """
    import sys
    from betel_tutor.bulk import run
    from tests import bulk_tasks
    for result in run(range(60), bulk_tasks.slow_square, workers=2, batch=3,
                      journal=sys.argv[1]):
        pass
    """
)


def test_a_killed_run_continues_without_repeating_or_losing_an_item(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-c", KILLED_RUN, str(journal)],
        cwd=ROOT,
        env={**os.environ, "BULK_TEST_DELAY": "0.05"},
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # a few batches journaled, far from all 60
            if journal.exists() and len(journal.read_bytes().splitlines()) > 7:
                break
            assert process.poll() is None, "the run ended before it could be killed"
            time.sleep(0.02)
        else:
            pytest.fail("the run journaled nothing in 60 seconds")
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the run and its workers
        process.wait(timeout=10)
    kept = journal.read_text(encoding="utf-8").splitlines()[1:]
    assert 6 <= len(kept) < 60
    assert kept == [str(n * n) for n in range(len(kept))]
    bulk_tasks.CALLS.clear()
    results = list(run(range(60), bulk_tasks.slow_square, workers=1, journal=str(journal)))
    assert results == [n * n for n in range(60)]
    assert list(range(len(kept), 60)) == bulk_tasks.CALLS
