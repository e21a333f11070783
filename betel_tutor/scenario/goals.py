"""The goal of a learner's deal (spec §12.8): it fits the learner's seat, and where the
contract is fixed before the deal (levels 1–4, a lesson without an auction) best play can
reach it, double dummy, from the first card.

A goal is stated from the learner's side: ``make`` is the declarer's, ``defeat`` a
defender's, ``tricks_at_least``/``tricks_at_most`` count the learner's own tricks, and
``best`` (do as well as the double-dummy result) fits every seat and is always reachable.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from betel_tutor.cards import Card, Suit
from betel_tutor.contracts import Contract, free_play
from betel_tutor.errors import BetelError
from betel_tutor.play import play_card, start_play
from betel_tutor.rules import as_trump
from betel_tutor.scenario.deals import Unsatisfiable, realize
from betel_tutor.scenario.model import DealSpec, LevelOptions, PlayStep, Scenario
from betel_tutor.scenario.source import Position, Problem
from betel_tutor.seats import Seat
from betel_tutor.solver.api import solve_position
from betel_tutor.solver.known import known_solve


@dataclass(frozen=True, slots=True)
class FixedPlay:
    """The play of a deal without an auction, as it starts: the contract, its declarer
    (``None`` in free play), and the trumps it may be played with — one, or in level 2,
    when the learner deals and so names trumps (spec §12.1), every suit."""

    contract: Contract
    declarer: Seat | None
    trumps: tuple[Suit | None, ...]


def trump_named_by_computer(hand: tuple[Card, ...]) -> Suit:
    """Level 2: a computer dealer names its longest suit, of equal ones the higher."""
    return max(Suit, key=lambda suit: (sum(c.suit is suit for c in hand), suit.order))


def fixed_play(options: LevelOptions, deal: DealSpec, learner: Seat) -> FixedPlay:
    """The contract a deal is played in without an auction: the deal's own, else the level's,
    else free play; declared by the deal's declarer, else its dealer (spec §9)."""
    contract = deal.contract or options.contract or free_play()
    if contract.kind != "free":
        declarer = deal.declarer if deal.declarer is not None else deal.dealer
        return FixedPlay(contract, Seat(declarer), (contract.trump,))
    trump = as_trump(deal.trump) if deal.trump is not None else contract.trump
    if not options.dealer_names_trump:
        return FixedPlay(free_play(trump), None, (trump,))
    if deal.dealer == learner:
        return FixedPlay(free_play(), None, tuple(Suit))
    named = trump_named_by_computer(realize(deal).hands[deal.dealer])
    return FixedPlay(free_play(named), None, (named,))


def check_goals(scenario: Scenario, broken: set[str]) -> Iterator[Problem]:
    """Every play step's goal: that it fits the learner's seat, and that it can be reached.
    Deals in ``broken`` (their cards or script are wrong) are not solved. One solve per deal,
    side and trump."""
    solved: dict[tuple[str, int, str, Suit | None], int] = {}
    for step in scenario.steps:
        if not isinstance(step, PlayStep) or not step.goal:
            continue
        deal = scenario.deal(step.deal)
        if deal is None or not deal.profile.solvable:
            continue  # an unknown deal is reported by check_step_references
        at = step.goal_at or step.position or Position(scenario.path, 1, 1)
        goal, value = next(iter(step.goal.items()))
        if goal == "best":
            continue
        if scenario.options.auction:
            if goal in ("make", "defeat"):
                yield Problem(at, "check.goal_auction", {"goal": goal})
            continue  # the contract is bid for: nothing fixed to solve
        try:
            play = fixed_play(scenario.options, deal, step.seat)
        except (BetelError, Unsatisfiable):
            continue  # an unreadable trump, or no cards: check_deal reports it
        misfit = _misfit(goal, step.seat, play)
        if misfit is not None:
            yield Problem(at, misfit[0], misfit[1])
        elif deal.id not in broken:
            yield from _unreachable(deal, step, goal, value, play, at, solved)


def _misfit(goal: str, seat: Seat, play: FixedPlay) -> tuple[str, dict[str, object]] | None:
    """Why ``make`` or ``defeat`` does not fit the learner's seat, or ``None``."""
    if goal not in ("make", "defeat"):
        return None
    if play.declarer is None:
        return "check.goal_no_declarer", {"goal": goal}
    if goal == "make" and play.declarer != seat:
        return "check.goal_not_declarer", {"seat": seat, "declarer": play.declarer}
    if goal == "defeat" and play.declarer == seat:
        return "check.goal_declarer_defeats", {"seat": seat}
    return None


def _unreachable(
    deal: DealSpec,
    step: PlayStep,
    goal: str,
    value: int,
    play: FixedPlay,
    at: Position,
    solved: dict[tuple[str, int, str, Suit | None], int],
) -> Iterator[Problem]:
    """The goal against best play by all, double dummy; nothing when the solver cannot judge
    it (a learner's own tricks as a defender, or fewest tricks with trumps)."""
    hands = realize(deal).hands
    contract, declarer = play.contract, play.declarer

    def tricks(kind: str, solver_declarer: int, leader: int, trump: Suit | None) -> int:
        key = (deal.id, solver_declarer, kind, trump)
        if key not in solved:
            solved[key] = known_solve(  # shared with other files and runs: same deal, one solve
                hands, trump=trump, declarer=solver_declarer, leader=leader, contract_kind=kind
            )
        return solved[key]

    if declarer is None:  # free play: the learner against the other two; the dealer leads
        if goal == "tricks_at_least":
            best = max(tricks("normal", step.seat, deal.dealer, trump) for trump in play.trumps)
            if best < value:
                yield Problem(
                    at,
                    "check.goal_tricks_unreachable",
                    {"seat": step.seat, "goal": value, "n": best},
                )
        elif goal == "tricks_at_most" and play.trumps == (None,):
            fewest = tricks("betelek", step.seat, deal.dealer, None)
            if fewest > value:
                yield Problem(
                    at,
                    "check.goal_fewest_unreachable",
                    {"seat": step.seat, "goal": value, "n": fewest},
                )
        return
    kind = contract.kind
    if deal.play:  # the learner takes over after the deal's scripted cards: judged from there
        taken = _after_script(deal, hands, contract, declarer)
    else:
        taken = tricks(kind, declarer, declarer, contract.trump)
    params: dict[str, object] = {"contract": contract, "declarer": declarer, "dd": taken}
    if goal == "make" and not contract.is_made(taken):
        yield Problem(at, "check.goal_make_unreachable", params)
    elif goal == "defeat" and contract.is_made(taken):
        yield Problem(at, "check.goal_defeat_unreachable", params)
    elif step.seat == declarer and goal == "tricks_at_least" and kind == "normal" and taken < value:
        yield Problem(
            at, "check.goal_tricks_unreachable", {"seat": step.seat, "goal": value, "n": taken}
        )
    elif step.seat == declarer and goal == "tricks_at_most" and kind != "normal" and taken > value:
        yield Problem(
            at, "check.goal_fewest_unreachable", {"seat": step.seat, "goal": value, "n": taken}
        )


def _after_script(
    deal: DealSpec, hands: tuple[tuple[Card, ...], ...], contract: Contract, declarer: Seat
) -> int:
    """The declarer's tricks at the end with best play by all from where the deal's scripted
    cards leave it: those already taken, and the rest double dummy."""
    state = start_play(deal.profile, hands, contract, declarer=declarer, dealer=deal.dealer)
    for card in deal.play:
        state = play_card(state, card)
    rest = solve_position(
        state.hands,
        trump=contract.trump,
        declarer=declarer,
        leader=state.leader,
        contract_kind=contract.kind,
        trick=state.current,
    )
    return state.tricks_taken()[declarer] + rest.tricks
