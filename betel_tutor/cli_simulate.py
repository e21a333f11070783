"""The ``simulate`` command: a simulation's options read from the command line, its figures
shown as a table, JSON or a page of charts (docs/simulate.md).

The library is imported inside the body: only Typer is loaded before the command runs."""

from __future__ import annotations

from typing import Annotated

import typer

from betel_tutor.cli_common import Force, Json, Lang, dump, echo, kept, reported, workers_used


def simulate_command(
    stat: Annotated[
        list[str] | None,
        typer.Option(
            "--stat",
            "-s",
            help='A condition to count, e.g. "S makes 2♠", "W takes at least 3 in B1", '
            '"S hcp 12+ and not N has ♠A" (docs/simulate.md).',
        ),
    ] = None,
    deals: Annotated[int, typer.Option("--deals", "-n", help="Deals to count.")] = 1000,
    constraint: Annotated[
        list[str] | None,
        typer.Option(
            "--constraint",
            "-c",
            help="A condition every deal meets, as deal's --constraint (docs/scenarios.md).",
        ),
    ] = None,
    game: Annotated[str, typer.Option("--game", help="betel or bridge.")] = "betel",
    seed: Annotated[
        str | None,
        typer.Option("--seed", help="Deal from this seed [default: a new one, shown]."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Processes, at most one per available core [default: one per core].",
        ),
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster", help="A Dask scheduler's address, tcp://host:8786, whose workers deal."
        ),
    ] = None,
    as_json: Json = False,
    html: Annotated[
        str | None,
        typer.Option("--html", help="Write a page with the figures drawn as charts here."),
    ] = None,
    journal: Annotated[
        str | None,
        typer.Option(
            "--journal",
            help="Keep the deals worked out in this file, and go on from it if a run stopped "
            "[default: in the user's cache, by the arguments].",
            show_default=False,
        ),
    ] = None,
    force: Force = False,
    lang: Lang = None,
) -> None:
    """How often conditions hold over many deals meeting constraints, the declarer's
    expected tricks and each contract's expected score, each with its standard error. The
    same command started again after Ctrl-C goes on where it stopped."""
    with reported(lang) as language:
        from betel_tutor.app.simulate import SimulateOptions, run_simulation
        from betel_tutor.cli_progress import CountProgress
        from betel_tutor.errors import BetelError
        from betel_tutor.i18n import translate
        from betel_tutor.simulation.text import lines

        if as_json and html is not None:
            raise BetelError("simulate.json_or_html")
        options = SimulateOptions(
            constraints=tuple(constraint or ()),
            stats=tuple(stat or ()),
            deals=deals,
            game=game,
            seed=seed,
            workers=None if workers is None else workers_used(workers, language),
            cluster=cluster,
            html=html,
            force=force,
            lang=language,
            journal=journal,
        )

        def resumed(seed: str) -> None:
            typer.echo(translate("simulate.resumed", language, seed=seed), err=True)

        shown = CountProgress(language, "simulate.progress", first=2.0)
        simulated = run_simulation(options, shown, resumed)
        shown.done()
        if as_json:
            dump(simulated.summary.to_json())
        elif simulated.written is None:
            echo(lines(simulated.summary, language))
        else:
            kept(simulated.written, language)
            typer.echo(str(simulated.written.path))
