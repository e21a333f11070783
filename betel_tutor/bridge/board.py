"""One bridge board as the file formats see it, and which format a file is by its name.

A :class:`BridgeBoard` is what the formats share: the board number, dealer, vulnerability,
the four hands (N E S W), the auction, contract and play, and the board's notes.
:mod:`betel_tutor.bridge.pbn` reads and writes PBN, :mod:`betel_tutor.bridge.lin` reads LIN;
a scenario file's bridge deals are boards through :mod:`betel_tutor.scenario.boards`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from betel_tutor.bridge.dd import DoubleDummy, double_dummy, pbn_deal
from betel_tutor.cards import Card
from betel_tutor.errors import ScenarioError
from betel_tutor.notes import Note
from betel_tutor.seats import Seat

EXTENSIONS = (".pbn", ".lin", ".yaml", ".yml")
VULNERABLE = ("none", "NS", "EW", "all")


@dataclass(frozen=True)
class BridgeBoard:
    """One bridge board as the file formats see it; ``hands`` by seat N E S W."""

    id: str
    hands: tuple[tuple[Card, ...], ...]
    dealer: Seat
    number: int | None = None
    vulnerable: str = "none"
    notes: tuple[Note, ...] = ()
    variant: str | None = None  # the blue suit: not bridge's play, so no DDS table
    trump: str | None = None  # a suit symbol, when the board names its trump without a contract
    auction: tuple[str, ...] = ()  # our calls: "1♠", "3NT", "pass", "kontra", "rekontra"
    contract: str | None = None  # "4♠", "6NT", or "pass" (passed out)
    doubled: int = 0  # 1 doubled, 2 redoubled
    declarer: Seat | None = None
    play: tuple[Card, ...] = ()  # in the order played
    result: int | None = None  # the declarer's tricks
    event: str | None = None  # PBN's Event: what the boards were played at, the file's title
    site: str | None = None  # PBN's Site, Date and Scoring, as written
    date: str | None = None
    scoring: str | None = None
    players: tuple[str, ...] | None = None  # by seat N E S W, "" for one not named
    room: str | None = None  # PBN's Room (Open, Closed) or Table: where it was played
    # The alerted calls: (the call's number in the auction from 1, its note; "" for none).
    alerts: tuple[tuple[int, str], ...] = ()
    # Where the board's tags are in its PBN file (tag name in lower case; "" its first line).
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    def pbn_deal(self) -> str:
        """The deal as PBN's ``Deal`` tag writes it, from North: ``N:AKQJ.AKQJ.AKQ.AK …``."""
        return pbn_deal(self.hands)

    def double_dummy(self) -> DoubleDummy:
        """DDS's table and par for the board."""
        return double_dummy(self.pbn_deal(), self.dealer, self.vulnerable, name=self.id)


@dataclass(frozen=True)
class Said:
    """A file's problem as an error parameter, in the error's language."""

    problem: Any

    def localized(self, lang: str) -> str:
        return str(self.problem.message(lang))


def bad_file(path: str, line: int | None, detail: object) -> ScenarioError:
    if line is None:
        return ScenarioError("bridge.bad_file", path=path, detail=detail)
    return ScenarioError("bridge.bad_file_line", path=path, line=line, detail=detail)


def format_of(path: str) -> str:
    """``pbn``, ``lin`` or ``yaml`` by the file's extension; anything else is refused."""
    suffix = Path(path).suffix.lower()
    if suffix not in EXTENSIONS:
        raise ScenarioError("bridge.unknown_format", path=path, suffix=suffix or "—")
    return "yaml" if suffix == ".yml" else suffix[1:]


def check_conversion(source: str, target: str) -> None:
    """Refuse a conversion that would lose what a user made: writing over the file read (by
    any name: a link, a relative path), or YAML from YAML, which keeps only the bridge boards
    (a scenario's quizzes, steps, comments and seeds would go)."""
    if os.path.exists(target) and os.path.exists(source):
        same = os.path.samefile(source, target)
    else:
        same = os.path.realpath(source) == os.path.realpath(target)
    if same:
        raise ScenarioError("bridge.convert_same_file", source=source, target=target)
    if format_of(source) == format_of(target) == "yaml":
        raise ScenarioError("bridge.convert_yaml_to_yaml", source=source, target=target)
