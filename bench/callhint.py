"""The time of a hint at a call prompt: the strong player's sampled call and its reason
(:func:`betel_tutor.bots.strong_bidding.strong_choice`) and the learner's count of tricks in
words (:func:`betel_tutor.tutor.call_count.count_words`) for the hand of the player to call, at
the first call of random deals (the exchange open, betelki and kontra allowed, as in levels
7–8), and the auction review's solves for a declarer (seven solves of the full deal, and the
bid's average score over the layouts the learner could face: a solve for each of 64 layouts).
Targets: the hint ≤ 300 ms at the 95th percentile; the review ≤ 1 s.

    .venv/bin/python bench/callhint.py [--deals N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from betel_tutor.auction import Auction
from betel_tutor.bots import strong_bidding
from betel_tutor.contracts import Contract
from betel_tutor.dealing import deal
from betel_tutor.seats import Seat
from betel_tutor.solver.api import make_board, solve_position
from betel_tutor.solver.table import COLUMNS, STRAINS
from betel_tutor.tutor.auctionreview import average_score
from betel_tutor.tutor.call_count import count_words

BID = Contract.parse("2♥")  # the bid the review judges over the layouts the learner could face


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    hints: list[float] = []
    reviews: list[float] = []
    for number in range(args.deals):
        dealt = deal(f"callhint-{number}")
        hands = [dealt.hands[(dealt.dealer + k) % 3] for k in range(3)]
        auction = Auction(hands=hands, dubel=tuple(dealt.dubel))
        strong_bidding._sampled.cache_clear()  # a cold hint: nothing kept from another call
        start = time.perf_counter()
        choice = strong_bidding.strong_choice(auction.state, hands[0])
        count_words(auction.state, hands[0], choice.call, "en")
        hints.append(time.perf_counter() - start)
        cards = [sorted(hand, key=lambda c: c.index) for hand in dealt.hands]
        kinds = [("normal", s) for s in STRAINS] + [("betelek", None), ("betel", None)]
        start = time.perf_counter()
        for _name, (kind, strain) in zip(COLUMNS, kinds, strict=True):
            board = make_board(trump=strain, declarer=0, contract_kind=kind)
            solve_position(cards, declarer=0, leader=0, board=board)
        average_score(tuple(frozenset(hand) for hand in dealt.hands), Seat(0), BID)
        reviews.append(time.perf_counter() - start)
    for what, values in (("call hint", hints), ("auction review", reviews)):
        ms = [v * 1000 for v in values]
        print(
            f"{what} ({len(ms)} deals): median {statistics.median(ms):.1f} ms, "
            f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms"
        )


if __name__ == "__main__":
    main()
