"""The duplicate score of a bridge contract, undoubled (Laws of Duplicate Bridge, Law 77), for
the declarer's side.

>>> duplicate_score(3, "NT", 9), duplicate_score(4, "♠", 11), duplicate_score(2, "♣", 8)
(400, 450, 90)
>>> duplicate_score(6, "♥", 12, vulnerable=True), duplicate_score(4, "♥", 8)
(1430, -100)
"""

from __future__ import annotations

MINORS = ("♣", "♦")


def duplicate_score(level: int, strain: str, tricks: int, *, vulnerable: bool = False) -> int:
    """The declarer's side's score for ``level`` in ``strain`` (a suit symbol or ``NT``) when
    the declarer takes ``tricks``, not doubled."""
    needed = level + 6
    if tricks < needed:
        return -(needed - tricks) * (100 if vulnerable else 50)
    per_trick = 20 if strain in MINORS else 30
    contracted = level * per_trick + (10 if strain == "NT" else 0)
    score = contracted + (tricks - needed) * per_trick
    if contracted >= 100:  # a game
        score += 500 if vulnerable else 300
    else:
        score += 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    return score
