"""The layouts a closed deal is judged over respect what the learner saw of the dubel (spec §1,
§3): it lies face up, so its cards are in no layout; a card a player took from it in an exchange
(level 7 on) is in that player's hand in every layout, and a card laid back is in none."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.auction import Auction, Call
from betel_tutor.cards import BETEL_DECK, Card
from betel_tutor.contracts import parse_contract
from betel_tutor.inference import infer
from betel_tutor.play import BETEL, DealPlay, PlayState, start_play
from betel_tutor.scenario.model import PlayStep
from betel_tutor.seats import Seat
from betel_tutor.solver.single_dummy import consistent, judge, layouts
from betel_tutor.tutor import chances
from betel_tutor.tutor.goals import outlook
from betel_tutor.tutor.table import LEARNER, Called, Table

SOUTH, WEST, NORTH = 0, 1, 2


def position(seed: int, moves: int) -> PlayState:
    """A deal of ``seed`` in 2♠ declared by South, after ``moves`` random legal cards (then on
    to South's turn)."""
    rng = random.Random(seed)
    deck = list(BETEL_DECK)
    rng.shuffle(deck)
    hands = [frozenset(deck[10 * s : 10 * s + 10]) for s in range(3)]
    game = DealPlay(start_play(BETEL, hands, parse_contract("2♠"), declarer=SOUTH, leader=SOUTH))
    played = 0
    while played < moves or game.state.to_play != SOUTH:
        game.play(rng.choice(sorted(game.state.legal_moves(), key=lambda c: c.index)))
        played += 1
    return game.state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    moves=st.sampled_from([0, 9, 15, 21]),
    pick=st.integers(0, 2**16),
)
def test_a_card_taken_from_the_dubel_stays_with_its_taker(seed: int, moves: int, pick: int) -> None:
    state = position(seed, moves)
    rng = random.Random(pick)
    held = {
        seat: frozenset(rng.sample(sorted(state.hands[seat], key=lambda c: c.index), k=n))
        for seat in (WEST, NORTH)
        if (n := rng.randint(0, min(2, len(state.hands[seat]))))
    }
    found, exact = layouts(state, SOUTH, held)
    known = infer(state)
    assert found
    for layout in found:
        assert layout.hands[SOUTH] == state.hands[SOUTH]
        assert all(cards <= layout.hands[seat] for seat, cards in held.items())
        assert consistent(layout, known, SOUTH, held)
    everything, all_of_them = layouts(state, SOUTH)
    if exact and all_of_them:  # the held cards leave exactly the layouts that keep them
        keeping = {
            lay.hands
            for lay in everything
            if all(cards <= lay.hands[seat] for seat, cards in held.items())
        }
        assert keeping == {lay.hands for lay in found}


def test_the_tutor_reads_who_took_what_from_the_auction() -> None:
    """West takes ♠A and ♥K from the dubel and lays back ♥K and ♣7; the learner knows West
    holds ♠A, and ♥K (laid back, face up) is nobody's."""
    rng = random.Random(4)
    deck = list(BETEL_DECK)
    rng.shuffle(deck)
    dubel = (Card.parse("♠A"), Card.parse("♥K"))
    rest = [card for card in deck if card not in dubel]
    lay = Card.parse("♣7")
    west = [*[card for card in rest if card != lay][:9], lay]
    others = [card for card in rest if card not in west]
    hands = (frozenset(others[:10]), frozenset(west), frozenset(others[10:]))
    # The dealer is West: the auction's seats are West, North, South (table seats 1, 2, 0).
    auction = Auction(hands=[hands[1], hands[2], hands[0]], dubel=dubel)
    call = Call("declare", parse_contract("1♠"), take=dubel, lay=(Card.parse("♥K"), lay))
    # The table keeps each call for the deal; its auction is gone once the play begins.
    step = PlayStep("d1", Seat(LEARNER), {"defeat": 1})
    table = Table(play=None, step=step, open=False, auction=None, order=Seat(1).clockwise())
    table.called = [Called(auction.state, Seat(WEST), call, True)]
    assert chances.taken_from_dubel(table) == {WEST: frozenset({Card.parse("♠A")})}


def test_the_learners_chances_count_the_card_a_defender_took() -> None:
    """West, the dealer, takes ♠K from the dubel (laying back a card of its own) and declares
    1♠; the learner, South, defends. The hint's chances are judged over layouts that keep ♠K
    with West, and they differ from chances that forget the exchange."""
    rng = random.Random(4)
    deck = list(BETEL_DECK)
    rng.shuffle(deck)
    hands = [frozenset(deck[10 * s : 10 * s + 10]) for s in range(3)]
    king, lay = Card.parse("♠K"), deck[30]
    assert king in hands[WEST]
    before = (hands[WEST] - {king}) | {lay}
    auction = Auction(hands=[before, hands[NORTH], hands[SOUTH]], dubel=(king, deck[31]))
    call = Call("declare", parse_contract("1♠"), take=(king,), lay=(lay,))
    state = start_play(BETEL, hands, parse_contract("1♠"), declarer=WEST, leader=SOUTH)
    step = PlayStep("d1", Seat(LEARNER), {"defeat": 1})
    # In the play the table keeps the auction's calls, not the auction itself.
    at = Table(play=DealPlay(state), step=step, open=False, auction=None, order=Seat(1).clockwise())
    at.called = [Called(auction.state, Seat(WEST), call, True)]
    at.outlook = outlook(state, LEARNER)
    assert chances.single_dummy(at, in_match=False)
    aim, board = chances.aim_of(at, state), at.advisor.board(state)
    held = {WEST: frozenset({king})}
    assert chances.judgement(at, state) == judge(state, LEARNER, aim, board, held)
    assert chances.judgement(at, state) != judge(state, LEARNER, aim, board)
