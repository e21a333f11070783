"""Random playouts through the public API: full Betel deals per second on one core.

Each deal is dealt from a seed, then played to the end by players who pick a random legal card
(``betel_tutor.rules.legal_plays``), with ``trick_winner`` deciding every trick, under a mix of
contracts: no trump, each trump suit, betelki (beat obligation for all) and Betel (defenders
free). Target: at least 5,000 deals per second.

Beside it, interleaved block by block on the same deals, a reference: the plainest playout in a
few lines of Python (follow suit if you can, else any card; the highest card of the suit led
wins; no trumps, no obligation to beat). The ratio says what the rules' full legality costs
over the bare bookkeeping of a playout.

    .venv/bin/python bench/playouts.py [--deals N]
"""

from __future__ import annotations

import argparse
import os
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


def plain_play_out(hands: list[set[Card]], rng: random.Random) -> list[int]:
    """The reference: ten tricks, following suit if possible, the led suit's highest wins."""
    tricks = [0, 0, 0]
    leader = 0
    for _ in range(10):
        trick: list[Card] = []
        for offset in range(3):
            hand = hands[(leader + offset) % 3]
            same = [c for c in hand if c.suit is trick[0].suit] if trick else []
            card = rng.choice(same or list(hand))
            hand.discard(card)
            trick.append(card)
        led = [c for c in trick if c.suit is trick[0].suit]
        leader = (leader + trick.index(max(led, key=lambda c: c.rank))) % 3
        tricks[leader] += 1
    return tricks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(1)
    dealt = [deal(seed) for seed in range(args.deals)]  # dealing is not what is measured
    ours = reference = 0.0
    block = 500
    for first in range(0, args.deals, block):  # alternate blocks, so drift hits both alike
        for full in (True, False) if (first // block) % 2 else (False, True):
            start = time.perf_counter()
            for index in range(first, min(first + block, args.deals)):
                hands = [set(hand) for hand in dealt[index].hands]
                if full:
                    trump, betel = KINDS[index % len(KINDS)]
                    tricks = play_out(hands, trump, betel, rng)
                else:
                    tricks = plain_play_out(hands, rng)
                assert sum(tricks) == 10
            elapsed = time.perf_counter() - start
            if full:
                ours += elapsed
            else:
                reference += elapsed
    print(
        f"playouts: {args.deals / ours:,.0f} deals/s; the plain reference "
        f"{args.deals / reference:,.0f} deals/s; ratio of times {ours / reference:.2f}× "
        f"({args.deals} deals each, Python "
        f"{platform.python_version()}, {platform.machine()}, load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
