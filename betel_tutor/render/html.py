"""Rendering deal sheets to one self-contained HTML file (inline CSS, no network)."""

from __future__ import annotations

from betel_tutor.render.viewmodel import deal_view, quiz_views
from betel_tutor.resources import data_dir
from betel_tutor.scenario.model import Scenario


def render_scenario(scenario: Scenario, *, lang: str = "en", sheet: str = "answers") -> str:
    """A scenario's deals as an HTML page. Autoescape is on: what authors write is escaped,
    except note HTML, which the markup renderer has made safe."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    environment = Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    template = environment.get_template("deal_sheet.html.j2")
    languages = ["en", "pl"] if lang == "both" else [lang]
    # Each deal is a row of one view per language, shown side by side.
    deals = [
        [deal_view(scenario, deal, lang=language, sheet=sheet) for language in languages]
        for deal in scenario.deals
    ]
    title = " / ".join(scenario.title.get(language) for language in languages)
    quizzes = [quiz_views(scenario, lang=language, sheet=sheet) for language in languages]
    return template.render(
        title=title,
        deals=deals,
        lang=languages[0],
        sheet=sheet,
        columns=len(languages),
        quizzes=quizzes if scenario.all_quizzes() else [],
    )
