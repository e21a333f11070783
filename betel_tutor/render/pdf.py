"""Print-ready PDF from the same HTML as the sheet, with WeasyPrint (CSS paged media: A4,
margins, the running title and page numbers, no hand or trick table cut by a page end).

A handout is printed as several documents (its title and index, then each lesson, which
starts a page anyway: :func:`betel_tutor.render.html.printed_pages`), laid out side by side
in worker processes, one a core, and their pages put one after another with pypdf. WeasyPrint
is imported once, and the workers forked with it (where processes are forked), before the
files are checked and the pages built. Each
lesson's pages are numbered "page / pages" within the lesson and carry its title as their
running title, so that a lesson printed for one evening stands on its own. A document printed
before from the same page is not laid out again (:mod:`betel_tutor.render.printed`).
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
from concurrent.futures import Future
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from betel_tutor.cores import usable_workers, worker_pool
from betel_tutor.render.printed import Printed, keep, kept

_FAILURE: list[str] = []  # in a worker: why WeasyPrint could not be imported, if it could not


def require_weasyprint() -> None:
    """Raise the one error a missing WeasyPrint or Pango gives, before anything is written."""
    from betel_tutor.errors import BetelError

    failure = _import_failure()
    if failure is not None:
        raise BetelError("render.no_pdf", detail=BetelError(failure))


def _import_failure() -> str | None:
    """The catalog's key for why WeasyPrint cannot be imported (never Python's own text), or
    ``None`` when it can."""
    try:
        import weasyprint  # noqa: F401
    except ImportError:
        return "render.no_weasyprint"
    except OSError:  # its libraries (Pango) cannot be loaded
        return "render.no_pango"
    return None


def html_to_pdf(html: str) -> bytes:
    """The sheet's HTML as a PDF, in this process."""
    return _lay_out(html).pdf


def _print(html: str) -> Printed:
    """A document as a PDF: kept from an earlier run where the same page was printed by the
    same printer (:mod:`betel_tutor.render.printed`), else laid out now and kept."""
    found = kept(html)
    if found is None:
        found = _lay_out(html)
        keep(html, found)
    return found


_FONTS: list[object] = []  # this process's fonts, once loaded: (process id, configuration)


def _fonts() -> Any:
    """One font configuration for every document a process lays out, so that the fonts are
    found and loaded once, not a document (the ten levels' eleven documents laid out in one
    process: about a tenth less CPU)."""
    from weasyprint.text.fonts import FontConfiguration

    if not _FONTS or _FONTS[0] != os.getpid():  # a forked worker loads its own
        _FONTS[:] = [os.getpid(), FontConfiguration()]
    return _FONTS[1]


def _lay_out(html: str) -> Printed:
    """A document laid out and written by WeasyPrint. The page loads nothing from outside (its
    own policy), so WeasyPrint is given no base URL and fetches nothing either."""
    require_weasyprint()
    from weasyprint import HTML

    def refuse(url: str, timeout: int = 10, ssl_context: object = None) -> dict[str, object]:
        raise ValueError(f"a sheet loads nothing from outside: {url}")

    fonts = _fonts()
    document = HTML(string=html, url_fetcher=refuse).render(font_config=fonts)
    anchors: dict[str, tuple[int, float, float]] = {}
    links: list[tuple[str, int, tuple[float, float, float, float]]] = []
    for number, page in enumerate(document.pages):
        for name, (x, y, _, _) in page.anchors.items():
            anchors.setdefault(name, (number, x, y))
        for kind, target, (left, top, right, bottom), _ in page.links:
            if kind == "internal":
                links.append((target, number, (left, top, right, bottom)))
    outside = [link for link in links if link[0] not in anchors]
    pdf: bytes = document.write_pdf()
    return Printed(pdf, len(document.pages), anchors, outside)


def _start() -> None:
    """A worker's start: WeasyPrint imported now, while the parent checks the files."""
    failure = _import_failure()
    if failure is not None:
        _FAILURE.append(failure)


def _failure() -> str | None:
    return _FAILURE[0] if _FAILURE else None


def join(printed: list[Printed]) -> bytes:
    """The documents' pages one after another in one PDF: the first's metadata (the handout's
    title), every document's outline, and the links between documents (the index's to its
    lessons) made again across them."""
    if len(printed) == 1:
        return printed[0].pdf
    from pypdf import PdfReader, PdfWriter
    from pypdf.annotations import Link
    from pypdf.generic import Fit

    writer = PdfWriter()
    first: list[int] = []  # each document's first page in the whole
    anchors: dict[str, tuple[int, float, float]] = {}
    for document in printed:
        start = len(writer.pages)
        first.append(start)
        reader = PdfReader(io.BytesIO(document.pdf))
        if start == 0 and reader.metadata is not None:
            writer.add_metadata(dict(reader.metadata))
        writer.append(reader)
        for name, (page, x, y) in document.anchors.items():
            anchors.setdefault(name, (start + page, x, y))
    scale = 0.75  # a CSS pixel is 0.75 point
    for document, start in zip(printed, first, strict=True):
        for name, page, (x1, y1, x2, y2) in document.links:
            if name not in anchors:
                continue
            target, left, top = anchors[name]
            tall = float(writer.pages[start + page].mediabox.height)
            target_tall = float(writer.pages[target].mediabox.height)
            rectangle = (x1 * scale, tall - y2 * scale, x2 * scale, tall - y1 * scale)
            fit = Fit.xyz(left * scale, target_tall - top * scale)
            writer.add_annotation(
                start + page, Link(rect=rectangle, target_page_index=target, fit=fit)
            )
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class Printer:
    """Worker processes that lay out PDFs, started at once so that WeasyPrint's import (about
    half a second) overlaps the caller's own work::

        with Printer(documents=11) as printer:
            ...  # check the files
            printer.check()  # WeasyPrint is there: raise before anything is written
            pending = printer.submit(printed_pages(sheet))
            pdf = pending()  # the whole PDF, once every document is laid out

    ``documents`` is how many documents will be laid out at once: one worker each, at most one
    a core."""

    def __init__(self, *, documents: int) -> None:
        method = "fork" if sys.platform.startswith("linux") else None
        if method == "fork":
            # Imported once, here, and inherited by every worker, rather than imported by each
            # (half a second of CPU a worker); the workers still start before any thread.
            _import_failure()
        self._pool = worker_pool(
            usable_workers(documents),
            mp_context=multiprocessing.get_context(method),
            initializer=_start,
        )
        self._started = self._pool.submit(_failure)  # starts the workers

    def __enter__(self) -> Printer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def check(self) -> None:
        """Raise the error a missing WeasyPrint or Pango gives (as :func:`require_weasyprint`)."""
        from betel_tutor.errors import BetelError

        failure = self._started.result()
        if failure is not None:
            raise BetelError("render.no_pdf", detail=BetelError(failure))

    def submit(self, documents: list[str]) -> PendingPdf:
        """Start laying out ``documents`` (the longest first, so that the cores end together);
        the result joins their pages in the given order."""
        order = sorted(range(len(documents)), key=lambda n: -len(documents[n]))
        futures: dict[int, Future[Printed]] = {
            n: self._pool.submit(_print, documents[n]) for n in order
        }
        return PendingPdf([futures[n] for n in range(len(documents))])


@dataclass(frozen=True)
class PendingPdf:
    """A PDF whose documents are being laid out; called, it waits for them and joins them."""

    futures: list[Future[Printed]]

    def __call__(self) -> bytes:
        return join([future.result() for future in self.futures])
