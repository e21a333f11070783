"""A commented solution: the best line of a deal for the learner's side, trick by trick, each
trick with one technique that the solver proves (defined in ``docs/techniques.md``).

Each trick's technique is the first of the vocabulary that the trick shows; the tests are
:mod:`betel_tutor.solver.techniques`, the same tests that tag the puzzles' themes.

A solution may start from given cards (``played``: a puzzle's line, or the cards of a trick
under way) and go on with the best line from where they leave the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from betel_tutor.cards import Card
from betel_tutor.play import PlayState, play_card
from betel_tutor.seats import Seat
from betel_tutor.solver.board import Board
from betel_tutor.solver.line import Aim, Move, aim_of, best_line, board_for, over, values
from betel_tutor.solver.techniques import TECHNIQUES, Reason, explain, squeezed

__all__ = [
    "MISERE_WORDING",
    "TECHNIQUES",
    "Commentary",
    "CommentedTrick",
    "Reason",
    "solution",
    "start_of_play",
    "wording",
]


@dataclass(frozen=True, slots=True)
class CommentedTrick:
    number: int  # 1-based, counted in the whole deal
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat
    reason: Reason


@dataclass(frozen=True, slots=True)
class Commentary:
    """The solution of a deal from some position: its tricks, and the counted seat's tricks at
    the end (the best result for the side)."""

    aim: Aim
    tricks: tuple[CommentedTrick, ...]
    result: int


# The techniques worded apart in the betelki and Betel, where nobody wants tricks.
MISERE_WORDING = ("duck", "unblock", "must_win", "throw_in")


def wording(technique: str, *, takes: bool) -> str:
    """The catalog key (``tutor.…``) of a technique's sentence for a side that wants tricks
    (``takes``) or does not."""
    misere = "_misere" if not takes and technique in MISERE_WORDING else ""
    return f"technique_{technique}{misere}"


def solution(
    state: PlayState,
    learner: Seat,
    board: Board | None = None,
    *,
    played: Sequence[Card] = (),
) -> Commentary:
    """The commented line for ``learner``'s side from ``state`` (the start of a trick): the
    ``played`` cards first, then the best line to the end of the deal."""
    aim = aim_of(state, learner)
    board = board or board_for(state, aim)
    line = _given(state, played, aim, board)
    rest = play_card(line[-1].state, line[-1].card) if line else state
    line += best_line(rest, aim, board)
    tricks = [line[start : start + 3] for start in range(0, len(line), 3)]
    first = len(state.tricks) + 1
    victims = [squeezed(moves, aim, board) if aim.takes else None for moves in tricks]
    out = []
    for index, moves in enumerate(tricks):
        later = [move for trick in tricks[index + 1 :] for move in trick]
        victim = victims[index]
        squeeze = victim is not None and victim not in victims[index + 1 :]
        reason = explain(moves, later, aim, board, squeeze=squeeze)
        after = play_card(moves[-1].state, moves[-1].card)
        out.append(
            CommentedTrick(
                number=first + index,
                leader=moves[0].seat,
                cards=tuple((move.seat, move.card) for move in moves),
                winner=after.leader,
                reason=reason,
            )
        )
    end = state if not line else play_card(line[-1].state, line[-1].card)
    return Commentary(aim, tuple(out), end.tricks_taken()[aim.counted])


def _given(state: PlayState, played: Sequence[Card], aim: Aim, board: Board) -> list[Move]:
    """The moves of the ``played`` cards from ``state``, each with every legal card's value."""
    moves = []
    for card in played:
        moves.append(Move(state, card, values(state, aim, board)))
        state = play_card(state, card)
    return moves


def start_of_play(state: PlayState) -> bool:
    """Whether ``state`` is at the start of a trick (where a solution may begin)."""
    return not state.current and not over(state)
