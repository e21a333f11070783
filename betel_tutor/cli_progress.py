"""The progress of a long command on stderr (``check``, ``deal``, ``simulate``), so that a
large folder or a long search is never silent: shown once it has run a moment, in place on a
terminal every second, else a line every few seconds (a log stays short). The work tells it
once as it starts (nothing done yet), then as it goes."""

from __future__ import annotations

import sys
import time

import typer

from betel_tutor.i18n import translate, translate_plural


class _Progress:
    FIRST = 1.0  # seconds before the first line
    EVERY = 5.0  # seconds between lines when stderr is not a terminal

    def __init__(self, language: str) -> None:
        self.language = language
        self.started = 0.0  # set by the first call, made as the work starts
        self.terminal = sys.stderr.isatty()
        self.shown = 0.0  # when it was last shown (0: never)

    def _due(self, now: float) -> bool:
        if not self.started:
            self.started = now
        wait = 1.0 if self.terminal else self.EVERY
        return now - self.started >= self.FIRST and not (self.shown and now - self.shown < wait)

    def _show(self, line: str, now: float) -> None:
        typer.echo(("\r" + line) if self.terminal else line, err=True, nl=not self.terminal)
        self.shown = now

    def done(self) -> None:
        """End the line a terminal was shown in place."""
        if self.terminal and self.shown:
            typer.echo("", err=True)


class CheckProgress(_Progress):
    """``check``: the files checked of how many."""

    FIRST = 0.8

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self._due(now):
            line = translate("cli.check_progress", self.language, done=done, total=total)
            self._show(line, now)


class SearchProgress(_Progress):
    """``deal``: the candidates tested and the deals found, the rate and the time left."""

    FIRST = 2.0
    EVERY = 10.0

    def __init__(self, language: str, tries: int, count: int) -> None:
        super().__init__(language)
        self.tries, self.count = tries, count

    def __call__(self, tested: int, found: int) -> None:
        now = time.monotonic()
        if not self._due(now):
            return
        spent = now - self.started
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
        self._show(line, now)


class CountProgress(_Progress):
    """``simulate``, ``puzzles build`` and ``puzzles check``: the deals worked out or searched,
    or the puzzles proved, of how many (``key``: a plural message of ``{done}`` and ``{n}``)."""

    def __init__(self, language: str, key: str, *, first: float = 1.0) -> None:
        super().__init__(language)
        self.key, self.FIRST = key, first

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self._due(now):
            self._show(translate_plural(self.key, total, self.language, done=done), now)
