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


def test_entries_are_copied_from_the_file_as_the_search_meets_them() -> None:
    suit_data.load()
    for index in suit_data.every_index()[::331]:
        live, first, second = index >> 16, index >> 8 & 0xFF, index & 0xFF
        third = live & ~(first | second)
        entry = suits.suit_info(live, first, second)
        extra = suits.misere_extra(live, entry & suits.CODE_MASK)
        number = suits.code_number(entry & suits.CODE_MASK) << suits.NUMBER_SHIFT
        normal = suits.normal_bits(entry & suits.CODE_MASK) << suits.TRUMP_COUNTS_SHIFT
        # The same holding in each suit of a position: all four entries come from the file.
        a, b, c = (sum(hand << (8 * suit) for suit in range(4)) for hand in (first, second, third))
        assert suits.suit_infos(a, b, c, suits.SUIT_INFO) == (entry | normal | number,) * 4
        assert suits.suit_infos(a, b, c, suits.MISERE_INFO) == (entry | extra << 56 | number,) * 4


@pytest.mark.parametrize(
    "blob",
    [zlib.compress(b"something else"), zlib.compress(suit_data._HEADER + b"\0" * 10)],
)
def test_a_damaged_file_is_refused(blob: bytes) -> None:
    with pytest.raises(ValueError):
        suit_data.decode(blob)


def test_a_holding_missing_from_the_arrays_is_worked_out() -> None:
    suit_data.load()
    shipped = list(suits._SHIPPED)
    indices, entries, extras = shipped[0]
    # ♣: first hand 7 and 9, second 8, third A; the other suits played out.
    first, second, third = 0b101, 0b10, 0x80
    at = list(indices).index(0x87 << 16 | first << 8 | second)
    try:
        suits.ship(
            [*indices[:at], *indices[at + 1 :]],
            [*entries[:at], *entries[at + 1 :]],
            [*extras[:at], *extras[at + 1 :]],
        )
        table: dict[int, int] = {}
        suits.learn(first, second, third, table)
        entry = suits.suit_info(0x87, first, second)
        code = entry & suits.CODE_MASK
        number = suits.code_number(code) << suits.NUMBER_SHIFT
        normal = suits.normal_bits(code) << suits.TRUMP_COUNTS_SHIFT
        assert table[suits.holding_key(first, second, third)] == entry | normal | number
        suits.learn(first, second, third, suits.MISERE_INFO)
        extra = suits.misere_extra(0x87, code) << 56
        assert suits.MISERE_INFO[suits.holding_key(first, second, third)] == entry | extra | number
    finally:
        suits._SHIPPED[:] = shipped


def test_sure_sums_by_place_and_trump_holders() -> None:
    """``suits.sure_sums`` for Q / A K / J 10 (first, second, third hand): the leader has no
    sure trick; the second hand's A K are both sure once he leads (the others hold two cards
    at most), one if the first hand holds trumps (it ruffs once out of the suit, rule 6);
    the third hand has none, so the others may win two rounds of the suit before he leads."""
    q, ak, j10 = 0b100000, 0b11000000, 0b11000
    sums = suits.sure_sums((q, ak, j10))
    assert len(sums) == 27
    assert sums[:8] == (0,) * 8
    # Second hand (place 1): holders bit 0 is the first hand, bit 2 the third.
    assert [sums[8 + holders] >> 8 for holders in range(8)] == [2, 1, 2, 1, 2, 1, 2, 1]
    assert sums[16:24] == (2 << 16,) * 8
    assert sums[24:] == (0, 2 << 16, 2 << 16)


def test_every_suit_in_relative_ranks_has_a_number_of_its_own() -> None:
    """The search's keys pack these numbers: one for each suit in relative ranks (the same
    holding with cards gone from different places has the same one), every number below
    ``CODES`` used, small enough for four of them and the leader to fit in 62 bits."""
    numbers: dict[int, int] = {}
    for index in suit_data.every_index():
        live, first, second = index >> 16, index >> 8 & 0xFF, index & 0xFF
        code = suits.suit_info(live, first, second) & suits.CODE_MASK
        assert numbers.setdefault(code, suits.code_number(code)) == suits.code_number(code)
    assert len(numbers) == suits.CODES
    assert sorted(numbers.values()) == list(range(suits.CODES))
    assert suits.CODES <= 2**suits.CODE_BITS and 4 * suits.CODE_BITS + 2 <= 62


def test_search_fields_are_the_entries_read_for_each_suit() -> None:
    """The fields the search reads (``suits.search_fields``) against the definitions of the
    entries' parts, for holdings spread over the whole table; the search reads the first six
    by number."""
    suit_data.load()
    assert (suits.FIELD_NUMBER, suits.FIELD_RUNS, suits.FIELD_ENTRY, suits.FIELD_FLAGS) == (
        0,
        1,
        4,
        5,
    )
    for index in suit_data.every_index()[::523]:
        live, first, second = index >> 16, index >> 8 & 0xFF, index & 0xFF
        third = live & ~(first | second)
        code = suits.suit_info(live, first, second) & suits.CODE_MASK
        hands = (first, second, third)
        # The holding in ♣ and ♠, the other suits played out.
        a, b, c = (hand | hand << 24 for hand in hands)
        for misere in (False, True):
            learnt = suits.learn_fields(a, b, c, misere)
            table = suits.MISERE_FIELDS if misere else suits.SUIT_FIELDS
            fields = learnt[0]
            assert learnt[3] is fields
            assert table[suits.fields_index(first, second, third)] is fields
            assert fields[suits.FIELD_NUMBER] == suits.code_number(code)
            runs = fields[suits.FIELD_RUNS : suits.FIELD_RUNS + 3]
            assert runs == tuple(suits._run_tops(live, hand) for hand in hands)
            entry = fields[suits.FIELD_ENTRY]
            assert (
                entry
                == suits.suit_infos(a, b, c, suits.MISERE_INFO if misere else suits.SUIT_INFO)[0]
            )
            assert fields[suits.FIELD_FLAGS] == entry >> 50 & 0x3FFFF
            if misere:
                assert len(fields) == suits.FIELD_MADE + 6
                leads = fields[suits.FIELD_LEADS : suits.FIELD_LEADS + 6]
                made = fields[suits.FIELD_MADE : suits.FIELD_MADE + 6]
                for variant, misere_beat in enumerate((True, False)):
                    for place in range(3):
                        at = 3 * variant + place
                        expected = suits._made_leads(hands, place, misere_beat) if first else 0
                        assert leads[at] == expected
                        forced = suits._made_to_win(hands, place, misere_beat)
                        assert made[at] == (0xFF if forced else 0)
            else:
                assert len(fields) == len(suits.NO_FIELDS) == suits.FIELD_LONGEST + 3
                assert fields[suits.FIELD_TRUMPS] == suits.trump_counts(hands)
                assert fields[suits.FIELD_SURE :] == suits.sure_sums(hands)
            played_out = learnt[1]  # ♦: no runs in any hand
            assert played_out[suits.FIELD_RUNS : suits.FIELD_RUNS + 3] == (0, 0, 0)
