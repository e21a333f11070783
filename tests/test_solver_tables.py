"""The shipped per-suit tables (``suit_tables.bin``) are exactly what their definitions give."""

from __future__ import annotations

import zlib

import pytest

from betel_tutor.solver import suit_data, suits


def test_shipped_tables_match_their_definitions() -> None:
    shipped = suit_data.decode(suit_data.PATH.read_bytes())
    computed = suit_data.compute()
    for have, want in zip(shipped, computed, strict=True):
        assert have == want


def test_every_holding_is_listed_once() -> None:
    indices = suit_data.every_index()
    assert len(indices) == len(set(indices)) == suit_data.HOLDINGS
    for index in indices[::997]:
        live, first, second = index >> 16, index >> 8 & 0xFF, index & 0xFF
        assert first | second == (first | second) & live and not first & second


def test_loaded_tables_are_complete_and_right() -> None:
    suit_data.load(misere=True)
    assert len(suits.SUIT_INFO) == len(suits.MISERE_INFO) == suit_data.HOLDINGS
    for index in suit_data.every_index()[::331]:
        entry = suits.suit_info(index >> 16, index >> 8 & 0xFF, index & 0xFF)
        key = suit_data.key_of(index)
        assert suits.SUIT_INFO[key] == entry
        extra = suits.misere_extra(index >> 16, entry & suits.CODE_MASK)
        assert suits.MISERE_INFO[key] == entry | extra << 56


@pytest.mark.parametrize(
    "blob",
    [zlib.compress(b"something else"), zlib.compress(suit_data._HEADER + b"\0" * 10)],
)
def test_a_damaged_file_is_refused(blob: bytes) -> None:
    with pytest.raises(ValueError):
        suit_data.decode(blob)
