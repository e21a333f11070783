"""A puzzle's deal from its first card: the deal its seed makes, played in the puzzle's
contract with best play by everyone up to the puzzle's position, as the finder played it
(for a practice scenario, which starts from the deal's first card)."""

from __future__ import annotations

from betel_tutor.cards import Card
from betel_tutor.dealing import Deal, deal
from betel_tutor.play import BETEL, play_card, start_play
from betel_tutor.puzzles.goals import best_cards, card_goals, choose
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.solver.api import make_board


def seed_value(text: str) -> int | str:
    """A seed as the finder dealt it: a number stays a number (``deal(5)`` and ``deal("5")``
    are two deals)."""
    return int(text) if text.isdigit() else text


def played_before(puzzle: Puzzle) -> tuple[Deal, list[Card]]:
    """The puzzle's deal and the cards played before its position."""
    dealt = deal(seed_value(puzzle.seed))
    state = start_play(BETEL, dealt.hands, puzzle.contract, declarer=int(puzzle.declarer))
    board = make_board(
        trump=puzzle.contract.trump,
        declarer=int(puzzle.declarer),
        contract_kind=puzzle.contract.kind,
    )
    left = sum(len(hand) for hand in puzzle.hands)
    cards: list[Card] = []
    while sum(len(hand) for hand in state.hands) > left:
        values, _reach = card_goals(state, 0, board)
        card = choose(state, best_cards(state, values))
        cards.append(card)
        state = play_card(state, card)
    return dealt, cards
