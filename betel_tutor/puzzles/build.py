"""Building a corpus: the puzzles of many seeded deals, found by the bulk engine on this
machine's cores or a Dask cluster, written to SQLite (:mod:`betel_tutor.puzzles.store`).

The deals' results go to a journal beside the corpus as they come in: a build killed at any
moment and started again with the same arguments reads what the journal holds and works out
only the deals after it, so no deal is repeated or lost. The journal is removed once the
corpus is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from betel_tutor.bulk import run, seeds
from betel_tutor.errors import BetelError
from betel_tutor.puzzles.finder import KINDS, puzzles_of
from betel_tutor.puzzles.games import game_puzzles
from betel_tutor.puzzles.model import Puzzle, puzzle_from_json
from betel_tutor.puzzles.store import write_corpus


def game_puzzles_json(item: int | str | list[Any]) -> list[dict[str, Any]]:
    """The bulk task of a build from games: the puzzles of the strong players' game of a
    deal, as JSON; the item is the seed, or the seed and the kinds of contract to keep."""
    seed, kinds = (item[0], set(item[1])) if isinstance(item, list) else (item, set(KINDS))
    return [puzzle.to_json() for puzzle in game_puzzles(seed) if puzzle.kind in kinds]


def deal_puzzles(item: int | str | list[Any]) -> list[dict[str, Any]]:
    """The bulk task: the puzzles of a deal, as JSON. The item is the deal's seed, or the
    seed and the kinds of contract to frame it in (``[seed, ["betel"]]``)."""
    if isinstance(item, list):
        seed, kinds = item
        return [puzzle.to_json() for puzzle in puzzles_of(seed, kinds)]
    return [puzzle.to_json() for puzzle in puzzles_of(item)]


@dataclass(frozen=True, slots=True)
class Built:
    path: Path
    deals: int
    puzzles: int


def journal_of(out: Path) -> Path:
    return out.with_name(out.name + ".journal")


def build(
    out: Path,
    *,
    deals: int,
    seed: int | str = 0,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Callable[[int, int | None], None] | None = None,
    kinds: tuple[str, ...] = KINDS,
    games: bool = False,
) -> Built:
    """Build the corpus of the puzzles of ``deals`` deals from ``seed`` into ``out``, in
    contracts of ``kinds``: each deal played best in its framings, or (``games``) the strong
    computer players' game of it (:mod:`betel_tutor.puzzles.games`)."""
    if out.is_dir() or not out.name:
        raise BetelError("cli.output_is_folder", path=str(out))
    journal = journal_of(out)
    found: list[Puzzle] = []
    items: list[Any] = seeds(seed, deals)
    if set(kinds) != set(KINDS):
        items = [[item, list(kinds)] for item in items]
    results = run(
        items,
        game_puzzles_json if games else deal_puzzles,
        workers=workers,
        cluster=cluster,
        journal=str(journal),
        progress=progress,
    )
    for result in results:
        found += [puzzle_from_json(item) for item in result]  # type: ignore[attr-defined]
    meta = {"seed": str(seed), "deals": deals, "kinds": list(kinds)}
    if games:
        meta["source"] = "games"
    count = write_corpus(out, found, meta)
    journal.unlink(missing_ok=True)
    return Built(out, deals, count)
