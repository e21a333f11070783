"""The solver's public face: cards in, tricks out.

Positions come as three hands in seat order (clockwise) and, in the middle of a trick, the
cards already played to it. The search itself lives in :mod:`betel_tutor.solver.board`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from betel_tutor.arguments import require_all
from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.errors import BetelError
from betel_tutor.play import PlayState, check_playable
from betel_tutor.rules import TrumpArg, as_trump
from betel_tutor.seats import Seat
from betel_tutor.solver.board import Board, bits, legal, representatives, winner, without
from betel_tutor.solver.suit_data import load as load_suit_tables

ContractKind = Literal["normal", "betelek", "betel"]
KINDS: tuple[str, ...] = ("normal", "betelek", "betel")


def card_bit(card: Card) -> int:
    if card.rank < Rank.SEVEN:
        raise BetelError("solver.not_betel_card", card=card)
    return card.suit.order * 8 + int(card.rank) - 7


_CARDS = {
    card_bit(Card(suit, rank)): Card(suit, rank) for suit in Suit for rank in Rank if rank >= 7
}


def bit_card(bit: int) -> Card:
    return _CARDS[bit]


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card_bit(card)
    return mask


@dataclass(frozen=True, slots=True)
class Solution:
    """The declarer's tricks from a position with best play, and the cards the search tried."""

    tricks: int
    nodes: int


# One deal of ten cards a hand, solved by ``prepare`` in a normal contract without trumps
# and with trumps and in the betelki: it runs the solver's code once, from the cards to the
# search (the interpreter's and the processor's first pass over it), so that the first solve
# a caller asks for costs nearer what the later ones do (bench/solver.py measures both).
_WARM_UP_HANDS: tuple[int, int, int] = (0x304846A1, 0x0BA1A140, 0x8406181E)
_prepared: list[bool] = []  # one mark once ``prepare`` has run in this process


def prepare() -> None:
    """Make the solver ready, once per process: its per-suit tables loaded
    (:mod:`betel_tutor.solver.suit_data`) and its search run once on a fixed deal (a few
    milliseconds). The first board made calls it; a caller may call it earlier, before
    the first solve is waited for."""
    if _prepared:
        return
    _prepared.append(True)
    load_suit_tables()
    hands = [[bit_card(bit) for bit in bits(mask)] for mask in _WARM_UP_HANDS]
    for trump, kind in ((None, "normal"), (Suit.SPADES, "normal"), (None, "betelek")):
        solve_position(hands, trump=trump, contract_kind=kind)


def make_board(*, trump: TrumpArg, declarer: int, contract_kind: str) -> Board:
    """A search board for the contract: who maximises, who must beat (spec §5, rule 8)."""
    prepare()
    if contract_kind not in KINDS:
        raise BetelError("solver.bad_kind", token=contract_kind, kinds=", ".join(KINDS))
    suit = as_trump(trump)
    if contract_kind != "normal" and suit is not None:
        # §4: betelki and Betel are always played without trumps.
        raise BetelError("solver.misere_trump", kind=contract_kind)
    if declarer not in (0, 1, 2):
        raise BetelError("solver.bad_seat", token=str(declarer))
    betel = contract_kind == "betel"
    return Board(
        trump=-1 if suit is None else suit.order,
        declarer=declarer,
        maximiser_is_declarer=contract_kind == "normal",
        beat=tuple(seat == declarer or not betel for seat in range(3)),  # type: ignore[arg-type]
    )


def _masks(hands: Sequence[Iterable[Card]], trick: Sequence[Card]) -> tuple[int, int, int]:
    if len(hands) != 3:
        raise BetelError("solver.three_hands", count=len(hands))
    masks = [mask_of(hand) for hand in hands]
    seen = 0
    for mask in masks:
        if mask & seen:
            raise BetelError("solver.card_twice")
        seen |= mask
    if mask_of(trick) & seen:
        raise BetelError("solver.card_twice")
    return masks[0], masks[1], masks[2]


def _check_sizes(masks: tuple[int, int, int], leader: int, played: int) -> None:
    """Equal hands at the start of a trick; in its middle, one card fewer for those who played."""
    sizes = [mask.bit_count() for mask in masks]
    full = sizes[(leader + played) % 3]
    for offset in range(3):
        if sizes[(leader + offset) % 3] != (full - 1 if offset < played else full):
            raise BetelError("solver.unequal_hands", sizes=" ".join(map(str, sizes)))


def _live(hands: tuple[int, int, int], trick: tuple[int, ...]) -> int:
    live = hands[0] | hands[1] | hands[2]
    for card in trick:
        live |= 1 << card
    return live


def mask_value(
    board: Board,
    hands: tuple[int, int, int],
    leader: int,
    trick: tuple[int, ...],
    guess: int | None = None,
) -> int:
    """The declarer's tricks from here (this trick included), by a series of null-window
    searches stepping from ``guess`` towards the value (MTD(f)); the bounds each search leaves
    in the board's table make the next one cheap. Without a guess the board's first guess
    (``Board.first_guess``) is used; measured, stepping from it beats a binary split."""
    if guess is None:
        guess = board.first_guess(hands)
    remaining = hands[(leader + len(trick)) % 3].bit_count()
    low, high = 0, remaining
    target = min(max(guess, 1), remaining)
    while low < high:
        if board.wins_in_trick(hands, leader, trick, target):
            low = target
            target += 1
        else:
            high = target - 1
            target -= 1
    return low


def solve_position(
    hands: Sequence[Iterable[Card]],
    *,
    trump: TrumpArg = None,
    declarer: int = 0,
    leader: int = 0,
    contract_kind: str = "normal",
    trick: Sequence[Card] = (),
    board: Board | None = None,
    guess: int | None = None,
) -> Solution:
    """Like :func:`solve`, with the cards already played to the current trick and the number
    of cards searched. A ``board`` from an earlier call on the same deal keeps its table;
    ``guess`` is where the search starts (:func:`mask_value`), a figure only of speed."""
    hands = [require_all(hand, Card, "solve") for hand in hands]
    trick = require_all(trick, Card, "solve")
    masks = _masks(hands, trick)
    if leader not in (0, 1, 2):
        raise BetelError("solver.bad_seat", token=str(leader))
    _check_sizes(masks, leader, len(trick))
    board = board or make_board(trump=trump, declarer=declarer, contract_kind=contract_kind)
    before = board.nodes
    value = mask_value(board, masks, leader, tuple(card_bit(card) for card in trick), guess)
    return Solution(value, board.nodes - before)


def solve(
    hands: Sequence[Iterable[Card]],
    *,
    trump: TrumpArg = None,
    declarer: int = 0,
    leader: int = 0,
    contract_kind: ContractKind | str = "normal",
) -> int:
    """The tricks the declarer takes from here with best play by everyone, all cards known.

    ``contract_kind``: ``"normal"`` (the declarer maximises), ``"betelek"`` (the declarer
    minimises and everybody must beat) or ``"betel"`` (the declarer minimises and the
    defenders are free of the beat obligation, rule 8).
    """
    return solve_position(
        hands, trump=trump, declarer=declarer, leader=leader, contract_kind=contract_kind
    ).tricks


def kind_of(state: PlayState) -> tuple[str, Seat]:
    """The solver's view of a deal in play: its contract kind and declarer. After three passes
    (no declarer) the player to move plays for their own tricks against the other two."""
    kind = state.contract.kind
    if state.declarer is None or kind == "free":
        return "normal", state.to_play
    return ("normal" if kind == "normal" else kind), state.declarer


# After one card of the player to move: the hands, who leads, the trick so far (empty once it
# is complete) and the declarer's tricks taken by then.
_Continuation = tuple[tuple[int, int, int], int, tuple[int, ...], int]


def _continuations(state: PlayState, board: Board) -> tuple[int, dict[int, _Continuation]]:
    """The legal cards of the player to move (a mask), and the position after each of them,
    one card of each run of equivalent cards (the top one)."""
    _kind, declarer = kind_of(state)
    masks = _masks(state.hands, state.current)
    taken = state.tricks_taken()[declarer]
    trick = tuple(card_bit(card) for card in state.current)
    seat = state.to_play
    moves = legal(masks[seat], trick, board.trump, board.beat[seat])
    out: dict[int, _Continuation] = {}
    for bit in bits(moves & representatives(_live(masks, trick), masks[seat])):
        after = without(masks, seat, bit)
        played = (*trick, bit)
        if len(played) == 3:
            taker = state.leader.next(winner(played, board.trump))
            out[bit] = (after, taker, (), taken + (taker == declarer))
        else:
            out[bit] = (after, state.leader, played, taken)
    return moves, out


def _run_top(bit: int, tops: Mapping[int, object]) -> int:
    """The top card of the run of equivalent cards ``bit`` belongs to (a key of ``tops``)."""
    while bit not in tops:
        bit += 1
    return bit


def _board_for(state: PlayState, board: Board | None) -> Board:
    if board is not None:
        return board
    kind, declarer = kind_of(state)
    return make_board(trump=state.trump, declarer=declarer, contract_kind=kind)


def card_values(
    state: PlayState, board: Board | None = None, only: Iterable[Card] | None = None
) -> dict[Card, int]:
    """For every legal card of the player to move (or those of ``only``): the declarer's
    tricks in the whole deal (those taken already included) if that card is played and
    everybody then plays best."""
    if state.finished:
        return {}
    board = _board_for(state, board)
    moves, continuations = _continuations(state, board)
    if only is not None:
        moves &= mask_of(only)
        tops = {_run_top(bit, continuations) for bit in bits(moves)}
        continuations = {bit: continuations[bit] for bit in tops}
    solved: dict[int, int] = {}
    last = -1  # the previous card's value: the next one's is usually close (the MTD guess)
    for bit, (after, leader, trick, gain) in continuations.items():
        rest = mask_value(board, after, leader, trick, last - gain if last >= 0 else None)
        last = solved[bit] = gain + rest
    # An equivalent card is worth what the top of its run is worth.
    return {bit_card(bit): solved[_run_top(bit, solved)] for bit in bits(moves)}


def card_reaches(state: PlayState, target: int, board: Board | None = None) -> dict[Card, bool]:
    """For every legal card of the player to move: whether the declarer takes ``target`` or
    more tricks in the whole deal (those taken already included) if that card is played and
    everybody then plays best. One null-window search a card: the question a goal asks, and
    cheaper than the cards' values (:func:`card_values`)."""
    if state.finished:
        return {}
    board = _board_for(state, board)
    moves, continuations = _continuations(state, board)
    reached: dict[int, bool] = {}
    for bit, (after, leader, trick, gain) in continuations.items():
        rest = target - gain
        left = after[(leader + len(trick)) % 3].bit_count()
        reached[bit] = rest <= 0 or (
            rest <= left and board.wins_in_trick(after, leader, trick, rest)
        )
    return {bit_card(bit): reached[_run_top(bit, reached)] for bit in bits(moves)}


@dataclass(frozen=True, slots=True)
class Verdict:
    """A card judged: the declarer's tricks in the whole deal if it is played (then best
    play by all), and whether no other legal card does better for the player's side."""

    tricks: int
    best: bool


def judge_card(
    state: PlayState, card: Card, board: Board | None = None, *, guess: int | None = None
) -> Verdict:
    """The card's value (the null-window driver starting from ``guess``, the declarer's
    tricks in the whole deal, when given), then one null-window search for each other legal
    card ("does it give one trick more for my side?"): less work than the values of all of
    them (``card_values``), and the review asks it at every card of a deal. Raises
    :class:`IllegalPlay` if ``card`` may not be played."""
    check_playable(state, card)
    board = _board_for(state, board)
    kind, declarer = kind_of(state)
    _moves, continuations = _continuations(state, board)
    chosen = _run_top(card_bit(card), continuations)
    after, leader, trick, gain = continuations[chosen]
    value = gain + mask_value(board, after, leader, trick, None if guess is None else guess - gain)
    wants_tricks = (state.to_play == declarer) == (kind == "normal")
    for bit, (after, leader, trick, gain) in continuations.items():
        if bit == chosen:
            continue
        if wants_tricks:
            if board.wins_in_trick(after, leader, trick, value + 1 - gain):
                return Verdict(value, best=False)
        elif not board.wins_in_trick(after, leader, trick, value - gain):
            return Verdict(value, best=False)
    return Verdict(value, best=True)
