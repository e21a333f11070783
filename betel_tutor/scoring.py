"""Scores of one deal (spec §6).

>>> score("1NT", (6, 3, 1))
(20, 15, 5)
>>> score("3♣", (7, 2, 1), doubled=True)
(-100, 60, 30)
>>> score("pass", (4, 3, 3))
(20, 15, 15)
"""

from __future__ import annotations

from betel_tutor.arguments import require
from betel_tutor.contracts import Contract, free_play, parse_contract
from betel_tutor.errors import BetelError

Scores = tuple[int, int, int]


def _as_contract(contract: str | Contract) -> Contract:
    if not isinstance(contract, str):  # a contract, or its text; nothing else
        require(contract, Contract, "score")
        return contract
    if contract.strip().lower() in ("pass", "three passes", "trzy pasy", "pas"):
        return free_play()
    return parse_contract(contract)


def score(
    contract: str | Contract, tricks: tuple[int, int, int], *, doubled: bool = False
) -> Scores:
    """Points of one deal: declarer first, then the two defenders in clockwise order.

    ``contract="pass"`` (or a free-play contract) scores three passes: every player gets the
    per-trick points for each trick taken, in the order given. A normal contract made earns its
    contract points and per-trick points for each overtrick; failed, minus its contract points.
    Defenders earn per-trick points for their tricks either way. Betelki: plus or minus the
    contract points, nothing for the defenders. Kontra doubles every figure (rule 16).
    """
    played = _as_contract(contract)
    if len(tricks) != 3 or any(t < 0 for t in tricks) or sum(tricks) != 10:
        raise BetelError("scoring.bad_tricks", tricks="/".join(map(str, tricks)))
    factor = 2 if doubled else 1
    per_trick = played.trick_points
    if played.kind == "free":
        return (
            tricks[0] * per_trick * factor,
            tricks[1] * per_trick * factor,
            tricks[2] * per_trick * factor,
        )
    declarer, first, second = tricks
    if played.is_misere:
        points = played.contract_points if played.is_made(declarer) else -played.contract_points
        return (points * factor, 0, 0)
    if played.is_made(declarer):
        overtricks = declarer - played.tricks_needed
        points = played.contract_points + overtricks * per_trick
    else:
        points = -played.contract_points
    return (points * factor, first * per_trick * factor, second * per_trick * factor)


def prediction_points(predicted_made: bool | None, made: bool) -> int:
    """The resting fourth player's prediction (spec §7): +10 if right, −10 if wrong, 0 if they
    declined to predict."""
    if predicted_made is None:
        return 0
    return 10 if predicted_made == made else -10


def dubel_penalty(cards_looked_at: int) -> int:
    """Looking at dubel cards and then passing anyway costs 5 points a card (spec §3, §6)."""
    if not 0 <= cards_looked_at <= 2:
        raise ValueError("the dubel has two cards")
    return -5 * cards_looked_at
