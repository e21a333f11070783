"""Rendering deal sheets to one self-contained HTML file (inline CSS, no network).

Every page carries a Content-Security-Policy that lets it load nothing: no image but an inline
``data:`` one, no style but its own inline one, no script but the step-through it was rendered
with (allowed by its SHA-256), no font, frame or connection. Opening a sheet makes no request.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cache
from typing import Any

from betel_tutor.render.viewmodel import DealView, QuizView, analyse, deal_view, quiz_views
from betel_tutor.resources import data_dir
from betel_tutor.scenario.model import Scenario

PER_PAGE = (1, 2, 4)


@dataclass(frozen=True)
class Part:
    """One scenario in a page: its deals (a row of one view per language) and quizzes."""

    anchor: str
    title: str
    deals: list[list[DealView]]
    quizzes: list[list[QuizView]]


def _part(scenario: Scenario, languages: list[str], sheet: str, solver: bool) -> Part:
    deals = []
    for deal in scenario.deals:
        analysis = analyse(deal) if solver and sheet == "answers" else None
        deals.append(
            [
                deal_view(scenario, deal, lang=language, sheet=sheet, analysis=analysis)
                for language in languages
            ]
        )
    quizzes = [quiz_views(scenario, lang=language, sheet=sheet) for language in languages]
    title = " / ".join(scenario.title.get(language) for language in languages)
    return Part(scenario.id, title, deals, quizzes if scenario.all_quizzes() else [])


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
) -> str:
    """Scenarios as one HTML page: with several, an index first. Autoescape is on: what
    authors write is escaped, except note HTML, which the markup renderer has made safe.
    With ``solver`` the answer sheet adds each deal's trick table and cost marks."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    if per_page not in PER_PAGE:
        raise ValueError(f"per_page is one of {PER_PAGE}")
    environment = Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    languages = ["en", "pl"] if lang == "both" else [lang]
    parts = [_part(scenario, languages, sheet, solver) for scenario in scenarios]
    context: dict[str, Any] = {
        "title": title or parts[0].title,
        "parts": parts,
        "index": len(parts) > 1,
        "lang": languages[0],
        "sheet": sheet,
        "columns": len(languages),
        "per_page": per_page,
    }
    context["script"], context["policy"] = _script()
    return environment.get_template("deal_sheet.html.j2").render(**context)


def render_scenario(
    scenario: Scenario, *, lang: str = "en", sheet: str = "answers", solver: bool = False
) -> str:
    """One scenario's deals as an HTML page."""
    return render_handout([scenario], lang=lang, sheet=sheet, solver=solver)
