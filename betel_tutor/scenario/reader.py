"""Typed access to YAML nodes that records every problem instead of stopping at the first."""

from __future__ import annotations

import difflib
from collections.abc import Collection
from typing import Any

from betel_tutor.cards import Card, parse_cards
from betel_tutor.contracts import Contract
from betel_tutor.errors import NotationError
from betel_tutor.scenario.model import Text
from betel_tutor.scenario.source import Node, Position, Problem
from betel_tutor.seats import Seat, seats


class Reader:
    """Collects :class:`Problem`s while reading; each method returns ``None`` on a problem."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, position: Position, key: str, /, **params: Any) -> None:
        self.problems.append(Problem(position, key, params))

    def mapping(
        self,
        node: Node,
        what: str,
        *,
        allowed: Collection[str],
        required: Collection[str] = (),
    ) -> dict[str, Node] | None:
        if not node.is_mapping:
            self.problem(node.position, "scenario.expected_mapping", what=what)
            return None
        fields: dict[str, Node] = node.value
        for key in fields:
            if key not in allowed:
                close = difflib.get_close_matches(key, list(allowed), n=1)
                where = node.key_positions[key]
                if close:
                    self.problem(
                        where, "scenario.unknown_key_hint", key=key, what=what, hint=close[0]
                    )
                else:
                    self.problem(where, "scenario.unknown_key", key=key, what=what)
        for key in required:
            if key not in fields:
                self.problem(node.position, "scenario.missing_key", key=key, what=what)
        return fields

    def sequence(self, node: Node, what: str) -> list[Node] | None:
        if not node.is_sequence:
            self.problem(node.position, "scenario.expected_list", what=what)
            return None
        items: list[Node] = node.value
        return items

    def string(self, node: Node, what: str, *, choices: Collection[str] = ()) -> str | None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            self.problem(node.position, "scenario.expected_text", what=what)
            return None
        text = str(value)
        if choices and text not in choices:
            self.problem(
                node.position,
                "scenario.bad_choice",
                what=what,
                value=text,
                choices=", ".join(sorted(choices)),
            )
            return None
        return text

    def integer(self, node: Node, what: str, *, low: int, high: int) -> int | None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.problem(node.position, "scenario.expected_int", what=what, low=low, high=high)
            return None
        return value

    def boolean(self, node: Node, what: str) -> bool | None:
        if not isinstance(node.value, bool):
            self.problem(node.position, "scenario.expected_bool", what=what)
            return None
        return bool(node.value)

    def text(self, node: Node, what: str) -> Text | None:
        """A bilingual text: a mapping with ``en`` and ``pl``, both required and non-empty."""
        fields = self.mapping(node, what, allowed=("en", "pl"))
        if fields is None:
            return None
        values = {}
        for lang in ("en", "pl"):
            if lang not in fields:
                self.problem(node.position, "scenario.missing_language", what=what, lang=lang)
                continue
            value = self.string(fields[lang], f"{what}.{lang}")
            if value is not None and not value.strip():
                self.problem(fields[lang].position, "scenario.empty_text", what=f"{what}.{lang}")
            values[lang] = value
        if values.get("en") is None or values.get("pl") is None:
            return None
        return Text(en=str(values["en"]), pl=str(values["pl"]))

    def cards(self, node: Node, what: str) -> tuple[Card, ...] | None:
        text = self.string(node, what)
        if text is None:
            return None
        try:
            return tuple(parse_cards(text))
        except NotationError as error:
            where = node.at(error.position)  # at the bad character, where it can be seen
            self.problem(where, "scenario.bad_cards", what=what, detail=error)
            return None

    def contract(self, node: Node, what: str) -> Contract | None:
        """A contract of the ladder, or ``pass`` for free play (levels 1–2)."""
        text = self.string(node, what)
        if text is None:
            return None
        try:
            return Contract.parse(text)
        except NotationError as error:
            self.problem(node.position, "scenario.bad_contract", what=what, detail=error)
            return None

    def seat(
        self,
        node: Node,
        what: str,
        *,
        count: int,
        dealer: Seat | None = None,
        also: tuple[str, ...] = (),
    ) -> Seat | None:
        """A seat by index, letter or name in either language (``2``, ``N``, ``Północ``), or
        ``dealer``; ``also``: other words the field takes, named when the value is none."""
        value = node.value
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count:
            return Seat(value, count)
        if isinstance(value, str):
            if value.lower() == "dealer" and dealer is not None:
                return dealer
            try:
                return Seat.parse(value, count)
            except ValueError:
                pass  # reported below, with the seats this table has
        choices = ", ".join([*(seat.letter for seat in seats(count)), *also])
        self.problem(node.position, "scenario.bad_seat", what=what, value=value, choices=choices)
        return None
