"""Plain words for a YAML file that cannot be read.

PyYAML says what its parser was doing ("mapping values are not allowed here", "found character
that cannot start any token") and often where it noticed, not where the mistake is: a key
indented one space too far is reported at its colon, a tab as a token, an unclosed bracket at
the end of the file. Once PyYAML has refused a file, :func:`diagnose` reads the text again
line by line, as an author sees it, and names the mistake in words of its own, at the place
to correct:

- a tab in the indentation;
- a line that does not line up with the entries beside it, naming the entry it should line up
  with and that entry's column, or one indented under a key that already has its value;
- a ``": "`` inside a plain value (``text: Rule 7: beat``), which must then be quoted;
- a quote or bracket never closed (at its opening), or closed by the wrong bracket;
- a control character, a second document, an alias.

Anything else gets one general message at PyYAML's position. PyYAML's own words are never
shown, and never read: only its error's class and position are.

This runs only for a file PyYAML refused, so a valid file costs nothing; a problem found here
counts only if it stands no later than where PyYAML stopped, so a construct this reading does
not follow can never be blamed for a later mistake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

_BLOCK_INDICATOR = re.compile(r"[|>][-+0-9]*\s*(#.*)?$")
_OPENERS = {"[": "]", "{": "}"}
_CLOSERS = {"]": "[", "}": "{"}


@dataclass(slots=True)
class _Level:
    """An open block collection: where its entries start, and its latest entry."""

    column: int  # 0-based
    kind: str  # "map" or "seq"
    name: str  # the latest entry's key, or "-" for a list item
    line: int  # 1-based line of that entry


@dataclass(slots=True)
class _BlockScalar:
    """An open block scalar: its key's column, name and line, and its text's column."""

    column: int
    key: str
    line: int
    text_column: int | None


@dataclass(slots=True)
class _Found:
    """The problems found while reading the text, each a (line, column, key, params)."""

    problems: list[tuple[int, int, str, dict[str, Any]]] = field(default_factory=list)
    # Counted only on the very line where PyYAML stopped: a tab on a line of spaces (often
    # harmless), a quote closed lines after it opened (often meant).
    exact: list[tuple[int, int, str, dict[str, Any]]] = field(default_factory=list)

    def add(self, line: int, column: int, message: str, /, **params: Any) -> None:
        self.problems.append((line, column, message, params))


class _Reader:
    """One pass over the text: quotes and brackets across lines, block scalars, and the
    indentation of every line that starts in block context."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.found = _Found()
        # Inside a flow collection: its open brackets, each (char, line, column).
        self.brackets: list[tuple[str, int, int]] = []
        # Inside a quoted scalar: its quote, line and column.
        self.quote: tuple[str, int, int] | None = None
        # Inside a block scalar: its key's column, name and line, and its text's column.
        self.block_scalar: _BlockScalar | None = None
        self.levels: list[_Level] = []
        self.opening: tuple[int, str] | None = None  # column and kind of a block to open
        self.last: tuple[int, str, int, str] | None = None  # column, name, line, value kind
        self.indentation_known = True  # false after a construct this reading does not follow

    # -- the pass -----------------------------------------------------------------------------
    def read(self) -> _Found:
        for number, line in enumerate(self.lines, 1):
            if self.quote is not None or self.brackets:
                self.inside(line, number, 0)
                continue
            if self.block_scalar is not None and self.in_block_scalar(line, number):
                continue
            self.structural(line, number)
        if self.quote is not None:
            char, line_number, column = self.quote
            self.found.add(line_number, column, "scenario.yaml_unclosed_quote", quote=char)
        # An unclosed quote takes the brackets after it along: only the quote is reported.
        for char, line_number, column in self.brackets[:1] if self.quote is None else []:
            self.found.add(
                line_number,
                column,
                "scenario.yaml_unclosed_bracket",
                bracket=char,
                closer=_OPENERS[char],
            )
        return self.found

    def structural(self, line: str, number: int) -> None:
        """A line that starts in block context: its indentation, then its entries."""
        stripped = line.lstrip(" \t")
        lead = line[: len(line) - len(stripped)]
        if (not stripped or stripped.startswith("#")) and "\t" in lead:
            self.found.exact.append((number, lead.index("\t") + 1, "scenario.yaml_tab", {}))
        if not stripped or stripped.startswith("#"):
            return
        if "\t" in lead:
            self.found.add(number, lead.index("\t") + 1, "scenario.yaml_tab")
            self.indentation_known = False
            return
        if line.startswith(("---", "...")) and line[3:4] in ("", " ", "\t"):
            self.levels, self.opening, self.last = [], None, None
            self.inside(line, number, 3)
            return
        if line.startswith("%"):
            return
        indent = len(lead)
        pos = indent
        dashes: list[int] = []
        while line.startswith("-", pos) and line[pos + 1 : pos + 2] in ("", " "):
            dashes.append(pos)
            pos += 1
            while line.startswith(" ", pos):
                pos += 1
        if line.startswith("?", pos) and line[pos + 1 : pos + 2] in ("", " "):
            self.indentation_known = False  # a complex key: not followed here
        key_column, key, pos = self.key(line, pos)
        value_kind, pos = self.value(line, number, pos)
        if self.indentation_known:
            self.indentation(number, indent, dashes, key_column, key, line[indent:pos], value_kind)
        if value_kind == "block":
            # Its lines are deeper than the collection holding it (the key's, or the dash's).
            column = key_column if key_column is not None else (dashes or [indent])[-1]
            digits = re.search(r"[1-9]", line[pos : pos + 4])
            text_column = column + int(digits.group()) if digits else None
            self.block_scalar = _BlockScalar(column, key or "-", number, text_column)

    def in_block_scalar(self, line: str, number: int) -> bool:
        """Whether ``line`` belongs to the block scalar (``|``, ``>``) open before it. Its
        first line sets the column of its text; a line left of that column but right of the
        key ends the text where YAML refuses it."""
        scalar = self.block_scalar
        assert scalar is not None
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip():
            if "\t" in line:
                self.found.exact.append((number, line.index("\t") + 1, "scenario.yaml_tab", {}))
            return True
        if scalar.text_column is None and indent > scalar.column:
            scalar.text_column = indent
        if scalar.text_column is not None and indent >= scalar.text_column:
            return True
        self.block_scalar = None
        if indent <= scalar.column:
            return False
        if _plain_colon(line, indent) is not None and line[indent] not in "-#'\"[{":
            self.found.add(
                number,
                indent + 1,
                "scenario.yaml_indent",
                key=line[indent:].split(":")[0],
                sibling=scalar.key,
                line=scalar.line,
                expected=scalar.column + 1,
            )
        else:
            self.found.add(
                number,
                indent + 1,
                "scenario.yaml_block_text",
                key=scalar.key,
                line=scalar.line,
                expected=(scalar.text_column or 0) + 1,
            )
        self.indentation_known = False
        return True

    def key(self, line: str, pos: int) -> tuple[int | None, str, int]:
        """The key at ``pos`` if the entry has one: its column, its name, and where its value
        starts; else (None, "", pos)."""
        if line.startswith(("'", '"'), pos):
            end = _quoted_end(line, pos)
            if end is not None:
                after = end
                while line.startswith(" ", after):
                    after += 1
                if line.startswith(":", after) and line[after + 1 : after + 2] in ("", " "):
                    return pos, line[pos + 1 : end - 1], after + 1
            return None, "", pos
        if pos >= len(line) or line[pos] in "[]{},#&*!|>%@`":
            return None, "", pos
        colon = _plain_colon(line, pos)
        if colon is None:
            return None, "", pos
        return pos, line[pos:colon].rstrip(), colon + 1

    def value(self, line: str, number: int, pos: int) -> tuple[str, int]:
        """The kind of the value from ``pos`` ("empty", "block", "flow", "quoted", "plain",
        "other") and where its text ends; the rest of the line is read for quotes and
        brackets."""
        while line.startswith(" ", pos):
            pos += 1
        while pos < len(line) and line[pos] in "&!":  # an anchor or a tag before the value
            while pos < len(line) and line[pos] != " ":
                pos += 1
            while line.startswith(" ", pos):
                pos += 1
        if pos >= len(line) or line[pos] == "#":
            return "empty", pos
        char = line[pos]
        if char in "|>" and _BLOCK_INDICATOR.match(line, pos):
            return "block", pos
        if char in "'\"":
            end = _quoted_end(line, pos)
            if end is None:
                self.inside(line, number, pos)  # a quote that goes on over the next lines
                return "quoted", len(line)
            rest = line[end:]
            if rest.strip() and not rest.lstrip().startswith("#"):
                column = end + len(rest) - len(rest.lstrip()) + 1
                self.found.add(number, column, "scenario.yaml_after_quote", quote=char)
            return "quoted", len(line)
        if char in "[{":
            self.inside(line, number, pos)
            return "flow", len(line)
        if char == "*":
            return "other", len(line)
        colon = _plain_colon(line, pos)
        if colon is not None:
            self.found.add(number, colon + 1, "scenario.yaml_colon_in_value")
        comment = line.find(" #", pos)
        return "plain", len(line) if comment < 0 else comment

    def inside(self, line: str, number: int, pos: int) -> None:
        """Read quotes, brackets and comments from ``pos`` to the end of the line."""
        token_start = True  # where a quote may open a quoted scalar
        while pos < len(line):
            if self.quote is not None:
                end = _quote_close(line, pos, self.quote[0])
                if end is None:
                    return
                char, line_number, column = self.quote
                if line_number != number:
                    self.found.exact.append(
                        (
                            number,
                            end,
                            "scenario.yaml_quote_spans",
                            {"quote": char, "line": line_number, "column": column},
                        )
                    )
                self.quote = None
                pos, token_start = end, False
                continue
            char = line[pos]
            if char == "#" and (pos == 0 or line[pos - 1] in " \t"):
                return
            if char in "'\"" and token_start:
                self.quote = (char, number, pos + 1)
                pos += 1
                continue
            if not self.brackets and char not in "[{ \t":
                return  # after a closed collection or quote: nothing more to follow here
            if char in _OPENERS:
                self.brackets.append((char, number, pos + 1))
                token_start = True
            elif char in _CLOSERS:
                if not self.brackets:
                    return
                opener, line_number, column = self.brackets.pop()
                if opener != _CLOSERS[char]:
                    self.found.add(
                        number,
                        pos + 1,
                        "scenario.yaml_wrong_bracket",
                        bracket=char,
                        opener=opener,
                        line=line_number,
                        column=column,
                        closer=_OPENERS[opener],
                    )
                    self.brackets.clear()
                    self.indentation_known = False
                    return
                token_start = False
            elif char in ",:?":
                token_start = True
            elif char not in " \t":
                token_start = False
            pos += 1

    # -- indentation ---------------------------------------------------------------------------
    def indentation(
        self,
        number: int,
        indent: int,
        dashes: list[int],
        key_column: int | None,
        key: str,
        text: str,
        value_kind: str,
    ) -> None:
        first = "seq" if dashes else "map" if key_column is not None else "scalar"
        name = key if key_column is not None and not dashes else _snippet(text)
        last = self.last
        if self.opening is None and last is not None and indent > last[0]:
            if last[3] == "plain" and key_column is None:
                return  # the next line of a plain value written over several lines
            self.found.add(
                number,
                indent + 1,
                "scenario.yaml_indent_under_value",
                key=name,
                parent=last[1],
                line=last[2],
                expected=last[0] + 1,
            )
            self.indentation_known = False
            return
        if self.opening is not None:
            column, kind = self.opening
            if indent > column or (indent == column and kind == "map" and first == "seq"):
                self.levels.append(_Level(indent, "seq" if first == "seq" else "map", name, number))
                self.enter(number, dashes, key_column, key, value_kind)
                return
        before = list(self.levels)
        while self.levels and self.levels[-1].column > indent:
            self.levels.pop()
        top = self.levels[-1] if self.levels else None
        if top is not None and top.column == indent and top.kind == "seq" and first == "map":
            self.levels.pop()  # the end of a list written at its key's indentation
            top = self.levels[-1] if self.levels else None
        fits = top is not None and top.column == indent and (top.kind == first or first == "scalar")
        if top is None and not before:  # the first entry of the document
            top = _Level(indent, "seq" if first == "seq" else "map", name, number)
            self.levels.append(top)
            fits = True
        if not fits:
            wanted = "map" if first == "scalar" else first
            candidates = sorted(
                reversed(before),
                key=lambda level: (level.kind != wanted, abs(level.column - indent)),
            )
            if candidates:
                near = candidates[0]
                self.found.add(
                    number,
                    indent + 1,
                    "scenario.yaml_indent",
                    key=name,
                    sibling=near.name,
                    line=near.line,
                    expected=near.column + 1,
                )
            self.indentation_known = False
            return
        assert top is not None
        top.name, top.line = name, number
        self.enter(number, dashes, key_column, key, value_kind)

    def enter(
        self, number: int, dashes: list[int], key_column: int | None, key: str, value_kind: str
    ) -> None:
        """The collections this line opens after its first entry: nested dashes, a key."""
        for column in dashes[1:]:
            self.levels.append(_Level(column, "seq", "-", number))
        if dashes and key_column is not None:
            self.levels.append(_Level(key_column, "map", key, number))
        if key_column is not None:
            column, name, kind = key_column, key, "map"
        elif dashes:
            column, name, kind = dashes[-1], "-", "seq"
        else:
            self.opening, self.last = None, None
            return
        self.opening = (column, kind) if value_kind == "empty" else None
        self.last = (column, name, number, value_kind)


def _plain_colon(line: str, pos: int) -> int | None:
    """The first ``:`` followed by a space or the line's end in the plain text from ``pos``
    (a comment ends it)."""
    for index in range(pos, len(line)):
        char = line[index]
        if char == "#" and index > pos and line[index - 1] in " \t":
            return None
        if char == ":" and line[index + 1 : index + 2] in ("", " ", "\t"):
            return index
    return None


def _quoted_end(line: str, pos: int) -> int | None:
    """Where the quoted scalar opened at ``pos`` ends on this line (after its quote)."""
    return _quote_close(line, pos + 1, line[pos])


def _quote_close(line: str, pos: int, quote: str) -> int | None:
    """The position after the quote that closes a scalar from ``pos``, or None."""
    while pos < len(line):
        char = line[pos]
        if quote == '"' and char == "\\":
            pos += 2
            continue
        if char == quote:
            if quote == "'" and line.startswith("'", pos + 1):
                pos += 2
                continue
            return pos + 1
        pos += 1
    return None


def _snippet(text: str) -> str:
    text = text.strip()
    return text if len(text) <= 20 else text[:19] + "…"


Diagnosis = tuple[int, int, str, dict[str, Any]]
"""Line and column (from 1), the catalog key and its parameters."""


def diagnose(text: str, error: yaml.YAMLError) -> Diagnosis:
    """Where and what to report for ``text``, which PyYAML refused with ``error``."""
    if isinstance(error, yaml.reader.ReaderError):
        line = text.count("\n", 0, error.position) + 1
        column = error.position - (text.rfind("\n", 0, error.position) + 1) + 1
        code = f"U+{error.character:04X}" if isinstance(error.character, int) else "?"
        return line, column, "scenario.yaml_control", {"code": code}
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    stop = mark.line + 1 if mark is not None else len(text.split("\n"))
    reading = _Reader(text).read()
    found = [p for p in reading.problems if p[0] <= stop]
    found += [p for p in reading.exact if p[0] == stop]
    if found:
        return min(found, key=lambda p: (p[0], p[1]))
    if mark is None:
        return 1, 1, "scenario.yaml_syntax", {}
    at = text[mark.index : mark.index + 3]
    where = (mark.line + 1, mark.column + 1)
    if isinstance(error, yaml.composer.ComposerError):
        if at.startswith("*"):
            return *where, "scenario.alias", {}
        if at == "---":
            return *where, "scenario.yaml_documents", {}
    context = getattr(error, "context_mark", None)
    if context is not None and mark.line >= text.count("\n"):
        # Found only at the end of the file: point at what was left open.
        where = (context.line + 1, context.column + 1)
    return *where, "scenario.yaml_syntax", {}
