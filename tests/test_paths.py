"""Paths in and out: each odd one is one clear line naming it, a non-zero exit status, no
traceback, no hang, nothing lost and no file half-written.

The commands run in this process through the console script's ``main`` (so that a full disk can
be simulated and, when the tests run as root, a refused permission too); the special files,
loops and deep folders are made in a temporary folder.
"""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from betel_tutor import cli
from betel_tutor.files import write_atomic, write_output
from betel_tutor.scenario.check import MAX_DEPTH, collect_files

ROOT = Path(__file__).parents[1]
BOARD = ROOT / "scenarios" / "boards" / "blue-suit.yaml"
NOTE = ROOT / "tests" / "data" / "notes" / "blue_suit_532703080314295.txt"
AS_ROOT = os.geteuid() == 0  # permissions do not stop root: refusals are simulated then


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The console script in this process: exit status, stdout, stderr. An exception that
    escaped would fail the test (it would have been a traceback)."""
    argv = sys.argv
    sys.argv = ["betel-tutor", *args]
    try:
        cli.main()
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else 1
    finally:
        sys.argv = argv
    out, err = capsys.readouterr()
    return status, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def full_disk(
    monkeypatch: pytest.MonkeyPatch, when: Callable[[str], bool] = lambda _: True
) -> None:
    """Writes fail as on a full disk (ENOSPC when flushed to disk) for files ``when`` picks."""
    real = os.fsync

    def fsync(descriptor: int) -> None:
        name = os.readlink(f"/proc/self/fd/{descriptor}")
        if when(name):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)


def refuse_writes(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """As a read-only ``folder`` refuses a user who is not root."""
    folder.chmod(0o555)
    if AS_ROOT:
        import tempfile

        real = tempfile.mkstemp

        def mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
            if Path(str(kwargs.get("dir"))) == folder:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(folder))
            return real(*args, **kwargs)  # type: ignore[call-overload, no-any-return]

        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# -- writing in one step ----------------------------------------------------------------------


def test_a_rewritten_file_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path: Path) -> None:
    kept = tmp_path / "kept.html"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o640)
    write_atomic(kept, "new")
    assert kept.read_text(encoding="utf-8") == "new"
    assert kept.stat().st_mode & 0o777 == 0o640
    umask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.html", "new")
    finally:
        os.umask(umask)
    assert (tmp_path / "new.html").stat().st_mode & 0o777 == 0o644  # a web server can read it


def test_a_full_disk_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "sheet.html"
    target.write_text("old", encoding="utf-8")
    full_disk(monkeypatch)
    with pytest.raises(OSError) as raised:
        write_atomic(target, "new" * 1000)
    assert raised.value.errno == errno.ENOSPC
    assert target.read_text(encoding="utf-8") == "old"
    assert leftovers(tmp_path) == []


# -- render -o --------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["file", "/dev/null"])
def test_render_onto_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str) -> None:
    output = tmp_path / "sheets" if where == "file" else Path(where)
    if where == "file":
        output.write_text("keep me", encoding="utf-8")
    status, out, err = run(capsys, "render", str(BOARD), "--no-solver", "-o", str(output))
    assert status == 2 and out == ""
    assert (
        one_line(err) == f"--output {output} is not a folder: give the folder to put the sheets in"
    )
    if where == "file":
        assert output.read_text(encoding="utf-8") == "keep me"


def test_render_into_a_name_too_long(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    output = tmp_path / ("x" * 300)
    status, _, err = run(capsys, "render", str(BOARD), "--no-solver", "-o", str(output))
    assert status == 2
    assert one_line(err).startswith(f"cannot write {output}: File name too long")
    assert list(tmp_path.iterdir()) == []


def test_render_into_a_read_only_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    output = tmp_path / "sheets"
    output.mkdir()
    refuse_writes(monkeypatch, output)
    try:
        status, _, err = run(capsys, "render", str(BOARD), "--no-solver", "-o", str(output))
    finally:
        output.chmod(0o755)
    assert status == 2
    target = output / "blue-suit.html"
    assert one_line(err) == (
        f"cannot write {target}: Permission denied (no file is left half-written)"
    )
    assert list(output.iterdir()) == []


def test_render_onto_a_full_disk(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    output = tmp_path / "sheets"
    output.mkdir()
    last_week = output / "blue-suit.html"
    write_output(last_week, "last week's sheet", "html")  # render's own, so written over
    before = last_week.read_bytes()
    full_disk(monkeypatch)
    status, _, err = run(
        capsys, "render", str(BOARD), "--no-solver", "-o", str(output), "--lang", "pl"
    )
    assert status == 2
    assert one_line(err) == (
        f"nie można zapisać {output / 'blue-suit.html'}: Brak miejsca na urządzeniu "
        "(żaden plik nie został zapisany do połowy)"
    )
    assert last_week.read_bytes() == before
    assert leftovers(output) == []


def test_two_inputs_of_one_name_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for folder in ("s1", "s2"):
        (tmp_path / folder).mkdir()
        shutil.copy(BOARD, tmp_path / folder / "lesson.yaml")
    first, second = tmp_path / "s1" / "lesson.yaml", tmp_path / "s2" / "lesson.yaml"
    output = tmp_path / "same"
    status, out, err = run(
        capsys, "render", str(first), str(second), "--no-solver", "-o", str(output)
    )
    assert status == 2 and out == ""
    assert one_line(err) == (
        f"{first} and {second} would both be written to {output / 'lesson.html'}: "
        "render them one at a time, into different folders (-o)"
    )
    assert not output.exists()  # refused before anything is made


def test_a_rerendered_sheet_keeps_its_mode(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "sheets"
    assert run(capsys, "render", str(BOARD), "--no-solver", "-o", str(output))[0] == 0
    sheet = output / "blue-suit.html"
    assert sheet.stat().st_mode & 0o077 != 0  # not private to its owner: a server can read it
    sheet.chmod(0o644)
    assert run(capsys, "render", str(BOARD), "--no-solver", "-o", str(output))[0] == 0
    assert sheet.stat().st_mode & 0o777 == 0o644


# -- import-note -o ---------------------------------------------------------------------------


def test_import_note_onto_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "import-note", str(NOTE), "-o", str(tmp_path))
    assert status == 2 and out == ""
    assert one_line(err) == f"--output {tmp_path} is a folder: give the name of the file to write"
    assert list(tmp_path.iterdir()) == []


def test_import_note_into_a_missing_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "missing" / "note.yaml"
    status, _, err = run(capsys, "import-note", str(NOTE), "-o", str(output), "--lang", "pl")
    assert status == 2
    assert one_line(err) == f"--output {output}: folder {output.parent} nie istnieje"
    assert not output.parent.exists()


def test_import_note_onto_a_full_disk(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    output = tmp_path / "note.yaml"
    full_disk(monkeypatch)
    status, _, err = run(capsys, "import-note", str(NOTE), "-o", str(output))
    assert status == 2
    assert one_line(err).startswith(f"cannot write {output}: No space left on device")
    assert list(tmp_path.iterdir()) == []


# -- the tutor's save ---------------------------------------------------------------------------


def test_saving_a_deal_on_a_full_disk(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.test_tutor import QUIZ_ANSWERS

    lines = [*QUIZ_ANSWERS, *["1"] * 10, "save", "quit"]
    monkeypatch.setenv("BETEL_TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    full_disk(monkeypatch, when=lambda name: ".yaml." in name)  # the deal, not the progress
    status, out, err = run(capsys, "learn", "--json", "--level", "1", "--lang", "en")
    assert status == 0 and "Traceback" not in err
    found = [json.loads(line) for line in out.splitlines()]
    refused = [e for e in found if e["event"] == "refused" and e["reason"] == "save_failed"]
    assert len(refused) == 1 and "No space left on device" in str(refused[0]["text"])
    assert found[-1]["event"] == "bye"
    deals = tmp_path / "deals"
    assert not deals.exists() or list(deals.iterdir()) == []


# -- what check and render read ---------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "render"])
def test_a_named_pipe_is_never_opened(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    pipe = tmp_path / "lesson.yaml"
    os.mkfifo(pipe)
    output = tmp_path / "out"
    extra = ["--no-solver", "-o", str(output)] if command == "render" else []
    status, out, err = run(capsys, command, str(pipe), *extra)  # would block forever if opened
    assert status == 1
    lines = (out + err).splitlines()
    message = f"{pipe}: not a regular file (a named pipe, a device or a socket): it is not opened"
    assert message in lines and "Traceback" not in err
    assert not output.exists()


def test_check_in_a_folder_reports_what_it_cannot_search(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    top = tmp_path / "lessons"
    (top / "locked").mkdir(parents=True)
    (top / "inner").mkdir()
    shutil.copy(BOARD, top / "board.yaml")
    os.mkfifo(top / "pipe.yaml")
    (top / "inner" / "up").symlink_to("..")  # back to the folder it is in
    (top / "self").symlink_to("self")  # a link to itself
    (top / "shared").symlink_to(top / "inner")  # a second way into a folder: not a loop
    locked = top / "locked"
    locked.chmod(0)
    if AS_ROOT:
        real = os.scandir

        def scandir(path: str) -> object:
            if Path(path) == locked:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
            return real(path)

        monkeypatch.setattr(os, "scandir", scandir)
    try:
        status, out, err = run(capsys, "check", str(top))
    finally:
        locked.chmod(0o755)
    assert status == 1 and "Traceback" not in err
    assert out.splitlines() == [
        f"{top / 'inner' / 'up'}: a symbolic link that loops back to a folder it is in: "
        "not followed",
        f"{locked}: cannot read the folder: Permission denied; nothing in it is checked",
        f"{top / 'pipe.yaml'}: not a regular file (a named pipe, a device or a socket): "
        "it is not opened",
        f"{top / 'self'}: a symbolic link that loops back to a folder it is in: not followed",
    ]
    assert err.strip() == "1 file checked, 4 problems"


def test_a_folder_too_deep_is_searched_to_a_limit(tmp_path: Path) -> None:
    top = tmp_path / "deep"
    top.mkdir()
    here = Path.cwd()
    os.chdir(top)
    try:
        for _ in range(3):  # 1,500 folders deep, in steps that keep each path short
            os.makedirs("d/" * 500)
            os.chdir("d/" * 500)
        Path("lesson.yaml").write_text("kind: board\n", encoding="utf-8")
    finally:
        os.chdir(here)
    shutil.copy(BOARD, top / "d" / "board.yaml")
    try:
        files, problems = collect_files([str(top)])  # recursion would stop at about 1,000
    finally:
        _remove_deep(top)
    assert files == [str(top / "d" / "board.yaml")]
    assert len(problems) == 1
    assert problems[0].key == "scenario.too_deep"
    assert problems[0].position.path == str(top) + "/d" * (MAX_DEPTH + 1)
    limit = f"folders nested more than {MAX_DEPTH} deep: not searched any deeper"
    assert problems[0].message() == limit


def _remove_deep(top: Path) -> None:
    """Remove a chain of ``d`` folders from the bottom up (``shutil.rmtree`` recurses)."""
    here = Path.cwd()
    os.chdir(top)
    try:
        depth = 0
        while os.path.isdir("d"):
            os.chdir("d")
            depth += 1
        for _ in range(depth):
            os.chdir("..")
            shutil.rmtree("d")
    finally:
        os.chdir(here)


def test_render_of_a_folder_with_nothing_to_render(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "readme.md").write_text("no scenario here", encoding="utf-8")
    output = tmp_path / "out"
    status, out, err = run(capsys, "render", str(empty), "-o", str(output))
    assert status == 2 and out == ""
    assert one_line(err) == (
        f"nothing to render: no scenario file (.yaml, .yml) in {empty}; no folder was made"
    )
    assert not output.exists()
