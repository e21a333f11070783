"""The penalty-card lesson (Law 50, 51, 59) through ``learn --json --lesson penalty-cards`` (in
this process) and the line tutor in a pseudo-terminal: the learner, South, is the declarer and
plays declarer's and dummy's cards; the defenders play the board's cards while the laws allow
them, else a legal card the engine chooses."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect
import pytest

from betel_tutor.penalty import Penalties, declarer_options, option_law, parse_option
from betel_tutor.scenario import load
from betel_tutor.scenario.model import Scenario
from betel_tutor.tutor.text import plain
from tests.in_process import run_cli
from tests.learner import BETEL_TUTOR, environment

LESSON = Path(__file__).parent.parent / "scenarios" / "lessons" / "penalty-cards.yaml"
Event = dict[str, Any]


def lesson() -> Scenario:
    scenario, problems = load(str(LESSON))
    assert scenario is not None and not problems
    return scenario


def titles(lang: str) -> list[str]:
    return [plain(deal.title.get(lang), lang) for deal in lesson().deals if deal.title is not None]


@dataclass
class Learner:
    """Chooses ``option`` (an index into the prompt's choices) at every option prompt, the
    first choice at every designation, the board's own card where it may, else the first legal
    card; ``extra`` lines are sent first at the prompt of a given board and expects."""

    lang: str = "en"
    option: int = 0
    extra: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    swap: dict[tuple[str, int], str] = field(default_factory=dict)  # (board, card) → card
    transcript: list[Event] = field(default_factory=list)
    board: int = -1
    played: int = 0

    def answer(self, deals: Scenario, prompt: Event) -> str:
        deal = deals.deals[self.board]
        expects, choices = prompt["expects"], prompt.get("choices") or []
        pending = self.extra.get((deal.id, expects))
        if pending:
            return pending.pop(0)
        if expects == "option":
            return str(choices[self.option % len(choices)])
        if expects == "designate":
            return str(choices[0])
        if expects == "card":
            swapped = self.swap.get((deal.id, self.played))
            if swapped is not None:
                return swapped
            if self.played < len(deal.play) and str(deal.play[self.played]) in choices:
                return str(deal.play[self.played])
            return str(choices[0])
        return ""

    def see(self, events: list[Event]) -> None:
        for event in events:
            self.transcript.append(event)
            if event["event"] == "card_played":
                self.played += 1
            elif event["event"] == "message" and event["text"] in titles(self.lang):
                self.board += 1
                self.played = 0


def play(home: Path, lang: str, learner: Learner) -> list[Event]:
    """The whole lesson through ``learn --json --lesson penalty-cards`` (run in this process),
    a line in at each prompt; the events until the menu."""
    deals = lesson()
    read = 0  # the characters of output already seen
    sent = 0
    at_menu = False

    def typist(output: str) -> str | None:
        nonlocal read, sent, at_menu
        if at_menu:
            return None
        events: list[Event] = [json.loads(line) for line in output[read:].splitlines()]
        read = len(output)
        assert events and events[-1]["event"] == "prompt", f"no prompt: {events}"
        learner.see(events)
        prompt = events[-1]
        if prompt["expects"] == "menu":
            at_menu = True
            return "quit"
        sent += 1
        assert sent <= 400, "the lesson never ended"
        line = learner.answer(deals, prompt) if learner.board >= 0 else ""
        learner.transcript.append({"event": "sent", "text": line, "expects": prompt["expects"]})
        return line

    args = ("learn", "--json", "--lesson", "penalty-cards", "--lang", lang)
    ran = run_cli(*args, env=environment(home), typist=typist)
    assert ran.returncode == 0 and at_menu, ran.stderr
    return learner.transcript


def texts(events: list[Event], kind: str | None = None) -> str:
    return "\n".join(str(e.get("text", "")) for e in events if kind is None or e["event"] == kind)


def boards(events: list[Event]) -> list[list[Event]]:
    """The events of each board, from its title to its end."""
    out: list[list[Event]] = []
    for event in events:
        if event["event"] == "message" and event["text"] in TITLES_ALL:
            out.append([])
        if out:
            out[-1].append(event)
    return out


TITLES_ALL = {*titles("en"), *titles("pl")}
LAW = {"en": "Law", "pl": "Prawo"}


@pytest.mark.parametrize("option", range(6))
def test_every_board_with_each_lawful_option(tmp_path: Path, option: int) -> None:
    """The declarer takes the ``option``-th of the options offered at every board (all of
    them across the runs); each is allowed under its law, the board is played to its end and
    its notes shown; the defenders' cards obey the laws."""
    lang = "en" if option % 2 == 0 else "pl"
    events = play(tmp_path, lang, Learner(lang, option))
    played = boards(events)
    deals = lesson().deals
    assert len(played) == len(deals) == 5
    for deal, board in zip(deals, played, strict=True):
        said = texts(board)
        prompts = [e for e in board if e["event"] == "prompt" and e["expects"] == "option"]
        assert prompts, deal.id
        first = prompts[0]["choices"]
        chosen = parse_option(first[option % len(first)])
        exposed = deal.penalties[0]
        pens = Penalties.of(exposed.expose, minor=exposed.minor)
        assert [str(o) for o in declarer_options(pens)] == first
        law = option_law(pens, chosen)
        assert f"({LAW[lang]} {law})" in said, (deal.id, chosen)
        assert ("This board's lesson is over." if lang == "en" else "Lekcja tego rozdania") in said
        note = deal.notes[-1].text.get(lang).split()[0]
        assert note in said  # the board's note is shown at its end
        cards = [e for e in board if e["event"] == "card_played"]
        assert len(cards) % 4 == 0 and len(cards) >= len(deal.play)
    assert all(e["event"] != "refused" for e in events)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_refusals_cite_the_law_and_a_different_card_leaves_the_script(
    tmp_path: Path, lang: str
) -> None:
    # Options are written in the learner's language: require/forbid/none, nakaz/zakaz/nic.
    require, forbid, none = (
        ("require", "forbid", "none") if lang == "en" else ("nakaz", "zakaz", "nic")
    )
    learner = Learner(
        lang,
        option=0,
        extra={
            ("require", "option"): [f"{forbid}:♦", f"{require}:♠"],  # ♦ has no penalty card
            ("require", "card"): ["♥K", "hint"],  # North must follow to the spade lead
            ("forbid", "option"): ["hint", f"{forbid}:♥"],
            ("neither", "option"): [none],
            ("neither", "designate"): ["hint", "♥9", "♠K"],  # ♥9 is no penalty card
        },
        # The board has ♣3; East's cards are then the engine's. North leads ♦A at trick 2.
        swap={("neither", 1): "♣A", ("neither", 4): "♦A"},
    )
    events = play(tmp_path, lang, learner)
    law = LAW[lang]
    refused = [e for e in events if e["event"] == "refused"]
    assert [e["input"] for e in refused] == [f"{forbid}:♦", "♥K", "♥9"]
    assert f"({law} 51B1b)" in refused[0]["text"]
    assert f"({law} 44)" in refused[1]["text"]
    assert f"({law} 51A)" in refused[2]["text"]
    hints = texts(events, "hint")
    assert f"{law} 44" in hints  # follow suit
    assert f"{require}:♥" in hints and f"{law} 51B1b" in hints  # each option and its law
    assert f"{law} 51A" in hints
    neither = boards(events)[2]
    plays = [(e["seat"], e["card"]) for e in neither if e["event"] == "card_played"]
    assert plays[:3] == [("W", "♣2"), ("N", "♣A"), ("E", "♠K")]  # designated, not ♦Q
    east = next(e for e in neither if e["event"] == "card_played" and e["seat"] == "E")
    assert f"({law} 51A)" in east["text"]
    # the other penalty card goes at East's first legal opportunity, the engine's choice
    forced = [e for e in neither if e["event"] == "card_played" and e["card"] in ("♦Q", "♦D")]
    assert forced and f"({law} 50D1)" in forced[0]["text"]
    written = "the board as written" if lang == "en" else "rozdanie tak, jak je zapisano"
    assert written in texts(neither) and written not in texts(boards(events)[4])
    for board in boards(events):
        for event in board:
            if lang == "pl" and event["event"] in ("card_played", "message", "hint", "refused"):
                assert "♦Q" not in event["text"] and "♠K ♦Q" not in event["text"]
                assert not re.search(r"require|forbid|\bnone\b", event["text"])


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_an_option_against_the_script_makes_the_engine_lead(tmp_path: Path, lang: str) -> None:
    """Requiring spades where the board required diamonds (Law 51B2a): West's scripted ♦A is
    refused, and West leads a spade the engine chooses, saying the law."""
    learner = Learner(lang, extra={("require-one-of-several", "option"): ["require:♠"]})
    events = play(tmp_path, lang, learner)
    board = boards(events)[3]
    west = next(e for e in board if e["event"] == "card_played")
    assert west["seat"] == "W" and west["card"].startswith("♠")
    assert f"({LAW[lang]} 51B2a)" in west["text"]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_partner_who_cannot_comply_leads_any_card(tmp_path: Path, lang: str) -> None:
    learner = Learner(lang, extra={("cannot-comply", "option"): ["require:♥"]})
    events = play(tmp_path, lang, learner)
    board = boards(events)[4]
    said = texts(board)
    assert f"({LAW[lang]} 59)" in said
    west = next(e for e in board if e["event"] == "card_played")
    assert west["seat"] == "W" and west["card"] == ("♦A")


# -- the line tutor in a pseudo-terminal --------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Your option", "Your card (North)", "Law 44", "Law 51B1a", "lesson is over", "♠J")),
        (
            "pl",
            ("Twój wybór", "Twoja karta (Północ)", "Prawo 44", "Prawo 51B1a", "skończona", "♠W"),
        ),
    ],
)
def test_the_line_tutor_plays_a_board(tmp_path: Path, lang: str, words: tuple[str, ...]) -> None:
    child = pexpect.spawn(
        BETEL_TUTOR,
        ["learn", "--plain", "--lesson", "penalty-cards", "--lang", lang],
        env=environment(tmp_path),
        encoding="utf-8",
        timeout=30,
    )
    ask, card, follow, law, over, jack = words
    child.expect_exact("Enter")
    child.sendline("")
    child.expect_exact(ask)
    child.sendline("require:♠")
    child.expect_exact(law)
    child.expect_exact(card)
    child.sendline("♥K")  # North must follow to the spade
    child.expect_exact(follow)
    child.sendline("♠4")
    child.expect_exact(jack)  # East's card, as the board has it
    child.sendline("♠7")
    child.expect_exact(over)
    child.sendline("quit")
    child.expect_exact(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
