"""Rendering deal sheets to one self-contained HTML file (inline CSS, no network).

Every page carries a Content-Security-Policy that lets it load nothing: no image but an inline
``data:`` one, no style but its own inline one, no script but the step-through it was rendered
with (allowed by its SHA-256), no font, frame or connection. Opening a sheet makes no request.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, partial
from itertools import groupby
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from betel_tutor import i18n
from betel_tutor.markup import render_note
from betel_tutor.render.heading import Placed
from betel_tutor.render.played import PlayedDeal, play_all, play_deal
from betel_tutor.render.viewmodel import (
    Analysis,
    DealView,
    QuizView,
    deal_view,
    quiz_views,
)
from betel_tutor.resources import data_dir
from betel_tutor.scenario.model import (
    DealSpec,
    PlayStep,
    Quiz,
    QuizStep,
    ReadStep,
    Scenario,
    WatchStep,
)

if TYPE_CHECKING:
    from jinja2 import Template

    from betel_tutor.render.tables import Analyses

PER_PAGE = (1, 2, 4)


@dataclass(frozen=True)
class Block:
    """One thing on the sheet, in the lesson's order: its words (a ``text`` or ``read`` step,
    as safe HTML a language), the deals of one printed page, or a run of quizzes (a list a
    language). A deal page's ``rows`` are shown one under the other, the views of a row side
    by side: a deal in each language, or, three or four deals a page in one language, two
    deals. ``page_break`` starts a printed page before it; ``crowd`` is how many deals the
    page holds, which sets their size."""

    kind: str  # text | deal | quizzes
    texts: list[tuple[str, str]] = field(default_factory=list)  # (language, html)
    rows: list[list[DealView]] = field(default_factory=list)
    quizzes: list[list[QuizView]] = field(default_factory=list)
    page_break: bool = False
    crowd: int = 1
    paired: bool = False  # two deals a row (the last row may hold one)


@dataclass(frozen=True)
class Part:
    """One scenario in a page: its texts, deals and quizzes in the lesson's order."""

    anchor: str
    title: str
    blocks: list[Block]
    titles: list[str]  # a language each


def _order(scenario: Scenario) -> list[tuple[str, Any]]:
    """The lesson's order: its text, then its steps (a deal at the step that plays or shows it
    first, with that step's words, which are printed with it), then the deals and quizzes no
    step names."""
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
            name = getattr(step, "deal", None)
            spec = scenario.deal(name) if name else None
            if spec is not None and spec.id not in shown:
                shown.add(spec.id)
                assert isinstance(step, PlayStep | WatchStep)
                items.append(("deal", Placed(spec, step, step.text)))
            elif step.text is not None:
                items.append(("text", step.text))
    items.extend(("deal", Placed(spec)) for spec in scenario.deals if spec.id not in shown)
    items.extend(("quiz", quiz) for quiz in scenario.quizzes)
    return items


def _part(
    scenario: Scenario,
    languages: list[str],
    sheet: str,
    played: Mapping[DealSpec, PlayedDeal],
    analysis_of: Callable[[PlayedDeal], Analysis | None],
    per_page: int,
) -> Part:
    """Deals share a printed page only when nothing comes between them in the lesson's order:
    each run of deals is cut into pages of ``per_page`` (the last may hold fewer), each page
    after the part's first deal starting a new printed page. A deal with a commentary (notes,
    penalty cards, a scripted play or trade, or on the answer sheet a commented solution) is
    too long to share a page and has one of its own. So a page holds exactly as many deals as
    its ``crowd`` says, and is sized for them: a lone deal is never shrunk."""
    blocks: list[Block] = []
    quizzes = [quiz_views(scenario, lang=language, sheet=sheet) for language in languages]
    placed = 0  # deals placed so far in this part
    for dealt, run in groupby(_order(scenario), key=lambda entry: entry[0] == "deal"):
        if dealt:
            run_placed = [placed for _, placed in run]
            entries = [
                (placed, deal, analysis_of(deal))
                for placed, deal in zip(run_placed, _of(played, run_placed), strict=True)
            ]
            for page in _pages(entries, per_page, _shares):
                views = [
                    [
                        deal_view(
                            scenario,
                            deal,
                            lang=language,
                            sheet=sheet,
                            analysis=analysis,
                            placed=placed,
                        )
                        for language in languages
                    ]
                    for placed, deal, analysis in page
                ]
                paired = len(languages) == 1 and len(page) > 2
                rows = [[deal[0] for deal in views[n : n + 2]] for n in range(0, len(views), 2)]
                blocks.append(
                    Block(
                        "deal",
                        rows=rows if paired else views,
                        page_break=placed > 0,
                        crowd=len(page),
                        paired=paired,
                    )
                )
                placed += len(page)
            continue
        for kind, item in run:
            if kind == "text":
                texts = [
                    (language, render_note(item.get(language), lang=language))
                    for language in languages
                ]
                blocks.append(Block("text", texts=texts))
                continue
            index = _quiz_index(scenario, item)
            if blocks and blocks[-1].kind == "quizzes":
                for shown, mine in zip(blocks[-1].quizzes, quizzes, strict=True):
                    shown.append(mine[index])
            else:
                blocks.append(Block("quizzes", quizzes=[[mine[index]] for mine in quizzes]))
    titles = [scenario.title.get(language) for language in languages]
    return Part(scenario.id, " / ".join(dict.fromkeys(titles)), blocks, titles)  # once if alike


def _of(played: Mapping[DealSpec, PlayedDeal], page: list[Placed]) -> list[PlayedDeal]:
    """The deals played for the sheet; one the caller did not play (a scenario laid out on its
    own) is played here."""
    specs = [placed.spec for placed in page]
    return [played[spec] if spec in played else play_deal(spec) for spec in specs]


def _pages(run: list[Entry], per_page: int, shares: Callable[[Entry], bool]) -> list[list[Entry]]:
    """A run of deals cut into printed pages of ``per_page``, a deal too long to share alone."""
    pages: list[list[Entry]] = []
    for entry in run:
        alone = not (shares(entry) and shares(pages[-1][0])) if pages else True
        if pages and len(pages[-1]) < per_page and not alone:
            pages[-1].append(entry)
        else:
            pages.append([entry])
    return pages


Entry = tuple[Placed, PlayedDeal, Analysis | None]


def _shares(entry: Entry) -> bool:
    """Whether a deal is short enough to share a page: its diagram, auction and trick table,
    without notes, penalty cards, a scripted play, trade, a watch step's comments or, on the
    answer sheet, a commented solution."""
    placed, _, analysis = entry
    spec, step = placed.spec, placed.step
    said = isinstance(step, WatchStep) and bool(step.comments)
    solved = analysis is not None and bool(analysis.solution)
    return not (spec.notes or spec.play or spec.trades or spec.penalties or said or solved)


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


@dataclass(frozen=True)
class LaidOut:
    """Scenarios laid out once as a sheet (every deal's views in every language, the quizzes,
    the texts): the screen page and the printout's documents are both written from it."""

    parts: list[Part]
    title: str
    languages: list[str]
    sheet: str
    per_page: int


def lay_out(
    scenarios: list[Scenario],
    *,
    title: str | None = None,
    lang: str = "en",
    sheet: str = "answers",
    per_page: int = 1,
    solver: bool = False,
    analyses: Analyses | None = None,
    played: Mapping[DealSpec, PlayedDeal] | None = None,
) -> LaidOut:
    """Scenarios as a sheet in ``lang`` (``both``: English and Polish side by side), their
    deals read from ``played`` (each deal played once, by
    :func:`~betel_tutor.render.played.play_all`; a deal missing there is played here). With
    ``solver`` the answer sheet adds each deal's trick table and cost marks, from ``analyses``
    when given (tables already started for these deals). A handout is titled after its
    lessons, never its folder."""
    if per_page not in PER_PAGE:
        raise ValueError(f"per_page is one of {PER_PAGE}")
    languages = ["en", "pl"] if lang == "both" else [lang]
    deals = {} if played is None else played

    def parts(analysis_of: Callable[[PlayedDeal], Analysis | None]) -> list[Part]:
        return [
            _part(scenario, languages, sheet, deals, analysis_of, per_page)
            for scenario in scenarios
        ]

    if not (solver and sheet == "answers"):
        laid = parts(lambda deal: None)
    elif analyses is not None:
        laid = parts(analyses.of)
    else:
        from betel_tutor.render.tables import Analyses

        if played is None:
            deals = play_all(spec for scenario in scenarios for spec in scenario.deals)
        # The tables are computed while the deals before them (bridge boards, quizzes) are
        # laid out.
        with Analyses(list(deals.values())) as started:
            laid = parts(started.of)
    return LaidOut(laid, title or _handout_title(laid, languages), languages, sheet, per_page)


@cache
def _template() -> Template:
    """The sheet's template, compiled once for all the pages a command makes."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    environment = Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    environment.filters["css_string"] = css_string
    return environment.get_template("deal_sheet.html.j2")


def _page(languages: list[str], sheet: str, per_page: int, **context: Any) -> str:
    """One HTML page of the sheet's template. ``context`` holds the title, the parts shown,
    and what of the handout's frame is shown: ``front`` (its title and, with ``index``, the
    list of its lessons), ``headings`` (each part's own title), ``handout`` (each part starts
    a printed page)."""
    script, policy = _script()
    return _template().render(
        lang=languages[0],
        sheet=sheet,
        columns=len(languages),
        per_page=per_page,
        script=script,
        policy=policy,
        **context,
    )


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
    """Scenarios as one HTML page (:func:`lay_out`, then :func:`handout_page`)."""
    laid = lay_out(
        scenarios,
        title=title,
        lang=lang,
        sheet=sheet,
        per_page=per_page,
        solver=solver,
        analyses=analyses,
    )
    return handout_page(laid, printing=printing)


def handout_page(laid: LaidOut, *, printing: bool = False) -> str:
    """A sheet as one HTML page: with several scenarios, an index first, and each starts a
    printed page. Autoescape is on: what authors write is escaped, except note HTML, which the
    markup renderer has made safe. ``printing`` makes the page a PDF is printed from: the same
    layout, the hands as dealt in plain text (no step-through, far fewer boxes for WeasyPrint
    to lay out)."""
    several = len(laid.parts) > 1
    return _page(
        laid.languages,
        laid.sheet,
        laid.per_page,
        title=laid.title,
        running_title=laid.title,
        parts=laid.parts,
        front=True,
        index=several,
        headings=several,
        handout=several,
        printing=printing,
    )


def printed_pages(laid: LaidOut) -> list[str]:
    """The pages a PDF is printed from, written from the sheet the screen page is written from,
    as separate HTML documents that can be laid out apart (in parallel) and their pages put one
    after another: with one scenario, its printed page (``handout_page(..., printing=True)``);
    with several, the handout's title and index, then each scenario, whose pages carry its own
    title as their running title. What each shows is what the handout's printed page shows,
    page for page: there every part starts a printed page too."""
    title, parts = laid.title, laid.parts
    page = partial(
        _page, laid.languages, laid.sheet, laid.per_page, title=title, printing=True, handout=False
    )
    if len(parts) == 1:
        return [page(running_title=title, parts=parts, front=True, index=False, headings=False)]
    front = page(
        running_title=title,
        parts=[],
        index_parts=parts,
        index=True,
        headings=False,
        front=True,
        numbered=False,  # the title and index: its lessons' pages are numbered each apart
    )
    documents = [front]
    for part in parts:
        documents.append(
            page(running_title=part.title, parts=[part], front=False, index=False, headings=True)
        )
    return documents


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
