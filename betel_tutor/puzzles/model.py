"""A puzzle: a position of a Betel deal where one card (or one set of equal cards) alone
reaches the goal of the side to play, with best play by everyone (docs/puzzles.md).

A puzzle is kept as plain values, the way ``puzzles export --json`` writes it: seats by
letter (S W N), cards and contracts in their canonical notation (``♠A``, ``2♥``, ``B1``,
``Betel``), as ``learn --json`` writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from betel_tutor.cards import Card, parse_card, sort_cards
from betel_tutor.contracts import Contract, parse_contract
from betel_tutor.play import BETEL, PlayState, Trick, play_card
from betel_tutor.rating import START_DEVIATION, START_VOLATILITY
from betel_tutor.seats import Seat, seats

SEATS: tuple[Seat, ...] = seats()


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle. ``hands`` are the cards each seat holds when it starts, ``trick`` the
    cards already in the current trick (who played each), ``solution`` the card or the equal
    cards that solve it, ``line`` the moves from here (the learner's and the best replies)
    while the learner's answer stays the only one."""

    id: str
    seed: str
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[Seat, Card], ...]
    to_play: Seat
    declarer: Seat
    contract: Contract
    tricks_taken: tuple[int, int, int]
    solution: tuple[Card, ...]
    line: tuple[Card, ...]
    themes: tuple[str, ...]
    rating: float
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def side(self) -> str:
        """``declarer`` or ``defender``: the learner's side."""
        return "declarer" if self.to_play == self.declarer else "defender"

    @property
    def kind(self) -> str:
        """``trump``, ``notrump``, ``betelek`` or ``betel``: the contract's kind."""
        if self.contract.kind == "normal":
            return "notrump" if self.contract.trump is None else "trump"
        return self.contract.kind

    @property
    def leader(self) -> Seat:
        return self.trick[0][0] if self.trick else self.to_play

    def state(self) -> PlayState:
        """The position as a play state: the current trick laid, and the tricks already taken
        as tricks whose cards are not known (only who won each counts from here on)."""
        earlier = tuple(
            Trick(seat, (), seat)
            for seat, count in zip(SEATS, self.tricks_taken, strict=True)
            for _ in range(count)
        )
        return PlayState(
            BETEL,
            self.contract,
            self.declarer,
            tuple(frozenset(hand) for hand in self.hands),
            self.leader,
            tuple(card for _seat, card in self.trick),
            earlier,
        )

    def trick_start(self) -> PlayState:
        """The position at the start of the puzzle's trick: :meth:`state` with the cards of
        the trick under way back in their players' hands."""
        state = self.state()
        hands = [set(hand) for hand in state.hands]
        for seat, card in self.trick:
            hands[seat].add(card)
        return replace(state, hands=tuple(frozenset(hand) for hand in hands), current=())

    def replay(self) -> list[tuple[PlayState, Card]]:
        """Each card of the line with the position it is played from."""
        state = self.state()
        out: list[tuple[PlayState, Card]] = []
        for card in self.line:
            out.append((state, card))
            state = play_card(state, card)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seed": self.seed,
            "hands": {
                seat.letter: [str(c) for c in sort_cards(hand)]
                for seat, hand in zip(SEATS, self.hands, strict=True)
            },
            "trick": [[seat.letter, str(card)] for seat, card in self.trick],
            "to_play": self.to_play.letter,
            "declarer": self.declarer.letter,
            "contract": str(self.contract),
            "trump": None if self.contract.trump is None else str(self.contract.trump),
            "tricks_taken": {
                seat.letter: count for seat, count in zip(SEATS, self.tricks_taken, strict=True)
            },
            "solution": [str(c) for c in self.solution],
            "line": [str(c) for c in self.line],
            "themes": list(self.themes),
            "rating": round(self.rating, 1),
            "deviation": round(self.deviation, 1),
            "volatility": self.volatility,
        }


def puzzle_from_json(data: dict[str, Any]) -> Puzzle:
    """The puzzle :meth:`Puzzle.to_json` wrote."""
    hands = tuple(tuple(parse_card(text) for text in data["hands"][seat.letter]) for seat in SEATS)
    taken = data.get("tricks_taken", {})
    return Puzzle(
        id=str(data["id"]),
        seed=str(data["seed"]),
        hands=hands,
        trick=tuple((Seat.parse(seat), parse_card(card)) for seat, card in data["trick"]),
        to_play=Seat.parse(data["to_play"]),
        declarer=Seat.parse(data["declarer"]),
        contract=parse_contract(data["contract"]),
        tricks_taken=(
            int(taken.get("S", 0)),
            int(taken.get("W", 0)),
            int(taken.get("N", 0)),
        ),
        solution=tuple(parse_card(text) for text in data["solution"]),
        line=tuple(parse_card(text) for text in data["line"]),
        themes=tuple(data["themes"]),
        rating=float(data["rating"]),
        deviation=float(data.get("deviation", START_DEVIATION)),
        volatility=float(data.get("volatility", START_VOLATILITY)),
    )
