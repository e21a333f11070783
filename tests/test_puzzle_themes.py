"""Each theme's test on a position made for it (docs/puzzles.md defines them): the learner's
first card and the play that follows it with best play by everyone."""

from __future__ import annotations

import pytest

from betel_tutor.cards import parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.puzzles.themes import THEMES, themes_of
from betel_tutor.seats import Seat


def position(
    hands: str,
    *,
    contract: str,
    declarer: str = "S",
    to_play: str = "S",
    trick: str = "",
    line: str,
) -> Puzzle:
    """A position: ``hands`` the S, W and N hands split by ``/``, ``trick`` the cards already
    in the trick as ``W:♥A N:♥7``, ``line`` the learner's card(s) and the replies between."""
    cards = [tuple(parse_cards(hand)) for hand in hands.split("/")]
    played = tuple(
        (Seat.parse(pair.split(":")[0]), parse_cards(pair.split(":")[1])[0])
        for pair in trick.split()
    )
    line_cards = tuple(parse_cards(line))
    left = max(len(hand) for hand in cards)
    earlier = 10 - left
    return Puzzle(
        id="made",
        seed="made",
        hands=tuple(cards),
        trick=played,
        to_play=Seat.parse(to_play),
        declarer=Seat.parse(declarer),
        contract=parse_contract(contract),
        tricks_taken=(earlier - 2 * (earlier // 3), earlier // 3, earlier // 3),
        solution=line_cards[:1],
        line=line_cards,
        themes=(),
        rating=1500.0,
    )


CASES = {
    "ruff": position("♠7 ♦A ♦K / ♥A ♣7 / ♥7 ♣8", contract="1♠", trick="W:♥K N:♥8", line="♠7"),
    "overruff": position("♠9 ♦A ♦K / ♥A ♣7 / ♥7 ♣8", contract="1♠", trick="W:♥K N:♠8", line="♠9"),
    "discard": position("♦A ♦K ♣7 / ♥A ♣8 / ♥8 ♣9", contract="1NT", trick="W:♥K N:♥7", line="♣7"),
    "misere-discard": position(
        "♦A ♦K ♣7 / ♥A ♣8 / ♥8 ♣9", contract="B1", trick="W:♥K N:♥7", line="♦A"
    ),
    "drawing-trumps": position("♠A ♦A ♦K / ♠7 ♥A ♥K / ♥Q ♥J ♣7", contract="1♠", line="♠A"),
    "duck": position("♦A ♦7 ♣A / ♦K ♦Q ♥7 / ♥A ♥K ♥Q", contract="1NT", line="♦7"),
    "hold-up": position("♦A ♦8 ♣A / ♦K ♥7 ♥8 / ♥A ♥K", contract="1NT", trick="N:♦7", line="♦8"),
    "unblock": position(
        "♣9 ♥A ♥K / ♣K ♣8 ♦7 / ♣A ♦8 ♦9",
        contract="1NT",
        to_play="W",
        trick="S:♣7",
        line="♣K",
    ),
    "throw-in": position("♠7 ♥A ♥Q / ♠A ♥K ♥J / ♣7 ♣8 ♣9", contract="1NT", line="♠7"),
    "setting-up": position("♦Q ♦J ♠A / ♦A ♠7 ♠8 / ♥7 ♥8 ♥9", contract="1NT", line="♦J"),
    "squeeze": position("♦8 ♥10 ♦9 / ♦A ♥7 ♦7 / ♦J ♠A ♠K", contract="1NT", line="♥10"),
    "long": position("♠A ♠K ♥7 / ♠7 ♠8 ♥A / ♣7 ♣8 ♣9", contract="1NT", line="♠A ♠7 ♣7 ♠K"),
}


def test_every_theme_has_a_made_position() -> None:
    assert set(CASES) == set(THEMES)


@pytest.mark.parametrize("theme", THEMES)
def test_the_made_position_has_its_theme(theme: str) -> None:
    assert theme in themes_of(CASES[theme])


@pytest.mark.parametrize(
    ("theme", "other"),
    [
        ("overruff", "ruff"),  # a ruff over nothing is no overruff
        ("misere-discard", "discard"),  # a discard in a normal contract is not the misère one
        ("hold-up", "duck"),  # a lead is ducked, never held up
        ("squeeze", "ruff"),
        ("ruff", "throw-in"),
        ("duck", "unblock"),
    ],
)
def test_a_theme_is_not_found_where_it_is_not(theme: str, other: str) -> None:
    assert theme not in themes_of(CASES[other])
