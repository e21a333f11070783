"""Constraint lines joined by ``and``, ``or``, ``not`` and parentheses: ``not`` binds closest,
then ``and``, then ``or``; a bad line is one message naming the bad token and its column."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.dealing import deal, deal_bridge
from betel_tutor.errors import NotationError
from betel_tutor.profiles import Game
from betel_tutor.scenario.conditions import parse_condition
from betel_tutor.scenario.finder import Wanted, find_deals
from betel_tutor.seats import Seat

# Cheap conditions that hold on some deals and not on others.
BETEL_ATOMS = (
    "S hcp 9+",
    "W ♠ 3+",
    "N has ♥A",
    "dubel has ♣7",
    "S shape 4-3-2-1",
    "W A 2+",
    "N ♦ at most 2",
    "S pkt co najmniej 10",
)


def holds(text: str, seed: int, game: str = "betel") -> bool:
    dealt = deal_bridge(seed) if game == "bridge" else deal(seed)
    return parse_condition(text, game=game).holds(dealt)


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    a=st.sampled_from(BETEL_ATOMS),
    b=st.sampled_from(BETEL_ATOMS),
)
def test_de_morgan_over_dealt_deals(seed: int, a: str, b: str) -> None:
    assert holds(f"not ({a} or {b})", seed) == holds(f"not {a} and not {b}", seed)
    assert holds(f"not ({a} and {b})", seed) == holds(f"not {a} or not {b}", seed)


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    atoms=st.lists(st.sampled_from(BETEL_ATOMS), min_size=3, max_size=3),
)
def test_precedence_is_not_then_and_then_or(seed: int, atoms: list[str]) -> None:
    a, b, c = atoms
    each = [holds(atom, seed) for atom in atoms]
    assert holds(f"{a} or {b} and {c}", seed) == (each[0] or (each[1] and each[2]))
    assert holds(f"({a} or {b}) and {c}", seed) == ((each[0] or each[1]) and each[2])
    assert holds(f"not {a} or {b}", seed) == ((not each[0]) or each[1])
    assert holds(f"not not {a}", seed) == each[0]


def test_polish_words_read_alike() -> None:
    for seed in range(40):
        english = holds("(S hcp 9+ or W ♠ 3+) and not N has ♥A", seed)
        assert holds("(S pkt 9+ lub W ♠ 3+) i nie N ma ♥A", seed) == english
        assert holds("(S pkt 9+ albo W ♠ 3+) oraz NIE N ma ♥A", seed) == english


def test_both_outcomes_happen() -> None:
    """The conditions above are no constants: the tests could fail."""
    seen = {holds("(S hcp 9+ or W ♠ 3+) and not N has ♥A", seed) for seed in range(40)}
    assert seen == {True, False}


def test_a_group_of_one_reads_as_that_condition() -> None:
    plain = parse_condition("S hcp 12-15")
    grouped = parse_condition("(S hcp 12-15)")
    assert (grouped.kind, grouped.low, grouped.high) == (plain.kind, plain.low, plain.high)


def test_a_double_dummy_part_makes_the_whole_double_dummy() -> None:
    assert parse_condition("S hcp 12+ or not S makes 2♠").double_dummy
    assert not parse_condition("S hcp 12+ or not W ♠ 3+").double_dummy


def test_bridge_lines_join_too() -> None:
    for seed in range(20):
        either = holds("N hcp 15+ or S hcp 15+", seed, "bridge")
        assert either == (holds("N hcp 15+", seed, "bridge") or holds("S hcp 15+", seed, "bridge"))


def test_deal_finds_deals_meeting_a_joined_line() -> None:
    line = "(S ♠ 4+ or S ♥ 4+) and not S has ♠A"
    wanted = Wanted(Game.BETEL, conditions=(parse_condition(line),))
    found, _ = find_deals(wanted, "logic", count=3, tries=2000)
    assert len(found) == 3
    for item in found:
        hand = item.deal.hands[Seat.parse("S")]
        suits = [card.suit.symbol for card in hand]
        assert suits.count("♠") >= 4 or suits.count("♥") >= 4
        assert all(str(card) != "♠A" for card in hand)


@pytest.mark.parametrize(
    ("text", "key", "token", "column"),
    [
        ("S hcp 12+ and", "finder.logic_end", "", 14),
        ("S hcp 12+ or or W ♠ 3+", "finder.logic_expected", "or", 14),
        ("and S hcp 12+", "finder.logic_expected", "and", 1),
        ("(S hcp 12+ or W ♠ 3+", "finder.logic_unclosed", "(", 1),
        ("S hcp 12+) or W ♠ 3+", "finder.logic_unopened", ")", 10),
        ("S hcp 12+ or W ♠ 3+ )", "finder.logic_unopened", ")", 21),
        ("S hcp 12+ or X ♠ 3+", "finder.logic_in", "X", 14),
        ("S hcp 12+ and not (W ♠ lots)", "finder.logic_in", "lots", 24),
        ("()", "finder.logic_expected", ")", 2),
    ],
)
def test_a_bad_line_names_the_token_and_its_column(
    text: str, key: str, token: str, column: int
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_condition(text)
    error = caught.value
    assert (error.key, error.token, error.position + 1) == (key, token, column)
    for lang in ("en", "pl"):
        message = error.message(lang)
        assert str(column) in message
        if token:
            assert f'"{token}"' in message


def test_a_bad_part_says_what_is_wrong_with_it_in_both_languages() -> None:
    with pytest.raises(NotationError) as caught:
        parse_condition("S hcp 12+ or X ♠ 3+")
    english, polish = caught.value.message("en"), caught.value.message("pl")
    assert english.startswith("column 14: ") and "is not a seat" in english
    assert polish.startswith("kolumna 14: ") and "to nie miejsce" in polish


def test_parts_joined_by_and_are_checked_for_contradictions_at_once() -> None:
    from betel_tutor.scenario.deals import impossible_in

    def refused(*lines: str) -> str | None:
        found = impossible_in("betel", (), tuple(parse_condition(line) for line in lines))
        return None if found is None else found.reason

    assert refused("S hcp 12+ and (W ♠ 3+ and S hcp 5-)") == "impossible_contradicts"
    assert refused("S hcp 12+ and W ♠ 2+", "W ♠ 1-") == "impossible_contradicts"
    assert refused("S hcp 12+ or S hcp 5-") is None  # either may hold
    assert refused("not (S hcp 12+ and S hcp 5-)") is None


@pytest.mark.parametrize(
    ("words", "symbols"),
    [
        ("S has at least 6 ♠", "S ♠ 6+"),
        ("S has 6+ spades", "S ♠ 6+"),
        ("W has at most 2 hearts", "W ♥ 2-"),
        ("N has 2+ aces", "N A 2+"),
        ("S ma co najmniej 6 pików", "S ♠ 6+"),
        ("W ma co najwyżej 3 trefli", "W ♣ 3-"),
        ("S ma 2 asy", "S A 2"),
        ("N ma co najwyżej 1 damę", "N D 1-"),
    ],
)
def test_has_with_a_count_is_the_count_of_a_suit_or_a_rank(words: str, symbols: str) -> None:
    """A teacher writes "S has at least 6 ♠" as readily as "S ♠ 6+": both mean the same."""
    for seed in range(200):
        assert holds(words, seed) == holds(symbols, seed), (words, seed)
    assert any(holds(words, seed) for seed in range(200))


def test_has_with_a_count_of_no_suit_or_rank_names_the_word() -> None:
    with pytest.raises(NotationError) as raised:
        parse_condition("S has at least 6 xyz")
    assert "xyz" in raised.value.message("en")
