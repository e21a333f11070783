"""A quiz step: the learner's answer is read in the notation the question asks for and judged
against the engine's own answer (the checker has proved the author's)."""

from __future__ import annotations

from betel_tutor.errors import BetelError
from betel_tutor.scenario.model import QuizStep
from betel_tutor.scenario.quizzes import YES_NO, engine_answer, parse_typed_answer, show_answer
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Answered, Prompt
from betel_tutor.tutor.phase import Next, Phase


class QuizPhase(Phase):
    expects = "answer"

    def __init__(self, step: QuizStep, then: Next) -> None:
        self.step, self.then = step, then

    def prompt(self, ctx: Context) -> Prompt:
        choices = ("yes", "no") if self.step.quiz.kind in YES_NO else None
        return Prompt(ctx.t("prompt_answer"), expects=self.expects, choices=choices)

    def handle(self, ctx: Context, line: str) -> Phase:
        quiz = self.step.quiz
        try:
            given = parse_typed_answer(quiz, line, ctx.lang)
        except BetelError as error:
            ctx.refuse_error(line, error)
            return self
        truth, shown = engine_answer(quiz)
        answer = shown or show_answer(quiz.answer)
        right = given == truth
        text = ctx.t("right") if right else ctx.t("wrong", answer=answer)
        ctx.emit(Answered(text, right=right, answer=answer))
        if quiz.explanation is not None:
            ctx.say(ctx.text(quiz.explanation))
        return self.then(ctx)
