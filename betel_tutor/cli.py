"""The command line: the ``betel-tutor`` Typer app, its commands over the application layer
(:mod:`betel_tutor.app`), and the console script's :func:`main`.

The commands are declared by kind beside this module (``cli_explain``, ``cli_authoring``,
``cli_solving``, ``cli_tutor``) over what they share (``cli_common``); each declares its
options, calls one function of the application layer and turns its result into text and exit
status. A command imports its part of the application layer inside its body: only Typer is
loaded up front, and :func:`main` has Typer build only the command named on the command line
(:func:`app_for`), so that ``--help`` and every command start fast (bench/startup.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated

import typer

from betel_tutor.cli_authoring import (
    check_command,
    convert_command,
    deal_command,
    import_note_command,
    schema_command,
)
from betel_tutor.cli_common import CHECK_FAILED, USAGE_ERROR, Force, kept, reported
from betel_tutor.cli_explain import (
    explain_auction_command,
    explain_legal_command,
    explain_score_command,
    explain_trick_command,
    rules_command,
)
from betel_tutor.cli_puzzles import puzzles_app
from betel_tutor.cli_simulate import simulate_command
from betel_tutor.cli_solving import laydown_command, odds_command, solve_command
from betel_tutor.cli_streams import fit_output
from betel_tutor.cli_tutor import learn_command, progress_command

__all__ = ["CHECK_FAILED", "USAGE_ERROR", "app", "laydown_command", "main"]

explain_app = typer.Typer(
    help="Explain a trick, the legal cards, a score or an auction, step by step.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
EXPLAIN_COMMANDS: dict[str, Callable[..., None]] = {
    "trick": explain_trick_command,
    "legal": explain_legal_command,
    "score": explain_score_command,
    "auction": explain_auction_command,
}
for name, command in EXPLAIN_COMMANDS.items():
    explain_app.command(name)(command)


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
    with reported(None if both else lang) as language:
        from pathlib import Path

        from betel_tutor.app.render import RenderOptions, render

        options = RenderOptions(
            tuple(paths),
            Path(output),
            sheet=sheet,
            per_page=per_page,
            solver=solver,
            lang="both" if both else language,
            pdf=pdf,
            force=force,
        )
        rendered = render(options)
        for problem in rendered.problems:
            typer.echo(problem.format(language), err=True)
        if rendered.problems:
            raise typer.Exit(CHECK_FAILED)
        for written in rendered.written:
            kept(written, language)
            typer.echo(str(written.path))


COMMANDS: dict[str, Callable[..., None]] = {  # in the order --help lists them
    "rules": rules_command,
    "check": check_command,
    "schema": schema_command,
    "import-note": import_note_command,
    "deal": deal_command,
    "odds": odds_command,
    "simulate": simulate_command,
    "render": render_command,
    "solve": solve_command,
    "convert": convert_command,
    "laydown": laydown_command,
    "learn": learn_command,
    "progress": progress_command,
}
GROUPS = {"explain": explain_app, "puzzles": puzzles_app}  # after the commands in --help


def _one_command() -> None:
    """The callback of an app built for one command: none of its own options, it keeps that
    command a subcommand (``betel-tutor solve …``), as in the whole app."""


def build(only: str | None = None) -> typer.Typer:
    """The ``betel-tutor`` app: every command, or only the command or group ``only``.

    Typer builds every command's parameters before it parses the command line, and this app
    has twenty-odd commands; built alone, the command that runs starts sooner, with the same
    usage, help and errors (bench/startup.py)."""
    built = typer.Typer(
        name="betel-tutor",
        help="Learn and teach Betel, the Polish three-player trick-taking game.",
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
    )
    if only is not None:
        built.callback()(_one_command)
    for name, command in COMMANDS.items():
        if only in (None, name):
            built.command(name)(command)
    for name, group in GROUPS.items():
        if only in (None, name):
            built.add_typer(group, name=name)
    return built


app = build()


def app_for(args: list[str]) -> typer.Typer:
    """The app that runs ``args``: built with only the command they name, or whole for
    anything else (no command, ``--help``, a mistyped command, which Typer answers with the
    list of commands)."""
    named = args[0] if args else None
    return build(named) if named in COMMANDS or named in GROUPS else app


def main() -> None:
    """The ``betel-tutor`` console script.

    Usage mistakes (an unknown command or option, a missing argument) get one line on stderr
    and exit status 2, like every other bad input. Output the terminal cannot encode is
    written in ASCII (:func:`betel_tutor.cli_streams.fit_output`).
    """
    fit_output()
    try:
        status = app_for(sys.argv[1:])(prog_name="betel-tutor", standalone_mode=False)
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
