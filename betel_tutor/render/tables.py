"""Trick tables for the answer sheets, computed once per deal and kept in the user's cache
folder.

An entry is keyed by the deal (its hands, and for the cost marks its scripted play, exchanges
and swaps included) and by the solver's version (a digest of the solver's own source), so a
changed solver never serves an old figure. Entries are written atomically; one that cannot be
read or does not hold what an entry holds is ignored and computed again. Several missing
tables are spread over the available cores, and the sheet is laid out while they are computed.

The shipped scenarios' entries ship with the program (:data:`SHIPPED`, made by
:mod:`betel_tutor.render.shipped`), read and checked like the cache's, where the cache has none:
a first render of the shipped lessons searches nothing. Made by another solver, they are not
read.
"""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import Future, ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

from betel_tutor.bridge.dd import whole
from betel_tutor.render.cache import cache_folder, read_entry, write_entry
from betel_tutor.render.played import PlayedDeal
from betel_tutor.render.viewmodel import Analysis, SolvedTrick, analyse, start_of
from betel_tutor.solver.known import solver_version as solver_version  # re-exported


def deal_key(played: PlayedDeal) -> str | None:
    """What an analysis depends on, as a digest; ``None`` for a deal the solver does not
    analyse (bridge, a variant)."""
    deal, replayed = played.spec, played.replayed
    if not deal.profile.solvable:
        return None
    shape: dict[str, Any] = {
        "solver": solver_version(),
        "hands": [sorted(str(card) for card in hand) for hand in played.dealt.hands],
    }
    start = start_of(played)
    if start is not None:  # the solution's contract
        shape["start"] = [str(start.contract), start.declarer, int(start.leader)]
        shape["start_hands"] = [sorted(str(card) for card in hand) for hand in start.hands]
    if deal.play and replayed is not None:
        shape["contract"] = str(replayed.contract)
        shape["declarer"] = None if replayed.declarer is None else int(replayed.declarer)
        shape["played"] = [[seat, str(card)] for seat, card in replayed.played]
        shape["held"] = [
            [sorted(str(card) for card in hand) for hand in state.hands]
            for state in replayed.states
        ]
    text = json.dumps(shape, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


TRICKS = 10  # a Betel hand's tricks: every figure of an entry is from 0 to this

SHIPPED = Path(__file__).with_name("shipped_tables.json")
SHIPPED_LIMIT = 4 * 1024 * 1024  # the shipped file: a hundred or so tables of a kilobyte


@cache
def _shipped() -> dict[str, Any]:
    """The shipped entries by their key; none when the file is missing, holds no object of
    entries, or was made by another solver."""
    data = read_entry(SHIPPED, limit=SHIPPED_LIMIT)
    if not isinstance(data, dict) or data.get("solver") != solver_version():
        return {}
    entries = data.get("tables")
    return entries if isinstance(entries, dict) else {}


def _read(path: Path) -> Analysis | None:
    """An entry of the cache, or ``None`` when there is none or it is not one."""
    return _parse(read_entry(path))


def _parse(data: Any) -> Analysis | None:
    """An entry's analysis, or ``None`` when it does not hold what an entry holds: three
    rows of seven trick counts, a cost of up to :data:`TRICKS` per card played (at most the
    pack), a count of positions searched."""
    from betel_tutor.solver.table import COLUMNS, TrickTable

    try:
        rows = tuple(tuple(whole(n, 0, TRICKS) for n in row) for row in data["rows"])
        costs = [whole(n, 0, TRICKS) for n in data["costs"]]
        if len(rows) != 3 or any(len(row) != len(COLUMNS) for row in rows) or len(costs) > 32:
            return None
        solved = tuple(_solved_trick(trick) for trick in data["solution"])
        if len(solved) > TRICKS or not isinstance(data["takes"], bool):
            return None
        table = TrickTable(rows, whole(data["nodes"], 0, 2**63))
        return Analysis(table, costs, solved, data["takes"])
    except (ValueError, KeyError, TypeError):
        return None


def _solved_trick(data: Any) -> SolvedTrick:
    """A trick of an entry's solution, checked: seats 0–2, three cards, a known technique;
    raises ValueError (or TypeError, KeyError) otherwise."""
    from betel_tutor.cards import parse_card
    from betel_tutor.solver.commentary import TECHNIQUES

    leader, cards, winner, (technique, seat, card, other, cost) = data
    played = tuple((whole(s, 0, 2), str(parse_card(c))) for s, c in cards)
    if len(played) != 3 or technique not in TECHNIQUES:
        raise ValueError(technique)
    return (
        whole(leader, 0, 2),
        played,
        whole(winner, 0, 2),
        (
            technique,
            whole(seat, 0, 2),
            str(parse_card(card)),
            str(parse_card(other)) if other else "",
            whole(cost, 0, TRICKS),
        ),
    )


def entry_of(analysis: Analysis) -> dict[str, Any]:
    """An analysis as an entry's JSON (what :func:`_parse` reads back)."""
    return {
        "rows": [list(row) for row in analysis.table.rows],
        "nodes": analysis.table.nodes,
        "costs": analysis.costs,
        "solution": [list(trick) for trick in analysis.solution],
        "takes": analysis.takes,
    }


def _write(path: Path, analysis: Analysis) -> None:
    write_entry(path, entry_of(analysis))


def _load_solver() -> None:
    """The solver's modules and per-suit tables, loaded before the workers are started: they
    begin with them (where processes are forked), and this process checks the files with them
    meanwhile."""
    from betel_tutor.solver import advice, suit_data, table

    suit_data.load()
    del advice, table


class Analyses:
    """Every deal's analysis, fetched by its place in ``deals``: from the cache where it has
    it; the rest started at once (spread over the available cores when several are missing,
    so that the caller can lay out other deals while they are computed), and kept in the cache
    as they are fetched. A deal held twice (one deal in several files) is analysed once. The
    deals are played already (:mod:`betel_tutor.render.played`): a worker is handed the deal
    played, and neither deals nor replays it again. Use it as a context manager: leaving it
    waits for what was started and keeps it."""

    def __init__(self, deals: list[PlayedDeal], *, use_cache: bool = True) -> None:
        from betel_tutor.cores import usable_workers, worker_pool

        self._deals = deals
        self._use_cache = use_cache
        self._keys = [deal_key(deal) for deal in deals]
        self._places = {id(deal): index for index, deal in enumerate(deals)}
        self._folder = cache_folder()
        self._found: dict[str, Analysis | None] = {}
        missing: list[str] = []  # keys, each once, in the deals' order
        self._first: dict[str, int] = {}  # a key's first deal
        for index, key in enumerate(self._keys):
            if key is None or key in self._first:
                continue
            self._first[key] = index
            entry = self._read(key)
            if entry is None:
                missing.append(key)
            else:
                self._found[key] = entry
        self._pool: ProcessPoolExecutor | None = None
        self._pending: dict[str, Future[Analysis | None]] = {}
        workers = usable_workers(len(missing))
        if workers > 1:
            _load_solver()  # once, here, rather than in every worker
            self._pool = worker_pool(workers)
            for key in missing:
                self._pending[key] = self._pool.submit(analyse, deals[self._first[key]])

    def _read(self, key: str) -> Analysis | None:
        """The cache's entry, else the shipped one."""
        if not self._use_cache:
            return None
        found = _read(self._folder / f"{key}.json")
        if found is None and key in _shipped():
            found = _parse(_shipped()[key])
        return found

    def get(self, index: int) -> Analysis | None:
        """The analysis of ``deals[index]``; ``None`` for a deal the solver does not analyse."""
        key = self._keys[index]
        if key is None:
            return None
        if key not in self._found:
            pending = self._pending.pop(key, None)
            analysis = analyse(self._deals[index]) if pending is None else pending.result()
            self._found[key] = analysis
            if analysis is not None and self._use_cache:
                _write(self._folder / f"{key}.json", analysis)
        return self._found[key]

    def of(self, deal: PlayedDeal) -> Analysis | None:
        """The analysis of a deal given (this very object); another deal is analysed here."""
        index = self._places.get(id(deal))
        return analyse(deal) if index is None else self.get(index)

    def close(self) -> None:
        """Wait for the analyses started and keep them; then stop the processes."""
        try:
            for key in list(self._pending):
                self.get(self._first[key])
        finally:
            if self._pool is not None:
                self._pool.shutdown(cancel_futures=True)
                self._pool = None

    def __enter__(self) -> Analyses:
        return self

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if error is not None and self._pool is not None:  # no waiting for what is not needed
            self._pending.clear()
        self.close()


def analyse_all(deals: list[PlayedDeal], *, use_cache: bool = True) -> list[Analysis | None]:
    """Every deal's analysis, in order (see :class:`Analyses`)."""
    with Analyses(deals, use_cache=use_cache) as analyses:
        return [analyses.get(index) for index in range(len(deals))]
