"""Scoring (spec §6): the article's ten worked examples, the table, and invariants."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from betel_tutor.contracts import LADDER, Contract
from betel_tutor.errors import BetelError
from betel_tutor.scoring import score

EXAMPLES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "data" / "scoring_examples.yaml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: str(e["contract"]))
def test_article_examples(example: dict[str, Any]) -> None:
    tricks = tuple(example["tricks"])
    assert len(tricks) == 3
    result = score(example["contract"], tricks, doubled=example["doubled"])
    assert result == tuple(example["scores"])


def test_ten_examples_are_there() -> None:
    assert len(EXAMPLES) == 10


@pytest.mark.parametrize(
    ("contract", "points", "per_trick"),
    [
        ("1♣", 10, 5),
        ("1NT", 20, 5),
        ("2♥", 30, 10),
        ("2NT", 40, 10),
        ("3♠", 50, 15),
        ("3NT", 60, 15),
        ("4♦", 70, 20),
        ("4NT", 80, 20),
        ("5♠", 90, 25),
        ("5NT", 100, 25),
        ("B3", 10, 0),
        ("B2", 20, 0),
        ("B1", 40, 0),
        ("B0", 60, 0),
        ("Betel", 80, 0),
    ],
)
def test_table(contract: str, points: int, per_trick: int) -> None:
    played = Contract.parse(contract)
    assert played.contract_points == points
    assert played.trick_points == per_trick


def test_three_passes_score_every_trick() -> None:
    assert score("pass", (4, 3, 3)) == (20, 15, 15)
    assert score("trzy pasy", (10, 0, 0)) == (50, 0, 0)


@pytest.mark.parametrize("tricks", [(5, 5, 1), (-1, 6, 5), (10, 0)])
def test_bad_tricks(tricks: tuple[int, ...]) -> None:
    with pytest.raises(BetelError) as caught:
        score("1♠", tricks)  # type: ignore[arg-type]
    assert caught.value.reason == "bad_tricks"
    assert "10" in caught.value.message("pl")


splits = st.integers(0, 10).flatmap(
    lambda d: st.integers(0, 10 - d).map(lambda a: (d, a, 10 - d - a))
)


@given(st.sampled_from(LADDER), splits, st.booleans())
def test_invariants(contract: Contract, tricks: tuple[int, int, int], doubled: bool) -> None:
    plain = score(contract, tricks)
    assert score(contract, tricks, doubled=doubled) == tuple(
        p * (2 if doubled else 1) for p in plain
    )
    declarer, first, second = plain
    if contract.is_misere:
        assert (first, second) == (0, 0)
        assert abs(declarer) == contract.contract_points
        assert (declarer > 0) == (tricks[0] <= contract.tricks_allowed)
    else:
        assert first == tricks[1] * contract.trick_points
        assert second == tricks[2] * contract.trick_points
        if tricks[0] >= contract.tricks_needed:
            overtricks = tricks[0] - contract.tricks_needed
            assert declarer == contract.contract_points + overtricks * contract.trick_points
        else:
            assert declarer == -contract.contract_points
