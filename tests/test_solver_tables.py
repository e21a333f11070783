"""The search's per-suit tables: the shipped file (``suit_tables.bin``) is of the current
source and holds exactly what the definitions give; the loaded tables are the file's; a
damaged or stale file is refused, and the tables worked out and kept in the cache."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from betel_tutor.solver import suit_data, suits

KEY = suit_data.version_key()


def test_the_shipped_file_is_of_the_current_source() -> None:
    header = zlib.decompress(suit_data.PATH.read_bytes()).split(b"\n", 1)[0]
    assert header.endswith(KEY.encode("ascii")), (
        "suit_tables.bin is older than suits.py or suit_data.py: "
        "run python -m betel_tutor.solver.suit_data"
    )


@pytest.fixture(scope="module")
def shipped() -> suit_data.Tables:
    return suit_data.decode(suit_data.PATH.read_bytes(), KEY)


def test_shipped_tables_match_their_definitions(shipped: suit_data.Tables) -> None:
    computed = suit_data.compute()
    assert [table.typecode for table in shipped] == [table.typecode for table in computed]
    for have, want in zip(shipped, computed, strict=True):
        assert have == want


def test_loaded_tables_are_the_shipped_ones(shipped: suit_data.Tables) -> None:
    suit_data.load()
    assert len(suits.TABLES) == len(shipped)
    for loaded, table in zip(suits.TABLES, shipped, strict=True):
        assert loaded == table.tolist()


def test_holdings_are_numbered_both_ways() -> None:
    for index in range(0, suits.HOLDINGS, 97):
        first, second, third = suits.holding_hands(index)
        assert not first & second and not (first | second) & third
        assert suits.holding_index(first, second, third) == index


def test_the_tables_hold_the_definitions_of_each_part() -> None:
    """For holdings spread over the whole table, each part the search reads against the
    function that defines it, called on the hands themselves."""
    suit_data.load()
    for index in range(0, suits.HOLDINGS, 331):
        hands = suits.holding_hands(index)
        first, second, third = hands
        live = first | second | third
        code = suits.suit_info(live, first, second) & suits.CODE_MASK
        parts, misere_parts = suits.PARTS[index], suits.MISERE_PARTS[index]
        number = parts & suits.NUMBER_MASK
        assert number == misere_parts & suits.NUMBER_MASK == suits.code_number(code)
        for runs in (parts >> suits.RUNS_SHIFT, misere_parts >> suits.RUNS_SHIFT):
            tops = (runs & 0xFF, runs >> 8 & 0xFF, runs >> 16 & 0xFF)
            assert tops == tuple(suits._run_tops(live, hand) for hand in hands)
        flags = parts >> suits.FLAGS_SHIFT
        misere_flags = misere_parts >> suits.FLAGS_SHIFT
        assert flags >> 18 == misere_flags >> 18 == 0
        assert suits.TRUMPS[number] == suits.trump_counts(hands)
        assert flags >> 6 == suits.trump_counts(hands) & 0xFFF  # bits 56-67 of the entry
        sure = suits.SURE[suits.SURE_COUNT * number : suits.SURE_COUNT * (number + 1)]
        assert tuple(sure) == suits.sure_sums(hands)
        for variant, misere_beat in enumerate((True, False)):
            for place in range(3):
                at = 3 * variant + place
                leads = suits._made_leads(hands, place, misere_beat) if first else 0
                assert suits.LEADS[at][index] == leads
                forced = suits._made_to_win(hands, place, misere_beat)
                assert suits.MADE[at][number] == (0xFF if forced else 0)
                lasts = suits._escape_lasts(hands, place, misere_beat)
                assert misere_flags >> (6 + at) & 1 == forced
                assert misere_flags >> (12 + at) & 1 == lasts
                base = suits.ESCAPE_COUNT * number + 6 * variant + 2 * place
                for lost in range(2):
                    escape = suits._escape_counts(hands, place, misere_beat, lost)
                    assert suits.ESCAPES[base + lost] == escape
        # Bits 0-5 of the flags: no card of a hand above, then below, the others' cards.
        for at, mine in enumerate(hands):
            others = live & ~mine
            below = not mine or not others or mine < others & -others
            above = not mine or not others or others < mine & -mine
            for each in (flags, misere_flags):
                assert (each >> at & 1, each >> (3 + at) & 1) == (below, above)


def test_no_suit_adds_nothing() -> None:
    suit_data.load()
    number = suits.NO_SUIT
    assert suits.TRUMPS[number] == 0
    assert suits.SURE[suits.SURE_COUNT * number :] == [0] * suits.SURE_COUNT
    assert all(made[number] == 0 for made in suits.MADE)


def test_every_suit_in_relative_ranks_has_a_number_of_its_own() -> None:
    """The search's keys pack these numbers: one for each suit in relative ranks (the same
    holding with cards gone from different places has the same one), every number below
    ``CODES`` used, small enough for four of them and the leader to fit in 62 bits."""
    numbers: dict[int, int] = {}
    for index in range(suits.HOLDINGS):
        first, second, third = suits.holding_hands(index)
        code = suits.suit_info(first | second | third, first, second) & suits.CODE_MASK
        assert numbers.setdefault(code, suits.code_number(code)) == suits.code_number(code)
    assert len(numbers) == suits.CODES
    assert sorted(numbers.values()) == list(range(suits.CODES))
    assert suits.CODES <= 2**suits.CODE_BITS and 4 * suits.CODE_BITS + 2 <= 62


@pytest.mark.parametrize(
    "blob",
    [
        b"",
        b"not compressed at all",
        zlib.compress(b"something else"),
        zlib.compress(b"betel-suit-tables 4 " + KEY.encode() + b"\n" + b"\0" * 10),
    ],
    ids=["empty", "not zlib", "another file", "cut short"],
)
def test_a_damaged_file_is_refused(blob: bytes) -> None:
    with pytest.raises(ValueError):
        suit_data.decode(blob, KEY)


def test_a_file_of_another_source_is_refused(shipped: suit_data.Tables) -> None:
    with pytest.raises(ValueError, match="version"):
        suit_data.decode(suit_data.encode(shipped, "0" * 64), KEY)


def test_a_file_with_bytes_past_its_tables_is_refused(shipped: suit_data.Tables) -> None:
    raw = zlib.decompress(suit_data.encode(shipped, KEY))
    with pytest.raises(ValueError, match="too long"):
        suit_data.decode(zlib.compress(raw + b"\0"), KEY)


@pytest.fixture
def computing(monkeypatch: pytest.MonkeyPatch, shipped: suit_data.Tables) -> list[suit_data.Tables]:
    """``suit_data.compute`` made quick (it returns the shipped tables, checked above to be
    what it computes) and counted: each call is one item of the list returned."""
    calls: list[suit_data.Tables] = []

    def compute() -> suit_data.Tables:
        calls.append(shipped)
        return [table.__copy__() for table in shipped]

    monkeypatch.setattr(suit_data, "compute", compute)
    return calls


@pytest.mark.parametrize("content", ["damaged", "stale", "missing"])
def test_a_shipped_file_refused_is_worked_out_once_and_kept_in_the_cache(
    tmp_path: Path,
    computing: list[suit_data.Tables],
    shipped: suit_data.Tables,
    content: str,
) -> None:
    path = tmp_path / "suit_tables.bin"
    if content == "damaged":
        blob = suit_data.encode(shipped, KEY)
        path.write_bytes(blob[: len(blob) // 2])
    elif content == "stale":
        path.write_bytes(suit_data.encode(shipped, "f" * 64))
    cached = tmp_path / "cache" / "suit-tables" / f"{KEY}.bin"
    assert suit_data.read_tables(path, cached, KEY) == shipped
    assert len(computing) == 1
    assert suit_data.decode(cached.read_bytes(), KEY) == shipped
    # The next process reads the cache.
    assert suit_data.read_tables(path, cached, KEY) == shipped
    assert len(computing) == 1


def test_a_damaged_cache_file_is_worked_out_again_and_replaced(
    tmp_path: Path, computing: list[suit_data.Tables], shipped: suit_data.Tables
) -> None:
    cached = tmp_path / f"{KEY}.bin"
    cached.write_bytes(b"\x78\x9c garbage")
    assert suit_data.read_tables(tmp_path / "none.bin", cached, KEY) == shipped
    assert len(computing) == 1
    assert suit_data.decode(cached.read_bytes(), KEY) == shipped


def test_a_cache_that_cannot_be_written_only_costs_time(
    tmp_path: Path, computing: list[suit_data.Tables], shipped: suit_data.Tables
) -> None:
    (tmp_path / "cache").write_text("a file where the folder should be")
    cached = tmp_path / "cache" / "suit-tables" / f"{KEY}.bin"
    assert suit_data.read_tables(tmp_path / "none.bin", cached, KEY) == shipped
    assert len(computing) == 1


def test_a_good_shipped_file_is_read_without_working_anything_out(
    tmp_path: Path, computing: list[suit_data.Tables], shipped: suit_data.Tables
) -> None:
    cached = tmp_path / "cache" / f"{KEY}.bin"
    assert suit_data.read_tables(suit_data.PATH, cached, KEY) == shipped
    assert computing == [] and not cached.exists()


def test_the_cache_is_in_the_users_cache_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = suit_data.cache_path(KEY)
    assert path.is_relative_to(tmp_path) and path.name == f"{KEY}.bin"


def test_the_version_key_follows_the_source(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An edit of the source that computes the tables changes the key (and so refuses a file
    written before it)."""
    source = Path(suit_data.__file__)
    for name in ("suits.py", "suit_data.py"):
        (tmp_path / name).write_bytes(source.with_name(name).read_bytes())
    monkeypatch.setattr(suit_data, "__file__", str(tmp_path / "suit_data.py"))
    assert suit_data.version_key() == KEY
    with (tmp_path / "suits.py").open("a") as suits_source:
        suits_source.write("# edited\n")
    assert suit_data.version_key() != KEY


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
