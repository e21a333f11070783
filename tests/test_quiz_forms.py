"""A quiz cannot be gamed: an answer it cannot read (a blank line, words, the wrong count of
numbers) is refused at no cost, with the form explained by an example that is never the
answer, in words true for the level; yes and no are said as yes and no in both languages.

Every quiz of every shipped level, in English and Polish, through the session core."""

from __future__ import annotations

import re
from typing import Any

import pytest

from betel_tutor.scenario.answer_forms import quiz_cards
from betel_tutor.scenario.model import Quiz, QuizStep, Text
from betel_tutor.scenario.quizzes import YES_NO, answer_text, engine_answer, parse_typed_answer
from betel_tutor.seats import Seat, seats
from betel_tutor.tutor.events import Answered, Event, LessonText, Prompt, Refused
from betel_tutor.tutor.progress import LevelProgress, Progress
from betel_tutor.tutor.session import Session
from tests.learner import quiz_line, shipped_lesson

LEVELS = range(1, 11)
MISSHAPEN = ("", "   ", "xyz", "1 2", "♠")  # blank, words, two numbers, a suit without a rank
YES_WORDS = {"en": ("yes", "no"), "pl": ("tak", "nie")}


def leader(quiz: Quiz) -> int:
    return int(Seat.parse(str(quiz.params.get("leader") or "S")))


def quiz_steps() -> list[tuple[int, int, QuizStep]]:
    return [
        (level, index, step)
        for level in LEVELS
        for index, step in enumerate(shipped_lesson(level).steps)
        if isinstance(step, QuizStep)
    ]


def revealed(quiz: Quiz, truth: Any, lang: str, event: Event) -> bool:
    """Whether ``event`` gives away the answer: its cards, its number, its scores."""
    text = event.text
    if isinstance(truth, bool):  # yes or no: a refusal names both, and so leans to neither
        yes, no = YES_WORDS[lang]
        named = [bool(re.search(rf"\b{word}\b", text)) for word in (yes, no)]
        return named[0] != named[1] or (isinstance(event, Refused) and not all(named))
    said = answer_text(quiz, truth, lang)
    pieces = said.split() if quiz.kind == "legal-cards" else [said, said.replace(",", "")]
    if quiz.kind == "trick-winner":  # the card, or the seat that played it alone of three
        pieces = [said]
        names = [seat.localized(lang) for seat in seats()]
        winner = names[(quiz_cards(quiz.params["trick"]).index(truth) + leader(quiz)) % 3]
        if winner in text and not all(name in text for name in names):
            return True
    return any(re.search(rf"(?<![\w♠♥♦♣]){re.escape(p)}(?!\w)", text) for p in pieces)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_misshapen_answer_never_shows_the_answer_and_costs_nothing(lang: str) -> None:
    seen = 0
    for level, index, step in quiz_steps():
        progress = Progress().with_level(level, LevelProgress(next_step=index))
        session = Session(progress, lang)
        asked = session.start(level)
        assert isinstance(asked[-1], Prompt) and asked[-1].expects == "answer", (level, index)
        quiz = step.quiz
        truth, _ = engine_answer(quiz)
        refusals: list[str] = []
        for line in MISSHAPEN:
            events = session.handle(line)
            assert session.expects == "answer"
            assert not [e for e in events if isinstance(e, Answered)], (level, index + 1, line)
            refusals += [e.text for e in events if isinstance(e, Refused)]
            said = [e for e in events if not isinstance(e, LessonText | Prompt)]
            where = f"level {level} step {index + 1} ({lang}) after {line!r}"
            assert not any(revealed(quiz, truth, lang, e) for e in said), (where, said)
        assert len(refusals) == len(MISSHAPEN), (level, index + 1, refusals)  # each, once
        right = quiz_line(step) if lang == "en" or quiz.kind not in YES_NO else ""
        right = right or YES_WORDS["pl"][0 if truth else 1]
        (answered,) = [e for e in session.handle(right) if isinstance(e, Answered)]
        assert answered.right and answered.tries == 1, (level, index + 1, answered)
        seen += 1
    assert seen >= 60  # every quiz of the ten levels


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_an_example_in_a_refusal_is_never_the_right_answer(lang: str) -> None:
    """Typing back the example a refusal gives is read, and judged wrong."""
    from betel_tutor.errors import NotationError
    from betel_tutor.scenario.quizzes import judge

    for level, index, step in quiz_steps():
        quiz = step.quiz
        if quiz.kind in YES_NO:
            continue
        truth, _ = engine_answer(quiz)
        with pytest.raises(NotationError) as refused:
            parse_typed_answer(quiz, "", lang)
        found = re.search(r"(?:as in|jak w zapisie) (.+?)(?:, |$)", refused.value.message(lang))
        assert found is not None, (level, index + 1)
        example = found.group(1)
        given = parse_typed_answer(quiz, example, lang)
        assert not judge(quiz, given, truth), (level, index + 1, example)


def test_the_score_form_speaks_of_a_declarer_only_where_there_is_one() -> None:
    from betel_tutor.errors import NotationError

    question = Text(en="Scores?", pl="Wyniki?")
    passes = Quiz("score", question, [20, 15, 15], {"contract": "pass", "tricks": [4, 3, 3]})
    played = Quiz("score", question, [40, 0, 0], {"contract": "B2", "tricks": [8, 1, 1]})
    for lang, declarer in (("en", "declarer"), ("pl", "rozgrywając")):
        for quiz, speaks in ((passes, False), (played, True)):
            with pytest.raises(NotationError) as refused:
                parse_typed_answer(quiz, "", lang)
            assert (declarer in refused.value.message(lang)) is speaks


@pytest.mark.parametrize(("lang", "no"), [("en", "the answer is no."), ("pl", "odpowiedź to nie.")])
def test_yes_no_feedback_says_yes_or_no(lang: str, no: str) -> None:
    """Level 5's first yes/no quiz answered wrong twice: the answer is said as a word."""
    index = next(
        i
        for i, s in enumerate(shipped_lesson(5).steps)
        if isinstance(s, QuizStep) and s.quiz.kind in YES_NO and not engine_answer(s.quiz)[0]
    )
    session = Session(Progress().with_level(5, LevelProgress(next_step=index)), lang)
    session.start(5)
    wrong = YES_WORDS[lang][0]
    session.handle(wrong)
    (answered,) = [e for e in session.handle(wrong) if isinstance(e, Answered)]
    assert not answered.right and no in answered.text
    assert "false" not in answered.text and "true" not in answered.text
