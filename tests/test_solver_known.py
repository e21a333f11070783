"""Double-dummy results kept by the deal's content: solved once across files and runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from betel_tutor.cards import Suit, parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.dealing import deal
from betel_tutor.solver import api, known, laydown

HANDS = deal(7).hands


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(known, "_known", {})
    return tmp_path / "betel-tutor" / "solves"


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the solver's calls from here on."""
    calls: list[int] = []
    real = api.solve

    def solve(*args: object, **kwargs: object) -> int:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(api, "solve", solve)
    return calls


def test_a_deal_is_solved_once_then_read_from_the_process_and_the_folder(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = api.solve(HANDS, trump=Suit.HEARTS, declarer=1, leader=2)
    calls = counting(monkeypatch)
    assert known.known_solve(HANDS, trump=Suit.HEARTS, declarer=1, leader=2) == expected
    assert known.known_solve(HANDS, trump=Suit.HEARTS, declarer=1, leader=2) == expected
    assert len(calls) == 1
    assert len(list(folder.rglob("*.json"))) == 1
    monkeypatch.setattr(known, "_known", {})  # a new run: only the folder remembers
    assert known.known_solve(HANDS, trump=Suit.HEARTS, declarer=1, leader=2) == expected
    assert len(calls) == 1
    known.known_solve(HANDS, trump=Suit.SPADES, declarer=1, leader=2)  # another contract
    assert len(calls) == 2


def test_the_key_is_the_content_and_the_solvers_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reordered = [tuple(reversed(hand)) for hand in HANDS]
    key = known.solve_key(HANDS, None, 0, 0, "normal")
    assert known.solve_key(reordered, None, 0, 0, "normal") == key  # same cards, same key
    assert known.solve_key(HANDS, None, 0, 1, "normal") != key
    assert known.solve_key(HANDS, None, 0, 0, "betelek") != key
    known.solver_version.cache_clear()
    monkeypatch.setattr("betel_tutor.__version__", "9.9.9")
    try:
        assert known.solve_key(HANDS, None, 0, 0, "normal") != key
    finally:
        known.solver_version.cache_clear()


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"tricks": 11}', b'{"tricks": 2.5}'])
def test_a_damaged_entry_is_solved_again_and_written_over(
    folder: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes
) -> None:
    expected = known.known_solve(HANDS)
    (entry,) = folder.rglob("*.json")
    entry.write_bytes(damage)
    monkeypatch.setattr(known, "_known", {})
    calls = counting(monkeypatch)
    assert known.known_solve(HANDS) == expected
    assert len(calls) == 1
    assert entry.read_text(encoding="utf-8") == f'{{"tricks": {expected}}}'
    assert not [p for p in entry.parent.iterdir() if p.name.endswith(".tmp")]  # atomic


def test_an_unwritable_folder_only_costs_time(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder.parent.mkdir(parents=True)
    folder.write_text("a file where the folder goes", encoding="utf-8")
    assert known.known_solve(HANDS) == api.solve(HANDS)


HAND = parse_cards("♠AKQJ109 ♥AK ♦A ♣7")
DUBEL = parse_cards("♦K ♣8")


def counting_laydowns(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the laydown searches from here on."""
    calls: list[int] = []
    real = laydown.check_laydown

    def check(*args: object, **kwargs: object) -> laydown.Laydown:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(laydown, "check_laydown", check)
    return calls


def test_a_laydown_is_searched_once_then_read_from_the_process_and_the_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(known, "_verdicts", {})
    folder = tmp_path / "betel-tutor" / "laydowns"
    expected = laydown.check_laydown(HAND, DUBEL, parse_contract("5♠")).verdict
    calls = counting_laydowns(monkeypatch)
    assert known.known_laydown(HAND, DUBEL, "5♠") == expected
    assert known.known_laydown(tuple(reversed(HAND)), DUBEL, "5♠") == expected  # same cards
    assert len(calls) == 1
    (entry,) = folder.rglob("*.json")
    assert entry.read_text(encoding="utf-8") == f'{{"verdict": "{expected}"}}'
    monkeypatch.setattr(known, "_verdicts", {})  # a new run: only the folder remembers
    assert known.known_laydown(HAND, DUBEL, "5♠") == expected
    assert len(calls) == 1
    assert known.known_laydown(HAND, DUBEL, "B0") == "refuted"  # another contract: searched
    assert len(calls) == 2


@pytest.mark.parametrize("damage", [b"", b'{"verdict": "maybe"}', b'{"verdict": 1}', b"[]"])
def test_a_damaged_laydown_entry_is_searched_again_and_written_over(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, damage: bytes
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(known, "_verdicts", {})
    expected = known.known_laydown(HAND, DUBEL, "5♠")
    (entry,) = (tmp_path / "betel-tutor" / "laydowns").rglob("*.json")
    entry.write_bytes(damage)
    monkeypatch.setattr(known, "_verdicts", {})
    calls = counting_laydowns(monkeypatch)
    assert known.known_laydown(HAND, DUBEL, "5♠") == expected
    assert len(calls) == 1
    assert entry.read_text(encoding="utf-8") == f'{{"verdict": "{expected}"}}'


def test_the_laydown_key_is_the_cards_the_contract_and_the_solvers_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    key = known.laydown_key(HAND, DUBEL, "5♠")
    assert known.laydown_key(HAND, parse_cards("♣8 ♣10"), "5♠") != key
    assert known.laydown_key(HAND, DUBEL, "4♠") != key
    known.solver_version.cache_clear()
    monkeypatch.setattr("betel_tutor.__version__", "9.9.9")
    try:
        assert known.laydown_key(HAND, DUBEL, "5♠") != key
    finally:
        known.solver_version.cache_clear()
