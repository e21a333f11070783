"""The time of a closed deal's review after its last card, judged single dummy (each of the
learner's cards by its chance over the layouts they could face, the first that lowered it, and a
re-dealt layout or the hidden fact that beat the best card: :mod:`betel_tutor.tutor.chances`),
side by side with the double-dummy review (:meth:`betel_tutor.solver.advice.Advisor.review`) of
the same deal, interleaved. The deals are :mod:`closedhint`'s (random, each contract kind, the
contract one that best play makes); the learner sits at seat 0, declaring to make or defending
to defeat, and plays the card of the best chance or, one time in three, a random legal card; the
other two play their best on the cards as dealt. Timed cold (no hint asked in the deal: every
verdict worked out after the last card) and warm (a hint asked at every card of the learner's,
its verdicts kept in the table as the tutor keeps them). Target: ≤ 2 s after the last card.

    .venv/bin/python bench/closedreview.py [--deals N]
"""

from __future__ import annotations

import argparse
import random
import time

from closedhint import makeable, summary

from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, DealPlay, start_play
from betel_tutor.scenario.model import PlayStep
from betel_tutor.seats import Seat
from betel_tutor.solver.advice import Advisor
from betel_tutor.solver.advice import hint as best_of
from betel_tutor.tutor import chances
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.goals import outlook
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.table import Table

LEARNER = 0


def table_for(game: DealPlay, goal: dict[str, int]) -> Table:
    first = game.history[0] if game.history else game.state
    at = Table(play=game, step=PlayStep("d1", Seat(LEARNER), goal), open=False)
    at.outlook = outlook(first, LEARNER)
    return at


def played_deal(number: int) -> tuple[DealPlay, dict[str, int]]:
    """A deal played to its end as the docstring says; and the learner's goal."""
    dealt = deal(f"closedhint-{number}")
    rng = random.Random(number)
    declarer = number % 3
    contract = makeable(dealt.hands, declarer, number)
    goal = {"make": 1} if declarer == LEARNER else {"defeat": 1}
    game = DealPlay(start_play(BETEL, dealt.hands, contract, declarer=declarer))
    judging = table_for(game, goal)
    while not game.state.finished:
        state = game.state
        if state.to_play != LEARNER:
            game.play(best_of(state)[0].card)
        elif rng.random() < 1 / 3:
            game.play(rng.choice(sorted(state.legal_moves(), key=lambda c: c.index)))
        else:
            game.play(chances.judgement(judging, state).cards[0].card)
    return game, goal


def reviewed(at: Table) -> float:
    """The seconds the single-dummy review takes, as the end of a deal runs it."""
    assert at.play is not None
    start = time.perf_counter()
    slip = chances.first_slip(at, at.play.history, at.play.played)
    chances.review(Context(Progress(), "en"), at, slip)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    figures: dict[str, list[float]] = {"cold": [], "warm": [], "double dummy": []}
    for number in range(args.deals):
        game, goal = played_deal(number)
        figures["cold"].append(reviewed(table_for(game, goal)))
        warm = table_for(game, goal)
        for state in game.history:
            if state.to_play == LEARNER:
                chances.judgement(warm, state)  # the hint asked at this card
        figures["warm"].append(reviewed(warm))
        start = time.perf_counter()
        Advisor().review(game.history, game.played, Seat(LEARNER))
        figures["double dummy"].append(time.perf_counter() - start)
    for name, values in figures.items():
        print(summary(f"{name} review", values, "deals"))


if __name__ == "__main__":
    main()
