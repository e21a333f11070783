"""The ``learn`` and ``progress`` commands in-process: the options checked, the session opened
on the saved progress, the progress shown and reset."""

from __future__ import annotations

import errno
from dataclasses import replace
from pathlib import Path

import pytest

from betel_tutor.app.learn import LearnOptions, open_session, port_refused, web_arguments
from betel_tutor.app.progress import ProgressOptions, progress
from betel_tutor.errors import BetelError
from betel_tutor.tutor import progress as store

Told = list[tuple[str, str]]


def opened(options: LearnOptions, told: Told | None = None) -> list[dict[str, object]]:
    said = told if told is not None else []
    session = open_session(options, "en", lambda error, lang: said.append((error.key, lang)))
    return [event.to_json() for event in session.start(options.level)]


def test_a_bridge_lesson_opens_at_once_and_a_bare_start_at_the_menu(tmp_path: Path) -> None:
    saved = tmp_path / "progress.json"
    lesson = opened(LearnOptions(lesson="penalty-cards", progress_file=saved))
    assert any("LAW 51" in str(event.get("text")).upper() for event in lesson)
    assert lesson[-1]["expects"] == "continue"
    menu = opened(LearnOptions(progress_file=saved))
    assert menu[-1]["expects"] == "menu"
    assert not any("LAW 51" in str(event.get("text")).upper() for event in menu)


@pytest.mark.parametrize(
    ("options", "key"),
    [
        (LearnOptions(level=11), "tutor.bad_level"),
        (LearnOptions(level=0), "tutor.bad_level"),
        (LearnOptions(strength="grandmaster"), "cli.bad_strength"),
        (LearnOptions(seed="a\udcffb"), "cli.seed_not_text"),
        (LearnOptions(lesson="no-such-lesson"), "tutor.bad_lesson"),
    ],
)
def test_options_that_cannot_be_played_are_refused(
    options: LearnOptions, key: str, tmp_path: Path
) -> None:
    with pytest.raises(BetelError) as refused:
        opened(replace(options, progress_file=tmp_path / "p.json"))
    assert refused.value.key == key


def test_a_damaged_progress_file_is_told_in_the_language_asked(tmp_path: Path) -> None:
    saved = tmp_path / "progress.json"
    saved.write_text("{not json", encoding="utf-8")
    told: Told = []
    events = opened(LearnOptions(lang="pl", progress_file=saved), told)
    assert told == [("tutor.progress_set_aside", "pl")]
    assert events[-1]["expects"] == "menu"
    assert list(tmp_path.glob("progress.json.*"))  # kept aside, not lost


def test_the_web_tutor_gets_the_same_options() -> None:
    arguments = web_arguments(LearnOptions(level=3, seed="x", open_hands=True, practice=True), 80)
    assert arguments == ["--strength=beginner", "--level=3", "--seed=x", "--open", "--practice"]
    with pytest.raises(BetelError) as refused:
        web_arguments(LearnOptions(), 70000)
    assert refused.value.key == "cli.bad_port"


@pytest.mark.parametrize(
    ("code", "key"),
    [
        (errno.EADDRINUSE, "cli.port_in_use"),
        (errno.EACCES, "cli.port_denied"),
        (errno.ENETDOWN, "cli.port_unusable"),
    ],
)
def test_a_port_that_cannot_be_served_on_is_named(code: int, key: str) -> None:
    refused = port_refused(OSError(code, "no"), 8000)
    assert refused.key == key and "8000" in refused.message("en")


def test_progress_shows_ten_levels_and_a_reset_keeps_the_old_file(tmp_path: Path) -> None:
    saved = tmp_path / "progress.json"
    store.save(saved, replace(store.Progress(), language="pl"))
    shown = progress(ProgressOptions(path=saved))
    assert shown.damaged is None and len(shown.lines("en")) == 10
    assert shown.lines("en")[0].startswith("Level 1: ")
    assert shown.to_json()["language"] == "pl" and len(shown.to_json()["levels"]) == 10
    reset = progress(ProgressOptions(reset=True, path=saved))
    assert reset.aside is not None and reset.aside.exists() and not saved.exists()
    assert reset.lines("en") == [line for line in reset.lines("en") if str(reset.aside) in line]
    assert progress(ProgressOptions(reset=True, path=saved)).lines("en") == []  # nothing to keep


def test_a_damaged_progress_file_is_shown_as_empty(tmp_path: Path) -> None:
    saved = tmp_path / "progress.json"
    saved.write_text("[]", encoding="utf-8")
    shown = progress(ProgressOptions(path=saved))
    assert shown.damaged is not None and shown.saved.level(1).deals_played == 0


def test_the_saved_language_is_kept_unless_another_is_asked(tmp_path: Path) -> None:
    saved = tmp_path / "progress.json"
    store.save(saved, replace(store.Progress(), language="pl"))

    def language(options: LearnOptions) -> str:
        return open_session(options, "en", lambda error, lang: None).ctx.lang

    assert language(LearnOptions(progress_file=saved)) == "pl"
    assert language(LearnOptions(lang="en", progress_file=saved)) == "en"
