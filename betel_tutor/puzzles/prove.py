"""Proving a puzzle again with the solver: at its position the solution is the one set of
equal cards that reaches the goal of the side to play, and along its line each of the
learner's cards is again the only answer and each reply is among the best for its side."""

from __future__ import annotations

from typing import Any

from betel_tutor.errors import BetelError
from betel_tutor.puzzles.goals import sole_answer
from betel_tutor.puzzles.model import Puzzle, puzzle_from_json
from betel_tutor.solver.api import judge_card, make_board


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
            answer = sole_answer(state, board)
            if answer is None:
                return BetelError("puzzles.not_unique", id=puzzle.id, move=number)
            if card not in answer or (number == 1 and set(answer) != set(puzzle.solution)):
                return BetelError("puzzles.wrong_solution", id=puzzle.id, move=number, card=card)
        elif not judge_card(state, card, board).best:
            return BetelError("puzzles.bad_reply", id=puzzle.id, move=number, card=card)
    return None


def proved(data: dict[str, Any]) -> list[Any] | None:
    """The bulk task of ``puzzles check``: why the puzzle (as JSON) does not hold, as its
    message's key and parameters (cards as text), or ``None``."""
    try:
        problem = prove(puzzle_from_json(data))
    except BetelError as error:  # a card the position does not allow, a card twice …
        problem = BetelError("puzzles.impossible", id=data.get("id"), detail=error.message("en"))
    if problem is None:
        return None
    return [problem.key, {k: str(v) for k, v in problem.params.items()}]
