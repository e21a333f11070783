"""``convert``: bridge boards between PBN, LIN and YAML, by the files' extensions (their notes
kept)."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.app.writing import Written, write
from betel_tutor.bridge.board import check_conversion, format_of
from betel_tutor.scenario.boards import write_boards
from betel_tutor.scenario.loader import read_boards


@dataclass(frozen=True, slots=True)
class ConvertOptions:
    source: str
    target: str
    force: bool = False


@dataclass(frozen=True, slots=True)
class Converted:
    boards: int
    written: Written


def convert(options: ConvertOptions) -> Converted:
    source, target = options.source, options.target
    kind = format_of(target)  # an unknown extension is refused before anything is read
    check_conversion(source, target)  # never onto the file read, never YAML from YAML
    boards = read_boards(source)
    document = write_boards(boards, target)
    written = write(target, document, folder=False, kind=kind, force=options.force)
    return Converted(len(boards), written)
