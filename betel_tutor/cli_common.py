"""What the commands share: their common options (``--lang``, ``--json``, ``--force``,
``--trump``) and the boundary where results become text and a library error becomes one line
on stderr and exit status 2 (:func:`reported`, the one place that does so). The library is
imported inside the functions, once a command runs: ``--help`` loads only Typer."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from betel_tutor.app.writing import Written
    from betel_tutor.errors import BetelError
    from betel_tutor.explain import Explanation

USAGE_ERROR = 2
CHECK_FAILED = 1

Lang = Annotated[
    str | None,
    typer.Option("--lang", help="en or pl [default: from the locale]", show_default=False),
]
Json = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
Force = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Write over a file this program did not write, keeping it as NAME.bak-N.",
    ),
]
Trump = Annotated[
    str | None, typer.Option("--trump", help="Trump suit: ♠ ♥ ♦ ♣ or S H D C [default: none]")
]


@contextmanager
def reported(lang: str | None) -> Iterator[str]:
    """Run a command body in the chosen language; report a library error and exit with 2."""
    # Typer and pydantic, loaded to read the command line, stay until exit: frozen, the garbage
    # collector need not walk them again and again while the library loads (bench/startup.py).
    # The console script starts with the collector off (betel_tutor.entry): on from here, for
    # the command's own work.
    gc.freeze()
    gc.enable()
    from betel_tutor import i18n
    from betel_tutor.errors import BetelError, NotationError

    language = i18n.default_language()
    try:
        if lang is not None:
            if lang.strip().lower() not in i18n.LANGUAGES:
                raise NotationError("explain.bad_lang", token=lang, position=0)
            language = lang.strip().lower()
        yield language
    except BetelError as error:
        warn(error, language)
        raise typer.Exit(USAGE_ERROR) from None


def warn(error: BetelError, language: str) -> None:
    """An error or a notice as one line on stderr."""
    typer.echo(" ".join(error.message(language).split()), err=True)


def echo(lines: list[str], *, err: bool = False) -> None:
    for line in lines:
        typer.echo(line, err=err)


def dump(data: object, *, indent: int | None = 2) -> None:
    import json  # lazily: Typer does not load it, and ``--help`` need not

    typer.echo(json.dumps(data, ensure_ascii=False, indent=indent))


def kept(written: Written | None, language: str) -> None:
    """Where a file this program had not written was kept (``--force``)."""
    if written is not None and written.kept is not None:
        from betel_tutor.i18n import translate

        said = translate("cli.old_kept", language, path=str(written.path), aside=str(written.kept))
        typer.echo(said, err=True)


def workers_used(asked: int, language: str) -> int:
    """``--workers`` as asked, capped at the available cores (a note on stderr says so)."""
    from betel_tutor.cores import MAX_WORKERS, usable_workers
    from betel_tutor.i18n import translate

    used = usable_workers(asked)
    if asked > used:
        note = translate("cli.workers_capped", language, asked=asked, used=used, most=MAX_WORKERS)
        typer.echo(note, err=True)
    return used


def show(build: Callable[[str], Explanation], lang: str | None, as_json: bool) -> None:
    """Print what ``build`` explains, as text lines or JSON; an illegal call exits with 2."""
    with reported(lang) as language:
        explanation = build(language)
        if as_json:
            dump(explanation.to_json(language))
        else:
            echo(explanation.lines(language))
        error = getattr(explanation, "error", None)
        if error is not None:  # an auction explanation stopped by an illegal call
            raise error
