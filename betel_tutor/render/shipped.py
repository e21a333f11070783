"""The shipped scenarios' trick tables, made again for the file shipped with the program
(:data:`betel_tutor.render.tables.SHIPPED`), so that the first answer sheet of a shipped lesson
searches nothing. ``scripts/ship_tables.py`` writes it; a test says when it is out of date (a
changed solver, a changed lesson).
"""

from __future__ import annotations

import json
from pathlib import Path

from betel_tutor.render.played import PlayedDeal, play_all
from betel_tutor.render.tables import SHIPPED, analyse_all, deal_key, entry_of, solver_version


def shipped_deals() -> dict[str, PlayedDeal]:
    """Every deal of the shipped scenarios that the solver analyses, by its key (a deal in
    several files once)."""
    from betel_tutor.resources import data_dir
    from betel_tutor.scenario.check import collect_files
    from betel_tutor.scenario.course import COURSE_FILE
    from betel_tutor.scenario.loader import load_file

    found, _ = collect_files([str(data_dir("scenarios"))])
    scenarios = [
        load_file(path).whole
        for path in found
        if not path.endswith(".txt") and Path(path).name != COURSE_FILE
    ]
    played = play_all(spec for scenario in scenarios if scenario for spec in scenario.deals)
    deals: dict[str, PlayedDeal] = {}
    for deal in played.values():
        key = deal_key(deal)
        if key is not None:
            deals.setdefault(key, deal)
    return deals


def ship_tables(path: Path = SHIPPED) -> int:
    """Write the shipped scenarios' tables to ``path``, analysed afresh by this solver (no
    cache read); the number of tables."""
    deals = shipped_deals()
    analyses = analyse_all(list(deals.values()), use_cache=False)
    tables = {
        key: entry_of(analysis)
        for key, analysis in zip(deals, analyses, strict=True)
        if analysis is not None
    }
    data = {"solver": solver_version(), "tables": dict(sorted(tables.items()))}
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return len(tables)
