"""Rendering deal sheets to one self-contained HTML file (inline CSS, no network).

Every page carries a Content-Security-Policy that lets it load nothing: no image but an inline
``data:`` one, no style but its own inline one, no script but the step-through it was rendered
with (allowed by its SHA-256), no font, frame or connection. Opening a sheet makes no request.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from betel_tutor import i18n
from betel_tutor.markup import render_note
from betel_tutor.render.viewmodel import (
    Analysis,
    DealView,
    QuizView,
    deal_view,
    quiz_views,
)
from betel_tutor.resources import data_dir
from betel_tutor.scenario.model import DealSpec, Quiz, QuizStep, ReadStep, Scenario

if TYPE_CHECKING:
    from betel_tutor.render.tables import Analyses

PER_PAGE = (1, 2, 4)


@dataclass(frozen=True)
class Block:
    """One thing on the sheet, in the lesson's order: its words (a ``text`` or ``read`` step,
    as safe HTML a language), a deal (a view a language), or a run of quizzes (a list a
    language; the deals one after another on one printed page together). ``page_break``
    starts a printed page before it (``--per-page``)."""

    kind: str  # text | deal | quizzes
    texts: list[tuple[str, str]] = field(default_factory=list)  # (language, html)
    rows: list[list[DealView]] = field(default_factory=list)  # deals that share a page
    quizzes: list[list[QuizView]] = field(default_factory=list)
    page_break: bool = False
    crowd: int = 1  # how many deals share this deal's printed page


@dataclass(frozen=True)
class Part:
    """One scenario in a page: its texts, deals and quizzes in the lesson's order."""

    anchor: str
    title: str
    blocks: list[Block]
    titles: list[str]  # a language each


def _order(scenario: Scenario) -> list[tuple[str, Any]]:
    """The lesson's order: its text, then its steps (a deal at the step that plays or shows it
    first, a step's own words before it), then the deals and quizzes no step names."""
    items: list[tuple[str, Any]] = []
    if scenario.text is not None:
        items.append(("text", scenario.text))
    shown: set[str] = set()
    for step in scenario.steps:
        if isinstance(step, ReadStep):
            items.append(("text", step.text))
        elif isinstance(step, QuizStep):
            items.append(("quiz", step.quiz))
        else:
            if step.text is not None:
                items.append(("text", step.text))
            name = getattr(step, "deal", None)
            spec = scenario.deal(name) if name else None
            if spec is not None and spec.id not in shown:
                shown.add(spec.id)
                items.append(("deal", spec))
    items.extend(("deal", spec) for spec in scenario.deals if spec.id not in shown)
    items.extend(("quiz", quiz) for quiz in scenario.quizzes)
    return items


def _part(
    scenario: Scenario,
    languages: list[str],
    sheet: str,
    analysis_of: Callable[[DealSpec], Analysis | None],
    per_page: int,
    counted: list[int],
) -> Part:
    """``counted`` holds the number of deals placed so far in the handout and their total (a
    page is ``per_page`` deals, across lessons)."""
    blocks: list[Block] = []
    quizzes = [quiz_views(scenario, lang=language, sheet=sheet) for language in languages]
    for kind, item in _order(scenario):
        if kind == "text":
            texts = [
                (language, render_note(item.get(language), lang=language)) for language in languages
            ]
            blocks.append(Block("text", texts=texts))
        elif kind == "deal":
            analysis = analysis_of(item)
            views = [
                deal_view(scenario, item, lang=language, sheet=sheet, analysis=analysis)
                for language in languages
            ]
            placed, total = counted
            page_break = placed > 0 and placed % per_page == 0
            crowd = min(per_page, total - placed // per_page * per_page)
            counted[0] += 1
            if blocks and blocks[-1].kind == "deal" and not page_break:
                blocks[-1].rows.append(views)  # the same printed page, nothing between
            else:
                blocks.append(Block("deal", rows=[views], page_break=page_break, crowd=crowd))
        else:
            index = _quiz_index(scenario, item)
            if blocks and blocks[-1].kind == "quizzes":
                for shown, mine in zip(blocks[-1].quizzes, quizzes, strict=True):
                    shown.append(mine[index])
            else:
                blocks.append(Block("quizzes", quizzes=[[mine[index]] for mine in quizzes]))
    titles = [scenario.title.get(language) for language in languages]
    return Part(scenario.id, " / ".join(dict.fromkeys(titles)), blocks, titles)  # once if alike


def _quiz_index(scenario: Scenario, quiz: Quiz) -> int:
    return next(i for i, q in enumerate(scenario.all_quizzes()) if q is quiz)


def _handout_title(parts: list[Part], languages: list[str]) -> str:
    """A handout is titled after its lessons: one or a few by name, more by the first and the
    last and how many."""
    if len(parts) <= 3:
        return " · ".join(part.title for part in parts)
    return " / ".join(
        dict.fromkeys(
            i18n.translate(
                "render.handout_title",
                language,
                n=len(parts),
                first=parts[0].titles[index],
                last=parts[-1].titles[index],
            )
            for index, language in enumerate(languages)
        )
    )


@cache
def _script() -> tuple[str, str]:
    """The step-through script of every sheet, and the policy that lets only it run."""
    script = (data_dir("templates") / "step_through.js").read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    policy = (
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
        f"script-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    )
    return script, policy


def render_handout(
    scenarios: list[Scenario],
    *,
    title: str | None = None,
    lang: str = "en",
    sheet: str = "answers",
    per_page: int = 1,
    solver: bool = False,
    printing: bool = False,
    analyses: Analyses | None = None,
) -> str:
    """Scenarios as one HTML page: with several, an index first. Autoescape is on: what
    authors write is escaped, except note HTML, which the markup renderer has made safe.
    With ``solver`` the answer sheet adds each deal's trick table and cost marks (from
    ``analyses`` when given, tables already started for these scenarios' deals). ``printing``
    makes the page a PDF is printed from: the same layout, the hands as dealt in plain text
    (no step-through, far fewer boxes for WeasyPrint to lay out)."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    if per_page not in PER_PAGE:
        raise ValueError(f"per_page is one of {PER_PAGE}")
    environment = Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    environment.filters["css_string"] = css_string
    languages = ["en", "pl"] if lang == "both" else [lang]
    counted = [0, sum(len(scenario.deals) for scenario in scenarios)]

    def lay_out(analysis_of: Callable[[DealSpec], Analysis | None]) -> list[Part]:
        return [
            _part(scenario, languages, sheet, analysis_of, per_page, counted)
            for scenario in scenarios
        ]

    if not (solver and sheet == "answers"):
        parts = lay_out(lambda spec: None)
    elif analyses is not None:
        parts = lay_out(analyses.of)
    else:
        from betel_tutor.render.tables import Analyses

        # The tables are computed while the deals before them (bridge boards, quizzes) are laid
        # out.
        with Analyses([spec for scenario in scenarios for spec in scenario.deals]) as started:
            parts = lay_out(started.of)
    context: dict[str, Any] = {
        "title": title or _handout_title(parts, languages),
        "parts": parts,
        "index": len(parts) > 1,
        "lang": languages[0],
        "sheet": sheet,
        "columns": len(languages),
        "per_page": per_page,
        "printing": printing,
    }
    context["script"], context["policy"] = _script()
    return environment.get_template("deal_sheet.html.j2").render(**context)


def css_string(text: str) -> Markup:
    """``text`` as a quoted CSS string for a style sheet inside the page: quotes, backslashes,
    markup characters and line ends escaped, so that no title ends the string or the
    ``<style>`` element."""
    safe = "".join(
        char if char.isprintable() and char not in '"\\<>&' else f"\\{ord(char):x} "
        for char in text
    )
    return Markup(f'"{safe}"')


def render_scenario(
    scenario: Scenario, *, lang: str = "en", sheet: str = "answers", solver: bool = False
) -> str:
    """One scenario's deals as an HTML page."""
    return render_handout([scenario], lang=lang, sheet=sheet, solver=solver)
