"""Hints and reviews from the solver: what each card costs the player who plays it.

A card's *cost* is the number of tricks it gives away against the best card, seen from the
side of the player to move: the declarer of a normal contract wants tricks, its defenders want
the declarer to have fewer; in the betelki and Betel the declarer wants fewer and the defenders
more; after three passes everybody plays for their own tricks (spec §5).

>>> from betel_tutor.cards import parse_cards
>>> from betel_tutor.contracts import parse_contract
>>> from betel_tutor.play import BETEL, start_play
>>> hands = [parse_cards("♠AK ♥7"), parse_cards("♠QJ ♥8"), parse_cards("♥AK ♦7")]
>>> state = start_play(BETEL, hands, parse_contract("1NT"), declarer=0)
>>> [(str(a.card), a.cost) for a in hint(state)]
[('♠A', 0), ('♠K', 0), ('♥7', 2)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from betel_tutor.cards import Card, sort_cards
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat
from betel_tutor.solver.api import card_values, judge_card, kind_of, make_board
from betel_tutor.solver.board import Board


@dataclass(frozen=True, slots=True)
class CardAdvice:
    """One legal card: the declarer's tricks in the whole deal if it is played (then best play
    by all), the tricks it costs the player against the best card, and whether that cost turns
    a made contract into a failed one or the other way round."""

    card: Card
    tricks: int
    cost: int
    costs_contract: bool


class Advisor:
    """Keeps one search table per deal and declarer, so a hint, then a review, and the
    computer players' moves in the same deal reuse each other's work."""

    def __init__(self) -> None:
        self._boards: dict[tuple[object, ...], Board] = {}

    def board(self, state: PlayState) -> Board:
        kind, declarer = kind_of(state)
        key = (state.trump, declarer, kind, state.profile.name)
        board = self._boards.get(key)
        if board is None:
            board = make_board(trump=state.trump, declarer=declarer, contract_kind=kind)
            self._boards[key] = board
        return board

    def hint(self, state: PlayState) -> list[CardAdvice]:
        """Every legal card of the player to move, best first (ties in card order)."""
        values = card_values(state, self.board(state))
        if not values:
            return []
        kind, declarer = kind_of(state)
        wants_tricks = (state.to_play == declarer) == (kind == "normal")
        best = max(values.values()) if wants_tricks else min(values.values())
        advice = []
        for card in sort_cards(values):
            tricks = values[card]
            cost = best - tricks if wants_tricks else tricks - best
            advice.append(CardAdvice(card, tricks, cost, _changes_result(state, best, tricks)))
        advice.sort(key=lambda a: a.cost)
        return advice

    def review(self, positions: Sequence[PlayState], played: Sequence[Card], seat: Seat) -> Mistake:
        """The first card ``seat`` played that cost a trick, with a better card; or ``None``
        in :attr:`Mistake.card` when every card was among the best."""
        none = Mistake(trick=0, card=None, better=None, cost=0, costs_contract=False, move=-1)
        return next(self.mistakes(positions, played, seat), none)

    def mistakes(
        self, positions: Sequence[PlayState], played: Sequence[Card], seat: Seat
    ) -> Iterator[Mistake]:
        """Every card ``seat`` played that cost a trick in the position it was played in, with
        a better card, in the order played. Only where the card was not among the best does it
        work out what every card costs."""
        tricks: int | None = None  # the last value found: the next one is usually the same
        for number, (state, card) in enumerate(zip(positions, played, strict=False)):
            if state.to_play != seat:
                continue
            verdict = judge_card(state, card, self.board(state), guess=tricks)
            tricks = verdict.tricks
            if verdict.best:
                continue
            advice = self.hint(state)
            chosen = next(a for a in advice if a.card is card)
            if chosen.cost > 0:
                yield Mistake(
                    trick=len(state.tricks) + 1,
                    card=card,
                    better=advice[0].card,
                    cost=chosen.cost,
                    costs_contract=chosen.costs_contract,
                    move=number,
                )


@dataclass(frozen=True, slots=True)
class Mistake:
    """The review's finding: in trick ``trick`` the player chose ``card`` where ``better``
    would have taken ``cost`` more tricks for their side."""

    trick: int
    card: Card | None
    better: Card | None
    cost: int
    costs_contract: bool
    move: int


def _changes_result(state: PlayState, best: int, tricks: int) -> bool:
    """Whether the difference between ``best`` and ``tricks`` decides the contract."""
    if state.declarer is None or state.contract.kind == "free":
        return False
    return state.contract.is_made(best) != state.contract.is_made(tricks)


def hint(state: PlayState) -> list[CardAdvice]:
    """Every legal card of the player to move with what it costs, best first."""
    return Advisor().hint(state)
