"""A deal whose goal was missed is offered again at once, with the same cards; the learner may
decline (a closed deal then stays on the practice list, ``learn --practice``)."""

from __future__ import annotations

from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Prompt
from betel_tutor.tutor.phase import Next, Phase

YES = ("yes", "y", "tak", "t")
NO = ("no", "n", "nie")


class RetryPhase(Phase):
    expects = "retry"

    def __init__(self, again: Next, go_on: Next, *, listed: bool) -> None:
        self.again, self.go_on, self.listed = again, go_on, listed

    def prompt(self, ctx: Context) -> Prompt:
        return Prompt(ctx.t("prompt_retry"), expects=self.expects, choices=("yes", "no"))

    def handle(self, ctx: Context, line: str) -> Phase:
        word = line.strip().lower()
        if word in YES:
            ctx.say(ctx.t("retry_again"))
            return self.again(ctx)
        if word in NO:
            ctx.say(ctx.t("retry_declined" if self.listed else "retry_declined_open"))
            return self.go_on(ctx)
        ctx.refuse_yes_no(line)
        return self
