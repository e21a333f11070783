"""Each learner's progress, kept in the user's data folder and written atomically.

A progress file that cannot be read — damaged, from another program, from a newer version, not
a file at all (a FIFO, a device, a symlink loop), nested too deep or larger than 10 MB — is never
erased: it is renamed aside (``progress.json.bad-<n>``) and reported, and the learner starts
afresh. When even that fails, it is reported and left alone, and nothing is saved over it.

Two tutors may share the file. A :class:`Keeper` holds an advisory lock (``progress.json.lock``)
only while it reads, merges and writes — never while the learner thinks — and :func:`merge`
joins what the other one saved meanwhile, so the last writer erases nothing.

The file may also hold the match being played (level 10, spec §7), saved after every deal. A
damaged match entry costs only the match: the file is copied aside as it was, rewritten without
the entry, and :attr:`Progress.match_set_aside` says so for the tutor to report.
"""

from __future__ import annotations

import glob
import json
import os
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from betel_tutor.errors import BetelError
from betel_tutor.files import free_name, set_aside, why_not, write_atomic
from betel_tutor.match import CHIPS, Match
from betel_tutor.tutor.puzzle_record import (
    Attempt,
    dashboard,
    merge_attempts,
    parse_attempts,
    ratings,
)

FORMAT = "betel-tutor-progress/1"
LIMIT = 10 * 1024 * 1024  # the most of a progress file that is read (a real one is a few kB)
WAIT = 5.0  # seconds to wait for another tutor's lock before giving up on a save


@dataclass(frozen=True, slots=True)
class Position:
    """A trick of a lesson's deal where the review named a costly card: the start of play
    (each hand, the contract, the declarer's and the leader's seat letters) and the cards
    played before the learner's card of trick ``trick``, all as the learner types them."""

    deal: str
    trick: int
    contract: str
    declarer: str | None
    leader: str
    hands: tuple[str, ...]
    play: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "trick": self.trick,
            "contract": self.contract,
            "declarer": self.declarer,
            "leader": self.leader,
            "hands": list(self.hands),
            "play": list(self.play),
        }

    @classmethod
    def from_json(cls, raw: Any) -> Position | None:
        """The position written by :meth:`to_json`; None when it is not one."""
        if not isinstance(raw, dict):
            return None
        texts = ("deal", "contract", "leader")
        lists = ("hands", "play")
        if not all(isinstance(raw.get(key), str) for key in texts):
            return None
        if not all(
            isinstance(raw.get(key), list) and all(isinstance(x, str) for x in raw[key])
            for key in lists
        ):
            return None
        trick, declarer = raw.get("trick"), raw.get("declarer")
        if type(trick) is not int or not (declarer is None or isinstance(declarer, str)):
            return None
        return cls(
            raw["deal"],
            trick,
            raw["contract"],
            declarer,
            raw["leader"],
            tuple(raw["hands"]),
            tuple(raw["play"]),
        )


@dataclass(frozen=True, slots=True)
class LevelProgress:
    """How far a learner got in one level: the next step to do, and deals finished."""

    next_step: int = 0
    deals_played: int = 0
    completed: bool = False
    points: int = 0
    closed: dict[str, int] = field(default_factory=dict)  # closed deal → its best stars (1–3)
    practise: tuple[str, ...] = ()  # closed deals whose goal is not met yet, to play again
    # tricks where the review named a costly card, to find a better one (``learn --practice``)
    positions: tuple[Position, ...] = ()

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
    puzzles: tuple[Attempt, ...] = ()  # rated puzzle attempts (tutor/puzzle_record.py)
    # Read from the file, not written to it: (where a copy was kept, why) when the match entry
    # was damaged and dropped; the tutor reports it once and clears it.
    match_set_aside: tuple[Path, BetelError] | None = field(default=None, compare=False)

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
        if self.puzzles:  # likewise
            data["puzzles"] = [attempt.to_json() for attempt in self.puzzles]
        return data


def summary(progress: Progress, numbers: range = range(1, 11)) -> dict[str, Any]:
    """Each level's state for ``progress --json`` (``numbers``: the ten levels, or a course's
    lessons): done, stars, the step to go on from, the deals played and points, and the deals
    whose goal was missed (to practise), and the tricks of costly cards kept to be found again
    (``positions``: deal and trick; ``learn --practice`` offers both)."""
    levels = []
    for number in numbers:
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
                "positions": [{"deal": p.deal, "trick": p.trick} for p in level.positions],
            }
        )
    match = progress.match.to_json() if progress.match is not None else None
    themes = [row.to_json() for row in dashboard(progress.puzzles)]
    learner, _ = ratings(progress.puzzles)
    puzzles = {
        "rating": round(learner.rating, 1),
        "deviation": round(learner.deviation, 1),
        "attempts": len(progress.puzzles),
        "solved": sum(attempt.solved for attempt in progress.puzzles),
        "themes": themes,
    }
    return {"levels": levels, "match": match, "language": progress.language, "puzzles": puzzles}


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
    if level.positions:
        data["positions"] = [position.to_json() for position in level.positions]
    return data


class ProgressError(BetelError):
    """The progress file at ``path`` could not be read (``detail`` says why); ``moved_to`` is
    where it was set aside, or ``None`` when even that failed and it was left alone."""

    def __init__(self, path: Path, moved_to: Path | None, detail: BetelError) -> None:
        if moved_to is not None:
            super().__init__("tutor.progress_set_aside", path=path, aside=moved_to, detail=detail)
        else:
            super().__init__("tutor.progress_unreadable", path=path, detail=detail)
        self.path = path
        self.moved_to = moved_to
        self.detail = detail


class ProgressNotSaved(BetelError):
    """The progress could not be written to ``path``: ``detail`` (a text, or an error that says
    itself in each language) says why."""

    def __init__(self, path: Path, detail: BetelError) -> None:
        super().__init__("tutor.progress_not_saved", path=path, detail=detail)
        self.path = path


class ProgressLocked(BetelError):
    """Another program held the progress file's lock longer than :data:`WAIT` seconds."""

    def __init__(self, lock: Path) -> None:
        super().__init__("tutor.progress_locked", lock=lock)


class ResetFailed(BetelError):
    """``progress --reset`` could not set the file aside; nothing was changed."""

    def __init__(self, path: Path, detail: BetelError) -> None:
        super().__init__("tutor.progress_reset_failed", path=path, detail=detail)


def default_path() -> Path:
    """``progress.json`` in the user's data folder (``BETEL_TUTOR_HOME`` overrides it)."""
    home = os.environ.get("BETEL_TUTOR_HOME")
    if home:
        return Path(home) / "progress.json"
    from platformdirs import user_data_dir

    return Path(user_data_dir("betel-tutor", appauthor=False)) / "progress.json"


def course_path(levels: Path, key: str) -> Path:
    """The progress file of a teacher's course (its key: :mod:`betel_tutor.scenario.course`),
    in ``courses/`` beside the levels' file ``levels``: kept, locked and merged as that one."""
    return levels.parent / "courses" / f"{key}.json"


def _parse(data: Any) -> Progress:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Damaged("why_not_progress")
    levels = {}
    raw_levels = data.get("levels", {})
    if not isinstance(raw_levels, dict):
        raise Damaged("why_levels")
    for key, raw in raw_levels.items():
        number = int(key)
        if not 1 <= number <= 10 or not isinstance(raw, dict):
            raise Damaged("why_level", level=key)
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
            raise Damaged("why_closed", level=key)
        practise = raw.get("practise", [])
        if not isinstance(practise, list) or not all(isinstance(p, str) for p in practise):
            raise Damaged("why_practise", level=key)
        raw_positions = raw.get("positions", [])
        positions = (
            [Position.from_json(p) for p in raw_positions]
            if isinstance(raw_positions, list)
            else [None]
        )
        if None in positions:
            raise Damaged("why_practise", level=key)
        if not all(
            isinstance(values[k], int) and not isinstance(values[k], bool) and values[k] >= 0
            for k in ("next_step", "deals_played")
        ):
            raise Damaged("why_counts", level=key)
        if not isinstance(values["completed"], bool) or not isinstance(values["points"], int):
            raise Damaged("why_values", level=key)
        kept = tuple(p for p in positions if p is not None)
        levels[number] = LevelProgress(
            **values, closed=closed, practise=tuple(practise), positions=kept
        )
    language = data.get("language")
    if language not in (None, "en", "pl"):
        raise Damaged("why_language")
    puzzles = parse_attempts(data.get("puzzles", []))
    if puzzles is None:
        raise Damaged("why_puzzles")
    return Progress(levels, language, puzzles=puzzles)


def _count(value: Any, what: str, *, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise Damaged("why_match_number", field=what, low=low)
    return value


def _figures(value: Any, what: str, players: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != players:
        raise Damaged("why_match_figures", field=what)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise Damaged("why_match_figures", field=what)
    return tuple(value)


def parse_match(raw: Any) -> SavedMatch:
    """The saved match; ``ValueError`` naming the first thing wrong. Totals, bank, deals and
    dealer must agree with the history, so a hand-edited or half-damaged entry is caught."""
    if not isinstance(raw, dict):
        raise Damaged("why_match_mapping")
    level = _count(raw.get("level"), "level", low=1)
    step = _count(raw.get("step"), "step")
    seed, target = raw.get("seed"), _count(raw.get("target"), "target", low=1)
    if not isinstance(seed, str) or not seed:
        raise Damaged("why_match_seed")
    chips, players = raw.get("chips"), raw.get("players")
    if not isinstance(chips, bool) or players not in (3, 4) or level > 10:
        raise Damaged("why_match_kind")
    history = raw.get("history")
    if not isinstance(history, list):
        raise Damaged("why_match_history")
    deals = tuple(_figures(points, "history", players) for points in history)
    match = Match.start(chips=chips, players=players)
    for points in deals:
        match = match.record(points)
    saved = (
        _count(raw.get("deals"), "deals"),
        _count(raw.get("dealer"), "dealer"),
        _figures(raw.get("totals"), "totals", players),
        _figures([raw.get("bank")], "bank", 1)[0],
    )
    if saved != (match.deals, match.dealer, match.totals, match.bank):
        raise Damaged("why_match_disagrees")
    if chips and target <= CHIPS:
        raise Damaged("why_match_chips")
    return SavedMatch(level, step, seed, target, match, deals)


class Damaged(ValueError):
    """What is wrong in a progress file, said from the catalogs (``tutor.<name>``)."""

    def __init__(self, name: str, **params: Any) -> None:
        self.said = BetelError(f"tutor.{name}", **params)
        super().__init__(self.said.message("en"))


def _detail(error: BaseException) -> BetelError:
    """Why a file could not be read or written, in a few words of the catalogs: never Python's
    own text ("Expecting value: line 1 column 1 (char 0)")."""
    if isinstance(error, Damaged):
        return error.said
    if isinstance(error, RecursionError):
        return BetelError("tutor.why_deep")
    if isinstance(error, OSError):
        return why_not(error)
    if isinstance(error, UnicodeDecodeError):
        return BetelError("tutor.why_not_utf8")
    if isinstance(error, json.JSONDecodeError):
        return BetelError("tutor.why_not_json", line=error.lineno, column=error.colno)
    return BetelError("tutor.why_not_progress")  # int() of a level's key, and the like


def _read(path: Path) -> bytes | None:
    """The bytes of the regular file at ``path`` (``None`` if there is none), at most
    :data:`LIMIT` of them. Never blocks: a FIFO or a device is refused, not read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise Damaged("why_not_regular")
        chunks: list[bytes] = []
        size = 0
        while size <= LIMIT and (chunk := os.read(handle, LIMIT + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
        if size > LIMIT:
            raise Damaged("why_too_large", size=LIMIT // (1024 * 1024))
        return b"".join(chunks)
    finally:
        os.close(handle)


def load(path: Path) -> Progress:
    """The progress stored at ``path`` (empty if there is none yet).

    Raises :class:`ProgressError` after setting an unreadable file aside — or, when that fails
    too (a read-only folder, a folder that is a file), leaving it as it is.
    """
    try:
        data = _read(path)
        if data is None:
            return Progress()
        text = data.decode("utf-8")
        raw = json.loads(text)
        progress = _parse(raw)
    except (OSError, ValueError, TypeError, RecursionError) as error:
        detail = _detail(error)
    else:
        return _with_match(path, text, progress, raw.get("match"))
    try:
        aside = set_aside(path, "bad")
    except OSError:
        aside = None
    raise ProgressError(path, aside, detail)


def _with_match(path: Path, text: str, progress: Progress, raw: Any) -> Progress:
    """``progress`` with its saved match; a damaged match entry is kept in a copy of the file
    (``progress.json.bad-<n>``), the file rewritten without it, and the levels kept. When the
    folder cannot be written the file stays as it is, match and all."""
    if raw is None:
        return progress
    try:
        return replace(progress, match=parse_match(raw))
    except (ValueError, TypeError) as error:
        try:
            aside = free_name(path, "bad")
            write_atomic(aside, text)
            save(path, progress)
        except OSError:
            aside = path
        return replace(progress, match_set_aside=(aside, _detail(error)))


def save(path: Path, progress: Progress) -> None:
    """Write ``progress`` to ``path`` as it is (a :class:`Keeper` merges and locks first)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(progress.to_json(), indent=2, ensure_ascii=False) + "\n")


# -- merging what two tutors saved --------------------------------------------------------------
def merge(mine: Progress, theirs: Progress, base: Progress | None = None) -> Progress:
    """What to write when this tutor saves ``mine`` and the file holds ``theirs``: ``base`` is
    what this tutor saved last (or read at its start), so that ``theirs`` minus ``base`` is what
    another tutor added meanwhile. Without a base the two are simply joined.

    Per level (:func:`merge_level`): the furthest step, done if either finished it, each closed
    deal's best stars, the deals to practise those not met in either, and the deals and points
    of both. The language and the saved match are this tutor's; the other's match is kept when
    this tutor has none and did not end it (``theirs`` still holds the one it knew).
    """
    numbers = sorted(set(mine.levels) | set(theirs.levels))
    levels = {
        number: merge_level(
            mine.level(number),
            theirs.level(number),
            base.level(number) if base is not None else None,
        )
        for number in numbers
    }
    if mine.match is not None:
        match = mine.match
    elif base is not None and theirs.match == base.match:
        match = None  # this tutor ended (or never had) the match the file still holds
    else:
        match = theirs.match
    language = mine.language if mine.language is not None else theirs.language
    puzzles = merge_attempts(mine.puzzles, theirs.puzzles)
    return Progress(levels, language, match, puzzles)


def merge_level(
    mine: LevelProgress, theirs: LevelProgress, base: LevelProgress | None = None
) -> LevelProgress:
    """One level of :func:`merge`. The step: the one that moved from ``base`` (a step may go
    back, to a missed closed deal), the furthest when both did or there is no base. When only
    one side changed since ``base``, the result is that side's level. Deals and
    points: both tutors' own, ``mine + theirs - base`` (with no base, the counts of the one that
    played more deals). Stars: the best of each closed deal; done: if either finished the level.
    Practise: both lists (the changed one's order first), less the deals met (two stars or more)
    in the merged stars."""
    if base is not None and base.next_step == theirs.next_step:
        step = mine.next_step
    elif base is not None and base.next_step == mine.next_step:
        step = theirs.next_step
    else:
        step = max(mine.next_step, theirs.next_step)
    if base is not None:
        deals = max(0, mine.deals_played + theirs.deals_played - base.deals_played)
        points = mine.points + theirs.points - base.points
    else:
        deals = max(mine.deals_played, theirs.deals_played)
        ahead = sorted(
            (mine, theirs), key=lambda level: (level.deals_played, level.points), reverse=True
        )
        points = ahead[0].points
    closed = dict(mine.closed)
    for deal, stars in theirs.closed.items():
        closed[deal] = max(stars, closed.get(deal, 0))
    moved = base is not None and mine.practise == base.practise  # only the other list moved
    first, then = (theirs, mine) if moved else (mine, theirs)
    practise = tuple(
        dict.fromkeys(d for d in (*first.practise, *then.practise) if closed.get(d, 0) < 2)
    )
    # Positions: both lists, this tutor's first, one a deal, less those this tutor found a
    # better card at since ``base``.
    found = set(base.positions) - set(mine.positions) if base is not None else set()
    positions: dict[str, Position] = {}
    for position in (*mine.positions, *theirs.positions):
        if position not in found:
            positions.setdefault(position.deal, position)
    return LevelProgress(
        next_step=step,
        deals_played=deals,
        completed=mine.completed or theirs.completed,
        points=points,
        closed=closed,
        practise=practise,
        positions=tuple(positions.values()),
    )


# -- the file of one tutor run ------------------------------------------------------------------
@contextmanager
def _locked(path: Path, *, required: bool = True) -> Iterator[bool]:
    """Hold the advisory lock of ``path`` (``flock`` on ``<name>.lock`` beside it), waiting at
    most :data:`WAIT` seconds. Yields whether it is held: when it is not ``required`` (reading)
    and the lock cannot be had, the body runs without it; otherwise ``OSError`` or
    :class:`ProgressLocked`. No lock on Windows."""
    if sys.platform == "win32":
        yield False
        return
    lock = path.with_name(f"{path.name}.lock")
    try:
        handle = _open_lock(lock)
    except OSError:
        if required:
            raise
        yield False
        return
    try:
        yield _flock(handle, lock, required)
    finally:
        os.close(handle)  # closing lets the lock go


def _open_lock(lock: Path) -> int:
    """The lock file, made if need be. A folder (or anything else that is no file) where it
    belongs is set aside (``<name>.lock.bad-<n>``) as a damaged progress file is, and a lock
    file made in its place: otherwise no save could ever take the lock."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        return os.open(lock, flags, 0o666)
    except OSError:
        if not os.path.lexists(lock) or os.path.isfile(lock):
            raise
    set_aside(lock, "bad")
    return os.open(lock, flags, 0o666)


def _flock(handle: int, lock: Path, required: bool) -> bool:
    import fcntl

    deadline = time.monotonic() + WAIT
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                if required:
                    raise ProgressLocked(lock) from None
                return False
            time.sleep(0.01)
        except OSError:
            if required:
                raise
            return False


def clean_temporaries(path: Path) -> list[Path]:
    """Remove what killed writes left beside ``path`` (``.<name>.*.tmp``); call it only while
    holding the lock, so that no tutor is writing one of them now. Returns what was removed."""
    removed = []
    pattern = glob.escape(str(path.with_name(f".{path.name}."))) + "*.tmp"
    for stale in glob.glob(pattern):
        try:
            os.unlink(stale)
        except OSError:
            continue
        removed.append(Path(stale))
    return removed


class Keeper:
    """The progress file of one tutor run: read at the start, then saved after each step.

    Each save takes the lock, reads what the file holds now, :func:`merge` joins it with what this
    run has (``base``, what this run last saved, tells what another run added) and writes it
    atomically; the lock is let go before the learner is asked anything again.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.base: Progress | None = None
        self.frozen = False  # the file could not be read nor set aside: never write over it

    def load(self) -> Progress:
        """The progress at the start, after clearing stale temporary files (when the lock can
        be had). :class:`ProgressError` as :func:`load`."""
        try:
            with _locked(self.path, required=False) as held:
                if held:
                    clean_temporaries(self.path)
                progress = load(self.path)
        except ProgressError as error:
            self.frozen = error.moved_to is None
            self.base = Progress()
            raise
        self.base = replace(progress, match_set_aside=None)
        return progress

    def save(self, progress: Progress) -> ProgressError | None:
        """Merge ``progress`` into the file. Returns the report of a file found damaged (and
        set aside) on the way; raises :class:`ProgressNotSaved` when nothing could be written."""
        if self.frozen:
            raise ProgressNotSaved(self.path, BetelError("tutor.why_frozen"))
        found = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with _locked(self.path):
                try:
                    theirs = load(self.path)
                except ProgressError as damaged:
                    if damaged.moved_to is None:
                        raise ProgressNotSaved(self.path, damaged.detail) from damaged
                    theirs, found = Progress(), damaged
                save(self.path, merge(progress, theirs, self.base))
        except ProgressLocked as locked:
            raise ProgressNotSaved(self.path, locked) from locked
        except OSError as error:
            raise ProgressNotSaved(self.path, _detail(error)) from error
        self.base = replace(progress, match_set_aside=None)
        return found

    def reset(self) -> Path | None:
        """Set the file aside as ``progress.json.old-<n>`` (``progress --reset``)."""
        try:
            with _locked(self.path, required=False):
                return set_aside(self.path)
        except OSError as error:
            raise ResetFailed(self.path, _detail(error)) from error
