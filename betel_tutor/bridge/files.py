"""Bridge board files, PBN and LIN, read whole: what ``solve`` and ``convert`` need of a board
file, with nothing of the scenario model (a ``.yaml`` file of boards is a scenario:
:func:`betel_tutor.scenario.loader.read_boards` reads all three), so that those commands start
with little more than endplay's reader and DDS (bench/startup.py)."""

from __future__ import annotations

from betel_tutor.bridge import lin, pbn
from betel_tutor.bridge.board import BridgeBoard, Said, format_of
from betel_tutor.errors import ScenarioError
from betel_tutor.text_files import BOARD_FILE_BYTES, read_file

BOARD_FILES = ("pbn", "lin")  # the formats read here, as format_of names them


def read_board_file(path: str) -> list[BridgeBoard]:
    """The bridge boards of a ``.pbn`` or ``.lin`` file; a file that cannot be read, or is
    damaged, is one :class:`ScenarioError` naming the file (and line)."""
    text, problems = read_file(path, BOARD_FILE_BYTES)
    if text is None:
        raise ScenarioError("bridge.unreadable", path=path, detail=Said(problems[0]))
    boards = pbn.loads(text, path) if format_of(path) == "pbn" else lin.loads(text, path)
    if not boards:
        raise ScenarioError("bridge.no_boards", path=path)
    return boards
