"""``deal``: deals for a lesson, dealt from a seed until they meet every constraint."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from betel_tutor.app.seeds import seed_text
from betel_tutor.app.writing import Written, write
from betel_tutor.cores import usable_workers
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.files import check_outputs
from betel_tutor.scenario.finder import Found, find_deals, lines, scenario_yaml, to_json, wanted_for
from betel_tutor.scenario.model import Text


@dataclass(frozen=True, slots=True)
class DealOptions:
    path: str | None = None  # a scenario file whose deal's constraints are met (or ``game``)
    game: str | None = None
    constraints: tuple[str, ...] = ()  # conditions as written, e.g. "S hcp 12-15"
    deal_id: str | None = None  # the file's deal [default: its first]
    count: int = 1
    tries: int = 20_000
    seed: str | None = None  # [default: the file's deal's own seed, else a new one]
    workers: int | None = None  # [default: one a core with a double-dummy condition, else one]
    out: str | None = None  # a scenario file to write the deals to
    max_time: float | None = None  # seconds [default: no limit but ``tries``]
    force: bool = False
    out_id: str | None = None  # the written file's id [default: from its name]
    title: str | None = None  # the written file's title [default: from its name]


@dataclass(frozen=True, slots=True)
class Dealt:
    """The deals found, of ``game``, among ``tested`` candidates; the file written; and, when
    fewer were found than asked for, the error to report after showing those found."""

    found: tuple[Found, ...]
    game: str
    tested: int
    written: Written | None = None
    unmet: BetelError | None = None

    def lines(self, language: str) -> list[str]:
        return lines(self.found, self.game, language)

    def to_json(self) -> list[dict[str, object]]:
        return to_json(self.found, self.game)


def file_names(options: DealOptions) -> tuple[str, Text]:
    """The id and title of the file ``--out`` writes: ``--out-id`` and ``--title``, else made
    from the file's name (``trump-leads.yaml``: ``trump-leads``, "Trump leads"), so that two
    practice files never share the id a course's progress is kept under."""
    stem = Path(options.out or "").stem
    named = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-") or "found-deals"
    name = (options.out_id or "").strip() or named
    if options.title is not None and options.title.strip():  # a blank title: as none given
        return name, Text(options.title.strip(), options.title.strip())
    words = re.sub(r"[-_]+", " ", stem).strip()
    words = words[:1].upper() + words[1:] if words else ""
    return name, Text(words, words) if words else Text("Deals found", "Znalezione rozdania")


def deal(options: DealOptions, progress: Callable[[int, int], None] | None = None) -> Dealt:
    """Search; ``progress`` is told the candidates tested and the deals found as the search
    starts and after each round.
    The output file is refused before the search, not after it."""
    wanted = wanted_for(options.path, options.game, options.constraints, options.deal_id)
    base: int | str | None = seed_text(options.seed)
    if base is None:  # a file's deal from its own seed: the deal the file gives first
        base = wanted.seed if wanted.seed is not None else secrets.token_hex(4)
    workers = options.workers
    if workers is None:
        dear = any(condition.double_dummy for condition in wanted.conditions)
        workers = usable_workers(8) if dear else 1
    seconds = options.max_time
    if seconds is not None and not 0 < seconds < 1e9:  # nan and inf too
        raise NotationError("finder.bad_max_time", token=str(seconds), position=0)
    if options.out is not None:
        check_outputs([Path(options.out)], force=options.force)
    started = time.monotonic()
    if progress is not None:
        progress(0, 0)
    found, tested = find_deals(
        wanted,
        base,
        count=options.count,
        tries=options.tries,
        workers=workers,
        seconds=seconds,
        progress=progress,
    )
    written = None
    if options.out is not None and found:
        name, title = file_names(options)
        schema = (Path(options.out).parent / "scenario.schema.json").is_file()
        document = scenario_yaml(found, wanted, name=name, title=title, schema=schema)
        written = write(options.out, document, folder=False, kind="yaml", force=options.force)
    unmet = None
    if len(found) < options.count:
        shortfall: dict[str, Any] = {"n": tested, "found": len(found), "count": options.count}
        if tested < options.tries:  # the time ran out first
            spent = round(time.monotonic() - started)
            unmet = BetelError("finder.unmet_time", seconds=spent, **shortfall)
        else:
            unmet = BetelError("finder.unmet", **shortfall)
    return Dealt(tuple(found), wanted.game, tested, written, unmet)
