"""Puzzles from games of the strong computer players (docs/puzzles.md).

A deal dealt from its seed is bid by three strong computer players, exchanges with the dubel
and kontra included, and played by them to the end. Every position of that game where the side
to play can still reach its goal (the declarer the contract, the defenders its defeat) with
exactly one set of equal cards, and every other card loses it, is a puzzle, as in the finder's
best-play walks; its line goes on with best replies. A strong player's slip leaves positions
that best play from the first card never reaches, and the contract is the one they bid, not one
set just within reach: so these puzzles are not the finder's.

A game puzzle's seed is written ``game:SEED``; its deal starts from the hands as they are
after the auction's exchanges (:func:`game_start`), and the game is the same each time the
seed is played (the strong players' samples are seeded by what they have seen).
"""

from __future__ import annotations

from betel_tutor.auction import Auction
from betel_tutor.bots.strong import player
from betel_tutor.bots.strong_bidding import strong_call
from betel_tutor.cards import Card
from betel_tutor.dealing import Deal, deal
from betel_tutor.play import BETEL, PlayState, play_card, start_play
from betel_tutor.puzzles.finder import LAST_TRICKS, puzzle_at
from betel_tutor.puzzles.framing import Framing
from betel_tutor.puzzles.goals import only_answer
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.puzzles.replay import seed_value
from betel_tutor.seats import Seat
from betel_tutor.solver.api import make_board

PREFIX = "game:"


def game_seed(seed: int | str) -> str:
    return f"{PREFIX}{seed}"


def is_game(seed: str) -> bool:
    return seed.startswith(PREFIX)


def game_start(seed: int | str) -> tuple[Deal, PlayState] | None:
    """The deal after the strong players' auction (the hands and dubel as its exchanges left
    them) and the play's first position; None when all three passed."""
    dealt = deal(seed)
    auction = Auction(hands=list(dealt.hands), dubel=dealt.dubel)
    while not auction.finished:
        held = auction.state.hands
        assert held is not None  # the auction was given the hands
        auction.call(strong_call(auction.state, held[auction.to_call]))
    contract, declarer, held = auction.contract, auction.declarer, auction.state.hands
    if contract is None or declarer is None or held is None:
        return None
    hands = tuple(tuple(sorted(hand)) for hand in held)
    dubel = tuple(sorted(auction.state.dubel or dealt.dubel))
    state = start_play(BETEL, hands, contract, declarer=declarer, dealer=dealt.dealer)
    return Deal(hands, dubel, dealt.dealer), state


def game_play(state: PlayState) -> list[Card]:
    """The strong players' cards from ``state`` to the end of the deal."""
    players = [player("strong") for _ in range(BETEL.seats)]
    cards: list[Card] = []
    while not state.finished:
        card = players[int(state.to_play)](state).card
        cards.append(card)
        state = play_card(state, card)
    return cards


def game_puzzles(seed: int | str) -> list[Puzzle]:
    """Every puzzle of the strong players' game of the deal of ``seed``, in the order played;
    puzzles do not overlap (the next starts after the previous one's line)."""
    started = game_start(seed)
    if started is None:
        return []
    _dealt, state = started
    assert state.declarer is not None
    contract, declarer = state.contract, state.declarer
    board = make_board(trump=contract.trump, declarer=declarer, contract_kind=contract.kind)
    found: list[Puzzle] = []
    busy_until = -1
    for move, card in enumerate(game_play(state)):
        late = len(state.tricks) >= BETEL.tricks - LAST_TRICKS
        if not late and move > busy_until:
            answer, choices, _values = only_answer(state, 0, board)
            if answer is not None:
                side = "declarer" if state.to_play == declarer else "defender"
                framing = Framing(contract, Seat(declarer), side)
                puzzle = puzzle_at(game_seed(seed), framing, state, answer, choices, board, move)
                found.append(puzzle)
                busy_until = move + len(puzzle.line) - 1
        state = play_card(state, card)
    return found


def played_in_game(puzzle: Puzzle) -> tuple[Deal, list[Card]]:
    """A game puzzle's deal as the auction left it and the cards played before its position."""
    started = game_start(seed_value(puzzle.seed.removeprefix(PREFIX)))
    assert started is not None, puzzle.seed  # a game puzzle comes from a game played
    dealt, state = started
    left = sum(len(hand) for hand in puzzle.hands)
    played = game_play(state)
    return dealt, played[: sum(len(hand) for hand in dealt.hands) - left]
