"""The time of a hint at a call prompt, at the first call of random deals (the exchange open,
betelki and kontra allowed, as in levels 7–8), with the learner's count of tricks in words
(:func:`betel_tutor.tutor.call_count.count_words`) for the hand of the player to call: in a
closed deal the strong player's sampled call and its reason
(:func:`betel_tutor.bots.strong_bidding.strong_choice`), and side by side, on the same deal, an
open deal's hint, the call that gains most with the hands as dealt, double dummy
(:func:`betel_tutor.tutor.call_values.best_call`, the auction review's own measure). Target:
the hint ≤ 500 ms at the 95th percentile. The auction review after a deal is timed by
``auctionreview.py``.

    .venv/bin/python bench/callhint.py [--deals N]
"""

from __future__ import annotations

import argparse
import time

from closedhint import summary

from betel_tutor.auction import Auction
from betel_tutor.bots import strong_bidding
from betel_tutor.dealing import deal
from betel_tutor.tutor.call_count import count_words
from betel_tutor.tutor.call_values import Situation, Tricks, best_call


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    hints: list[float] = []
    open_hints: list[float] = []
    for number in range(args.deals):
        dealt = deal(f"callhint-{number}")
        hands = [dealt.hands[(dealt.dealer + k) % 3] for k in range(3)]
        auction = Auction(hands=hands, dubel=tuple(dealt.dubel))
        strong_bidding._sampled.cache_clear()  # a cold hint: nothing kept from another call
        start = time.perf_counter()
        choice = strong_bidding.strong_choice(auction.state, hands[0])
        count_words(auction.state, hands[0], choice.call, "en")
        hints.append(time.perf_counter() - start)
        order = dealt.dealer.clockwise()
        at = Situation(
            auction.state, tuple(map(frozenset, dealt.hands)), order[0], order, None, True
        )
        start = time.perf_counter()
        best, _, _ = best_call(at, Tricks())
        count_words(auction.state, hands[0], best, "en")
        open_hints.append(time.perf_counter() - start)
    print(summary("call hint, closed deal (strong player's samples)", hints, "deals"))
    print(summary("call hint, open deal (double dummy, as dealt)", open_hints, "deals"))


if __name__ == "__main__":
    main()
