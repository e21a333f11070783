"""The work of one candidate deal in a simulation: whether it meets the constraints, and if it
does, which of the conditions asked about hold and the declarer's tricks double dummy in every
strain for every seat. A module-level task, so that :func:`betel_tutor.bulk.run` sends it by
name to a worker process or a Dask worker."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.dealing import Deal
from betel_tutor.profiles import Profile
from betel_tutor.scenario.conditions import Condition
from betel_tutor.scenario.finder import Wanted, accepts, candidate, candidate_seed

BETEL_COLUMNS = ("♣", "♦", "♥", "♠", "NT", "betelek", "betel")  # solver.table's columns
BRIDGE_COLUMNS = ("♣", "♦", "♥", "♠", "NT")


@dataclass(frozen=True, slots=True)
class Plan:
    """What a simulation deals and asks: the deals meeting ``wanted`` among the candidates from
    ``base`` (``base``, ``base#1`` … as ``deal`` numbers them), and the ``stats`` counted."""

    wanted: Wanted
    base: str
    stats: tuple[Condition, ...]

    @property
    def played(self) -> Profile:
        return self.wanted.game.profile

    @property
    def columns(self) -> tuple[str, ...]:
        return BETEL_COLUMNS if self.played.solvable else BRIDGE_COLUMNS


def deal_figures(item: tuple[Plan, int]) -> dict[str, object] | None:
    """For candidate ``number`` of the plan: ``None`` when its deal misses the constraints,
    else ``{"seed", "stats": [0 or 1 for each condition], "tricks": [[tricks by column] for
    each seat]}``."""
    plan, number = item
    dealt = candidate(plan.wanted, plan.base, number)
    if not accepts(plan.wanted, dealt):
        return None
    return {
        "seed": candidate_seed(plan.base, number),
        "stats": [int(condition.holds(dealt)) for condition in plan.stats],
        "tricks": trick_rows(plan.played, dealt),
    }


def trick_rows(played: Profile, dealt: Deal) -> list[list[int]]:
    """The declarer's tricks, double dummy, seat by seat: in Betel the solver's trick table
    (declarer leading; the betelki and Betel the fewest the declarer can be held to), in
    bridge DDS's (the declarer's left-hand opponent leading)."""
    if played.solvable:
        from betel_tutor.solver.table import trick_table

        return [list(row) for row in trick_table(dealt.hands).rows]
    from betel_tutor.bridge.dd import SEATS, STRAINS, double_dummy, pbn_deal

    table = double_dummy(pbn_deal(dealt.hands), SEATS[0]).tricks
    return [[table[seat][strain] for strain in STRAINS] for seat in SEATS]
