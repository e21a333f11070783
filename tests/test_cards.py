"""Cards and notation (spec §1)."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from betel_tutor.cards import (
    BETEL_DECK,
    BRIDGE_DECK,
    SUIT_NAMES,
    SUITS_HIGH_TO_LOW,
    Card,
    Rank,
    Suit,
    format_cards,
    format_hand,
    parse_card,
    parse_cards,
    sort_cards,
    suit_word,
)
from betel_tutor.errors import NotationError

DATA: dict[str, list[dict[str, Any]]] = yaml.safe_load(
    (Path(__file__).parent / "data" / "notation.yaml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", DATA["good"], ids=lambda c: str(c["text"]))
def test_good_notation(case: dict[str, Any]) -> None:
    cards = parse_cards(case["text"], lang=case.get("lang", "en"))
    assert format_cards(cards) == case["cards"]


@pytest.mark.parametrize("case", DATA["bad"], ids=lambda c: str(c["text"]))
def test_bad_notation(case: dict[str, Any]) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(case["text"], lang=case.get("lang", "en"))
    assert caught.value.token == case["token"]
    assert caught.value.position == case["position"]
    assert case["token"] in str(caught.value)
    assert case["token"] in caught.value.message("pl")


def test_decks() -> None:
    assert len(BETEL_DECK) == 32 == len(set(BETEL_DECK))
    assert len(BRIDGE_DECK) == 52 == len(set(BRIDGE_DECK))
    assert set(BETEL_DECK) <= set(BRIDGE_DECK)
    assert min(card.rank for card in BETEL_DECK) == Rank.SEVEN
    assert list(BRIDGE_DECK) == sort_cards(BRIDGE_DECK)


def test_cards_are_interned_values() -> None:
    ace = Card(Suit.SPADES, Rank.ACE)
    assert ace is parse_card("sa") is parse_card("♠A")
    assert pickle.loads(pickle.dumps(ace)) is ace
    assert copy.deepcopy(ace) is ace
    with pytest.raises(AttributeError):
        ace.rank = Rank.KING


def test_cards_read_again_are_a_fresh_list_and_a_bad_text_fails_every_time() -> None:
    first = parse_cards("♠AKQ ♥10")
    first.clear()  # the caller's own list: the next reading of the same text is whole
    assert [str(card) for card in parse_cards("♠AKQ ♥10")] == ["♠A", "♠K", "♠Q", "♥10"]
    for _ in range(2):
        with pytest.raises(NotationError):
            parse_cards("♠A ♥1")


def test_a_notation_error_survives_pickling() -> None:
    # ``check`` sends problems, which can hold errors, back from worker processes.
    with pytest.raises(NotationError) as caught:
        parse_cards("♠A ♥1")
    copied = pickle.loads(pickle.dumps(caught.value))
    assert type(copied) is NotationError
    assert (copied.token, copied.position, copied.key) == ("1", 4, "cards.bad_rank")
    assert copied.messages == caught.value.messages and str(copied) == str(caught.value)


@given(st.sampled_from(BRIDGE_DECK))
def test_str_and_repr_round_trip(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert parse_card(card.format(ascii=True)) is card
    assert parse_card(card.format(lang="pl"), lang="pl") is card


@given(st.sets(st.sampled_from(BETEL_DECK), max_size=12))
def test_hand_format_round_trip(hand: set[Card]) -> None:
    for lang in ("en", "pl"):
        text = format_hand(hand, lang=lang)
        assert set(parse_cards(text, lang=lang)) == hand
        assert len(parse_cards(text, lang=lang)) == len(hand)
    assert set(parse_cards(format_hand(hand, ascii=True))) == hand


def test_hand_diagram() -> None:
    hand = parse_cards("♣78 ♥9 ♠QKA ♥10")
    assert format_hand(hand) == "♠A K Q ♥10 9 ♦- ♣8 7"
    assert format_hand(hand, voids=False) == "♠A K Q ♥10 9 ♣8 7"
    assert format_hand(parse_cards("♥QJ"), lang="pl") == "♠- ♥D W ♦- ♣-"
    assert format_hand(hand, ascii=True) == "SA K Q H10 9 D- C8 7"
    # A space between every card in both languages, and the Polish Dama read back as such.
    polish = format_hand(parse_cards("♥AQ1098 ♦KQJ"), lang="pl", voids=False)
    assert polish == "♥A D 10 9 8 ♦K D W"
    assert parse_cards(polish) == parse_cards("♥A ♥Q ♥10 ♥9 ♥8 ♦K ♦Q ♦J")


def test_card_order_is_display_order() -> None:
    assert parse_card("♠7") < parse_card("♥A")
    assert parse_card("♥A") < parse_card("♥K")
    assert sort_cards(parse_cards("♣7 ♠7 ♥A")) == parse_cards("♠7 ♥A ♣7")


def test_suit_parse() -> None:
    assert Suit.parse("♠") is Suit.SPADES
    assert Suit.parse("h") is Suit.HEARTS
    with pytest.raises(NotationError):
        Suit.parse("x")


# -- the emoji presentation selector (U+FE0F) -----------------------------------------------------


@pytest.mark.parametrize(
    "text", ["♥\ufe0fA ♠\ufe0fK", "A♥\ufe0f K♠\ufe0f", "♥\ufe0fA ♠K", "♥\ufe0f{A} ♠\ufe0f{K}"]
)
def test_a_selector_right_after_a_suit_symbol_is_read(text: str) -> None:
    assert parse_cards(text) == parse_cards("♥A ♠K")
    assert Suit.parse("♦\ufe0f") is Suit.DIAMONDS


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("\ufe0fA ♠K ♠Q", "\ufe0fA", 0),  # once read as ♥A
        ("♠A\ufe0f ♠K", "♠A\ufe0f", 2),
        ("S\ufe0fA", "S\ufe0fA", 1),
        ("♠K \ufe0f", "\ufe0f", 3),
        ("♥\ufe0f\ufe0fA", "♥\ufe0f\ufe0fA", 2),
    ],
)
def test_a_selector_anywhere_else_is_refused(text: str, token: str, position: int) -> None:
    with pytest.raises(NotationError) as refused:
        parse_cards(text)
    assert refused.value.key == "cards.stray_selector"
    assert (refused.value.token, refused.value.position) == (token, position)
    assert "U+FE0F" in refused.value.message("en") and "U+FE0F" in refused.value.message("pl")
    with pytest.raises(NotationError):
        Suit.parse("\ufe0f")


# -- Polish and English input in either language (spec §12.7) ------------------------------------

RANK_SPELLINGS: dict[Rank, tuple[str, ...]] = {
    rank: tuple(
        {rank.localized("en"), rank.localized("pl")} | ({"T"} if rank == Rank.TEN else set())
    )
    for rank in Rank
}


def spellings(card: Card) -> list[str]:
    """Every way a learner or an author may write ``card``: symbols and letters, rank first or
    suit first, English and Polish rank letters, lower case, the suit's names and their short
    forms, before or after the rank."""
    ranks = RANK_SPELLINGS[card.rank]
    suits = [card.suit.symbol, card.suit.letter, card.suit.letter.lower()]
    written = [suit + rank for suit in suits for rank in ranks]
    written += [rank + suit for suit in suits for rank in ranks]
    written += [f"{suit} {rank}" for suit in suits for rank in ranks]
    written += [f"{suit}{{{rank}}}" for rank in ranks for suit in suits[:1]]
    written += [text.lower() for text in written]
    for name in SUIT_NAMES[card.suit]:
        for short in {name, name[:3], name.capitalize(), name.upper()} | ({name[:2]} - {"ka"}):
            written += [f"{short} {rank}" for rank in ranks]
            written += [f"{rank} {short}" for rank in ranks]
    return written


@given(st.sampled_from(BRIDGE_DECK), st.sampled_from(["en", "pl"]))
def test_every_spelling_of_every_card_reads_back_in_both_languages(card: Card, lang: str) -> None:
    for text in spellings(card):
        assert parse_card(text, lang=lang) is card, text
    assert parse_card(card.format(lang="pl", ascii=True), lang=lang) is card


@given(st.sets(st.sampled_from(BETEL_DECK), max_size=12), st.sampled_from(["en", "pl"]))
def test_a_polish_hand_reads_back_in_english_and_the_other_way(hand: set[Card], lang: str) -> None:
    for written in ("en", "pl"):
        assert set(parse_cards(format_hand(hand, lang=written), lang=lang)) == hand
        words = " ".join(
            f"{SUIT_NAMES[suit][-1]} {''.join(c.rank.localized(written) for c in group)}"
            for suit in SUITS_HIGH_TO_LOW
            if (group := sort_cards(c for c in hand if c.suit is suit))
        )
        assert set(parse_cards(words, lang=lang)) == hand, words


def test_suit_names_are_unambiguous_and_parse() -> None:
    for suit, names in SUIT_NAMES.items():
        assert {name[:2] for name in names}.isdisjoint(
            {n[:2] for other, ns in SUIT_NAMES.items() if other is not suit for n in ns}
        )
        for name in names:
            assert Suit.parse(name) is suit and suit_word(name.upper()) is suit
    assert suit_word("k") is None and suit_word("p") is None and suit_word("kiera") is None
    assert suit_word("ka") is None  # king and ace: ``♠ KA``
    assert parse_cards("♠ KA") == parse_cards("♠KA") and parse_card("kar D") is Card.parse("♦Q")
