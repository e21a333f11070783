"""Each learner's progress, kept in the user's data folder and written atomically.

A progress file that cannot be read — damaged, from another program, from a newer version — is
never erased: it is renamed aside (``progress.json.bad-<n>``) and reported, and the learner
starts afresh.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from betel_tutor.files import write_atomic

FORMAT = "betel-tutor-progress/1"


@dataclass(frozen=True, slots=True)
class LevelProgress:
    """How far a learner got in one level: the next step to do, and deals finished."""

    next_step: int = 0
    deals_played: int = 0
    completed: bool = False
    points: int = 0


@dataclass(frozen=True, slots=True)
class Progress:
    levels: dict[int, LevelProgress] = field(default_factory=dict)
    language: str | None = None

    def level(self, number: int) -> LevelProgress:
        return self.levels.get(number, LevelProgress())

    def with_level(self, number: int, level: LevelProgress) -> Progress:
        return replace(self, levels={**self.levels, number: level})

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "language": self.language,
            "levels": {
                str(number): {
                    "next_step": level.next_step,
                    "deals_played": level.deals_played,
                    "completed": level.completed,
                    "points": level.points,
                }
                for number, level in sorted(self.levels.items())
            },
        }


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
        if not all(
            isinstance(values[k], int) and not isinstance(values[k], bool) and values[k] >= 0
            for k in ("next_step", "deals_played")
        ):
            raise ValueError(f"bad counts in level {key}")
        if not isinstance(values["completed"], bool) or not isinstance(values["points"], int):
            raise ValueError(f"bad values in level {key}")
        levels[number] = LevelProgress(**values)
    language = data.get("language")
    if language not in (None, "en", "pl"):
        raise ValueError("bad language")
    return Progress(levels, language)


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
            return _parse(json.loads(text))
        except (ValueError, TypeError) as error:
            detail = str(error)
    aside = set_aside(path, "bad")
    assert aside is not None
    raise ProgressError(path, aside, detail)


def set_aside(path: Path, why: str = "old") -> Path | None:
    """Rename ``path`` to the first free ``<name>.<why>-<n>``; nothing is ever deleted."""
    if not path.exists():
        return None
    number = 1
    while (aside := path.with_name(f"{path.name}.{why}-{number}")).exists():
        number += 1
    path.rename(aside)
    return aside


def save(path: Path, progress: Progress) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(progress.to_json(), indent=2, ensure_ascii=False) + "\n")
