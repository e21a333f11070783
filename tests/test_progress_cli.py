"""The progress file through ``betel-tutor learn``: files that cannot be read, a home that
cannot be written, two tutors at once, and a write killed half-way."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest

from tests.test_tutor import BETEL_TUTOR, LEVEL_1_STEPS, QUIZ_ANSWERS, environment, scripted


def one_line(stderr: str) -> str:
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


def special(home: Path, kind: str) -> None:
    path = home / "progress.json"
    if kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif kind == "loop":
        path.symlink_to("progress.json")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")


@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("deep", "nested too deeply"),
        ("loop", "Too many levels of symbolic links"),
        ("fifo", "not a regular file"),
        ("zero", "not a regular file"),
    ],
)
def test_a_file_that_cannot_be_read_is_set_aside(tmp_path: Path, kind: str, why: str) -> None:
    special(tmp_path, kind)
    started = time.monotonic()
    result = scripted(tmp_path, ["1", "", "quit"], "--lang", "en")
    assert time.monotonic() - started < 30
    assert result.returncode == 0
    line = one_line(result.stderr)
    assert line == (
        f"The progress file {tmp_path / 'progress.json'} could not be read ({why}); "
        f"it is kept as {tmp_path / 'progress.json.bad-1'} and you start afresh."
    )
    assert os.path.lexists(tmp_path / "progress.json.bad-1")
    saved = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert saved["levels"]["1"]["next_step"] == 1  # the new progress is kept
    again = scripted(tmp_path, ["quit"], "--lang", "en")
    assert again.returncode == 0 and again.stderr == ""


def test_a_home_that_is_a_file(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("not a folder", encoding="utf-8")
    result = scripted(home, ["1", "", "quit"], "--lang", "pl")
    assert result.returncode == 0
    assert one_line(result.stderr) == (
        f"Nie można odczytać pliku postępów {home / 'progress.json'} (To nie jest folder) ani go "
        "odłożyć; zaczynasz od nowa, a postępy nie będą zapisywane."
    )
    assert home.read_text(encoding="utf-8") == "not a folder"


def read_only_home(tmp_path: Path) -> Path:
    """A folder the tutor cannot write in: made read-only, or (as root, who may write anyway)
    one under /sys, where no one may make folders."""
    if os.geteuid() != 0:
        home = tmp_path / "home"
        home.mkdir()
        home.chmod(0o555)
        return home
    if not Path("/sys").is_dir():
        pytest.skip("no read-only folder to try")
    return Path("/sys/betel-tutor-test-home")


def test_a_read_only_home_is_said_once_and_the_game_goes_on(tmp_path: Path) -> None:
    home = read_only_home(tmp_path)
    result = scripted(home, ["1", *QUIZ_ANSWERS[:3], "quit"], "--lang", "en")
    assert result.returncode == 0
    line = one_line(result.stderr)
    assert line.startswith(f"Your progress cannot be saved in {home / 'progress.json'} (")
    assert line.endswith("); you can go on playing, but it will not be kept.")
    assert f"— Step 3 of {LEVEL_1_STEPS} —" in result.stdout  # played on
    assert "Your progress could not be saved this time." in result.stdout  # not "is saved"


def test_progress_reset_that_cannot_set_the_file_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rename refused (a read-only folder, which root could still write in, so the refusal
    is made in-process): one line, exit 2, the file kept."""
    from typer.testing import CliRunner

    from betel_tutor.cli import app

    home = tmp_path / "home"
    home.mkdir()
    (home / "progress.json").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("BETEL_TUTOR_HOME", str(home))

    def refuse(self: Path, target: Path) -> Path:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "rename", refuse)
    result = CliRunner().invoke(app, ["progress", "--reset", "--lang", "en"])
    assert result.exit_code == 2
    assert "could not be set aside" in result.output and "Traceback" not in result.output
    assert (home / "progress.json").read_text(encoding="utf-8") == "{}"


# -- two tutors at once ------------------------------------------------------------------------
class Tutor:
    """``betel-tutor learn --json`` driven a line at a time."""

    def __init__(self, home: Path) -> None:
        # Real programs: two of them at once on one folder is the point.
        self.process = subprocess.Popen(
            [BETEL_TUTOR, "learn", "--json", "--lang", "en"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment(home),
        )
        self.prompt()

    def prompt(self) -> dict[str, Any]:
        stdout = self.process.stdout
        assert stdout is not None
        while line := stdout.readline():
            event: dict[str, Any] = json.loads(line)
            if event["event"] == "prompt":
                return event
        raise AssertionError("the tutor ended early")

    def send(self, line: str) -> dict[str, Any]:
        stdin: IO[str] | None = self.process.stdin
        assert stdin is not None
        stdin.write(line + "\n")
        stdin.flush()
        return self.prompt()

    def quit(self) -> str:
        _, stderr = self.process.communicate("quit\n", timeout=60)
        assert self.process.returncode == 0, stderr
        return stderr


def test_two_tutors_on_one_folder_keep_both_progress(tmp_path: Path) -> None:
    # Both start from the same (empty) file, then save in turn: without the merge the last
    # writer would erase the other's level.
    first, second = Tutor(tmp_path), Tutor(tmp_path)
    try:
        first.send("1")
        second.send("2")
        assert first.send("")["expects"] == "answer"  # level 1's step 1 read: saved
        assert second.send("")["expects"] == "answer"  # level 2's step 1 read: saved
    finally:
        stderr = first.quit() + second.quit()
    assert stderr == ""
    levels = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))["levels"]
    # The second wrote last, from a start that had no level 1: the first's step is kept.
    assert levels["1"]["next_step"] == 1 and levels["2"]["next_step"] == 1


# -- a write killed half-way ---------------------------------------------------------------------
WRITER = """
import os
import sys
import time
from pathlib import Path
from betel_tutor.tutor.progress import Keeper, LevelProgress, Progress

keeper = Keeper(Path(sys.argv[1]))
progress = keeper.load()
closed = {f"deal-{n:05d}": 1 + n % 3 for n in range(20000)}  # a file of about half a MB
for turn in range(1, 4):
    keeper.save(progress.with_level(1, LevelProgress(next_step=turn, closed=closed)))
replace = os.replace


def stopped(source, target):  # the new file written, not yet in place: killed here
    print("writing", flush=True)
    time.sleep(60)
    replace(source, target)


os.replace = stopped
keeper.save(progress.with_level(1, LevelProgress(next_step=4, closed=closed)))
"""


def test_a_write_killed_half_way_leaves_a_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    # A real process, killed half-way through a write: the kill is the point.
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)},
    )
    try:
        assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=10)
        if writer.stdout is not None:
            writer.stdout.close()
    assert len(list(tmp_path.glob(".progress.json.*.tmp"))) == 1  # what the kill left
    data = json.loads(path.read_text(encoding="utf-8"))  # the last whole file
    assert data["levels"]["1"]["next_step"] == 3 and len(data["levels"]["1"]["closed"]) == 20000
    result = scripted(tmp_path, ["quit"], "--lang", "en")
    assert result.returncode == 0 and result.stderr == ""
    assert not list(tmp_path.glob(".progress.json.*.tmp"))
    assert json.loads(path.read_text(encoding="utf-8"))["levels"]["1"]["closed"]["deal-00001"] == 2
