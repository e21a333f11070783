"""``puzzles build``, ``puzzles export`` and ``puzzles check``: the corpus of solver-made
puzzles (docs/puzzles.md). Each command imports the application layer inside its body, so
that ``--help`` loads only Typer."""

from __future__ import annotations

from typing import Annotated

import typer

from betel_tutor.cli_common import (
    CHECK_FAILED,
    Force,
    Json,
    Lang,
    dump,
    kept,
    reported,
    warn,
    workers_used,
)

puzzles_app = typer.Typer(
    help="Puzzles made by the solver: build a corpus, export puzzles, prove them again.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

Corpus = Annotated[
    str | None,
    typer.Option("--corpus", help="A corpus file [default: the one shipped with the program]."),
]
Theme = Annotated[
    str | None,
    typer.Option(
        "--theme", help="Only puzzles of this theme (its key, or its name in English or Polish)."
    ),
]


@puzzles_app.command("build")
def build_command(
    deals: Annotated[int, typer.Option("--deals", help="How many seeded deals to search.")],
    seed: Annotated[str, typer.Option("--seed", help="The first deal's seed.")] = "0",
    out: Annotated[
        str, typer.Option("--out", help="The SQLite file to write.")
    ] = "betel-puzzles.sqlite",
    workers: Annotated[
        int | None, typer.Option("--workers", help="Processes [default: one per core].")
    ] = None,
    cluster: Annotated[
        str | None, typer.Option("--cluster", help="A Dask scheduler: tcp://host:8786.")
    ] = None,
    kind: Annotated[
        list[str] | None,
        typer.Option("--kind", help="Only contracts of this kind: trump, notrump, betelek, betel."),
    ] = None,
    games: Annotated[
        bool,
        typer.Option("--games", help="From the strong computer players' games of the deals."),
    ] = False,
    lang: Lang = None,
) -> None:
    """Search seeded deals for puzzles and write them to an SQLite corpus; a killed build
    given the same arguments continues where it stopped."""
    with reported(lang) as language:
        from pathlib import Path

        from betel_tutor.app.puzzles import BuildOptions, build_corpus, built_line
        from betel_tutor.cli_progress import CountProgress

        used = None if workers is None else workers_used(workers, language)
        progress = CountProgress(language, "puzzles.progress")
        built = build_corpus(
            BuildOptions(
                deals,
                Path(out),
                seed=int(seed) if seed.isdigit() else seed,
                workers=used,
                cluster=cluster,
                kinds=tuple(kind or ()),
                games=games,
            ),
            progress=lambda done, total: progress(done, total or deals),
        )
        progress.done()
        typer.echo(built_line(built, language))


@puzzles_app.command("merge")
def merge_command(
    out: Annotated[str, typer.Argument(help="The SQLite file to write.")],
    corpora: Annotated[list[str], typer.Argument(help="The corpora to join.")],
    lang: Lang = None,
) -> None:
    """Join corpora into one (a puzzle in several is kept once), e.g. a build of every kind
    and a build of many deals for the rare Betel puzzles (--kind betel)."""
    with reported(lang) as language:
        from pathlib import Path

        from betel_tutor.app.puzzles import built_line, merge_corpora

        typer.echo(built_line(merge_corpora(Path(out), [Path(c) for c in corpora]), language))


@puzzles_app.command("export")
def export_command(
    count: Annotated[int, typer.Option("--count", help="How many puzzles.")] = 10,
    theme: Theme = None,
    corpus: Corpus = None,
    out: Annotated[
        str | None, typer.Option("--out", help="Write a practice scenario (YAML) to this file.")
    ] = None,
    as_json: Json = False,
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Chosen puzzles, easiest first: as JSON, or as a practice scenario for `learn FILE`
    and `render`."""
    with reported(lang) as language:
        from pathlib import Path

        from betel_tutor.app.puzzles import chosen, export_json, export_yaml
        from betel_tutor.app.writing import write
        from betel_tutor.puzzles.theme_names import read_theme

        theme = None if theme is None else read_theme(theme)  # a name in either language
        puzzles = chosen(None if corpus is None else Path(corpus), count, theme)
        if out is not None:
            written = write(
                out, export_yaml(puzzles, theme), folder=False, kind="yaml", force=force
            )
            kept(written, language)
            typer.echo(str(written.path))
        elif as_json:
            dump(export_json(puzzles))
        else:
            typer.echo(export_yaml(puzzles, theme), nl=False)


@puzzles_app.command("check")
def check_command(
    corpus: Corpus = None,
    sample: Annotated[
        int | None, typer.Option("--every", help="Prove only every N-th puzzle.")
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Processes [default: one per core].")
    ] = None,
    lang: Lang = None,
) -> None:
    """Prove every puzzle of a corpus again with the solver: its answer the only one, its
    line the best play."""
    with reported(lang) as language:
        from pathlib import Path

        from betel_tutor.app.puzzles import check_corpus
        from betel_tutor.cli_progress import CountProgress
        from betel_tutor.i18n import translate, translate_plural

        progress = CountProgress(language, "puzzles.proving")
        used = None if workers is None else workers_used(workers, language)
        checked = check_corpus(
            None if corpus is None else Path(corpus),
            sample=sample,
            workers=used,
            progress=progress,
        )
        progress.done()
        puzzles = translate_plural("puzzles.count", checked.checked, language)
        for problem in checked.problems:
            warn(problem, language)
        if checked.problems:
            bad = len(checked.problems)
            typer.echo(translate("puzzles.check_failed", language, puzzles=puzzles, bad=bad))
            raise typer.Exit(CHECK_FAILED)
        typer.echo(translate("puzzles.checked", language, puzzles=puzzles))
