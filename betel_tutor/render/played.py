"""A deal as its sheet shows it, worked out once: its cards as dealt and its script replayed.

The page in every language, the printout and the trick table of a deal all read this one
value, made once per deal of a render (:func:`play_all`); none deals or replays on its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from betel_tutor.dealing import Deal
from betel_tutor.errors import BetelError
from betel_tutor.scenario import script
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.script import Replayed, ScriptError


@dataclass(frozen=True)
class PlayedDeal:
    """A deal's cards as dealt, and, when it has a script (auction, play, trade, penalty
    cards, a resting player), where the script leaves it (``replayed``)."""

    spec: DealSpec
    dealt: Deal
    replayed: Replayed | None


def scripted(spec: DealSpec) -> bool:
    """Whether the sheet reads anything of a replay of ``spec``."""
    return bool(
        spec.auction is not None
        or spec.play
        or spec.first_exchange is not None
        or spec.trades
        or spec.prediction is not None
        or spec.penalties
        or spec.resting
    )


def play_deal(spec: DealSpec) -> PlayedDeal:
    """Deal and replay ``spec`` (each remembered: the checker reads the same values, see
    :func:`~betel_tutor.scenario.script.replay`). Raises what they raise for a deal the
    checker refuses: constraints no deal meets, a script the rules refuse."""
    return PlayedDeal(spec, realize(spec), script.replay(spec) if scripted(spec) else None)


def play_all(deals: Iterable[DealSpec]) -> dict[DealSpec, PlayedDeal]:
    """Every deal played once, by the deal (equal deals once); a deal the checker refuses is
    left out: it stops the render, and has no sheet."""
    played: dict[DealSpec, PlayedDeal] = {}
    for spec in deals:
        if spec in played:
            continue
        try:
            played[spec] = play_deal(spec)
        except (BetelError, ScriptError):
            continue
    return played
