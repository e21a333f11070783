"""Quizzes that teach: a second try with a pointer to the rule, the answer with its
explanation and, for a score, its breakdown; ``hint`` at a quiz; the breakdown of a deal's
score at its end. Through ``learn --json`` and in a pseudo-terminal, in English and Polish."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest

from betel_tutor.scenario.model import QuizKind
from tests.learner import Event, Learner, converse, environment, lesson_lines, quiz_line, quizzes_of
from tests.test_tutor import spawn

# Level 1: texts to read between its quizzes: a trick-winner, legal-cards quizzes, a score.
KINDS = [step.quiz.kind for step in quizzes_of(1)]
assert KINDS[0] == "trick-winner" and KINDS[-1] == "score" and KINDS.count("score") == 1
RIGHT = [quiz_line(step) for step in quizzes_of(1)[1:-1]]  # the legal-cards quizzes


@dataclass
class OneDeal(Learner):
    """Plays the first deal of the level, then quits at the next card."""

    def card(self, choices: list[str], events: Sequence[Event] = ()) -> str:
        return "quit" if self.deals >= 1 else super().card(choices, events)


def test_second_try_hint_seat_names_and_breakdowns(tmp_path: Path) -> None:
    learner = OneDeal(level=1, answers=["♥A", "West", "hint", *RIGHT, "1 2 3", "0 0 0"])
    transcript = converse(learner, ["--level", "1"], environment(tmp_path))
    assert transcript.returncode == 0, transcript.stderr
    events = transcript.events
    answered = transcript.of("answered")
    assert len(answered) == len(KINDS)  # one per quiz, however many tries

    # Who wins the trick: a wrong card, a pointer to the rule, then the seat's name is right.
    winner = answered[0]
    assert winner["right"] and winner["tries"] == 2 and winner["answer"] == "♥K"
    first = events.index(winner)
    tried = [e["text"] for e in events[:first] if e["event"] == "message"]
    assert any("Try once more" in text and "rules 5 and 7" in text for text in tried)
    assert not any("♥K" in text for text in tried if "Try once more" in text)

    # hint at a quiz prompt: the rule, not the answer, and the quiz still waits.
    at = events.index(answered[1])
    hints = [e["text"] for e in events[first:at] if "The rule to apply" in e["text"]]
    assert hints and "rules 5 and 7" in hints[0] and RIGHT[0] not in hints[0]
    assert "trump" not in hints[0] and "Betel" not in hints[0]  # level 1 has taught neither
    assert not [e for e in events[first:at] if e["event"] == "refused"]
    assert answered[1]["right"] and answered[1]["tries"] == 1

    # A score wrong twice: a second try, then the answer with its breakdown.
    score = answered[-1]
    assert not score["right"] and score["tries"] == 2 and score["answer"] == "20, 15, 15"
    # Level 1 has no auction: its deals have no contract, not three passes.
    assert score["breakdown"][0] == "No contract: every player scores 5 points a trick"
    assert "Player 1: 4 × 5 = 20" in score["breakdown"]
    assert score["breakdown"][-1] == "Scores: 20, 15 and 15"
    assert "Player 1: 4 × 5 = 20" in score["text"] and "the answer is 20, 15, 15" in score["text"]
    assert all(a["breakdown"] == [] for a in answered[:-1])

    # The deal's end: how its scores came about, the same explanation as ``explain score``.
    (end,) = transcript.of("deal_end")
    assert end["breakdown"][0].startswith("No contract; the players in order: South")
    tricks = [end["tricks"][seat] for seat in "SWN"]
    assert (
        end["breakdown"][1:4]
        == [
            "No contract: every player scores 5 points a trick",
            *[f"Player {n}: {t} × 5 = {5 * t}" for n, t in enumerate(tricks, start=1)],
        ][:3]
    )
    assert end["breakdown"][-1] == "Scores: {}, {} and {}".format(*(5 * t for t in tricks))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            (
                "Press Enter",
                "Your answer",
                "Try once more",
                "the answer is 20, 15, 15",
                "How the scores come about",
                "Player 1: 4 × 5 = 20",
                "quit",
            ),
        ),
        (
            "pl",
            (
                "Naciśnij Enter",
                "Twoja odpowiedź",
                "Spróbuj jeszcze raz",
                "odpowiedź to 20, 15, 15",
                "Skąd się bierze wynik",
                "Gracz 1: 4 × 5 = 20",
                "koniec",
            ),
        ),
    ],
)
def test_second_try_and_breakdown_in_a_terminal(
    tmp_path: Path, lang: str, words: tuple[str, ...]
) -> None:
    enter, answer, again, wrong, breakdown, player, quit_word = words
    child = spawn(tmp_path, "--level", "1", "--lang", lang)
    child.expect(enter)
    child.sendline("")
    child.expect(answer)
    child.sendline("Zachód" if lang == "pl" else "West")  # a seat's name answers who wins
    lines = lesson_lines(1)[2:]  # texts and the legal-cards quizzes, up to the score quiz
    for line in lines[: lines.index(quiz_line(quizzes_of(1)[-1]))]:
        child.expect(f"{enter}|{answer}")
        child.sendline(line)
    child.expect(answer)
    child.sendline("1 2 3")
    child.expect(again)
    child.expect(answer)
    child.sendline("0 0 0")
    child.expect(wrong)
    child.expect(breakdown)
    child.expect(player)
    child.sendline(quit_word)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_answers_in_the_form_the_question_asks() -> None:
    from betel_tutor.cards import parse_card
    from betel_tutor.errors import NotationError
    from betel_tutor.scenario.model import Quiz, Text
    from betel_tutor.scenario.quizzes import engine_answer, judge, parse_typed_answer

    question = Text(en="Who wins?", pl="Kto bierze?")
    trick = Quiz("trick-winner", question, "♥K", {"trick": "♥9 ♥K ♠A"})
    for seat in ("West", "zachód", "W", "Zachod"):
        assert parse_typed_answer(trick, seat) == parse_card("♥K")
    assert parse_typed_answer(trick, "North", "pl") == parse_card("♠A")
    led_by_west = Quiz("trick-winner", question, "♥K", {"trick": "♥9 ♥K ♠A", "leader": "W"})
    assert parse_typed_answer(led_by_west, "North") == parse_card("♥K")
    with pytest.raises(NotationError):
        parse_typed_answer(trick, "East")

    odds = Quiz("odds", question, 41.8, {"hold": 4, "dubel": 0, "split": "2-2"})
    truth, _ = engine_answer(odds)
    assert judge(odds, parse_typed_answer(odds, "41,8"), truth)
    assert judge(odds, parse_typed_answer(odds, "41.9 %"), truth)
    assert not judge(odds, parse_typed_answer(odds, "41.6"), truth)


def test_a_chips_question_is_answered_by_one_number() -> None:
    """'How many chips does the declarer take?' wants one number, the declarer's score."""
    from betel_tutor.errors import NotationError
    from betel_tutor.scenario.model import Quiz, Text
    from betel_tutor.scenario.quizzes import engine_answer, judge, parse_typed_answer

    question = Text(en="How many chips?", pl="Ile żetonów?")
    chips = Quiz(
        "score", question, 100, {"contract": "5NT", "tricks": [10, 0, 0], "ask": "declarer"}
    )
    truth, shown = engine_answer(chips)
    assert (truth, shown) == (100, "100")
    assert judge(chips, parse_typed_answer(chips, " 100 "), truth)
    assert not judge(chips, parse_typed_answer(chips, "90"), truth)
    with pytest.raises(NotationError) as refused:
        parse_typed_answer(chips, "100 0 0")
    assert refused.value.key == "tutor.answer_score_one"
    three = Quiz("score", question, [100, 0, 0], {"contract": "5NT", "tricks": [10, 0, 0]})
    with pytest.raises(NotationError):
        parse_typed_answer(three, "100")


@pytest.mark.parametrize(
    ("ask", "answer", "expected"),
    [
        ("declarer", "90", "check.quiz_wrong"),
        ("declarer", "[100, 0, 0]", "check.quiz_answer_form"),
        ("everyone", "100", "scenario.bad_choice"),
    ],
)
def test_check_proves_a_one_number_score(
    tmp_path: Path, ask: str, answer: str, expected: str
) -> None:
    from betel_tutor.scenario.check import check_file

    path = tmp_path / "chips.yaml"
    path.write_text(
        "kind: lesson\nid: chips\ntitle: {en: Chips, pl: Żetony}\nsteps:\n"
        "  - quiz:\n      kind: score\n      question: {en: How many?, pl: Ile?}\n"
        f"      contract: 5NT\n      tricks: [10, 0, 0]\n"
        f"      ask: {ask}\n      answer: {answer}\n",
        encoding="utf-8",
    )
    keys = [problem.key for problem in check_file(str(path))]
    assert keys == [expected]


BLANK_QUIZZES: dict[QuizKind, dict[str, object]] = {
    "trick-winner": {"trick": "♥9 ♥K ♠A"},
    "legal-cards": {"hand": "♦K ♦8 ♣7", "trick": "♦9"},
    "score": {"contract": "B1", "tricks": [1, 4, 5]},
    "odds": {"hold": 4, "dubel": 0, "split": "2-2"},
    "call-legal": {},
}


@pytest.mark.parametrize("kind", list(BLANK_QUIZZES))
def test_a_blank_answer_is_refused_not_judged(kind: QuizKind) -> None:
    """Enter pressed by mistake is never taken for an answer (an empty list of cards was judged
    wrong, and cost the learner a try): every kind of quiz refuses it and keeps waiting."""
    from betel_tutor.errors import NotationError
    from betel_tutor.scenario.model import Quiz, Text
    from betel_tutor.scenario.quizzes import parse_typed_answer

    quiz = Quiz(kind, Text(en="Well?", pl="No i?"), None, BLANK_QUIZZES[kind])
    for blank in ("", "   "):
        with pytest.raises(NotationError) as refused:
            parse_typed_answer(quiz, blank)
        assert refused.value.key.startswith("tutor.answer_")
        # Nothing is quoted back: the refusal says that nothing was typed, and what to type.
        said = {lang: refused.value.message(lang) for lang in ("en", "pl")}
        assert said["en"].startswith("Nothing typed: "), said
        assert said["pl"].startswith("Nic nie wpisano: "), said
        assert not any("''" in text for text in said.values()), said


@pytest.mark.parametrize(
    ("lang", "blank", "quoted"),
    [
        ("en", "Nothing typed: answer yes or no", "'maybe': answer yes or no"),
        ("pl", "Nic nie wpisano: odpowiedz tak albo nie", "'maybe': odpowiedz tak albo nie"),
    ],
)
def test_a_yes_no_question_quotes_a_word_back_but_not_a_blank_line(
    lang: str, blank: str, quoted: str
) -> None:
    """The optional rounds and "play it again?" ask yes or no: a stray word is quoted back, a
    blank line is not (it read "'': answer yes or no")."""
    from betel_tutor.tutor.context import Context
    from betel_tutor.tutor.events import Refused
    from betel_tutor.tutor.progress import Progress
    from betel_tutor.tutor.rounds import RoundPhase

    ctx = Context(Progress(), lang)
    phase = RoundPhase(play=lambda c: phase, skip=lambda c: phase)
    for line, said in (("", blank), ("  ", blank), ("maybe", quoted)):
        assert phase.handle(ctx, line) is phase
        refused = [e for e in ctx.take_events() if isinstance(e, Refused)]
        assert [e.text for e in refused] == [said]
