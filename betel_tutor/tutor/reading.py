"""A text to read: the lesson's words, then Enter to go on."""

from __future__ import annotations

from betel_tutor.scenario.model import ReadStep
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.phase import Continue, Next, Phase


def read(ctx: Context, step: ReadStep, then: Next) -> Phase:
    ctx.teach(step.text)
    return Continue(then)
