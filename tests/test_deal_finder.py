"""Finding deals for a lesson: the one-line constraints, and ``betel-tutor deal``."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.cards import Card, Rank, parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.dealing import deal, deal_bridge
from betel_tutor.errors import NotationError
from betel_tutor.scenario.conditions import parse_condition
from betel_tutor.scenario.finder import Wanted, find_deals
from betel_tutor.seats import Seat
from betel_tutor.solver.table import trick_table
from tests.test_cli import run

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def hcp(cards: Iterable[Card]) -> int:
    return sum(POINTS.get(card.rank.symbol, 0) for card in cards)


# -- the parser ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "seat", "low", "high"),
    [
        ("S hcp 12-15", "hcp", 0, 12, 15),
        ("W ♠ 5+", "suit", 1, 5, None),
        ("N hearts at most 2", "suit", 2, 0, 2),
        ("Zachód piki 3", "suit", 1, 3, 3),
        ("S A 2+", "rank", 0, 2, None),
        ("S D 1-", "rank", 0, 0, 1),
        ("dubel has ♠A", "cards", None, 0, None),
        ("S shape 5-3-1-1", "shape", 0, 0, None),
        ("S makes 3NT", "makes", 0, 0, None),
        ("W takes at most 1 trick in Betelek 1", "takes", 1, 0, 1),
        ("N takes 8+ tricks in 3NT", "takes", 2, 8, None),
    ],
)
def test_parse(text: str, kind: str, seat: int | None, low: int, high: int | None) -> None:
    condition = parse_condition(text)
    assert (condition.kind, condition.low, condition.high) == (kind, low, high)
    assert (None if condition.seat is None else int(condition.seat)) == seat


def test_parse_details() -> None:
    assert parse_condition("S D 1-").rank is Rank.QUEEN
    assert parse_condition("dubel has ♠A ♥K").cards == tuple(parse_cards("♠A ♥K"))
    shape = parse_condition("S shape 4=3=2=1")
    assert shape.exact and shape.shape == (4, 3, 2, 1)
    assert parse_condition("W takes at most 1 in B1").contract == parse_contract("B1")
    assert int(parse_condition("E hcp 20+", game="bridge").seat or 0) == 1


@pytest.mark.parametrize(
    ("text", "key", "token"),
    [
        ("S", "finder.constraint_form", "S"),
        ("X hcp 3", "finder.constraint_seat", "X"),
        ("S hcp lots", "finder.constraint_count", "lots"),
        ("S hcp 15-12", "finder.constraint_count", "15-12"),
        ("S banana 3", "finder.constraint_what", "banana"),
        ("S shape 5-5-1-1", "finder.constraint_shape", "5-5-1-1"),
        ("dubel shape 2-0-0-0", "finder.constraint_dubel", "shape"),
        ("S makes banana", "finder.constraint_contract", "banana"),
        ("S has ♠Z", "finder.constraint_cards", "♠Z"),
        ("S hcp 3 please", "finder.constraint_extra", "please"),
        ("S takes 3 in", "finder.constraint_contract", "S takes 3 in"),
    ],
)
def test_parse_refuses(text: str, key: str, token: str) -> None:
    with pytest.raises(NotationError) as refused:
        parse_condition(text)
    assert refused.value.key == key
    assert refused.value.token == token
    assert text in refused.value.message("pl")


def test_bridge_refuses_the_dubel() -> None:
    with pytest.raises(NotationError, match="no dubel"):
        parse_condition("dubel has ♠A", game="bridge")


@pytest.mark.parametrize(
    ("text", "kind", "level", "strain", "low", "high"),
    [
        ("S makes 3NT", "makes", 3, "NT", 0, None),
        ("N makes 4♠", "makes", 4, "♠", 0, None),
        ("N makes 7♣", "makes", 7, "♣", 0, None),
        ("E takes at most 3 tricks in ♥", "takes", 0, "♥", 0, 3),
        ("W takes 9+ tricks in 3NT", "takes", 3, "NT", 9, None),
        ("S wygrywa 3BA", "makes", 3, "NT", 0, None),
        ("S robi 3BA", "makes", 3, "NT", 0, None),
        ("N robi cztery piki", "makes", 4, "♠", 0, None),
        ("E bierze co najmniej 9 lew w BA", "takes", 0, "NT", 9, None),
        ("W bierze co najwyżej 1 lewę w kiery", "takes", 0, "♥", 0, 1),
    ],
)
def test_bridge_double_dummy_parse(
    text: str, kind: str, level: int, strain: str, low: int, high: int | None
) -> None:
    condition = parse_condition(text, game="bridge")
    assert (condition.kind, condition.level, condition.strain) == (kind, level, strain)
    assert (condition.low, condition.high) == (low, high)
    assert condition.double_dummy


@pytest.mark.parametrize(
    ("polish", "english"),
    [
        ("S pkt 12-15", "S hcp 12-15"),
        ("S punkty 12-15", "S hcp 12-15"),
        ("dubel ma ♠A", "dubel has ♠A"),
        ("dubel ma ♠D", "dubel has ♠Q"),
        ("S układ 5-3-1-1", "S shape 5-3-1-1"),
        ("Zachód piki co najmniej 3", "W spades at least 3"),
        ("N kiery co najwyżej 2", "N hearts at most 2"),
        ("S robi 3BA", "S makes 3NT"),
        ("S wygrywa 3BA", "S makes 3NT"),
        ("W bierze co najwyżej 1 lewę w B1", "W takes at most 1 trick in B1"),
        ("N bierze 5+ lew w 2♠", "N takes 5+ tricks in 2♠"),
    ],
)
def test_polish_words_mean_the_english(polish: str, english: str) -> None:
    def meaning(text: str) -> tuple[object, ...]:
        c = parse_condition(text)
        return (c.seat, c.kind, c.low, c.high, c.suit, c.rank, c.cards, c.shape, c.contract)

    assert meaning(polish) == meaning(english)


@pytest.mark.parametrize(
    ("text", "lang", "words"),
    [
        ("S punkty dużo", "pl", '"dużo" w "S punkty dużo" to nie liczba'),
        ("S punkty dużo", "en", '"dużo" in "S punkty dużo" is not a count'),
        ("S banan 3", "pl", "oczekiwano pkt, koloru"),
        ("S robi 9BA", "pl", '"9BA" w "S robi 9BA" to nie kontrakt'),
        ("S robi 9BA", "en", '"9BA" in "S robi 9BA" is not a contract'),
    ],
)
def test_bad_constraint_named_in_the_language(text: str, lang: str, words: str) -> None:
    with pytest.raises(NotationError) as refused:
        parse_condition(text, game="bridge")
    assert words in refused.value.message(lang)


def test_bridge_double_dummy_against_dds() -> None:
    from betel_tutor.bridge.board import BridgeBoard

    # Deals where each answer comes, and right at its edge: 3NT made with ten and with nine
    # tricks (25, 37) and failing with eight (29); 4♠ made with ten (25, 37) and failing with
    # nine (31); ♥ from nought to twelve. DDS settles these quickly (a deal of hands of equal
    # strength, such as 2, costs it seconds and shows nothing more).
    for seed in (25, 29, 31, 37):
        dealt = deal_bridge(seed)
        board = BridgeBoard("x", tuple(tuple(h) for h in dealt.hands), Seat(0, 4))
        table = board.double_dummy().tricks
        for seat, tricks in table.items():
            who = seat.letter
            nt, spades = tricks["NT"], tricks["♠"]
            assert parse_condition(f"{who} makes 3NT", game="bridge").holds(dealt) == (nt >= 9)
            assert parse_condition(f"{who} makes 4♠", game="bridge").holds(dealt) == (spades >= 10)
            exact = parse_condition(f"{who} takes {tricks['♥']} tricks in ♥", game="bridge")
            assert exact.holds(dealt)


# -- the evaluator, against counts made here ----------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 20), st.integers(0, 20), st.sampled_from("SWN"))
def test_hcp_and_suits(seed: int, low: int, high: int, who: str) -> None:
    dealt = deal(seed)
    hand = dealt.hands[Seat.parse(who)]
    points = hcp(hand)
    assert parse_condition(f"{who} hcp {low}+").holds(dealt) == (points >= low)
    if low <= high:
        assert parse_condition(f"{who} hcp {low}-{high}").holds(dealt) == (low <= points <= high)
    spades = sum(1 for card in hand if card.suit.symbol == "♠")
    assert parse_condition(f"{who} spades at most {low % 9}").holds(dealt) == (spades <= low % 9)
    lengths = [sum(1 for c in hand if c.suit.symbol == s) for s in "♠♥♦♣"]
    exact = "=".join(map(str, lengths))
    assert parse_condition(f"{who} shape {exact}").holds(dealt)
    assert parse_condition(f"{who} shape {'-'.join(map(str, sorted(lengths)))}").holds(dealt)
    ace = parse_cards("♠A")[0]
    assert parse_condition("dubel has ♠A").holds(dealt) == (ace in dealt.dubel)


def test_bridge_hcp_add_up() -> None:
    dealt = deal_bridge(5)
    total = 0
    for who in "NESW":
        points = hcp(dealt.hands[Seat.parse(who, 4)])
        assert parse_condition(f"{who} hcp {points}", game="bridge").holds(dealt)
        total += points
    assert total == 40


def test_double_dummy_against_the_trick_table() -> None:
    for seed in range(6):
        dealt = deal(seed)
        table = trick_table(dealt.hands)
        for seat, who in enumerate("SWN"):
            nt = table.tricks(Seat(seat), "NT")
            assert parse_condition(f"{who} makes 3NT").holds(dealt) == (nt >= 8)
            assert parse_condition(f"{who} takes {nt} in 1NT").holds(dealt)
            betelek = table.tricks(Seat(seat), "betelek")
            assert parse_condition(f"{who} makes B1").holds(dealt) == (betelek <= 1)


def test_search_is_the_same_over_workers() -> None:
    wanted = Wanted(conditions=(parse_condition("S hcp 14+"), parse_condition("N ♠ 4+")))
    one, tested = find_deals(wanted, "w", count=3, tries=2000, workers=1)
    two, _ = find_deals(wanted, "w", count=3, tries=2000, workers=2)
    assert [f.seed for f in one] == [f.seed for f in two]
    assert len(one) == 3 and tested == int(str(one[-1].seed).split("#")[1]) + 1


# -- the command --------------------------------------------------------------------------------


def test_deal_json_meets_constraints_checked_by_the_solver() -> None:
    result = run(
        "deal", "--game", "betel", "--seed", "t", "--count", "2", "--json",
        "-c", "S hcp 10+", "-c", "S makes 2NT", "-c", "W takes at most 1 in B1",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    deals = json.loads(result.stdout)
    assert len(deals) == 2
    for item in deals:
        assert set(item) == {"seed", "hands", "dubel"}
        assert set(item["hands"]) == {"S", "W", "N"}
        hands = [parse_cards(item["hands"][who]) for who in "SWN"]
        assert sorted(hands[0]) == sorted(deal(item["seed"]).hands[0])
        assert len(parse_cards(item["dubel"])) == 2
        assert hcp(hands[0]) >= 10
        table = trick_table(hands)
        assert table.tricks(Seat(0), "NT") >= 8 - 1  # 2NT: seven tricks
        assert table.tricks(Seat(1), "betelek") <= 1


def test_deal_workers_give_the_same_deals() -> None:
    args = ("deal", "--game", "betel", "--seed", "k", "--count", "2", "--json", "-c", "S makes 2♠")
    one = run(*args, "--workers", "1")
    two = run(*args, "--workers", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    capped = run(*args, "--workers", "500")
    assert capped.returncode == 0 and json.loads(capped.stdout) == json.loads(one.stdout)


def test_deal_bridge_json() -> None:
    result = run("deal", "--game", "bridge", "--seed", "b", "--json", "-c", "N hcp 15-17")
    assert result.returncode == 0, result.stderr
    (item,) = json.loads(result.stdout)
    assert set(item) == {"seed", "hands"} and set(item["hands"]) == {"N", "E", "S", "W"}
    assert 15 <= hcp(parse_cards(item["hands"]["N"])) <= 17


def test_deal_text_in_polish() -> None:
    result = run("deal", "--game", "betel", "--seed", "p", "-c", "S ♠ 4+", "--lang", "pl")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Rozdanie 1, ziarno p")
    assert "Południe" in result.stdout and "Dubel" in result.stdout


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_deal_unmet_says_so(lang: str) -> None:
    result = run("deal", "--game", "betel", "-c", "S hcp 30+", "--tries", "50", "--lang", lang)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--tries" in result.stderr and "50" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "bridge", "-c", "N makes 9NT"], '"9NT"'),
        (["--game", "betel", "-c", "S hcp lots"], '"lots"'),
        (["--game", "chess"], "chess"),
        (["scenarios/levels/level-05.yaml", "--game", "betel"], "--game"),
    ],
)
def test_deal_refuses_in_one_line(args: list[str], words: str) -> None:
    result = run("deal", *args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert words in result.stderr


def test_deal_without_a_file_or_a_game_deals_betel() -> None:
    args = ("--seed", "g", "--count", "2", "--json", "-c", "S ♠ 5+")
    plain, betel = run("deal", *args), run("deal", "--game", "betel", *args)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout == betel.stdout and len(json.loads(plain.stdout)) == 2


def test_deal_writes_a_scenario_that_check_accepts(tmp_path: Path) -> None:
    out = tmp_path / "found.yaml"
    result = run(
        "deal", "--game", "betel", "--seed", "y", "--count", "2", "--out", str(out),
        "-c", "dubel has ♠A", "-c", "S shape 5-3-1-1", "-c", "N makes 1♥",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    checked = run("check", str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "1 file checked, 0 problems" in checked.stderr
    # The file's constraints are found again from the file: the same first deal.
    again = run("deal", str(out), "--seed", "y", "--json")
    assert again.returncode == 0, again.stderr
    first = json.loads(run("deal", "--game", "betel", "--seed", "y", "--json",
                           "-c", "dubel has ♠A", "-c", "S shape 5-3-1-1",
                           "-c", "N makes 1♥").stdout)  # fmt: skip
    assert json.loads(again.stdout) == first


def test_scenario_line_constraints_are_checked(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "kind: practice\nid: x\ntitle: {en: X, pl: X}\ndeals:\n  - id: d1\n    seed: 3\n"
        '    constraints:\n      - "S hcp 12+"\n      - "S hcp plenty"\n'
        "steps:\n  - watch: {deal: d1}\n",
        encoding="utf-8",
    )
    result = run("check", str(bad))
    assert result.returncode == 1
    assert f"{bad}:9:" in result.stdout and '"plenty"' in result.stdout


def _bridge_tricks(hands: dict[str, str]) -> dict[str, dict[str, int]]:
    """The double-dummy table of a deal given as text, from DDS directly."""
    from betel_tutor.bridge.board import BridgeBoard

    cards = tuple(tuple(parse_cards(hands[who])) for who in "NESW")
    table = BridgeBoard("x", cards, Seat(0, 4)).double_dummy().tricks
    return {seat.letter: strains for seat, strains in table.items()}


def test_bridge_deal_meets_double_dummy_conditions() -> None:
    # One worker: starting more costs more than this search does (the search of a file's
    # conditions below runs on one a core, as a double-dummy condition does by default).
    result = run(
        "deal", "--game", "bridge", "--seed", "dd", "--count", "2", "--json", "--workers", "1",
        "-c", "S makes 3NT", "-c", "E takes at most 3 tricks in ♥",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    deals = json.loads(result.stdout)
    assert len(deals) == 2
    for item in deals:
        assert set(item) == {"seed", "hands"}
        assert set(item["hands"]) == {"N", "E", "S", "W"}
        assert sorted(parse_cards(item["hands"]["S"])) == sorted(deal_bridge(item["seed"]).hands[2])
        tricks = _bridge_tricks(item["hands"])
        assert tricks["S"]["NT"] >= 9
        assert tricks["E"]["♥"] <= 3


def test_bridge_deal_polish_condition_in_a_file(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_text(
        "kind: board\nid: x\ntitle: {en: X, pl: X}\ndeals:\n  - id: d1\n    game: bridge\n"
        '    seed: 3\n    constraints:\n      - "N robi 4♠"\n      - "N pkt 12+"\n',
        encoding="utf-8",
    )
    result = run("deal", str(board), "--seed", "f", "--json")
    assert result.returncode == 0, result.stderr
    (item,) = json.loads(result.stdout)
    assert _bridge_tricks(item["hands"])["N"]["♠"] >= 10
    assert hcp(parse_cards(item["hands"]["N"])) >= 12


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_bridge_impossible_condition_says_so(lang: str) -> None:
    result = run(
        "deal", "--game", "bridge", "--tries", "12", "--workers", "1", "--lang", lang,
        "--seed", "never", "-c", "N makes 7NT", "-c", "E makes 7NT",
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stdout == ""
    *progress, final = result.stderr.strip().splitlines()
    assert "--tries" in final and "12" in final  # one message says how it ended
    # A slow machine may pass two seconds first: then only progress lines come before it.
    from betel_tutor.i18n import translate

    head = translate("finder.progress", lang, n=0, tries=0, found=0, count=0, rate=0, left=0).split(
        ":"
    )[0]
    assert all(line.startswith(head + ":") for line in progress), progress


# -- the dubel in the mapping form; constraints refused at once; a long search -----------------

DUBEL_MAPPINGS = """kind: practice
id: dubel
title: {en: Dubel, pl: Dubel}
deals:
  - id: d1
    seed: 3
    constraints:
      - {seat: dubel, rank: A, at_least: 1}
      - {seat: dubel, hcp: true, at_least: 5}
      - {seat: dubel, suit: ♥, at_most: 0}
      - {seat: dubel, rank: D, at_most: 0}
      - {seat: S, hcp: true, at_least: 8, at_most: 20}
steps:
  - watch: {deal: d1}
"""


def test_dubel_in_the_mapping_form(tmp_path: Path) -> None:
    scenario = tmp_path / "dubel.yaml"
    scenario.write_text(DUBEL_MAPPINGS, encoding="utf-8")
    checked = run("check", str(scenario))
    assert checked.returncode == 0, checked.stdout
    result = run("deal", str(scenario), "--seed", "m", "--count", "3", "--json")
    assert result.returncode == 0, result.stderr
    for item in json.loads(result.stdout):
        dubel = parse_cards(item["dubel"])
        assert any(card.rank is Rank.ACE for card in dubel) and hcp(dubel) >= 5
        assert all(card.suit.symbol != "♥" and card.rank is not Rank.QUEEN for card in dubel)
        assert 8 <= hcp(parse_cards(item["hands"]["S"])) <= 20
    written = tmp_path / "found.yaml"
    assert run("deal", str(scenario), "--seed", "m", "--out", str(written)).returncode == 0
    assert "{seat: dubel, hcp: true, at_least: 5}" in written.read_text(encoding="utf-8")
    assert run("check", str(written)).returncode == 0


@pytest.mark.parametrize(
    ("game", "lines", "words"),
    [
        ("betel", ["S has ♠A", "W has ♠A"], '"W has ♠A" together with "S has ♠A"'),
        ("betel", ["N ♠ 9+"], "at most 8"),
        ("bridge", ["N ♠ 14"], "at most 13"),
        ("betel", ["S has ♠2"], "♠2 is not in the betel deck"),
        ("betel", ["S hcp 33+"], "at most 32 high-card points"),
        ("bridge", ["N hcp 38"], "at most 37 high-card points"),
        ("bridge", ["N hcp 20+", "S hcp 21+"], "more high-card points than the deck has (40)"),
        ("betel", ["dubel hcp 9+"], "at most 8 high-card points"),
        ("betel", ["dubel ♠ 3+"], "the dubel holds only 2"),
        ("betel", ["S shape 9-1-0-0"], "only 8 cards"),
        ("bridge", ["N makes 7NT", "N takes at most 10 tricks in NT"], '"N makes 7NT"'),
        ("betel", ["S takes 11 in B1"], "at most 10 tricks"),
    ],
)
def test_deal_refuses_constraints_no_deal_meets_at_once(
    game: str, lines: list[str], words: str
) -> None:
    args = [arg for line in lines for arg in ("-c", line)]
    result = run("deal", "--game", game, "--seed", "x", "--workers", "1", *args)
    assert result.returncode == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("no deal can meet") and words in line, line
    polish = run("deal", "--game", game, "--seed", "x", "--lang", "pl", *args)
    assert polish.returncode == 2 and polish.stderr.startswith("żadne rozdanie nie spełni")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_long_search_shows_progress_and_keeps_to_its_time(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from betel_tutor.cli_progress import SearchProgress

    # The first line after half a second rather than two, and the search stopped after one
    # rather than three: the same line before the same stop, in a third of the searching.
    monkeypatch.setattr(SearchProgress, "FIRST", 0.5)
    start = time.monotonic()
    result = run(
        "deal", "--game", "bridge", "--seed", "q", "--workers", "1", "--max-time", "1",
        "-c", "N makes 7NT", "-c", "E makes 7NT", "--lang", lang,
    )  # fmt: skip
    assert time.monotonic() - start < 20
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 2, lines
    progress, final = lines
    assert progress.startswith("searching:" if lang == "en" else "szukam:")
    assert "20000" in progress
    assert "--max-time" in final and "Traceback" not in result.stderr


FIXED_AND_SEEDED = """kind: practice
id: fixed
title: {en: F, pl: F}
deals:
  - id: fixed
    hands:
      S: ♠AKQJ ♥AKQJ ♦AK
      W: ♠10 9 8 ♥10 9 8 ♦QJ ♣AK
      N: ♠7 ♥7 ♦10 9 8 7 ♣QJ10 9
    dubel: ♣87
  - id: seeded
    dealer: W
    seed: 12
"""


def test_deal_of_a_file_is_that_deal_or_a_clear_refusal(tmp_path: Path) -> None:
    from betel_tutor.scenario.deals import realize
    from betel_tutor.scenario.loader import load

    scenario = tmp_path / "deals.yaml"
    scenario.write_text(FIXED_AND_SEEDED, encoding="utf-8")
    fixed = run("deal", str(scenario), "--id", "fixed")
    assert fixed.returncode == 2 and fixed.stdout == ""
    assert "'fixed'" in fixed.stderr and "hands written out" in fixed.stderr
    seeded = run("deal", str(scenario), "--id", "seeded", "--json")
    assert seeded.returncode == 0, seeded.stderr
    (item,) = json.loads(seeded.stdout)
    loaded, _ = load(str(scenario))
    assert loaded is not None
    dealt = realize(loaded.deals[1])
    assert item["seed"] == 12
    assert [sorted(parse_cards(item["hands"][who])) for who in "SWN"] == [
        sorted(hand) for hand in dealt.hands
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--game", "betel", "--workers", "0"],
        ["check", "scenarios", "--workers", "0"],
        ["explain", "legal", "--game", "bridge", "--hand", "♠K942 ♥Q65 ♦3", "--trick", "♥A",
         "--penalty-cards", "♠K ♠K"],
    ],
)  # fmt: skip
def test_nonsense_counts_and_cards_refused(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_seed_written_in_many_files_is_dealt_once_and_as_each_alone_would_be(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from betel_tutor import dealing
    from betel_tutor.scenario import deals
    from betel_tutor.scenario.model import DealSpec

    deals._seeded.cache_clear()
    expected, other_dealer = deal(41, dealer=1), deal(41, dealer=2)
    dealt: list[object] = []
    real = dealing.shuffled

    def counted(deck: Sequence[Card], seed: int | str) -> list[Card]:
        dealt.append(seed)
        return real(deck, seed)

    monkeypatch.setattr(dealing, "shuffled", counted)
    first = deals.realize(DealSpec(id="a", seed=41, dealer=Seat(1, 3)))
    again = deals.realize(DealSpec(id="b", seed=41, dealer=Seat(1, 3), title=None, play=()))
    assert again == first == expected  # the seed's own deal, whoever writes it
    assert len(dealt) == 1
    other = deals.realize(DealSpec(id="c", seed=41, dealer=Seat(2, 3)))
    assert other == other_dealer and len(dealt) == 2
