"""Cards judged single dummy: the layouts the player to move could face, and the verdict over
them, depend on what that player has seen and on nothing else.

Deals are dealt at random and played some way with random legal cards; then:

- every layout, its hidden hands given back the cards each player has played, replays the
  play so far card for card under the rules (each card legal where it was played): the
  layouts are consistent with everything the play proved;
- the deal as dealt is one of them when they are all enumerated;
- judging twice, and judging a deal that differs only in the unseen cards (one of the layouts,
  played the same way), gives the same verdict, at the first lead and mid-deal;
- each card's chance is the share of the layouts where its double-dummy value meets the aim.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.cards import BETEL_DECK, Card
from betel_tutor.contracts import parse_contract
from betel_tutor.play import BETEL, PlayState, play_card, start_play
from betel_tutor.seats import Seat
from betel_tutor.solver.api import card_values, kind_of, make_board
from betel_tutor.solver.single_dummy import (
    EXACT_UP_TO,
    SAMPLES,
    Aim,
    judge,
    layouts,
    seen_by,
)

CONTRACTS = ("1♠", "2♥", "3NT", "B1", "4♣")


def dealt(seed: int, contract: str, cards: int) -> tuple[PlayState, list[Card]]:
    """A deal from ``seed``, declarer South, played ``cards`` cards with random legal ones."""
    rng = random.Random(seed)
    deck = list(BETEL_DECK)
    rng.shuffle(deck)
    hands = [frozenset(deck[10 * s : 10 * s + 10]) for s in range(3)]
    state = start_play(BETEL, hands, parse_contract(contract), declarer=0)
    played: list[Card] = []
    for _ in range(cards):
        card = rng.choice(sorted(state.legal_moves(), key=lambda c: c.index))
        played.append(card)
        state = play_card(state, card)
    return state, played


def replayed(start: PlayState, played: list[Card], layout: PlayState) -> PlayState:
    """The deal whose hidden hands are ``layout``'s with the cards each seat played given
    back, played card for card as ``played``; every card must be legal where it falls."""
    seen: dict[int, set[Card]] = {seat: set() for seat in range(3)}
    state = start
    for card in played:
        seen[state.to_play].add(card)
        state = play_card(state, card)
    hands = tuple(layout.hands[seat] | seen[seat] for seat in range(3))
    again = replace(start, hands=hands)
    for card in played:
        assert card in again.legal_moves(), f"{card} could not have been played"
        again = play_card(again, card)
    return again


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    contract=st.sampled_from(CONTRACTS),
    cards=st.integers(0, 24),
)
def test_every_layout_is_consistent_with_the_play(seed: int, contract: str, cards: int) -> None:
    start, _ = dealt(seed, contract, 0)
    state, played = dealt(seed, contract, cards)
    observer = state.to_play
    found, exact = layouts(state, observer)
    assert found and len(found) == len(set(map(lambda s: s.hands, found)))
    if not exact:
        assert len(found) == SAMPLES >= 48
    else:
        assert len(found) <= EXACT_UP_TO
        assert state.hands in {layout.hands for layout in found}  # the deal as dealt
    unseen = set().union(*(state.hands[s] for s in range(3) if s != observer))
    for layout in found:
        assert layout.hands[observer] == state.hands[observer]
        assert set().union(*(layout.hands[s] for s in range(3) if s != observer)) == unseen
        assert [len(h) for h in layout.hands] == [len(h) for h in state.hands]
        assert replayed(start, played, layout).hands == layout.hands


def aim_of(state: PlayState) -> Aim:
    if state.contract.kind == "normal":
        return Aim(True, state.contract.tricks_needed)
    return Aim(False, state.contract.tricks_allowed)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    contract=st.sampled_from(CONTRACTS),
    cards=st.sampled_from((0, 1, 7, 13, 19)),
    pick=st.integers(0, 10**6),
)
def test_the_verdict_depends_only_on_what_the_player_has_seen(
    seed: int, contract: str, cards: int, pick: int
) -> None:
    start, _ = dealt(seed, contract, 0)
    state, played = dealt(seed, contract, cards)
    observer = state.to_play
    kind, declarer = kind_of(state)
    board = make_board(trump=state.trump, declarer=declarer, contract_kind=kind)
    aim = aim_of(state)
    verdict = judge(state, observer, aim, board)
    assert judge(state, observer, aim, board) == verdict

    # Another deal, the unseen cards swapped between the other two players as the play allows.
    found, _ = layouts(state, observer)
    other = found[pick % len(found)]
    swapped = replayed(start, played, other)
    assert swapped.hands[observer] == state.hands[observer]
    assert judge(swapped, observer, aim, board) == verdict

    # Each card's chance: the share of the layouts where its value meets the aim.
    for judged in verdict.cards:
        met = sum(aim.met(card_values(layout, board)[judged.card]) for layout in found)
        assert judged.chance == met / len(found)
    best = verdict.cards[0]
    assert all(best.chance >= c.chance for c in verdict.cards)


@given(seed=st.integers(0, 10**6), cards=st.integers(0, 9))
@settings(max_examples=20, deadline=None)
def test_a_seat_and_its_number_draw_the_same_layouts(seed: int, cards: int) -> None:
    """The sample's seed is what the player has seen, not how the caller wrote the seat."""
    state, _ = dealt(seed, "3NT", cards)
    seat = state.to_play
    assert seen_by(state, Seat(int(seat))) == seen_by(state, int(seat))
