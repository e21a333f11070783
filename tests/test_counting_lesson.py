"""Level 5 teaches the counting method before its first deal, in both languages: read steps,
then quizzes that count a hand's tricks, answered as a learner types them and judged by the
same count the beginner bids by."""

from __future__ import annotations

import pytest

from betel_tutor.rules import as_trump
from betel_tutor.scenario.answer_forms import quiz_cards
from betel_tutor.scenario.model import PlayStep, QuizStep
from betel_tutor.scenario.quizzes import engine_answer
from betel_tutor.trick_count import count_tricks
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.events import Answered, Event, LessonText, Prompt
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.learner import quiz_line, shipped_lesson

COUNT_WORD = {"en": "count", "pl": "policz"}


def test_level_5_asks_to_count_tricks_before_its_first_deal() -> None:
    steps = shipped_lesson(5).steps
    first_deal = next(i for i, step in enumerate(steps) if isinstance(step, PlayStep))
    counting = [
        step for step in steps[:first_deal]
        if isinstance(step, QuizStep) and step.quiz.kind == "count-tricks"
    ]  # fmt: skip
    assert len(counting) >= 3
    trumps = {str(step.quiz.params["trump"]) for step in counting}
    assert "NT" in trumps and len(trumps) >= 3  # with a trump, another, and without


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_learner_is_taught_to_count_then_counts_before_the_first_call(lang: str) -> None:
    session = Session(Progress(), lang, settings=Settings(seed="counting"))
    events: list[Event] = session.start(5)
    read: list[str] = []
    counted: list[Answered] = []
    for _ in range(200):
        read.extend(e.text for e in events if isinstance(e, LessonText))
        prompt = events[-1]
        assert isinstance(prompt, Prompt), prompt
        if prompt.expects == "call":
            break
        if prompt.expects == "answer":
            step = session.phase.step  # type: ignore[attr-defined]
            line = quiz_line(step)
            events = session.handle(line)
            if step.quiz.kind == "count-tricks":
                counted.extend(e for e in events if isinstance(e, Answered))
            continue
        events = session.handle("")
    else:
        raise AssertionError("no call prompt")
    assert len(counted) >= 3 and all(answer.right for answer in counted)
    assert any(COUNT_WORD[lang] in text.lower() for text in read)
    if lang == "pl":
        assert not any("lacks" in text or "ruff" in text for text in read)


@pytest.mark.parametrize(
    ("typed", "lang"), [("6½", "en"), ("6.5", "en"), ("6,5", "pl"), ("6 ½", "pl")]
)
def test_a_count_is_read_in_halves(typed: str, lang: str) -> None:
    from betel_tutor.scenario.quizzes import judge, parse_typed_answer

    quiz = next(
        step.quiz for step in shipped_lesson(5).steps
        if isinstance(step, QuizStep) and step.quiz.kind == "count-tricks"
    )  # fmt: skip
    truth, shown = engine_answer(quiz)
    assert truth == count_tricks(quiz_cards(quiz.params["hand"]), as_trump(quiz.params["trump"]))
    assert shown == "6½"
    assert judge(quiz, parse_typed_answer(quiz, typed, lang), truth)
    assert not judge(quiz, parse_typed_answer(quiz, "7", lang), truth)


@pytest.mark.parametrize("typed", ["seven", "6.3", "-1"])
def test_a_count_not_in_halves_is_refused_with_an_example(typed: str) -> None:
    from betel_tutor.errors import NotationError
    from betel_tutor.scenario.quizzes import parse_typed_answer

    quiz = next(
        step.quiz for step in shipped_lesson(5).steps
        if isinstance(step, QuizStep) and step.quiz.kind == "count-tricks"
    )  # fmt: skip
    with pytest.raises(NotationError) as refused:
        parse_typed_answer(quiz, typed, "pl")
    message = refused.value.message("pl")
    assert typed in message and "liczba lew" in message and "6½" not in message
