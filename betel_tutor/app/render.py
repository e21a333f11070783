"""The ``render`` command: scenario files as self-contained HTML deal sheets (and PDFs).

Each file is read and parsed once, then checked as loaded (unless remembered clean, as
``check`` remembers it: :mod:`betel_tutor.scenario.checked`); each deal is dealt and replayed
once (:mod:`betel_tutor.render.played`), and that one value is what the page, the printout and
the trick table read; each sheet is laid out once, and the page and the printout are both
written from that layout.
"""

from __future__ import annotations

import os
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from betel_tutor.app.writing import Written, write
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.files import check_outputs, make_output_folder, why_not
from betel_tutor.render.html import PER_PAGE, LaidOut, handout_page, lay_out, printed_pages
from betel_tutor.render.played import play_all
from betel_tutor.scenario.check import check_remembered, collect_files
from betel_tutor.scenario.checked import entry_of
from betel_tutor.scenario.loader import load_file
from betel_tutor.scenario.source import Problem

if TYPE_CHECKING:
    from collections.abc import Callable

    from betel_tutor.render.pdf import Printer
    from betel_tutor.render.tables import Analyses

SHEETS = ("student", "answers")


@dataclass(frozen=True)
class RenderOptions:
    """What to render and where: ``paths`` are scenario files, or folders (then one handout
    with an index); ``lang`` is ``en``, ``pl`` or ``both`` (side by side); ``per_page`` one of
    :data:`~betel_tutor.render.html.PER_PAGE`; ``solver``: each deal's trick table and cost
    marks on the answer sheet; ``pdf``: a print-ready PDF beside each page; ``force``: write
    over a file this program did not write, keeping it aside."""

    paths: tuple[str, ...]
    output: Path
    sheet: str = "answers"
    per_page: int = 1
    solver: bool = True
    lang: str = "en"
    pdf: bool = False
    force: bool = False


@dataclass(frozen=True)
class Rendered:
    """What ``render`` did: the checker's problems (when there are any, nothing is written),
    else the files written, in order (each sheet, then its PDF)."""

    problems: tuple[Problem, ...] = ()
    written: tuple[Written, ...] = ()


def render(options: RenderOptions) -> Rendered:
    """Render ``options.paths`` into ``options.output``: a sheet a file, named after it, or
    one ``handout.html`` when a folder is given. Nothing is written unless every file passes
    the checker; no file is written over that this program did not write (unless
    ``force``), and none of two files of one name (:class:`BetelError`)."""
    if options.sheet not in SHEETS:
        raise NotationError("cli.bad_sheet", token=options.sheet, position=0)
    if options.per_page not in PER_PAGE:
        raise NotationError("cli.bad_per_page", token=str(options.per_page), position=0)
    found, problems = collect_files(list(options.paths))
    # A course's list of lessons (course.yaml) is no sheet: its lessons are.
    files = [path for path in found if not path.endswith(".txt") and not _course_list(path)]
    if not files and not problems:
        raise BetelError("cli.nothing_to_render", paths=" ".join(options.paths))
    handout = any(Path(path).is_dir() for path in options.paths)
    # The PDF's workers are started first (before any thread), forked with WeasyPrint imported
    # once for all of them: a handout's lessons are laid out side by side.
    printing: AbstractContextManager[Printer | None] = nullcontext()
    if options.pdf:
        from betel_tutor.render.pdf import Printer

        printing = Printer(documents=len(files) + 1 if handout else len(files))
    # The files are read and their deals played before they are checked, so that their trick
    # tables are computed (in other processes) while the checks run; a sheet is still only
    # written from files the checker passes.
    # Each file's entry in the cache of files found clean, taken before it is read: a file
    # ``check`` (or an earlier render) found clean and unchanged is not checked again.
    entries = [entry_of(path) for path in files]
    loaded = [load_file(path) for path in files]
    readable = [file.whole for file in loaded if file.whole is not None]
    played = play_all(spec for scenario in readable for spec in scenario.deals)
    tables: AbstractContextManager[Analyses | None] = nullcontext()
    if options.solver and options.sheet == "answers":
        from betel_tutor.render.tables import Analyses

        tables = Analyses(list(played.values()))
    with printing as printer, tables as analyses:
        problems += [
            problem
            for file, entry in zip(loaded, entries, strict=True)
            for problem in check_remembered(file, entry)
        ]
        if problems:
            return Rendered(problems=tuple(problems))
        targets = _targets(options.output, files, handout)
        groups = [readable] if handout else [[scenario] for scenario in readable]
        if printer is not None:
            printer.check()  # WeasyPrint is there: raise before anything is written
        make_output_folder(targets[0].parent)
        pdfs = [target.with_suffix(".pdf") for target in targets if options.pdf]
        try:
            check_outputs([*targets, *pdfs], force=options.force)
        except OSError as error:  # a page's name the system refuses (too long)
            path = str(error.filename or targets[0])
            raise BetelError("cli.cannot_write", path=path, detail=why_not(error)) from None
        sheets = [
            lay_out(
                group,
                lang=options.lang,
                sheet=options.sheet,
                per_page=options.per_page,
                solver=options.solver,
                analyses=analyses,
                played=played,
            )
            for group in groups
        ]
        return Rendered(written=_write_sheets(options, targets, sheets, printer))


def _course_list(path: str) -> bool:
    from betel_tutor.scenario.course import COURSE_FILE

    return Path(path).name == COURSE_FILE


def _write_sheets(
    options: RenderOptions, targets: list[Path], sheets: list[LaidOut], printer: Printer | None
) -> tuple[Written, ...]:
    """Each sheet's page at its target and, with a ``printer``, its PDF beside it: every PDF
    started before the first page is written, and printed from the page's own layout (the same
    tables as the screen page)."""
    pending: list[Callable[[], bytes] | None] = [None] * len(sheets)
    if printer is not None:
        pending = [printer.submit(printed_pages(sheet)) for sheet in sheets]
    written: list[Written] = []
    for target, sheet, printed in zip(targets, sheets, pending, strict=True):
        written.append(_write(options, target, "html", handout_page(sheet)))
        if printed is not None:
            written.append(_write(options, target.with_suffix(".pdf"), "pdf", printed()))
    return tuple(written)


def _targets(output: Path, files: list[str], handout: bool) -> list[Path]:
    """Where each sheet goes: one handout for folders, else one page a file, by its name, in
    the folder ``output``; an ``output`` named like a page (``x.html``, not a folder there)
    is that one page's file, and refused when there would be several."""
    if handout:
        targets = [output / "handout.html"]
    else:
        sources: dict[Path, str] = {}
        for path in files:
            target = output / (Path(path).stem + ".html")
            if target in sources:  # never one sheet silently written over another
                raise BetelError(
                    "cli.same_output", first=sources[target], second=path, target=target
                )
            sources[target] = path
        targets = list(sources)
    if output.suffix.lower() not in (".html", ".htm") or os.path.isdir(output):  # never raises
        return targets
    if len(targets) > 1:
        raise BetelError("cli.output_one_page", path=str(output), n=len(targets))
    return [output]


def _write(options: RenderOptions, path: Path, kind: str, data: str | bytes) -> Written:
    return write(str(path), data, folder=True, kind=kind, force=options.force)
