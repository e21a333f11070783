"""What heads a deal on its sheet: its own title (or "Deal N", its number in the file), and a
line of what the teacher set for it: its number, the goal of the step that plays it, whether
it is played open (all hands shown, na widno) or closed, and the seed it is dealt from."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor import i18n
from betel_tutor.scenario.model import DealSpec, PlayStep, Scenario, Text, WatchStep

_GOALS = {  # a play step's goal (spec §12.8) in words
    "tricks_at_least": "render.goal_tricks_at_least",
    "tricks_at_most": "render.goal_tricks_at_most",
    "make": "render.goal_make",
    "defeat": "render.goal_defeat",
    "best": "render.goal_best",
}


@dataclass(frozen=True)
class Placed:
    """A deal where the lesson shows it: the step that plays or shows it first (``None``: no
    step names it) and that step's own words, which the sheet prints with the deal."""

    spec: DealSpec
    step: PlayStep | WatchStep | None = None
    intro: Text | None = None

    @property
    def open(self) -> bool:
        """Played with every hand shown: the student sheet shows them too."""
        return isinstance(self.step, PlayStep) and self.step.open


def deal_number(scenario: Scenario, spec: DealSpec) -> int:
    """The deal's number in its file, counted from 1."""
    return next(n for n, deal in enumerate(scenario.deals, 1) if deal.id == spec.id)


def deal_title(scenario: Scenario, placed: Placed, lang: str) -> str:
    """The deal's own title, else "Deal N" (never the file's title: every deal had it)."""
    if placed.spec.title is not None:
        return placed.spec.title.get(lang)
    return i18n.translate("render.deal_number", lang, n=deal_number(scenario, placed.spec))


def deal_facts(scenario: Scenario, placed: Placed, lang: str) -> list[str]:
    """The line under the title: the deal's number (when the title is not "Deal N"), goal,
    open or closed, seed (those the deal has)."""
    facts = []
    if placed.spec.title is not None:
        number = deal_number(scenario, placed.spec)
        facts.append(i18n.translate("render.deal_number", lang, n=number))
    step = placed.step
    if isinstance(step, PlayStep):
        facts.extend(goal_words(step.goal, lang))
        facts.append(i18n.translate("render.open" if step.open else "render.closed", lang))
    elif isinstance(step, WatchStep):
        facts.append(i18n.translate("render.watched", lang))
    if placed.spec.seed is not None:
        facts.append(i18n.translate("render.seed", lang, seed=placed.spec.seed))
    return facts


def goal_words(goal: dict[str, int], lang: str) -> list[str]:
    """A play step's goal in words (spec §12.8): "Goal: take at least 6 tricks"."""
    return [
        i18n.translate(_GOALS[kind], lang, n=value)
        if kind.startswith("tricks")
        else i18n.translate(_GOALS[kind], lang)
        for kind, value in goal.items()
    ]
