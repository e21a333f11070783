"""A deal played again from its costly card, in a pseudo-terminal (pexpect), in English and
in Polish: the review says why the card cost, the offer names its trick, the same card is
refused there with what it still costs, and the hint's best card is acknowledged."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tests.learner import lesson_lines
from tests.test_tutor import spawn

WORDS = {
    "en": {
        "card": "Your card",
        "offer": r"Again from trick (\d+)\?",
        "retry": r"Play it again\?",
        "enter": "Press Enter to go on",
        "why": r"After [♠♥♦♣]\S+, (?:you take|\w+ takes) trick \d+ with",
        "from": "From trick {trick}, with the same cards",
        "short": "Not yet: ",
        "hint": "hint",
        "best": r"Best: ([♠♥♦♣](?:10|[AKQJ987]))",
        "kept": "That keeps your best result: {card}.",
        "yes": "yes",
        "no": "no",
        "answer": "Press Enter|Your answer",
        "quit": "quit",
    },
    "pl": {
        "card": "Twoja karta",
        "offer": r"Jeszcze raz od lewy (\d+)\?",
        "retry": r"Zagrać jeszcze raz\?",
        "enter": "Naciśnij Enter, aby przejść dalej",
        "why": r"Po zagraniu [♠♥♦♣]\S+ (?:bierzesz lewę|lewę \d+ bierze)",
        "from": "Od lewy {trick}, tymi samymi kartami",
        "short": "Jeszcze nie: ",
        "hint": "podpowiedź",
        "best": r"Najlepiej: ([♠♥♦♣](?:10|[AKDW987]))",
        "kept": "Tak zachowujesz najlepszy wynik: {card}.",
        "yes": "tak",
        "no": "nie",
        "answer": "Naciśnij Enter|Twoja odpowiedź",
        "quit": "koniec",
    },
}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_deal_played_again_from_its_costly_card(tmp_path: Path, lang: str) -> None:
    words = WORDS[lang]
    child = spawn(tmp_path, "--level", "3", "--seed", "why-1", "--lang", lang)
    for answer in lesson_lines(3):
        child.expect(words["answer"])
        child.sendline({"yes": words["yes"], "no": words["no"]}.get(answer, answer))
    # The first legal card every time, until the review names one and offers the trick again.
    while True:
        index = child.expect([words["card"], words["offer"], words["retry"], words["enter"]])
        if index == 1:
            break
        child.sendline({0: "1", 2: words["no"], 3: ""}[index])
    trick = child.match.group(1)
    assert re.search(words["why"], child.before), child.before
    child.sendline(words["yes"])
    child.expect(words["from"].format(trick=trick))
    child.expect(words["card"])
    child.sendline("1")  # the card played the first time: refused, with what it costs
    child.expect(words["short"])
    child.expect(words["card"])
    child.sendline(words["hint"])
    child.expect(words["best"])
    best = child.match.group(1)
    child.expect(words["card"])
    child.sendline(best)
    child.expect_exact(words["kept"].format(card=best))
    child.sendline(words["quit"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
