"""The command line: the ``betel-tutor`` Typer app, its commands over the application layer
(:mod:`betel_tutor.app`), and the console script's :func:`main`.

The commands are declared by kind beside this module (``cli_explain``, ``cli_authoring``,
``cli_solving``, ``cli_tutor``) over what they share (``cli_common``); each declares its
options, calls one function of the application layer and turns its result into text and exit
status. A command imports its part of the application layer inside its body: only Typer is
loaded up front, so that ``--help`` and every command start fast (bench/startup.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Annotated, Any

import typer

from betel_tutor.cli_authoring import (
    check_command,
    convert_command,
    deal_command,
    import_note_command,
    schema_command,
)
from betel_tutor.cli_common import CHECK_FAILED, USAGE_ERROR, Force, kept
from betel_tutor.cli_common import reported as _reported
from betel_tutor.cli_explain import (
    explain_auction_command,
    explain_legal_command,
    explain_score_command,
    explain_trick_command,
    rules_command,
)
from betel_tutor.cli_solving import laydown_command, odds_command, solve_command
from betel_tutor.cli_streams import fit_output
from betel_tutor.cli_tutor import learn_command, progress_command

if TYPE_CHECKING:
    from pathlib import Path

    from betel_tutor.render.pdf import Printer
    from betel_tutor.render.tables import Analyses

__all__ = ["CHECK_FAILED", "USAGE_ERROR", "app", "laydown_command", "main"]

app = typer.Typer(
    name="betel-tutor",
    help="Learn and teach Betel, the Polish three-player trick-taking game.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
explain_app = typer.Typer(
    help="Explain a trick, the legal cards, a score or an auction, step by step.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(explain_app, name="explain")

EXPLAIN_COMMANDS: dict[str, Callable[..., None]] = {
    "trick": explain_trick_command,
    "legal": explain_legal_command,
    "score": explain_score_command,
    "auction": explain_auction_command,
}
COMMANDS: dict[str, Callable[..., None]] = {  # in the order --help lists them
    "rules": rules_command,
    "check": check_command,
    "schema": schema_command,
    "import-note": import_note_command,
    "deal": deal_command,
    "odds": odds_command,
}
LATER_COMMANDS: dict[str, Callable[..., None]] = {  # after render
    "solve": solve_command,
    "convert": convert_command,
    "laydown": laydown_command,
    "learn": learn_command,
    "progress": progress_command,
}
for name, command in EXPLAIN_COMMANDS.items():
    explain_app.command(name)(command)
for name, command in COMMANDS.items():
    app.command(name)(command)


@app.command("render")
def render_command(
    paths: Annotated[list[str], typer.Argument(help="Scenario files, or folders for a handout.")],
    output: Annotated[str, typer.Option("--output", "-o", help="The folder for the HTML files.")],
    sheet: Annotated[str, typer.Option("--sheet", help="student or answers.")] = "answers",
    per_page: Annotated[
        int, typer.Option("--per-page", help="Deals a printed page: 1, 2 or 4.")
    ] = 1,
    solver: Annotated[
        bool,
        typer.Option(
            "--solver/--no-solver",
            help="On the answer sheet: each deal's trick table and the cards that cost a trick.",
        ),
    ] = True,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="en, pl, or both side by side [default: from the locale]"),
    ] = None,
    pdf: Annotated[
        bool, typer.Option("--pdf", help="Also a print-ready PDF (A4) beside each HTML file.")
    ] = False,
    force: Force = False,
) -> None:
    """Render scenario files as self-contained HTML deal sheets; a folder makes one handout
    with an index."""
    both = (lang or "").strip().lower() == "both"
    with _reported(None if both else lang) as language:
        from pathlib import Path

        from betel_tutor.errors import BetelError, NotationError
        from betel_tutor.render.html import PER_PAGE, render_handout
        from betel_tutor.scenario.check import check_file, collect_files
        from betel_tutor.scenario.loader import load

        if sheet not in ("student", "answers"):
            raise NotationError("cli.bad_sheet", token=sheet, position=0)
        if per_page not in PER_PAGE:
            raise NotationError("cli.bad_per_page", token=str(per_page), position=0)
        page_lang = "both" if both else language
        found, problems = collect_files(paths)
        files = [path for path in found if not path.endswith(".txt")]
        if not files and not problems:
            raise BetelError("cli.nothing_to_render", paths=" ".join(paths))
        handout = any(Path(path).is_dir() for path in paths)
        # The PDF's workers are started first (before any thread), and import WeasyPrint while
        # the files are read and checked: a handout's lessons are laid out side by side.
        printing: AbstractContextManager[Printer | None] = nullcontext()
        if pdf:
            from betel_tutor.render.pdf import Printer

            printing = Printer(documents=len(files) + 1 if handout else len(files))
        # The files are read before they are checked, so that their trick tables are computed
        # (in other processes) while the checks run; a sheet is still only printed from files
        # the checker passes.
        loaded = [load(path) for path in files]
        tables: AbstractContextManager[Analyses | None] = nullcontext()
        if solver and sheet == "answers":
            from betel_tutor.render.tables import Analyses

            readable = [s for s, faults in loaded if s is not None and not faults]
            tables = Analyses([spec for scenario in readable for spec in scenario.deals])
        with printing as printer, tables as analyses:
            problems += [problem for path in files for problem in check_file(path)]
            for problem in problems:
                typer.echo(problem.format(language), err=True)
            if problems:
                raise typer.Exit(CHECK_FAILED)
            folder = Path(output)
            # Where each sheet goes: one handout for folders, else one page a file, by its name.
            targets = [folder / "handout.html"] if handout else []
            sources: dict[Path, str] = {}
            for path in [] if handout else files:
                target = folder / (Path(path).stem + ".html")
                if target in sources:  # never one sheet silently written over another
                    raise BetelError(
                        "cli.same_output", first=sources[target], second=path, target=target
                    )
                sources[target] = path
                targets.append(target)
            scenarios = []
            for scenario, _ in loaded:
                assert scenario is not None
                scenarios.append(scenario)
            groups = [scenarios] if handout else [[scenario] for scenario in scenarios]
            options: dict[str, Any] = {
                "lang": page_lang,
                "sheet": sheet,
                "per_page": per_page,
                "solver": solver,
                "analyses": analyses,
            }
            pending: list[Callable[[], bytes] | None] = [None] * len(groups)
            if printer is not None:  # every PDF started before the first page is written
                from betel_tutor.render.html import print_documents

                printer.check()
                pending = [printer.submit(print_documents(g, **options)) for g in groups]
            _make_folder(folder)
            _check_outputs([*targets, *(t.with_suffix(".pdf") for t in targets if pdf)], force)
            written: dict[str, Any] = {
                "folder": True,
                "kind": "html",
                "force": force,
                "language": language,
            }
            for target, group, printed in zip(targets, groups, pending, strict=True):
                # A handout is titled after its lessons (render_handout), never its folder.
                page = render_handout(group, **options)
                _write_output(str(target), page, **written)
                typer.echo(str(target))
                if printed is not None:  # the same tables as the screen page
                    printout = str(target.with_suffix(".pdf"))
                    _write_output(printout, printed(), **{**written, "kind": "pdf"})
                    typer.echo(str(target.with_suffix(".pdf")))


def _make_folder(folder: Path) -> None:
    """The output folder of ``render``, made if need be, however deep; a file in its place is
    refused."""
    import os

    from betel_tutor.errors import BetelError
    from betel_tutor.files import make_folders, why_not

    if os.path.lexists(folder) and not os.path.isdir(folder):  # never raise, unlike Path's
        raise BetelError("cli.output_not_folder", path=str(folder))
    try:
        make_folders(folder)
    except OSError as error:
        raise BetelError("cli.cannot_write", path=str(folder), detail=why_not(error)) from None


def _check_outputs(paths: list[Path], force: bool) -> None:
    """Refuse, before the first is written, a sheet's place that holds a file this program did
    not write (:func:`betel_tutor.app.writing.check_outputs`)."""
    from betel_tutor.app.writing import check_outputs

    check_outputs(paths, force)


def _write_output(
    path: str, text: str | bytes, *, folder: bool, kind: str, force: bool, language: str
) -> None:
    """Write a file that ``--output`` names (:func:`betel_tutor.app.writing.write`); a line on
    stderr says where a file this program had not written was kept."""
    from betel_tutor.app.writing import write

    kept(write(path, text, folder=folder, kind=kind, force=force), language)


for name, command in LATER_COMMANDS.items():
    app.command(name)(command)


def main() -> None:
    """The ``betel-tutor`` console script.

    Usage mistakes (an unknown command or option, a missing argument) get one line on stderr
    and exit status 2, like every other bad input. Output the terminal cannot encode is
    written in ASCII (:func:`betel_tutor.cli_streams.fit_output`).
    """
    fit_output()
    try:
        status = app(prog_name="betel-tutor", standalone_mode=False)
    except typer.Abort:  # Ctrl-C (the command line turns KeyboardInterrupt into Abort)
        sys.stderr.write("\n")
        sys.exit(130)
    except typer.TyperException as error:
        from betel_tutor import i18n

        format_message = getattr(error, "format_message", None)
        detail = format_message() if callable(format_message) else str(error)
        if type(error).__name__ == "NoArgsIsHelpError":  # a bare command: show its help
            typer.echo(detail)
            sys.exit(0)
        line = i18n.translate("cli.usage_error", i18n.default_language(), detail=detail)
        typer.echo(" ".join(line.split()), err=True)
        sys.exit(getattr(error, "exit_code", USAGE_ERROR))
    sys.exit(status if isinstance(status, int) else 0)
