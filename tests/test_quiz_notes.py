"""A quiz's notes on wrong answers (``wrong:``): the tutor shows the note on that answer, at
either try and in either language, and nothing on an answer without one; the checker proves each
noted answer wrong and readable (the bad files 115–117); the writer keeps the notes."""

from __future__ import annotations

import pytest

from betel_tutor.render.viewmodel import quiz_views
from betel_tutor.scenario.writer import dump
from betel_tutor.tutor.events import Answered, Event, LessonText, lines
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from betel_tutor.tutor.text import plain
from tests.learner import quizzes_of, shipped_lesson

FIRST = quizzes_of(1)[0].quiz  # South ♥9, West ♥K, North ♠A: who wins?


def at_first_quiz(lang: str) -> tuple[Session, list[Event]]:
    session = Session(Progress(), lang)
    events = session.start(1)
    while events[-1].expects != "answer":  # type: ignore[attr-defined]
        events = session.handle("")
    return session, events


def notes(events: list[Event]) -> list[str]:
    return [event.text for event in events if isinstance(event, LessonText)]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_note_on_a_wrong_answer_is_shown_at_both_tries(lang: str) -> None:
    session, _ = at_first_quiz(lang)
    note = FIRST.wrong["♠A"].get(lang)
    first = session.handle("♠A")
    assert not any(isinstance(e, Answered) for e in first)
    assert notes(first) == [note]
    second = session.handle("♠A")
    answered = next(e for e in second if isinstance(e, Answered))
    assert not answered.right
    said = lines(second)
    # the note comes after the right answer is said, and before the explanation
    assert said.index(note) > said.index(answered.text.split("\n")[0])
    assert notes(second)[0] == note
    assert FIRST.explanation is not None
    assert notes(second)[1] == plain(FIRST.explanation.get(lang), lang)


def test_an_answer_without_a_note_gets_none() -> None:
    session, _ = at_first_quiz("en")
    first = session.handle("♥9")  # wrong, and no note is written for it
    assert notes(first) == []


def test_the_shipped_notes_are_on_wrong_answers_in_both_languages() -> None:
    noted = [quiz for quiz in (step.quiz for step in quizzes_of(1)) if quiz.wrong]
    assert len(noted) >= 3
    for quiz in noted:
        for answer, note in quiz.wrong.items():
            assert answer != str(quiz.answer)
            assert note.en.strip() and note.pl.strip() and note.en != note.pl


def test_the_writer_keeps_the_notes() -> None:
    text = dump(shipped_lesson(1))
    assert 'wrong:\n        "♠A":' in text or "wrong:\n        ♠A:" in text
    assert FIRST.wrong["♠A"].pl in text


@pytest.mark.parametrize(
    ("lang", "label"), [("en", "If you answered ♠A:"), ("pl", "Przy odpowiedzi ♠A:")]
)
def test_the_answer_sheet_prints_the_notes_under_the_answer(lang: str, label: str) -> None:
    views = quiz_views(shipped_lesson(1), lang=lang, sheet="answers")
    first = views[0]
    assert first.wrong[0][0] == label
    assert FIRST.wrong["♠A"].get(lang) in first.wrong[0][1]
    student = quiz_views(shipped_lesson(1), lang=lang, sheet="student")
    assert all(view.wrong == () for view in student)  # the student sheet leaves them out
