"""The smaller cases of the fault campaign, each one clear line and a non-zero exit (or, where
the input is fine, the work done): a thousand missing folders for ``render -o``, a price
written ``²``, ``check`` of a large folder that used to stay silent, a folder where the
progress lock belongs, ``deal --max-time nan``, a LIN file that made endplay say "list index
out of range" in the user's face."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from betel_tutor.errors import NotationError
from betel_tutor.scenario import check
from betel_tutor.trade.notation import parse_offer, parse_precise
from betel_tutor.tutor import progress as store
from tests.test_paths import BOARD, NOTE, _remove_deep, one_line, run

# -- render -o into folders that are not there ------------------------------------------------


def test_render_makes_a_thousand_missing_folders(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path.joinpath("deep", *["d"] * 1000)  # Path.mkdir recursed: RecursionError
    try:
        status, out, err = run(capsys, "render", str(BOARD), "--no-solver", "-o", str(output))
        assert status == 0, err
        assert (output / "blue-suit.html").is_file()
        assert out.strip() == str(output / "blue-suit.html")
    finally:
        _remove_deep(tmp_path / "deep")


def test_render_into_a_path_longer_than_the_system_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path.joinpath(*["a"] * 3000)
    status, out, err = run(capsys, "render", str(BOARD), "--no-solver", "-o", str(output))
    assert status == 2 and out == ""
    assert one_line(err).startswith(f"cannot write {output}: File name too long")
    assert list(tmp_path.iterdir()) == []


# -- a price is decimal digits ------------------------------------------------------------------


@pytest.mark.parametrize("text", ["W call pass ²", "W call pass +-5", "W see hand ¹⁰"])
def test_a_price_that_is_no_number_is_refused_as_notation(text: str) -> None:
    with pytest.raises(NotationError):  # was: ValueError from int(), a traceback in the tutor
        parse_offer(text, offerer=0)


def test_a_price_in_digits_is_read() -> None:
    assert parse_offer("W call pass 5", offerer=0).price == 5
    assert parse_offer("W see hand -10", offerer=0).price == -10
    assert parse_offer("W see hand ١٠", offerer=0).price == 10  # any script's decimal digits
    offer = parse_offer("W buy ♠A", offerer=0)
    assert parse_precise("♠9 15", offer)[2] == 15
    with pytest.raises(NotationError):
        parse_precise("²", offer)


# -- check shows its progress -----------------------------------------------------------------


def test_check_of_a_large_folder_shows_progress_within_a_second(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for number in range(300):
        (tmp_path / f"{number:03d}.yaml").write_text("kind: practice\n", encoding="utf-8")
    told: list[tuple[float, str]] = []
    started = time.monotonic()

    def slow(path: str) -> list[object]:
        # 3 s in all, a large folder on a slow machine, until the progress has been shown
        if not any(line.startswith("files checked: ") for _, line in told):
            time.sleep(0.01)
        return []

    monkeypatch.setattr(check, "check_file", slow)
    import typer

    real_echo = typer.echo

    def echo(message: object = None, *args: object, **kwargs: object) -> None:
        if kwargs.get("err"):
            told.append((time.monotonic() - started, str(message)))
        real_echo(message, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(typer, "echo", echo)
    status, _, err = run(capsys, "check", str(tmp_path), "--workers", "1")
    assert status == 0, err
    progress = [(when, line) for when, line in told if line.startswith("files checked: ")]
    assert progress, err
    first_at, first = progress[0]
    assert first_at < 1.5 and first.endswith(" of 300…")
    assert told[-1][1] == "300 files checked, 0 problems"


# -- a folder where the progress lock belongs -------------------------------------------------


def test_a_folder_in_the_locks_place_does_not_stop_saving(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    (tmp_path / "progress.json.lock").mkdir()
    (tmp_path / "progress.json.lock" / "inside").write_text("kept", encoding="utf-8")
    keeper = store.Keeper(path)
    keeper.load()
    saved = store.Progress().with_level(1, store.LevelProgress(next_step=2))
    assert keeper.save(saved) is None  # was: ProgressNotSaved, every time
    assert store.load(path).level(1).next_step == 2
    aside = tmp_path / "progress.json.lock.bad-1"
    assert (aside / "inside").read_text(encoding="utf-8") == "kept"  # set aside, not deleted
    assert (tmp_path / "progress.json.lock").is_file()


# -- deal --max-time --------------------------------------------------------------------------


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "0"])
def test_a_time_that_is_no_number_of_seconds_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seconds: str
) -> None:
    argv = ["deal", "--game", "betel", "--seed", "abc", "--max-time", seconds]
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert one_line(err) == f"--max-time '{float(seconds)}': give a number of seconds above 0"


# -- no Python text reaches the user ----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the LIN text cannot be read (a record cut short or malformed)"),
        ("pl", "nie można odczytać tekstu LIN (rekord urwany lub błędny)"),
    ],
)
def test_a_lin_file_endplay_cannot_read_is_said_from_the_catalog(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    lin = tmp_path / "broken.lin"
    lin.write_text("pn|a|md|", encoding="utf-8")  # endplay: "not enough values to unpack"
    status, out, err = run(capsys, "convert", str(lin), str(tmp_path / "out.yaml"), "--lang", lang)
    assert status == 2 and out == ""
    assert one_line(err).endswith(f": {said}")
    assert not (tmp_path / "out.yaml").exists()


def test_a_nul_in_a_file_name_is_said_from_the_catalog(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = f"{tmp_path}{os.sep}a\x00b.yaml"
    status, _, err = run(capsys, "import-note", str(NOTE), "-o", target, "--lang", "pl")
    assert status == 2
    assert "embedded null" not in err
    said = "to nie jest nazwa pliku (zawiera znak NUL) (żaden plik nie został zapisany do połowy)"
    assert one_line(err).endswith(said)


def test_a_missing_weasyprint_is_said_from_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from betel_tutor.errors import BetelError
    from betel_tutor.render.pdf import require_weasyprint

    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import weasyprint: ImportError
    with pytest.raises(BetelError) as raised:
        require_weasyprint()
    assert raised.value.message("pl").endswith(": WeasyPrint nie jest zainstalowany")
    assert "No module named" not in raised.value.message("en")


def test_a_lin_text_without_a_deal_is_said_in_polish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lin = tmp_path / "empty.lin"
    lin.write_text("pn|a,b,c,d|", encoding="utf-8")
    status, _, err = run(capsys, "convert", str(lin), str(tmp_path / "out.yaml"), "--lang", "pl")
    assert status == 2
    assert one_line(err) == (
        f"{lin}:1: to nie jest czytelny plik z rozdaniami brydżowymi: "
        "brak md| (rozdania) w tekście LIN"
    )
