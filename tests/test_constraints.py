"""Deal constraints that no deal can meet are refused without dealing; any a real deal meets
is never refused."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.cards import RANK_BY_SYMBOL, Card
from betel_tutor.dealing import deal
from betel_tutor.scenario.deals import impossible, meets
from betel_tutor.scenario.model import Constraint, DealSpec
from betel_tutor.seats import Seat

SUITS = ("♠", "♥", "♦", "♣")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")


def spec(*constraints: Constraint) -> DealSpec:
    return DealSpec("d", seed=1, constraints=constraints)


def test_each_kind_of_impossibility() -> None:
    west, north = Seat(1), Seat(2)
    ace = Card.parse("♠A")
    cases = {
        "impossible_not_enough": [Constraint(west, suit="♠", at_least=9)],
        "impossible_contradicts": [
            Constraint(west, suit="♠", at_least=3),
            Constraint(west, suit="♠", at_most=2),
        ],
        "impossible_together": [
            Constraint(west, rank="A", at_least=3),
            Constraint(north, rank="A", at_least=2),
        ],
        "impossible_rest": [Constraint(Seat(s), suit="♥", at_most=1) for s in range(3)],
        "impossible_hand_full": [
            Constraint(west, suit="♠", at_least=6),
            Constraint(west, rank="A", at_least=2),  # overlaps ♠: not counted twice
            Constraint(west, suit="♥", at_least=5),
        ],
        "impossible_hand_short": [Constraint(west, suit=s, at_most=2) for s in SUITS],
        "impossible_card_twice": [Constraint(west, cards=(ace,)), Constraint(north, cards=(ace,))],
    }
    for reason, constraints in cases.items():
        found = impossible(spec(*constraints))
        assert found is not None and found.reason == reason, reason


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    picks=st.lists(
        st.tuples(st.integers(0, 2), st.sampled_from(SUITS + RANKS), st.integers(0, 2)),
        min_size=1,
        max_size=6,
    ),
)
def test_constraints_a_real_deal_meets_are_never_refused(
    seed: int, picks: list[tuple[int, str, int]]
) -> None:
    dealt = deal(seed)
    constraints = []
    for seat, what, slack in picks:
        hand = dealt.hands[seat]
        if what in SUITS:
            count = sum(card.suit.symbol == what for card in hand)
            kind = {"suit": what}
        else:
            count = sum(card.rank is RANK_BY_SYMBOL[what] for card in hand)
            kind = {"rank": what}
        bounds = ({"at_least": max(0, count - slack)}, {"at_most": count + slack})[slack % 2]
        constraints.append(Constraint(Seat(seat), **kind, **bounds))  # type: ignore[arg-type]
    held = dealt.hands[picks[0][0]][: picks[0][2] + 1]
    constraints.append(Constraint(Seat(picks[0][0]), cards=held))
    assert all(meets(dealt, constraint) for constraint in constraints)
    assert impossible(spec(*constraints)) is None
