"""``simulate``: over many deals meeting constraints, how often conditions hold, the
declarer's expected tricks and each contract's expected score, as a table, JSON or a page of
charts (docs/simulate.md).

A run keeps a journal of the deals worked out (by default in the user's cache folder, under a
name made from the run's arguments): the same command started again after Ctrl-C or a crash
goes on where the run stopped, with the seed the first run chose when none was given, and
gives the figures an uninterrupted run gives."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from betel_tutor.app.seeds import seed_text
from betel_tutor.app.writing import Written, write
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.files import check_outputs
from betel_tutor.simulation import Plan, Summary, simulate
from betel_tutor.simulation.deals import deal_figures

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
    journal: str | None = None  # [default: in the user's cache, named by the arguments]


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


TASK = f"{deal_figures.__module__}.{deal_figures.__qualname__}"


def identity_of(options: SimulateOptions, seed: str | None) -> dict[str, object]:
    """What a run is of, as its journal keeps it: the arguments that decide its figures."""
    return {
        "game": options.game.strip().lower(),
        "constraints": list(options.constraints),
        "stats": list(options.stats),
        "deals": options.deals,
        "seed": seed,
    }


def journal_path(options: SimulateOptions) -> Path | None:
    """The journal ``--journal`` names, or the one in the user's cache folder named by the
    arguments (the seed as given: a run without one goes on with the seed it chose); ``None``
    when there is no cache folder to keep it in (the run goes on, without a way to resume)."""
    if options.journal is not None:
        return Path(options.journal)
    from platformdirs import user_cache_dir

    named = json.dumps(identity_of(options, options.seed), sort_keys=True)
    key = hashlib.sha256(named.encode("ascii")).hexdigest()[:32]
    folder = Path(user_cache_dir("betel-tutor", appauthor=False)) / "simulate"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder / f"{key}.journal"


def journaled_seed(options: SimulateOptions, path: Path) -> str | None:
    """The seed of the run the journal at ``path`` holds, ``None`` when it holds none yet;
    a :class:`BetelError` when it is the journal of another command or other arguments."""
    from betel_tutor.bulk.journal import header_of

    try:
        header = header_of(path)
    except BetelError as error:
        if error.key != "bulk.journal_bad_line":
            raise
        raise BetelError("simulate.journal_other", path=str(path)) from None  # not a journal
    if header is None:
        return None
    run = header.get("run")
    seed = run.get("seed") if isinstance(run, dict) else None
    if header.get("task") != TASK or not isinstance(seed, str):
        raise BetelError("simulate.journal_other", path=str(path))
    if run != identity_of(options, seed_text(options.seed) or seed):
        raise BetelError("simulate.journal_other", path=str(path))
    return seed


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


def _told_first(
    note: Callable[[], None], progress: Callable[[int, int], None] | None
) -> Callable[[int, int], None]:
    """``progress``, with ``note`` called before its first call: a run going on says so once
    it holds its journal, not when another run holds it and it is refused."""
    pending = [note]

    def told(done: int, deals: int) -> None:
        while pending:
            pending.pop()()
        if progress is not None:
            progress(done, deals)

    return told


def run_simulation(
    options: SimulateOptions,
    progress: Callable[[int, int], None] | None = None,
    resumed: Callable[[str], None] | None = None,
) -> Simulated:
    """The figures, and the page written when ``html`` names one (its place is checked
    before the deals are dealt, not after). ``resumed`` is told the seed when the run goes on
    from the journal of one stopped before, before the first deal counted."""
    plan = plan_of(options)
    journal = journal_path(options)
    seed = None if journal is None else journaled_seed(options, journal)
    if options.html is not None:
        refuse_unwritable(options.html, force=options.force)
    if seed is not None:
        plan = replace(plan, base=seed)
        if resumed is not None:
            progress = _told_first(lambda: resumed(seed), progress)
    summary = simulate(
        plan,
        options.deals,
        workers=options.workers,
        cluster=options.cluster,
        progress=progress,
        journal=None if journal is None else str(journal),
        identity=identity_of(options, plan.base),
    )
    written = None
    if options.html is not None:
        from betel_tutor.simulation.page import page

        document = page(summary, options.lang)
        written = write(options.html, document, folder=False, kind="html", force=options.force)
    return Simulated(summary, written)
