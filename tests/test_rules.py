"""Legal plays and trick winners (spec §5, rules 5–8), checked against a plain transcription.

The reference below follows the spec's wording one sentence at a time, with no attention to
speed; the engine must agree with it on random hands and tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.cards import BETEL_DECK, Card, Suit, parse_card, parse_cards
from betel_tutor.errors import IllegalPlay, NotationError
from betel_tutor.rules import check_play, legal_plays, refusal, trick_winner
from betel_tutor.seats import Seat


def reference_legal(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, beat: bool
) -> set[Card]:
    if not trick:
        return set(hand)
    led = trick[0].suit
    ruffed = trump is not None and led is not trump and any(c.suit is trump for c in trick)
    same = [c for c in hand if c.suit is led]
    if same:  # 1. follow suit
        if not beat or ruffed:  # Betel defenders; relief once the trick is ruffed
            return set(same)
        best_led = max(c.rank for c in trick if c.suit is led)
        higher = [c for c in same if c.rank > best_led]  # 2. beat in suit with any higher card
        return set(higher) if higher else set(same)
    trumps = [c for c in hand if trump is not None and c.suit is trump]
    if not trumps:  # 4. neither the led suit nor a trump
        return set(hand)
    if not ruffed or not beat:  # 3. ruff with any trump
        return set(trumps)
    best_trump = max(c.rank for c in trick if c.suit is trump)
    over = [c for c in trumps if c.rank > best_trump]  # overruff, else underruff
    return set(over) if over else set(trumps)


def reference_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    trumps = [i for i, c in enumerate(trick) if c.suit is trump]
    candidates = trumps or [i for i, c in enumerate(trick) if c.suit is trick[0].suit]
    return max(candidates, key=lambda i: trick[i].rank)


trumps = st.sampled_from([None, *Suit])


def distinct_cards(count: int) -> st.SearchStrategy[list[Card]]:
    """``count`` different cards of the deck, in any order, dealt from a seed: one draw for
    Hypothesis where a shuffle of the whole deck is thirty-one, for the same cards."""
    return st.integers(0, 2**32 - 1).map(lambda seed: Random(seed).sample(BETEL_DECK, count))


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    size = draw(st.integers(1, 10))
    played = draw(st.integers(0, 2))
    cards = draw(distinct_cards(size + played))
    return cards[:size], cards[size:]


@settings(max_examples=3000, deadline=None)
@given(positions(), trumps, st.booleans())
def test_legal_plays_match_the_spec(
    position: tuple[list[Card], list[Card]], trump: Suit | None, beat: bool
) -> None:
    hand, trick = position
    legal = legal_plays(hand, trick, trump=trump, beat_obligation=beat)
    assert legal == reference_legal(hand, trick, trump, beat)
    assert legal, "there is always a legal card"
    for card in hand:
        problem = refusal(hand, trick, card, trump=trump, beat_obligation=beat, player=Seat(1))
        assert (problem is None) == (card in legal)
        if problem is not None:
            assert problem.rule in (5, 6, 7)
            assert str(card) in problem.message("en")
            assert problem.message("pl") != problem.message("en")
            assert "West" in problem.message("en") and "Zachód" in problem.message("pl")


@settings(max_examples=2000, deadline=None)
@given(distinct_cards(3), trumps)
def test_trick_winner_matches_the_spec(trick: list[Card], trump: Suit | None) -> None:
    assert trick_winner(trick, trump=trump) == reference_winner(trick, trump)
    assert trick_winner(trick, trump=trump.symbol if trump else None) == reference_winner(
        trick, trump
    )


def test_trump_argument_forms() -> None:
    trick = parse_cards("♥A ♠7 ♦8")
    for form in (Suit.SPADES, "♠", "S", "s"):
        assert trick_winner(trick, trump=form) == 1
    assert trick_winner(trick, trump=None) == trick_winner(trick, trump="NT") == 0
    with pytest.raises(NotationError):
        trick_winner(trick, trump="X")
    with pytest.raises(NotationError):
        trick_winner(trick, variant="green-suit")  # type: ignore[arg-type]


def test_issue_example_message() -> None:
    hand = parse_cards("♥K8 ♠7")
    with pytest.raises(IllegalPlay) as caught:
        check_play(hand, parse_cards("♥Q"), parse_card("♥8"), player=Seat(1))
    assert str(caught.value) == "West cannot play ♥8: ♥K beats ♥Q and must be played (rule 7)"
    assert caught.value.reason == "must_beat"
    assert caught.value.rule == 7
    assert "Zachód" in caught.value.message("pl") and "♥D" in caught.value.message("pl")
    you = refusal(hand, parse_cards("♥Q"), parse_card("♥8"))
    assert you is not None
    assert (
        you.message("en") == "You must beat: ♥K is higher than ♥Q, so you cannot play ♥8 (rule 7)"
    )


def test_reasons() -> None:
    hand = parse_cards("♥A ♠9 ♠7 ♦8")
    cases = [
        ("♣A", "♦8", "♠", "must_ruff", 6),
        ("♣A ♠8", "♠7", "♠", "must_overruff", 7),
        ("♥K", "♠9", None, "must_follow", 5),
        ("♥K", "♣7", None, "not_in_hand", None),
    ]
    for trick, card, trump, reason, rule in cases:
        problem = refusal(hand, parse_cards(trick), parse_card(card), trump=trump)
        assert problem is not None
        assert (problem.reason, problem.rule) == (reason, rule)


def test_betel_defender_follows_without_beating() -> None:
    hand = parse_cards("♥AK8")
    trick = parse_cards("♥Q")
    assert legal_plays(hand, trick, beat_obligation=False) == set(hand)
    assert legal_plays(hand, trick) == set(parse_cards("♥AK"))
