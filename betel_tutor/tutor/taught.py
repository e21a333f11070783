"""What a level's lesson has taught before it asks anything: the hints and breakdowns of its
quizzes speak only of that. The levels bring the rules in the order of spec §9: trumps from
level 2, the contract Betel from level 4, the auction (and its three passes) from level 5,
kontra from level 8. Outside the levels (a lesson of one's own) everything counts as taught.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from betel_tutor.explain.score import ScoreExplanation
from betel_tutor.explain.steps import Step
from betel_tutor.tutor.context import Context

TRUMPS, BETEL, AUCTION, KONTRA = 2, 4, 5, 8  # the level that teaches each


@dataclass(frozen=True, slots=True)
class Taught:
    trumps: bool = True
    betel: bool = True
    auction: bool = True
    kontra: bool = True


def taught(ctx: Context) -> Taught:
    """What the learner's level has taught (everything outside the levels). A teacher's lesson
    is numbered by its place in its course, which says nothing of what came before it: it
    counts everything as taught but an auction it does not play."""
    if ctx.place is None:
        return Taught()
    if ctx.settings.course is not None:
        return Taught(auction=ctx.place.lesson.options.auction)
    level = ctx.place.level
    return Taught(
        trumps=level >= TRUMPS,
        betel=level >= BETEL,
        auction=level >= AUCTION,
        kontra=level >= KONTRA,
    )


def worded_for(why: ScoreExplanation, known: Taught) -> ScoreExplanation:
    """A score's breakdown in the words the level knows: before the auction is taught, a deal
    with no contract is not said to follow three passes (levels 1–2 play without one)."""
    first = why.steps[0] if why.steps else None
    if known.auction or first is None or first.key != "explain.score_passes":
        return why
    plain = Step.of("explain.score_no_contract", n=why.contract.trick_points)
    return replace(why, steps=(plain, *why.steps[1:]))
