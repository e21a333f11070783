"""A learner's goal in a deal, always from the learner's side (spec §12.8), and what best play
allows: whether the goal can be reached at all, and whether the learner did as well as the
double-dummy result for their side.

The learner is the *declarer* (wants tricks in a normal contract, few in a betelek or Betel),
a *defender* (wants the declarer to fail: few declarer tricks against a normal contract, many
against a betelek), or, with no contract (free play, three passes), plays for their *own*
tricks. The tricks counted are the declarer's, or the learner's own in free play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from betel_tutor.play import PlayState
from betel_tutor.solver.api import kind_of, solve_position
from betel_tutor.solver.board import Board
from betel_tutor.solver.single_dummy import Aim

Side = Literal["declarer", "defender", "own"]
GOALS = ("make", "defeat", "tricks_at_least", "tricks_at_most", "best")


@dataclass(frozen=True, slots=True)
class Outlook:
    """The learner's side in a deal and the double-dummy result at the start of play:
    ``best`` tricks counted (the declarer's, or the learner's own in free play)."""

    side: Side
    best: int
    wants_more: bool  # whether more counted tricks are better for the learner

    def at_best(self, counted: int) -> bool:
        """Whether ``counted`` tricks are at least as good for the learner as best play."""
        return counted >= self.best if self.wants_more else counted <= self.best


def side_of(state: PlayState, learner: int) -> Side:
    if state.declarer is None or state.contract.kind == "free":
        return "own"
    return "declarer" if state.declarer == learner else "defender"


def outlook(state: PlayState, learner: int, board: Board | None = None) -> Outlook:
    """The learner's side and the double-dummy result of the deal from ``state`` (the start
    of play), everybody playing their best."""
    side = side_of(state, learner)
    if side == "own":
        counted, kind = learner, "normal"
    else:
        kind, counted = kind_of(state)
    normal = kind == "normal"
    solution = solve_position(
        state.hands,
        trump=state.trump,
        declarer=counted,
        leader=state.leader,
        contract_kind=kind,
        trick=state.current,
        board=board,
    )
    best = state.tricks_taken()[counted] + solution.tricks
    wants_more = side == "own" or (side == "declarer") == normal
    return Outlook(side, best, wants_more)


def counted(state: PlayState, learner: int) -> int:
    """The tricks the goal counts in ``state``: the declarer's, or the learner's own."""
    taken = state.tricks_taken()
    if side_of(state, learner) == "own" or state.declarer is None:
        return taken[learner]
    return taken[state.declarer]


def goal_met(goal: str, value: int, state: PlayState, learner: int, view: Outlook) -> bool:
    """Whether the learner reached ``goal`` at the end of the deal ``state``."""
    mine = state.tricks_taken()[learner]
    if goal == "tricks_at_least":
        return mine >= value
    if goal == "tricks_at_most":
        return mine <= value
    if goal == "best":
        return view.at_best(counted(state, learner))
    if state.declarer is None or state.contract.kind == "free":
        return False
    made = state.contract.is_made(state.tricks_taken()[state.declarer])
    if goal == "make":
        return state.declarer == learner and made
    return state.declarer != learner and not made  # defeat


def aim(goal: str, value: int, state: PlayState, learner: int, view: Outlook) -> Aim:
    """The goal as a bound on the counted tricks, for judging cards by their chance of
    meeting it (:mod:`betel_tutor.solver.single_dummy`): make or defeat the contract (§4),
    take at least or at most ``value`` tricks, or best play's result, which the learner is told
    when the play begins. A defender's own tricks are not counted tricks: their goal is judged
    by best play's result for the declarer."""
    contract = state.contract
    misere = contract.kind != "normal"
    if goal == "make" and view.side == "declarer":
        return Aim(False, contract.tricks_allowed) if misere else Aim(True, contract.tricks_needed)
    if goal == "defeat" and view.side == "defender":
        if misere:
            return Aim(True, contract.tricks_allowed + 1)
        return Aim(False, contract.tricks_needed - 1)
    if goal in ("tricks_at_least", "tricks_at_most") and view.side != "defender":
        return Aim(goal == "tricks_at_least", value)
    return Aim(view.wants_more, view.best)


def reachable(goal: str, value: int, state: PlayState, learner: int, view: Outlook) -> bool | None:
    """Whether best play lets the learner reach ``goal``; None when the solver's result for
    the side does not settle it (a defender's own tricks)."""
    if goal == "best":
        return True
    if goal in ("make", "defeat"):
        if view.side == "own" or (goal == "make") != (view.side == "declarer"):
            return False
        made = state.contract.is_made(view.best)
        return made if goal == "make" else not made
    if view.side == "defender":
        return None
    # The learner's own tricks are what is counted (declarer or free play).
    if goal == "tricks_at_least":
        return view.best >= value if view.wants_more else None
    return view.best <= value if not view.wants_more else None


def stars(met: bool | None, at_best: bool, clean: bool = True, *, costly_call: bool = False) -> int:
    """A deal's stars (the learner played it): 3 for best play, the double-dummy best for the
    learner's side reached and every card of the learner's among the best (``clean``: the
    review finds none that cost a trick); 2 for the goal met; 1 for a deal finished. A result
    at the best that an opponent's slip handed over after a costly card of the learner's is
    the goal met, not best play: the stars never praise what the review faults. A costly call
    of the learner's in the auction (:mod:`betel_tutor.tutor.auctionreview`) leaves 1 star:
    the whole deal counts, not only its play."""
    if costly_call:
        return 1
    if at_best and clean and met is not False:
        return 3
    return 2 if met else 1
