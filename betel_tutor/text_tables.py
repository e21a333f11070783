"""Tables in a lesson's text, found once for every front end.

A lesson writes a table either as markdown's pipe table (a header row, a ``|---|`` row, then the
rows) or as aligned columns: a paragraph of two or more indented lines whose columns are kept
apart by two or more spaces, the same number of columns on every line (level 5's points of a
normal contract; indented by two or three spaces, as four make a code block). Markdown itself
would run the aligned lines together into one paragraph, so :func:`split_tables` takes both
kinds out of the text, and each front end draws them as a table: the line tutor in padded
columns (:func:`table_lines`), the full-screen tutor as a rich table, the printed sheet as an
HTML table.

>>> parts = split_tables("Points:\\n\\n  One  (6 tricks):  5\\n  Two  (7 tricks):  10\\n")
>>> parts[0], parts[1].rows
('Points:', (('One', '(6 tricks):', '5'), ('Two', '(7 tricks):', '10')))
>>> print("\\n".join(table_lines(parts[1])))
  One  (6 tricks):   5
  Two  (7 tricks):  10
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_GAP = re.compile(r"\s{2,}")
_RULE = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_NUMBER = re.compile(r"^[-+]?\d+$")
_INDENT = re.compile(r"^ {2,3}\S")


@dataclass(frozen=True, slots=True)
class TextTable:
    """A table of a lesson's text: its header (empty for aligned columns) and rows of cells,
    as written (markdown inside a cell is the front end's to draw)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    @property
    def numeric(self) -> tuple[bool, ...]:
        """Which columns hold only whole numbers (drawn flush right)."""
        width = len(self.rows[0])
        return tuple(all(_NUMBER.match(row[i]) for row in self.rows) for i in range(width))


def split_tables(text: str) -> list[str | TextTable]:
    """``text`` in order: markdown between tables, and the tables (see the module)."""
    parts: list[str | TextTable] = []
    prose: list[str] = []
    for block in re.split(r"\n[ \t]*\n", text):
        table = _pipe_table(block) or _aligned(block)
        if table is None:
            prose.append(block)
            continue
        if prose:
            parts.append("\n\n".join(prose))
            prose = []
        parts.append(table)
    if prose:
        parts.append("\n\n".join(prose))
    return parts


def _aligned(block: str) -> TextTable | None:
    lines = [line for line in block.split("\n") if line.strip()]
    # Indented by two or three spaces: four make markdown's code block, shown as written.
    if len(lines) < 2 or not all(_INDENT.match(line) for line in lines):
        return None
    rows = tuple(tuple(_GAP.split(line.strip())) for line in lines)
    if len(rows[0]) < 2 or any(len(row) != len(rows[0]) for row in rows):
        return None
    return TextTable((), rows)


def _pipe_table(block: str) -> TextTable | None:
    lines = [line.strip() for line in block.strip().split("\n")]
    if len(lines) < 3 or not lines[0].startswith("|") or not _RULE.match(lines[1]):
        return None
    header, *rows = (_cells(line) for line in [lines[0], *lines[2:]])
    if any(len(row) != len(header) for row in rows):
        return None
    return TextTable(header, tuple(rows))


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def table_lines(table: TextTable, *, indent: str = "  ") -> list[str]:
    """The table as lines of text in padded columns (numbers flush right), its header
    underlined with dashes."""
    rows = [table.header, *table.rows] if table.header else list(table.rows)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    numeric = table.numeric

    def line(row: tuple[str, ...]) -> str:
        cells = [
            cell.rjust(width) if right else cell.ljust(width)
            for cell, width, right in zip(row, widths, numeric, strict=True)
        ]
        return (indent + "  ".join(cells)).rstrip()

    out = [line(row) for row in rows]
    if table.header:
        out.insert(1, indent + "  ".join("-" * width for width in widths))
    return out
