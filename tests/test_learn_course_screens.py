"""A teacher's course in the other front ends: the line tutor in a pseudo-terminal in Polish
(the real program: what a terminal shows is the point) and the full-screen tutor, driven with
Textual's Pilot, opening a course's menu and playing its lesson."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pexpect

from betel_tutor.scenario.course import open_course
from betel_tutor.screen.app import TutorApp
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.learner import Learner
from tests.screen_driver import play_through
from tests.test_learn_course import lesson
from tests.test_tutor import BETEL_TUTOR, environment

CARD_PROMPT = "Twoja karta"
ENTER_PROMPT = "Naciśnij Enter"


def test_a_teachers_lesson_in_polish_in_a_terminal(tmp_path: Path) -> None:
    path = lesson(tmp_path, "kolory.yaml", "Colours")
    child = pexpect.spawn(
        BETEL_TUTOR,
        ["learn", "--plain", "--lang", "pl", str(path)],
        env=environment(tmp_path / "home"),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 100),
    )
    child.delaybeforesend = None
    child.expect("COLOURS PO POLSKU")
    child.expect("Dokładaj do koloru, gdy możesz: Colours.")
    child.expect(ENTER_PROMPT)
    child.sendline("")
    shown = ""
    for _ in range(40):  # ten tricks, a card of the learner's each, then Enter after the deal
        found = child.expect([CARD_PROMPT, ENTER_PROMPT, "Poziom 1 ukończony", pexpect.TIMEOUT])
        shown += child.before or ""
        if found > 1:
            break
        child.sendline("1" if found == 0 else "")  # the first of the legal cards listed
    assert found == 2, shown[-2000:]
    # Polish card letters: a queen is D and a jack W, never Q or J.
    assert re.search(r"[♠♥♦♣](D|W)\b", shown)
    assert not re.search(r"[♠♥♦♣](Q|J)\b", shown)
    child.expect("Wybierz lekcję \\(1–1\\) albo koniec")
    child.sendline("koniec")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_full_screen_tutor_opens_a_course(tmp_path: Path) -> None:
    folder = tmp_path / "course"
    folder.mkdir()
    lesson(folder, "one.yaml", "First steps", level=1)
    lesson(folder, "two.yaml", "Second steps", level=2)
    course = open_course(str(folder))
    session = Session(Progress(), "en", settings=Settings(course=course))
    learner = Learner(2)  # the second lesson, from the menu
    events = asyncio.run(
        play_through(TutorApp(session, level=None), learner, ("card", "retry"))
    ).events
    texts = [str(event.get("text", "")) for event in events]
    assert "course:" in texts
    assert any(text.startswith("   2. Second steps") for text in texts)
    assert "Follow suit when you can: Second steps." in texts
    assert learner.done and learner.deals == 1
    assert session.progress.level(2).completed and not session.progress.level(1).completed
