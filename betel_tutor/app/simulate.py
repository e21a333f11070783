"""``simulate``: over many deals meeting constraints, how often conditions hold, the
declarer's expected tricks and each contract's expected score, as a table, JSON or a page of
charts (docs/simulate.md)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from betel_tutor.app.seeds import seed_text
from betel_tutor.app.writing import Written, write
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.files import check_outputs
from betel_tutor.simulation import Plan, Summary, simulate

MOST_DEALS = 10_000_000


@dataclass(frozen=True, slots=True)
class SimulateOptions:
    constraints: tuple[str, ...] = ()  # conditions every deal meets, e.g. "S hcp 12+"
    stats: tuple[str, ...] = ()  # conditions counted, e.g. "S makes 2♠"
    deals: int = 1000
    game: str = "betel"
    seed: str | None = None  # [default: a new one, shown with the figures]
    workers: int | None = None
    cluster: str | None = None
    html: str | None = None  # a page of charts to write
    force: bool = False
    lang: str = "en"  # the page's language


@dataclass(frozen=True, slots=True)
class Simulated:
    summary: Summary
    written: Written | None = None


def plan_of(options: SimulateOptions) -> Plan:
    """What to deal and count; a :class:`BetelError` naming the first bad option."""
    from betel_tutor.profiles import Game
    from betel_tutor.scenario.conditions import parse_condition
    from betel_tutor.scenario.finder import Wanted, refuse_impossible

    try:
        game = Game(options.game.strip().lower())
    except ValueError:
        raise NotationError("finder.bad_game", token=options.game, position=0) from None
    if not 0 < options.deals <= MOST_DEALS:
        raise NotationError(
            "simulate.bad_deals", token=str(options.deals), position=0, most=MOST_DEALS
        )
    if not options.stats:
        raise BetelError("simulate.no_stat")
    constraints = tuple(parse_condition(text, game=game) for text in options.constraints)
    stats = tuple(parse_condition(text, game=game) for text in options.stats)
    wanted = Wanted(game, conditions=constraints)
    refuse_impossible(wanted)
    base = seed_text(options.seed) or secrets.token_hex(4)
    return Plan(wanted, base, stats)


def refuse_unwritable(path: str, *, force: bool) -> None:
    """A :class:`BetelError` now, before hours of dealing, when the page could not be written:
    no folder there, a folder that cannot be written to, a folder or a file not ours in its
    place."""
    import errno
    import os

    from betel_tutor.files import why_not

    check_outputs([Path(path)], force=force)
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise BetelError("cli.output_no_folder", path=path, folder=folder)
    if not os.access(folder, os.W_OK):
        refused = PermissionError(errno.EACCES, os.strerror(errno.EACCES), folder)
        raise BetelError("cli.cannot_write", path=path, detail=why_not(refused))


def run_simulation(
    options: SimulateOptions, progress: Callable[[int, int], None] | None = None
) -> Simulated:
    """The figures, and the page written when ``html`` names one (its place is checked
    before the deals are dealt, not after)."""
    plan = plan_of(options)
    if options.html is not None:
        refuse_unwritable(options.html, force=options.force)
    summary = simulate(
        plan, options.deals, workers=options.workers, cluster=options.cluster, progress=progress
    )
    written = None
    if options.html is not None:
        from betel_tutor.simulation.page import page

        document = page(summary, options.lang)
        written = write(options.html, document, folder=False, kind="html", force=options.force)
    return Simulated(summary, written)
