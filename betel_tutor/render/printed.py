"""A printed document (a PDF of one HTML document, with its anchors and outside links), and
the printed documents kept in the user's cache folder (``printed``), so that a handout printed
again lays out only the lessons whose page changed.

An entry is named by a digest of the document's HTML and the versions of this program and of
WeasyPrint: the same page laid out by the same printer gives the same PDF. It is a line of JSON
(the page count, the anchors, the links and the PDF's length) and the PDF's bytes after it,
written atomically; one that is no regular file, is too large, or does not hold what an entry
holds (a PDF of the length said, whole page numbers, numbers for coordinates) is a miss, laid
out again and written over.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LIMIT = 64 * 1024 * 1024  # a lesson's PDF is a few hundred kilobytes


@dataclass(frozen=True)
class Printed:
    """One document as a PDF, with what is needed to link it to the others: the anchors it
    holds (name → page, x, y) and its links to anchors it does not hold (name, page, and the
    link's rectangle: its corners' x, y), all in CSS pixels from the page's top left."""

    pdf: bytes
    pages: int
    anchors: dict[str, tuple[int, float, float]]
    links: list[tuple[str, int, tuple[float, float, float, float]]]


def printed_key(html: str) -> str:
    """What a document's PDF depends on, as a digest: its HTML and the printer's versions."""
    import weasyprint

    import betel_tutor

    digest = hashlib.sha256(f"{betel_tutor.__version__} {weasyprint.__version__}\n".encode())
    digest.update(html.encode("utf-8"))
    return digest.hexdigest()


def _path(key: str) -> Path:
    from betel_tutor.render.cache import cache_folder

    return cache_folder("printed") / f"{key}.pdfx"


def kept(html: str) -> Printed | None:
    """The document printed before from the very same HTML, or ``None``."""
    from betel_tutor.files import read_regular

    data = read_regular(_path(printed_key(html)), LIMIT)
    if data is None:
        return None
    head, _, pdf = data.partition(b"\n")
    try:
        return _entry(json.loads(head.decode("utf-8")), pdf)
    except (ValueError, KeyError, TypeError, RecursionError):
        return None


def _entry(data: Any, pdf: bytes) -> Printed | None:
    """An entry's document, or ``None``; raises ValueError (or KeyError, TypeError) where its
    figures are not what an entry holds."""
    pages = _whole(data["pages"])
    if data["length"] != len(pdf) or not pdf.startswith(b"%PDF-"):
        return None
    anchors = {
        str(name): (_whole(page), _number(x), _number(y))
        for name, (page, x, y) in data["anchors"].items()
    }
    links = [
        (str(name), _whole(page), (_number(a), _number(b), _number(c), _number(d)))
        for name, page, (a, b, c, d) in data["links"]
    ]
    if any(page >= pages for page, _, _ in anchors.values()):
        return None
    return Printed(pdf, pages, anchors, links)


def _whole(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(value)
    return value


def _number(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError(value)
    return float(value)


def keep(html: str, printed: Printed) -> None:
    """Keep a document printed from ``html``; a cache that cannot be written only costs time."""
    from betel_tutor.files import make_folders, write_atomic

    head = {
        "pages": printed.pages,
        "length": len(printed.pdf),
        "anchors": printed.anchors,
        "links": printed.links,
    }
    path = _path(printed_key(html))
    try:
        make_folders(path.parent)
        write_atomic(path, json.dumps(head).encode("utf-8") + b"\n" + printed.pdf)
    except OSError:
        pass
