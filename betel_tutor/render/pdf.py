"""Print-ready PDF from the same HTML as the sheet, with WeasyPrint (CSS paged media: A4,
margins, the running title and page numbers, no hand or trick table cut by a page end)."""

from __future__ import annotations


def require_weasyprint() -> None:
    """Raise the one error a missing WeasyPrint or Pango gives, before anything is written."""
    from betel_tutor.errors import BetelError

    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as error:  # OSError: Pango is missing
        raise BetelError("render.no_pdf", detail=str(error).splitlines()[0]) from None


def html_to_pdf(html: str) -> bytes:
    """The sheet's HTML as a PDF. The page loads nothing from outside (its own policy), so
    WeasyPrint is given no base URL and fetches nothing either."""
    require_weasyprint()
    from weasyprint import HTML

    def refuse(url: str, timeout: int = 10, ssl_context: object = None) -> dict[str, object]:
        raise ValueError(f"a sheet loads nothing from outside: {url}")

    pdf: bytes = HTML(string=html, url_fetcher=refuse).write_pdf()
    return pdf
