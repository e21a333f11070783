"""The command line: thin Typer commands over the library.

Each command parses its options and calls one library function; the library is imported inside
the command, so that every command starts fast (only Typer is loaded up front). Library errors
become one line on stderr and exit status 2 in :func:`_reported`, the one place that does so.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from betel_tutor.explain import Explanation
    from betel_tutor.seats import Seat

USAGE_ERROR = 2

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


# -- the boundary: library errors to one line on stderr and exit status 2 ----------------------


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
        typer.echo(" ".join(error.message(language).split()), err=True)
        raise typer.Exit(USAGE_ERROR) from None


def _seed_text(value: str | None) -> str | None:
    """A ``--seed`` if it is text. Bytes that are not UTF-8 (they reach ``sys.argv`` as lone
    surrogates) are refused, showing the bytes: such a seed could not be saved or shown."""
    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        from betel_tutor.errors import NotationError

        try:
            shown = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:  # a surrogate that is not an escaped byte
            shown = value.encode("utf-8", "backslashreplace").decode("utf-8")
        raise NotationError("cli.seed_not_text", token=shown, position=0) from None
    return value


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
            import json

            data = explanation.to_json(language)
            typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            for line in explanation.lines(language):
                typer.echo(line)
        error = getattr(explanation, "error", None)
        if error is not None:  # an auction explanation stopped by an illegal call
            raise error


# -- commands ---------------------------------------------------------------------------------


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
        from betel_tutor.cards import parse_cards
        from betel_tutor.explain import explain_trick

        return explain_trick(parse_cards(trick, lang=language), trump=trump, variant=variant)

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
        from betel_tutor.cards import parse_cards
        from betel_tutor.explain import explain_legal

        if game.strip().lower() != "betel" or penalty_cards is not None:
            from betel_tutor.explain.penalty import explain_penalty_legal
            from betel_tutor.penalty import parse_option
            from betel_tutor.profiles import profile

            if profile(game).name == "betel":
                raise_game_mismatch()
            return explain_penalty_legal(
                parse_cards(hand, lang=language),
                parse_cards(trick, lang=language),
                penalty_cards=parse_cards(penalty_cards or "", lang=language),
                minor=parse_cards(minor, lang=language),
                option=None if declarer_option is None else parse_option(declarer_option),
            )
        return explain_legal(
            parse_cards(hand, lang=language),
            parse_cards(trick, lang=language),
            trump=trump,
            betel_defender=betel_defender,
        )

    _show(build, lang, as_json)


def raise_game_mismatch() -> None:
    """Penalty cards are bridge's (Law 50): refused with ``--game betel``."""
    from betel_tutor.errors import BetelError

    raise BetelError("penalty.bridge_only", law="50")


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
        from betel_tutor.explain import explain_score, parse_tricks

        return explain_score(contract, parse_tricks(tricks), doubled=doubled)

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
        from betel_tutor.explain import explain_auction

        return explain_auction(" ".join(calls))

    _show(build, lang, as_json)


@app.command("rules")
def rules_command(
    point: Annotated[str | None, typer.Argument(help="One point, 1 to 21.")] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """The 21-point rules summary, or one point of it."""

    def build(language: str) -> Explanation:
        from betel_tutor.explain import rules_summary

        return rules_summary(point)

    _show(build, lang, as_json)


# -- authoring: scenario files and notes --------------------------------------------------------

CHECK_FAILED = 1


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
        from betel_tutor.errors import BetelError
        from betel_tutor.i18n import translate, translate_plural
        from betel_tutor.scenario.check import check_files, collect_files, default_workers

        files, found = collect_files(paths)
        if not files and not found:
            raise BetelError("cli.no_files", paths=" ".join(paths))
        count = default_workers(len(files)) if workers is None else _workers(workers, language)
        shown = _CheckProgress(language, len(files))
        problems = found + check_files(files, workers=count, progress=shown)
        shown.done()
        for problem in problems:
            typer.echo(problem.format(language))
        summary = translate(
            "cli.check_summary",
            language,
            files=translate_plural("cli.files_checked", len(files), language),
            problems=translate_plural("cli.problems_found", len(problems), language),
        )
        typer.echo(summary, err=True)
    if problems:
        raise typer.Exit(CHECK_FAILED)


class _CheckProgress:
    """``check``'s progress on stderr once it has run for :attr:`FIRST` seconds (a large folder
    is never silent): in place on a terminal, every second; else a line every :attr:`EVERY`
    seconds."""

    FIRST = 0.8
    EVERY = 5.0

    def __init__(self, language: str, total: int) -> None:
        import sys
        import time

        self.language, self.total = language, total
        self.started = time.monotonic()
        self.terminal = sys.stderr.isatty()
        self.shown = 0.0  # when it was last shown (0: never)

    def __call__(self, done: int) -> None:
        import time

        now = time.monotonic()
        wait = 1.0 if self.terminal else self.EVERY
        if now - self.started < self.FIRST or (self.shown and now - self.shown < wait):
            return
        from betel_tutor.i18n import translate

        line = translate("cli.check_progress", self.language, done=done, total=self.total)
        typer.echo(("\r" + line) if self.terminal else line, err=True, nl=not self.terminal)
        self.shown = now

    def done(self) -> None:
        if self.terminal and self.shown:
            typer.echo("", err=True)


@app.command("schema")
def schema_command() -> None:
    """Print the scenario format as a JSON Schema (for editors)."""
    import json

    from betel_tutor.scenario.schema import scenario_schema

    typer.echo(json.dumps(scenario_schema(), ensure_ascii=False, indent=2))


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
        from betel_tutor.errors import NotationError
        from betel_tutor.scenario.check import in_file_order
        from betel_tutor.scenario.legacy_note import note_scenario, parse_note
        from betel_tutor.scenario.note_rules import Rules, fitting_rules
        from betel_tutor.scenario.source import read_file

        text, problems = read_file(note)
        parsed = None
        if text is not None:
            parsed, problems = parse_note(text, note)
        for problem in in_file_order(problems):
            where = problem.position
            typer.echo(f"{where.path}:{where.line}: {problem.message(language)}", err=True)
        if parsed is None:
            raise typer.Exit(USAGE_ERROR)
        if game not in ("bridge", "betel"):
            raise NotationError("finder.bad_game", token=game, position=0)
        if variant not in (None, "blue-suit"):
            raise NotationError("rules.bad_variant", token=variant, position=0)
        suit = None
        if trump is not None:
            from betel_tutor.rules import as_trump

            chosen = as_trump(trump.strip())
            suit = None if chosen is None else chosen.symbol
        rules = fitting_rules(parsed, game=game, variant=variant, trump=suit)
        document = note_scenario(parsed, game=game, variant=rules.variant, trump=rules.trump)
        if output is None:
            typer.echo(document, nl=False)
        else:
            _write_output(
                output, document, folder=False, kind="yaml", force=force, language=language
            )
        if rules != Rules(variant, suit):  # worked out from the note's example tricks
            from betel_tutor.i18n import translate

            typer.echo(translate("cli.note_rules", language, options=rules.options), err=True)


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
        import json
        import time

        from betel_tutor.errors import NotationError
        from betel_tutor.scenario.finder import (
            find_deals,
            lines,
            scenario_yaml,
            to_json,
            wanted_for,
        )

        wanted = wanted_for(path, game, constraint or [], deal_id)
        base: int | str | None = _seed_text(seed)
        if base is None:  # a file's deal from its own seed: the deal the file gives first
            import secrets

            base = wanted.seed if wanted.seed is not None else secrets.token_hex(4)
        if workers is None:
            from betel_tutor.cores import usable_workers

            dear = any(condition.double_dummy for condition in wanted.conditions)
            used = usable_workers(8) if dear else 1
        else:
            used = _workers(workers, language)
        if max_time is not None and not 0 < max_time < 1e9:  # nan and inf too
            raise NotationError("finder.bad_max_time", token=str(max_time), position=0)
        if out is not None:  # refused before the search, not after it
            from pathlib import Path

            from betel_tutor.files import check_outputs

            check_outputs([Path(out)], force=force)
        started = time.monotonic()
        report = _search_progress(language, tries, count, started)
        found, tested = find_deals(
            wanted,
            base,
            count=count,
            tries=tries,
            workers=used,
            seconds=max_time,
            progress=report,
        )
        report.done()
        if out is not None and found:
            document = scenario_yaml(found, wanted)
            _write_output(out, document, folder=False, kind="yaml", force=force, language=language)
        if as_json:
            typer.echo(json.dumps(to_json(found, wanted.game), ensure_ascii=False, indent=2))
        else:
            for line in lines(found, wanted.game, language):
                typer.echo(line)
        if len(found) < count:
            from betel_tutor.errors import BetelError

            if tested < tries:  # the time ran out first
                spent = round(time.monotonic() - started)
                raise BetelError(
                    "finder.unmet_time", n=tested, found=len(found), count=count, seconds=spent
                )
            raise BetelError("finder.unmet", n=tested, found=len(found), count=count)


class _SearchProgress:
    """``deal``'s progress on stderr, once a search has run for :attr:`FIRST` seconds: in
    place on a terminal (every second), else a line every :attr:`EVERY` seconds."""

    FIRST = 2.0
    EVERY = 10.0

    def __init__(self, language: str, tries: int, count: int, started: float) -> None:
        import sys

        self.language, self.tries, self.count, self.started = language, tries, count, started
        self.terminal = sys.stderr.isatty()
        self.shown = 0.0  # when it was last shown (0: never)

    def __call__(self, tested: int, found: int) -> None:
        import time

        now = time.monotonic()
        spent = now - self.started
        wait = 1.0 if self.terminal else self.EVERY
        if spent < self.FIRST or (self.shown and now - self.shown < wait):
            return
        from betel_tutor.i18n import translate

        rate = tested / spent if spent > 0 else 0.0
        left = round((self.tries - tested) / rate) if rate > 0 else 0
        line = translate(
            "finder.progress",
            self.language,
            n=tested,
            tries=self.tries,
            found=found,
            count=self.count,
            rate=round(rate),
            left=left,
        )
        typer.echo(("\r" + line) if self.terminal else line, err=True, nl=not self.terminal)
        self.shown = now

    def done(self) -> None:
        if self.terminal and self.shown:
            typer.echo("", err=True)


def _search_progress(language: str, tries: int, count: int, started: float) -> _SearchProgress:
    return _SearchProgress(language, tries, count, started)


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
        from betel_tutor.errors import NotationError
        from betel_tutor.i18n import decimal, translate
        from betel_tutor.odds import SUIT_SIZE, split_table
        from betel_tutor.odds import after_discard as discard_table

        if after_discard and dubel:
            raise NotationError("cli.odds_dubel_discard", token=str(dubel), position=0, dubel=dubel)
        if after_discard and hold >= SUIT_SIZE:
            raise NotationError(
                "cli.odds_no_discard",
                token=str(hold),
                position=0,
                hold=hold,
                n=SUIT_SIZE,
                most=SUIT_SIZE - 1,
            )
        table = discard_table(hold) if after_discard else split_table(hold, dubel)
        if as_json:
            import json

            rows = [{"split": s.name, "percent": round(s.percent, 2)} for s in table]
            typer.echo(json.dumps({"hold": hold, "dubel": dubel, "splits": rows}, indent=2))
            return
        key = "cli.odds_after_discard" if after_discard else "cli.odds_title"
        typer.echo(
            translate(key, language, hold=hold, dubel=dubel, n=table[0].short + table[0].long)
        )
        for split in table:
            typer.echo(f"  {split.name:>5}  {decimal(split.percent, language, places=2):>6} %")


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

        from betel_tutor.app.render import RenderOptions, render
        from betel_tutor.i18n import translate

        options = RenderOptions(
            tuple(paths),
            Path(output),
            sheet=sheet,
            per_page=per_page,
            solver=solver,
            lang="both" if both else language,
            pdf=pdf,
            force=force,
        )
        rendered = render(options)
        for problem in rendered.problems:
            typer.echo(problem.format(language), err=True)
        if rendered.problems:
            raise typer.Exit(CHECK_FAILED)
        for written in rendered.written:
            if written.kept is not None:
                aside = str(written.kept)
                typer.echo(
                    translate("cli.old_kept", language, path=str(written.path), aside=aside),
                    err=True,
                )
            typer.echo(str(written.path))


def _write_output(
    path: str, text: str | bytes, *, folder: bool, kind: str, force: bool, language: str
) -> None:
    """Write a file that ``--output`` names (:func:`betel_tutor.files.write_named`), and say on
    stderr where a file there that this program did not write was kept."""
    from betel_tutor.files import write_named
    from betel_tutor.i18n import translate

    kept = write_named(path, text, kind=kind, folder=folder, force=force)
    if kept is not None:
        typer.echo(translate("cli.old_kept", language, path=path, aside=str(kept)), err=True)


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
        import json

        from betel_tutor.errors import NotationError
        from betel_tutor.scenario.trick_tables import reports_for_file
        from betel_tutor.solver.report import reports_for_seed

        seed = _seed_text(seed)
        if (path is None) == (seed is None):
            raise NotationError("cli.solve_what", token=path or "", position=0)
        reports = reports_for_seed(seed, _solve_seats(seat, 3)) if seed is not None else None
        if reports is None:
            assert path is not None
            if _solve_bridge(path, language, as_json=as_json, seat=seat):
                return
            reports = reports_for_file(path, _solve_seats(seat, 3))
        if as_json:
            data = {"deals": [report.to_json(language) for report in reports]}
            typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
            return
        for number, report in enumerate(reports):
            if number:
                typer.echo("")
            for line in report.lines(language):
                typer.echo(line)


def _solve_seats(seat: str | None, count: int) -> tuple[Seat, ...]:
    """``--seat``: every seat when not given, else the one named (an index, a letter or a
    name in either language) at a table of ``count``."""
    from betel_tutor.errors import NotationError
    from betel_tutor.seats import Seat, seats

    if seat is None:
        return tuple(Seat(0, count).clockwise()) if count == 4 else seats()
    try:
        if seat.strip().isdigit():
            return (Seat(int(seat), count),)
        return (Seat.parse(seat, count),)
    except ValueError:
        key = "cli.bad_bridge_seat" if count == 4 else "cli.bad_seat"
        raise NotationError(key, token=seat, position=0) from None


def _solve_bridge(path: str, language: str, *, as_json: bool, seat: str | None = None) -> bool:
    """``solve`` on a file of bridge boards (PBN, LIN, or YAML with no Betel deal): DDS's
    double-dummy table and par for each; ``False`` when the file holds Betel deals."""
    import json
    import os

    from betel_tutor.errors import ScenarioError

    suffix = os.path.splitext(path)[1].lower()
    if suffix not in (".pbn", ".lin"):
        from betel_tutor.scenario.trick_tables import reports_for_file

        try:
            reports_for_file(path, ())
        except ScenarioError as error:
            if error.key != "solver.no_deals":
                raise
        else:
            return False
    from betel_tutor.scenario.loader import read_boards

    boards = read_boards(path)
    solvable = [board for board in boards if board.variant is None]
    for board in boards:
        if board.variant is not None:
            refused = ScenarioError("bridge.variant_no_dd", name=board.id, variant=board.variant)
            if not solvable:
                raise refused
            typer.echo(refused.message(language), err=True)
    chosen = _solve_seats(seat, 4)
    results = [board.double_dummy() for board in solvable]
    if as_json:
        data = (
            results[0].to_json(chosen)
            if len(results) == 1
            else {"boards": [result.to_json(chosen) for result in results]}
        )
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return True
    for number, result in enumerate(results):
        if number:
            typer.echo("")
        for line in result.lines(language, chosen):
            typer.echo(line)
    return True


@app.command("convert")
def convert_command(
    source: Annotated[str, typer.Argument(help="A board file: .pbn, .lin or .yaml.")],
    target: Annotated[str, typer.Argument(help="The file to write: .pbn or .yaml.")],
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Convert bridge boards between PBN, LIN and YAML, by the files' extensions (notes kept)."""
    with _reported(lang) as language:
        from betel_tutor.bridge.board import check_conversion, format_of
        from betel_tutor.i18n import translate, translate_plural
        from betel_tutor.scenario.boards import write_boards
        from betel_tutor.scenario.loader import read_boards

        format_of(target)  # an unknown extension is refused before anything is read
        check_conversion(source, target)  # never onto the file read, never YAML from YAML
        boards = read_boards(source)
        kind = format_of(target)
        document = write_boards(boards, target)
        _write_output(target, document, folder=False, kind=kind, force=force, language=language)
        boards_text = translate_plural("cli.boards_written", len(boards), language)
        typer.echo(
            translate("cli.converted", language, source=source, target=target, boards=boards_text),
            err=True,
        )


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
        import json

        from betel_tutor.cards import parse_cards
        from betel_tutor.contracts import parse_contract
        from betel_tutor.solver.laydown import check_laydown, report_lines, to_json

        cards = parse_cards(hand, lang=language)
        dubel_cards = parse_cards(dubel, lang=language) if dubel else None
        result = check_laydown(
            cards,
            dubel_cards,
            parse_contract(contract),
            budget=budget,
            workers=_workers(workers, language),
        )
        if as_json:
            typer.echo(json.dumps(to_json(result), ensure_ascii=False, indent=2))
        else:
            for line in report_lines(result, language):
                typer.echo(line)
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
    import sys

    with _reported(lang) as language:
        from betel_tutor.errors import BetelError, NotationError
        from betel_tutor.tutor import jsonlines, terminal
        from betel_tutor.tutor import progress as store
        from betel_tutor.tutor.context import Settings
        from betel_tutor.tutor.session import Session

        seed = _seed_text(seed)
        if level is not None and not 1 <= level <= 10:
            raise NotationError("tutor.bad_level", token=str(level), position=0)
        from betel_tutor.bots.strong import STRENGTHS

        if strength not in STRENGTHS:
            raise NotationError("cli.bad_strength", token=strength, position=0)
        if web:
            _serve_web(level, lang, open_hands, seed, strength, fourth, practice, port, language)
            return
        path = store.default_path()
        keeper = store.Keeper(path)
        notice: store.ProgressError | None = None
        try:
            saved = keeper.load()
        except store.ProgressError as damaged:
            saved = store.Progress()
            notice = damaged
        settings = Settings(
            always_open=open_hands,
            seed=seed,
            fourth=fourth,
            strength=strength,
            saves_to=path.parent / "deals",
        )
        # Said once: progress that cannot be saved does not stop the game.
        unsaved = [keeper.frozen]

        def keep(progress: store.Progress) -> bool:
            try:
                report: BetelError | None = keeper.save(progress)
            except store.ProgressNotSaved as error:
                report, unsaved[0] = (None if unsaved[0] else error), True
                if report is not None:
                    typer.echo(" ".join(report.message(session.ctx.lang).split()), err=True)
                return False
            if report is not None:  # a damaged file was set aside; this progress is saved
                typer.echo(" ".join(report.message(session.ctx.lang).split()), err=True)
            return True

        session = Session(
            saved,
            language if lang is not None else (saved.language or language),
            settings=settings,
            on_progress=keep,
        )
        if notice is not None:
            typer.echo(" ".join(notice.message(session.ctx.lang).split()), err=True)
        # A learner's typing may hold bytes that are not UTF-8: shown as such, never a crash.
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")
        if lesson is not None:  # a bridge lesson: the learner is the declarer
            session.open_lesson(lesson)
        if screen or (not as_json and not plain and _full_screen(session.ctx.lang)):
            from betel_tutor.screen import run as full_screen

            status = full_screen.run(session, level=level, practice=practice)
        else:
            front = jsonlines if as_json else terminal
            status = front.run(
                session, level=level, stdin=sys.stdin, stdout=sys.stdout, practice=practice
            )
    raise typer.Exit(status)


def _full_screen(language: str) -> bool:
    """Whether ``learn`` goes full-screen: both ends a terminal of at least 80×24 (a smaller
    one is told why it gets lines)."""
    import shutil
    import sys

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    size = shutil.get_terminal_size(fallback=(0, 0))
    if size.columns >= 80 and size.lines >= 24:
        return True
    from betel_tutor.i18n import translate

    message = translate("screen.too_small", language, width=size.columns, height=size.lines)
    typer.echo(message, err=True)
    return False


def _serve_web(
    level: int | None,
    lang: str | None,
    open_hands: bool,
    seed: str | None,
    strength: str,
    fourth: bool,
    practice: bool,
    port: int,
    language: str,
) -> None:
    """``learn --web``: the same options, passed to the full-screen tutor each browser runs.
    The port is bound before the address is printed; a busy one is one line and exit 2."""
    import errno

    from betel_tutor.errors import NotationError
    from betel_tutor.i18n import translate

    if not 1 <= port <= 65535:
        raise NotationError("cli.bad_port", token=str(port), position=0)
    arguments = [f"--strength={strength}"]
    arguments += [f"--level={level}"] if level is not None else []
    arguments += [f"--lang={lang}"] if lang is not None else []
    arguments += [f"--seed={seed}"] if seed is not None else []
    arguments += ["--open"] * open_hands + ["--fourth"] * fourth + ["--practice"] * practice
    from betel_tutor.screen import run as full_screen

    def say(line: str) -> None:
        typer.echo(line, err=True)

    try:
        server = full_screen.web_server(arguments, port=port, lang=language, say=say)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise NotationError("cli.port_in_use", token=str(port), position=0) from None
        if error.errno == errno.EACCES:
            raise NotationError("cli.port_denied", token=str(port), position=0) from None
        code = errno.errorcode.get(error.errno or 0, "?")
        raise NotationError("cli.port_unusable", token=str(port), position=0, detail=code) from None
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
        from betel_tutor.i18n import translate, translate_plural
        from betel_tutor.tutor import progress as store

        keeper = store.Keeper(store.default_path())
        try:
            saved = keeper.load()
        except store.ProgressError as damaged:
            typer.echo(" ".join(damaged.message(language).split()), err=True)
            saved = store.Progress()
        if reset:
            aside = keeper.reset()
            if aside is not None:
                typer.echo(translate("tutor.progress_reset", language, aside=aside))
            return
        if as_json:
            import json

            typer.echo(json.dumps(store.summary(saved), ensure_ascii=False))
            return
        for number in range(1, 11):
            level = saved.level(number)
            key = "tutor.progress_done" if level.completed else "tutor.progress_line"
            typer.echo(
                translate(
                    key,
                    language,
                    level=number,
                    step=level.next_step,
                    n=level.deals_played,
                    points=translate_plural("common.points", level.points, language),
                    stars=level.stars,
                )
            )
            if level.practise:
                listed = ", ".join(level.practise)
                typer.echo(translate("tutor.progress_practise", language, deals=listed))
        if saved.match is not None:  # a level-10 match under way (spec §7)
            from betel_tutor.tutor.match_play import score_table

            deals = saved.match.match.deals
            typer.echo(translate("tutor.progress_match", language, number=deals + 1))
            for line in score_table(saved.match, language):
                typer.echo(line)


# -- output that the terminal cannot show ---------------------------------------------------------

_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_PLAIN = {"\ufe0f": "", "—": "-", "–": "-", "…": "...", "‘": "'", "’": "'", "“": '"', "”": '"'}
_PLAIN |= {"„": '"', "→": "->", "×": "x", "ł": "l", "Ł": "L", "·": "."}
FALLBACK = "betel-tutor-plain"


def _plain(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler of :func:`_fit_output`: what a stream cannot encode, in ASCII.
    Suits become their letters (♠ S, ♥ H, ♦ D, ♣ C), Polish letters lose their marks, a lone
    surrogate (bytes of the command line that are not UTF-8) is escaped; anything else is ?."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    import unicodedata

    out = []
    for char in error.object[error.start : error.end]:
        if char in _LETTERS or char in _PLAIN:
            out.append(_LETTERS.get(char) or _PLAIN[char])
        elif "\ud800" <= char <= "\udfff":
            out.append(f"\\u{ord(char):04x}")  # valid in JSON strings too
        else:
            base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            out.append(base or "?")
    return "".join(out), error.end


def _fit_output() -> None:
    """Standard output and error never fail on a character they cannot encode (a cp1250 or
    ASCII terminal): :func:`_plain` writes it in ASCII instead, suits as S H D C. The one place
    for every command, text and JSON alike. An error handler the user chose through
    ``PYTHONIOENCODING`` (``cp1250:replace``) is kept."""
    import codecs
    import os
    import sys

    if ":" in os.environ.get("PYTHONIOENCODING", ""):
        return
    codecs.register_error(FALLBACK, _plain)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=FALLBACK)


def main() -> None:
    """The ``betel-tutor`` console script.

    Usage mistakes (an unknown command or option, a missing argument) get one line on stderr
    and exit status 2, like every other bad input. Output the terminal cannot encode is
    written in ASCII (:func:`_fit_output`).
    """
    import sys

    _fit_output()
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
