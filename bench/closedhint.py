"""The time of a hint in a closed deal, judged single dummy (every legal card's chance of meeting
the goal over the layouts the learner could face, :func:`betel_tutor.solver.single_dummy.judge`),
side by side with today's double-dummy hint (:meth:`betel_tutor.solver.advice.Advisor.hint`) at
the same positions, interleaved. Random deals, each contract kind, played some way with random
legal cards to a random card of the play (or to the first lead), the contract one that best
play makes, as the lessons deal their closed deals; the player to move wants to make the contract as
declarer, to defeat it as a defender. Each hint starts cold: a fresh search table, as at the
first hint of a deal. Target: the closed-deal hint ≤ 500 ms at the 95th percentile.

    .venv/bin/python bench/closedhint.py [--positions N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterable, Sequence

from betel_tutor.cards import Card
from betel_tutor.contracts import Contract, parse_contract
from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, PlayState, play_card, start_play
from betel_tutor.solver.advice import Advisor
from betel_tutor.solver.api import kind_of, make_board, solve
from betel_tutor.solver.single_dummy import Aim, judge

CONTRACTS = ("1♠", "2♥", "3♦", "2NT", "B1", "B2", "Betel", "4♣")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(name: str, seconds: list[float], counted: str) -> str:
    """A line of figures: ``name`` timed ``seconds`` over ``counted`` (deals, positions)."""
    ms = [v * 1000 for v in seconds]
    return (
        f"{name} ({len(ms)} {counted}): median {statistics.median(ms):.1f} ms, "
        f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms"
    )


def makeable(hands: Sequence[Iterable[Card]], declarer: int, number: int) -> Contract:
    """A contract of the deal's kind (from :data:`CONTRACTS`) that best play makes, as the
    closed deals of the lessons are dealt so that their goal can be reached."""
    wanted = parse_contract(CONTRACTS[number % len(CONTRACTS)])
    kind = "normal" if wanted.kind == "normal" else wanted.kind
    tricks = solve(
        hands, trump=wanted.strain, declarer=declarer, leader=declarer, contract_kind=kind
    )
    if wanted.kind == "normal":
        level = min(max(tricks - 5, 1), 5)
        return parse_contract(f"{level}{wanted.strain.symbol if wanted.strain else 'NT'}")
    return parse_contract("Betel" if tricks == 0 else f"B{min(max(tricks, 1), 3)}")


def position(number: int, first_lead: bool) -> PlayState:
    dealt = deal(f"closedhint-{number}")
    rng = random.Random(number)
    declarer = number % 3
    contract = makeable(dealt.hands, declarer, number)
    state = start_play(BETEL, dealt.hands, contract, declarer=declarer)
    for _ in range(0 if first_lead else rng.randrange(28)):
        state = play_card(state, rng.choice(sorted(state.legal_moves(), key=lambda c: c.index)))
    return state


def aim(state: PlayState) -> Aim:
    contract, declaring = state.contract, state.to_play == state.declarer
    if contract.kind == "normal":
        return (
            Aim(True, contract.tricks_needed)
            if declaring
            else Aim(False, contract.tricks_needed - 1)
        )
    if declaring:
        return Aim(False, contract.tricks_allowed)
    return Aim(True, contract.tricks_allowed + 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=120)
    args = parser.parse_args()
    single: dict[str, list[float]] = {"any card": [], "first lead": []}
    double: dict[str, list[float]] = {"any card": [], "first lead": []}
    for number in range(args.positions):
        for what, first in (("any card", False), ("first lead", True)):
            state = position(number, first)
            kind, declarer = kind_of(state)
            start = time.perf_counter()
            Advisor().hint(state)
            double[what].append(time.perf_counter() - start)
            start = time.perf_counter()
            board = make_board(trump=state.trump, declarer=declarer, contract_kind=kind)
            judge(state, state.to_play, aim(state), board)
            single[what].append(time.perf_counter() - start)
    for what in single:
        for name, values in (("single dummy", single[what]), ("double dummy", double[what])):
            print(summary(f"{what}, {name} hint", values, "positions"))
        ratio = statistics.median(single[what]) / statistics.median(double[what])
        print(f"{what}: single dummy / double dummy, medians: {ratio:.1f}×")


if __name__ == "__main__":
    main()
