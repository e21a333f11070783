"""Random playouts through the public API: full Betel deals per second on one core.

Each deal is dealt from a seed, then played to the end by players who pick a random legal card
(``betel_tutor.rules.legal_plays``), with ``trick_winner`` deciding every trick, under a mix of
contracts: no trump, each trump suit, betelki (beat obligation for all) and Betel (defenders
free). Target: at least 5,000 deals per second.

    .venv/bin/python bench/playouts.py [--deals N]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from betel_tutor.cards import Card, Suit
from betel_tutor.dealing import deal
from betel_tutor.rules import legal_plays, trick_winner

# (trump, Betel defenders free of the beat obligation)
KINDS: list[tuple[Suit | None, bool]] = [
    (None, False),
    (Suit.SPADES, False),
    (Suit.HEARTS, False),
    (Suit.DIAMONDS, False),
    (Suit.CLUBS, False),
    (None, True),
]


def play_out(
    hands: list[set[Card]], trump: Suit | None, betel: bool, rng: random.Random
) -> list[int]:
    """Play ten tricks with random legal cards; seat 0 declares and leads."""
    tricks = [0, 0, 0]
    leader = 0
    for _ in range(10):
        trick: list[Card] = []
        for offset in range(3):
            seat = (leader + offset) % 3
            beat = not (betel and seat != 0)
            card = rng.choice(
                tuple(legal_plays(hands[seat], trick, trump=trump, beat_obligation=beat))
            )
            hands[seat].discard(card)
            trick.append(card)
        leader = (leader + trick_winner(trick, trump=trump)) % 3
        tricks[leader] += 1
    return tricks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(1)
    dealt = [deal(seed) for seed in range(args.deals)]  # dealing is not what is measured
    start = time.perf_counter()
    for index, one in enumerate(dealt):
        trump, betel = KINDS[index % len(KINDS)]
        tricks = play_out([set(hand) for hand in one.hands], trump, betel, rng)
        assert sum(tricks) == 10
    elapsed = time.perf_counter() - start
    print(
        f"playouts: {args.deals / elapsed:,.0f} deals/s ({args.deals} deals in {elapsed:.2f} s, "
        f"Python {platform.python_version()}, {platform.machine()})"
    )


if __name__ == "__main__":
    main()
