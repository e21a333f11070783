"""The ten level lessons teach a rule before they test it, in short steps (one idea a step),
and say the same thing in good Polish as in English.

What is checked here is the shape the lessons were written to: a short opening text, short
read steps, every quiz after a read step that introduces its kind, every rule a quiz
explanation cites taught earlier (in the lesson or an earlier level), the same rule numbers in
both languages, and the Polish conventions of spec §12.7 (ranks A K D W, no Q or J), plurals
that agree with their numbers, and no gendered verb forms addressed to the learner. And what
the tutor says around the lessons keeps to them too: a run of every level, in both languages,
meets no hint, breakdown, prompt or choice that speaks of a rule the level has not taught, and
is offered only the calls the level allows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from betel_tutor.auction import Call
from betel_tutor.scenario import Scenario, load
from betel_tutor.scenario.model import MatchStep, PlayStep, QuizStep, ReadStep, Text, WatchStep
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.events import Answered, DealEnd, Event, Hint, LessonText, Prompt
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.learner import quiz_line

LEVELS = range(1, 11)
LEVEL_DIR = Path(__file__).resolve().parent.parent / "scenarios" / "levels"

OPENING_LINES = 5  # the opening text: a short introduction, 2–4 sentences
OPENING_SENTENCES = 4
READ_LINES = 8  # a read step: one idea, a few sentences (a table may take a few more lines)
TABLE_LINES = 9

# A quiz kind needs an earlier read step (of the lesson) that speaks of what it asks, in both
# languages: (English, Polish) patterns, searched in the lower-cased text.
INTRODUCED_BY: dict[str, tuple[str, str]] = {
    "trick-winner": (r"\bw[io]n", "bierze"),
    "legal-cards": ("must", "mus[iz]"),
    "score": ("point", "punkt"),
    "call-legal": ("declar|ladder|kontra", "deklar|drabin|kontr"),
    "odds": ("split", "dziel"),
    "offer-legal": ("offer", "ofert"),
    "laydown": ("laydown", "wykładan"),
    "count-tricks": ("count", "licz"),
}


@cache
def lesson(level: int) -> Scenario:
    scenario, problems = load(str(LEVEL_DIR / f"level-{level:02d}.yaml"))
    assert scenario is not None and not problems, problems
    return scenario


def lines(text: str) -> list[str]:
    return [line for line in text.strip().splitlines() if line.strip()]


def texts(scenario: Scenario) -> Iterator[tuple[str, Text]]:
    """Every bilingual text of a lesson, with where it is."""
    if scenario.text is not None:
        yield "text", scenario.text
    for index, step in enumerate(scenario.steps, 1):
        where = f"step {index}"
        if isinstance(step, ReadStep):
            yield where, step.text
        elif isinstance(step, QuizStep):
            yield f"{where} question", step.quiz.question
            if step.quiz.explanation is not None:
                yield f"{where} explanation", step.quiz.explanation
        elif isinstance(step, (PlayStep, WatchStep, MatchStep)) and step.text is not None:
            yield where, step.text
        if isinstance(step, WatchStep):
            for trick, comment in enumerate(step.comments, 1):
                yield f"{where} comment on trick {trick}", comment


def _numbers(listed: str) -> set[int]:
    found: set[int] = set()
    for first, last in re.findall(r"(\d+)(?:\s*[–-]\s*(\d+))?", listed):
        found.update(range(int(first), int(last or first) + 1))
    return found


_LIST = r"(\d+(?:\s*(?:[–-]|,|and|i)\s*\d+)*)"


def rules_cited(text: str, lang: str) -> set[int]:
    """The numbers of the article's rules a text cites: "rule 5", "rules 6 and 7", "rules
    2–4"; in Polish "zasada 5", "zasady 6 i 7", "(zasada 20)"."""
    word = r"\brules?" if lang == "en" else r"\bzasad[aąyzie]*"
    found: set[int] = set()
    for listed in re.findall(word + r"\s+" + _LIST, text, flags=re.IGNORECASE):
        found |= _numbers(listed)
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_the_opening_text_is_a_short_introduction(level: int) -> None:
    text = lesson(level).text
    assert text is not None
    for lang in ("en", "pl"):
        words = getattr(text, lang)
        assert len(lines(words)) <= OPENING_LINES, (level, lang)
        sentences = re.findall(r"[.!?][*”\"')]*(?:\s|$)", words.strip())
        assert 2 <= len(sentences) <= OPENING_SENTENCES, (level, lang, sentences)


@pytest.mark.parametrize("level", LEVELS)
def test_every_read_step_is_short(level: int) -> None:
    for index, step in enumerate(lesson(level).steps, 1):
        if not isinstance(step, ReadStep):
            continue
        for lang in ("en", "pl"):
            words = getattr(step.text, lang)
            table = sum(line.startswith("  ") for line in words.splitlines()) >= 3
            most = TABLE_LINES if table else READ_LINES
            assert len(lines(words)) <= most, (level, index, lang)


@pytest.mark.parametrize("level", LEVELS)
def test_every_quiz_follows_a_read_step_that_introduces_it(level: int) -> None:
    """A quiz comes right after a read step or another quiz, and an earlier read step of the
    same lesson speaks of what its kind asks."""
    steps = lesson(level).steps
    quizzes = 0
    for index, step in enumerate(steps):
        if not isinstance(step, QuizStep):
            continue
        quizzes += 1
        before = steps[index - 1] if index else None
        assert isinstance(before, (ReadStep, QuizStep)), (level, index + 1)
        reads = [s.text for s in steps[:index] if isinstance(s, ReadStep)]
        assert reads, (level, index + 1, "a quiz before any read step")
        en, pl = INTRODUCED_BY[step.quiz.kind]
        where = (level, index + 1, step.quiz.kind)
        assert any(re.search(en, t.en.lower()) for t in reads), where
        assert any(re.search(pl, t.pl.lower()) for t in reads), where
    assert quizzes


def test_every_rule_a_quiz_cites_is_taught_first() -> None:
    """The rule numbers a question or explanation cites appear first in a read step or an
    opening text: of the same lesson, before the quiz, or of an earlier level."""
    taught: set[int] = set()
    for level in LEVELS:
        scenario = lesson(level)
        if scenario.text is not None:
            taught |= rules_cited(scenario.text.en, "en")
        for index, step in enumerate(scenario.steps, 1):
            if isinstance(step, ReadStep):
                taught |= rules_cited(step.text.en, "en")
            elif isinstance(step, QuizStep):
                cited = rules_cited(step.quiz.question.en, "en")
                if step.quiz.explanation is not None:
                    cited |= rules_cited(step.quiz.explanation.en, "en")
                assert cited <= taught, (level, index, sorted(cited - taught))


@pytest.mark.parametrize("level", LEVELS)
def test_english_and_polish_cite_the_same_rules(level: int) -> None:
    for where, text in texts(lesson(level)):
        assert rules_cited(text.en, "en") == rules_cited(text.pl, "pl"), (level, where)


@pytest.mark.parametrize("level", LEVELS)
def test_no_quiz_uses_a_term_before_the_read_step_that_teaches_it(level: int) -> None:
    """A term a read step introduces in bold (**Ruff**) is not in an earlier quiz's question or
    explanation (level 2 once said "West ruffs" two steps before ruffing was taught)."""
    steps = lesson(level).steps
    for index, step in enumerate(steps):
        if not isinstance(step, ReadStep):
            continue
        for term in re.findall(r"\*\*([^*]+)\*\*", step.text.en):
            word = re.compile(r"\b" + re.escape(term.lower()))
            for before, quiz in enumerate(steps[:index], 1):
                if not isinstance(quiz, QuizStep):
                    continue
                said = quiz.quiz.question.en + " " + getattr(quiz.quiz.explanation, "en", "")
                assert not word.search(said.lower()), (level, before, term, index + 1)


@pytest.mark.parametrize("level", LEVELS)
def test_no_lesson_text_names_a_path_of_the_source_tree(level: int) -> None:
    """A learner may have the package without the source tree: lessons name no file of it
    (a shipped level is named ``level-09``, which ``render`` and ``check`` read)."""
    for where, text in texts(lesson(level)):
        for lang in ("en", "pl"):
            assert not re.search(r"scenarios/|\.ya?ml\b", getattr(text, lang)), (level, where)


# A suit symbol, an optional brace, then ranks and spaces: the ranks written after a suit.
_RANKS_AFTER_SUIT = re.compile(r"[♠♥♦♣]\{?((?:[AKQJDW]|10|[987T])(?:\s?(?:[AKQJDW]|10|[987T]))*)")


def _polish_texts(level: int) -> Iterator[tuple[str, str]]:
    for where, text in texts(lesson(level)):
        # Offers in backticks are the trade notation (its seat letters W, N, S are no ranks).
        yield where, re.sub(r"`[^`]*`", "", text.pl)


@pytest.mark.parametrize("level", LEVELS)
def test_polish_writes_ranks_a_k_d_w(level: int) -> None:
    for where, text in _polish_texts(level):
        for ranks in _RANKS_AFTER_SUIT.findall(text):
            assert not re.search(r"[QJ]", ranks), (level, where, ranks)
        assert not re.search(r"\b[QJ]\b", text), (level, where)


_GENDERED = re.compile(r"\b\w+(?:łeś|łaś|łbyś|łabyś|eś\s+mógł|aś\s+mogła)\b", re.IGNORECASE)


@pytest.mark.parametrize("level", LEVELS)
def test_polish_addresses_the_learner_without_gender(level: int) -> None:
    for where, text in _polish_texts(level):
        assert not _GENDERED.search(text), (level, where, _GENDERED.findall(text))


_NOUNS = {
    "lewa": ("lewa", "lewę"),  # one
    "lewy": ("lewy",),  # 2–4, 22–24 …
    "lew": ("lew",),  # 5–21, 25–31 …
    "punkt": ("punkt",),
    "punkty": ("punkty",),
    "punktów": ("punktów",),
}


def polish_plural(number: int, one: str, few: str, many: str) -> str:
    if number == 1:
        return one
    if number % 10 in (2, 3, 4) and number % 100 not in (12, 13, 14):
        return few
    return many


@pytest.mark.parametrize("level", LEVELS)
def test_polish_nouns_agree_with_their_numbers(level: int) -> None:
    pattern = re.compile(r"(?<![\d,.])(\d+)\s+(lewa|lewę|lewy|lew|punkt|punkty|punktów)\b")
    for where, text in _polish_texts(level):
        for number, noun in pattern.findall(text):
            n = int(number)
            if noun in ("lewa", "lewę", "lewy", "lew"):
                expected = polish_plural(n, "lew[aę]", "lewy", "lew")
            else:
                expected = polish_plural(n, "punkt", "punkty", "punktów")
            assert re.fullmatch(expected, noun), (level, where, f"{number} {noun}")


def test_the_polish_plural_rule() -> None:
    forms = [polish_plural(n, "lewa", "lewy", "lew") for n in (1, 2, 4, 5, 12, 21, 22, 25)]
    assert forms == ["lewa", "lewy", "lewy", "lew", "lew", "lew", "lewy", "lew"]
    assert rules_cited("rules 2–4 and rule 17, rules 6 and 7", "en") == {2, 3, 4, 6, 7, 17}
    assert rules_cited("zasady 2–4 i zasada 17, (zasady 6 i 7)", "pl") == {2, 3, 4, 6, 7, 17}


# The rules a level has not taught yet (spec §9), as (the level that teaches it, English,
# Polish), searched in what the tutor says around the lesson: trumps from level 2, the contract
# Betel from 4, the auction's passes from 5, the dubel exchange from 7, kontra from 8.
UNTAUGHT = (
    (2, r"\btrump|\bruff", r"\batut|\batu\b"),
    (4, r"\bBetel\b", r"\bbetl(a|e|u|em)?\b|\bbetel\b"),
    (5, r"\bpass(es)?\b", r"\bpas(y|ach|ów)?\b"),
    (7, r"\bexchange|\[", r"\bwymian|\["),
    (8, r"\bkontra|\bdoubl", r"\bkontr(?!akt)"),
)
CARD_HINTS = 3  # hints asked at the first deal's card prompts (each searches the deal)
GO_ON = {"retry": "no", "round": "no", "offer": "no", "exchange": "no", "bid": "0"}


def around_the_lesson(level: int, lang: str) -> tuple[list[str], list[str]]:
    """A learner runs ``level`` up to its first deal's end, asking for a hint at every quiz,
    the first card prompts and the first call: what the tutor said in hints, breakdowns,
    prompts and choices, and the calls it offered."""
    session = Session(Progress(), lang, settings=Settings(seed="taught"))
    said: list[str] = []
    calls: list[str] = []
    events: list[Event] = session.start(level)
    hints = 0
    for _ in range(400):
        said.extend(words_of(events))
        if any(isinstance(event, DealEnd) for event in events):
            return said, calls
        prompt = events[-1]
        assert isinstance(prompt, Prompt), prompt
        said.append(prompt.text)
        said.extend(str(choice) for choice in prompt.choices or ())
        if prompt.expects == "call":
            calls.extend(str(choice) for choice in prompt.choices or ())
        if prompt.expects in ("answer", "card", "call") and (
            prompt.expects == "answer" or hints < CARD_HINTS
        ):
            hinted = session.handle("hint")
            said.extend(e.text for e in hinted if not isinstance(e, (LessonText, Prompt)))
            hints += prompt.expects != "answer"
        events = session.handle(line_for(session, prompt))
    raise AssertionError(f"level {level}: no deal ended")


def words_of(events: list[Event]) -> list[str]:
    """The hints and breakdowns among ``events``."""
    found: list[str] = []
    for event in events:
        if isinstance(event, Hint):
            found.append(event.text)
        elif isinstance(event, (Answered, DealEnd)):
            found.extend(event.breakdown)
    return found


def line_for(session: Session, prompt: Prompt) -> str:
    if prompt.expects == "answer":
        return quiz_line(session.phase.step)  # type: ignore[attr-defined]
    if prompt.expects in ("card", "call", "trump"):
        return str((prompt.choices or ("",))[0])
    return GO_ON.get(prompt.expects, "")


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("level", LEVELS)
def test_no_hint_breakdown_prompt_or_choice_uses_an_untaught_rule(level: int, lang: str) -> None:
    said, calls = around_the_lesson(level, lang)
    for teaches, en, pl in UNTAUGHT:
        if level >= teaches:
            continue
        pattern = re.compile(en if lang == "en" else pl, re.IGNORECASE)
        used = [text for text in said if pattern.search(text)]
        assert not used, (level, lang, used)
    options = lesson(level).options
    for written in calls:
        call = Call.parse(written)
        assert options.kontra or call.kind != "kontra", (level, written)
        assert options.exchange or not call.take, (level, written)
        contract = call.contract
        assert options.betelki or contract is None or not contract.is_misere, (level, written)
