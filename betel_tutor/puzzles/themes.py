"""The themes of a puzzle, each a test the solver's play can run (docs/puzzles.md defines
them in words). The tests read the puzzle's position, its line, and the play that follows the
line to the end of the deal with best play by everyone (the computer players choosing among
equally good cards): the *play-out*.

A trick is *good* for the learner's side when it goes the way the side wants: won by the
declarer for the declarer of a normal contract and for the defenders of a betelek or Betel,
won by a defender otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from betel_tutor.cards import Card
from betel_tutor.i18n import translate
from betel_tutor.play import PlayState, Trick, play_card
from betel_tutor.puzzles.goals import best_cards, card_goals, choose, wants_tricks
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.solver.api import make_board
from betel_tutor.solver.board import Board

THEMES: tuple[str, ...] = (
    "ruff",
    "overruff",
    "discard",
    "misere-discard",
    "drawing-trumps",
    "duck",
    "hold-up",
    "unblock",
    "throw-in",
    "setting-up",
    "squeeze",
    "long",
)


@dataclass(frozen=True, slots=True)
class Playout:
    """What a theme's test reads: the position, the learner's first card, the tricks
    completed from the position on (the current one first), and the learner's side."""

    start: PlayState
    card: Card
    tricks: tuple[Trick, ...]
    learner: int
    side: frozenset[int]
    learner_moves: int

    def good(self, trick: Trick) -> bool:
        return (trick.winner == self.start.declarer) == wants_tricks(self.start)

    @property
    def led(self) -> Card:
        return self.start.current[0] if self.start.current else self.card

    @property
    def leads(self) -> bool:
        return not self.start.current

    @property
    def normal(self) -> bool:
        return self.start.contract.kind == "normal"

    @property
    def hand(self) -> frozenset[Card]:
        return self.start.hands[self.learner]


def playout(puzzle: Puzzle, board: Board | None = None) -> Playout:
    """The puzzle's line, then best play to the end of the deal."""
    start = puzzle.state()
    board = board or make_board(
        trump=puzzle.contract.trump,
        declarer=int(puzzle.declarer),
        contract_kind=puzzle.contract.kind,
    )
    state = start
    for card in puzzle.line:
        state = play_card(state, card)
    while state.hands[state.to_play]:
        values, _reach = card_goals(state, 0, board)
        state = play_card(state, choose(state, best_cards(state, values)))
    learner = int(puzzle.to_play)
    declarer = int(puzzle.declarer)
    side = frozenset({declarer} if learner == declarer else {0, 1, 2} - {declarer})
    done = len(start.tricks)
    moves = sum(1 for before, _card in puzzle.replay() if before.to_play == learner)
    return Playout(start, puzzle.line[0], state.tricks[done:], learner, side, moves)


def _ruff(p: Playout) -> bool:
    trump = p.start.trump
    return trump is not None and not p.leads and p.card.suit is trump and p.led.suit is not trump


def _overruff(p: Playout) -> bool:
    trump = p.start.trump
    return _ruff(p) and any(card.suit is trump for card in p.start.current)


def _discard(p: Playout) -> bool:
    return not p.leads and p.card.suit is not p.led.suit and p.card.suit is not p.start.trump


def _misere_discard(p: Playout) -> bool:
    return _discard(p) and p.start.contract.is_misere and p.learner == p.start.declarer


def _drawing_trumps(p: Playout) -> bool:
    trump = p.start.trump
    opponents = [hand for seat, hand in enumerate(p.start.hands) if seat not in p.side]
    return (
        trump is not None
        and p.leads
        and p.card.suit is trump
        and any(card.suit is trump for hand in opponents for card in hand)
    )


def _would_win(p: Playout, card: Card) -> bool:
    """Whether ``card`` in place of the learner's would have won the first trick, the other
    cards as they were played."""
    trick = p.tricks[0]
    cards = [card if c is p.card else c for c in trick.cards]
    return p.start.profile.winner(tuple(cards), trump=p.start.trump) == cards.index(card)


def _duck(p: Playout) -> bool:
    if not p.normal or not p.tricks or p.tricks[0].winner in p.side:
        return False
    return any(_would_win(p, card) for card in p.start.legal_moves() if card is not p.card)


def _hold_up(p: Playout) -> bool:
    if p.leads or not _duck(p):
        return False
    suit = p.led.suit
    outside = [
        c for seat, hand in enumerate(p.start.hands) if seat != p.learner for c in hand
    ] + list(p.start.current)
    mine = [c.rank for c in p.hand if c.suit is suit]
    return bool(mine) and all(max(mine) > c.rank for c in outside if c.suit is suit)


def _unblock(p: Playout) -> bool:
    if not p.tricks or p.tricks[0].winner == p.learner:
        return False
    lower = [c for c in p.start.legal_moves() if c.suit is p.card.suit and c.rank < p.card.rank]
    return bool(lower)


def _throw_in(p: Playout) -> bool:
    if not p.leads or len(p.tricks) < 2:
        return False
    first, second = p.tricks[0], p.tricks[1]
    return first.winner not in p.side and p.good(second)


def _setting_up(p: Playout) -> bool:
    if not p.normal or not p.leads or not p.tricks or p.tricks[0].winner in p.side:
        return False
    suit = p.card.suit
    opponents = [c for s, hand in enumerate(p.start.hands) if s not in p.side for c in hand]
    for trick in p.tricks[1:]:
        if trick.winner not in p.side:
            continue
        card = trick.cards[trick.winner.distance_from(trick.leader)]
        if card.suit is suit and any(o.suit is suit and o.rank > card.rank for o in opponents):
            return True
    return False


def _squeeze(p: Playout) -> bool:
    """An opponent void in the led suit, with no trump played, discards a card of a suit in
    which the learner's side later wins a trick with a lower card."""
    if not p.normal:
        return False
    hands = [set(hand) for hand in p.start.hands]
    for number, trick in enumerate(p.tricks):
        led = trick.cards[0].suit
        for offset, card in enumerate(trick.cards):
            seat = trick.leader.next(offset)
            holding = {c.suit for c in hands[seat]}
            hands[seat].discard(card)
            if seat in p.side or card.suit is led or card.suit is p.start.trump:
                continue
            if len(holding) < 2:
                continue
            for later in p.tricks[number + 1 :]:
                if later.winner not in p.side:
                    continue
                won = later.cards[later.winner.distance_from(later.leader)]
                if won.suit is card.suit and won.rank < card.rank:
                    return True
    return False


def _long(p: Playout) -> bool:
    return p.learner_moves >= 2


TESTS: dict[str, Callable[[Playout], bool]] = {
    "ruff": _ruff,
    "overruff": _overruff,
    "discard": _discard,
    "misere-discard": _misere_discard,
    "drawing-trumps": _drawing_trumps,
    "duck": _duck,
    "hold-up": _hold_up,
    "unblock": _unblock,
    "throw-in": _throw_in,
    "setting-up": _setting_up,
    "squeeze": _squeeze,
    "long": _long,
}


def theme_name(theme: str, language: str) -> str:
    """A theme's name for the learner (``themes.duck``: "duck", "przepuszczenie")."""
    return translate(f"themes.{theme}", language)


def themes_of(puzzle: Puzzle, board: Board | None = None) -> tuple[str, ...]:
    """The themes whose tests the puzzle passes, in the vocabulary's order."""
    p = playout(puzzle, board)
    return tuple(name for name in THEMES if TESTS[name](p))
