"""The logic of a constraint line: conditions joined by ``and``, ``or`` and ``not`` and grouped
by parentheses, ``not`` binding closest, then ``and``, then ``or`` (as in Dealer and Python).

``S hcp 12+ and (N ♠ 5+ or N ♥ 5+)`` reads as the ``and`` of ``S hcp 12+`` and an ``or``;
``not W has ♠A or W ♠ 3+`` as ``(not W has ♠A) or W ♠ 3+``. The Polish words ``i``/``oraz``,
``lub``/``albo`` and ``nie`` are read too, whatever the language. What lies between the words
and parentheses is one condition (:mod:`betel_tutor.scenario.conditions` reads it); this
module only finds where each one starts and ends, so that an error can name its column.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from betel_tutor.errors import NotationError

AND_WORDS = ("and", "i", "oraz")
OR_WORDS = ("or", "lub", "albo")
NOT_WORDS = ("not", "nie")
_TOKEN = re.compile(r"[()]|[^\s()]+")


@dataclass(frozen=True, slots=True)
class Atom:
    """One condition: ``text[start:end]`` of the line."""

    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Op:
    """``and``, ``or`` (two or more ``parts``) or ``not`` (one)."""

    kind: str
    parts: tuple[Atom | Op, ...]


Formula = Atom | Op


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    start: int

    @property
    def word(self) -> str | None:
        """``and``, ``or``, ``not``, ``(`` or ``)`` when the token is one of them."""
        folded = self.text.lower()
        for kind, words in (("and", AND_WORDS), ("or", OR_WORDS), ("not", NOT_WORDS)):
            if folded in words:
                return kind
        return self.text if self.text in "()" else None


def is_compound(text: str) -> bool:
    """Whether ``text`` uses ``and``, ``or``, ``not`` or parentheses at all."""
    return any(_Token(m.group(), m.start()).word for m in _TOKEN.finditer(text))


def parse(text: str) -> Formula:
    """The formula ``text`` writes; a :class:`NotationError` naming the bad token and its
    column (a missing condition, a parenthesis left open or closing nothing)."""
    tokens = [_Token(m.group(), m.start()) for m in _TOKEN.finditer(text)]
    reader = _Reader(text, tokens)
    formula = reader.either()
    if reader.at < len(tokens):  # only a ")" stops a formula early
        token = tokens[reader.at]
        raise NotationError(
            "finder.logic_unopened", token=token.text, position=token.start, text=text
        )
    return formula


class _Reader:
    """A recursive-descent reader: ``either`` (or) over ``both`` (and) over ``single`` (not,
    a group in parentheses, or one condition)."""

    def __init__(self, text: str, tokens: list[_Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.at = 0

    def _next_word(self) -> str | None:
        return self.tokens[self.at].word if self.at < len(self.tokens) else None

    def either(self) -> Formula:
        return self._joined("or", self.both)

    def both(self) -> Formula:
        return self._joined("and", self.single)

    def _joined(self, word: str, part: Callable[[], Formula]) -> Formula:
        """One ``part``, or several joined by ``word`` as one :class:`Op`."""
        parts = [part()]
        while self._next_word() == word:
            self.at += 1
            parts.append(part())
        return parts[0] if len(parts) == 1 else Op(word, tuple(parts))

    def single(self) -> Formula:
        if self.at >= len(self.tokens):
            end = len(self.text.rstrip())
            raise NotationError("finder.logic_end", token="", position=end, text=self.text)
        token = self.tokens[self.at]
        word = token.word
        if word == "not":
            self.at += 1
            return Op("not", (self.single(),))
        if word == "(":
            self.at += 1
            inner = self.either()
            if self._next_word() != ")":
                raise NotationError(
                    "finder.logic_unclosed", token="(", position=token.start, text=self.text
                )
            self.at += 1
            return inner
        if word is not None:  # "and", "or" or ")" where a condition should start
            raise NotationError(
                "finder.logic_expected", token=token.text, position=token.start, text=self.text
            )
        first = token
        while self.at < len(self.tokens) and self.tokens[self.at].word is None:
            last = self.tokens[self.at]
            self.at += 1
        return Atom(first.start, last.start + len(last.text))
