"""Polish as a first language: everything the program says in Polish mode, read in Polish
(the tests are tests/test_polish_everywhere.py; this module reads and scans).

A scripted learner plays all ten levels with ``--lang pl`` through ``learn --json`` (closed
deals, and open deals with bids, hints and a retry; level 10 also with a resting fourth) and
the same typed lines again through the line front end (``learn --plain``); ``check --lang pl``
runs over the corpus of broken files, ``explain … --lang pl`` over each subcommand (text and
JSON), ``rules``, ``solve`` and ``laydown``; the shipped scenarios are rendered as student and
answer sheets. Every human text they produce is scanned for:

* English rank letters on cards (``♠Q``, ``♥J``, ``Q♠``, a hand group ``♠AKQ``, markup
  ``♠{Q}``): Polish text writes A K D W (spec §12.7);
* English calls (``pass``, ``NT``, ``1NT``, ``double``, ``no trump``): Polish says pas, kontra, BA;
* English words (:data:`ENGLISH_WORDS`): seats, game words, the tutor's own words;
* plural agreement of lewa (trick) after a number: 1 lewa, 2–4 lewy, 5+ lew (12–14 lew).

What the learner typed may be quoted back ("'xyz' to nie jest lista kart"): the learner's
own words are taken out before the scan. Identifiers a user must type as they are (YAML keys,
option values, the program's name) are allowed.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from betel_tutor.resources import data_dir
from tests.in_process import run_cli
from tests.learner import Learner, Transcript, converse, environment

ROOT = Path(__file__).parent.parent
BAD = Path(__file__).parent / "data" / "bad"
LEVELS = range(1, 11)

# -- what must not be read in Polish -----------------------------------------------------------
SUIT = "♠♥♦♣"
ENGLISH_CARD = re.compile(
    rf"[{SUIT}]\ufe0f?(?:[AK2-9]|10| )*[QJT](?![a-ząćęłńóśźż])"  # ♠Q, ♥10 J, a group ♠AKQ
    rf"|(?<![A-Za-z0-9])(?:[QJ]|10|[AK2-9])?[QJ][{SUIT}]"  # Q♠, J♥
    rf"|[{SUIT}]\{{[QJT]\}}"  # unrendered note markup ♠{{Q}}
)
ENGLISH_CALL = re.compile(r"\bpass\b|\b[1-5]?NT\b|\bno[ -]?trumps?\b|\bre?double[ds]?\b", re.I)
ENGLISH_WORDS = " ".join(
    (
        # seats, and the words of the game
        "West North South East trick tricks trump trumps suit suits lead leads led follow",
        "declarer declarers defender defenders dealer deal deals dealt contract contracts",
        "auction bid bids call calls overtrick overtricks slam small grand misere play plays",
        "played card cards hand hands score scores scored points chips match offer offers",
        "sell sells buy buys swap swaps show shows shown rest rests resting prediction",
        # the tutor's own words
        "hint hints goal goals review reviews step steps level levels quiz answer answers",
        "right wrong press enter choose welcome back again saved progress undo replay note",
        "the and you your with from for not are is was this that what which who why how",
        "best worst cost costs made make makes defeat defeated win wins won lose loses lost",
        "open closed player players learner true false yes see sees seen next paying paid seed",
    )
).split()
ENGLISH_WORD = re.compile(r"(?<![\w-])(?:" + "|".join(ENGLISH_WORDS) + r")(?![\w-])", re.I)
# Names that Polish writes as they are: the program, the Enter key.
ALLOWED = ("betel-tutor", "Naciśnij Enter")
# A command line quoted in a text (`betel-tutor render scenarios/…`): the program's own words.
COMMAND_LINE = re.compile(r"betel-tutor [a-z]+(?: [\w./-]+)*")
# The plural of lewa after a number: 1 lewa; 2, 3, 4 (not 12–14) lewy; else lew.
NUMBER_LEW = re.compile(r"(?<![\d.,])(\d+)\s+(lewa|lewy|lew|lewę|lewami|lewach)\b")


def wrong_plural(number: int, word: str) -> bool:
    if word not in ("lewa", "lewy", "lew"):  # other cases agree in other ways
        return False
    if number == 1:
        right = "lewa"
    elif number % 10 in (2, 3, 4) and number % 100 not in (12, 13, 14):
        right = "lewy"
    else:
        right = "lew"
    return word != right


@dataclass(frozen=True)
class Hit:
    kind: str  # card, call, word, plural
    source: str
    found: str
    context: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.source}: {self.found!r} in {self.context!r}"


def without(text: str, typed: Iterable[str]) -> str:
    """``text`` without the learner's own words, where it quotes them back."""
    for line in sorted({t.strip() for t in typed if t.strip()}, key=len, reverse=True):
        text = text.replace(f"'{line}'", "''").replace(f"„{line}”", "„”")
    return text


def scan(source: str, text: str, typed: Iterable[str] = ()) -> list[Hit]:
    text = without(text, typed)
    text = COMMAND_LINE.sub("", text)
    for allowed in ALLOWED:
        text = text.replace(allowed, "")
    hits: list[Hit] = []

    def context(match: re.Match[str]) -> str:
        return text[max(0, match.start() - 50) : match.end() + 50].replace("\n", "⏎")

    for kind, pattern in (("card", ENGLISH_CARD), ("call", ENGLISH_CALL), ("word", ENGLISH_WORD)):
        hits += [Hit(kind, source, m.group(), context(m)) for m in pattern.finditer(text)]
    for m in NUMBER_LEW.finditer(text):
        if wrong_plural(int(m.group(1)), m.group(2)):
            hits.append(Hit("plural", source, m.group(), context(m)))
    return hits


# -- what is read --------------------------------------------------------------------------------
HUMAN_FIELDS = ("text", "reason", "answer_reason", "suggest_reason", "breakdown")


def event_texts(events: Iterable[dict[str, Any]]) -> Iterator[str]:
    """The human words of ``learn --json`` events; the machine fields (cards and calls in the
    notation the learner types, seats by letter, ``choices``, a refusal's reason code) are not
    read."""
    for event in events:
        for name in HUMAN_FIELDS:
            if name == "reason" and event["event"] == "refused":
                continue
            value = event.get(name)
            if isinstance(value, str):
                yield value
            elif isinstance(value, list):
                yield from (item for item in value if isinstance(item, str))


def short_level_10(home: Path) -> dict[str, str]:
    levels = home / "levels"
    levels.mkdir(parents=True, exist_ok=True)
    shipped = (data_dir("scenarios") / "levels" / "level-10.yaml").read_text(encoding="utf-8")
    short = shipped.replace("target: 1000", "target: 540")
    (levels / "level-10.yaml").write_text(short, encoding="utf-8")
    return environment(home, BETEL_TUTOR_LEVELS=str(levels))


@dataclass
class Played:
    args: list[str]
    transcript: Transcript
    typed: list[str]


def play(home: Path, level: int, learner: Learner, *args: str) -> Played:
    env = short_level_10(home)
    argv = ["--level", str(level), "--lang", "pl", *args]
    transcript = converse(learner, argv, env, timeout=120)
    assert transcript.returncode == 0, transcript.stderr
    return Played(argv, transcript, list(learner.sent))


def learners(level: int) -> Iterator[tuple[Learner, tuple[str, ...]]]:
    # Level 10's match is dealt from a fresh seed unless given one: the line front end replays it.
    yield Learner(level, mischief=True), ("--seed", "polski") if level == 10 else ()
    yield Learner(level, declare=True, random=level, retry="once"), ("--open",)
    if level == 10:
        yield Learner(level, prediction="tak"), ("--fourth", "--seed", "fourth-2")


def line_front_end(home: Path, played: Played) -> str:
    """The typed lines of ``played`` once more, through the line front end (``learn
    --plain``; in this process: what it writes, not the terminal, is read here, and
    tests/test_tutor.py drives it in a pseudo-terminal in both languages)."""
    typed = iter(played.typed)
    ran = run_cli(
        "learn",
        "--plain",
        *played.args,
        env=short_level_10(home),
        typist=lambda _: next(typed, None),
    )
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr
    return ran.stdout + ran.stderr


def read_level(level: int, mktemp: Callable[[str], Path]) -> list[tuple[str, str, list[str]]]:
    """Every Polish text of ``level`` (where it came from, the text, what the learner typed):
    each learner's ``learn --json`` run, and the first one's typed lines again through the line
    front end."""
    read: list[tuple[str, str, list[str]]] = []
    for index, (learner, args) in enumerate(learners(level)):
        played = play(mktemp(f"pl-{level}-{index}"), level, learner, *args)
        texts = "\n".join(event_texts(played.transcript.events))
        read.append((f"learn --json {' '.join(played.args)}", texts, played.typed))
        if index == 0:
            lines = line_front_end(mktemp(f"plain-{level}"), played)
            read.append((f"learn --plain {' '.join(played.args)}", lines, played.typed))
    return read


def run(*args: str, home: Path) -> str:
    result = run_cli(*args, env=environment(home))
    assert "Traceback" not in result.stderr, result.stderr
    return result.stdout + result.stderr


def json_texts(value: Any) -> Iterator[str]:
    """Every ``text`` (and error message) in an explanation's JSON."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("text", "message", "error") and isinstance(item, str):
                yield item
            else:
                yield from json_texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_texts(item)


EXPLAIN: list[list[str]] = [
    ["trick", "♥D ♥K ♠7"],
    ["trick", "♥W ♥D ♥7", "--trump", "♠"],
    ["trick", "♣W ♣D ♠7", "--trump", "♠"],
    ["trick", "♠D ♠W ♠7 ♠A"],
    ["trick", "♠W ♣D ♠7 ♥2", "--trump", "♠", "--variant", "blue-suit"],
    ["trick", "♠W ♣D ♠7", "--trump", "♠", "--variant", "blue-suit"],
    ["trick", "♥D ♥Q"],
    ["legal", "--hand", "♥AKD8 ♠W7", "--trick", "♥W"],
    ["legal", "--hand", "♥AD ♠W7 ♣D", "--trick", "♦W", "--trump", "♠"],
    ["legal", "--hand", "♥AD ♠W7", "--trick", "♥K", "--betel-defender"],
    ["legal", "--hand", "♥AD ♠W7", "--trick", "♥K ♥W"],
    ["legal", "--hand", "♥AD ♠W7 xyz"],
    ["score", "2BA", "--tricks", "8,1,1"],
    ["score", "4♥", "--tricks", "6,2,2", "--doubled"],
    ["score", "B1", "--tricks", "1,5,4"],
    ["score", "B2", "--tricks", "3,4,3", "--doubled"],
    ["score", "Betel", "--tricks", "0,5,5"],
    ["score", "Szlem BA", "--tricks", "10,0,0"],
    ["score", "pas", "--tricks", "4,3,3"],
    ["score", "pas", "--tricks", "4,3"],
    ["auction", "1♠ kontra pas pas"],
    ["auction", "1♠ 1BA 2♣ pas pas"],
    ["auction", "[♠D♥W>♥7♣8]2♠ pas kontra pas pas"],
    ["auction", "[?♠D]pas 1♥ pas pas"],
    ["auction", "B3 pas 1♣ pas pas"],
    ["auction", "pas pas pas"],
    ["auction", "1♠ kontra 1♠"],
    ["auction", "2♠ 1♥"],
]


def explain_outputs(home: Path) -> Iterator[tuple[str, str]]:
    for args in EXPLAIN:
        name = "explain " + " ".join(args)
        yield name, run("explain", *args, "--lang", "pl", home=home)
        out = run("explain", *args, "--lang", "pl", "--json", home=home)
        try:
            data = json.loads(out[: out.rindex("}") + 1]) if "{" in out else None
        except ValueError:
            data = None
        if data is None:
            yield name + " --json", out
        else:
            yield name + " --json", "\n".join(json_texts(data))
    yield "rules", run("rules", "--lang", "pl", home=home)
    for point in ("5", "7", "17", "21"):
        yield f"rules {point}", run("rules", point, "--lang", "pl", home=home)


class _Visible(HTMLParser):
    """The text of a page a reader sees (and its tooltips), without scripts and styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in ("title", "alt", "aria-label") and value:
                self.parts.append(value)
        if tag in ("br", "p", "div", "tr", "li", "h1", "h2", "h3", "td", "th"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def visible_text(page: str) -> str:
    parser = _Visible()
    parser.feed(page)
    return html.unescape(" ".join(parser.parts))


# The shipped scenarios' folders, and the test sheets of tests/data/sheets.
SHEET_SOURCES = ("levels", "lessons", "boards", "sheets")


def sheets(home: Path, name: str) -> Iterator[tuple[str, str]]:
    """The visible text of each page of the student and answer sheets rendered from the folder
    ``name`` of :data:`SHEET_SOURCES`."""
    if name == "sheets":
        source = Path(__file__).parent / "data" / "sheets"
    else:
        source = data_dir("scenarios") / name
    for sheet in ("student", "answers"):
        folder = home / f"{source.name}-{sheet}"
        out = run(
            "render", str(source), "-o", str(folder), "--sheet", sheet, "--lang", "pl",
            "--per-page", "2", home=home,
        )  # fmt: skip
        pages = sorted(folder.glob("*.html"))
        assert pages, out
        for page in pages:  # a handout's title is the folder's name
            text = visible_text(page.read_text("utf-8")).replace(source.name, "")
            yield f"{source.name} {sheet} {page.name}", text


@cache
def format_words() -> frozenset[str]:
    """The words of the scenario format an author types as they are (keys, their values, the
    quiz kinds): the checker names them in its messages."""
    from betel_tutor.scenario.loader import QUIZ_PARAMS

    schema = json.loads((data_dir("scenarios") / "scenario.schema.json").read_text("utf-8"))
    words: set[str] = {*QUIZ_PARAMS, "true", "false"}  # YAML's own values

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "properties" and isinstance(item, dict):
                    words.update(item)
                if key == "enum":
                    words.update(str(v) for v in item)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(schema)
    # The checker names one item of a list by its singular: note (of notes), quiz, deal, step.
    words |= {word.removesuffix("zes").removesuffix("s") for word in words if word.endswith("s")}
    return frozenset(words)


def authored(text: str, words: frozenset[str]) -> str:
    """A checker's message without what it quotes from the file: the file's path, quoted
    tokens, offers as written (``(W>S see ♠ +10)``), URLs, PyYAML's own description of a
    syntax error, the format's words (``tricks_at_least``, ``match.target``, ``hands.S``)."""
    text = re.sub(r"(?m)^\S+\.(?:yaml|txt):\d+:\d+: ", "", text)
    text = re.sub(r"'[^'\n]*'", "''", text)
    text = re.sub(r"\([NESW]>[NESW] [^)\n]*\)", "()", text)  # an offer as the file writes it
    text = re.sub(r"https?://\S+", "", text)
    text = re.sub(r"(?m)(niepoprawny YAML: ).*$", r"\1", text)
    names = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.sub(rf"(?<![\w-])(?:{names})(?:\.[\w]+)*(?![\w-])", "", text)


# The corpus of broken files (tests/data/bad), each with the messages it must give.
BAD_FILES = sorted(p.name for p in BAD.iterdir() if p.is_file() and p.suffix != ".expect")


def check_output(home: Path, name: str) -> str:
    """What ``check --lang pl`` says of the broken file ``name``, without what it quotes."""
    out = run("check", str(BAD / name), "--lang", "pl", home=home)
    return authored(out, format_words())


def tools(home: Path) -> Iterator[tuple[str, str]]:
    yield "solve", run("solve", "--seed", "polski", "--lang", "pl", home=home)
    hand = "♠AKDW10 ♥AKD ♦AK"
    yield "laydown", run("laydown", hand, "--contract", "2BA", "--lang", "pl", home=home)


# -- what was found ------------------------------------------------------------------------------
Read = tuple[str, str, list[str]]  # where a text came from, the text, what the learner typed


def hits_of(read: Iterable[Read]) -> list[Hit]:
    return [hit for source, text, typed in read for hit in scan(source, text, typed)]


def report(hits: list[Hit]) -> str:
    seen: dict[tuple[str, str], Hit] = {}
    for hit in hits:
        seen.setdefault((hit.kind, hit.context), hit)
    return f"{len(hits)} hits:\n" + "\n".join(map(str, list(seen.values())[:200]))
