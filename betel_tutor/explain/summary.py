"""The 21-point rules summary (spec §11)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from betel_tutor.errors import NotationError
from betel_tutor.explain.steps import (
    Explanation,
    Step,
)

# -- the rules summary ---------------------------------------------------------------------

SUMMARY_POINTS = 21


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesSummary(Explanation):
    """The article's 21-point rules summary (spec §11), or one point of it."""

    points: tuple[int, ...]

    def _facts(self) -> dict[str, Any]:
        return {"points": list(self.points)}


def rules_summary(point: int | str | None = None) -> RulesSummary:
    """All 21 points of the rules summary with a title, or only ``point``.

    >>> rules_summary(7).lines("pl")
    ['7. Obowiązek przebijania, z wyjątkiem opisanym w punkcie 8.']
    """
    if point is None:
        points = tuple(range(1, SUMMARY_POINTS + 1))
        steps = [Step.of("summary.title")]
    else:
        number = str(point).strip()
        if not re.fullmatch(r"[0-9]{1,2}", number) or not 1 <= int(number) <= SUMMARY_POINTS:
            raise NotationError("summary.no_such_point", token=str(point), position=0)
        points = (int(number),)
        steps = []
    for each in points:
        steps.append(Step.of("summary.point", number=each, text=Step.of(f"summary.{each}")))
    return RulesSummary(steps=tuple(steps), points=points)
