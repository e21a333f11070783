"""A scenario as YAML text, the mirror of the loader: ``load_text(dump(scenario))`` reads back
the same scenario (positions aside).

Every file this program writes for a user — ``deal --out``, the tutor's ``save``, ``convert``
to YAML, ``import-note`` — is written here, in one look: the keys in the order the loader
lists them, a mapping of a few plain values on one line (``{id: d1, dealer: S, seed: 7}``),
a text of several lines as a literal block, and the comments the caller gives
(:class:`Comments`). A string is written plain when YAML reads it back as the same string,
else double-quoted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from betel_tutor.cards import Card, format_cards, format_hand, parse_cards
from betel_tutor.contracts import Contract
from betel_tutor.match import TARGET
from betel_tutor.profiles import profile
from betel_tutor.scenario.conditions import Condition
from betel_tutor.scenario.model import (
    Constraint,
    DealSpec,
    LevelOptions,
    MatchStep,
    Note,
    PenaltyEvent,
    PlayStep,
    Quiz,
    QuizStep,
    ReadStep,
    Scenario,
    Step,
    Text,
    TradeSpec,
    WatchStep,
)
from betel_tutor.seats import Seat, seats

_DEFAULT = DealSpec("")  # what a deal is when a key is left out
WIDTH = 100  # a mapping of plain values longer than this is written one key a line
_RESOLVER = yaml.resolver.Resolver()
_STR = "tag:yaml.org,2002:str"
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_FLOW_CHARS = frozenset(",[]{}")
# Characters YAML does not print as they are, or folds as a line break: escaped in quotes.
_LINE_BREAKS = frozenset("\x85\u2028\u2029")


@dataclass(frozen=True, slots=True)
class Comments:
    """Comments a file carries for its reader: ``head`` lines before the first key; for a
    deal's key (``(deal id, key)``), lines ``after`` it and a remark at the end of its line
    (``inline``). Lines are given without the ``#``."""

    head: tuple[str, ...] = ()
    after: Mapping[tuple[str, str], Sequence[str]] = field(default_factory=dict)
    inline: Mapping[tuple[str, str], str] = field(default_factory=dict)


# -- scalars --------------------------------------------------------------------------------


def _printable(char: str) -> bool:
    code = ord(char)
    if char in _LINE_BREAKS:
        return False
    return (
        0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or code > 0xFFFF
    )


def quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar: escapes for what YAML would not read back."""
    out = ['"']
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif _printable(char):
            out.append(char)
        elif ord(char) <= 0xFFFF:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(f"\\U{ord(char):08x}")
    out.append('"')
    return "".join(out)


def _plain(text: str, *, flow: bool) -> bool:
    """Whether YAML reads ``text`` written plain back as the same string."""
    if not text or text != text.strip() or not all(map(_printable, text)):
        return False
    if text[0] in _INDICATORS or ": " in text or " #" in text or text.endswith(":"):
        return False
    if flow and any(char in _FLOW_CHARS for char in text):
        return False
    tag = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
    return bool(tag == _STR)


def scalar(value: Any, *, flow: bool = False) -> str:
    """A plain value (a string, a number, a truth, nothing, a list or a mapping of them)
    as YAML on one line."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, str):
        return value if _plain(value, flow=flow) else quoted(value)
    if isinstance(value, Mapping):
        items = (
            f"{scalar(str(key), flow=True)}: {scalar(item, flow=True)}"
            for key, item in value.items()
        )
        return "{" + ", ".join(items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(scalar(item, flow=True) for item in value) + "]"
    return scalar(str(value), flow=flow)


def _float(value: float) -> str:
    """A number as YAML 1.1 reads it back: ``.nan``, ``.inf``, and a dot before an exponent."""
    if value != value:
        return ".nan"
    if value in (float("inf"), float("-inf")):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value)
    if "." not in text:
        mantissa, _, exponent = text.partition("e")
        text = f"{mantissa}.0" + (f"e{exponent}" if exponent else "")
    return text


def _literal(text: str) -> str | None:
    """The block indicator that keeps ``text`` exactly (``|-`` with no line break at its end,
    ``|`` with one), or ``None`` when a quoted scalar must."""
    body = text[:-1] if text.endswith("\n") else text
    lines = body.split("\n")
    if len(lines) < 2 and body == text:
        return None
    if not body or body.endswith("\n") or not lines[0].strip():
        return None
    if any(line != line.rstrip() or not all(map(_printable, line)) for line in lines):
        return None
    indent = "2" if lines[0][0] == " " else ""
    return "|" + indent + ("" if body != text else "-")


# -- building blocks ------------------------------------------------------------------------

Lines = list[str]


def _string(indent: str, key: str, text: str) -> Lines:
    """``key: text``, quoted (words a reader reads); a text of several lines as a literal
    block."""
    indicator = _literal(text)
    if indicator is None:
        return [f"{indent}{key}: {quoted(text)}"]
    body = text[:-1] if text.endswith("\n") else text
    inner = indent + "  "
    return [
        f"{indent}{key}: {indicator}",
        *(inner + line if line else "" for line in body.split("\n")),
    ]


def _text(indent: str, key: str, text: Text) -> Lines:
    """Both languages: on one line when short, else one key each."""
    flow = f"{indent}{key}: {{en: {quoted(text.en)}, pl: {quoted(text.pl)}}}"
    if "\n" not in text.en + text.pl and len(flow) <= WIDTH:
        return [flow]
    inner = indent + "  "
    return [f"{indent}{key}:", *_string(inner, "en", text.en), *_string(inner, "pl", text.pl)]


def _mapping(indent: str, key: str, entries: Mapping[str, Any]) -> Lines:
    """A mapping of plain values: on one line when short."""
    flow = f"{indent}{key}: {scalar(dict(entries))}"
    if len(flow) <= WIDTH:
        return [flow]
    inner = indent + "  "
    return [
        f"{indent}{key}:",
        *(f"{inner}{name}: {scalar(value)}" for name, value in entries.items()),
    ]


def _item(indent: str, lines: Lines) -> Lines:
    """A mapping's lines (written at ``indent`` + 2) as an item of a list at ``indent``."""
    if not lines:
        return []
    first = lines[0][len(indent) + 2 :]
    return [f"{indent}- {first}", *lines[1:]]


def _flow_item(indent: str, entries: Mapping[str, Any]) -> Lines | None:
    line = f"{indent}- {scalar(dict(entries))}"
    return [line] if len(line) <= WIDTH else None


def _items(indent: str, key: str, items: Sequence[Lines]) -> Lines:
    return [f"{indent}{key}:", *(line for item in items for line in item)]


def _hand(cards: Sequence[Card]) -> str:
    """A hand by suit (``♠A K ♥- …``) when that reads back in the same order, else card by card."""
    grouped = format_hand(cards)
    return grouped if tuple(parse_cards(grouped)) == tuple(cards) else format_cards(cards)


# -- the model ------------------------------------------------------------------------------


def _options(options: LevelOptions) -> dict[str, Any]:
    """The options that differ from a level's defaults."""
    default = LevelOptions()
    out: dict[str, Any] = {}
    for name in LevelOptions.__dataclass_fields__:
        value = getattr(options, name)
        if value != getattr(default, name):
            out[name] = str(value) if isinstance(value, Contract) else value
    return out


def _constraint(constraint: Constraint) -> dict[str, Any]:
    entries: dict[str, Any] = {
        "seat": "dubel" if constraint.seat is None else constraint.seat.letter
    }
    if constraint.suit is not None:
        entries["suit"] = constraint.suit
    if constraint.rank is not None:
        entries["rank"] = constraint.rank
    if constraint.cards:
        entries["cards"] = format_cards(constraint.cards)
    if constraint.hcp:
        entries["hcp"] = True
    if constraint.at_least is not None:
        entries["at_least"] = constraint.at_least
    if constraint.at_most is not None:
        entries["at_most"] = constraint.at_most
    return entries


def constraint_text(constraint: Constraint | Condition) -> str:
    """A constraint as a file writes it: a condition's line, a mapping on one line."""
    if isinstance(constraint, Condition):
        return constraint.text
    return scalar(_constraint(constraint))


def _contract(deal: DealSpec) -> str:
    """The contract as written (``2♥``, ``B3``, ``pass``), a bridge deal's doubling after it
    (``4♠X``)."""
    assert deal.contract is not None
    return str(deal.contract) + "X" * deal.doubled


def _auction(calls: tuple[str, ...]) -> str:
    """The calls as one line when each is one word (quoted, as a contract is: ``"1♠"``), else
    as a list."""
    if all(call and call.split() == [call] for call in calls):
        return quoted(" ".join(calls))
    return scalar(list(calls))


def _play(indent: str, deal: DealSpec) -> Lines:
    """The play a trick a line (folded back into one), as a reader follows it; one trick or
    less on the line of its key."""
    size = profile(deal.game).seats
    if len(deal.play) <= size:
        return [f"{indent}play: {scalar(format_cards(deal.play))}"]
    tricks = range(0, len(deal.play), size)
    lines = (format_cards(deal.play[start : start + size]) for start in tricks)
    return [f"{indent}play: >-", *(f"{indent}  {line}" for line in lines)]


def _trade(trade: TradeSpec) -> dict[str, Any]:
    answer = str(trade.answer) if isinstance(trade.answer, Card) else trade.answer
    return {"after": trade.after, "offer": trade.text, "answer": answer}


def _penalty(event: PenaltyEvent) -> dict[str, Any]:
    entries: dict[str, Any] = {"after": event.after}
    if event.seat is not None:
        entries["seat"] = event.seat.letter
        entries["expose"] = format_cards(event.expose)
    if event.minor:
        entries["minor"] = format_cards(event.minor)
    if event.option is not None:
        entries["option"] = event.option
    if event.designate is not None:
        entries["designate"] = str(event.designate)
    return entries


def note_lines(note: Note, indent: str) -> Lines:
    """A note as an item of a deal's ``notes`` list at ``indent``."""
    inner = indent + "  "
    lines = [
        f"{inner}id: {scalar(note.id)}",
        f"{inner}version: {note.version}",
        f"{inner}category: {note.category}",
        *_string(inner, "en", note.text.en),
        *_string(inner, "pl", note.text.pl),
    ]
    return _item(indent, lines)


def _deal_values(deal: DealSpec) -> dict[str, Any]:
    """The deal's keys written as plain values, in the loader's order."""
    count = profile(deal.game).seats
    values: dict[str, Any] = {"id": deal.id}
    if deal.game != _DEFAULT.game:
        values["game"] = deal.game.value
    if deal.variant is not None:
        values["variant"] = deal.variant
    if deal.board is not None:
        values["board"] = deal.board
    values["dealer"] = Seat(deal.dealer, count).letter
    if deal.vulnerable is not None:
        values["vulnerable"] = deal.vulnerable
    for key in ("site", "date", "scoring", "room"):
        if getattr(deal, key) is not None:
            values[key] = getattr(deal, key)
    if deal.seed is not None:
        values["seed"] = deal.seed
    return values


def _deal(deal: DealSpec, comments: Comments) -> Lines:
    values = _deal_values(deal)
    count = profile(deal.game).seats
    at = "    "
    out: Lines = []
    for key, value in values.items():
        remark = comments.inline.get((deal.id, key))
        written = quoted(value) if key == "seed" and isinstance(value, str) else scalar(value)
        out.append(f"{at}{key}: {written}" + (f"  # {remark}" if remark else ""))
        out.extend(f"{at}# {line}".rstrip() for line in comments.after.get((deal.id, key), ()))
        if key == "id" and deal.title is not None:
            out.extend(_text(at, "title", deal.title))
    if deal.hands is not None:
        out.append(f"{at}hands:")
        for seat, hand in zip(seats(count), deal.hands, strict=True):
            out.append(f"{at}  {seat.letter}: {scalar(_hand(hand))}")
    if deal.dubel:
        out.append(f"{at}dubel: {scalar(format_cards(deal.dubel))}")
    if deal.constraints or deal.conditions:
        out.append(f"{at}constraints:")
        out.extend(f"{at}  - {scalar(_constraint(c))}" for c in deal.constraints)
        out.extend(f"{at}  - {quoted(c.text)}" for c in deal.conditions)
    if deal.first_exchange is not None:
        out.append(f"{at}first_exchange: {scalar(list(deal.first_exchange))}")
    if deal.auction is not None:
        out.append(f"{at}auction: {_auction(deal.auction)}")
    if deal.contract is not None:
        out.append(f"{at}contract: {quoted(_contract(deal))}")
    if deal.declarer is not None:
        out.append(f"{at}declarer: {Seat(deal.declarer, count).letter}")
    if deal.trump is not None:
        out.append(f"{at}trump: {scalar(deal.trump)}")
    if deal.result is not None:
        out.append(f"{at}result: {deal.result}")
    if deal.players is not None:
        named = {seat: name for seat, name in zip("NESW", deal.players, strict=True) if name}
        out.append(f"{at}players: {scalar(named)}")
    if deal.alerts:
        out.append(f"{at}alerts:")
        out.extend(f"{at}  {number}: {quoted(text)}" for number, text in deal.alerts)
    if deal.play:
        out.extend(_play(at, deal))
    if deal.trades:
        out.append(f"{at}trades:")
        out.extend(f"{at}  - {scalar(_trade(trade))}" for trade in deal.trades)
    if deal.resting:
        out.append(f"{at}resting: E")
    if deal.prediction is not None:
        made = deal.prediction.made
        said = {"seat": "E", "decline": True} if made is None else {"seat": "E", "made": made}
        out.append(f"{at}prediction: {scalar(said)}")
    if deal.penalties:
        out.append(f"{at}penalties:")
        out.extend(f"{at}  - {scalar(_penalty(event))}" for event in deal.penalties)
    if deal.notes:
        out.append(f"{at}notes:")
        out.extend(line for note in deal.notes for line in note_lines(note, at + "  "))
    # A deal of a few plain values and nothing more reads best on one line, as lessons write it.
    commented = any(where[0] == deal.id for where in (*comments.after, *comments.inline))
    if len(out) == len(values) and not commented and (line := _flow_item("  ", values)):
        return line
    return _item("  ", out)


def _quiz(indent: str, quiz: Quiz) -> Lines:
    """A quiz's keys at ``indent``: its kind, question, data, answer, explanation and the
    notes on wrong answers."""
    out = [f"{indent}kind: {quiz.kind}", *_text(indent, "question", quiz.question)]
    out.extend(f"{indent}{key}: {scalar(value)}" for key, value in quiz.params.items())
    out.append(f"{indent}answer: {scalar(quiz.answer)}")
    if quiz.explanation is not None:
        out.extend(_text(indent, "explanation", quiz.explanation))
    if quiz.wrong:
        out.append(f"{indent}wrong:")
        for answer, note in quiz.wrong.items():
            out.extend(_text(indent + "  ", quoted(answer), note))
    return out


def _step(step: Step) -> Lines:
    at = "      "
    if isinstance(step, ReadStep):
        return _item("  ", _text("    ", "read", step.text))
    if isinstance(step, QuizStep):
        return _item("  ", ["    quiz:", *_quiz(at, step.quiz)])
    if isinstance(step, MatchStep):
        entries: dict[str, Any] = {} if step.scoring is None else {"scoring": step.scoring}
        if step.target != TARGET:
            entries["target"] = step.target
        if step.text is None:
            return _item("  ", _mapping("    ", "match", entries))
        lines = [f"{at}{key}: {scalar(value)}" for key, value in entries.items()]
        return _item("  ", ["    match:", *lines, *_text(at, "text", step.text)])
    if isinstance(step, WatchStep):
        if step.text is None and not step.comments:
            return _item("  ", _mapping("    ", "watch", {"deal": step.deal}))
        lines = [f"{at}deal: {scalar(step.deal)}"]
        if step.text is not None:
            lines.extend(_text(at, "text", step.text))
        if step.comments:
            lines.extend(_items(at, "comments", [_comment(at + "  ", c) for c in step.comments]))
        return _item("  ", ["    watch:", *lines])
    assert isinstance(step, PlayStep)
    goal = {
        name: bool(value) if name in ("make", "defeat", "best") else value
        for name, value in step.goal.items()
    }
    entries = {"deal": step.deal, "seat": step.seat.letter, "goal": goal}
    if step.open:
        entries["open"] = True
    if step.optional:
        entries["optional"] = True
    if step.text is None:
        return _item("  ", _mapping("    ", "play", entries))
    lines = [f"{at}{key}: {scalar(value)}" for key, value in entries.items()]
    return _item("  ", ["    play:", *lines, *_text(at, "text", step.text)])


def _comment(indent: str, text: Text) -> Lines:
    """A watched deal's comment after a trick: an item of both languages."""
    inner = indent + "  "
    return _item(indent, [*_string(inner, "en", text.en), *_string(inner, "pl", text.pl)])


def dump(scenario: Scenario, *, comments: Comments | None = None) -> str:
    """The scenario as the text of a scenario file (``scenario.path`` is not written)."""
    said = comments or Comments()
    out: Lines = [f"# {line}".rstrip() for line in said.head]
    out.append(f"kind: {scenario.kind}")
    out.append(f"id: {scalar(scenario.id)}")
    out.extend(_text("", "title", scenario.title))
    if scenario.level is not None:
        out.append(f"level: {scenario.level}")
    if scenario.text is not None:
        out.extend(_text("", "text", scenario.text))
    options = _options(scenario.options)
    if options:
        out.append("options:")
        out.extend(f"  {key}: {scalar(value)}" for key, value in options.items())
    if scenario.deals:
        out.append("deals:")
        out.extend(line for deal in scenario.deals for line in _deal(deal, said))
    if scenario.steps:
        out.append("steps:")
        out.extend(line for step in scenario.steps for line in _step(step))
    if scenario.quizzes:
        out.append("quizzes:")
        out.extend(line for quiz in scenario.quizzes for line in _item("  ", _quiz("    ", quiz)))
    return "\n".join(out) + "\n"
