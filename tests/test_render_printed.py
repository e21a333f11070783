"""A printed document is kept in the user's cache folder by its page and the printer's
versions: printed again, the same page is not laid out again; a changed page, another
WeasyPrint, or an entry that is not what an entry holds is laid out afresh and written over."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from betel_tutor.render import pdf, printed

PAGE = """<!DOCTYPE html><html><head><style>@page { size: A4 }</style></head><body>
<h1 id="top">Lesson</h1><p>Deal 1</p><p style="break-before: page"><a href="#elsewhere">on</a></p>
</body></html>"""


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "betel-tutor" / "printed"


def refuse(html: str) -> None:
    raise AssertionError("laid out again")


def test_a_page_printed_again_is_read_not_laid_out(
    cache: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        first = pdf._print(PAGE)
    assert not [r for r in caplog.records if "option" in r.getMessage()]  # all taken
    assert first.pages == 2 and first.pdf.startswith(b"%PDF-")
    assert first.anchors["top"][0] == 0 and first.links[0][:2] == ("elsewhere", 1)
    assert len(list(cache.iterdir())) == 1
    monkeypatch.setattr(pdf, "_lay_out", refuse)
    assert pdf._print(PAGE) == first


def test_a_changed_page_or_printer_is_laid_out_afresh(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import weasyprint

    pdf._print(PAGE)
    monkeypatch.setattr(pdf, "_lay_out", refuse)
    with pytest.raises(AssertionError, match="laid out again"):
        pdf._print(PAGE.replace("Deal 1", "Deal 2"))
    before = printed.printed_key(PAGE)
    monkeypatch.setattr(weasyprint, "__version__", "0.0")
    assert printed.printed_key(PAGE) != before


def damaged(entry: bytes) -> list[bytes]:
    head, _, body = entry.partition(b"\n")
    data = json.loads(head)

    def said(**change: object) -> bytes:
        return json.dumps({**data, **change}).encode() + b"\n" + body

    return [
        b"",
        b"{not json\n" + body,
        said(length=len(body) + 1),
        said(pages=-1),
        said(pages=1.5),
        said(anchors={"top": [9, 0, 0]}),  # past the last page
        said(anchors={"top": [0, "x", 0]}),
        head.replace(b'"pages"', b'"pagez"') + b"\n" + body,
        head + b"\n" + body.replace(b"%PDF-", b"%XYZ-", 1),
        head.replace(b"]]", b", NaN]]", 1) + b"\n" + body,
        b"[" * 100_000,
    ]


def test_a_damaged_entry_is_laid_out_again_and_written_over(cache: Path) -> None:
    first = pdf._print(PAGE)
    (entry,) = cache.iterdir()
    right = entry.read_bytes()
    for damage in damaged(right):
        entry.write_bytes(damage)
        assert printed.kept(PAGE) is None, damage[:80]
        assert pdf._print(PAGE) == first
        assert entry.read_bytes() == right


def test_an_entry_that_is_no_regular_file_is_never_opened(cache: Path) -> None:
    first = pdf._print(PAGE)
    (entry,) = cache.iterdir()
    entry.unlink()
    os.mkfifo(entry)  # opened, it would block
    assert printed.kept(PAGE) is None
    assert pdf._print(PAGE) == first and entry.is_file()
