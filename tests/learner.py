"""A scripted learner for ``betel-tutor learn --json``, and a driver that runs the real program.

The learner answers each prompt from what it says it expects and, where the legal inputs are
finite, from its choices: the first legal card, ``pass`` at calls, ``0`` at the first
exchange's bid, ``no`` at offers, exchanges and optional rounds, ``skip`` at predictions,
Enter to go on, the level's number at the menu (``quit`` once the level is over). A quiz
answer is tried in turn as a card, three scores and a percentage until one is read; a wrong
answer moves on too.

With ``random`` (a seed) it plays random legal cards, names a random trump and now and then
asks for a hint first, from its own :class:`random.Random`. With ``declare`` it bids in every
other deal, at its first call: the first legal contract (with ``random``, any legal call but
``pass``), then passes.

With ``mischief`` it also sends, once each, ``xyz`` and ``hint`` at its first card prompt and a
card of its hand that the rules forbid as soon as it knows one (its hand is what its card
prompts have offered in the deal, less what it played).

:func:`converse` drives ``learn --json`` in the test process (:mod:`tests.in_process`), one line
per prompt, reading back the same JSON events the program writes, and times each line from
typing it until the next prompt. :func:`converse_process` drives the real program through pipes
instead: ``bench/tutor.py`` times the tutor's response as a learner's program sees it.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

from betel_tutor.scenario import Scenario, load
from betel_tutor.scenario.model import QuizStep, ReadStep
from betel_tutor.scenario.quizzes import YES_NO, engine_answer
from tests.in_process import run_cli

BETEL_TUTOR = str(Path(sys.executable).parent / "betel-tutor")
QUIZ_TRIES = ("♠A", "0 0 0", "50")  # trick-winner and legal cards, scores, odds
Event = dict[str, Any]


LEVEL_DIR = Path(__file__).resolve().parent.parent / "scenarios" / "levels"


@cache
def shipped_lesson(level: int) -> Scenario:
    scenario, problems = load(str(LEVEL_DIR / f"level-{level:02d}.yaml"))
    assert scenario is not None and not problems, problems
    return scenario


def quiz_line(step: QuizStep) -> str:
    """The right answer to a quiz, typed as a learner types it (the engine's own answer)."""
    truth, shown = engine_answer(step.quiz)
    if step.quiz.kind in YES_NO:
        return "yes" if truth else "no"
    return shown


def lesson_lines(level: int) -> list[str]:
    """What a learner who answers every quiz right types from a shipped level's start to its
    first deal: Enter at each text to read, the right answer at each quiz."""
    lines: list[str] = []
    for step in shipped_lesson(level).steps:
        if isinstance(step, ReadStep):
            lines.append("")
        elif isinstance(step, QuizStep):
            lines.append(quiz_line(step))
        else:
            break
    return lines


def first_deal_step(level: int) -> int:
    """The number (from 1) of a shipped level's first step that is no text and no quiz."""
    return len(lesson_lines(level)) + 1


def quizzes_of(level: int) -> list[QuizStep]:
    return [step for step in shipped_lesson(level).steps if isinstance(step, QuizStep)]


@dataclass
class Learner:
    level: int
    bid: str = "0"
    prediction: str = "skip"
    # a deal whose goal was missed, or with a costly card, is offered again: "yes", "no",
    # "once", "from N" once (the deal again from trick N), or "later" once: from the trick of
    # the first later costly card the offer names as a choice of its own
    retry: str = "no"
    retry_after: int | None = None  # answer ``retry`` only after this many deals, else "no"
    rounds: str = "no"  # an optional round of deals (level 3's further betelki): "yes", "no"
    best: bool = False  # asks for a hint at every card and plays the solver's first best card
    random: int | None = None  # the seed of random cards (and hints now and then)
    declare: bool = False  # bids in every other deal
    answers: list[str] = field(default_factory=list)  # quiz answers to give, in order
    mischief: bool = False
    done: bool = False  # the level has ended
    sent: list[str] = field(default_factory=list)
    hand: set[str] = field(default_factory=set)  # the cards known to be in its hand
    tried: set[str] = field(default_factory=set)  # refused at a trick played again
    pending: list[str] = field(default_factory=list)
    illegal_sent: str | None = None
    illegal_at: int | None = None  # its index in ``sent``
    quiz_try: int = 0
    deals: int = 0  # the deals ended so far
    called: bool = False  # has made a call in this deal
    rng: Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Random(self.random)

    def see(self, events: Sequence[Event]) -> None:
        """Follow the events that came back (before :meth:`answer` is asked)."""
        for event in events:
            kind = event["event"]
            if kind == "card_played" and event["seat"] == "S":
                self.hand.discard(event["card"])
            elif kind == "deal_end":
                self.hand = set()
                self.deals += 1
                self.called = False
            elif kind == "level_end":  # passed or not: this learner plays a level once
                self.done = True
            elif kind == "answered":
                self.quiz_try = 0

    def answer(self, events: Sequence[Event]) -> str:
        """The line to type at the prompt that ends ``events``."""
        self.see(events)
        prompt = events[-1]
        assert prompt["event"] == "prompt", prompt
        expects = prompt["expects"]
        choices: list[str] = prompt.get("choices") or []
        if expects == "card":
            line = self.card(choices, events)
        elif expects == "call":
            line = self.call(choices)
        elif expects == "retry":
            line = "no" if self.retry == "no" else "yes"
            if self.retry.startswith("from"):
                line = self.retry if "from N" in choices else "no"
            if self.retry == "later":
                later = [c for c in choices if c.startswith("from ") and c != "from N"]
                line = later[0] if later else "no"
            if self.retry_after is not None and self.deals != self.retry_after:
                line = "no"
            elif self.retry == "once" or line.startswith("from"):
                self.retry = "no"
        elif expects == "trump" and self.random is not None and choices:
            line = self.rng.choice(choices)
        elif expects == "answer":
            line = self.quiz(events, choices)
        else:
            line = {
                "menu": "quit" if self.done else str(self.level),
                "bid": self.bid,
                "offer": "no",
                "exchange": "no",
                "round": self.rounds,
                "prediction": self.prediction,
                "trump": choices[0] if choices else "",
            }.get(expects, "")
        self.sent.append(line)
        return line

    @staticmethod
    def searching(events: Sequence[Event]) -> bool:
        return any(e["event"] == "refused" and e["reason"] == "retry_short" for e in events)

    def call(self, choices: list[str]) -> str:
        bids = [call for call in choices if call not in ("pass", "kontra")]
        if not self.declare or self.called or self.deals % 2 or not bids:
            return "pass" if "pass" in choices else choices[0]
        self.called = True
        if self.random is not None:
            return self.rng.choice([call for call in choices if call != "pass"])
        return bids[0]

    def card(self, choices: list[str], events: Sequence[Event] = ()) -> str:
        self.hand |= set(choices)
        hinted = bool(self.sent) and self.sent[-1] == "hint"
        # A deal played again from a trick: a card the review would not accept is refused
        # with a hint of its own; the learner tries the next card it has not tried there.
        short = [e["input"] for e in events if e["event"] == "refused"]
        short = [card for card in short if card in choices] if self.searching(events) else []
        self.tried = self.tried | set(short) if short else set()
        untried = [card for card in choices if card not in self.tried]
        if short and untried and not self.best:
            return untried[0]
        if self.best:
            hints = [event for event in events if event["event"] == "hint"]
            if hints and hinted:
                return str(hints[-1]["best"][0])
            return "hint"
        if self.random is not None:
            if not hinted and self.rng.random() < 0.3:
                return "hint"
            return self.rng.choice(choices)
        if self.mischief and not self.sent.count("xyz"):
            self.pending += ["xyz", "hint"]
        if self.mischief and self.illegal_sent is None:
            forbidden = sorted(self.hand - set(choices))
            if forbidden:
                self.illegal_sent = forbidden[0]
                self.illegal_at = len(self.sent) + len(self.pending)
                self.pending.append(forbidden[0])
        if self.pending:
            return self.pending.pop(0)
        return choices[0]

    def quiz(self, events: Sequence[Event], choices: list[str]) -> str:
        if self.answers:
            return self.answers.pop(0)
        if choices:
            return choices[0]
        refused = [e for e in events if e["event"] == "refused"]
        if refused and self.sent and refused[-1]["input"] == self.sent[-1]:
            self.quiz_try += 1
        return QUIZ_TRIES[self.quiz_try % len(QUIZ_TRIES)]


@dataclass
class Exchange:
    """A line the learner typed (None before the first) and the events it got back."""

    line: str | None
    events: list[Event]
    seconds: float  # from writing the line until the prompt (or the end) arrived


@dataclass
class Transcript:
    exchanges: list[Exchange]
    returncode: int
    stderr: str

    @property
    def events(self) -> list[Event]:
        return [event for exchange in self.exchanges for event in exchange.events]

    def of(self, kind: str) -> list[Event]:
        return [event for event in self.events if event["event"] == kind]


def environment(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LANGUAGE")}
    env.update({"BETEL_TUTOR_HOME": str(home), "TERM": "dumb", **extra})
    return env


def _events(text: str) -> list[Event]:
    events: list[Event] = []
    for line in text.splitlines():
        event = json.loads(line)
        assert isinstance(event, dict) and isinstance(event.get("event"), str), line
        events.append(event)
    return events


def _upto_bye(events: list[Event]) -> tuple[list[Event], bool]:
    """The events up to the program's goodbye, and whether it said it."""
    for index, event in enumerate(events):
        if event["event"] == "bye":
            return events[: index + 1], True
    return events, False


def converse(
    learner: Learner,
    args: Sequence[str],
    env: Mapping[str, str],
    *,
    timeout: float = 60.0,
    max_lines: int = 3000,
) -> Transcript:
    """Run ``betel-tutor learn --json ARGS`` in this process, answering every prompt with
    ``learner``, until the program ends: the same exchanges as :func:`converse_process`. Raises
    ``TimeoutError`` when the program reads a line without a prompt before it, or falls silent
    for ``timeout`` seconds, and ``AssertionError`` when a line of its output is not a JSON
    event."""
    exchanges: list[Exchange] = []
    line: str | None = None
    read = 0  # the characters of output already turned into exchanges
    written = time.perf_counter()
    finished = False

    def typist(output: str) -> str | None:
        nonlocal line, read, written, finished
        _silence()
        events, bye = _upto_bye(_events(output[read:]))
        read = len(output)
        exchanges.append(Exchange(line, events, time.perf_counter() - written))
        if bye or len(exchanges) > max_lines:
            finished = True
            return None
        if not events or events[-1]["event"] != "prompt":
            raise TimeoutError(f"no prompt after {line!r}")
        line = learner.answer(events)
        written = time.perf_counter()
        _alarm(timeout, line)
        return line

    _alarm(timeout, None)
    try:
        ran = run_cli("learn", "--json", *args, env=env, typist=typist)
    finally:
        _silence()
    if not finished:  # the program ended by itself after the last line
        events, _bye = _upto_bye(_events(ran.stdout[read:]))
        exchanges.append(Exchange(line, events, time.perf_counter() - written))
    return Transcript(exchanges, ran.returncode, ran.stderr)


def _alarm(seconds: float, line: str | None) -> None:
    """A ``TimeoutError`` in ``seconds`` unless :func:`_silence` comes first (main thread only:
    where pytest runs tests)."""
    if threading.current_thread() is not threading.main_thread():
        return

    def silent(signum: int, frame: object) -> None:
        raise TimeoutError(f"no prompt after {line!r}")

    signal.signal(signal.SIGALRM, silent)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def _silence() -> None:
    if threading.current_thread() is threading.main_thread():
        signal.setitimer(signal.ITIMER_REAL, 0)


def converse_process(
    learner: Learner,
    args: Sequence[str],
    env: Mapping[str, str],
    *,
    timeout: float = 60.0,
    max_lines: int = 3000,
) -> Transcript:
    """Run the real program ``betel-tutor learn --json ARGS`` through pipes, answering every
    prompt with ``learner``, until the program ends. Raises ``TimeoutError`` when it falls
    silent for ``timeout`` seconds, and ``AssertionError`` when a line of its output is not a
    JSON event."""
    process = subprocess.Popen(
        [BETEL_TUTOR, "learn", "--json", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=dict(env),
    )
    assert process.stdin is not None and process.stdout is not None
    arrived: queue.Queue[tuple[str, float]] = queue.Queue()
    stderr: list[str] = []

    def timed() -> None:
        assert process.stdout is not None
        for text in process.stdout:
            arrived.put((text, time.perf_counter()))
        arrived.put(("", time.perf_counter()))  # the end of the output

    def errors() -> None:
        assert process.stderr is not None
        stderr.extend(process.stderr)

    readers = [threading.Thread(target=timed, daemon=True), threading.Thread(target=errors)]
    for reader in readers:
        reader.start()
    exchanges: list[Exchange] = []
    line: str | None = None
    written = time.perf_counter()
    try:
        while True:
            events: list[Event] = []
            ended = False
            while not events or events[-1]["event"] != "prompt":
                try:
                    text, when = arrived.get(timeout=timeout)
                except queue.Empty:
                    raise TimeoutError(f"no prompt after {line!r}") from None
                if not text:
                    ended = True
                    break
                event = json.loads(text)
                assert isinstance(event, dict) and isinstance(event.get("event"), str), text
                events.append(event)
                if event["event"] == "bye":
                    ended = True
                    break
            exchanges.append(Exchange(line, events, when - written))
            if ended or len(exchanges) > max_lines:
                break
            line = learner.answer(events)
            written = time.perf_counter()
            process.stdin.write(line + "\n")
            process.stdin.flush()
        process.stdin.close()
        returncode = process.wait(timeout=timeout)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    for reader in readers:
        reader.join(timeout=timeout)
    return Transcript(exchanges, returncode, "".join(stderr))
