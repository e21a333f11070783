"""The commands that answer with the solver and the odds: ``odds``, ``solve``, ``laydown``.

Each command imports its part of the application layer and the library inside its body: only
Typer is loaded before a command runs, so that ``--help`` and every command start fast
(bench/startup.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from betel_tutor.cli_common import Json, Lang, dump, echo, reported, workers_used


def odds_command(
    hold: Annotated[int, typer.Option("--hold", help="Cards of the suit in your hand.")],
    dubel: Annotated[int, typer.Option("--dubel", help="Cards of the suit in the dubel.")] = 0,
    after_discard: Annotated[
        bool, typer.Option("--after-discard", help="An opponent discarded one and you took it.")
    ] = False,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """How the missing cards of a suit split between the opponents (spec §10)."""
    with reported(lang) as language:
        from betel_tutor.app.odds import OddsOptions, odds

        table = odds(OddsOptions(hold, dubel, after_discard))
        if as_json:
            dump(table.to_json())
        else:
            echo(table.lines(language))


def solve_command(
    path: Annotated[
        str | None, typer.Argument(help="A scenario file: every Betel deal in it.")
    ] = None,
    seed: Annotated[
        str | None, typer.Option("--seed", help="Solve the deal from this seed.")
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            help="Only this declarer: 0 or S South, 1 or W West, 2 or N North; on a bridge "
            "board N, E, S or W (its row of the table; par stays the board's).",
        ),
    ] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """The declarer's tricks with best play in every contract, for each seat (double dummy)."""
    with reported(lang) as language:
        from betel_tutor.app.solve import SolveOptions, solve

        solved = solve(SolveOptions(path, seed, seat))
        for refused in solved.refused:
            typer.echo(refused.message(language), err=True)
        if as_json:
            dump(solved.to_json(language))
            return
        for number, block in enumerate(solved.blocks(language)):
            echo([""] * (number > 0) + block)


def laydown_command(
    hand: Annotated[
        str, typer.Argument(help='The declarer\'s ten cards, e.g. "♠AKQJ109 ♥AK ♦AK".')
    ],
    contract: Annotated[str, typer.Option("--contract", help="The contract, e.g. 4♠, 3NT, B1.")],
    dubel: Annotated[
        str | None,
        typer.Option(
            "--dubel",
            help="The two dubel cards, to exchange with [default: none known: the ten cards "
            "alone, against every placement of the other 22, with no exchange].",
        ),
    ] = None,
    budget: Annotated[
        int,
        typer.Option(
            "--budget",
            min=1,
            help="Information sets to search over all the exchanges before answering open "
            "(a bound on time and memory: under a minute).",
        ),
    ] = 300_000,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="Processes to spread the exchanges over, at most one per available core (more "
            "is capped, with a note on stderr).",
        ),
    ] = 1,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Prove that a hand makes its contract against every distribution and defence, or
    that no line does (with a distribution that beats every line when there is one)."""
    with reported(lang) as language:
        from betel_tutor.app.laydown import LaydownOptions, laydown
        from betel_tutor.solver.laydown import report_lines, to_json

        used = workers_used(workers, language)
        result = laydown(LaydownOptions(hand, contract, dubel, budget, used, language))
        if as_json:
            dump(to_json(result))
        else:
            echo(report_lines(result, language))
        if result.verdict != "proved":
            raise typer.Exit(1)
