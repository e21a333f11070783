"""``rules``: the 21-point summary of the rules (betel-rules.md), or one point of it."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.explain import Explanation, rules_summary


@dataclass(frozen=True, slots=True)
class RulesOptions:
    point: str | None = None  # one point, 1 to 21; None: all of them


def rules(options: RulesOptions) -> Explanation:
    return rules_summary(options.point)
