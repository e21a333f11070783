"""The commands that write files, in-process: ``import-note``, ``convert`` and the one writer
under them (marked as this program's, never over a file it did not write unless forced)."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.app.convert import ConvertOptions, convert
from betel_tutor.app.import_note import ImportOptions, import_note
from betel_tutor.app.writing import write
from betel_tutor.errors import BetelError
from betel_tutor.files import NotOurs
from betel_tutor.scenario.check import check_file
from betel_tutor.scenario.loader import load_text, read_boards

DATA = Path(__file__).parent / "data"
NOTE = str(DATA / "notes" / "blue_suit_532703080314295.txt")


def test_a_note_becomes_a_board_scenario_under_the_rules_its_tricks_fit(tmp_path: Path) -> None:
    """Its example tricks are right only in the blue-suit variant with ♠ trumps: the rules
    worked out are said, and the scenario written passes the checker."""
    done = import_note(ImportOptions(NOTE))
    assert done.problems == () and done.error is None and done.written is None
    assert done.worked_out == "--variant blue-suit --trump ♠"
    assert done.document is not None
    scenario, problems = load_text(done.document, "note.yaml")
    assert scenario is not None and not problems
    assert (scenario.deals[0].variant, scenario.deals[0].game) == ("blue-suit", "bridge")
    out = tmp_path / "note.yaml"
    given = import_note(ImportOptions(NOTE, str(out), variant="blue-suit", trump="♠"))
    assert given.worked_out is None and given.written is not None
    assert check_file(str(out)) == []
    assert out.read_text(encoding="utf-8").startswith(given.document or "?")


def test_a_note_that_cannot_be_read_gives_its_problems_and_no_scenario() -> None:
    done = import_note(ImportOptions(str(DATA / "bad" / "38_legacy_unknown_section.txt")))
    assert done.document is None and done.error is None
    assert [(p.key, p.position.line) for p in done.problems] == [("notes.unknown_section", 9)]


def test_rules_that_do_not_fit_are_an_error_after_the_note_is_read() -> None:
    done = import_note(ImportOptions(NOTE, trump="♥"))
    assert done.document is None and done.error is not None
    assert done.error.key == "notes.rules_do_not_fit"


@pytest.mark.parametrize(
    ("options", "key"),
    [
        (ImportOptions(NOTE, game="chess"), "finder.bad_game"),
        (ImportOptions(NOTE, variant="x"), "rules.bad_variant"),
    ],
)
def test_bad_options_are_refused_first(options: ImportOptions, key: str) -> None:
    with pytest.raises(BetelError) as refused:
        import_note(options)
    assert refused.value.key == key


def test_boards_convert_and_read_back(tmp_path: Path) -> None:
    target = tmp_path / "played.yaml"
    done = convert(ConvertOptions(str(DATA / "bridge" / "played.pbn"), str(target)))
    assert done.boards == 2 and done.written.path == target and done.written.kept is None
    source = read_boards(str(DATA / "bridge" / "played.pbn"))
    again = read_boards(str(target))
    assert [(b.id, b.hands, b.contract) for b in again] == [
        (b.id, b.hands, b.contract) for b in source
    ]


def test_a_file_not_ours_is_kept_only_when_forced(tmp_path: Path) -> None:
    target = tmp_path / "out.yaml"
    target.write_text("mine\n", encoding="utf-8")
    with pytest.raises(NotOurs):
        write(str(target), "ours\n", folder=False, kind="yaml", force=False)
    assert target.read_text(encoding="utf-8") == "mine\n"
    written = write(str(target), "ours\n", folder=False, kind="yaml", force=True)
    assert written.kept is not None and written.kept.read_text(encoding="utf-8") == "mine\n"
    assert target.read_text(encoding="utf-8").startswith("ours\n")
    again = write(str(target), "ours again\n", folder=False, kind="yaml", force=False)
    assert again.kept is None  # ours now: written over without asking


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(BetelError) as refused:
        write(str(tmp_path / "no" / "x.yaml"), "", folder=False, kind="yaml", force=False)
    assert refused.value.key == "cli.output_no_folder"
