"""``convert``: bridge boards between PBN, LIN and YAML, by the files' extensions (their notes
kept).

PBN or LIN to PBN needs only endplay's reader and our PBN writer; the scenario model is loaded
only when YAML is read or written, so that the common conversion starts about as fast as a
script calling endplay (bench/startup.py)."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.app.writing import Written, write
from betel_tutor.bridge import pbn
from betel_tutor.bridge.board import check_conversion, format_of
from betel_tutor.bridge.files import BOARD_FILES, read_board_file


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
    if format_of(source) in BOARD_FILES and kind == "pbn":
        boards = read_board_file(source)
        document = pbn.dumps(boards)
    else:  # the command's seam: YAML is a scenario, read and written by the scenario model
        from betel_tutor.scenario.boards import write_boards
        from betel_tutor.scenario.loader import read_boards

        boards = read_boards(source)
        document = write_boards(boards, target)
    written = write(target, document, folder=False, kind=kind, force=options.force)
    return Converted(len(boards), written)
