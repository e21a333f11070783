"""The laydown check: proofs by the fixed line, refutations by a distribution, and the CLI."""

from __future__ import annotations

import json
import random

from betel_tutor.cards import BETEL_DECK, parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.solver import solve
from betel_tutor.solver.laydown import check_laydown, sure_line
from tests.test_cli import run


def test_top_trumps_and_masters_are_proved() -> None:
    result = check_laydown(
        parse_cards("♠AKQJ109 ♥AK ♦AK"), parse_cards("♣AK"), parse_contract("4♠")
    )
    assert result.verdict == "proved" and result.sure_tricks == 10
    assert [str(c) for c in result.line[:6]] == ["♠A", "♠K", "♠Q", "♠J", "♠10", "♠9"]


def test_the_exchange_can_make_the_laydown() -> None:
    hand, dubel = parse_cards("♠AKQJ109 ♥AK ♦A ♣7"), parse_cards("♦K ♣8")
    result = check_laydown(hand, dubel, parse_contract("5♠"))
    assert result.verdict == "proved"
    assert [str(c) for c in result.take] == ["♦K"] and [str(c) for c in result.lay] == ["♣7"]


def test_a_losing_card_is_refuted_by_a_real_distribution() -> None:
    hand = parse_cards("♠AKQ ♥AKQ ♦AKQ ♣7")
    result = check_laydown(hand, parse_cards("♣8 ♣9"), parse_contract("5NT"))
    assert result.verdict == "refuted" and result.refutation is not None
    west, north = result.refutation.west, result.refutation.north
    assert len(west) == len(north) == 10
    assert not set(west) & set(north) and not set(west + north) & set(hand)
    # The refutation is checkable: the solver agrees the declarer falls short with it.
    assert solve([hand, list(west), list(north)], trump=None) == result.refutation.tricks < 10


def test_missing_trumps_beyond_the_top_run_leave_it_open() -> None:
    result = check_laydown(
        parse_cards("♠AKQ10 ♥AKQ ♦AKQ"), parse_cards("♣8 ♣9"), parse_contract("4♠"), limit=20
    )
    assert result.verdict == "open" and result.sure_tricks == 3 and result.tried == 20


def test_the_sure_line_never_loses_a_trick_it_counts() -> None:
    """Random hands: whatever the defenders hold, the line's cards all win when led in order
    (checked by solving: the declarer takes at least as many tricks double dummy)."""
    rng = random.Random(11)
    for _ in range(40):
        deck = list(BETEL_DECK)
        rng.shuffle(deck)
        hand, west, north = deck[:10], deck[10:20], deck[20:30]
        trump = rng.choice([None, *{c.suit for c in hand}])
        line = sure_line(hand, west + north, trump)
        assert solve([hand, west, north], trump=trump) >= len(line)


def test_cli_laydown_and_solve() -> None:
    proved = run("laydown", "♠AKQJ109 ♥AK ♦AK", "--contract", "4♠", "--lang", "en")
    assert proved.returncode == 0 and "laydown" in proved.stdout
    refuted = run("laydown", "♠AKQ ♥AKQ ♦AKQ ♣7", "--dubel", "♣8 ♣9", "--contract", "5NT", "--json")
    assert refuted.returncode == 1 and json.loads(refuted.stdout)["verdict"] == "refuted"
    bad = run("laydown", "♠AKX", "--contract", "4♠")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "X" in bad.stderr
    table = run("solve", "--seed", "7", "--json")
    seats = json.loads(table.stdout)["deals"][0]["seats"]
    assert [s["index"] for s in seats] == [0, 1, 2] and set(seats[0]["tricks"]) >= {"♠", "NT"}
    one = run("solve", "--seed", "7", "--seat", "1", "--lang", "pl")
    assert one.returncode == 0 and "Zachód" in one.stdout and "Południe" not in one.stdout
    neither = run("solve")
    assert neither.returncode == 2 and neither.stderr.count("\n") == 1
    broken = run("solve", "tests/data/bad/" + "missing-file.yaml")
    assert broken.returncode == 2 and "missing-file.yaml" in broken.stderr
