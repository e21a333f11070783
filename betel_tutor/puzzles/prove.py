"""Proving a puzzle again with the solver: at its position the solution is the one set of
equal cards that reaches the goal of the side to play, and along its line each of the
learner's cards is again the only answer and each reply is among the best for its side."""

from __future__ import annotations

from betel_tutor.errors import BetelError
from betel_tutor.puzzles.goals import best_cards, card_goals, only_answer
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.solver.api import make_board


def prove(puzzle: Puzzle) -> BetelError | None:
    """Why the puzzle does not hold (``None`` when it does)."""
    board = make_board(
        trump=puzzle.contract.trump,
        declarer=int(puzzle.declarer),
        contract_kind=puzzle.contract.kind,
    )
    learner = puzzle.to_play
    for number, (state, card) in enumerate(puzzle.replay(), 1):
        if state.to_play == learner:
            answer, _choices, _values = only_answer(state, 0, board)
            if answer is None:
                return BetelError("puzzles.not_unique", id=puzzle.id, move=number)
            if card not in answer or (number == 1 and set(answer) != set(puzzle.solution)):
                return BetelError("puzzles.wrong_solution", id=puzzle.id, move=number, card=card)
        else:
            values, _reach = card_goals(state, 0, board)
            if card not in best_cards(state, values):
                return BetelError("puzzles.bad_reply", id=puzzle.id, move=number, card=card)
    return None
