"""``import-note``: a legacy board note as a board scenario holding it, losslessly."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.app.writing import Written, write
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.rules import as_trump
from betel_tutor.scenario.check import in_file_order
from betel_tutor.scenario.legacy_note import LegacyNote, note_scenario, parse_note
from betel_tutor.scenario.note_rules import Rules, fitting_rules
from betel_tutor.scenario.source import Problem, read_file

GAMES = ("bridge", "betel")
VARIANTS = (None, "blue-suit")


@dataclass(frozen=True, slots=True)
class ImportOptions:
    note: str  # the note's path
    output: str | None = None  # None: the scenario is only returned
    game: str = "bridge"
    variant: str | None = None
    trump: str | None = None
    force: bool = False


@dataclass(frozen=True, slots=True)
class Imported:
    """The note's problems in file order (shown even when the import then fails); the scenario
    (``None`` when the note could not be read); the file written; the options that give the
    rules worked out from the note's example tricks when they are not those asked for; and
    the error that stopped the import after the note was read."""

    problems: tuple[Problem, ...]
    document: str | None = None
    written: Written | None = None
    worked_out: str | None = None
    error: BetelError | None = None


def import_note(options: ImportOptions) -> Imported:
    if options.game not in GAMES:
        raise NotationError("finder.bad_game", token=options.game, position=0)
    if options.variant not in VARIANTS:
        raise NotationError("rules.bad_variant", token=options.variant, position=0)
    text, problems = read_file(options.note)
    parsed = None
    if text is not None:
        parsed, problems = parse_note(text, options.note)
    shown = tuple(in_file_order(problems))
    if parsed is None:
        return Imported(shown)
    try:
        return _imported(options, parsed, shown)
    except BetelError as error:
        return Imported(shown, error=error)


def _imported(options: ImportOptions, parsed: LegacyNote, shown: tuple[Problem, ...]) -> Imported:
    suit = None
    if options.trump is not None:
        chosen = as_trump(options.trump.strip())
        suit = None if chosen is None else chosen.symbol
    rules = fitting_rules(parsed, game=options.game, variant=options.variant, trump=suit)
    document = note_scenario(parsed, game=options.game, variant=rules.variant, trump=rules.trump)
    written = None
    if options.output is not None:
        written = write(options.output, document, folder=False, kind="yaml", force=options.force)
    worked_out = None if rules == Rules(options.variant, suit) else rules.options
    return Imported(shown, document, written, worked_out)
