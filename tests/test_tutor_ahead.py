"""Work done ahead, while the learner reads and thinks (:mod:`betel_tutor.tutor.ahead`), changes
nothing the learner is told: a lesson's deal played with the session working ahead at every
prompt tells the same, event for event, as the same deal played without; and with it, the
end of the deal judges none of the learner's calls again, nor (in a closed deal) any of their
cards: the review after the last card only assembles what was judged."""

from __future__ import annotations

import io
import os
import pty
from typing import Any, cast

import pytest

from betel_tutor.solver import single_dummy
from betel_tutor.tutor import auctionreview, call_values, chances
from betel_tutor.tutor.loop import drive
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.learner import Learner


def deals(
    level: int, count: int, ahead: bool, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[Any], list[dict[str, int]]]:
    """The events of ``level`` until its ``count``-th deal ends, the learner bidding the first
    contract open to them at their first call in every other deal; and, for each deal, how
    many calls and positions were judged on the line that ended it (its last card)."""
    judged = {"calls": 0, "cards": 0}
    judge_call, judge = call_values.judge_call, single_dummy.judge

    def counted_call(*args: Any) -> Any:
        judged["calls"] += 1
        return judge_call(*args)

    def counted_cards(*args: Any) -> Any:
        judged["cards"] += 1
        return judge(*args)

    monkeypatch.setattr(auctionreview, "judge_call", counted_call)
    monkeypatch.setattr(chances, "judge", counted_cards)
    session = Session(Progress(), "en")
    learner = Learner(level, declare=True)
    events = [event.to_json() for event in session.start(level)]
    told, at_ends = list(events), []
    for _ in range(2000):
        line = learner.answer(events)
        worked = 0
        while ahead and session.ahead():
            worked += 1
        before = dict(judged)
        events = [event.to_json() for event in session.handle(line)]
        told.extend(events)
        if any(event["event"] == "deal_end" for event in events):
            at_ends.append({name: judged[name] - before[name] for name in judged})
            if len(at_ends) == count:
                return told, at_ends
    raise AssertionError("the deals did not end")


def test_a_deal_played_with_work_done_ahead_tells_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Level 8's first five deals: three open, then two closed, the learner bidding in the
    first, third and fifth."""
    plain, at_ends = deals(8, 5, False, monkeypatch)
    assert at_ends[-1]["calls"] > 0 and at_ends[-1]["cards"] > 0  # the test can fail
    ahead, ahead_at_ends = deals(8, 5, True, monkeypatch)
    assert ahead == plain
    assert ahead_at_ends == [{"calls": 0, "cards": 0}] * 5


class Waiting:
    """A session that works ahead at every prompt, and in its third piece of work sees the
    learner type a line (written to the terminal ``typist``)."""

    def __init__(self, typist: int) -> None:
        self.typist, self.pieces, self.lines = typist, 0, list[str]()
        self.finished = False

    def start(self, level: int | None, *, practice: bool) -> list[Any]:
        return []

    def ahead(self) -> bool:
        self.pieces += 1
        if self.pieces == 3:
            os.write(self.typist, b"quit\n")
        return self.pieces < 10  # more work than that: the line was not seen

    def handle(self, line: str) -> list[Any]:
        self.lines.append(line)
        self.finished = True
        return []

    def save(self) -> None:
        pass


def test_at_a_terminal_work_is_done_ahead_until_a_line_is_typed() -> None:
    typist, terminal = pty.openpty()
    with os.fdopen(terminal, "r") as stdin:
        session = Waiting(typist)
        assert (
            drive(cast(Session, session), lambda _: None, level=None, practice=False, stdin=stdin)
            == 0
        )
    os.close(typist)
    assert session.pieces == 3 and session.lines == ["quit"]


def test_lines_from_a_pipe_are_read_at_once() -> None:
    session = Waiting(-1)
    assert (
        drive(
            cast(Session, session),
            lambda _: None,
            level=None,
            practice=False,
            stdin=io.StringIO("quit\n"),
        )
        == 0
    )
    assert session.pieces == 0 and session.lines == ["quit"]
