"""A quiz step: the learner's answer is read in the notation the question asks for and judged
against the engine's own answer (the checker has proved the author's).

A wrong first answer gets a second try, with a pointer to the rule to apply (never the
answer); ``hint`` gives the same pointer before answering. After the final answer (right, or
wrong twice) the tutor says the right answer, the quiz's explanation and, for a score, the
breakdown of :func:`~betel_tutor.explain.score.explain_score`: one ``answered`` per quiz. A
wrong answer the author wrote a note for (``wrong:``) gets that note, at either try.
"""

from __future__ import annotations

from betel_tutor.errors import BetelError
from betel_tutor.explain.score import ScoreExplanation, explain_score
from betel_tutor.scenario.model import Quiz, QuizStep, Text
from betel_tutor.scenario.quizzes import (
    YES_NO,
    answer_text,
    engine_answer,
    judge,
    parse_typed_answer,
    show_answer,
)
from betel_tutor.tutor.commands import Command, Typed
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Answered, Prompt
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.taught import Taught, taught, worded_for

TRIES = 2  # a wrong first answer gets one more try


class QuizPhase(Phase):
    expects = "answer"
    gives_hint = True

    def __init__(self, step: QuizStep, then: Next) -> None:
        self.step, self.then = step, then
        self.tries = 0

    def prompt(self, ctx: Context) -> Prompt:
        choices = ("yes", "no") if self.step.quiz.kind in YES_NO else None
        return Prompt(ctx.t("prompt_answer"), expects=self.expects, choices=choices)

    def command(self, ctx: Context, typed: Typed) -> Phase | None:
        if typed.command is not Command.HINT:
            return None
        ctx.say(ctx.t("quiz_hint", rule=rule_hint(ctx, self.step.quiz)))
        return self

    def handle(self, ctx: Context, line: str) -> Phase:
        quiz = self.step.quiz
        try:
            given = parse_typed_answer(quiz, line, ctx.lang)
        except BetelError as error:
            ctx.refuse_error(line, error)
            return self
        self.tries += 1
        truth, shown = engine_answer(quiz)
        right = judge(quiz, given, truth)
        note = None if right else wrong_note(quiz, given)
        if not right and self.tries < TRIES:
            ctx.say(ctx.t("try_again", rule=rule_hint(ctx, quiz)))
            if note is not None:
                ctx.teach(note)
            return self
        answer = shown or show_answer(quiz.answer)  # the machine's field: canonical notation
        breakdown = score_breakdown(quiz, ctx.lang, taught(ctx))
        said = answer_text(quiz, truth, ctx.lang)
        text = ctx.t("right") if right else ctx.t("wrong", answer=said)
        if breakdown:
            text += "\n" + ctx.t("breakdown") + "\n" + "\n".join(f"  {b}" for b in breakdown)
        ctx.emit(Answered(text, right=right, answer=answer, tries=self.tries, breakdown=breakdown))
        if note is not None:
            ctx.teach(note)
        if quiz.explanation is not None:
            ctx.teach(quiz.explanation)
        return self.then(ctx)


def wrong_note(quiz: Quiz, given: object) -> Text | None:
    """The author's note on the wrong answer ``given`` (read as the learner typed it), if the
    quiz has one (``wrong:``, proved wrong by the checker)."""
    for typed, note in quiz.wrong.items():
        try:
            noted = parse_typed_answer(quiz, typed, "en")
        except (BetelError, ValueError):
            continue
        if judge(quiz, given, noted):
            return note
    return None


def _explained(quiz: Quiz) -> ScoreExplanation:
    p = quiz.params
    tricks = tuple(int(t) for t in p["tricks"])
    return explain_score(str(p["contract"]), tricks, doubled=bool(p.get("doubled", False)))


def score_breakdown(quiz: Quiz, lang: str, known: Taught) -> tuple[str, ...]:
    """How a score quiz's deal scores, line by line, as ``explain score`` says it, in the
    words the level knows."""
    return tuple(worded_for(_explained(quiz), known).lines(lang)) if quiz.kind == "score" else ()


def rule_hint(ctx: Context, quiz: Quiz) -> str:
    """The rule that answers ``quiz``, in words: where to look, not what to answer; only
    rules the learner's level has taught (:mod:`betel_tutor.tutor.taught`)."""
    kind = quiz.kind.replace("-", "_")
    known = taught(ctx)
    if quiz.kind == "trick-winner" and quiz.params.get("trump"):
        kind = "trick_winner_trump"
    if quiz.kind == "legal-cards" and not known.betel:
        kind = "legal_cards_trumps" if known.trumps else "legal_cards_no_trumps"
    if quiz.kind == "call-legal" and not known.kontra:
        kind = "call_legal_no_kontra"
    if quiz.kind == "score":
        contract = _explained(quiz).contract
        if contract.kind == "free":
            kind = "score_passes" if known.auction else "score_no_contract"
        elif contract.is_misere:
            kind = "score_misere" if known.betel else "score_betelek"
        hint = ctx.t(f"rule_{kind}")
        if quiz.params.get("doubled"):
            hint += " " + ctx.t("rule_score_kontra")
        return hint
    return ctx.t(f"rule_{kind}")
