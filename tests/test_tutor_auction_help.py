"""The auction taught: ``hint`` at a call prompt, the computer players' reasons for their calls
in open deals, and the auction review after each deal, through ``learn --json`` and in a
pseudo-terminal in English and Polish."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pexpect
import pytest

from betel_tutor.auction import parse_call
from tests.learner import Event, Learner, converse, environment, lesson_lines
from tests.test_tutor import spawn
from tests.test_tutor_json import deals_of


class Hinting(Learner):
    """Asks for a hint at every call prompt before calling as :class:`Learner` does."""

    def call(self, choices: list[str]) -> str:
        if self.sent and self.sent[-1] == "hint":
            return super().call(choices)
        return "hint"


def hint_fits(hint: Event, choices: Sequence[str]) -> bool:
    """The hint's call is one of the prompt's choices, or one of them with an exchange."""
    call = parse_call(hint["call"])
    if call.take:
        call = parse_call(str(call.contract))
    return str(call) in choices


@pytest.mark.parametrize(("level", "strength"), [(5, "beginner"), (8, "strong")])
def test_call_hints_reasons_and_auction_reviews(tmp_path: Path, level: int, strength: str) -> None:
    learner = Hinting(level, declare=True)
    args = ["--level", str(level), "--open", "--strength", strength]
    transcript = converse(learner, args, environment(tmp_path), timeout=60)
    assert transcript.returncode == 0, transcript.stderr

    hinted = 0
    for exchange, after in zip(transcript.exchanges, transcript.exchanges[1:], strict=False):
        prompt = exchange.events[-1]
        if prompt["event"] != "prompt" or prompt["expects"] != "call" or after.line != "hint":
            continue
        hints = [event for event in after.events if event["event"] == "hint"]
        assert len(hints) == 1, after.events
        hint = hints[0]
        assert hint_fits(hint, prompt["choices"]), (hint, prompt["choices"])
        assert hint["reason"] and hint["call"] in hint["text"]
        assert after.seconds < 5
        hinted += 1
    assert hinted >= 3

    deals = [
        deal
        for deal in deals_of(transcript.events)
        if any(event["event"] == "call_made" for event in deal)
    ]
    assert deals
    for deal in deals:
        computer = [e for e in deal if e["event"] == "call_made" and e["seat"] != "S"]
        assert all(event["reason"] for event in computer), computer
        assert all(event["reason"] in event["text"] for event in computer)
        if any(e["event"] == "call_made" and e["seat"] == "S" for e in deal):
            reviews = [e for e in deal if e["event"] == "auction_review"]
            assert len(reviews) == 1, [e["event"] for e in deal]
            review = reviews[0]
            assert review["table"] and all(isinstance(v, int) for v in review["table"].values())
            assert review["bid"] is not None and review["cost"] >= 0
            assert review["best"] is None or review["table"]
            if review["cost"]:
                assert str(review["cost"]) in review["text"]


def test_pseudo_terminal_call_hint_and_auction_review_english(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--level", "8")
    for answer in lesson_lines(8):
        child.expect("Press Enter|Your answer")
        child.sendline(answer)
    child.expect("Your call")
    child.sendline("hint")
    child.expect("Hint: a strong player would call ")
    child.expect("estimate")
    child.expect("Your call")
    child.sendline("B2")
    while child.expect(["Your card", "Press Enter to go on", "Play it again\\?"]) == 0:
        child.sendline("1")
    assert "Auction review" in (child.before or "")
    assert "your tricks as declarer with best play" in (child.before or "")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_pseudo_terminal_call_hint_and_auction_review_polish(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--level", "5", "--lang", "pl")
    for answer in lesson_lines(5):
        child.expect("Twoja odpowiedź|Naciśnij Enter")  # texts are read before the quizzes
        child.sendline({"yes": "tak", "no": "nie"}.get(answer, answer))
    child.expect("Twoja odzywka")
    child.sendline("podpowiedź")
    child.expect("Podpowiedź: dobry gracz zgłosiłby ")
    child.expect("szacunek")
    child.expect("Twoja odzywka")
    child.sendline("pas")
    done = ["Twoja karta", "Naciśnij Enter, aby przejść dalej", "Zagrać jeszcze raz\\?"]
    while child.expect(done) == 0:
        child.sendline("1")
    assert "Przegląd licytacji" in (child.before or "")
    child.sendline("koniec")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
