"""Code asks a deal's profile and its seats, never which game it is: no comparison with a
game's name (``game == "bridge"``), no ``% 3`` or ``range(3)`` for Betel's seats and no seat
passed as a bare ``int``, outside the modules that define games and seats (``profiles.py``,
``seats.py``), the words of a file (the scenario loader and writer, the command line's parsing)
and the solver's own fast board, which keeps seats as ints for speed."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import betel_tutor
from betel_tutor.profiles import BETEL, BLUE_SUIT, BRIDGE, Game, played_by
from betel_tutor.scenario.loader import load_text
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.writer import dump

PACKAGE = Path(betel_tutor.__file__).parent

GAME_NAMES = frozenset({"betel", "bridge", "blue-suit"})
AMBIGUOUS = frozenset({"betel"})  # also a contract's kind: a game only beside a game's word
GAME_WORDS = ("game", "variant", "profile")

GAMES_DEFINED = ("profiles.py",)
GAMES_PARSED = ("scenario/loader.py", "scenario/writer.py", "cli.py", "cli_*.py")
SEATS_DEFINED = ("seats.py", "profiles.py", "solver/*")
FAST_BOARD = (  # the solver's own search, and the facts it tells by hand index
    "solver/board.py",
    "solver/native.py",
    "solver/suits.py",
    "solver/bounds.py",
    "solver/telling.py",
)


def _allowed(relative: str, patterns: tuple[str, ...]) -> bool:
    return any(Path(relative).match(pattern) for pattern in patterns)


def _names(node: ast.expr) -> frozenset[str]:
    """The game names a literal holds: a string, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return frozenset({node.value}) & GAME_NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return frozenset().union(*(_names(element) for element in node.elts))
    return frozenset()


def _game_comparisons(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for operand in operands:
            named = _names(operand)
            if not named:
                continue
            others = " ".join(ast.unparse(other) for other in operands if other is not operand)
            if named - AMBIGUOUS or any(word in others.lower() for word in GAME_WORDS):
                yield node.lineno, f"compares with a game's name: {ast.unparse(node)}"
                break


def _modulo_three(node: ast.AST) -> bool:
    if isinstance(node, ast.BinOp):
        operator, divisor = node.op, node.right
    elif isinstance(node, ast.AugAssign):
        operator, divisor = node.op, node.value
    else:
        return False
    three = isinstance(divisor, ast.Constant) and divisor.value == 3
    return isinstance(operator, ast.Mod) and three


def _range_three(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
        and 1 <= len(node.args) <= 2
        and isinstance(stop := node.args[-1], ast.Constant)
        and stop.value == 3
    )


def _seat_arithmetic(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.expr, ast.stmt)) and (_modulo_three(node) or _range_three(node)):
            yield node.lineno, f"counts Betel's seats by hand: {ast.unparse(node)}"


def _is_int(annotation: ast.expr | None) -> bool:
    """``int``, ``int | None`` or ``Optional[int]`` (a string annotation read as code)."""
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return _is_int(ast.parse(annotation.value, mode="eval").body)
    if isinstance(annotation, ast.Name):
        return annotation.id == "int"
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _is_int(annotation.left) or _is_int(annotation.right)
    if isinstance(annotation, ast.Subscript) and ast.unparse(annotation.value) == "Optional":
        return _is_int(annotation.slice)
    return False


def _is_seat(name: str) -> bool:
    return name == "seat" or name.endswith("_seat")


def _int_seats(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            for argument in every:
                if _is_seat(argument.arg) and _is_int(argument.annotation):
                    yield argument.lineno, f"takes {argument.arg}: int in {node.name}()"
        elif isinstance(node, ast.ClassDef):  # a dataclass's field is its constructor's parameter
            for statement in node.body:
                if (
                    isinstance(statement, ast.AnnAssign)
                    and isinstance(statement.target, ast.Name)
                    and _is_seat(statement.target.id)
                    and _is_int(statement.annotation)
                ):
                    yield statement.lineno, f"holds {statement.target.id}: int in {node.name}"


def offences(root: Path = PACKAGE) -> list[str]:
    """Every place under ``root`` that tests the game or counts seats by hand, as file:line."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        checks = []
        if not _allowed(relative, GAMES_DEFINED + GAMES_PARSED):
            checks.append(_game_comparisons)
        if not _allowed(relative, SEATS_DEFINED):
            checks.append(_seat_arithmetic)
        if not _allowed(relative, (*FAST_BOARD, "seats.py")):
            checks.append(_int_seats)
        lines = sorted((line, what) for check in checks for line, what in check(tree))
        found += [f"{relative}:{line}: {what}" for line, what in lines]
    return found


@pytest.mark.parametrize(
    ("game", "variant", "played"),
    [(Game.BETEL, None, BETEL), (Game.BRIDGE, None, BRIDGE), (Game.BRIDGE, "blue-suit", BLUE_SUIT)],
)
def test_a_deal_is_played_by_its_games_profile_or_its_variants(
    game: Game, variant: str | None, played: object
) -> None:
    assert played_by(game, variant) is played
    assert DealSpec("d", game=game, variant=variant).profile is played


def test_the_profiles_tell_what_the_games_differ_in() -> None:
    assert (BETEL.has_dubel, BETEL.suit_length, BETEL.exchange, BETEL.beat_duty) == (
        True,
        8,
        True,
        True,
    )
    assert (BRIDGE.has_dubel, BRIDGE.suit_length, BRIDGE.exchange, BRIDGE.beat_duty) == (
        False,
        13,
        False,
        False,
    )
    assert (BETEL.boards, BRIDGE.boards, BLUE_SUIT.boards) == (False, True, True)
    assert (BETEL.solvable, BRIDGE.solvable, BLUE_SUIT.solvable) == (True, False, False)
    assert [str(seat) for seat in BRIDGE.table] == ["N", "E", "S", "W"]
    assert len(BETEL.deal("s").hands) == 3 and len(BRIDGE.deal("s").dubel) == 0


def test_a_files_game_is_read_as_a_game_and_written_as_the_same_word() -> None:
    text = (
        "kind: board\nid: b\ntitle: {en: B, pl: B}\n"
        "deals:\n  - {id: d1, game: bridge, variant: blue-suit, dealer: N, seed: 7}\n"
    )
    scenario, problems = load_text(text, "b.yaml")
    assert problems == [] and scenario is not None
    deal = scenario.deals[0]
    assert deal.game is Game.BRIDGE and deal.profile is BLUE_SUIT
    assert "{id: d1, game: bridge, variant: blue-suit, dealer: N, seed: 7}" in dump(scenario)


def test_a_game_no_profile_knows_is_refused_where_it_is_written() -> None:
    text = "kind: practice\nid: p\ntitle: {en: P, pl: P}\ndeals:\n  - {id: d1, game: chess}\n"
    _, problems = load_text(text, "p.yaml")
    assert [(problem.position.line, problem.params.get("value")) for problem in problems][:1] == [
        (5, "chess")
    ]


def test_the_package_asks_its_profiles_and_seats() -> None:
    found = offences()
    assert not found, "\n".join(found)


def test_each_kind_of_offence_is_seen_with_its_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "tutor").mkdir()
    (tmp_path / "tutor" / "m.py").write_text(
        "def f(deal, hand_seat: int, kind, *, seat: 'int | None' = None):\n"
        "    if deal.game == 'bridge' or kind == 'betel':\n"
        "        return range(3)\n"
        "    return (hand_seat + 1) % 3, profile(deal).name in ('betel',)\n"
        "class Move:\n"
        "    seat: int\n"
        "    player: int\n",
        encoding="utf-8",
    )
    assert offences(tmp_path) == [
        "tutor/m.py:1: takes hand_seat: int in f()",
        "tutor/m.py:1: takes seat: int in f()",
        "tutor/m.py:2: compares with a game's name: deal.game == 'bridge'",
        "tutor/m.py:3: counts Betel's seats by hand: range(3)",
        "tutor/m.py:4: compares with a game's name: profile(deal).name in ('betel',)",
        "tutor/m.py:4: counts Betel's seats by hand: (hand_seat + 1) % 3",
        "tutor/m.py:6: holds seat: int in Move",
    ]


def test_the_modules_that_define_games_and_seats_may_name_them(tmp_path: Path) -> None:
    (tmp_path / "solver").mkdir()
    (tmp_path / "profiles.py").write_text("ok = name == 'bridge'\n", encoding="utf-8")
    (tmp_path / "seats.py").write_text("def at(seat: int): return seat % 3\n", encoding="utf-8")
    (tmp_path / "solver" / "board.py").write_text(
        "def at(seat: int): return range(3)\n", encoding="utf-8"
    )
    (tmp_path / "solver" / "table.py").write_text("def at(seat: int): ...\n", encoding="utf-8")
    assert offences(tmp_path) == ["solver/table.py:1: takes seat: int in at()"]
