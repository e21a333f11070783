"""Playing whole deals: random legal players under every kind of contract (property tests)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.cards import Suit, parse_card, parse_cards
from betel_tutor.contracts import LADDER, Contract, free_play
from betel_tutor.dealing import deal, deal_bridge
from betel_tutor.errors import IllegalPlay
from betel_tutor.play import DealPlay, PlayState, play_card, start_play
from betel_tutor.profiles import BETEL, BLUE_SUIT, BRIDGE, Profile
from betel_tutor.rules import legal_plays, trick_winner
from betel_tutor.scoring import score
from betel_tutor.seats import WEST, Seat

CONTRACTS = [free_play(), *(free_play(s) for s in Suit), *LADDER]


def play_randomly(state: PlayState, rng: random.Random) -> PlayState:
    while not state.finished:
        legal = state.legal_moves()
        assert legal and legal <= state.hands[state.to_play]
        state = play_card(state, rng.choice(sorted(legal)))
    return state


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 10**9),
    st.sampled_from(CONTRACTS),
    st.integers(0, 2),
    st.integers(0, 2),
    st.randoms(use_true_random=False),
)
def test_random_betel_deals(
    seed: int, contract: Contract, declarer: int, dealer: int, rng: random.Random
) -> None:
    dealt = deal(seed, dealer=dealer)
    who = None if contract.kind == "free" else declarer
    state = play_randomly(
        start_play(BETEL, dealt.hands, contract, declarer=who, dealer=dealer), rng
    )
    played = [card for trick in state.tricks for card in trick.cards]
    assert len(state.tricks) == 10 and len(played) == 30 == len(set(played))
    assert set(played) == {card for hand in dealt.hands for card in hand}
    assert state.tricks[0].leader == (dealer if who is None else who)  # spec §5
    for before, trick in zip((None, *state.tricks), state.tricks, strict=False):
        if before is not None:
            assert trick.leader == before.winner
        index = trick_winner(list(trick.cards), trump=contract.trump)
        assert trick.winner == (trick.leader + index) % 3
    taken = state.tricks_taken()
    if who is None:
        assert state.result_scores() == score("pass", (taken[0], taken[1], taken[2]))
    else:
        order = [(who + k) % 3 for k in range(3)]
        expected = score(contract, (taken[order[0]], taken[order[1]], taken[order[2]]))
        assert [state.result_scores()[seat] for seat in order] == list(expected)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.randoms(use_true_random=False))
def test_each_play_obeys_the_obligations(seed: int, rng: random.Random) -> None:
    """Replaying a Betel deal: each card was legal for its player, Betel defenders excepted."""
    betel = LADDER[24]
    state = start_play(BETEL, deal(seed).hands, betel, declarer=0)
    while not state.finished:
        seat = state.to_play
        card = rng.choice(sorted(state.legal_moves()))
        expected = legal_plays(state.hands[seat], state.current, beat_obligation=seat == 0)
        assert card in expected and state.legal_moves() == expected
        state = play_card(state, card)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10**9), st.sampled_from([BRIDGE, BLUE_SUIT]), st.randoms(use_true_random=False)
)
def test_bridge_deals(seed: int, profile: Profile, rng: random.Random) -> None:
    contract = LADDER[10]  # 2♠: only the trump suit matters here
    state = start_play(profile, deal_bridge(seed).hands, contract, declarer=2)
    assert state.leader == 3  # the declarer's left-hand opponent leads
    state = play_randomly(state, rng)
    assert len(state.tricks) == 13 and sum(state.tricks_taken()) == 13
    with pytest.raises(ValueError):
        state.result_scores()


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 29), st.randoms(use_true_random=False))
def test_undo_restores_the_previous_state(seed: int, steps: int, rng: random.Random) -> None:
    game = DealPlay(start_play(BETEL, deal(seed).hands, LADDER[3], declarer=1))
    states = [game.state]
    for _ in range(steps):
        game.play(rng.choice(sorted(game.state.legal_moves())))
        states.append(game.state)
    played = game.played
    assert len(played) == steps
    for back in range(steps):
        assert game.undo() == played[steps - 1 - back]
        assert game.state == states[steps - 1 - back]
    assert game.undo() is None


def test_illegal_cards_are_refused_with_the_seat_named() -> None:
    hands = [parse_cards("♦7 ♦8 ♦9"), parse_cards("♥Q ♣7 ♣8"), parse_cards("♥K8 ♠7")]
    contract = free_play()
    state = PlayState(BETEL, contract, None, tuple(frozenset(h) for h in hands), leader=WEST)
    state = play_card(state, parse_card("♥Q"))
    with pytest.raises(IllegalPlay) as caught:
        play_card(state, parse_card("♥8"))
    assert str(caught.value) == "North cannot play ♥8: ♥K beats ♥Q and must be played (rule 7)"
    with pytest.raises(IllegalPlay) as caught:
        play_card(state, parse_card("♦7"))
    assert caught.value.reason == "not_in_hand"


def test_bridge_refuses_only_a_revoke() -> None:
    hands = [parse_cards("♥K8 ♠7"), parse_cards("♥Q"), parse_cards("♦7"), parse_cards("♦8")]
    frozen = tuple(frozenset(h) for h in hands)
    state = PlayState(BRIDGE, LADDER[10], Seat(0, 4), frozen, leader=Seat(1, 4))
    state = play_card(state, parse_card("♥Q"))
    state = play_card(state, parse_card("♦7"))
    state = play_card(state, parse_card("♦8"))
    assert state.legal_moves() == set(parse_cards("♥K8"))
    with pytest.raises(IllegalPlay) as caught:
        play_card(state, parse_card("♠7"))
    assert (caught.value.reason, caught.value.rule, caught.value.law) == ("must_follow", None, "44")


def test_seats_come_out_as_seat_values_of_the_profile_table() -> None:
    state = start_play(BETEL, deal(5).hands, LADDER[0], declarer=2, dealer=1)
    assert state.declarer is Seat(2) and state.to_play is Seat(2)
    while not state.finished:
        state = play_card(state, min(state.legal_moves()))
        assert isinstance(state.to_play, Seat) and state.to_play.count == 3
    assert all(isinstance(t.leader, Seat) and isinstance(t.winner, Seat) for t in state.tricks)
    assert [t.leader for t in state.tricks[1:]] == [t.winner for t in state.tricks[:-1]]
    bridge = start_play(BRIDGE, deal_bridge(5, dealer=3).hands, LADDER[10], declarer=3)
    assert bridge.leader is Seat(0, 4) and str(bridge.to_play) == "N"
    assert deal_bridge(5, dealer=3).dealer is Seat(3, 4) and deal(5, dealer=1).dealer is Seat(1)
