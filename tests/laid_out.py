"""A printed document's pages as WeasyPrint lays them out, read in the test process: each
page's width and its text, run by run, with each run's left edge and font size in points.

The PDF is written from this very layout, a page of it a page of the PDF and a text box of it
a run of text there (:mod:`betel_tutor.render.pdf`), so a test of what the printed pages show
(which deals a page holds, at what size, nothing past the margin, no blank page) reads the
pages here, without writing the PDF and parsing it back: pypdf's reading of the text costs
more than the layout itself. Tests of the PDF file itself (its paper size, the numbering of a
handout's lessons, the links of its index) read the file ``render --pdf`` writes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

POINTS = 0.75  # points a CSS pixel


@dataclass(frozen=True)
class Run:
    """A run of text on a page: its left edge and font size (points) and its text."""

    left: float
    size: float
    text: str


@dataclass(frozen=True)
class Page:
    """A printed page: its width (points) and its runs of text, in the document's order."""

    width: float
    runs: tuple[Run, ...]

    @property
    def text(self) -> str:
        """The page's text, its runs one after another, each gap of white space one space."""
        return re.sub(r"\s+", " ", " ".join(run.text for run in self.runs)).strip()


@cache  # a document laid out once for every test of a worker that reads it
def laid_out(document: str) -> tuple[Page, ...]:
    """The pages of ``document`` (an HTML page a PDF is printed from) as WeasyPrint lays them
    out, with one font configuration for every document, as the program lays them out."""
    from weasyprint import HTML

    return tuple(
        Page(page.width * POINTS, tuple(_runs(page._page_box)))
        for page in HTML(string=document).render(font_config=fonts()).pages
    )


@cache
def fonts() -> Any:
    """The one font configuration of the documents this process lays out: its fonts are found
    and loaded once, not a document (a fifth of a document's layout)."""
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


def _runs(box: Any) -> Iterator[Run]:
    """The text drawn in ``box`` and the boxes in it (the page's margin boxes, its running
    title and number, included)."""
    from weasyprint.formatting_structure.boxes import TextBox

    if isinstance(box, TextBox):
        if box.text.strip() and box.style["visibility"] == "visible":
            yield Run(box.position_x * POINTS, box.style["font_size"] * POINTS, box.text.strip())
        return
    for child in getattr(box, "children", None) or ():
        yield from _runs(child)
