"""A match: deals scored one after another until a player reaches 1000 (spec §7, level 10).

With points everybody starts at 0; with chips everybody starts with 500 and the bank pays
what is won and takes what is lost (rule 19), so players' chips plus the bank stay constant.
The dealer rotates clockwise after every deal; with a fourth player the resting seat rotates
too.

>>> match = Match.start(chips=True)
>>> match = match.record((100, 60, 0))
>>> match.totals, match.bank, match.dealer
((600, 560, 500), -160, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

TARGET = 1000
CHIPS = 500


@dataclass(frozen=True, slots=True)
class Match:
    """Running totals by player; ``bank`` is what the bank has paid out, negated (chips)."""

    players: int
    totals: tuple[int, ...]
    bank: int = 0
    dealer: int = 0
    deals: int = 0
    chips: bool = False

    @classmethod
    def start(cls, *, chips: bool = False, players: int = 3) -> Match:
        """A new match for 3 players, or 4 when a fourth player rests each deal in turn."""
        if players not in (3, 4):
            raise ValueError("Betel is played by three players, with an optional fourth")
        start = CHIPS if chips else 0
        return cls(players=players, totals=(start,) * players, chips=chips)

    @property
    def resting(self) -> int | None:
        """The seat that sits out this deal (with four players): the one opposite the dealer
        in turn, so that it rotates with the deal."""
        return (self.dealer + self.players - 1) % self.players if self.players == 4 else None

    def record(self, points_by_player: tuple[int, ...]) -> Match:
        """Add one deal's points (by player; the resting player's prediction included) and
        pass the deal to the left."""
        if len(points_by_player) != self.players:
            raise ValueError(f"one figure per player: {self.players}")
        totals = tuple(t + p for t, p in zip(self.totals, points_by_player, strict=True))
        return replace(
            self,
            totals=totals,
            bank=self.bank - sum(points_by_player),
            dealer=(self.dealer + 1) % self.players,
            deals=self.deals + 1,
        )

    @property
    def winners(self) -> tuple[int, ...]:
        """Players at or above 1000; when several reach it in the same deal, the highest total
        wins and an exact tie is shared."""
        best = max(self.totals)
        if best < TARGET:
            return ()
        return tuple(i for i, total in enumerate(self.totals) if total == best)

    @property
    def finished(self) -> bool:
        return bool(self.winners)
