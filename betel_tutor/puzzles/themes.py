"""The themes of a puzzle: the techniques that the commented solution of its line names
(docs/puzzles.md, docs/techniques.md). The puzzle's trick is commented from its start, with the
cards already in it and the puzzle's line played as given and the best line after them
(:func:`betel_tutor.solver.commentary.solution`); each trick the line plays in gives its
technique, named as a theme. So a puzzle tagged "squeeze" and a solution that says "squeeze"
are one finding of one test (:mod:`betel_tutor.solver.techniques`); this module only names.

``safe`` and ``forced`` name no theme: they say the trick shows no technique. Two themes are
the puzzles' own, tests of :mod:`betel_tutor.solver.techniques` that a solution does not name:
``drawing-trumps`` and ``long``.
"""

from __future__ import annotations

from betel_tutor.puzzles.model import Puzzle
from betel_tutor.puzzles.theme_names import TECHNIQUE_THEMES, THEMES
from betel_tutor.solver.board import Board
from betel_tutor.solver.commentary import CommentedTrick, solution
from betel_tutor.solver.techniques import draws_trumps, several_cards


def line_tricks(puzzle: Puzzle, board: Board | None = None) -> tuple[CommentedTrick, ...]:
    """The tricks of the commented solution of the puzzle's line that the line plays in: the
    trick under way, from its first card, to the one of the learner's last card."""
    played = [card for _seat, card in puzzle.trick] + list(puzzle.line)
    commented = solution(puzzle.trick_start(), puzzle.to_play, board, played=played)
    return commented.tricks[: (len(played) + 2) // 3]


def technique_theme(technique: str, puzzle: Puzzle) -> str | None:
    """The theme a technique of the puzzle's solution names: a discard by the declarer of a
    betelek or Betel is the misère discard."""
    if technique == "discard" and puzzle.contract.is_misere and puzzle.side == "declarer":
        return "misere-discard"
    return TECHNIQUE_THEMES.get(technique)


def themes_of(puzzle: Puzzle, board: Board | None = None) -> tuple[str, ...]:
    """The puzzle's themes, in the vocabulary's order."""
    named = {technique_theme(t.reason.technique, puzzle) for t in line_tricks(puzzle, board)}
    steps = puzzle.replay()
    table = puzzle.state().profile.table
    side = {puzzle.to_play} if puzzle.side == "declarer" else set(table) - {puzzle.declarer}
    if any(draws_trumps(state, card, side) for state, card in steps):
        named.add("drawing-trumps")
    if several_cards([state.to_play for state, _card in steps], puzzle.to_play):
        named.add("long")
    return tuple(theme for theme in THEMES if theme in named)
