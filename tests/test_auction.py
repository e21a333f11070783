"""The Betel auction (spec §3): examples, refusals, exchanges, options, and properties."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.auction import (
    Auction,
    AuctionState,
    Call,
    apply_call,
    legal_calls,
    level_options,
    parse_call,
    start,
)
from betel_tutor.cards import parse_cards
from betel_tutor.contracts import LADDER, Contract
from betel_tutor.dealing import deal
from betel_tutor.errors import IllegalCall, NotationError

DATA: dict[str, list[dict[str, Any]]] = yaml.safe_load(
    (Path(__file__).parent / "data" / "auctions.yaml").read_text(encoding="utf-8")
)


def run(calls: str | list[str], **options: Any) -> Auction:
    auction = Auction(**options)
    for call in calls.split() if isinstance(calls, str) else calls:
        auction.call(parse_call(call))
    return auction


@pytest.mark.parametrize("case", DATA["finished"], ids=lambda c: str(c["calls"]))
def test_finished_auctions(case: dict[str, Any]) -> None:
    auction = run(case["calls"])
    assert auction.finished
    assert (auction.contract, auction.declarer, auction.doubled) == (
        None if case["contract"] is None else Contract.parse(case["contract"]),
        case["declarer"],
        case["doubled"],
    )


@pytest.mark.parametrize("case", DATA["refused"], ids=lambda c: f"{c['calls']} / {c['call']}")
def test_refused_calls(case: dict[str, Any]) -> None:
    auction = run(case["calls"])
    before = auction.state
    with pytest.raises(IllegalCall) as caught:
        auction.call(parse_call(case["call"]))
    assert (caught.value.reason, caught.value.rule) == (case["reason"], case["rule"])
    assert auction.state == before, "a refused call changes nothing"
    english, polish = caught.value.message("en"), caught.value.message("pl")
    assert english != polish
    if case["rule"] is not None:
        assert f"(rule {case['rule']})" in english and f"(zasada {case['rule']})" in polish


@pytest.mark.parametrize("case", DATA["options"], ids=lambda c: str(c["reason"]))
def test_level_options_refuse(case: dict[str, Any]) -> None:
    auction = run(case["calls"], **case["options"])
    with pytest.raises(IllegalCall) as caught:
        auction.call(parse_call(case["call"]))
    assert caught.value.reason == case["reason"]


def test_fixed_contracts_need_no_auction() -> None:
    for level, contract in ((1, None), (2, None), (3, "B3"), (4, "Betel")):
        auction = Auction(**level_options(level))
        assert auction.finished and str(auction.contract or "") == (contract or "")
        assert auction.declarer == (None if contract is None else 0)
        with pytest.raises(IllegalCall):
            auction.call(parse_call("pass"))


def test_level_options() -> None:
    assert level_options(5) == {"kontra": False, "betelki": False, "exchange": False}
    assert Auction(**level_options(7)).state.options.exchange
    with pytest.raises(ValueError):
        level_options(11)


def test_exchange_moves_cards() -> None:
    dealt = deal(7)
    hands = tuple(frozenset(hand) for hand in dealt.hands)
    first, second = dealt.dubel
    give = sorted(dealt.hands[0])[-1]
    auction = Auction(hands=hands, dubel=dealt.dubel)
    auction.call(parse_call(f"[{first}>{give}]1♣"))
    assert auction.dubel is not None and set(auction.dubel) == {second, give}
    assert first in auction.state.hands[0] and give not in auction.state.hands[0]  # type: ignore[index]
    assert auction.calls == [parse_call(f"[{first}>{give}]1♣")]
    with pytest.raises(IllegalCall) as caught:
        auction.call(parse_call(f"[{give}>{give}]pass"))
    assert caught.value.reason == "pass_after_exchange"
    with pytest.raises(IllegalCall) as caught:
        auction.call(parse_call(f"[{first}>{give}]2♣"))
    assert caught.value.reason == "not_in_dubel"
    outsider = sorted(dealt.hands[0])[0]  # seat 1 does not hold seat 0's cards
    with pytest.raises(IllegalCall) as caught:
        auction.call(parse_call(f"[{give}>{outsider}]2♣"))
    assert caught.value.reason == "cannot_lay"
    with pytest.raises(IllegalCall) as caught:
        auction.call(parse_call(f"[{give}{second}>{outsider}]2♣"))
    assert caught.value.reason == "exchange_count"
    # laying back the cards taken is allowed
    auction.call(parse_call(f"[{give}{second}>{give}{second}]kontra"))


def test_dubel_penalty() -> None:
    auction = Auction(dubel=tuple(parse_cards("♠A ♥7")))
    auction.call(parse_call("[?♠A♥7]pass"))
    auction.call(parse_call("[?♥7]pass"))
    assert auction.penalties == {0: -10, 1: -5}


def test_bad_notation() -> None:
    with pytest.raises(NotationError) as caught:
        parse_call("2X")
    assert caught.value.token == "2X"
    assert parse_call("[SA>H7]kontra") == Call(
        "kontra", None, tuple(parse_cards("SA")), tuple(parse_cards("H7"))
    )


def test_undo() -> None:
    auction = run("1♠ kontra")
    auction.undo()
    assert auction.calls == [parse_call("1♠")] and not auction.doubled


def test_unknown_option() -> None:
    with pytest.raises(TypeError):
        Auction(trumps=True)


def _drive(state: AuctionState, choices: list[int]) -> AuctionState:
    for choice in choices:
        calls = legal_calls(state)
        if not calls:
            break
        state = apply_call(state, calls[choice % len(calls)])
    return state


@settings(max_examples=400)
@given(st.lists(st.integers(0, 10_000), max_size=200), st.sampled_from([5, 6, 7, 8]))
def test_random_auctions_terminate(choices: list[int], level: int) -> None:
    state = start(Auction(**level_options(level)).state.options)
    state = _drive(state, choices + [0] * 200)  # then everybody passes
    assert state.finished
    kontras = [call for _, call in state.calls if call.kind == "kontra"]
    assert len(kontras) == len(state.doubled_once) <= 30
    assert len(state.calls) <= 3 + 30 * 3 * 2 + 30 * 3


@settings(max_examples=300)
@given(st.lists(st.integers(0, 10_000), max_size=40), st.integers(0, 31))
def test_legal_calls_are_exactly_the_accepted_ones(choices: list[int], pick: int) -> None:
    state = _drive(start(), choices)
    legal = {str(call) for call in legal_calls(state)}
    for call in [Call("pass"), Call("kontra"), *(Call("declare", c) for c in LADDER)]:
        try:
            apply_call(state, call)
        except IllegalCall:
            assert str(call) not in legal
        else:
            assert str(call) in legal


@pytest.mark.parametrize("text", ["pass", "kontra", "2♠", "B2", "Betel", "[♠A>♥7]2♠", "[?♦7]pass"])
def test_calls_are_values(text: str) -> None:
    call = Call.parse(text)
    assert str(call) == text and Call.parse(str(call)) == call
    assert repr(call) == f"Call.parse({text!r})"
    assert len({call, Call.parse(text)}) == 1  # frozen and hashable


def test_auction_keeps_values() -> None:
    auction = run("1♠ kontra")
    assert auction.contract == Contract.parse("1♠")
    assert auction.calls == [Call.parse("1♠"), Call.parse("kontra")]
    assert Call.parse("2♠") in auction.legal_calls()
