"""The techniques of play that the solver proves, one test each (``docs/techniques.md``): the
vocabulary of a commented solution (:mod:`betel_tutor.solver.commentary`) and of the puzzles'
themes (:mod:`betel_tutor.puzzles.themes`), so that a trick the solution calls a squeeze and a
puzzle tagged "squeeze" are one finding of one test.

A trick is read as the :class:`~betel_tutor.solver.line.Move` values of a line: every card
with every legal card's value there (the counted tricks after it). In the best line every card
is a best one for its player and among equal cards the cheapest, so a card of the learner's side
above the cheapest is there because the cheaper one costs; but each technique below is a
comparison of those values, or a continuation the solver played out, so it holds as well of a
line whose cards are given (a puzzle's):

* ``throw_in`` — the side lets an opponent win the trick though a card of its own would have
  won it (and costs), and every card that opponent can then lead gives the next trick the
  side's way (each lead solved);
* ``squeeze`` — the side leads a card and wins the trick with it, and an opponent who cannot
  follow (nor ruff) holds two or more suits each of which guards: whatever he discards from a
  suit, the side later wins a trick in that suit with a card that was not its master (each
  discard's line solved), and had he discarded from another suit it would not have; so he has
  no discard that does not cost (looked for in the last five tricks). Where the line shows
  this of the same opponent in several tricks, only the last is his squeeze: before it he
  still had a discard that cost nothing by itself (the trick it loses comes from the later
  squeeze);
* ``unblock`` — a card higher than the side's lowest legal card of the suit, played under the
  trick's winner: the low card costs;
* ``ruff`` / ``overruff`` — the side wins a trick of a side suit with a trump, over a trump
  already there for the overruff (normal contracts);
* ``hold_up`` / ``duck`` — a card of the side's would have won the trick, and every such card
  costs: the side plays under; ``hold_up`` when the card kept back is the master of the suit an
  opponent led;
* ``discard`` — the side cannot follow and its discard matters: another discard costs;
* ``cash`` / ``must_win`` — the side wins the trick with the master of the led suit, or with a
  card where every card that would not win it costs;
* ``set_up`` — the side leads a suit, loses the trick, and later wins a trick with a card of
  that suit that was not a master yet;
* ``safe`` — nothing above applies, but another legal card of the player's would cost: the
  card keeps best play's result (the costliest other card is named, with its cost);
* ``forced`` — nothing else applies: the only legal card, or any card does as well.

In the betelki and Betel nobody wants tricks (:attr:`Aim.takes`): there ``duck`` is the declarer
playing under (or a defender leaving the trick to the declarer), ``unblock`` sheds a high card
while it is safe, ``must_win`` takes a trick on purpose, and ``throw_in`` hands the declarer the
lead with no way out; cashing, setting up and ruffing are for tricks wanted.

Two tests are the puzzles' alone and never a trick's reason (:data:`PUZZLE_ONLY`): drawing
trumps (:func:`draws_trumps`) and a line of several cards (:func:`several_cards`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from betel_tutor.cards import Card, Suit
from betel_tutor.play import PlayState, play_card
from betel_tutor.seats import Seat
from betel_tutor.solver.board import Board
from betel_tutor.solver.line import Aim, Move, best_line, choose, values

Worse = Callable[[int], bool]  # whether a value is worse for the side than best play's

TECHNIQUES = (
    "throw_in",
    "squeeze",
    "unblock",
    "overruff",
    "ruff",
    "hold_up",
    "duck",
    "discard",
    "cash",
    "must_win",
    "set_up",
    "safe",
    "forced",
)
# The puzzles' own tests, beside the techniques: a trick's reason is never one of these.
PUZZLE_ONLY = ("drawing_trumps", "several_cards")
# Looking ahead for a throw-in costs a solve per lead: an endplay comes in the last tricks.
THROW_IN_TRICKS = 5
# Looking for a squeeze costs a line per card of the victim's: a squeeze comes in the ending.
SQUEEZE_TRICKS = 5


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a trick goes as it does: the technique, and the side's seat and card that show it."""

    technique: str
    seat: Seat
    card: Card
    other: Card | None = None  # ``safe``: the costliest other legal card
    cost: int = 0  # and what it costs the side, in tricks


def explain(
    moves: Sequence[Move], later: Sequence[Move], aim: Aim, board: Board, *, squeeze: bool = False
) -> Reason:
    """The first technique of :data:`TECHNIQUES` that the trick ``moves`` shows; ``squeeze``:
    the trick is an opponent's squeeze (:func:`squeezed`, the last such of his)."""
    winner = _winner(moves)
    side = [move for move in moves if move.seat in aim.side]
    won = winner in aim.side
    best = moves[0].values[moves[0].card]
    worse = _worse(aim, best)
    checks: tuple[Callable[[], Reason | None], ...] = (
        lambda: _throw_in(moves, side, aim, board, worse),
        lambda: Reason("squeeze", moves[0].seat, moves[0].card) if squeeze else None,
        lambda: _unblock(moves, side, winner, worse),
        lambda: _ruff(moves, side, winner) if aim.takes else None,
        lambda: _duck(moves, side, winner, worse, aim),
        lambda: _discard(moves, side, worse),
        lambda: _win(moves, side, winner, worse, aim) if won else None,
        lambda: _set_up(moves, side, later, won, aim) if aim.takes else None,
    )
    for check in checks:
        found = check()
        if found is not None:
            return found
    # Nothing more to say of the trick: of the learner's own card when they played one, else
    # of the side's first, whether another legal card of that player's would have cost.
    mine = [move for move in side if move.seat == aim.learner]
    move = (mine or side or list(moves))[0]
    kept = move.values[move.card]
    costlier = _worse(aim, kept)
    costs = [(abs(value - kept), card) for card, value in move.values.items() if costlier(value)]
    if costs:
        cost, other = max(costs)
        return Reason("safe", move.seat, move.card, other=other, cost=cost)
    return Reason("forced", move.seat, move.card)


def _worse(aim: Aim, best: int) -> Worse:
    def worse(value: int) -> bool:
        return value < best if aim.wants_more else value > best

    return worse


def _winner(moves: Sequence[Move]) -> Seat:
    last = moves[-1]
    return play_card(last.state, last.card).leader


def _wins_with(moves: Sequence[Move], move: Move, card: Card) -> bool:
    """Whether ``move``'s seat would have won the trick with ``card`` instead, the others'
    cards as played."""
    cards = [card if other is move else other.card for other in moves]
    state = moves[0].state
    top = state.profile.winner(tuple(cards), trump=state.trump)
    return moves[top] is move


def _led(moves: Sequence[Move]) -> Card:
    return moves[0].card


def _follows(move: Move, led: Card) -> bool:
    return any(card.suit is led.suit for card in move.state.hands[move.seat])


def _throw_in(
    moves: Sequence[Move], side: Sequence[Move], aim: Aim, board: Board, worse: Worse
) -> Reason | None:
    winner = _winner(moves)
    if winner in aim.side or not side or (aim.counted in aim.side and not aim.takes):
        return None  # a declarer of a betelek who loses a trick only ducks
    after = play_card(moves[-1].state, moves[-1].card)
    left = len(after.hands[winner])
    if left == 0 or left > THROW_IN_TRICKS or len({c.suit for c in after.hands[winner]}) < 2:
        return None
    chosen = None
    for move in side:
        if move is moves[0]:  # the leader's other cards would be another trick altogether
            continue
        winning = [c for c in move.values if c != move.card and _wins_with(moves, move, c)]
        if winning and all(worse(move.values[c]) for c in winning):
            chosen = move
    if chosen is None:
        return None
    for lead in after.legal_moves():
        if (_finish(play_card(after, lead), aim, board) in aim.side) != aim.takes:
            return None
    return Reason("throw_in", chosen.seat, chosen.card)


def squeezed(moves: Sequence[Move], aim: Aim, board: Board) -> Seat | None:
    """The opponent whose every discard in the trick ``moves`` gives up a guard (the module's
    ``squeeze``, before the rule of the last such trick); None when there is none."""
    lead = moves[0]
    if lead.seat not in aim.side or _winner(moves) not in aim.side:
        return None
    trump = lead.state.trump
    for move in moves[1:]:
        hand = move.state.hands[move.seat]
        if move.seat in aim.side or _follows(move, lead.card) or len(hand) > SQUEEZE_TRICKS:
            continue
        if trump is not None and any(card.suit is trump for card in hand):
            continue  # he may ruff: a choice, not a squeeze
        suits = {card.suit for card in hand}
        if len(suits) < 2:
            continue
        gains = {card: _gained_in(move, card, aim, board) for card in hand}
        if all(_guards(suit, gains) for suit in suits):
            return move.seat
    return None


def _guards(suit: Suit, gains: dict[Card, set[Suit]]) -> bool:
    """Whether the victim's cards of ``suit`` guard it: every discard of one of them lets the
    side win a trick in the suit with a card that was not its master, some other discard does
    not."""
    own = [card for card in gains if card.suit is suit]
    others = [card for card in gains if card.suit is not suit]
    return all(suit in gains[card] for card in own) and any(suit not in gains[c] for c in others)


def _gained_in(move: Move, card: Card, aim: Aim, board: Board) -> set[Suit]:
    """The suits in which, after the victim discards ``card`` and everybody plays best, the
    side wins a later trick with a card that was not the master of its suit at the discard."""
    state = play_card(move.state, card)
    rest = best_line(state, aim, board)
    end = play_card(rest[-1].state, rest[-1].card) if rest else state
    gained = set()
    for trick in end.tricks[len(move.state.tricks) + 1 :]:
        won = trick.cards[(trick.winner - trick.leader) % len(trick.cards)]
        if trick.winner in aim.side and not _master(move.state, won):
            gained.add(won.suit)
    return gained


def _finish(state: PlayState, aim: Aim, board: Board) -> Seat:
    """Who wins the trick under way in ``state`` with best play."""
    while state.current:
        state = play_card(state, choose(state, aim, values(state, aim, board)))
    return state.leader


def _unblock(
    moves: Sequence[Move], side: Sequence[Move], winner: Seat, worse: Worse
) -> Reason | None:
    led = _led(moves)
    for move in side:
        if move is moves[0] or move.seat == winner or move.card.suit is not led.suit:
            continue
        lower = [c for c in move.values if c.suit is led.suit and c.rank < move.card.rank]
        if lower and all(worse(move.values[c]) for c in lower):
            return Reason("unblock", move.seat, move.card)
    return None


def _ruff(moves: Sequence[Move], side: Sequence[Move], winner: Seat) -> Reason | None:
    led = _led(moves)
    trump = moves[0].state.trump
    if trump is None or led.suit is trump:
        return None
    side_seats = {move.seat for move in side}
    for move in side:
        if move.seat == winner and move.card.suit is trump:
            before = moves[: moves.index(move)]
            over = any(m.card.suit is trump and m.seat not in side_seats for m in before)
            return Reason("overruff" if over else "ruff", move.seat, move.card)
    return None


def _duck(
    moves: Sequence[Move], side: Sequence[Move], winner: Seat, worse: Worse, aim: Aim
) -> Reason | None:
    for move in side:
        if move.seat == winner or move is moves[0]:
            continue
        winning = [c for c in move.values if c != move.card and _wins_with(moves, move, c)]
        if not winning or not all(worse(move.values[c]) for c in winning):
            continue
        led = _led(moves)
        masters = [c for c in winning if c.suit is led.suit and _master(move.state, c)]
        held_up = aim.takes and moves[0].seat not in aim.side and masters
        return Reason("hold_up" if held_up else "duck", move.seat, move.card)
    return None


def _master(state: PlayState, card: Card) -> bool:
    """Whether ``card`` is the highest card of its suit not yet played."""
    unplayed = [c for hand in state.hands for c in hand] + list(state.current)
    return all(c.rank <= card.rank for c in unplayed if c.suit is card.suit)


def _discard(moves: Sequence[Move], side: Sequence[Move], worse: Worse) -> Reason | None:
    led = _led(moves)
    trump = moves[0].state.trump
    for move in side:
        if move is moves[0] or _follows(move, led) or move.card.suit is trump:
            continue
        if any(worse(value) for value in move.values.values()):
            return Reason("discard", move.seat, move.card)
    return None


def _win(
    moves: Sequence[Move], side: Sequence[Move], winner: Seat, worse: Worse, aim: Aim
) -> Reason | None:
    move = next(m for m in side if m.seat == winner)
    led = _led(moves)
    if aim.takes and move is moves[0] and _master(move.state, move.card):
        return Reason("cash", move.seat, move.card)
    losing = [c for c in move.values if not _wins_with(moves, move, c)]
    if losing and all(worse(move.values[c]) for c in losing):
        return Reason("must_win", move.seat, move.card)
    if aim.takes and move.card.suit is led.suit and _master(move.state, move.card):
        return Reason("cash", move.seat, move.card)
    return None


def _set_up(
    moves: Sequence[Move], side: Sequence[Move], later: Sequence[Move], won: bool, aim: Aim
) -> Reason | None:
    lead = moves[0]
    if won or lead.seat not in aim.side:
        return None
    suit = lead.card.suit
    for start in range(0, len(later) - 2, 3):
        trick = later[start : start + 3]
        taker = _winner(trick)
        card = next(m.card for m in trick if m.seat == taker)
        if taker in aim.side and card.suit is suit and not _master(lead.state, card):
            return Reason("set_up", lead.seat, lead.card)
    return None


def draws_trumps(state: PlayState, card: Card, side: Collection[int]) -> bool:
    """Puzzle-only: a player of the ``side`` leads a trump while an opponent still holds one."""
    trump = state.trump
    if trump is None or state.current or state.to_play not in side or card.suit is not trump:
        return False
    opponents = [hand for seat, hand in enumerate(state.hands) if seat not in side]
    return any(held.suit is trump for hand in opponents for held in hand)


def several_cards(players: Sequence[int], learner: int) -> bool:
    """Puzzle-only: the learner plays two or more of a line's cards (``players``: who plays
    each)."""
    return sum(1 for seat in players if seat == learner) >= 2
