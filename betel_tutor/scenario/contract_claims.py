"""What a deal says of its contract and result, against what else the file says: a deal's
``contract:`` against the lesson's fixed one (``options.contract``, spec §9), and a bridge
board's ``result:`` against the tricks its play gives the declarer and what a claim after
that play can give (Law 68–70: the claim is written as the result)."""

from __future__ import annotations

from collections.abc import Iterator

from betel_tutor.contracts import Contract
from betel_tutor.scenario.model import DealSpec, Scenario
from betel_tutor.scenario.source import Position, Problem

BRIDGE_TRICKS = 13


def contract_problems(scenario: Scenario, broken: set[str]) -> Iterator[Problem]:
    """Each deal whose contract the lesson's fixed one contradicts, and each bridge board
    (of the deals not ``broken``) whose result its play or claim contradicts."""
    fixed = scenario.options.contract
    for deal in scenario.deals:
        at = deal.where.get("contract", deal.position or Position(scenario.path, 1, 1))
        written = deal.contract if deal.profile.exchange else None
        if fixed is not None and written is not None and not _same(written, fixed):
            params = {"deal": written, "lesson": fixed}
            yield Problem(at, "check.contract_not_lessons", params)
        if deal.id not in broken:
            yield from _result_problems(deal, scenario.path)


def _same(written: Contract, fixed: Contract) -> bool:
    """Whether a deal's contract is the lesson's. A free play's trump is the deal's own (level
    2's dealer names it, spec §9), and a lesson of betelki goes on to Betelek 2, 1 and 0 (§9
    level 3, §12.2): only another kind of contract, or another normal one, contradicts it."""
    if written.kind == fixed.kind and written.kind in ("free", "betelek"):
        return True
    return written == fixed


def _result_problems(deal: DealSpec, path: str) -> Iterator[Problem]:
    from betel_tutor.scenario.script import replay

    if not deal.profile.boards or deal.result is None or not deal.play or deal.declarer is None:
        return
    state = replay(deal).state  # the play is legal: the deal is not broken
    side = {deal.declarer, deal.declarer.next(2)}
    taken = sum(trick.winner in side for trick in state.tricks)
    left = BRIDGE_TRICKS - len(state.tricks)
    at = deal.where.get("result", deal.position or Position(path, 1, 1))
    if left == 0 and deal.result != taken:
        yield Problem(at, "check.result_not_play", {"n": deal.result, "tricks": taken})
    elif not taken <= deal.result <= taken + left:
        params = {"n": deal.result, "taken": taken, "most": taken + left}
        yield Problem(at, "check.result_not_claim", params)
