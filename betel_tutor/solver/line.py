"""The best line of a deal for one side: every card of every seat, each chosen by the solver.

A side's *aim* fixes what the solver counts and who wants more of it (spec §5, §12.8): the
declarer's tricks in a contract (the declarer of a normal contract wants them, of a betelek or
Betel does not, and the defenders want the opposite), or after three passes the learner's own
tricks against the other two. At every card the player to move plays a card that keeps the
best result for their side; among equal cards the cheapest when following (the lowest), and
on lead the highest for a side that wants tricks and the lowest for one that does not, so
that a card played above the cheapest one is there because the cheaper one costs.

>>> from betel_tutor.cards import parse_cards
>>> from betel_tutor.contracts import parse_contract
>>> from betel_tutor.play import BETEL, start_play
>>> hands = [parse_cards("♠AK ♥7"), parse_cards("♠QJ ♥8"), parse_cards("♥AK ♦7")]
>>> state = start_play(BETEL, hands, parse_contract("1NT"), declarer=0)
>>> line = best_line(state, aim_of(state, Seat(0)))
>>> [str(move.card) for move in line], line[-1].values[line[-1].card]
(['♠A', '♠J', '♦7', '♠K', '♠Q', '♥K', '♥7', '♥8', '♥A'], 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.cards import Card
from betel_tutor.play import PlayState, play_card
from betel_tutor.seats import Seat
from betel_tutor.solver.api import bit_card, card_bit, kind_of, make_board, mask_of, mask_value
from betel_tutor.solver.board import Board, bits, legal, representatives, winner, without


@dataclass(frozen=True, slots=True)
class Aim:
    """What the solver counts for a side: ``counted``'s tricks in a contract of ``kind``
    (normal, betelek, betel), the seats of the side, and the learner's among them."""

    kind: str
    counted: Seat
    side: frozenset[Seat]
    learner: Seat

    @property
    def wants_more(self) -> bool:
        """Whether more counted tricks are better for the side."""
        return (self.counted in self.side) == (self.kind == "normal")

    @property
    def takes(self) -> bool:
        """Whether the side wants its own players to take tricks: in a normal contract (and
        after three passes) everybody does; in the betelki and Betel nobody on either side
        does, the declarer to stay under his count, the defenders to leave him the tricks."""
        return self.kind == "normal"

    def wants_more_for(self, seat: Seat) -> bool:
        """Whether ``seat`` wants more counted tricks (its side, or the other one)."""
        return (seat == self.counted) == (self.kind == "normal")


def aim_of(state: PlayState, learner: Seat) -> Aim:
    """The aim of the learner's side in the deal ``state``: the declarer alone, the two
    defenders, or, after three passes, the learner for their own tricks."""
    seat = learner
    if state.declarer is None or state.contract.kind == "free":
        return Aim("normal", seat, frozenset({seat}), seat)
    kind, declarer = kind_of(state)
    if declarer == seat:
        return Aim(kind, declarer, frozenset({declarer}), seat)
    others = frozenset(Seat(s) for s in range(3) if s != declarer)
    return Aim(kind, declarer, others, seat)


def over(state: PlayState) -> bool:
    """Whether no card is left to play (a position of a few cards ends before ten tricks)."""
    return state.finished or not any(state.hands)


def board_for(state: PlayState, aim: Aim) -> Board:
    return make_board(trump=state.trump, declarer=aim.counted, contract_kind=aim.kind)


def values(state: PlayState, aim: Aim, board: Board) -> dict[Card, int]:
    """For every legal card of the player to move: the counted seat's tricks in the whole deal
    if it is played and everybody then plays best."""
    if over(state):
        return {}
    masks = (mask_of(state.hands[0]), mask_of(state.hands[1]), mask_of(state.hands[2]))
    trick = tuple(card_bit(card) for card in state.current)
    seat = state.to_play
    live = masks[0] | masks[1] | masks[2]
    for bit in trick:
        live |= 1 << bit
    moves = legal(masks[seat], trick, board.trump, board.beat[seat])
    taken = state.tricks_taken()[aim.counted]
    solved: dict[int, int] = {}
    for bit in bits(moves & representatives(live, masks[seat])):
        after = without(masks, seat, bit)
        played = (*trick, bit)
        if len(played) == 3:
            taker = state.leader.next(winner(played, board.trump))
            solved[bit] = taken + (taker == aim.counted) + mask_value(board, after, taker, ())
        else:
            solved[bit] = taken + mask_value(board, after, state.leader, played)
    out: dict[Card, int] = {}
    for bit in bits(moves):
        top = bit
        while top not in solved:  # an equivalent card is worth the top of its run
            top += 1
        out[bit_card(bit)] = solved[top]
    return out


@dataclass(frozen=True, slots=True)
class Move:
    """One card of the line: the position before it, the card, and every legal card's value
    there (the counted seat's tricks in the whole deal)."""

    state: PlayState
    card: Card
    values: dict[Card, int]

    @property
    def seat(self) -> Seat:
        return self.state.to_play


def choose(state: PlayState, aim: Aim, found: dict[Card, int]) -> Card:
    """The card the line plays from ``found`` (the legal cards' values): a best one for the
    player to move, the cheapest of those as the module says."""
    seat = state.to_play
    more = aim.wants_more_for(seat)
    best = max(found.values()) if more else min(found.values())
    cards = [card for card, value in found.items() if value == best]
    leading_high = not state.current and aim.takes
    order = sorted(cards, key=lambda card: (int(card.rank), -card.suit.order))
    return order[-1] if leading_high else order[0]


def best_line(state: PlayState, aim: Aim, board: Board | None = None) -> list[Move]:
    """Every card from ``state`` to the end of the deal with best play by everyone."""
    board = board or board_for(state, aim)
    moves: list[Move] = []
    while not over(state):
        found = values(state, aim, board)
        card = choose(state, aim, found)
        moves.append(Move(state, card, found))
        state = play_card(state, card)
    return moves
