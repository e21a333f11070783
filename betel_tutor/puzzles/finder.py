"""Finding puzzles in a deal (docs/puzzles.md): the deal is played in each of its framings
(:mod:`betel_tutor.puzzles.framing`) with best play by everyone, the computer players
choosing among equally good cards; each position where the side whose goal is just within
reach has exactly one set of equal cards that keeps it (lichess-puzzler's "only move") is a
puzzle, unless the player has only one set of cards to choose from or the deal is in its last
two tricks. The puzzle's line goes on while the learner's answer stays the only one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import replace

from betel_tutor.cards import Card
from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, PlayState, play_card, start_play
from betel_tutor.puzzles.framing import Framing, betel_framings, framings, kind_of
from betel_tutor.puzzles.goals import best_cards, card_goals, choose, only_answer
from betel_tutor.puzzles.model import SEATS, Puzzle
from betel_tutor.puzzles.themes import themes_of
from betel_tutor.seats import Seat, seats
from betel_tutor.solver.api import make_board, solve_position
from betel_tutor.solver.board import Board
from betel_tutor.solver.table import trick_table

LAST_TRICKS = 2  # no puzzle in the deal's last two tricks: too little left to think about


def line_from(
    state: PlayState, answer: tuple[Card, ...], earlier: int, board: Board
) -> tuple[Card, ...]:
    """The moves from a puzzle's position: the learner's answer, the best replies, and the
    learner's next answer while it stays the only one; ending with the learner's last card."""
    learner = state.to_play
    line: list[Card] = []
    kept = 0
    while True:
        card = choose(state, answer)
        line.append(card)
        kept = len(line)
        state = play_card(state, card)
        while not state.finished and state.to_play != learner:
            values, _reach = card_goals(state, earlier, board)
            reply = choose(state, best_cards(state, values))
            line.append(reply)
            state = play_card(state, reply)
        if state.finished or len(state.hands[learner]) <= LAST_TRICKS - 1:
            break
        following, _sets, _values = only_answer(state, earlier, board)
        if following is None:
            break
        answer = following
    return tuple(line[:kept])


def rating_of(choices: int, learner_moves: int, cards: int) -> float:
    """A starting rating from the position: more sets of cards to choose from, more moves to
    find and more cards in hand make a puzzle harder."""
    value = 900 + 100 * choices + 150 * (learner_moves - 1) + 30 * cards
    return float(min(2600, max(600, value)))


def puzzle_id(seed: str, framing: Framing, move: int) -> str:
    text = f"{seed}|{framing.contract}|{int(framing.declarer)}|{framing.side}|{move}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


KINDS: tuple[str, ...] = ("trump", "notrump", "betelek", "betel")


def puzzles_of(seed: int | str, kinds: Collection[str] = KINDS) -> list[Puzzle]:
    """Every puzzle of the deal of ``seed``, framing by framing, in the order played; of the
    contracts of ``kinds`` only. Betel alone needs only each seat's Betel figure, not the
    whole trick table: a search for the rare Betel puzzles goes faster through many deals."""
    dealt = deal(seed)
    if set(kinds) == {"betel"}:
        chosen = betel_framings([_betel_tricks(dealt.hands, seat) for seat in seats()])
    else:
        chosen = [f for f in framings(trick_table(dealt.hands)) if kind_of(f) in kinds]
    found: list[Puzzle] = []
    for framing in chosen:
        found += _walk(str(seed), dealt.hands, framing)
    return found


def _betel_tricks(hands: tuple[tuple[Card, ...], ...], seat: Seat) -> int:
    board = make_board(trump=None, declarer=seat, contract_kind="betel")
    return solve_position(hands, declarer=seat, leader=seat, board=board).tricks


def _walk(seed: str, hands: tuple[tuple[Card, ...], ...], framing: Framing) -> list[Puzzle]:
    state = start_play(BETEL, hands, framing.contract, declarer=framing.declarer)
    board = make_board(
        trump=framing.contract.trump,
        declarer=framing.declarer,
        contract_kind=framing.contract.kind,
    )
    found: list[Puzzle] = []
    busy_until = -1  # the last move of the latest puzzle's line: puzzles do not overlap
    move = 0
    while not state.finished:
        side = "declarer" if state.to_play == state.declarer else "defender"
        in_reach = side == framing.side
        late = len(state.tricks) >= BETEL.tricks - LAST_TRICKS
        if in_reach and not late and move > busy_until:
            answer, choices, values = only_answer(state, 0, board)
            if answer is not None:
                puzzle = puzzle_at(seed, framing, state, answer, choices, board, move)
                found.append(puzzle)
                busy_until = move + _span(puzzle)
        else:
            values, _reach = card_goals(state, 0, board)
        state = play_card(state, choose(state, best_cards(state, values)))
        move += 1
    return found


def _span(puzzle: Puzzle) -> int:
    return len(puzzle.line) - 1


def puzzle_at(
    seed: str,
    framing: Framing,
    state: PlayState,
    answer: tuple[Card, ...],
    choices: int,
    board: Board,
    move: int,
) -> Puzzle:
    """The puzzle at ``state`` (move ``move`` of the deal's play in ``framing``): its line,
    its themes and its starting rating."""
    learner = state.to_play
    line = line_from(state, answer, 0, board)
    taken = state.tricks_taken()
    leader = state.leader
    plain = Puzzle(
        id=puzzle_id(seed, framing, move),
        seed=seed,
        hands=tuple(tuple(sorted(hand)) for hand in state.hands),
        trick=tuple((SEATS[leader.next(i)], card) for i, card in enumerate(state.current)),
        to_play=SEATS[learner],
        declarer=SEATS[framing.declarer],
        contract=framing.contract,
        tricks_taken=(taken[0], taken[1], taken[2]),
        solution=tuple(sorted(answer)),
        line=line,
        themes=(),
        rating=0.0,
    )
    learner_moves = _learner_moves(plain)
    rating = rating_of(choices, learner_moves, len(state.hands[learner]))
    themes = themes_of(plain, board)
    return replace(plain, themes=themes, rating=rating)


def _learner_moves(puzzle: Puzzle) -> int:
    """How many of the line's cards are the learner's."""
    return sum(1 for seat in seats_of_line(puzzle) if seat == puzzle.to_play)


def seats_of_line(puzzle: Puzzle) -> list[int]:
    """Who plays each card of the line, by seat index."""
    return [int(state.to_play) for state, _card in puzzle.replay()]
