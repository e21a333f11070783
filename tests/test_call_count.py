"""The call hint counts the learner's hand by the method the lessons teach, in words, and
gives the strong player's sampled figure beside it."""

from __future__ import annotations

import pytest

from betel_tutor.auction import Auction, AuctionState, Call, level_options
from betel_tutor.cards import Card, parse_cards
from betel_tutor.tutor.call_count import count_words
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.events import Event, Hint, Prompt
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.session import Session
from tests.learner import lesson_lines

SIX_AND_A_HALF = frozenset(parse_cards("♠AK987 ♥A8 ♦K8 ♣7"))  # 6½ in spades, 3½ without
EIGHT = frozenset(parse_cards("♥KQ1098 ♠A7 ♦AK8"))  # 8 in hearts, 4 without


def state_after(*calls: str) -> AuctionState:
    auction = Auction(hands=[frozenset()] * 3, **level_options(5))
    for call in calls:
        auction.call(Call.parse(call))
    return auction.state


@pytest.mark.parametrize(
    ("hand", "calls", "call", "lang", "words"),
    [
        (SIX_AND_A_HALF, (), "pass", "en",
         "You count 6½ tricks in spades: 1♠ needs 6, enough by this count, though the deals"
         " sampled below say otherwise."),
        (SIX_AND_A_HALF, ("2♠",), "pass", "en",
         "You count 6½ tricks in spades: 3♠ needs 8, not enough: pass."),
        (SIX_AND_A_HALF, ("2♠",), "pass", "pl",
         "Liczysz 6½ lewy w pikach: 3♠ wymaga 8 lew, za mało: pas."),
        (EIGHT, ("2♠",), "3♥", "en",
         "You count 8 tricks in hearts: 3♥ needs 8, enough to declare it."),
        (EIGHT, ("2♠",), "3♥", "pl",
         "Liczysz 8 lew w kierach: 3♥ wymaga 8 lew, wystarczy, by go zadeklarować."),
        (EIGHT, (), "1NT", "pl",
         "Liczysz 4 lewy bez atu: 1BA wymaga 6 lew, za mało według liczenia, choć losowane"
         " niżej rozdania mówią co innego."),
    ],
)  # fmt: skip
def test_the_count_in_words(
    hand: frozenset[Card], calls: tuple[str, ...], call: str, lang: str, words: str
) -> None:
    assert count_words(state_after(*calls), hand, Call.parse(call), lang) == words


def test_kontra_and_a_betelek_get_no_count() -> None:
    options = {**level_options(8)}
    auction = Auction(hands=[frozenset()] * 3, **options)
    auction.call(Call.parse("1♠"))
    assert count_words(auction.state, EIGHT, Call.parse("kontra"), "en") == ""


@pytest.mark.parametrize(
    ("lang", "count", "sampled"),
    [
        ("en", "You count", "With the hands as dealt"),
        ("pl", "Liczysz", "Przy rękach, jak je rozdano"),
    ],
)
def test_the_call_hint_at_level_5_counts_then_judges(lang: str, count: str, sampled: str) -> None:
    """Level 5's first deal is open: the hint counts the hand, then gives what the call gains
    with the hands as dealt, the measure the auction review judges by."""
    session = Session(Progress(), lang, settings=Settings(seed="call-count"))
    events: list[Event] = session.start(5)
    for line in lesson_lines(5):
        events = session.handle(
            {"yes": "tak", "no": "nie"}.get(line, line) if lang == "pl" else line
        )
    prompt = events[-1]
    assert isinstance(prompt, Prompt) and prompt.expects == "call", prompt
    hints = [e for e in session.handle("hint") if isinstance(e, Hint)]
    assert len(hints) == 1
    text = hints[0].text
    assert count in text and sampled in text
    assert text.index(count) < text.index(sampled)
    if lang == "pl":
        assert " tricks" not in text and "NT" not in text
