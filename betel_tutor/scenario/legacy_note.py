"""The legacy board-note text format (boards-and-bridge.md §1): read it, write it back.

::

    # META
    - id = 532703080314295
    - version = 1
    - category = before

    # EN
    Text … ♠{A} … <u>♣{2}</u>

    # PL
    Tekst …

Reading never raises for bad input: problems come back with their line. The texts are kept
exactly as written (markup, line breaks, lists), apart from the blank lines that separate
sections, so that ``format_note(parse_note(text))`` reads back to the same note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from betel_tutor.cards import Card, parse_card
from betel_tutor.errors import NotationError
from betel_tutor.scenario.model import DealSpec, Note, Scenario, Text
from betel_tutor.scenario.source import Position, Problem
from betel_tutor.scenario.writer import Comments, dump, note_lines

CATEGORIES = ("before", "after")
META_KEYS = ("id", "version", "category")
_SECTION = re.compile(r"^#\s*(\S+)\s*$")
_META_LINE = re.compile(r"^-\s*([A-Za-z_]+)\s*=\s*(.*?)\s*$")
CARD_MARKUP = re.compile(r"([♠♥♦♣])\{([^{}]*)\}")


@dataclass(frozen=True, slots=True)
class LegacyNote:
    """One note: its identity and the text of each language (``"en"``, ``"pl"`` …)."""

    id: str
    version: int
    category: str
    texts: dict[str, str]
    path: str = field(default="", compare=False)
    text_lines: dict[str, int] = field(default_factory=dict, compare=False)


def parse_note(text: str, path: str = "<note>") -> tuple[LegacyNote | None, list[Problem]]:
    """Parse a legacy note; the note is ``None`` when a problem makes it unusable."""
    problems: list[Problem] = []

    def problem(line: int, key: str, /, **params: object) -> None:
        problems.append(Problem(Position(path, line, 1), f"notes.{key}", dict(params)))

    meta: dict[str, tuple[str, int]] = {}
    texts: dict[str, list[str]] = {}
    starts: dict[str, int] = {}
    section: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        header = _SECTION.match(raw)
        if header:
            name = header.group(1).upper()
            if name not in ("META", "EN", "PL"):  # the languages the project speaks
                problem(number, "unknown_section", section=header.group(1))
                section = "?"  # its lines are passed over: the header was reported
                continue
            if name in texts or (name == "META" and meta):
                problem(number, "duplicate_section", section=name)
            section = name
            if name != "META":
                texts[name.lower()] = []
                starts[name.lower()] = number + 1
            continue
        if section is None:
            if raw.strip():
                problem(number, "outside_section")
            continue
        if section == "?":
            continue
        if section == "META":
            if not raw.strip():
                continue
            entry = _META_LINE.match(raw.strip())
            if not entry:
                problem(number, "bad_meta_line", line=raw.strip())
            elif entry.group(1) not in META_KEYS:
                problem(number, "unknown_meta", key=entry.group(1))
            else:
                meta[entry.group(1)] = (entry.group(2), number)
            continue
        texts[section.lower()].append(raw)
    note_texts = {lang: "\n".join(lines).strip("\n") for lang, lines in texts.items()}
    for lang, body in note_texts.items():
        if not body.strip():
            problem(starts[lang] - 1, "empty_section", section=lang.upper())
        problems.extend(_markup_problems(body, path, starts[lang], lang))
    for lang in ("en", "pl"):
        if lang not in note_texts:
            problem(1, "missing_language", section=lang.upper())
    for key in META_KEYS:
        if key not in meta:
            problem(1, "missing_meta", key=key)
    version = 0
    if "version" in meta:
        value, line = meta["version"]
        if value.isdigit() and int(value) > 0:
            version = int(value)
        else:
            problem(line, "bad_version", value=value)
    if "category" in meta and meta["category"][0] not in CATEGORIES:
        value, line = meta["category"]
        problem(line, "bad_category", value=value)
    if "id" in meta and not meta["id"][0]:
        problem(meta["id"][1], "missing_meta", key="id")
    if problems:
        return None, problems
    starts_by_lang = {lang: starts[lang] for lang in note_texts}
    note = LegacyNote(meta["id"][0], version, meta["category"][0], note_texts, path, starts_by_lang)
    return note, []


def _markup_problems(body: str, path: str, first_line: int, lang: str) -> list[Problem]:
    problems = []
    for offset, line in enumerate(body.split("\n")):
        number = first_line + offset
        for match in CARD_MARKUP.finditer(line):
            try:
                parse_card(match.group(1) + match.group(2), lang=lang)
            except NotationError:
                problems.append(
                    Problem(
                        Position(path, number, match.start() + 1),
                        "notes.bad_card",
                        {"card": match.group(0)},
                    )
                )
        depth = 0
        for tag in re.finditer(r"</?u>", line):
            depth += 1 if tag.group(0) == "<u>" else -1
            if depth not in (0, 1):
                break
        if depth != 0:
            problems.append(Problem(Position(path, number, 1), "notes.unclosed_u", {}))
    return problems


def format_note(note: LegacyNote) -> str:
    """The note in the legacy text format."""
    parts = [
        "# META",
        f"- id = {note.id}",
        f"- version = {note.version}",
        f"- category = {note.category}",
    ]
    for lang, body in note.texts.items():
        parts += ["", f"# {lang.upper()}", "", body]
    return "\n".join(parts) + "\n"


def mentioned_cards(body: str, lang: str = "en") -> list[Card]:
    """Every card written with the ``♠{A}`` markup, in order."""
    return [parse_card(m.group(1) + m.group(2), lang=lang) for m in CARD_MARKUP.finditer(body)]


@dataclass(frozen=True, slots=True)
class ExampleTrick:
    """A list item of cards with one underlined: the note's claim of who wins the trick."""

    line: int  # 0-based line within the text
    cards: tuple[Card, ...]
    winner: int


def example_tricks(body: str, lang: str = "en") -> list[ExampleTrick]:
    """The example tricks of a note: lines ``- ♠{A} <u>♣{2}</u> ♦{2} ♥{2}``."""
    tricks = []
    for number, line in enumerate(body.split("\n")):
        stripped = line.strip()
        if not stripped.startswith("- ") or "<u>" not in stripped:
            continue
        items = re.findall(r"(<u>\s*)?([♠♥♦♣])\{([^{}]*)\}(\s*</u>)?", stripped)
        leftover = re.sub(r"(<u>\s*)?[♠♥♦♣]\{[^{}]*\}(\s*</u>)?", "", stripped[2:]).strip()
        if len(items) < 2 or leftover:
            continue
        underlined = [i for i, item in enumerate(items) if item[0] and item[3]]
        if len(underlined) != 1:
            continue
        cards = tuple(parse_card(suit + rank, lang=lang) for _, suit, rank, _ in items)
        tricks.append(ExampleTrick(number, cards, underlined[0]))
    return tricks


def as_note(note: LegacyNote) -> Note:
    """The legacy note as a scenario's note (the model's)."""
    text = Text(en=note.texts.get("en", ""), pl=note.texts.get("pl", ""))
    return Note(note.id, note.version, note.category, text)  # type: ignore[arg-type]


def note_to_yaml(note: LegacyNote, *, indent: str = "") -> str:
    """The note in the scenario files' YAML form: an item of a deal's ``notes`` list."""
    return "\n".join(note_lines(as_note(note), indent)) + "\n"


def note_scenario(
    note: LegacyNote, *, game: str = "bridge", variant: str | None = None, trump: str | None = None
) -> str:
    """A complete board scenario holding the note, which ``betel-tutor check`` accepts: one
    deal, ``board``, of ``game`` (its ``variant``, the ``trump`` its examples assume), dealt
    from the note's id as a seed until its cards are written in, and the note as its only one."""
    deal = DealSpec(
        id="board",
        game=game,  # type: ignore[arg-type]
        variant=variant,
        trump=trump,
        seed=note.id,
        notes=(as_note(note),),
    )
    title = Text(f"Board {note.id}", f"Rozdanie {note.id}")
    scenario = Scenario("", "board", f"note-{note.id}", title, deals=(deal,))
    comments = Comments(
        head=("yaml-language-server: $schema=scenario.schema.json",),
        inline={("board", "seed"): "the board's cards: replace with its hands"},
    )
    return dump(scenario, comments=comments)
