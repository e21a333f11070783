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


def test_the_dubel_and_the_line_form_are_counted_too() -> None:
    from betel_tutor.scenario.conditions import parse_condition
    from betel_tutor.scenario.deals import impossible_in

    def line(text: str, game: str = "betel") -> object:
        return parse_condition(text, game=game)

    cases = {
        "impossible_dubel_holds": ("betel", [Constraint(None, rank="A", at_least=3)], []),
        "impossible_card_twice": ("betel", [], [line("S has ♠A"), line("W has ♠A")]),
        "impossible_not_in_deck": ("betel", [], [line("S has ♠2")]),
        "impossible_points": ("betel", [Constraint(None, hcp=True, at_least=9)], []),
        "impossible_points_together": (
            "bridge",
            [],
            [line("N hcp 20+", "bridge"), line("S hcp 21+", "bridge")],
        ),
        "impossible_suit_length": ("betel", [], [line("S shape 9-1-0-0")]),
        "impossible_tricks": ("betel", [], [line("S takes 11 in B1")]),
    }
    for reason, (game, constraints, conditions) in cases.items():
        found = impossible_in(game, constraints, conditions)  # type: ignore[arg-type]
        assert found is not None and found.reason == reason, reason
    # Two seats of opposite sides can both make 7NT double dummy (each side runs its own
    # suits when on lead): not refused, only searched for.
    both = [line("N makes 7NT", "bridge"), line("E makes 7NT", "bridge")]
    assert impossible_in("bridge", [], both) is None  # type: ignore[arg-type]


def test_the_dubel_is_met() -> None:
    dealt = deal(5)
    held = dealt.dubel
    assert meets(dealt, Constraint(None, cards=held))
    assert meets(dealt, Constraint(None, suit=held[0].suit.symbol, at_least=1))
    assert not meets(dealt, Constraint(None, suit=held[0].suit.symbol, at_most=0))
