"""Words in both languages, and a board's notes (boards-and-bridge.md §1): the values a
scenario file and the bridge formats share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from betel_tutor.scenario.source import Position


@dataclass(frozen=True, slots=True)
class Text:
    """The same words in English and Polish (markdown with the ``♠{A}`` card markup)."""

    en: str
    pl: str

    def get(self, lang: str) -> str:
        return self.pl if lang == "pl" else self.en


@dataclass(frozen=True, slots=True)
class Note:
    """A board note (boards-and-bridge.md §1): a newer ``version`` of an ``id`` replaces older."""

    id: str
    version: int
    category: Literal["before", "after"]
    text: Text
    position: Position | None = None
    # Left out of the hash (a dict has none), so that a deal and its notes can be hashed.
    text_positions: dict[str, Position] = field(default_factory=dict, hash=False)
