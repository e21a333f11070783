"""How a deal scores, step by step (spec §6)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from betel_tutor.errors import BetelError, NotationError
from betel_tutor.i18n import Plural

if TYPE_CHECKING:
    from betel_tutor.contracts import Contract

from betel_tutor.explain.steps import (
    Explanation,
    Step,
)

# -- a score -------------------------------------------------------------------------------

_PASS_WORDS = frozenset({"pass", "pas", "passes", "three passes", "trzy pasy"})


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreExplanation(Explanation):
    """The ``scores`` of a deal (declarer first) and how they come about."""

    contract: Contract
    tricks: tuple[int, int, int]
    doubled: bool
    scores: tuple[int, int, int]
    made: bool | None
    """Whether the declarer made the contract; ``None`` after three passes."""

    def _facts(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "contract": str(self.contract),
            "tricks": list(self.tricks),
            "doubled": self.doubled,
            "made": self.made,
        }


def parse_tricks(text: str) -> tuple[int, int, int]:
    """Tricks of a deal written ``7,2,1`` or ``7/2/1``: the declarer's, then each defender's.

    >>> parse_tricks("7, 2, 1")
    (7, 2, 1)
    """
    parts = [(m.group(), m.start()) for m in re.finditer(r"[^,/\s]+", text)]
    for part, start in parts:
        if not re.fullmatch(r"[0-9]{1,2}", part):
            raise NotationError("explain.bad_trick_count", token=part, position=start)
    if len(parts) != 3:
        raise NotationError("explain.bad_tricks", token=text.strip(), position=0)
    first, second, third = (int(part) for part, _ in parts)
    return first, second, third


def explain_score(
    contract: str | Contract, tricks: Sequence[int], *, doubled: bool = False
) -> ScoreExplanation:
    """How one deal scores (spec §6): contract points, overtricks, defenders, kontra.

    ``contract`` may be ``"pass"`` for three passes; ``tricks`` are the declarer's first.

    >>> why = explain_score("3♣", (7, 2, 1), doubled=True)
    >>> why.scores
    (-100, 60, 30)
    >>> why.lines()[-2]
    'Kontra: every figure counts double: -50, 30, 15 becomes -100, 60, 30 (rule 16)'
    """
    from betel_tutor.contracts import Contract
    from betel_tutor.scoring import score

    played = contract if isinstance(contract, Contract) else _scored_contract(contract)
    if len(tricks) != 3:
        raise BetelError("scoring.bad_tricks", tricks="/".join(map(str, tricks)))
    taken = (tricks[0], tricks[1], tricks[2])
    if played.kind == "free" and doubled:
        raise BetelError("explain.passes_not_doubled")
    plain = score(played, taken, doubled=False)
    final = score(played, taken, doubled=doubled)
    steps, made = _score_steps(played, taken)
    if doubled:
        steps.append(Step.of("explain.score_kontra", rule=16, before=plain, after=final))
    total = "explain.score_total_free" if played.kind == "free" else "explain.score_total"
    steps.append(Step.of(total, first=final[0], second=final[1], third=final[2]))
    return ScoreExplanation(
        steps=tuple(steps),
        contract=played,
        tricks=taken,
        doubled=doubled,
        scores=final,
        made=made,
    )


def _scored_contract(text: str) -> Contract:
    from betel_tutor.contracts import free_play, parse_contract

    if " ".join(text.lower().split()) in _PASS_WORDS:
        return free_play()
    return parse_contract(text)


def _score_steps(played: Contract, tricks: tuple[int, int, int]) -> tuple[list[Step], bool | None]:
    per = played.trick_points
    if played.kind == "free":
        steps = [Step.of("explain.score_passes", n=per)]
        for number, taken in enumerate(tricks, start=1):
            steps.append(
                Step.of(
                    "explain.score_player", number=number, tricks=taken, per=per, points=taken * per
                )
            )
        return steps, None
    declarer = tricks[0]
    points = played.contract_points
    made = played.is_made(declarer)
    if played.is_misere:
        allowed = played.tricks_allowed
        key = "explain.score_misere_zero" if allowed == 0 else "explain.score_misere"
        steps = [Step.of(key, contract=played, n=allowed, points=Plural("common.points", points))]
        outcome = "explain.score_misere_made" if made else "explain.score_misere_failed"
        steps.append(Step.of(outcome, tricks=declarer, allowed=allowed, points=points))
        steps.append(Step.of("explain.score_misere_defenders"))
        return steps, made
    needed = played.tricks_needed
    steps = [
        Step.of(
            "explain.score_normal",
            contract=played,
            n=needed,
            points=Plural("common.points", points),
            per=Plural("common.points", per),
        )
    ]
    outcome = "explain.score_made" if made else "explain.score_failed"
    steps.append(Step.of(outcome, tricks=declarer, needed=needed, points=points))
    over = declarer - needed
    if made and over:
        steps.append(
            Step.of(
                "explain.score_overtricks",
                count=over,
                per=per,
                bonus=over * per,
                total=points + over * per,
            )
        )
    for number, taken in enumerate(tricks[1:], start=1):
        steps.append(
            Step.of(
                "explain.score_defender", number=number, tricks=taken, per=per, points=taken * per
            )
        )
    return steps, made
