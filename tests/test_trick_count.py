"""The counting method the lessons teach, the call hint speaks and the beginner bids by,
against hands counted by hand."""

from __future__ import annotations

import random

import pytest

from betel_tutor.cards import BETEL_DECK, Suit, parse_cards
from betel_tutor.trick_count import NO_TRUMP, count_tricks, strain_counts, written_count


@pytest.mark.parametrize(
    ("hand", "trump", "count"),
    [
        # trumps A K Q 10 9: five, no honour missing; side ♥A: 1; ♦ void and ♣ singleton: ruffs
        ("♠AKQ109 ♥A987 ♣7", Suit.SPADES, 5 + 1 + 0.5 + 0.5),
        # trumps K 9 8 7: four less ½ each for the ace and the queen; ♥A K: 2; ♦Q 8: nothing;
        # ♣ void: a ruff
        ("♠K987 ♥AK87 ♦Q8", Suit.SPADES, 3 + 2 + 0.5),
        # three trumps 10 9 8 miss all of A K Q: 3 − 1½; ♥K 7 guarded: ½; the lone ♦8: a
        # ruff; ♣A Q 9 8: the ace and a queen beside it, 1½
        ("♠1098 ♥K7 ♦8 ♣AQ98", Suit.SPADES, 1.5 + 0.5 + 0.5 + 1.5),
        # no trump: aces, kings (whole beside the ace), a queen in three beside an honour
        ("♠AKQ ♥K87 ♦A9 ♣A9", None, 1 + 1 + 0.5 + 0.5 + 1 + 1),
        # two trumps are not a trump suit to count by length: ♠A K counts as honours
        ("♠AK ♥AK987 ♦A8 ♣7", Suit.SPADES, 2 + 2 + 1 + 0.5),
        # an unguarded king is no trick
        ("♠K ♥987 ♦987 ♣987", None, 0.0),
    ],
)
def test_count_tricks_counts_as_the_lesson_teaches(
    hand: str, trump: Suit | None, count: float
) -> None:
    assert len(parse_cards(hand)) == 10
    assert count_tricks(parse_cards(hand), trump) == count


def test_the_beginner_bids_by_the_same_count() -> None:
    """The hand of the lesson's first count (6½ in spades) opens 1♠, not 2♠, and says so."""
    from betel_tutor.auction import Auction, level_options
    from betel_tutor.bots.bidding import call_choice

    hand = frozenset(parse_cards("♠AK987 ♥A8 ♦K8 ♣7"))
    auction = Auction(hands=[hand, frozenset(), frozenset()], **level_options(5))
    choice = call_choice(auction.state, hand)
    assert str(choice.call) == "1♠"
    assert choice.params["tricks"] == count_tricks(hand, Suit.SPADES) == 6.5


def test_a_count_is_written_with_a_half() -> None:
    assert [written_count(n) for n in (7.5, 8.0, 0.5, 0.0)] == ["7½", "8", "½", "0"]


def test_every_strain_counted_at_once_gives_each_count() -> None:
    rng = random.Random(5)
    for _ in range(300):
        hand = rng.sample(BETEL_DECK, rng.choice((8, 10, 11)))
        counts = strain_counts(hand)
        assert counts[NO_TRUMP] == count_tricks(hand, None)
        assert [counts[suit.order] for suit in Suit] == [count_tricks(hand, suit) for suit in Suit]
