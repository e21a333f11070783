"""Anything a learner can type gets a one-line answer in their language, or a clean exit:
Unicode digits, numbers of any length, NUL and control characters, escape sequences, bytes
that are not UTF-8, Ctrl-C from the first moment on, Ctrl-D."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pexpect
import pytest

from tests.in_process import run_lines
from tests.test_tutor import BETEL_TUTOR, QUIZ_ANSWERS, environment, spawn

LEVEL_1_TO_FIRST_CARD = [*QUIZ_ANSWERS, "1"]  # texts and quizzes, then the first deal's card


def run(home: Path, data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    """The real program fed ``data``: how its standard input decodes bytes is the point."""
    return subprocess.run(
        [BETEL_TUTOR, "learn", *args],
        input=data,
        capture_output=True,
        env=environment(home),
        timeout=60,
        check=False,
    )


def events(home: Path, lines: list[str], *args: str) -> list[dict[str, object]]:
    result = run_lines("learn", "--json", *args, lines=lines, env=environment(home))
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def refusals(found: list[dict[str, object]]) -> list[dict[str, object]]:
    return [event for event in found if event["event"] == "refused"]


@pytest.mark.parametrize(
    ("typed", "lang", "answer"),
    [
        ("²", "en", "'²' is not a level: type a number from 1 to 10"),
        ("9" * 5000, "en", "is not a level"),
        ("11", "pl", "'11' to nie jest poziom"),
        ("-1", "en", "'-1' is not a level"),
        ("\x00\x07", "en", "'\\x00\\x07' is not a level"),
    ],
)
def test_bad_menu_input_gets_one_line(tmp_path: Path, typed: str, lang: str, answer: str) -> None:
    found = events(tmp_path, [typed, "quit"], "--lang", lang)
    refused = refusals(found)
    assert len(refused) == 1 and answer in str(refused[0]["text"])
    assert "\n" not in str(refused[0]["text"])
    assert found[-1]["event"] == "bye"


def test_a_digit_of_another_script_is_a_number(tmp_path: Path) -> None:
    found = events(tmp_path, ["٣", "quit"])
    assert not refusals(found)
    assert any("LEVEL 3" in str(event.get("text", "")) for event in found)


@pytest.mark.parametrize("typed", ["9" * 5000, "²", "0", "\x1b[2J", "\x00", "1e9", "۹۹"])
def test_bad_card_input_gets_one_line(tmp_path: Path, typed: str) -> None:
    found = events(tmp_path, [*LEVEL_1_TO_FIRST_CARD, typed, "quit"], "--level", "1")
    refused = refusals(found)
    assert len(refused) == 1, refused
    text = str(refused[0]["text"])
    assert "\n" not in text and "\x1b" not in text and "\x00" not in text and len(text) < 200


def test_no_control_character_reaches_the_screen(tmp_path: Path) -> None:
    typed = ["\x1b[2J\x1b]0;title\x07", "\x00", "save a\x00b", "rules \x1b[31m", "quit"]
    result = run_lines("learn", lines=typed, env=environment(tmp_path))
    assert result.returncode == 0 and "Traceback" not in result.stderr
    out = result.stdout
    assert "\x1b" not in out and "\x00" not in out and "\x07" not in out
    assert "\\x1b[2J" in out  # written visibly


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    result = run(tmp_path, b"\xff\xfe1\n\xc3\nquit\n")
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert result.stdout.decode().count("is not a level") == 2


def test_save_with_a_nul_in_the_name(tmp_path: Path) -> None:
    lines = [*QUIZ_ANSWERS, *["1"] * 10, "save deal\x00.yaml", "save", "quit"]
    found = events(tmp_path, lines, "--level", "1")
    refused = [event for event in refusals(found) if event["reason"] == "save_failed"]
    assert len(refused) == 1 and "Cannot save to" in str(refused[0]["text"])
    assert any("Deal saved to" in str(event.get("text", "")) for event in found)


def test_a_lesson_text_sends_no_escape_sequence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    levels = tmp_path / "levels"
    levels.mkdir()
    (levels / "level-01.yaml").write_text(
        'kind: lesson\nid: e\nlevel: 1\ntitle: {en: "Esc\\e[2J", pl: "Esc\\e[2J"}\n'
        "options: {auction: false, contract: pass}\n"
        'steps: [{read: {en: "Clear\\e[2J\\e[31m red", pl: "Czyść\\e[2J"}}]\n',
        encoding="utf-8",
    )
    env = environment(tmp_path / "home", BETEL_TUTOR_LEVELS=str(levels))
    result = run_lines("learn", "--level", "1", lines=["", "quit"], env=env)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Clear[2J[31m red" in out and "\x1b" not in out


def test_rules_with_a_number(tmp_path: Path) -> None:
    found = events(tmp_path, ["rules 8", "rules 22", "rules", "quit"])
    texts = [str(event.get("text", "")) for event in found]
    assert any(text.startswith("8. ") for text in texts)
    assert sum(text.startswith("1. ") for text in texts) == 1  # once, for the whole summary
    assert "'22' is not a rule" in str(refusals(found)[0]["text"])


def test_a_command_that_means_nothing_here(tmp_path: Path) -> None:
    found = events(tmp_path, ["hint", "undo", "quit"], "--lang", "pl")
    refused = refusals(found)
    assert [event["reason"] for event in refused] == ["not_now", "not_now"]
    assert "podpowiedź" not in str(refused[0]["text"]) and "hint" in str(refused[0]["text"])


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2, 1.0])
def test_ctrl_c_at_any_moment_from_start_up(tmp_path: Path, delay: float) -> None:
    child = spawn(tmp_path, "--level", "1", measured=False)
    time.sleep(delay)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    output = child.before or ""
    if "Fatal Python error: init_" in output:
        # The signal came while the interpreter itself was starting, before the first line of
        # the program ran: Python's own message, which no program can change. None of our
        # code may appear in it.
        assert "betel" not in output.replace("betel-tutor", "")
        assert child.exitstatus != 0 or child.signalstatus is not None
        return
    assert "Traceback" not in output
    assert child.exitstatus == 130 or child.signalstatus is not None


def test_ctrl_c_in_a_deal_saves_and_exits_130(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--level", "1")
    child.expect("Press Enter")
    child.sendline("")
    child.expect("Your answer")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in (child.before or "")
    saved = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert saved["levels"]["1"]["next_step"] == 1


def test_ctrl_d_saves_and_leaves(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--level", "1", "--lang", "pl")
    child.expect("Naciśnij Enter")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in (child.before or "")
    assert (tmp_path / "progress.json").exists()


POLISH_INPUT_LEVEL = """\
kind: lesson
id: polish-input
level: 1
title: {en: Polish input, pl: Polskie karty}
options: {auction: false, contract: pass}
deals:
  - id: d1
    dealer: S
    hands:
      S: ♠AKDW ♥AKDW ♦AK
      W: ♠10 9 8 ♥10 9 8 ♦DW ♣AK
      N: ♠7 ♥7 ♦10 9 8 7 ♣DW10 9
    dubel: ♣87
steps:
  - play: {deal: d1, seat: S, goal: {best: true}}
"""


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_card_typed_with_a_polish_suit_word(tmp_path: Path, lang: str) -> None:
    # spec §12.7: Polish suit words and letters at the card prompt, in either language.
    levels = tmp_path / "levels"
    levels.mkdir()
    (levels / "level-01.yaml").write_text(POLISH_INPUT_LEVEL, encoding="utf-8")
    typed = ["pik K", "kier D", "W ♠", "kar A", "quit"]
    env = environment(tmp_path / "home", BETEL_TUTOR_LEVELS=str(levels))
    result = run_lines("learn", "--level", "1", "--json", "--lang", lang, lines=typed, env=env)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    found = [json.loads(line) for line in result.stdout.splitlines()]
    played = [event["card"] for event in found if event["event"] == "card_played"]
    assert played[0::3] == ["♠K", "♥Q", "♠J", "♦A"]
    assert refusals(found) == []
