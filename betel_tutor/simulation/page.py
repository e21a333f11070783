"""A simulation as one HTML page a teacher can open and print: the figures in tables and their
distributions drawn as inline SVG charts; nothing is loaded from anywhere (no script, font,
style sheet or picture outside the page).

Charts: a bar for each condition's frequency, a histogram of the declarer's tricks for each
seat and strain, and for each declarer a bar for each contract's expected score; a whisker
spans one standard error either side of a mean.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from betel_tutor.i18n import decimal, translate
from betel_tutor.simulation.summary import Figure, Summary
from betel_tutor.simulation.text import (
    column_title,
    contract_title,
    heading,
    scores_title,
    shown,
)

STYLE = """
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; margin: 2em;
       color: #111; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
section { break-inside: avoid; page-break-inside: avoid; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.2em 0.6em; text-align: right; border-bottom: 1px solid #ccc; }
th:first-child, td:first-child { text-align: left; }
.spreads { display: flex; flex-wrap: wrap; gap: 0.4em; }
figure { margin: 0; }
figcaption { font-size: 0.8em; text-align: center; }
svg text { font-family: inherit; }
.note { font-size: 0.85em; color: #444; }
@media print { body { margin: 0; } h2 { break-after: avoid; } }
"""
BAR = "#3b6ea5"
LOSS = "#b5473a"
WHISKER = "#111"


def page(summary: Summary, lang: str) -> str:
    """The whole page, in ``lang``."""
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{escape(translate('simulate.page_title', lang))}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(translate('simulate.page_title', lang))}</h1>",
        f"<p>{escape(heading(summary, lang))}</p>",
    ]
    if summary.constraints:
        items = "".join(f"<li>{escape(text)}</li>" for text in summary.constraints)
        parts.append(f"<ul>{items}</ul>")
    parts.append(f'<p class="note">{escape(translate("simulate.error_note", lang))}</p>')
    parts += _stats(summary, lang)
    parts += _tricks(summary, lang)
    parts += _scores(summary, lang)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _stats(summary: Summary, lang: str) -> list[str]:
    rows = [(held.condition, held.frequency) for held in summary.stats]
    chart = _bars(
        [(label, figure.mean, figure.error) for label, figure in rows],
        low=0.0,
        high=1.0,
        value=lambda mean: f"{decimal(mean * 100, lang)}%",
        name="stats",
    )
    return [
        "<section>",
        f"<h2>{escape(translate('simulate.stats_title', lang))}</h2>",
        chart,
        "</section>",
    ]


def _tricks(summary: Summary, lang: str) -> list[str]:
    columns = list(dict.fromkeys(entry.column for entry in summary.tricks))
    seats = list(dict.fromkeys(entry.seat for entry in summary.tricks))
    by_place = {(entry.seat, entry.column): entry for entry in summary.tricks}
    head = "".join(f"<th>{escape(column_title(column, lang))}</th>" for column in columns)
    body = []
    for seat in seats:
        cells = "".join(
            f"<td>{escape(shown(by_place[(seat, column)].figure, lang))}</td>" for column in columns
        )
        body.append(f"<tr><td>{escape(seat.short(lang))}</td>{cells}</tr>")
    out = [
        "<section>",
        f"<h2>{escape(translate('simulate.tricks_title', lang))}</h2>",
        f"<table><tr><th></th>{head}</tr>{''.join(body)}</table>",
        f"<h2>{escape(translate('simulate.spread_title', lang))}</h2>",
    ]
    for seat in seats:
        out.append(f"<h3>{escape(seat.short(lang))}</h3>")
        out.append('<div class="spreads">')
        for column in columns:
            entry = by_place[(seat, column)]
            caption = f"{seat.short(lang)} {column_title(column, lang)}"
            out.append(
                f"<figure>{_histogram(entry.spread, caption)}"
                f"<figcaption>{escape(caption)}</figcaption></figure>"
            )
        out.append("</div>")
    out.append("</section>")
    return out


def _scores(summary: Summary, lang: str) -> list[str]:
    seats = list(dict.fromkeys(entry.seat for entry in summary.scores))
    out = [f"<h2>{escape(scores_title(summary, lang))}</h2>"]
    for seat in seats:
        rows = [
            (contract_title(e.contract, lang), e.points.mean, e.points.error, e.made)
            for e in summary.scores
            if e.seat == seat
        ]
        low = min(0.0, *(mean - (error or 0) for _, mean, error, _ in rows))
        high = max(0.0, *(mean + (error or 0) for _, mean, error, _ in rows))
        chart = _bars(
            [(label, mean, error) for label, mean, error, _ in rows],
            low=low,
            high=high,
            value=lambda mean: ("+" if mean >= 0 else "") + decimal(mean, lang),
            name=f"scores-{seat}",
        )
        made = translate("simulate.made_column", lang)
        points = translate("simulate.points_column", lang)
        table = "".join(
            f"<tr><td>{escape(label)}</td>"
            f"<td>{escape(shown(Figure(mean, error), lang, places=1, sign=True))}</td>"
            f"<td>{escape(shown(made_figure, lang, places=1, percent=True))}</td></tr>"
            for label, mean, error, made_figure in rows
        )
        out += [
            "<section>",
            f"<h3>{escape(seat.short(lang))}</h3>",
            chart,
            f"<table><tr><th></th><th>{escape(points)}</th><th>{escape(made)}</th></tr>"
            f"{table}</table>",
            "</section>",
        ]
    return out


def _bars(
    rows: list[tuple[str, float, float | None]],
    *,
    low: float,
    high: float,
    value: Callable[[float], str],
    name: str,
) -> str:
    """Horizontal bars from 0 to each mean between ``low`` and ``high``, each with its label,
    its whisker of one standard error and its value (``value(mean)``)."""
    label_width, plot, row = 230, 360, 22
    width, height = label_width + plot + 80, row * len(rows) + 10
    span = (high - low) or 1.0

    def x(at: float) -> float:
        return label_width + (at - low) / span * plot

    zero = x(0.0)
    shapes = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-chart="{name}" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">',
        f'<line x1="{zero:.1f}" y1="0" x2="{zero:.1f}" y2="{height}" stroke="#888"/>',
    ]
    for number, (label, mean, error) in enumerate(rows):
        top = 5 + number * row
        left, right = sorted((zero, x(mean)))
        colour = LOSS if mean < 0 else BAR
        shapes.append(
            f'<text x="{label_width - 6}" y="{top + 15}" text-anchor="end" '
            f'font-size="12">{escape(label)}</text>'
        )
        shapes.append(
            f'<rect class="bar" x="{left:.1f}" y="{top + 3}" width="{max(right - left, 0.5):.1f}"'
            f' height="{row - 6}" fill="{colour}"/>'
        )
        if error:
            a, b = x(max(low, mean - error)), x(min(high, mean + error))
            middle = top + row / 2
            shapes.append(
                f'<line x1="{a:.1f}" y1="{middle}" x2="{b:.1f}" y2="{middle}" '
                f'stroke="{WHISKER}" stroke-width="1.5"/>'
            )
        shapes.append(
            f'<text x="{label_width + plot + 6}" y="{top + 15}" font-size="12">'
            f"{escape(value(mean))}</text>"
        )
    shapes.append("</svg>")
    return "".join(shapes)


def _histogram(spread: tuple[int, ...], caption: str) -> str:
    """Columns for the deals on which the declarer takes 0, 1, 2 … tricks."""
    bar, gap, height = 8, 2, 70  # seven in a row on a page
    width = len(spread) * (bar + gap) + gap
    most = max(spread) or 1
    shapes = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart histogram" width="{width}" '
        f'height="{height + 14}" viewBox="0 0 {width} {height + 14}" role="img" '
        f'aria-label="{escape(caption)}">',
        f'<line x1="0" y1="{height}" x2="{width}" y2="{height}" stroke="#888"/>',
    ]
    for tricks, deals in enumerate(spread):
        tall = deals / most * (height - 4)
        left = gap + tricks * (bar + gap)
        shapes.append(
            f'<rect class="bar" x="{left}" y="{height - tall:.1f}" width="{bar}" '
            f'height="{tall:.1f}" fill="{BAR}"><title>{tricks}: {deals}</title></rect>'
        )
        if tricks % 2 == 0:
            shapes.append(
                f'<text x="{left + bar / 2}" y="{height + 11}" font-size="9" '
                f'text-anchor="middle">{tricks}</text>'
            )
    shapes.append("</svg>")
    return "".join(shapes)
