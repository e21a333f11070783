"""The figures of a simulation, summed deal by deal: how often each condition holds, the
declarer's expected tricks by strain and seat (and how they are spread), and the declarer's
expected score in every contract.

Every figure is a mean over the deals with its standard error, the sample's standard deviation
(divided by n − 1) over √n; a frequency is the mean of a figure that is 1 when the condition
holds and 0 when it does not. The sums are whole numbers, so the figures do not depend on the
order the deals are added in, nor on the machine.

In Betel the score is the declarer's (spec §6, :func:`betel_tutor.scoring.score`) for the
declarer's tricks double dummy; in bridge it is the duplicate score, not vulnerable and not
doubled (:func:`betel_tutor.bridge.scoring.duplicate_score`), for the declarer's side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from betel_tutor.profiles import Profile
from betel_tutor.seats import Seat
from betel_tutor.simulation.deals import Plan


@dataclass(frozen=True, slots=True)
class Figure:
    """A mean and its standard error (``None`` from a single deal)."""

    mean: float
    error: float | None

    @classmethod
    def of(cls, total: int, squares: int, count: int) -> Figure:
        if count < 2:
            return cls(total / count, None)
        variance = max(0, count * squares - total * total) / (count * (count - 1))
        return cls(total / count, math.sqrt(variance / count))

    def to_json(self) -> dict[str, float | None]:
        error = None if self.error is None else round(self.error, 6)
        return {"mean": round(self.mean, 6), "error": error}


@dataclass(frozen=True, slots=True)
class ScoredContract:
    """A contract the scores are given for: its text (``2♠``, ``3NT``, ``B1``, ``Betel``) and
    the column of the trick table that decides it."""

    text: str
    column: int
    points: tuple[int, ...]  # the declarer's score for 0, 1, 2 … tricks
    made_from: int | None  # normal contracts: the tricks that make it
    made_to: int | None  # betelki: the most tricks the declarer may take


def scored_contracts(played: Profile) -> tuple[ScoredContract, ...]:
    """Every contract of the game, lowest first: Betel's ladder (spec §4) scored as spec §6
    says, or bridge's 1♣ … 7NT scored as duplicate."""
    if not played.scored:
        from betel_tutor.bridge.scoring import duplicate_score
        from betel_tutor.simulation.deals import BRIDGE_COLUMNS

        return tuple(
            ScoredContract(
                f"{level}{strain}",
                column,
                tuple(duplicate_score(level, strain, tricks) for tricks in range(14)),
                level + 6,
                None,
            )
            for level in range(1, 8)
            for column, strain in enumerate(BRIDGE_COLUMNS)
        )
    from betel_tutor.contracts import LADDER
    from betel_tutor.scoring import score
    from betel_tutor.simulation.deals import BETEL_COLUMNS

    contracts = []
    for contract in LADDER:
        if contract.kind == "normal":
            strain = "NT" if contract.strain is None else contract.strain.symbol
            column, made_from, made_to = BETEL_COLUMNS.index(strain), contract.tricks_needed, None
        else:
            column = BETEL_COLUMNS.index(contract.kind)
            made_from, made_to = None, contract.allowed
        points = tuple(score(contract, (tricks, 10 - tricks, 0))[0] for tricks in range(11))
        contracts.append(ScoredContract(str(contract), column, points, made_from, made_to))
    return tuple(contracts)


@dataclass(frozen=True, slots=True)
class Tally:
    """How the deals added so far (:meth:`add`) fell: the conditions' counts and, for each
    seat and column, on how many deals the declarer takes 0, 1, 2 … tricks, from which
    :meth:`summary` makes every figure (a contract's score depends on the tricks alone)."""

    plan: Plan
    seeds: list[str] = field(default_factory=list)
    stats: list[int] = field(default_factory=list)
    spreads: dict[tuple[int, int], list[int]] = field(default_factory=dict)  # seat, column →

    @classmethod
    def start(cls, plan: Plan) -> Tally:
        return cls(plan, stats=[0] * len(plan.stats))

    @property
    def deals(self) -> int:
        return len(self.seeds)

    def add(self, figures: dict[str, object]) -> None:
        """One deal's figures, as :func:`betel_tutor.simulation.deals.deal_figures` gives
        them."""
        most = self.plan.wanted.game.profile.hand_size  # the tricks of a deal
        self.seeds.append(str(figures["seed"]))
        held = figures["stats"]
        assert isinstance(held, list)
        for index, value in enumerate(held):
            self.stats[index] += int(value)
        rows = figures["tricks"]
        assert isinstance(rows, list)
        for seat, row in enumerate(rows):
            for column, tricks in enumerate(row):
                self.spreads.setdefault((seat, column), [0] * (most + 1))[int(tricks)] += 1

    def summary(self, tested: int) -> Summary:
        """The figures over the deals added, of ``tested`` candidates dealt."""
        count = self.deals
        stats = tuple(
            Held(condition.text, held, Figure.of(held, held, count))
            for condition, held in zip(self.plan.stats, self.stats, strict=True)
        )
        table = self.plan.played.table
        tricks = tuple(
            Tricks(
                table[seat],
                self.plan.columns[column],
                _mean(spread, range(len(spread))),
                tuple(spread),
            )
            for (seat, column), spread in sorted(self.spreads.items())
        )
        scores = []
        for contract in scored_contracts(self.plan.played):
            for seat in sorted({seat for seat, _ in self.spreads}):
                spread = self.spreads[(seat, contract.column)]
                made = [int(_made(contract, tricks)) for tricks in range(len(spread))]
                points = _mean(spread, contract.points)
                scores.append(Score(contract.text, table[seat], points, _mean(spread, made)))
        plan = self.plan
        constraints = tuple(condition.text for condition in plan.wanted.conditions)
        game = plan.wanted.game
        return Summary(game, plan.base, count, tested, constraints, stats, tricks, tuple(scores))


def _mean(spread: list[int], values: Sequence[int]) -> Figure:
    """The mean of ``values[t]`` over deals spread as ``spread`` (deals with t tricks)."""
    total = sum(value * deals for value, deals in zip(values, spread, strict=False))
    squares = sum(value * value * deals for value, deals in zip(values, spread, strict=False))
    return Figure.of(total, squares, sum(spread))


def _made(contract: ScoredContract, tricks: int) -> bool:
    if contract.made_from is not None:
        return tricks >= contract.made_from
    return contract.made_to is not None and tricks <= contract.made_to


@dataclass(frozen=True, slots=True)
class Held:
    condition: str
    deals: int  # on how many deals it holds
    frequency: Figure


@dataclass(frozen=True, slots=True)
class Tricks:
    seat: Seat
    column: str  # a suit symbol, NT, betelek or betel
    figure: Figure
    spread: tuple[int, ...]  # the deals on which the declarer takes 0, 1, 2 … tricks


@dataclass(frozen=True, slots=True)
class Score:
    contract: str
    seat: Seat
    points: Figure
    made: Figure  # how often the declarer makes it


@dataclass(frozen=True, slots=True)
class Summary:
    """What a simulation found over ``deals`` deals meeting the constraints, among ``tested``
    candidates from ``seed``."""

    game: str
    seed: str
    deals: int
    tested: int
    constraints: tuple[str, ...]
    stats: tuple[Held, ...]
    tricks: tuple[Tricks, ...]
    scores: tuple[Score, ...]

    def to_json(self) -> dict[str, object]:
        """The figures as docs/simulate.md sets them out."""
        return {
            "game": self.game,
            "seed": self.seed,
            "deals": self.deals,
            "tested": self.tested,
            "constraints": list(self.constraints),
            "stats": [
                {"condition": held.condition, "deals": held.deals, **held.frequency.to_json()}
                for held in self.stats
            ],
            "tricks": [
                {
                    "seat": entry.seat.letter,
                    "strain": entry.column,
                    **entry.figure.to_json(),
                    "spread": list(entry.spread),
                }
                for entry in self.tricks
            ],
            "scores": [
                {
                    "contract": entry.contract,
                    "seat": entry.seat.letter,
                    **entry.points.to_json(),
                    "made": entry.made.to_json(),
                }
                for entry in self.scores
            ],
        }
