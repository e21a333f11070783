"""The error of a deal's script (its contract, auction, trade or play) that the rules refuse,
shared by the replay of the script and the replay of its trade."""

from __future__ import annotations

from betel_tutor.errors import BetelError
from betel_tutor.scenario.source import Position


class ScriptError(Exception):
    """Step ``number`` of the ``part`` ("contract", "auction", "play", "first_exchange",
    "trades" or "answer") is not allowed; ``at`` is where it is written, when known. ``item``
    is the step: a card or call (a value, shown in the reader's language), else as written."""

    def __init__(
        self,
        part: str,
        number: int,
        item: object,
        error: BetelError,
        *,
        at: Position | None = None,
    ) -> None:
        super().__init__(f"{part} {number}: {item}")
        self.part, self.number, self.item, self.error, self.at = part, number, item, error, at
