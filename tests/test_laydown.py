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


def test_a_hand_the_fixed_line_cannot_prove_is_proved_by_search() -> None:
    """♠AKQ10 ♥AKQ ♦AKQ in 4♠: four trumps are missing, so the fixed line proves only three
    tricks, but the search finds a strategy for every distribution (at most one trump can
    stay out after ♠AKQ, and it takes one trick)."""
    hand, dubel = parse_cards("♠AKQ10 ♥AKQ ♦AKQ"), parse_cards("♣8 ♣9")
    result = check_laydown(hand, dubel, parse_contract("4♠"))
    assert result.verdict == "proved" and result.method == "search"
    assert result.sure_tricks == 3 and result.searched > 0 and result.first_lead is not None
    # Not 5♠: a distribution beats even a declarer who sees all the cards.
    slam = check_laydown(hand, dubel, parse_contract("5♠"))
    assert slam.verdict == "refuted" and slam.refutation is not None
    west, north = list(slam.refutation.west), list(slam.refutation.north)
    assert solve([list(slam.hand), west, north], trump="♠") == slam.refutation.tricks < 10


def test_a_search_out_of_budget_is_open() -> None:
    result = check_laydown(
        parse_cards("♠AKQ10 ♥AKQ ♦AKQ"), parse_cards("♣8 ♣9"), parse_contract("4♠"), budget=50
    )
    assert result.verdict == "open" and result.refutation is None


def test_a_betelek_is_proved_or_refuted() -> None:
    low = parse_cards("♠789 ♥789 ♦78 ♣78")
    safe = check_laydown(low, parse_cards("♦9 ♣9"), parse_contract("B0"))
    assert safe.verdict == "proved"
    aces = parse_cards("♠78A ♥78A ♦78 ♣78")
    # Kings in the dubel do not help: one of them would be the top card of its suit.
    assert check_laydown(aces, parse_cards("♠K ♥K"), parse_contract("B0")).verdict == "refuted"
    # Nines do: both aces go to the dubel.
    traded = check_laydown(aces, parse_cards("♠9 ♥9"), parse_contract("B0"))
    assert traded.verdict == "proved" and set(traded.lay) == set(parse_cards("♠A ♥A"))


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
    named = run("solve", "--seed", "7", "--seat", "Północ", "--json")
    assert [s["index"] for s in json.loads(named.stdout)["deals"][0]["seats"]] == [2]
    wrong = run("solve", "--seed", "7", "--seat", "E")
    assert wrong.returncode == 2 and "No seat E" in wrong.stderr
    neither = run("solve")
    assert neither.returncode == 2 and neither.stderr.count("\n") == 1
    broken = run("solve", "tests/data/bad/" + "missing-file.yaml")
    assert broken.returncode == 2 and "missing-file.yaml" in broken.stderr


def test_a_hand_where_the_declarer_must_guess() -> None:
    """3NT with ♠KQ ♥KQ ♦AKQJ ♣AK after the exchange: no distribution tried beats a declarer
    who sees all the cards, yet the search finds every line beaten in some distribution."""
    done = run(
        "laydown",
        "♣A ♦K ♦Q ♣K ♦A ♠Q ♥K ♠K ♦J ♣10",
        "--dubel",
        "♥Q ♠10",
        "--contract",
        "3NT",
        "--workers",
        "2",
        "--json",
    )
    answer = json.loads(done.stdout)
    assert done.returncode == 1 and answer["verdict"] == "refuted"
    assert answer["refutation"] is None and answer["information_sets"] > 1000


def test_the_budget_bounds_the_search_over_all_the_exchanges() -> None:
    # Refuted after three exchanges need a search: 723, 1020 and 210 information sets.
    hand, dubel, contract = parse_cards("♠AQ ♥AKQ ♦AKJ ♣AK"), parse_cards("♠10 ♥9"), "4♥"
    full = check_laydown(hand, dubel, parse_contract(contract))
    assert (full.verdict, full.searched) == ("refuted", 1953)
    for workers in (1, 2):
        cut = check_laydown(hand, dubel, parse_contract(contract), budget=1000, workers=workers)
        assert cut.verdict == "open" and 1000 <= cut.searched <= 2 * 1000
        assert cut.searched == 1724  # the same wherever the exchanges were searched


def test_the_command_line_default_budget_is_the_library_default() -> None:
    import inspect

    from betel_tutor.cli import laydown_command
    from betel_tutor.solver.laydown import DEFAULT_BUDGET

    budget = inspect.signature(laydown_command).parameters["budget"].default
    assert budget == DEFAULT_BUDGET == 300_000


def test_ten_cards_alone_are_judged_against_every_dubel() -> None:
    """Spec §12.6: without a dubel the 22 other cards lie in every way (20 with the
    defenders, 2 in the dubel) and there is no exchange. ♠A ♥987 ♦987 ♣987 in Betelek 0 is
    no laydown: a spade lead forces ♠A to beat. The old default dubel of "the two lowest
    left" made it one; with a dubel given the exchange is still tried."""
    hand = parse_cards("♠A ♥987 ♦987 ♣987")
    alone = check_laydown(hand, None, parse_contract("B0"))
    assert alone.verdict == "refuted" and alone.alone and not alone.take
    refutation = alone.refutation
    assert refutation is not None and len(refutation.dubel) == 2
    cards = set(hand) | set(refutation.west) | set(refutation.north) | set(refutation.dubel)
    assert len(cards) == 32 and len(refutation.west) == len(refutation.north) == 10
    traded = check_laydown(hand, parse_cards("♠7 ♠8"), parse_contract("B0"))
    assert traded.verdict == "proved" and parse_cards("♠A")[0] in traded.lay


def test_ten_cards_alone_proved_and_the_cli() -> None:
    """A hand that needs no exchange is proved alone; the CLI judges ten cards alone unless
    ``--dubel`` is given, and exits 1 when the hand is not a laydown."""
    assert check_laydown(parse_cards("♠AKQ10 ♥AKQ ♦AKQ"), (), parse_contract("4♠")).verdict == (
        "proved"
    )
    refused = run("laydown", "♠A ♥987 ♦987 ♣987", "--contract", "B0")
    assert refused.returncode == 1 and "22" in refused.stdout and "Dubel:" in refused.stdout
    data = json.loads(run("laydown", "♠A ♥987 ♦987 ♣987", "--contract", "B0", "--json").stdout)
    assert data["verdict"] == "refuted" and data["exchange_allowed"] is False
    assert len(data["refutation"]["dubel"]) == 2
    polish = run("laydown", "♠A ♥987 ♦987 ♣987", "--contract", "B0", "--lang", "pl")
    assert "bez wymiany" in polish.stdout and "Dubel:" in polish.stdout
    given = run("laydown", "♠A ♥987 ♦987 ♣987", "--contract", "B0", "--dubel", "♠7 ♠8")
    assert given.returncode == 0


def test_wrong_counts_and_repeated_cards_are_told_as_they_are() -> None:
    ten, nine = "♠A ♥987 ♦987 ♣987", "♠A ♥987 ♦987 ♣98"
    cases = [
        ((nine, "--contract", "B0"), "the hand has 9 cards", "ręka ma 9 kart"),
        ((ten, "--contract", "B0", "--dubel", "♠7"), "--dubel gives 1 card.", "podaje 1 kartę"),
        ((ten, "--contract", "B0", "--dubel", "♠K ♠Q ♠J"), "gives 3 cards", "podaje 3 karty"),
        ((ten, "--contract", "B0", "--dubel", "♥9 ♠K"), "♥9 is given twice", "♥9 podano dwa"),
    ]
    for args, english, polish in cases:
        result = run("laydown", *args)
        assert result.returncode == 2 and english in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
        result = run("laydown", *args, "--lang", "pl")
        assert result.returncode == 2 and polish in result.stderr, result.stderr
