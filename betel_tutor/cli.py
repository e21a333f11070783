"""The command line: Typer options over the application layer (:mod:`betel_tutor.app`).

Each command declares its options, calls one function of the application layer and turns its
result into text and its exit status; a library error becomes one line on stderr and exit
status 2 in :func:`_reported`, the one place that does so. A command imports its part of the
application layer inside its body: only Typer is loaded up front, so that ``--help`` and every
command start fast (bench/startup.py).
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import TYPE_CHECKING, Annotated, Any

import typer

from betel_tutor.cli_streams import fit_output

if TYPE_CHECKING:
    from pathlib import Path

    from betel_tutor.app.learn import LearnOptions
    from betel_tutor.app.writing import Written
    from betel_tutor.errors import BetelError
    from betel_tutor.explain import Explanation
    from betel_tutor.render.pdf import Printer
    from betel_tutor.render.tables import Analyses

USAGE_ERROR = 2
CHECK_FAILED = 1

app = typer.Typer(
    name="betel-tutor",
    help="Learn and teach Betel, the Polish three-player trick-taking game.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
explain_app = typer.Typer(
    help="Explain a trick, the legal cards, a score or an auction, step by step.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(explain_app, name="explain")

Lang = Annotated[
    str | None,
    typer.Option("--lang", help="en or pl [default: from the locale]", show_default=False),
]
Json = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
Force = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Write over a file this program did not write, keeping it as NAME.bak-N.",
    ),
]
Trump = Annotated[
    str | None, typer.Option("--trump", help="Trump suit: ♠ ♥ ♦ ♣ or S H D C [default: none]")
]

# -- the boundary: results to text, library errors to one line on stderr and exit status 2 ----


@contextmanager
def _reported(lang: str | None) -> Iterator[str]:
    """Run a command body in the chosen language; report a library error and exit with 2."""
    # Typer and pydantic, loaded to read the command line, stay until exit: frozen, the garbage
    # collector need not walk them again and again while the library loads (bench/startup.py).
    gc.freeze()
    from betel_tutor import i18n
    from betel_tutor.errors import BetelError, NotationError

    language = i18n.default_language()
    try:
        if lang is not None:
            if lang.strip().lower() not in i18n.LANGUAGES:
                raise NotationError("explain.bad_lang", token=lang, position=0)
            language = lang.strip().lower()
        yield language
    except BetelError as error:
        _warn(error, language)
        raise typer.Exit(USAGE_ERROR) from None


def _warn(error: BetelError, language: str) -> None:
    """An error or a notice as one line on stderr."""
    typer.echo(" ".join(error.message(language).split()), err=True)


def _echo(lines: list[str], *, err: bool = False) -> None:
    for line in lines:
        typer.echo(line, err=err)


def _dump(data: object, *, indent: int | None = 2) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=indent))


def _kept(written: Written | None, language: str) -> None:
    """Where a file this program had not written was kept (``--force``)."""
    if written is not None and written.kept is not None:
        from betel_tutor.i18n import translate

        aside = str(written.kept)
        typer.echo(translate("cli.old_kept", language, path=written.path, aside=aside), err=True)


def _workers(asked: int, language: str) -> int:
    """``--workers`` as asked, capped at the available cores (a note on stderr says so)."""
    from betel_tutor.cores import MAX_WORKERS, usable_workers
    from betel_tutor.i18n import translate

    used = usable_workers(asked)
    if asked > used:
        note = translate("cli.workers_capped", language, asked=asked, used=used, most=MAX_WORKERS)
        typer.echo(note, err=True)
    return used


def _show(build: Callable[[str], Explanation], lang: str | None, as_json: bool) -> None:
    """Print what ``build`` explains, as text lines or JSON; an illegal call exits with 2."""
    with _reported(lang) as language:
        explanation = build(language)
        if as_json:
            _dump(explanation.to_json(language))
        else:
            _echo(explanation.lines(language))
        error = getattr(explanation, "error", None)
        if error is not None:  # an auction explanation stopped by an illegal call
            raise error


# -- explaining the rules -----------------------------------------------------------------------


@explain_app.command("trick")
def explain_trick_command(
    trick: Annotated[str, typer.Argument(help='The cards in the order played, e.g. "♥Q ♥K ♠7".')],
    trump: Trump = None,
    variant: Annotated[
        str | None, typer.Option("--variant", help="Rules variant: blue-suit.")
    ] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Which card wins a trick (3 cards: Betel, 4: bridge), and why."""

    def build(language: str) -> Explanation:
        from betel_tutor.app import explain

        return explain.trick(explain.TrickOptions(trick, trump, variant, language))

    _show(build, lang, as_json)


@explain_app.command("legal")
def explain_legal_command(
    hand: Annotated[str, typer.Option("--hand", help='Your cards, e.g. "♥AK8 ♠7".')],
    trick: Annotated[str, typer.Option("--trick", help="Cards already played to the trick.")] = "",
    trump: Trump = None,
    betel_defender: Annotated[
        bool, typer.Option("--betel-defender", help="You defend the contract Betel.")
    ] = False,
    game: Annotated[
        str, typer.Option("--game", help="betel, or bridge for penalty cards (Law 50, 51).")
    ] = "betel",
    penalty_cards: Annotated[
        str | None,
        typer.Option(
            "--penalty-cards",
            help="Bridge: a defender's penalty cards, in your hand, or your partner's if you lead.",
        ),
    ] = None,
    minor: Annotated[
        str, typer.Option("--minor", help="Bridge: which penalty cards are minor (Law 50B).")
    ] = "",
    declarer_option: Annotated[
        str | None,
        typer.Option(
            "--declarer-option",
            help="Bridge, your partner has penalty cards: require:♠, forbid:♠,♥ or none.",
        ),
    ] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Which cards you may play to a trick, and why the others are refused."""

    def build(language: str) -> Explanation:
        from betel_tutor.app import explain

        asked = (hand, trick, trump, betel_defender, game, penalty_cards, minor, declarer_option)
        return explain.legal(explain.LegalOptions(*asked, language=language))

    _show(build, lang, as_json)


@explain_app.command("score")
def explain_score_command(
    contract: Annotated[str, typer.Argument(help='The contract, e.g. 3♣, 2NT, B1, Betel, "pass".')],
    tricks: Annotated[
        str, typer.Option("--tricks", help="Tricks taken, declarer first, e.g. 7,2,1.")
    ],
    doubled: Annotated[bool, typer.Option("--doubled", help="The contract was doubled.")] = False,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """How a deal scores: contract points, overtricks, defenders, kontra."""

    def build(language: str) -> Explanation:
        from betel_tutor.app import explain

        return explain.score(explain.ScoreOptions(contract, tricks, doubled))

    _show(build, lang, as_json)


@explain_app.command("auction")
def explain_auction_command(
    calls: Annotated[
        list[str], typer.Argument(help='The calls from the dealer on, e.g. "1♠ kontra pass".')
    ],
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Each call of an auction in turn: who calls, what it does, what stands."""

    def build(language: str) -> Explanation:
        from betel_tutor.app import explain

        return explain.auction(explain.AuctionOptions(tuple(calls)))

    _show(build, lang, as_json)


@app.command("rules")
def rules_command(
    point: Annotated[str | None, typer.Argument(help="One point, 1 to 21.")] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """The 21-point rules summary, or one point of it."""

    def build(language: str) -> Explanation:
        from betel_tutor.app.rules import RulesOptions, rules

        return rules(RulesOptions(point))

    _show(build, lang, as_json)


# -- authoring: scenario files and notes --------------------------------------------------------


@app.command("check")
def check_command(
    paths: Annotated[
        list[str], typer.Argument(help="Scenario files (.yaml) and notes (.txt), or folders.")
    ],
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Processes for the check, at most one per available core (more is capped, "
            "with a note on stderr) [default: one per core from 64 files on, else one].",
        ),
    ] = None,
    lang: Lang = None,
) -> None:
    """Check scenario files against the rules engine; every problem as path:line:column."""
    with _reported(lang) as language:
        from betel_tutor.app.check import CheckOptions, check
        from betel_tutor.cli_progress import CheckProgress
        from betel_tutor.i18n import translate, translate_plural

        shown = CheckProgress(language)
        used = None if workers is None else _workers(workers, language)
        checked = check(CheckOptions(tuple(paths), used), shown)
        shown.done()
        _echo([problem.format(language) for problem in checked.problems])
        files = translate_plural("cli.files_checked", checked.files, language)
        problems = translate_plural("cli.problems_found", len(checked.problems), language)
        typer.echo(
            translate("cli.check_summary", language, files=files, problems=problems), err=True
        )
    if checked.problems:
        raise typer.Exit(CHECK_FAILED)


@app.command("schema")
def schema_command() -> None:
    """Print the scenario format as a JSON Schema (for editors)."""
    from betel_tutor.app.schema import schema_text

    typer.echo(schema_text())


@app.command("import-note")
def import_note_command(
    note: Annotated[str, typer.Argument(help="A board note in the legacy text format.")],
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", help="Write the YAML here instead of printing it."),
    ] = None,
    game: Annotated[
        str, typer.Option("--game", help="The board's game: bridge or betel.")
    ] = "bridge",
    variant: Annotated[
        str | None, typer.Option("--variant", help="The board's rules variant: blue-suit.")
    ] = None,
    trump: Trump = None,
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Convert a legacy board note to a board scenario holding it (losslessly), which
    ``check`` accepts."""
    with _reported(lang) as language:
        from betel_tutor.app.import_note import ImportOptions, import_note
        from betel_tutor.i18n import translate

        done = import_note(ImportOptions(note, output, game, variant, trump, force))
        for problem in done.problems:
            where = problem.position
            typer.echo(f"{where.path}:{where.line}: {problem.message(language)}", err=True)
        if done.error is not None:
            raise done.error
        if done.document is None:
            raise typer.Exit(USAGE_ERROR)
        if done.written is None:
            typer.echo(done.document, nl=False)
        _kept(done.written, language)
        if done.worked_out is not None:  # from the note's example tricks
            typer.echo(translate("cli.note_rules", language, options=done.worked_out), err=True)


@app.command("deal")
def deal_command(
    path: Annotated[
        str | None,
        typer.Argument(help="A scenario file: the constraints of its deal (see --id)."),
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", help="betel or bridge, when no file is given.")
    ] = None,
    constraint: Annotated[
        list[str] | None,
        typer.Option(
            "--constraint",
            "-c",
            help='A condition, e.g. "S hcp 12-15", "N ♠ 5+", "S shape 5-3-1-1", '
            '"dubel has ♠A", "S makes 3NT", "W takes at most 1 in B1" (docs/scenarios.md).',
        ),
    ] = None,
    deal_id: Annotated[
        str | None, typer.Option("--id", help="The file's deal [default: its first].")
    ] = None,
    count: Annotated[int, typer.Option("--count", min=1, max=1000, help="Deals to find.")] = 1,
    tries: Annotated[
        int, typer.Option("--tries", min=1, max=1_000_000, help="Candidate deals tested at most.")
    ] = 20_000,
    seed: Annotated[
        str | None, typer.Option("--seed", help="Start from this seed [default: a new one].")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Processes, at most one per available core [default: one per core with a "
            "double-dummy condition, else one].",
        ),
    ] = None,
    out: Annotated[
        str | None, typer.Option("--out", "-o", help="Write the deals as a scenario file.")
    ] = None,
    max_time: Annotated[
        float | None,
        typer.Option(
            "--max-time",
            help="Stop searching after this many seconds [default: no limit but --tries]; "
            "a search of more than a few seconds shows its progress on stderr.",
        ),
    ] = None,
    force: Force = False,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Find deals for a lesson: dealt from a seed until they meet every constraint."""
    with _reported(lang) as language:
        from betel_tutor.app.deal import DealOptions, deal
        from betel_tutor.cli_progress import SearchProgress

        asked = (path, game, tuple(constraint or ()), deal_id, count, tries, seed)
        used = None if workers is None else _workers(workers, language)
        options = DealOptions(*asked, used, out, max_time, force)
        shown = SearchProgress(language, tries, count)
        dealt = deal(options, shown)
        shown.done()
        _kept(dealt.written, language)
        if as_json:
            _dump(dealt.to_json())
        else:
            _echo(dealt.lines(language))
        if dealt.unmet is not None:
            raise dealt.unmet


@app.command("odds")
def odds_command(
    hold: Annotated[int, typer.Option("--hold", help="Cards of the suit in your hand.")],
    dubel: Annotated[int, typer.Option("--dubel", help="Cards of the suit in the dubel.")] = 0,
    after_discard: Annotated[
        bool, typer.Option("--after-discard", help="An opponent discarded one and you took it.")
    ] = False,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """How the missing cards of a suit split between the opponents (spec §10)."""
    with _reported(lang) as language:
        from betel_tutor.app.odds import OddsOptions, odds

        table = odds(OddsOptions(hold, dubel, after_discard))
        if as_json:
            typer.echo(json.dumps(table.to_json(), indent=2))
        else:
            _echo(table.lines(language))


@app.command("render")
def render_command(
    paths: Annotated[list[str], typer.Argument(help="Scenario files, or folders for a handout.")],
    output: Annotated[str, typer.Option("--output", "-o", help="The folder for the HTML files.")],
    sheet: Annotated[str, typer.Option("--sheet", help="student or answers.")] = "answers",
    per_page: Annotated[
        int, typer.Option("--per-page", help="Deals a printed page: 1, 2 or 4.")
    ] = 1,
    solver: Annotated[
        bool,
        typer.Option(
            "--solver/--no-solver",
            help="On the answer sheet: each deal's trick table and the cards that cost a trick.",
        ),
    ] = True,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="en, pl, or both side by side [default: from the locale]"),
    ] = None,
    pdf: Annotated[
        bool, typer.Option("--pdf", help="Also a print-ready PDF (A4) beside each HTML file.")
    ] = False,
    force: Force = False,
) -> None:
    """Render scenario files as self-contained HTML deal sheets; a folder makes one handout
    with an index."""
    both = (lang or "").strip().lower() == "both"
    with _reported(None if both else lang) as language:
        from pathlib import Path

        from betel_tutor.errors import BetelError, NotationError
        from betel_tutor.render.html import PER_PAGE, render_handout
        from betel_tutor.scenario.check import check_file, collect_files
        from betel_tutor.scenario.loader import load

        if sheet not in ("student", "answers"):
            raise NotationError("cli.bad_sheet", token=sheet, position=0)
        if per_page not in PER_PAGE:
            raise NotationError("cli.bad_per_page", token=str(per_page), position=0)
        page_lang = "both" if both else language
        found, problems = collect_files(paths)
        files = [path for path in found if not path.endswith(".txt")]
        if not files and not problems:
            raise BetelError("cli.nothing_to_render", paths=" ".join(paths))
        handout = any(Path(path).is_dir() for path in paths)
        # The PDF's workers are started first (before any thread), and import WeasyPrint while
        # the files are read and checked: a handout's lessons are laid out side by side.
        printing: AbstractContextManager[Printer | None] = nullcontext()
        if pdf:
            from betel_tutor.render.pdf import Printer

            printing = Printer(documents=len(files) + 1 if handout else len(files))
        # The files are read before they are checked, so that their trick tables are computed
        # (in other processes) while the checks run; a sheet is still only printed from files
        # the checker passes.
        loaded = [load(path) for path in files]
        tables: AbstractContextManager[Analyses | None] = nullcontext()
        if solver and sheet == "answers":
            from betel_tutor.render.tables import Analyses

            readable = [s for s, faults in loaded if s is not None and not faults]
            tables = Analyses([spec for scenario in readable for spec in scenario.deals])
        with printing as printer, tables as analyses:
            problems += [problem for path in files for problem in check_file(path)]
            for problem in problems:
                typer.echo(problem.format(language), err=True)
            if problems:
                raise typer.Exit(CHECK_FAILED)
            folder = Path(output)
            # Where each sheet goes: one handout for folders, else one page a file, by its name.
            targets = [folder / "handout.html"] if handout else []
            sources: dict[Path, str] = {}
            for path in [] if handout else files:
                target = folder / (Path(path).stem + ".html")
                if target in sources:  # never one sheet silently written over another
                    raise BetelError(
                        "cli.same_output", first=sources[target], second=path, target=target
                    )
                sources[target] = path
                targets.append(target)
            scenarios = []
            for scenario, _ in loaded:
                assert scenario is not None
                scenarios.append(scenario)
            groups = [scenarios] if handout else [[scenario] for scenario in scenarios]
            options: dict[str, Any] = {
                "lang": page_lang,
                "sheet": sheet,
                "per_page": per_page,
                "solver": solver,
                "analyses": analyses,
            }
            pending: list[Callable[[], bytes] | None] = [None] * len(groups)
            if printer is not None:  # every PDF started before the first page is written
                from betel_tutor.render.html import print_documents

                printer.check()
                pending = [printer.submit(print_documents(g, **options)) for g in groups]
            _make_folder(folder)
            _check_outputs([*targets, *(t.with_suffix(".pdf") for t in targets if pdf)], force)
            written: dict[str, Any] = {
                "folder": True,
                "kind": "html",
                "force": force,
                "language": language,
            }
            for target, group, printed in zip(targets, groups, pending, strict=True):
                # A handout is titled after its lessons (render_handout), never its folder.
                page = render_handout(group, **options)
                _write_output(str(target), page, **written)
                typer.echo(str(target))
                if printed is not None:  # the same tables as the screen page
                    printout = str(target.with_suffix(".pdf"))
                    _write_output(printout, printed(), **{**written, "kind": "pdf"})
                    typer.echo(str(target.with_suffix(".pdf")))


def _make_folder(folder: Path) -> None:
    """The output folder of ``render``, made if need be, however deep; a file in its place is
    refused."""
    import os

    from betel_tutor.errors import BetelError
    from betel_tutor.files import make_folders, why_not

    if os.path.lexists(folder) and not os.path.isdir(folder):  # never raise, unlike Path's
        raise BetelError("cli.output_not_folder", path=str(folder))
    try:
        make_folders(folder)
    except OSError as error:
        raise BetelError("cli.cannot_write", path=str(folder), detail=why_not(error)) from None


def _check_outputs(paths: list[Path], force: bool) -> None:
    """Refuse, before the first is written, a sheet's place that holds a file this program did
    not write (:func:`betel_tutor.app.writing.check_outputs`)."""
    from betel_tutor.app.writing import check_outputs

    check_outputs(paths, force)


def _write_output(
    path: str, text: str | bytes, *, folder: bool, kind: str, force: bool, language: str
) -> None:
    """Write a file that ``--output`` names (:func:`betel_tutor.app.writing.write`); a line on
    stderr says where a file this program had not written was kept."""
    from betel_tutor.app.writing import write

    _kept(write(path, text, folder=folder, kind=kind, force=force), language)


@app.command("solve")
def solve_command(
    path: Annotated[
        str | None, typer.Argument(help="A scenario file: every Betel deal in it.")
    ] = None,
    seed: Annotated[
        str | None, typer.Option("--seed", help="Solve the deal from this seed.")
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            help="Only this declarer: 0 or S South, 1 or W West, 2 or N North; on a bridge "
            "board N, E, S or W (its row of the table; par stays the board's).",
        ),
    ] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """The declarer's tricks with best play in every contract, for each seat (double dummy)."""
    with _reported(lang) as language:
        from betel_tutor.app.solve import SolveOptions, solve

        solved = solve(SolveOptions(path, seed, seat))
        for refused in solved.refused:
            typer.echo(refused.message(language), err=True)
        if as_json:
            _dump(solved.to_json(language))
            return
        for number, block in enumerate(solved.blocks(language)):
            _echo([""] * (number > 0) + block)


@app.command("convert")
def convert_command(
    source: Annotated[str, typer.Argument(help="A board file: .pbn, .lin or .yaml.")],
    target: Annotated[str, typer.Argument(help="The file to write: .pbn or .yaml.")],
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Convert bridge boards between PBN, LIN and YAML, by the files' extensions (notes kept)."""
    with _reported(lang) as language:
        from betel_tutor.app.convert import ConvertOptions, convert
        from betel_tutor.i18n import translate, translate_plural

        converted = convert(ConvertOptions(source, target, force))
        _kept(converted.written, language)
        boards = translate_plural("cli.boards_written", converted.boards, language)
        said = translate("cli.converted", language, source=source, target=target, boards=boards)
        typer.echo(said, err=True)


@app.command("laydown")
def laydown_command(
    hand: Annotated[
        str, typer.Argument(help='The declarer\'s ten cards, e.g. "♠AKQJ109 ♥AK ♦AK".')
    ],
    contract: Annotated[str, typer.Option("--contract", help="The contract, e.g. 4♠, 3NT, B1.")],
    dubel: Annotated[
        str | None,
        typer.Option(
            "--dubel",
            help="The two dubel cards, to exchange with [default: none known: the ten cards "
            "alone, against every placement of the other 22, with no exchange].",
        ),
    ] = None,
    budget: Annotated[
        int,
        typer.Option(
            "--budget",
            min=1,
            help="Information sets to search over all the exchanges before answering open "
            "(a bound on time and memory: under a minute).",
        ),
    ] = 300_000,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="Processes to spread the exchanges over, at most one per available core (more "
            "is capped, with a note on stderr).",
        ),
    ] = 1,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Prove that a hand makes its contract against every distribution and defence, or
    that no line does (with a distribution that beats every line when there is one)."""
    with _reported(lang) as language:
        from betel_tutor.app.laydown import LaydownOptions, laydown
        from betel_tutor.solver.laydown import report_lines, to_json

        used = _workers(workers, language)
        result = laydown(LaydownOptions(hand, contract, dubel, budget, used, language))
        if as_json:
            _dump(to_json(result))
        else:
            _echo(report_lines(result, language))
        if result.verdict != "proved":
            raise typer.Exit(1)


# -- the tutor ------------------------------------------------------------------------------------


@app.command("learn")
def learn_command(
    level: Annotated[
        int | None, typer.Option("--level", help="Start at this level, 1 to 10.")
    ] = None,
    lang: Lang = None,
    open_hands: Annotated[
        bool, typer.Option("--open", help="Play every deal open (na widno), all hands shown.")
    ] = False,
    seed: Annotated[str | None, typer.Option("--seed", help="Deal from this seed instead.")] = None,
    strength: Annotated[
        str,
        typer.Option("--strength", help="The computer players: beginner, club or strong."),
    ] = "beginner",
    fourth: Annotated[
        bool,
        typer.Option(
            "--fourth",
            help="Level 10: a fourth player joins; one player rests each deal and predicts "
            "(you on every fourth deal).",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print every event as one JSON object per line."),
    ] = False,
    practice: Annotated[
        bool,
        typer.Option("--practice", help="Play again the deals whose goal you missed."),
    ] = False,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Line by line, not full-screen (for screen readers, scripts and pipes).",
        ),
    ] = False,
    web: Annotated[
        bool,
        typer.Option("--web", help="Serve the full-screen tutor to a browser on localhost."),
    ] = False,
    port: Annotated[
        int, typer.Option("--port", help="The port --web serves on (default 8000).")
    ] = 8000,
    lesson: Annotated[
        str | None,
        typer.Option(
            "--lesson",
            help="A bridge lesson instead of a level: penalty-cards (Law 51), you as declarer.",
        ),
    ] = None,
    screen: Annotated[bool, typer.Option("--screen", hidden=True)] = False,
) -> None:
    """Learn Betel level by level, playing against computer players.

    In a terminal of at least 80×24 the tutor is full-screen: the table, the status, a side
    panel. Elsewhere (a pipe, --plain, --json) it goes line by line."""
    with _reported(lang) as language:
        from betel_tutor.app.learn import LearnOptions, open_session

        asked = (level, lang, open_hands, seed, strength, fourth, practice, lesson)
        options = LearnOptions(*asked)
        if web:
            _serve_web(options, port, language)
            return
        session = open_session(options, language, _warn)
        # A learner's typing may hold bytes that are not UTF-8: shown as such, never a crash.
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")
        if screen or (not as_json and not plain and _full_screen(session.ctx.lang)):
            from betel_tutor.screen import run as full_screen  # Textual: loaded only here

            status = full_screen.run(session, level=level, practice=practice)
        else:
            from betel_tutor.tutor import jsonlines, terminal

            front = jsonlines if as_json else terminal
            status = front.run(
                session, level=level, stdin=sys.stdin, stdout=sys.stdout, practice=practice
            )
    raise typer.Exit(status)


def _full_screen(language: str) -> bool:
    """Whether ``learn`` goes full-screen: both ends a terminal of at least 80×24 (a smaller
    one is told why it gets lines)."""
    import shutil

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    size = shutil.get_terminal_size(fallback=(0, 0))
    if size.columns >= 80 and size.lines >= 24:
        return True
    from betel_tutor.i18n import translate

    message = translate("screen.too_small", language, width=size.columns, height=size.lines)
    typer.echo(message, err=True)
    return False


def _serve_web(options: LearnOptions, port: int, language: str) -> None:
    """``learn --web``: the same options, passed to the full-screen tutor each browser runs.
    The port is bound before the address is printed; a busy one is one line and exit 2."""
    from betel_tutor.app.learn import port_refused, web_arguments
    from betel_tutor.i18n import translate
    from betel_tutor.screen import run as full_screen  # Textual: loaded only here

    arguments = web_arguments(options, port)

    def say(line: str) -> None:
        typer.echo(line, err=True)

    try:
        server = full_screen.web_server(arguments, port=port, lang=language, say=say)
    except OSError as error:
        raise port_refused(error, port) from None
    typer.echo(translate("web.serving", language, url=server.url))
    server.serve()


@app.command("progress")
def progress_command(
    reset: Annotated[
        bool, typer.Option("--reset", help="Start again (the old file is kept aside).")
    ] = False,
    lang: Lang = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print each level's state as a JSON object.")
    ] = False,
) -> None:
    """Show the learner's progress through the ten levels."""
    with _reported(lang) as language:
        from betel_tutor.app.progress import ProgressOptions, progress

        shown = progress(ProgressOptions(reset))
        if shown.damaged is not None:
            _warn(shown.damaged, language)
        if as_json and not reset:
            _dump(shown.to_json(), indent=None)
        else:
            _echo(shown.lines(language))


def main() -> None:
    """The ``betel-tutor`` console script.

    Usage mistakes (an unknown command or option, a missing argument) get one line on stderr
    and exit status 2, like every other bad input. Output the terminal cannot encode is
    written in ASCII (:func:`betel_tutor.cli_streams.fit_output`).
    """
    fit_output()
    try:
        status = app(prog_name="betel-tutor", standalone_mode=False)
    except typer.Abort:  # Ctrl-C (the command line turns KeyboardInterrupt into Abort)
        sys.stderr.write("\n")
        sys.exit(130)
    except typer.TyperException as error:
        from betel_tutor import i18n

        format_message = getattr(error, "format_message", None)
        detail = format_message() if callable(format_message) else str(error)
        if type(error).__name__ == "NoArgsIsHelpError":  # a bare command: show its help
            typer.echo(detail)
            sys.exit(0)
        line = i18n.translate("cli.usage_error", i18n.default_language(), detail=detail)
        typer.echo(" ".join(line.split()), err=True)
        sys.exit(getattr(error, "exit_code", USAGE_ERROR))
    sys.exit(status if isinstance(status, int) else 0)
