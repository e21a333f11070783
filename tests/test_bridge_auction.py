"""The bridge auction of the slides (seeds/004) and the blue-suit board's restriction."""

from __future__ import annotations

import pytest

from betel_tutor.bridge.auction import BridgeAuction, blue_suit_auction, parse_bid
from betel_tutor.errors import IllegalCall, NotationError
from betel_tutor.seats import Seat

N, E, S, W = range(4)


def run(calls: str, dealer: int) -> BridgeAuction:
    auction = BridgeAuction(dealer=dealer)
    for call in calls.split():
        auction.call(call)
    return auction


def test_slides_first_example() -> None:
    auction = run("pas 1♥ 1♠ 2♦ pas pas pas", dealer=N)
    assert (auction.finished, auction.contract, auction.declarer) == (True, "2♦", W)


def test_slides_correct_auction() -> None:
    auction = run("pas pas pas 1BA pas 3BA ktr pas pas pas", dealer=W)
    assert (auction.contract, auction.doubled, auction.declarer) == ("3NT", 1, S)


def test_four_passes_no_play() -> None:
    auction = run("pas pas pas pas", dealer=W)
    assert auction.finished and auction.contract is None and auction.declarer is None


def test_declarer_first_named_the_denomination() -> None:
    # "2BA z kontrą rozgrywać będzie S": S named NT first, N raised it.
    auction = run("pas 1♥ 1BA 2♦ 2BA ktr pas pas pas", dealer=N)
    assert (auction.contract, auction.doubled, auction.declarer) == ("2NT", 1, S)


def test_the_slides_incorrect_auction_is_in_fact_correct() -> None:
    # The slides call N's 2♠ over 2♦ insufficient "because spades rank below diamonds", but their
    # own hierarchy is ♣ < ♦ < ♥ < ♠ < NT: 2♠ is sufficient. An insufficient bid is refused.
    auction = run("pas 1♥ 1♠ 2♦ 2♠", dealer=N)
    assert auction.contract == "2♠"
    with pytest.raises(IllegalCall) as caught:
        auction.call("2♦")
    assert caught.value.reason == "insufficient"


@pytest.mark.parametrize(
    ("calls", "call", "reason"),
    [
        ("", "ktr", "cannot_double"),
        ("1♣", "rekontra", "cannot_redouble"),
        ("1♣ pas", "ktr", "double_own_side"),
        ("1♣ ktr", "ktr", "cannot_double"),
        ("1♣ ktr rktr", "rktr", "cannot_redouble"),
        ("1♣ pas pas pas", "1♦", "finished"),
    ],
)
def test_refusals(calls: str, call: str, reason: str) -> None:
    auction = run(calls, dealer=N)
    with pytest.raises(IllegalCall) as caught:
        auction.call(call)
    assert caught.value.reason == reason
    assert caught.value.message("pl") != caught.value.message("en")


def test_redouble_then_three_passes() -> None:
    auction = run("1♣ ktr rktr pas pas pas", dealer=N)
    assert auction.finished and auction.doubled == 2 and auction.declarer == N


def test_blue_suit_forbids_clubs_and_no_trump() -> None:
    auction = blue_suit_auction()
    for forbidden in ("1♣", "1NT"):
        with pytest.raises(IllegalCall) as caught:
            auction.call(forbidden)
        assert caught.value.reason == "strain_forbidden"
    auction.call("1♦")
    auction.call("1♠")
    assert auction.contract == "1♠"


def test_bid_notation() -> None:
    assert str(parse_bid("7ba")) == "7NT" and parse_bid("1S") > parse_bid("1H")
    with pytest.raises(NotationError):
        parse_bid("8♣")


def test_bridge_seats_are_seats_of_a_four_seat_table() -> None:
    auction = BridgeAuction(dealer=W)
    assert auction.to_call is Seat.parse("W", 4)
    for call in ("1♠", "pass", "2♠", "pass", "pass", "pass"):
        auction.call(call)
    assert auction.declarer is Seat.parse("W", 4) and auction.declarer.partner == E
