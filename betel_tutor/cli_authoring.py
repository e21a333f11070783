"""The authoring commands: ``check``, ``schema``, ``import-note``, ``deal`` and ``convert``.

Each command imports its part of the application layer and the library inside its body: only
Typer is loaded before a command runs, so that ``--help`` and every command start fast
(bench/startup.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from betel_tutor.cli_common import (
    CHECK_FAILED,
    USAGE_ERROR,
    Force,
    Json,
    Lang,
    Trump,
    dump,
    echo,
    kept,
    reported,
    workers_used,
)


def check_command(
    paths: Annotated[
        list[str], typer.Argument(help="Scenario files (.yaml) and notes (.txt), or folders.")
    ],
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Processes for the check, at most one per available core (more is capped, "
            "with a note on stderr) [default: one per core from 64 files on, else one].",
        ),
    ] = None,
    lang: Lang = None,
) -> None:
    """Check scenario files against the rules engine; every problem as path:line:column."""
    with reported(lang) as language:
        from betel_tutor.app.check import CheckOptions, check
        from betel_tutor.cli_progress import CheckProgress
        from betel_tutor.i18n import translate, translate_plural

        shown = CheckProgress(language)
        used = None if workers is None else workers_used(workers, language)
        checked = check(CheckOptions(tuple(paths), used), shown)
        shown.done()
        echo([problem.format(language) for problem in checked.problems])
        files = translate_plural("cli.files_checked", checked.files, language)
        problems = translate_plural("cli.problems_found", len(checked.problems), language)
        typer.echo(
            translate("cli.check_summary", language, files=files, problems=problems), err=True
        )
    if checked.problems:
        raise typer.Exit(CHECK_FAILED)


def schema_command() -> None:
    """Print the scenario format as a JSON Schema (for editors)."""
    from betel_tutor.app.schema import schema_text

    typer.echo(schema_text())


def import_note_command(
    note: Annotated[str, typer.Argument(help="A board note in the legacy text format.")],
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", help="Write the YAML here instead of printing it."),
    ] = None,
    game: Annotated[
        str, typer.Option("--game", help="The board's game: bridge or betel.")
    ] = "bridge",
    variant: Annotated[
        str | None, typer.Option("--variant", help="The board's rules variant: blue-suit.")
    ] = None,
    trump: Trump = None,
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Convert a legacy board note to a board scenario holding it (losslessly), which
    ``check`` accepts."""
    with reported(lang) as language:
        from betel_tutor.app.import_note import ImportOptions, import_note
        from betel_tutor.i18n import translate

        done = import_note(ImportOptions(note, output, game, variant, trump, force))
        for problem in done.problems:
            where = problem.position
            typer.echo(f"{where.path}:{where.line}: {problem.message(language)}", err=True)
        if done.error is not None:
            raise done.error
        if done.document is None:
            raise typer.Exit(USAGE_ERROR)
        if done.written is None:
            typer.echo(done.document, nl=False)
        kept(done.written, language)
        if done.worked_out is not None:  # from the note's example tricks
            typer.echo(translate("cli.note_rules", language, options=done.worked_out), err=True)


def deal_command(
    path: Annotated[
        str | None,
        typer.Argument(help="A scenario file: the constraints of its deal (see --id)."),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", help="betel or bridge, when no file is given [default: betel]."),
    ] = None,
    constraint: Annotated[
        list[str] | None,
        typer.Option(
            "--constraint",
            "-c",
            help='A condition, e.g. "S hcp 12-15", "N ♠ 5+", "S shape 5-3-1-1", '
            '"dubel has ♠A", "S makes 3NT", "W takes at most 1 in B1" (docs/scenarios.md).',
        ),
    ] = None,
    deal_id: Annotated[
        str | None, typer.Option("--id", help="The file's deal [default: its first].")
    ] = None,
    count: Annotated[int, typer.Option("--count", min=1, max=1000, help="Deals to find.")] = 1,
    tries: Annotated[
        int, typer.Option("--tries", min=1, max=1_000_000, help="Candidate deals tested at most.")
    ] = 20_000,
    seed: Annotated[
        str | None, typer.Option("--seed", help="Start from this seed [default: a new one].")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Processes, at most one per available core [default: one per core with a "
            "double-dummy condition, else one].",
        ),
    ] = None,
    out: Annotated[
        str | None, typer.Option("--out", "-o", help="Write the deals as a scenario file.")
    ] = None,
    out_id: Annotated[
        str | None,
        typer.Option("--out-id", help="The written file's id [default: from its name]."),
    ] = None,
    title: Annotated[
        str | None,
        typer.Option("--title", help="The written file's title [default: from its name]."),
    ] = None,
    max_time: Annotated[
        float | None,
        typer.Option(
            "--max-time",
            help="Stop searching after this many seconds [default: no limit but --tries]; "
            "a search of more than a few seconds shows its progress on stderr.",
        ),
    ] = None,
    force: Force = False,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Find deals for a lesson: dealt from a seed until they meet every constraint."""
    with reported(lang) as language:
        from betel_tutor.app.deal import DealOptions, deal
        from betel_tutor.cli_progress import SearchProgress

        asked = (path, game, tuple(constraint or ()), deal_id, count, tries, seed)
        used = None if workers is None else workers_used(workers, language)
        options = DealOptions(*asked, used, out, max_time, force, out_id, title)
        shown = SearchProgress(language, tries, count)
        dealt = deal(options, shown)
        shown.done()
        kept(dealt.written, language)
        if as_json:
            dump(dealt.to_json())
        else:
            echo(dealt.lines(language))
        if dealt.unmet is not None:
            raise dealt.unmet


def convert_command(
    source: Annotated[str, typer.Argument(help="A board file: .pbn, .lin or .yaml.")],
    target: Annotated[str, typer.Argument(help="The file to write: .pbn or .yaml.")],
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Convert bridge boards between PBN, LIN and YAML, by the files' extensions (notes kept)."""
    with reported(lang) as language:
        from betel_tutor.app.convert import ConvertOptions, convert
        from betel_tutor.i18n import translate, translate_plural

        converted = convert(ConvertOptions(source, target, force))
        kept(converted.written, language)
        boards = translate_plural("cli.boards_written", converted.boards, language)
        said = translate("cli.converted", language, source=source, target=target, boards=boards)
        typer.echo(said, err=True)
