"""The auction review judges the learner's bid by its average score over the layouts of the
cards they could not see, not by the hands as dealt."""

from __future__ import annotations

from betel_tutor.cards import BETEL_DECK, Card, parse_cards
from betel_tutor.contracts import Contract
from betel_tutor.seats import Seat
from betel_tutor.tutor.auctionreview import AuctionVerdict, average_score

STRONG = frozenset(parse_cards("♥AKQ109 ♠AK ♦AK8"))
WEAK = frozenset(parse_cards("♥987 ♠987 ♦987 ♣7"))


def deal_around(hand: frozenset[Card], dubel: str, swap: int = 0) -> tuple[frozenset[Card], ...]:
    """``hand`` for the learner (seat 0), the dubel aside, the other cards split between the
    two others; ``swap`` moves that many cards each way between them (a deal that differs
    only in the cards the learner cannot see)."""
    aside = set(parse_cards(dubel))
    rest = [card for card in BETEL_DECK if card not in hand and card not in aside]
    west, north = rest[:10], rest[10:]
    west, north = north[:swap] + west[swap:], west[:swap] + north[swap:]
    return (hand, frozenset(west), frozenset(north))


def test_the_average_is_the_same_whatever_the_unseen_cards() -> None:
    contract = Contract.parse("3♥")
    first = average_score(deal_around(STRONG, "♣A ♣K"), Seat(0), contract)
    for swap in (1, 4, 10):
        assert average_score(deal_around(STRONG, "♣A ♣K", swap), Seat(0), contract) == first
    assert first[1] >= 48


def test_a_wild_bid_loses_on_average_and_a_sound_one_wins() -> None:
    wild, layouts = average_score(deal_around(WEAK, "♣A ♣K"), Seat(0), Contract.parse("2NT"))
    sound, _ = average_score(deal_around(STRONG, "♣A ♣K"), Seat(0), Contract.parse("2♥"))
    assert layouts >= 48
    assert wild == -40  # 2NT is beaten in every layout: its 40 points lost each time
    assert sound > 0


def test_costly_is_the_average_not_this_layout() -> None:
    def verdict(cost: int, average: float | None) -> AuctionVerdict:
        bid = None if average is None else Contract.parse("2♥")
        return AuctionVerdict({}, [], None, bid, cost, average, 64 if average is not None else 0)

    assert not verdict(2, 12.5).costly  # beaten as dealt, a sound bid over the layouts
    assert verdict(0, -7.5).costly  # made as dealt, by luck
    assert not verdict(0, None).costly  # no bid
