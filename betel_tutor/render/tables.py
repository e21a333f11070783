"""Trick tables for the answer sheets, computed once per deal and kept in the user's cache
folder.

An entry is keyed by the deal (its hands, and for the cost marks its scripted play, exchanges
and swaps included) and by the solver's version (a digest of the solver's own source), so a
changed solver never serves an old figure. Entries are written atomically; one that cannot be
read or does not hold what an entry holds is ignored and computed again. Several missing
tables are spread over the available cores.
"""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

from betel_tutor.render.viewmodel import Analysis, analyse
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec


@cache
def solver_version() -> str:
    """The program's version and a digest of the solver's source and tables."""
    import betel_tutor
    from betel_tutor import solver

    digest = hashlib.sha256(betel_tutor.__version__.encode("ascii"))
    folder = Path(solver.__file__).parent
    for path in sorted(folder.iterdir()):
        if path.suffix in (".py", ".bin"):
            digest.update(path.name.encode("utf-8"))
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_folder() -> Path:
    """Where the tables are kept: the user's cache folder (``$XDG_CACHE_HOME`` on Linux)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("betel-tutor", appauthor=False)) / "trick-tables"


def deal_key(deal: DealSpec) -> str | None:
    """What an analysis depends on, as a digest; ``None`` for a deal the solver does not
    analyse (bridge, a variant)."""
    if deal.game != "betel" or deal.variant:
        return None
    dealt = realize(deal)
    shape: dict[str, Any] = {
        "solver": solver_version(),
        "hands": [sorted(str(card) for card in hand) for hand in dealt.hands],
    }
    if deal.play:
        from betel_tutor.scenario.script import replay

        replayed = replay(deal)
        shape["contract"] = str(replayed.contract)
        shape["declarer"] = None if replayed.declarer is None else int(replayed.declarer)
        shape["played"] = [[seat, str(card)] for seat, card in replayed.played]
        shape["held"] = [
            [sorted(str(card) for card in hand) for hand in state.hands]
            for state in replayed.states
        ]
    text = json.dumps(shape, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _read(path: Path) -> Analysis | None:
    """An entry, or ``None`` when there is none or it is damaged."""
    from betel_tutor.solver.table import COLUMNS, TrickTable

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = tuple(tuple(int(n) for n in row) for row in data["rows"])
        costs = [int(n) for n in data["costs"]]
        if len(rows) != 3 or any(len(row) != len(COLUMNS) for row in rows):
            return None
        return Analysis(TrickTable(rows, int(data["nodes"])), costs)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write(path: Path, analysis: Analysis) -> None:
    from betel_tutor.files import write_atomic

    entry = {
        "rows": [list(row) for row in analysis.table.rows],
        "nodes": analysis.table.nodes,
        "costs": analysis.costs,
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(entry))
    except OSError:  # a cache that cannot be written only costs time
        pass


def analyse_all(deals: list[DealSpec], *, use_cache: bool = True) -> list[Analysis | None]:
    """Every deal's analysis, in order: from the cache where it has it, the rest computed (on
    several cores when several are missing) and kept."""
    from betel_tutor.cores import usable_workers

    keys = [deal_key(deal) for deal in deals]
    folder = cache_folder()
    found: list[Analysis | None] = [None] * len(deals)
    missing: list[int] = []
    for index, key in enumerate(keys):
        if key is None:
            continue
        entry = _read(folder / f"{key}.json") if use_cache else None
        if entry is None:
            missing.append(index)
        found[index] = entry
    workers = usable_workers(len(missing))
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            computed = list(pool.map(analyse, [deals[i] for i in missing]))
    else:
        computed = [analyse(deals[i]) for i in missing]
    for index, analysis in zip(missing, computed, strict=True):
        found[index] = analysis
        key = keys[index]
        if analysis is not None and key is not None and use_cache:
            _write(folder / f"{key}.json", analysis)
    return found
