"""The learner's puzzle attempts, kept with their progress (``progress.json``'s ``puzzles``),
and the ratings they give (Glicko-2, :mod:`betel_tutor.rating`).

Only the attempts are kept; the ratings are worked out from them, in the order made: each
attempt is one rating period of one game between the learner and the puzzle, as both stood
before it (the puzzle starting from its corpus rating, kept in the attempt). Two tutors that
saved attempts to one file are merged by joining their attempts (each has its own id), and
give the same ratings whichever saved last.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from betel_tutor.rating import Rating, play


@dataclass(frozen=True, slots=True)
class Attempt:
    """One rated attempt: its own id, the puzzle, whether it was solved, when (seconds since
    the epoch), the puzzle's themes and its rating in the corpus."""

    id: str
    puzzle: str
    solved: bool
    at: float
    themes: tuple[str, ...]
    rating: float
    deviation: float
    volatility: float

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "puzzle": self.puzzle,
            "solved": self.solved,
            "at": self.at,
            "themes": list(self.themes),
            "rating": self.rating,
            "deviation": self.deviation,
            "volatility": self.volatility,
        }


def parse_attempts(raw: Any) -> tuple[Attempt, ...] | None:
    """The attempts as ``to_json`` wrote them; ``None`` when they are not."""
    if not isinstance(raw, list):
        return None
    out = []
    for item in raw:
        try:
            attempt = Attempt(
                id=_text(item["id"]),
                puzzle=_text(item["puzzle"]),
                solved=_flag(item["solved"]),
                at=_number(item["at"]),
                themes=tuple(_text(t) for t in item["themes"]),
                rating=_number(item["rating"]),
                deviation=_number(item["deviation"]),
                volatility=_number(item["volatility"]),
            )
        except (KeyError, TypeError, ValueError):
            return None
        out.append(attempt)
    return tuple(out)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(value)
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(value)
    return float(value)


def merge_attempts(mine: Iterable[Attempt], theirs: Iterable[Attempt]) -> tuple[Attempt, ...]:
    """Both tutors' attempts, each once, in the order made."""
    joined = {attempt.id: attempt for attempt in (*theirs, *mine)}
    return tuple(sorted(joined.values(), key=lambda a: (a.at, a.id)))


def ratings(attempts: Sequence[Attempt]) -> tuple[Rating, dict[str, Rating]]:
    """The learner's rating after the attempts, and each puzzle's."""
    learner = Rating()
    puzzles: dict[str, Rating] = {}
    for attempt in attempts:
        puzzle = puzzles.get(
            attempt.puzzle, Rating(attempt.rating, attempt.deviation, attempt.volatility)
        )
        learner, puzzles[attempt.puzzle] = play(learner, puzzle, attempt.solved)
    return learner, puzzles


@dataclass(frozen=True, slots=True)
class ThemeRow:
    """A theme of the dashboard: the learner's rating on its puzzles alone, the attempts and
    how many were solved."""

    theme: str
    rating: float
    deviation: float
    attempts: int
    solved: int

    @property
    def success(self) -> float:
        return self.solved / self.attempts if self.attempts else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "theme": self.theme,
            "rating": round(self.rating, 1),
            "deviation": round(self.deviation, 1),
            "attempts": self.attempts,
            "solved": self.solved,
            "success": round(self.success, 3),
        }


def dashboard(attempts: Sequence[Attempt]) -> list[ThemeRow]:
    """One row a theme met, weakest first (lowest rating, then lowest success)."""
    themes = sorted({theme for attempt in attempts for theme in attempt.themes})
    rows = []
    for theme in themes:
        mine = [attempt for attempt in attempts if theme in attempt.themes]
        rating, _ = ratings(mine)
        solved = sum(attempt.solved for attempt in mine)
        rows.append(ThemeRow(theme, rating.rating, rating.deviation, len(mine), solved))
    return sorted(rows, key=lambda row: (row.rating, row.success, row.theme))
