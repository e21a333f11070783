"""Writers never destroy a user's file: what ``deal --out``, ``convert``, ``import-note -o``,
``render -o`` and the tutor's ``save FILE`` write ends with a mark of its own; a file there
without a matching mark is refused (one line, exit 2, the file byte for byte as it was), or
with ``--force`` kept as ``NAME.bak-N``; a device, a FIFO or a socket is never written.

The commands run in this process through the console script's ``main`` (``tests.test_paths``).
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from betel_tutor import files
from betel_tutor.files import FolderBusy, is_ours, marked, write_output
from tests.test_paths import BOARD, NOTE, one_line, run

ROOT = Path(__file__).parents[1]
LESSON = ROOT / "scenarios" / "levels" / "level-03.yaml"  # a user's lesson, long and precious
PBN = ROOT / "tests" / "data" / "bridge" / "played.pbn"


def command(name: str, target: Path) -> list[str]:
    """Each writer, writing ``target``."""
    return {
        "deal": ["deal", "--game", "betel", "--seed", "abc", "--out", str(target)],
        "convert": ["convert", str(PBN), str(target)],
        "import-note": ["import-note", str(NOTE), "-o", str(target)],
    }[name]


WRITERS = ["deal", "convert", "import-note"]


def refusal(path: Path) -> str:
    return (
        f"{path} is already there and betel-tutor did not write it (or it was changed since): "
        f"nothing written; --force writes it and keeps the old file as {path}.bak-N"
    )


@pytest.mark.parametrize("writer", WRITERS)
def test_a_users_lesson_is_refused_and_left_byte_identical(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, writer: str
) -> None:
    target = tmp_path / "my-lesson.yaml"
    shutil.copy(LESSON, target)
    status, _, err = run(capsys, *command(writer, target))
    assert status == 2
    assert one_line(err) == refusal(target)
    assert target.read_bytes() == LESSON.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-lesson.yaml"]


@pytest.mark.parametrize("writer", WRITERS)
def test_with_force_the_old_file_is_kept_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, writer: str
) -> None:
    target = tmp_path / "my-lesson.yaml"
    shutil.copy(LESSON, target)
    status, _, err = run(capsys, *command(writer, target), "--force")
    assert status == 0, err
    kept = tmp_path / "my-lesson.yaml.bak-1"
    assert f"the old {target} is kept as {kept}" in err.splitlines()
    assert kept.read_bytes() == LESSON.read_bytes()
    assert is_ours(target.read_bytes()) and target.read_bytes() != LESSON.read_bytes()
    # A second force keeps a second copy, never over the first.
    target.write_text("mine again\n", encoding="utf-8")
    assert run(capsys, *command(writer, target), "--force")[0] == 0
    assert kept.read_bytes() == LESSON.read_bytes()
    assert (tmp_path / "my-lesson.yaml.bak-2").read_text(encoding="utf-8") == "mine again\n"


@pytest.mark.parametrize("writer", WRITERS)
def test_its_own_file_is_written_again_until_someone_edits_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, writer: str
) -> None:
    target = tmp_path / "out.yaml"
    assert run(capsys, *command(writer, target))[0] == 0
    first = target.read_bytes()
    assert run(capsys, *command(writer, target))[0] == 0  # its own output: no --force needed
    assert target.read_bytes() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.yaml"]
    edited = first.replace(b"\n", b"\n# my note\n", 1)
    target.write_bytes(edited)  # the mark is still there, but no longer matches
    status, _, err = run(capsys, *command(writer, target))
    assert status == 2 and one_line(err) == refusal(target)
    assert target.read_bytes() == edited


def test_what_is_written_still_reads_as_before(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The mark is a comment of each format: the files are checked and converted as ever."""
    pbn = tmp_path / "boards.pbn"
    yaml = tmp_path / "boards.yaml"
    assert run(capsys, "convert", str(PBN), str(pbn))[0] == 0
    assert pbn.read_text(encoding="utf-8").splitlines()[-1].startswith("% betel-tutor sha256:")
    assert run(capsys, "convert", str(pbn), str(yaml))[0] == 0
    assert yaml.read_text(encoding="utf-8").splitlines()[-1].startswith("# betel-tutor sha256:")
    assert run(capsys, "check", str(yaml), str(pbn))[0] == 0


@pytest.mark.parametrize("special", ["fifo", "device"])
@pytest.mark.parametrize("force", [False, True])
def test_a_special_file_is_never_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, special: str, force: bool
) -> None:
    if special == "fifo":
        target = tmp_path / "out.yaml"
        os.mkfifo(target)  # opened for writing, it would block with no reader
    else:
        target = Path("/dev/null")  # replaced by a regular file, when run as root, before
    extra = ["--force"] if force else []
    status, _, err = run(capsys, *command("deal", target), *extra)
    assert status == 2
    assert one_line(err) == (
        f"{target} is not a regular file (a device, a FIFO or a socket): betel-tutor writes "
        "only regular files, and never into this one"
    )
    kind = stat.S_ISFIFO if special == "fifo" else stat.S_ISCHR
    assert kind(os.lstat(target).st_mode)
    if special == "fifo":
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out.yaml"]


def test_a_symlink_is_no_file_of_ours(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    shutil.copy(LESSON, mine)
    link = tmp_path / "link.yaml"
    link.symlink_to(mine)
    status, _, err = run(capsys, *command("deal", link))
    assert status == 2 and one_line(err) == refusal(link)
    assert run(capsys, *command("deal", link), "--force")[0] == 0
    assert (tmp_path / "link.yaml.bak-1").readlink() == mine  # the link itself kept
    assert mine.read_bytes() == LESSON.read_bytes()  # and what it led to untouched
    assert not link.is_symlink() and is_ours(link.read_bytes())


def test_deal_refuses_before_it_searches(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("mine\n", encoding="utf-8")
    status, out, err = run(capsys, *command("deal", target))
    assert status == 2 and out == ""  # no deal shown: none was searched for
    assert one_line(err) == refusal(target)


# -- render -o ----------------------------------------------------------------------------------


def test_render_writes_its_own_folder_again_and_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "sheets"
    for _ in range(2):
        status, _, err = run(capsys, "render", str(BOARD), "--no-solver", "-o", str(output))
        assert status == 0, err
    assert sorted(p.name for p in output.iterdir()) == ["blue-suit.html"]
    text = (output / "blue-suit.html").read_text(encoding="utf-8")
    assert text.splitlines()[-1].startswith("<!-- betel-tutor sha256:")


def test_render_refuses_a_users_page_before_writing_any(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "sheets"
    output.mkdir()
    page = output / "level-03.html"
    page.write_text("<p>my own page</p>\n", encoding="utf-8")
    argv = ["render", str(BOARD), str(LESSON), "--no-solver", "-o", str(output)]
    status, _, err = run(capsys, *argv)
    assert status == 2 and one_line(err) == refusal(page)
    assert sorted(p.name for p in output.iterdir()) == ["level-03.html"]  # nor blue-suit.html
    assert page.read_text(encoding="utf-8") == "<p>my own page</p>\n"
    assert run(capsys, *argv, "--force")[0] == 0
    assert (output / "level-03.html.bak-1").read_text(encoding="utf-8") == "<p>my own page</p>\n"


# -- the tutor's save ---------------------------------------------------------------------------


def _learn(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *saves: str,
) -> list[dict[str, object]]:
    from tests.test_tutor import QUIZ_ANSWERS

    lines = [*QUIZ_ANSWERS, *["1"] * 10, *saves, "quit"]
    monkeypatch.setenv("BETEL_TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    status, out, err = run(capsys, "learn", "--json", "--level", "1", "--lang", "en")
    assert status == 0 and "Traceback" not in err
    return [json.loads(line) for line in out.splitlines()]


def test_save_refuses_a_users_file_and_keeps_it_with_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "mine.yaml"
    shutil.copy(LESSON, target)
    found = _learn(capsys, tmp_path, monkeypatch, f"save {target}", f"save {target} --force")
    refused = [e for e in found if e["event"] == "refused"]
    assert [e["reason"] for e in refused] == ["not_ours"]
    assert refused[0]["text"] == refusal(target)
    said = [str(e.get("text")) for e in found if e["event"] == "message"]
    assert f"The old {target} is kept as {target}.bak-1" in said
    assert f"Deal saved to {target}" in said
    assert Path(f"{target}.bak-1").read_bytes() == LESSON.read_bytes()
    assert is_ours(target.read_bytes())


def test_save_never_writes_a_fifo(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "pipe.yaml"
    os.mkfifo(target)
    found = _learn(capsys, tmp_path, monkeypatch, f"save {target} --force")
    assert [e["reason"] for e in found if e["event"] == "refused"] == ["not_regular"]
    assert stat.S_ISFIFO(os.lstat(target).st_mode)


# -- the mark and the lock ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(files.COMMENTS))
def test_the_mark_matches_only_what_it_was_made_for(kind: str) -> None:
    data = marked(b"some text\nof two lines", kind)
    assert is_ours(data)
    assert not is_ours(data.replace(b"two", b"three"))
    assert not is_ours(b"some text\nof two lines\n")
    assert not is_ours(data + b"a line added after the mark\n")


def test_a_pdf_keeps_its_end_of_file_before_the_mark(tmp_path: Path) -> None:
    pdf = b"%PDF-1.7\n...\ntrailer\n<<>>\nstartxref\n9\n%%EOF\n"
    write_output(tmp_path / "sheet.pdf", pdf, "pdf")
    written = (tmp_path / "sheet.pdf").read_bytes()
    assert written.startswith(pdf) and written[len(pdf) :].startswith(b"%betel-tutor sha256:")


def test_a_folder_held_by_another_writer_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "WAIT", 0.2)
    handle = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        with pytest.raises(FolderBusy):
            write_output(tmp_path / "out.yaml", "a: 1\n", "yaml")
    finally:
        os.close(handle)
    assert not (tmp_path / "out.yaml").exists()
    write_output(tmp_path / "out.yaml", "a: 1\n", "yaml")  # the lock let go: written
    assert is_ours((tmp_path / "out.yaml").read_bytes())
