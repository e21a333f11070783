"""What the tutor's words say around the cards: hints speak to the learner or of the card, not
as "I"; praise never stands beside a review that names a costly card; a prompt with no hint
says what to do instead. Through the session core, in English and Polish."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from betel_tutor import i18n
from betel_tutor.tutor.events import Event, Hint, Prompt, Refused
from betel_tutor.tutor.progress import LevelProgress, Progress
from betel_tutor.tutor.session import Session
from tests.learner import Learner, first_deal_step

# The reasons the computer players give for a card, which a hint quotes as its rule of thumb.
CARD_REASONS = (
    "bots.bound",
    "bots.cannot_win",
    "bots.duck_high",
    "bots.forced",
    "bots.lead_high",
    "bots.lead_long_low",
    "bots.lead_long_low_misere",
    "bots.lead_low",
    "bots.lead_master",
    "bots.win_cheaply",
    "bots.win_forced",
)
FIRST_PERSON = {
    "en": r"\b(I|my|me|mine)\b",
    "pl": r"\b(moja|mój|moje|mojego|mam|wezmę|biorę|wychodzę|pozbywam|dokładam|bym|zagrałbym)\b",
}
PARAMS = {"card": "♠A", "suit": "♠", "n": 2, "cost": 1}


def start_at(level: int, step: int, lang: str) -> tuple[Session, list[Event]]:
    session = Session(Progress().with_level(level, LevelProgress(next_step=step)), lang)
    return session, session.start(level)


def play_until(
    session: Session, events: list[Event], learner: Learner, done: Callable[[Prompt], bool]
) -> list[Event]:
    """Answer every prompt as ``learner`` does until ``done`` holds for a prompt."""
    for _ in range(2000):
        prompt = events[-1]
        assert isinstance(prompt, Prompt)
        if done(prompt):
            return events
        events = session.handle(learner.answer([e.to_json() for e in events]))
    raise AssertionError("the prompt never came")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_card_reason_never_speaks_as_i(lang: str) -> None:
    """The computer players' reasons are quoted by the hint to the learner: none says "my only
    legal card"; nor does the help say what "I" would play."""
    for key in (*CARD_REASONS, "tutor.help"):
        text = i18n.translate(key, lang, **PARAMS)
        assert not re.search(FIRST_PERSON[lang], text), (key, text)
    assert i18n.translate("bots.forced", lang, card="♠A").endswith(
        "the only legal card" if lang == "en" else "jedyna dozwolona karta"
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_hints_at_the_cards_of_a_deal_speak_to_the_learner(lang: str) -> None:
    session, events = start_at(1, first_deal_step(1) - 1, lang)
    learner = Learner(level=1, best=True)  # asks for a hint at every card
    hints: list[str] = []
    for _ in range(40):
        prompt = events[-1]
        assert isinstance(prompt, Prompt)
        if prompt.expects != "card":
            break
        hints += [e.text for e in events if isinstance(e, Hint)]
        events = session.handle(learner.answer([e.to_json() for e in events]))
    assert len(hints) >= 5
    for text in hints:
        assert not re.search(FIRST_PERSON[lang], text), text


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "Name the suit you choose: ♠, ♥, ♦ or ♣"),
        ("pl", "Podaj wybrany kolor: ♠, ♥, ♦ albo ♣"),
    ],
)
def test_hint_at_the_trump_prompt_says_what_to_do(lang: str, says: str) -> None:
    session, events = start_at(2, first_deal_step(2) - 1, lang)
    play_until(session, events, Learner(level=2), lambda prompt: prompt.expects == "trump")
    answer = session.handle("hint" if lang == "en" else "podpowiedź")
    (refused,) = [e for e in answer if isinstance(e, Refused)]
    assert says in refused.text
    assert isinstance(answer[-1], Prompt) and answer[-1].expects == "trump"


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_hint_where_no_hint_exists_says_what_to_do(lang: str) -> None:
    """At the menu and at a text to read, hint is refused with what to type instead."""
    session = Session(Progress(), lang)
    session.start()
    (at_menu,) = [e for e in session.handle("hint") if isinstance(e, Refused)]
    assert ("level's number" if lang == "en" else "numer poziomu") in at_menu.text
    session, _ = start_at(1, 0, lang)
    (at_text,) = [e for e in session.handle("hint") if isinstance(e, Refused)]
    assert "Enter" in at_text.text


def test_no_praise_beside_a_review_that_names_a_costly_card() -> None:
    """Deals of level 1 played at random: when the review names a card that cost a trick,
    the goal reached is said without "Well played!"; with no such card, with it."""
    praise = i18n.translate("tutor.goal_met", "en")
    plain = i18n.translate("tutor.goal_met_plain", "en")
    seen = {"praised": 0, "plain": 0}
    for seed in range(1, 7):
        session, events = start_at(1, first_deal_step(1) - 1, "en")
        learner = Learner(level=1, random=seed)
        for _ in range(200):
            prompt = events[-1]
            assert isinstance(prompt, Prompt)
            if learner.deals >= 3 or prompt.expects not in ("card", "continue", "retry"):
                break
            events = session.handle(learner.answer([e.to_json() for e in events]))
            texts = [e.text for e in events]
            costly = [e for e in events if e.kind == "review" and e.to_json().get("card")]
            if praise in texts:
                assert not costly, texts
                seen["praised"] += 1
            if plain in texts:
                assert costly, texts
                seen["plain"] += 1
        if all(seen.values()):
            break
    assert all(seen.values()), seen  # both cases met: the test looked at each


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_hands_are_written_with_a_space_between_every_card(lang: str) -> None:
    """``♥A Q 10 9 8``, not ``♥AQ 10 98``; in Polish ``♥A D 10 9 8``, read back the same."""
    from betel_tutor.cards import parse_cards
    from betel_tutor.tutor.events import TableText

    _, events = start_at(1, first_deal_step(1) - 1, lang)  # an open deal: every hand shown
    hands = [e.text for e in events if isinstance(e, TableText) and "♠" in e.text]
    hands = [line for line in hands if ")" not in line]  # not the numbered legal cards
    assert len(hands) == 3, hands
    for line in hands:
        written = line[line.index("♠") :]
        for token in written.split():
            assert len(token.replace("10", "X")) <= 2, (token, line)  # a suit and one rank
        assert len(parse_cards(written)) == 10, line
