"""Each learner's progress, kept in the user's data folder and written atomically.

A progress file that cannot be read — damaged, from another program, from a newer version — is
never erased: it is renamed aside (``progress.json.bad-<n>``) and reported, and the learner
starts afresh.

The file may also hold the match being played (level 10, spec §7), saved after every deal. A
damaged match entry costs only the match: the file is copied aside as it was, rewritten without
the entry, and :attr:`Progress.match_set_aside` says so for the tutor to report.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from betel_tutor.files import write_atomic
from betel_tutor.match import CHIPS, Match

FORMAT = "betel-tutor-progress/1"


@dataclass(frozen=True, slots=True)
class LevelProgress:
    """How far a learner got in one level: the next step to do, and deals finished."""

    next_step: int = 0
    deals_played: int = 0
    completed: bool = False
    points: int = 0
    closed: dict[str, int] = field(default_factory=dict)  # closed deal → its best stars (1–3)
    practise: tuple[str, ...] = ()  # closed deals whose goal is not met yet, to play again

    @property
    def stars(self) -> int:
        return sum(self.closed.values())


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match under way (spec §7): the lesson step it belongs to, the seed its deals come
    from, the target, the running :class:`Match`, and every deal's points by player."""

    level: int
    step: int
    seed: str
    target: int
    match: Match
    history: tuple[tuple[int, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        match = self.match
        return {
            "level": self.level,
            "step": self.step,
            "seed": self.seed,
            "target": self.target,
            "chips": match.chips,
            "players": match.players,
            "deals": match.deals,
            "dealer": match.dealer,
            "totals": list(match.totals),
            "bank": match.bank,
            "history": [list(points) for points in self.history],
        }


@dataclass(frozen=True, slots=True)
class Progress:
    levels: dict[int, LevelProgress] = field(default_factory=dict)
    language: str | None = None
    match: SavedMatch | None = None
    # Read from the file, not written to it: (where a copy was kept, why) when the match entry
    # was damaged and dropped; the tutor reports it once and clears it.
    match_set_aside: tuple[Path, str] | None = field(default=None, compare=False)

    def level(self, number: int) -> LevelProgress:
        return self.levels.get(number, LevelProgress())

    def with_level(self, number: int, level: LevelProgress) -> Progress:
        return replace(self, levels={**self.levels, number: level})

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "language": self.language,
            "levels": {
                str(number): _level_json(level) for number, level in sorted(self.levels.items())
            },
        }
        if self.match is not None:  # written only when there is one: older files stay valid
            data["match"] = self.match.to_json()
        return data


def summary(progress: Progress) -> dict[str, Any]:
    """Each level's state for ``progress --json``: done, stars, the step to go on from, the
    deals played and points, and the deals whose goal was missed (to practise)."""
    levels = []
    for number in range(1, 11):
        level = progress.level(number)
        levels.append(
            {
                "level": number,
                "done": level.completed,
                "stars": level.stars,
                "closed": dict(level.closed),
                "step": level.next_step,
                "deals_played": level.deals_played,
                "points": level.points,
                "practise": list(level.practise),
            }
        )
    match = progress.match.to_json() if progress.match is not None else None
    return {"levels": levels, "match": match, "language": progress.language}


def _level_json(level: LevelProgress) -> dict[str, Any]:
    data: dict[str, Any] = {
        "next_step": level.next_step,
        "deals_played": level.deals_played,
        "completed": level.completed,
        "points": level.points,
    }
    if level.closed or level.practise:  # written once earned: older files read the same
        data["closed"] = dict(level.closed)
        data["practise"] = list(level.practise)
    return data


class ProgressError(Exception):
    """The progress file was unreadable; ``moved_to`` is where it was set aside."""

    def __init__(self, path: Path, moved_to: Path, detail: str) -> None:
        super().__init__(detail)
        self.path = path
        self.moved_to = moved_to
        self.detail = detail


def default_path() -> Path:
    """``progress.json`` in the user's data folder (``BETEL_TUTOR_HOME`` overrides it)."""
    home = os.environ.get("BETEL_TUTOR_HOME")
    if home:
        return Path(home) / "progress.json"
    from platformdirs import user_data_dir

    return Path(user_data_dir("betel-tutor", appauthor=False)) / "progress.json"


def _parse(data: Any) -> Progress:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a betel-tutor progress file")
    levels = {}
    raw_levels = data.get("levels", {})
    if not isinstance(raw_levels, dict):
        raise ValueError("levels must be a mapping")
    for key, raw in raw_levels.items():
        number = int(key)
        if not 1 <= number <= 10 or not isinstance(raw, dict):
            raise ValueError(f"bad level {key!r}")
        values = {
            "next_step": raw.get("next_step", 0),
            "deals_played": raw.get("deals_played", 0),
            "completed": raw.get("completed", False),
            "points": raw.get("points", 0),
        }
        closed = raw.get("closed", {})
        if not isinstance(closed, dict) or not all(
            isinstance(k, str) and type(v) is int and 1 <= v <= 3 for k, v in closed.items()
        ):
            raise ValueError(f"bad closed deals in level {key}")
        practise = raw.get("practise", [])
        if not isinstance(practise, list) or not all(isinstance(p, str) for p in practise):
            raise ValueError(f"bad practise list in level {key}")
        if not all(
            isinstance(values[k], int) and not isinstance(values[k], bool) and values[k] >= 0
            for k in ("next_step", "deals_played")
        ):
            raise ValueError(f"bad counts in level {key}")
        if not isinstance(values["completed"], bool) or not isinstance(values["points"], int):
            raise ValueError(f"bad values in level {key}")
        levels[number] = LevelProgress(**values, closed=closed, practise=tuple(practise))
    language = data.get("language")
    if language not in (None, "en", "pl"):
        raise ValueError("bad language")
    return Progress(levels, language)


def _count(value: Any, what: str, *, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{what} must be a whole number from {low}")
    return value


def _figures(value: Any, what: str, players: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{what} must list {players} figures")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError(f"{what} must be whole numbers")
    return tuple(value)


def parse_match(raw: Any) -> SavedMatch:
    """The saved match; ``ValueError`` naming the first thing wrong. Totals, bank, deals and
    dealer must agree with the history, so a hand-edited or half-damaged entry is caught."""
    if not isinstance(raw, dict):
        raise ValueError("the match must be a mapping")
    level = _count(raw.get("level"), "match level", low=1)
    step = _count(raw.get("step"), "match step")
    seed, target = raw.get("seed"), _count(raw.get("target"), "match target", low=1)
    if not isinstance(seed, str) or not seed:
        raise ValueError("the match seed must be a text")
    chips, players = raw.get("chips"), raw.get("players")
    if not isinstance(chips, bool) or players not in (3, 4) or level > 10:
        raise ValueError("bad match level, chips or players")
    history = raw.get("history")
    if not isinstance(history, list):
        raise ValueError("the match history must be a list")
    deals = tuple(_figures(points, "a deal of the match", players) for points in history)
    match = Match.start(chips=chips, players=players)
    for points in deals:
        match = match.record(points)
    saved = (
        _count(raw.get("deals"), "match deals"),
        _count(raw.get("dealer"), "match dealer"),
        _figures(raw.get("totals"), "match totals", players),
        _figures([raw.get("bank")], "the match bank", 1)[0],
    )
    if saved != (match.deals, match.dealer, match.totals, match.bank):
        raise ValueError("the match totals, bank, deals or dealer disagree with its history")
    if chips and target <= CHIPS:
        raise ValueError("a match in chips needs a target above the chips each player starts with")
    return SavedMatch(level, step, seed, target, match, deals)


def load(path: Path) -> Progress:
    """The progress stored at ``path`` (empty if there is none yet).

    Raises :class:`ProgressError` after setting an unreadable file aside.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Progress()
    except (OSError, UnicodeDecodeError) as error:
        detail = str(error)
    else:
        try:
            data = json.loads(text)
            progress = _parse(data)
        except (ValueError, TypeError) as error:
            detail = str(error)
        else:
            return _with_match(path, text, progress, data.get("match"))
    aside = set_aside(path, "bad")
    assert aside is not None
    raise ProgressError(path, aside, detail)


def _with_match(path: Path, text: str, progress: Progress, raw: Any) -> Progress:
    """``progress`` with its saved match; a damaged match entry is kept in a copy of the file
    (``progress.json.bad-<n>``), the file rewritten without it, and the levels kept."""
    if raw is None:
        return progress
    try:
        return replace(progress, match=parse_match(raw))
    except (ValueError, TypeError) as error:
        aside = _free_name(path, "bad")
        write_atomic(aside, text)
        save(path, progress)
        return replace(progress, match_set_aside=(aside, str(error)))


def _free_name(path: Path, why: str) -> Path:
    number = 1
    while (aside := path.with_name(f"{path.name}.{why}-{number}")).exists():
        number += 1
    return aside


def set_aside(path: Path, why: str = "old") -> Path | None:
    """Rename ``path`` to the first free ``<name>.<why>-<n>``; nothing is ever deleted."""
    if not path.exists():
        return None
    aside = _free_name(path, why)
    path.rename(aside)
    return aside


def save(path: Path, progress: Progress) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(progress.to_json(), indent=2, ensure_ascii=False) + "\n")
