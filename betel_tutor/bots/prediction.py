"""The resting fourth player's prediction (spec §7), read from nothing but the auction.

The resting player sees no cards, only the calls, and reads them so, first rule first:

1. the contract was doubled: **defeated** — a defender said its own hand beats it (and the
   computer players double only then, :func:`betel_tutor.bots.bidding.beats_contract`);
2. ladder level 0 or 1 (Betelek 3, one of a suit, one no trump, Betelek 2): **made** — low
   contracts are seldom lost;
3. ladder level 4 or 5 (Szlemik, Betel, Szlem): **defeated** — they are seldom made;
4. level 2 or 3: **made** when the declarer was the only player to declare, who then bid on
   their own cards alone; when others declared too, the auction was contested and the
   prediction is declined.

It is deterministic: the same auction always gives the same prediction.

>>> from betel_tutor.auction import Auction, Call
>>> auction = Auction()
>>> for call in "2♠ pass pass".split():
...     auction.call(Call.parse(call))
>>> predict(auction.state)
Prediction(made=True, reason='bots.predict_alone')
>>> auction = Auction()
>>> for call in "1♠ 2♥ kontra pass pass".split():
...     auction.call(Call.parse(call))
>>> predict(auction.state)
Prediction(made=False, reason='bots.predict_doubled')
"""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.auction import AuctionState


@dataclass(frozen=True, slots=True)
class Prediction:
    """``made``: True (made), False (defeated) or None (declined); ``reason`` a catalog key."""

    made: bool | None
    reason: str


def predict(state: AuctionState) -> Prediction:
    """The prediction for the contract that ``state`` (a finished auction) ended with."""
    contract = state.standing
    if contract is None:
        raise ValueError("there is no contract to predict")
    if state.doubled:
        return Prediction(False, "bots.predict_doubled")
    if contract.level <= 1:
        return Prediction(True, "bots.predict_low")
    if contract.level >= 4:
        return Prediction(False, "bots.predict_high")
    declarers = {seat for seat, call in state.calls if call.kind == "declare"}
    if declarers == {state.declarer}:
        return Prediction(True, "bots.predict_alone")
    return Prediction(None, "bots.predict_contested")
