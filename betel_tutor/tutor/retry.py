"""After a deal the learner may play it again at once, with the same cards: the whole deal when
its goal was missed, or, where the review named a costly card, from that card's trick (``yes``)
or from any trick (``from N``), the cards before it played as they were. The learner may
decline (a closed deal whose goal was missed then stays on the practice list,
``learn --practice``)."""

from __future__ import annotations

from collections.abc import Callable

from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Prompt
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.text import shown, small_number

YES = ("yes", "y", "tak", "t")
NO = ("no", "n", "nie")
FROM = ("from", "od")
FROM_N = "from N"  # the choice that stands for ``from`` and a trick's number

From = Callable[[Context, int], Phase]  # the deal again from trick N, the learner to play


class RetryPhase(Phase):
    expects = "retry"

    def __init__(
        self,
        again: Next,
        go_on: Next,
        *,
        listed: bool,
        from_trick: From | None = None,
        costly: int | None = None,
        later: tuple[int, ...] = (),
        tricks: int = 10,
    ) -> None:
        self.again, self.go_on, self.listed = again, go_on, listed
        # where the review named a costly card: ``yes`` replays from its trick, and each later
        # costly card's trick is a choice of its own (``from 7``), so a screen offers it too
        self.from_trick, self.costly, self.tricks = from_trick, costly, tricks
        self.later = later

    def prompt(self, ctx: Context) -> Prompt:
        if self.from_trick is None or self.costly is None:
            return Prompt(ctx.t("prompt_retry"), expects=self.expects, choices=("yes", "no"))
        text = ctx.t("prompt_retry_from", trick=self.costly, last=self.tricks)
        later = tuple(f"{FROM[0]} {trick}" for trick in self.later)
        return Prompt(text, expects=self.expects, choices=("yes", "no", *later, FROM_N))

    def handle(self, ctx: Context, line: str) -> Phase:
        word = line.strip().lower()
        words = word.split()
        if word in YES:
            if self.from_trick is not None and self.costly is not None:
                ctx.say(ctx.t("retry_from", trick=self.costly))
                return self.from_trick(ctx, self.costly)
            ctx.say(ctx.t("retry_again"))
            return self.again(ctx)
        if word in NO:
            ctx.say(ctx.t("retry_declined" if self.listed else "retry_declined_open"))
            return self.go_on(ctx)
        if self.from_trick is not None and words and words[0] in FROM:
            number = small_number(words[1]) if len(words) == 2 else None
            if number is not None and 1 <= number <= self.tricks:
                ctx.say(ctx.t("retry_from", trick=number))
                return self.from_trick(ctx, number)
            message = ctx.t("bad_retry_trick", token=shown(line), last=self.tricks)
            ctx.refuse(line, "bad_retry_trick", message)
            return self
        if self.from_trick is not None:
            key = "bad_retry_blank" if not word else "bad_retry"
            ctx.refuse(line, "bad_retry", ctx.t(key, token=shown(line), last=self.tricks))
            return self
        ctx.refuse_yes_no(line)
        return self
