"""A puzzle's themes are the techniques that the commented solution of its line names
(docs/puzzles.md, docs/techniques.md): one test for both, so that they never disagree. A puzzle
made at each technique's position of ``tests/test_solution.py`` is tagged with that technique's
theme; the shipped corpus is tagged by the same tests, and where a puzzle's line is the best
line, a solution from its trick's start names its themes; the puzzles' own themes (drawing
trumps, a line of several cards) each on a position made for it; and ``puzzles/themes.py``
holds no test of its own."""

from __future__ import annotations

import ast
import inspect
from itertools import islice

import pytest

from betel_tutor.cards import Card, parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.i18n import LANGUAGES
from betel_tutor.play import PlayState
from betel_tutor.puzzles import themes
from betel_tutor.puzzles.corpus import shipped_corpus
from betel_tutor.puzzles.model import SEATS, Puzzle, puzzle_from_json
from betel_tutor.puzzles.store import read_puzzles
from betel_tutor.puzzles.theme_names import TECHNIQUE_THEMES, THEMES, theme_name
from betel_tutor.puzzles.themes import line_tricks, technique_theme, themes_of
from betel_tutor.seats import Seat
from betel_tutor.solver.commentary import solution
from betel_tutor.solver.techniques import TECHNIQUES
from tests.test_solution import HOLD_UP, POSITIONS, SQUEEZE, before, deal, led_by, replay_to

# The themes that are no technique of a solution: the puzzles' own.
PUZZLE_ONLY = {"drawing-trumps", "long"}


def puzzle_at(state: PlayState, line: tuple[Card, ...]) -> Puzzle:
    """The puzzle at ``state`` whose line is ``line``."""
    assert state.declarer is not None
    taken = state.tricks_taken()
    return Puzzle(
        id="made",
        seed="made",
        hands=tuple(tuple(sorted(hand)) for hand in state.hands),
        trick=tuple((SEATS[state.leader.next(i)], c) for i, c in enumerate(state.current)),
        to_play=state.to_play,
        declarer=state.declarer,
        contract=state.contract,
        tricks_taken=(taken[0], taken[1], taken[2]),
        solution=line[:1],
        line=line,
        themes=(),
        rating=1500.0,
    )


def named(puzzle: Puzzle, techniques: list[str]) -> set[str]:
    """The themes that ``techniques``, named by a solution, give ``puzzle``."""
    return {theme for t in techniques if (theme := technique_theme(t, puzzle)) is not None}


# Every position of test_solution.py's: (hands, contract, learner, trick, technique, seat, card).
MADE = [
    *POSITIONS,
    (SQUEEZE, "1NT", 2, 1, "squeeze", 2, "♥8"),
    (HOLD_UP, "1NT", 0, 1, "hold_up", 0, "♥10"),
]


@pytest.mark.parametrize(("hands", "contract", "learner", "number", "key", "seat", "card"), MADE)
def test_a_puzzle_at_a_techniques_position_has_its_theme(
    hands: tuple[str, str, str],
    contract: str,
    learner: int,
    number: int,
    key: str,
    seat: int,
    card: str,
) -> None:
    state = led_by(hands, 2) if hands in (SQUEEZE, HOLD_UP) else deal(hands, contract)
    found = solution(state, Seat(learner))
    trick = next(t for t in found.tricks if t.number == number)
    at = before(replay_to(state, found.tricks, number), trick, seat)
    puzzle = puzzle_at(at, (parse_cards(card)[0],))
    assert [t.reason.technique for t in line_tricks(puzzle)] == [key]
    expected = {TECHNIQUE_THEMES[key]} if key in TECHNIQUE_THEMES else set()
    assert set(themes_of(puzzle)) - PUZZLE_ONLY == expected


def test_every_technique_of_a_solution_names_a_theme_but_safe_and_forced() -> None:
    assert set(TECHNIQUE_THEMES) == set(TECHNIQUES) - {"safe", "forced"}
    assert set(TECHNIQUE_THEMES.values()) | {"misere-discard"} | PUZZLE_ONLY == set(THEMES)


# A B3 of West's: South leads ♦Q and West, the declarer, has no diamond; only his ♠9 keeps the
# contract (a puzzle of the corpus, seed betel#11).
MISERE = puzzle_from_json(
    {
        "id": "bec48ff5d9",
        "seed": "betel#11",
        "hands": {
            "S": ["♠8", "♥Q", "♦K"],
            "W": ["♠K", "♠9", "♠7", "♣9"],
            "N": ["♠10", "♣Q", "♣10", "♣8"],
        },
        "trick": [["S", "♦Q"]],
        "to_play": "W",
        "declarer": "W",
        "contract": "B3",
        "tricks_taken": {"S": 3, "W": 2, "N": 1},
        "solution": ["♠9"],
        "line": ["♠9"],
        "themes": [],
        "rating": 1420.0,
    }
)


def test_the_declarers_discard_in_a_betelek_is_the_misere_discard() -> None:
    assert [t.reason.technique for t in line_tricks(MISERE)] == ["discard"]
    assert themes_of(MISERE) == ("misere-discard",)


def position(hands: str, *, contract: str, line: str, trick: str = "") -> Puzzle:
    """A position of South's, the declarer: ``hands`` the S, W and N hands split by ``/``,
    ``trick`` the cards already in the trick as ``W:♥A N:♥7``, ``line`` the learner's card(s)
    and the replies between."""
    cards = [tuple(parse_cards(hand)) for hand in hands.split("/")]
    played = tuple(
        (Seat.parse(pair.split(":")[0]), parse_cards(pair.split(":")[1])[0])
        for pair in trick.split()
    )
    line_cards = tuple(parse_cards(line))
    earlier = 10 - max(len(hand) for hand in cards)
    return Puzzle(
        id="made",
        seed="made",
        hands=tuple(cards),
        trick=played,
        to_play=Seat(0),
        declarer=Seat(0),
        contract=parse_contract(contract),
        tricks_taken=(earlier - 2 * (earlier // 3), earlier // 3, earlier // 3),
        solution=line_cards[:1],
        line=line_cards,
        themes=(),
        rating=1500.0,
    )


TRUMPS = "♠A ♦A ♦K / ♠7 ♥A ♥K / ♥Q ♥J ♣7"


@pytest.mark.parametrize(
    ("puzzle", "theme", "tagged"),
    [
        (position(TRUMPS, contract="1♠", line="♠A"), "drawing-trumps", True),
        # the same lead when no opponent holds a trump draws nothing
        (
            position("♠A ♦A ♦K / ♣8 ♥A ♥K / ♥Q ♥J ♣7", contract="1♠", line="♠A"),
            "drawing-trumps",
            False,
        ),
        # a lead of the suit in no trumps is no trump
        (position(TRUMPS, contract="1NT", line="♠A"), "drawing-trumps", False),
        (
            position("♠A ♠K ♥7 / ♠7 ♠8 ♥A / ♣7 ♣8 ♣9", contract="1NT", line="♠A ♠7 ♣7 ♠K"),
            "long",
            True,
        ),
        (position("♠A ♠K ♥7 / ♠7 ♠8 ♥A / ♣7 ♣8 ♣9", contract="1NT", line="♠A"), "long", False),
    ],
)
def test_the_puzzles_own_themes(puzzle: Puzzle, theme: str, tagged: bool) -> None:
    assert (theme in themes_of(puzzle)) is tagged


def sample() -> list[Puzzle]:
    """Every 50th puzzle of the shipped corpus."""
    return list(islice(read_puzzles(shipped_corpus()), 0, None, 50))


def test_the_shipped_corpus_is_tagged_by_the_shared_tests() -> None:
    for puzzle in sample():
        assert themes_of(puzzle) == puzzle.themes, puzzle.id


def test_a_solution_from_a_puzzles_trick_names_its_themes_where_its_line_is_the_best() -> None:
    """The solution without the puzzle's line, only the best line from the start of its trick:
    where that plays the trick's cards and the line as the puzzle has them, the techniques of
    its tricks are the puzzle's themes."""
    compared = 0
    for puzzle in sample():
        played = [card for _seat, card in puzzle.trick] + list(puzzle.line)
        found = solution(puzzle.trick_start(), puzzle.to_play)
        best = [card for trick in found.tricks for _seat, card in trick.cards]
        if best[: len(played)] != played:
            continue
        tricks = found.tricks[: (len(played) + 2) // 3]
        techniques = [trick.reason.technique for trick in tricks]
        assert named(puzzle, techniques) == set(puzzle.themes) - PUZZLE_ONLY, puzzle.id
        compared += 1
    assert compared >= 10


def test_themes_py_holds_no_test_of_its_own() -> None:
    """It names: it defines no function but these, and reads no card's suit or rank."""
    tree = ast.parse(inspect.getsource(themes))
    functions = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    assert functions == {"line_tricks", "technique_theme", "themes_of"}
    read = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not read & {"suit", "rank", "winner", "values", "hands", "current"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_theme_is_named_in_both_languages(language: str) -> None:
    names = [theme_name(theme, language) for theme in THEMES]
    assert all(name and not name.startswith("themes.") for name in names)
    assert len(set(names)) == len(THEMES)
