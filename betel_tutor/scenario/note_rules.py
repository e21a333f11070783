"""The rules a legacy note's example tricks assume: which variant and trump make every
underlined winner right (``import-note`` works them out from the note's own evidence). Apart
from :mod:`betel_tutor.scenario.legacy_note` because it asks the checker, which reads notes."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.profiles import profile
from betel_tutor.rules import VARIANTS
from betel_tutor.scenario.legacy_note import LegacyNote, note_scenario
from betel_tutor.scenario.source import Problem

TRUMPS = ("♠", "♥", "♦", "♣")


@dataclass(frozen=True, slots=True)
class Rules:
    """The variant and trump a board holding a note is written with (``None``: none)."""

    variant: str | None
    trump: str | None

    @property
    def options(self) -> str:
        """The ``import-note`` options that give these rules (empty for plain bridge)."""
        shown = [] if self.variant is None else [f"--variant {self.variant}"]
        return " ".join(shown + ([] if self.trump is None else [f"--trump {self.trump}"]))


def _problems_with(note: LegacyNote, game: str, rules: Rules) -> list[Problem]:
    from betel_tutor.scenario.check import check_scenario
    from betel_tutor.scenario.loader import load_text

    document = note_scenario(note, game=game, variant=rules.variant, trump=rules.trump)
    scenario, problems = load_text(document, note.path or "<note>")
    return problems if scenario is None else check_scenario(scenario)


def fitting_rules(
    note: LegacyNote, *, game: str = "bridge", variant: str | None = None, trump: str | None = None
) -> Rules:
    """The rules under which the note's example tricks are right, from its own evidence: those
    given when they fit; else, when nothing was given, the first that fits of no trump, each
    trump, then (bridge) the blue-suit variant with each trump. A :class:`ScenarioError` says
    what fits instead, or that nothing does (with the first trick that fails)."""
    from betel_tutor.errors import ScenarioError

    asked = Rules(variant, trump)
    first = _problems_with(note, game, asked)
    if not first:
        return asked
    variants: tuple[str | None, ...] = (None, *VARIANTS) if profile(game).boards else (None,)
    for each_variant in variants:
        for each_trump in (None, *TRUMPS):
            rules = Rules(each_variant, each_trump)
            if rules == asked or (each_variant is not None and each_trump is None):
                continue
            if not _problems_with(note, game, rules):
                if variant is None and trump is None:
                    return rules
                raise ScenarioError(
                    "notes.rules_do_not_fit",
                    path=note.path or "<note>",
                    problem=_Said(first[0]),
                    options=rules.options,
                )
    raise ScenarioError("notes.no_rules_fit", path=note.path or "<note>", problem=_Said(first[0]))


@dataclass(frozen=True, slots=True)
class _Said:
    """A problem of the board written from a note, as an error parameter: its message alone
    (its line is the written board's, not the note's)."""

    problem: Problem

    def localized(self, lang: str) -> str:
        return self.problem.message(lang)
