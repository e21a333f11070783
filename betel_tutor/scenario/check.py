"""The checker: proves every claim in a scenario against the rules engine.

Each check returns problems with positions; nothing is printed. A claim the engine
contradicts is reported with what the engine says instead.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from betel_tutor.cards import Card, CardRun
from betel_tutor.cores import usable_workers, worker_pool
from betel_tutor.errors import BetelError
from betel_tutor.resources import shipped_level
from betel_tutor.scenario.contract_claims import contract_problems
from betel_tutor.scenario.deals import Unsatisfiable, realize
from betel_tutor.scenario.examples import deal_trump, scenario_texts, trick_problems
from betel_tutor.scenario.model import DealSpec, Note, Quiz, Scenario
from betel_tutor.scenario.quizzes import (
    engine_answer,
    judge,
    normalise_answer,
    parse_typed_answer,
    show_answer,
)
from betel_tutor.scenario.source import Position, Problem
from betel_tutor.seats import Seat

if TYPE_CHECKING:
    from pathlib import Path

    from betel_tutor.scenario.loader import LoadedFile

CHUNK = 16  # files a worker checks before it reports them


def check_file(path: str) -> list[Problem]:
    """All problems of one scenario file (or legacy ``.txt`` note): form, then every claim."""
    if path.endswith(".txt"):
        return check_legacy_note(path)
    if os.path.basename(path) == "course.yaml":  # a course's list of lessons, not a scenario
        from betel_tutor.scenario.course import read_course_file

        return read_course_file(path)[1]
    from betel_tutor.scenario.checked import entry_of, known_clean
    from betel_tutor.scenario.loader import load_file

    entry = entry_of(path)  # a file found clean before, unchanged, with this program: clean
    if entry is not None and known_clean(entry):
        return []
    return check_remembered(load_file(path), entry)  # a PBN or LIN file: its scenario


def check_remembered(loaded: LoadedFile, entry: Path | None) -> list[Problem]:
    """:func:`check_loaded`, nothing checked for a file remembered clean, and a clean file
    remembered: ``entry`` is the file's :func:`~betel_tutor.scenario.checked.entry_of`, taken
    before it was read (a file changed since is not remembered as it is now)."""
    from betel_tutor.scenario.checked import entry_of, keep_clean, known_clean

    if entry is not None and known_clean(entry):
        return []
    problems = check_loaded(loaded)
    if entry is not None and not problems and entry_of(loaded.path) == entry:
        keep_clean(entry)
    return problems


def check_loaded(loaded: LoadedFile) -> list[Problem]:
    """All problems of a scenario file already read and parsed (``render`` reads each file
    once): what reading met, then every claim of what could be read."""
    problems = list(loaded.problems)
    if loaded.scenario is not None:  # with problems: what does not depend on the parts left out
        problems += check_scenario(loaded.scenario, loaded.written if problems else None)
    return in_file_order(loaded.at_origin(problems))


def in_file_order(problems: list[Problem]) -> list[Problem]:
    """A file's problems by line and column (stable: problems at one place keep their order)."""
    return sorted(problems, key=lambda problem: (problem.position.line, problem.position.column))


def check_files(
    paths: Sequence[str], *, workers: int = 1, progress: Callable[[int], None] | None = None
) -> list[Problem]:
    """``check_file`` for every file, the problems in the files' order. With ``workers`` > 1
    the files are spread over that many processes (at most one per core): each file's check
    stands alone. ``progress`` is told how many files are checked, as they are."""
    workers = usable_workers(workers)
    told = progress or (lambda done: None)
    if workers <= 1 or len(paths) < 2 * workers:
        problems: list[Problem] = []
        for done, path in enumerate(paths, 1):
            problems += check_file(path)
            told(done)
        return problems
    # A few chunks each, to even out the load; small enough that progress is seen each second.
    chunk = max(1, min(CHUNK, len(paths) // (4 * workers)))
    _ready_for_workers()
    with worker_pool(workers) as pool:
        problems = []
        for done, found in enumerate(pool.map(check_file, paths, chunksize=chunk), 1):
            problems += found
            told(done)
        return problems


def _ready_for_workers() -> None:
    """What every file's check needs, done once here rather than once in each worker: the
    workers are forked from this process where the system does so, and share it (measured:
    the program's digest alone took 0.16 s of CPU a process, a sixth of a second run)."""
    from importlib import import_module

    from betel_tutor.scenario.checked import program_version
    from betel_tutor.solver.known import solver_version

    for module in ("loader", "goals", "quizzes"):  # imported by each file's check
        import_module(f"betel_tutor.scenario.{module}")
    program_version()
    solver_version()


def default_workers(files: int) -> int:
    """Processes for checking ``files`` files: one per available core (at most eight) from
    :data:`MANY_FILES` files on, else one (a process costs more than a few files do)."""
    if files < MANY_FILES:
        return 1
    return usable_workers(8)


MANY_FILES = 64


def check_scenario(scenario: Scenario, written: frozenset[str] | None = None) -> list[Problem]:
    """Every claim of ``scenario``; ``written``: the ids of every deal written, when some
    could not be read (and are left out of ``scenario``)."""
    from betel_tutor.scenario.goals import check_goals

    problems: list[Problem] = []
    broken: set[str] = set()  # deals whose cards or script are wrong: no goal is solved on them
    for deal in scenario.deals:
        found = check_deal(deal)
        if found:
            broken.add(deal.id)
        problems.extend(found)
    for quiz in scenario.all_quizzes():
        problems.extend(check_quiz(quiz))
    problems.extend(scenario_texts(scenario))
    problems.extend(check_step_references(scenario, written))
    problems.extend(check_goals(scenario, broken))
    problems.extend(contract_problems(scenario, broken))
    return problems


def check_step_references(
    scenario: Scenario, written: frozenset[str] | None = None
) -> Iterator[Problem]:
    """Steps that name a deal the file does not have (``written``: the ids of the deals
    written, when some could not be read), or a bridge deal, which the tutor cannot play."""
    from betel_tutor.scenario.model import Game, PlayStep, WatchStep

    known = {deal.id for deal in scenario.deals} if written is None else written
    for step in scenario.steps:
        if not isinstance(step, (PlayStep, WatchStep)):
            continue
        where = _where(step.position, scenario.path)
        if step.deal not in known:
            yield Problem(where, "check.unknown_deal", {"id": step.deal})
            continue
        deal = scenario.deal(step.deal)
        if deal is not None and deal.game is not Game.BETEL:  # the tutor deals Betel only
            kind = "play" if isinstance(step, PlayStep) else "watch"
            yield Problem(where, "check.step_not_betel", {"id": step.deal, "step": kind})


def _where(position: Position | None, path: str = "?") -> Position:
    return position if position is not None else Position(path, 1, 1)


# -- deals -----------------------------------------------------------------------------------
def check_deal(deal: DealSpec) -> list[Problem]:
    problems = check_cards(deal)
    if not problems:
        problems.extend(check_script(deal))
    seen: set[tuple[str, int]] = set()
    for note in deal.notes:
        if (note.id, note.version) in seen:
            at = _where(note.position)
            problems.append(
                Problem(at, "check.note_version_twice", {"id": note.id, "version": note.version})
            )
        seen.add((note.id, note.version))
        problems.extend(check_note(deal, note))
    return problems


def check_legacy_note(path: str) -> list[Problem]:
    from betel_tutor.scenario.legacy_note import parse_note
    from betel_tutor.scenario.source import read_file

    text, problems = read_file(path)
    if text is None:
        return problems
    note, problems = parse_note(text, path)
    if note is None:
        return problems
    starts = {lang: Position(path, line, 1) for lang, line in note.text_lines.items()}
    problems = _same_cards(note.texts.get("en", ""), note.texts.get("pl", ""), starts, text)
    for lang, start in starts.items():
        problems.extend(_remote_urls(note.texts.get(lang, ""), lang, start, text))
        problems.extend(_raw_html(note.texts.get(lang, ""), lang, start, text))
        problems.extend(_markup_slips(note.texts.get(lang, ""), lang, start, text))
    return in_file_order(problems)


_KEPT = 4096  # entries of each of this module's memos; cleared when full
# The remote images and links of a note's text, by the text (parsing markdown is costly, and
# the same note is met in many files).
_URLS: dict[str, list[tuple[int, int, str, str]]] = {}


def _remote_urls(text: str, lang: str, start: Position, source: str | None = None) -> list[Problem]:
    """A problem for each image or link in a note that a sheet would load from outside
    itself (see :mod:`betel_tutor.markup`), where its URL is written in the file."""
    if "[" not in text and "<" not in text:  # CommonMark writes no link or image without them
        return []
    found = _URLS.get(text)
    if found is None:
        from betel_tutor.markup import remote_urls

        if len(_URLS) >= _KEPT:
            _URLS.clear()
        found = _URLS[text] = remote_urls(text)
    if not found:
        return []
    if source is None:
        from betel_tutor.scenario.source import read_file

        source = read_file(start.path)[0] or ""
    lines = source.split("\n")
    problems = []
    for offset, column, kind, url in found:
        at = _located(start, offset, column, url, lines)
        key = "check.note_remote_image" if kind == "image" else "check.note_remote_link"
        problems.append(Problem(at, key, {"lang": lang.upper(), "url": url}))
    return problems


def _located(start: Position, offset: int, column: int, token: str, lines: list[str]) -> Position:
    """Where ``token``, on line ``offset`` of a note's text that starts at ``start``, is
    written in the file: the text may be indented, quoted or folded there."""
    line = start.line + offset
    for number in range(line - 1, len(lines)):
        if token in lines[number]:
            return Position(start.path, number + 1, lines[number].index(token) + 1)
    return Position(start.path, line, column)


def _source_lines(start: Position, source: str | None) -> list[str]:
    if source is None:
        from betel_tutor.scenario.source import read_file

        source = read_file(start.path)[0] or ""
    return source.split("\n")


def _placed(
    start: Position, source: str | None, found: list[tuple[int, int, str, str, dict[str, Any]]]
) -> list[Problem]:
    """A problem for each of ``found`` (its line in the note, its column there, the token, the
    message key and its parameters) where the token is written in the file, which is read
    only when there is a problem to place."""
    if not found:
        return []
    lines = _source_lines(start, source)
    return [
        Problem(_located(start, offset, column, token, lines), key, params)
        for offset, column, token, key, params in found
    ]


# A tag or a comment: a note's only markup is ♠{A} and <u>…</u> (betel_tutor.markup). An
# autolink (<https://…>, <name@host>) is a link, reported as one.
_RAW_HTML = re.compile(r"<!--|</?[A-Za-z][^<>]*>")
ALLOWED_MARKUP = "♠{A}, <u>…</u>"


def _raw_html(text: str, lang: str, start: Position, source: str | None = None) -> list[Problem]:
    """A problem for each HTML tag or comment in a note other than ``<u>`` and ``</u>``."""
    found = [
        (offset, match.start() + 1, match.group(0))
        for offset, line in enumerate(text.split("\n"))
        for match in _RAW_HTML.finditer(line)
        if match.group(0) not in ("<u>", "</u>") and not re.search("://|@", match.group(0))
    ]
    key = "check.note_raw_html"
    return _placed(
        start,
        source,
        [
            (offset, column, tag, key, {"lang": lang.upper(), "tag": tag, "markup": ALLOWED_MARKUP})
            for offset, column, tag in found
        ],
    )


_SLIPS = {
    "card_brace": "check.note_card_brace",
    "u_open": "check.note_u_open",
    "u_close": "check.note_u_close",
}


def _markup_slips(
    text: str, lang: str, start: Position, source: str | None = None
) -> list[Problem]:
    """A problem for each piece of note markup begun and not finished
    (:func:`betel_tutor.markup.markup_slips`), where it is written."""
    from betel_tutor.markup import markup_slips

    found = markup_slips(text)
    return _placed(
        start,
        source,
        [
            (offset, column, token, _SLIPS[kind], {"lang": lang.upper(), "token": token})
            for offset, column, kind, token in found
        ],
    )


def _same_cards(
    english: str, polish: str, starts: dict[str, Position], source: str | None = None
) -> list[Problem]:
    """The two languages of a note must mention the same cards (boards-and-bridge.md §1).
    A card that cannot be read is reported where it is written, naming its language."""
    from betel_tutor.errors import NotationError
    from betel_tutor.scenario.legacy_note import mentioned_cards

    mentioned: dict[str, list[Card]] = {}
    problems: list[Problem] = []
    for lang, text in (("en", english), ("pl", polish)):
        try:
            mentioned[lang] = sorted(mentioned_cards(text, lang))
        except BetelError as error:
            start = _where(starts.get(lang) or starts.get("en"))
            at = start
            token = error.token if isinstance(error, NotationError) else ""
            if token and start.line:
                offset = next((n for n, line in enumerate(text.split("\n")) if token in line), 0)
                at = _located(start, offset, 1, token, _source_lines(start, source))
            params = {"lang": lang.upper(), "detail": error}
            problems.append(Problem(at, "check.note_bad_card", params))
    if problems:
        return problems
    en_cards, pl_cards = mentioned["en"], mentioned["pl"]
    where = starts.get("pl")
    if en_cards == pl_cards:
        return []
    only_en = [c for c in set(en_cards) if en_cards.count(c) > pl_cards.count(c)]
    only_pl = [c for c in set(pl_cards) if pl_cards.count(c) > en_cards.count(c)]
    return [
        Problem(
            _where(where),
            "check.note_cards_differ",
            {
                "en": CardRun(sorted(only_en)) if only_en else "-",
                "pl": CardRun(sorted(only_pl)) if only_pl else "-",
            },
        )
    ]


def check_note(deal: DealSpec, note: Note) -> list[Problem]:
    """A note's two languages agree on the cards, and every underlined winner is right."""
    starts = {lang: note.text_positions.get(lang) or _where(note.position) for lang in ("en", "pl")}
    problems = _same_cards(note.text.en, note.text.pl, starts)
    for lang in ("en", "pl"):
        problems.extend(_remote_urls(note.text.get(lang), lang, starts[lang]))
        problems.extend(_raw_html(note.text.get(lang), lang, starts[lang]))
        problems.extend(_markup_slips(note.text.get(lang), lang, starts[lang]))
    game = deal.variant or deal.game
    problems += trick_problems(note.text, starts, game_name=game, trump=deal_trump(deal))
    return problems


# The message of each refused part of a script, and the name its item goes by in the message.
_SCRIPT_MESSAGES = {
    "contract": ("check.bad_contract", "card"),
    "auction": ("check.illegal_call", "call"),
    "play": ("check.illegal_play", "card"),
    "first_exchange": ("check.bad_bid", "points"),
    "trades": ("check.illegal_trade", "offer"),
    "answer": ("check.trade_not_accepted", "offer"),
    "penalties": ("check.illegal_penalty", "step"),
}


def check_script(deal: DealSpec) -> list[Problem]:
    """Replay the scripted auction, trade and play, if any, and report the first illegal step;
    then the fourth player's prediction, which needs a contract (spec §7)."""
    from betel_tutor.scenario.script import ScriptError, replay

    scripted = (
        deal.first_exchange is not None
        or deal.trades
        or deal.prediction is not None
        or deal.penalties
    )
    if deal.auction is None and not deal.play and not scripted:
        return []
    try:
        replayed = replay(deal)
    except ScriptError as refused:
        at = refused.at or deal.where.get(refused.part, _where(deal.position))
        key, item = _SCRIPT_MESSAGES[refused.part]
        params = {"number": refused.number, item: refused.item, "detail": refused.error}
        return [Problem(at, key, params)]
    if deal.prediction is not None and replayed.declarer is None:
        at = _where(deal.prediction.position, _where(deal.position).path)
        return [Problem(at, "check.nothing_to_predict", {})]
    return []


def check_cards(deal: DealSpec) -> list[Problem]:
    problems: list[Problem] = []
    where = _where(deal.position)
    if deal.hands is None:
        try:
            realize(deal)
        except Unsatisfiable as unmet:
            problems.append(unmet.problem)
        return problems
    deck = deal.profile.deck
    size = deal.profile.hand_size
    hands_at = deal.where.get("hands", where)
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            problems.append(
                Problem(
                    deal.where.get(f"hand{seat}", hands_at),
                    "check.hand_size",
                    {
                        "seat": _seat_name(deal, Seat(seat, deal.profile.seats)),
                        "n": len(hand),
                        "size": size,
                    },
                )
            )
    count = deal.profile.seats
    placed = [
        (card, deal.where.get(f"hand{seat}", hands_at), Seat(seat, count))
        for seat, hand in enumerate(deal.hands)
        for card in hand
    ] + [(card, deal.where.get("dubel", where), None) for card in deal.dubel]
    dealt = [card for card, _, _ in placed]
    seen: dict[Card, tuple[Position, Seat | None]] = {}
    for card, at, holder in placed:
        if card not in deck:
            named = {"card": card, "game": deal.game.value}
            problems.append(Problem(at, "check.not_in_deck", named))
        elif card in seen:  # reported where it is dealt the second time, naming the first
            first, first_holder = seen[card]
            key = "check.dealt_twice" if first_holder is not None else "check.dealt_twice_dubel"
            holder_named = "" if first_holder is None else first_holder
            params = {"card": card, "seat": holder_named, "line": first.line}
            problems.append(Problem(at, key, params))
        seen.setdefault(card, (at, holder))
    expected_dubel = deal.profile.dubel_size
    if len(deal.dubel) != expected_dubel:
        problems.append(
            Problem(
                deal.where.get("dubel", where),
                "check.dubel_size",
                {"n": len(deal.dubel), "size": expected_dubel},
            )
        )
    missing = sorted(set(deck) - set(dealt))
    if missing and not problems:
        problems.append(Problem(hands_at, "check.missing_cards", {"cards": CardRun(missing)}))
    return problems


def _seat_name(deal: DealSpec, seat: Seat) -> str:
    return seat.at(deal.profile.seats).letter


# -- quizzes ---------------------------------------------------------------------------------
def check_quiz(quiz: Quiz) -> list[Problem]:
    where = _where(quiz.position)
    answer_at = quiz.where.get("answer", where)
    try:
        truth, shown = _known_answer(quiz)
        given = normalise_answer(quiz, quiz.answer)
    except BetelError as error:
        return [Problem(where, "check.quiz_input", {"detail": error})]
    except (TypeError, ValueError):
        return [Problem(answer_at, "check.quiz_answer_form", {"kind": quiz.kind})]
    if given != truth:
        return [
            Problem(
                answer_at,
                "check.quiz_wrong",
                {
                    "kind": quiz.kind,
                    "given": show_answer(quiz.answer),
                    "engine": shown or show_answer(truth),
                },
            )
        ]
    return _check_wrong_notes(quiz, truth, where)


def _known_answer(quiz: Quiz) -> tuple[Any, str]:
    """:func:`engine_answer`, once per question's content in this process: the same question
    in many files (a handout's copies, a lesson quoted in a folder) is answered once. Kept
    only for questions whose data are plain values, written out as their key."""
    try:
        key = json.dumps([quiz.kind, quiz.params], sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):  # not plain data: answered afresh
        return engine_answer(quiz)
    known = _ANSWERS.get(key)
    if known is None:
        if len(_ANSWERS) >= _KEPT:
            _ANSWERS.clear()
        known = _ANSWERS[key] = engine_answer(quiz)
    return known


_ANSWERS: dict[str, tuple[Any, str]] = {}


def _check_wrong_notes(quiz: Quiz, truth: object, where: Position) -> list[Problem]:
    """Each answer a note is written for under ``wrong:`` is one a learner could type, and
    wrong: the engine's answer is not it (the notes' two languages the reader has checked)."""
    problems = []
    for typed in quiz.wrong:
        at = quiz.where.get(f"wrong.{typed}", where)
        try:
            given = parse_typed_answer(quiz, typed, "en")
        except (BetelError, ValueError):
            problems.append(Problem(at, "check.quiz_note_unreadable", {"given": typed}))
            continue
        if judge(quiz, given, truth):
            problems.append(Problem(at, "check.quiz_note_right", {"given": typed}))
    return problems


# -- folders ---------------------------------------------------------------------------------
SUFFIXES = (".yaml", ".yml", ".txt")
MAX_DEPTH = 64  # folders within folders searched; deeper ones are reported, not searched


def scenario_files(paths: list[str]) -> list[str]:
    """Files to check: given files as they are; folders searched for .yaml, .yml and .txt."""
    return collect_files(paths)[0]


def collect_files(paths: list[str]) -> tuple[list[str], list[Problem]]:
    """The files to check in ``paths``, and the problems met finding them.

    A given file is taken as it is (reading it reports what is wrong with it); a shipped
    level's name (``level-09``) stands for its lesson where no file has that name. A folder is
    searched without recursion, following links to folders, to :data:`MAX_DEPTH` levels. Nothing
    found is passed over in silence: a folder that cannot be read, a link that loops, a folder
    too deep, and a file of a scenario's name that is not a regular file (a named pipe would
    block the reading forever: it is never opened) are each a problem naming it.
    """
    found: list[str] = []
    problems: list[Problem] = []
    for given in paths:
        name = shipped_level(given)
        if os.path.isdir(name):
            _walk(name, found, problems)
        else:
            found.append(name)
    return found, problems


def _at(path: str) -> Position:
    return Position(path, 0, 0)  # a whole file or folder: shown as its path alone


def _walk(top: str, found: list[str], problems: list[Problem]) -> None:
    """Depth first in name order, as a sorted ``rglob`` listed the files, with a stack of
    listings in place of recursion."""
    try:
        first = os.stat(top)
    except OSError as error:
        problems.append(Problem(_at(top), "scenario.folder_unreadable", {"detail": _why(error)}))
        return
    identity = (first.st_dev, first.st_ino)
    walked = {identity}  # every folder listed, reached by whichever link
    stack = [(_listing(top, problems), [identity])]  # each: what is left, the folders above
    while stack:
        entries, above = stack[-1]
        entry = next(entries, None)
        if entry is None:
            stack.pop()
            continue
        try:
            info = entry.stat()  # through links
        except OSError as error:
            if error.errno == errno.ELOOP:
                problems.append(Problem(_at(entry.path), "scenario.link_loop"))
            else:
                detail = {"detail": _why(error)}
                problems.append(Problem(_at(entry.path), "scenario.unreadable", detail))
            continue
        if stat.S_ISDIR(info.st_mode):
            identity = (info.st_dev, info.st_ino)
            if identity in above:
                problems.append(Problem(_at(entry.path), "scenario.link_loop"))
            elif identity in walked:
                continue  # reached before by another link: its files are listed already
            elif len(above) > MAX_DEPTH:
                problems.append(Problem(_at(entry.path), "scenario.too_deep", {"limit": MAX_DEPTH}))
            else:
                walked.add(identity)
                stack.append((_listing(entry.path, problems), [*above, identity]))
        elif entry.name.endswith(SUFFIXES):
            if stat.S_ISREG(info.st_mode):
                found.append(entry.path)
            else:
                problems.append(Problem(_at(entry.path), "scenario.not_regular", {}))


def _listing(folder: str, problems: list[Problem]) -> Iterator[os.DirEntry[str]]:
    """A folder's entries in name order; none, and a problem, if it cannot be read."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError as error:
        problems.append(Problem(_at(folder), "scenario.folder_unreadable", {"detail": _why(error)}))
        entries = []
    return iter(entries)


def _why(error: OSError) -> BetelError:
    from betel_tutor.files import why_not

    return why_not(error)
