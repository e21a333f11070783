"""Trade scripted in scenario files (spec §8): replayed with the trade engine, checked, and
the resting fourth player's prediction (spec §7)."""

from __future__ import annotations

import pytest

from betel_tutor.auction import Call
from betel_tutor.cards import parse_card
from betel_tutor.errors import NotationError, ScenarioError
from betel_tutor.scenario import load_text
from betel_tutor.scenario.check import check_scenario
from betel_tutor.scenario.model import DealSpec, Quiz, Scenario
from betel_tutor.scenario.quizzes import engine_answer, parse_typed_answer
from betel_tutor.scenario.script import replay
from betel_tutor.tutor.saving import PlayedDeal, deal_to_yaml

S, W, N = 0, 1, 2
HEAD = "kind: practice\nid: t\ntitle: {en: T, pl: T}\ndeals:\n  - id: d\n    dealer: S\n"
HANDS = """\
    hands:
      S: ♠A7 ♥A10 9 ♦KQJ ♣AK
      W: ♠QJ10 9 8 ♥KQ ♦A ♣9 8
      N: ♥J87 ♦10 9 8 ♣QJ10 7
    dubel: ♠K ♦7
"""
EXAMPLE_PLAY = (
    "♠A ♣7 ♠7 ♦A ♦8 ♦J ♠K ♥7 ♣9 ♥K ♥8 ♥A ♣A ♠8 ♣10 ♠Q ♦9 ♥9 ♥Q ♥J ♥10 ♠J ♦10 ♦Q ♠10 ♣J ♣K ♠9 ♣Q ♦K"
)


def scenario(body: str) -> Scenario:
    loaded, problems = load_text(HEAD + HANDS + body, "t.yaml")
    assert problems == [] and loaded is not None, [p.format() for p in problems]
    return loaded


def deal(body: str) -> DealSpec:
    return scenario(body).deals[0]


def problems(body: str) -> list[str]:
    return [f"{p.position.line}: {p.message('en')}" for p in check_scenario(scenario(body))]


def test_the_first_exchange_is_bought_and_its_buyer_calls_first() -> None:
    replayed = replay(deal('    first_exchange: [5, 10, 0]\n    auction: "[♠K>♣8]3♠ pass pass"\n'))
    assert replayed.ledger.first_caller == W and replayed.ledger.bank == 10  # rules 9, 10, 19
    assert replayed.ledger.points == (0, -10, 0)
    assert replayed.auction is not None and replayed.auction.first == 1
    assert replayed.declarer == W and str(replayed.contract) == "3♠"


def test_a_bid_out_of_limits_is_refused() -> None:
    (problem,) = problems("    first_exchange: [10, 60, 0]\n")
    assert "bid 2 for the first exchange (60)" in problem and "rule 21" in problem


def test_a_swap_changes_the_hands_the_play_is_checked_against() -> None:
    body = (
        '    auction: "[♠K>♣8]3♠ pass pass"\n    first_exchange: [5, 10, 0]\n'
        "    trades:\n"
        '      - {after: 2, offer: "W>S call pass +15", answer: accept}\n'
        '      - {after: 3, offer: "W>S swap ♣9 ♠A +20", answer: accept}\n'
    )
    replayed = replay(deal(body + f"    play: {EXAMPLE_PLAY}\n"))
    assert replayed.ledger.points == (35, -45, 0) and replayed.ledger.bank == 10
    state = replayed.state
    assert state.finished and state.tricks_taken() == (1, 9, 0)
    assert state.scores(doubled=False) == (15, 65, 0)
    # Without the swap West does not hold ♠A, which he leads to the first trick.
    (problem,) = problems(body.replace("♠A +20", "♠7 +20") + f"    play: {EXAMPLE_PLAY}\n")
    assert problem.startswith("17: card 1 (♠A) may not be played")


def test_a_move_other_than_the_one_agreed_breaks_the_binding() -> None:
    body = (
        "    auction: 2♠ pass 2NT\n    trades:\n"
        '      - {after: 2, offer: "S>N call pass +15", answer: accept}\n'
    )
    (problem,) = problems(body)
    assert problem == "12: call 3 (2NT) is not allowed: North has agreed to call pass (rule 20)"


def test_a_bound_card_made_impossible_by_a_swap_lapses_and_is_repaid() -> None:
    body = (
        "    contract: 1NT\n    declarer: S\n    play: ♠A ♠9\n    trades:\n"
        '      - {after: 1, offer: "S>W play ♠8 +10", answer: accept}\n'
        '      - {after: 1, offer: "W>S swap ♠8 ♣A", answer: accept}\n'
    )
    replayed = replay(deal(body))
    outcomes = [record.outcome for record in replayed.ledger.records]
    assert outcomes == ["accepted", "accepted", "lapsed"]
    assert replayed.ledger.points == (0, 0, 0)


def test_a_general_offer_made_precise_by_the_acceptor() -> None:
    body = (
        "    contract: 2♠\n    declarer: W\n    trades:\n"
        '      - {after: 0, offer: "S>W swap ♥9 ♣ +10", answer: ♣8}\n'
    )
    replayed = replay(deal(body))
    (record,) = replayed.ledger.records
    assert record.precise == parse_card("♣8")
    assert parse_card("♣8") in replayed.state.hands[S]
    # A card of another suit, or one West does not hold, cannot make it precise (rule 20).
    (wrong_suit,) = problems(body.replace("answer: ♣8", "answer: ♥K"))
    assert "cannot be accepted: ♥K is not a ♣ card (rule 20)" in wrong_suit
    (not_held,) = problems(body.replace("answer: ♣8", "answer: ♣A"))
    assert "cannot be accepted: ♣A cannot be handed over" in not_held


def test_forbidden_offers_are_refused_even_when_declined() -> None:
    body = (
        "    auction: 1♠ pass\n    trades:\n"
        '      - {after: 2, offer: "W>N show ♠", answer: decline}\n'
    )
    (problem,) = problems(body)
    assert "offer 1 (W>N show ♠) is not allowed: West has passed or doubled" in problem


def test_offers_after_the_last_call_are_made_in_the_play() -> None:
    body = (
        "    auction: 1♠ pass pass\n    trades:\n"
        '      - {after: 3, offer: "W>N show ♠", answer: accept}\n'
    )
    (problem,) = problems(body)  # the play has begun: defenders may not show each other
    assert "The defenders may not show each other cards during the play (rule 17)" in problem
    allowed = body.replace("W>N show ♠", "W>S show ♠")
    assert problems(allowed) == []


def test_the_prediction_needs_a_contract() -> None:
    assert problems("    auction: 1♠ pass pass\n    prediction: {seat: E, made: true}\n") == []
    (problem,) = problems("    auction: pass pass pass\n    prediction: {seat: E, decline: true}\n")
    assert "there is no contract to predict" in problem
    declined = deal(
        "    contract: 1NT\n    declarer: S\n    prediction: {seat: E, decline: true}\n"
    )
    assert declined.resting and declined.prediction is not None
    assert declined.prediction.made is None


def test_trade_is_for_betel_deals_only() -> None:
    text = (
        "kind: practice\nid: b\ntitle: {en: B, pl: B}\ndeals:\n"
        "  - {id: d, game: bridge, seed: 3, resting: E}\n"
    )
    loaded, found = load_text(text, "b.yaml")
    assert loaded is None
    assert [p.message("en") for p in found] == [
        "resting is for Betel deals: trade and the fourth player are not part of bridge"
    ]


def test_a_deal_saved_by_the_tutor_with_its_trade_is_checked() -> None:
    """The tutor writes trade as ``first_exchange`` and ``trades`` (``tutor/saving.py``)."""
    loaded = scenario("")
    dealt = loaded.deals[0]
    assert dealt.hands is not None
    saved = PlayedDeal(
        level=9,
        step_deal="d1",
        dealer=S,
        hands=dealt.hands,
        dubel=dealt.dubel,
        calls=tuple(Call.parse(call) for call in ("[♠K>♣8]3♠", "pass", "pass")),
        contract=None,
        declarer=None,
        trump=None,
        play=tuple(parse_card(card) for card in EXAMPLE_PLAY.split()),
        first_exchange=(5, 10, 0),
        trades=((2, "W>S call pass +15", "accept"), (3, "W>S swap ♣9 ♠A +20", "accept")),
    )
    again, found = load_text(deal_to_yaml(saved, ident="saved"), "saved.yaml")
    assert found == [] and again is not None
    assert check_scenario(again) == []
    assert replay(again.deals[0]).ledger.points == (35, -45, 0)


# -- the offer-legal quiz ---------------------------------------------------------------------
def offer_quiz(**params: object) -> Quiz:
    return Quiz("offer-legal", scenario("").title, False, dict(params))


def test_offer_legal_quiz_judged_by_the_trade_engine() -> None:
    assert engine_answer(offer_quiz(auction="", offer="W>N see ♠ +10"))[0] is False
    assert engine_answer(offer_quiz(auction="1♠", offer="S>W show ♠"))[0] is True
    played = offer_quiz(auction="2♠ pass pass", offer="W>N show ♦")  # defenders (rule 17)
    assert engine_answer(played)[0] is False
    hands = {"S": "♠A7 ♥A10 9 ♦KQJ ♣AK", "W": "♠QJ10 9 8 ♥KQ ♦A ♣9 8"}
    swap = offer_quiz(auction="2♠ pass pass", offer="S>W swap ♣A ♥K +5", hands=hands)
    assert engine_answer(swap)[0] is True
    after = offer_quiz(auction="2♠ pass pass", play="♠A", offer="S>W play ♠8 -5", hands=hands)
    assert engine_answer(after)[0] is True  # West is to play and may follow with ♠8


def test_offer_legal_quiz_that_cannot_be_asked() -> None:
    with pytest.raises(ScenarioError):  # a swap needs the hands
        engine_answer(offer_quiz(auction="1♠", offer="S>W swap ♣A ♥K"))
    with pytest.raises(ScenarioError):  # cards are played once the auction has ended
        engine_answer(offer_quiz(auction="1♠", play="♠A", offer="S>W see ♠", hands={}))
    with pytest.raises(NotationError):
        engine_answer(offer_quiz(auction="1♠", offer="S>W steal ♠A"))


def test_offer_legal_typed_answers() -> None:
    quiz = offer_quiz(auction="", offer="W>N see ♠")
    assert parse_typed_answer(quiz, "tak", "pl") is True
    assert parse_typed_answer(quiz, "no") is False
    with pytest.raises(NotationError) as refused:
        parse_typed_answer(quiz, "maybe")
    assert "answer yes or no" in refused.value.message("en")


def test_a_scripted_general_sale_is_made_precise_by_its_answer() -> None:
    """Spec §12.5: ``S>W sell ♦`` answered ``♣9 ♦K 15``: West gives ♣9, names South's ♦K
    and pays 15. Named so that South cannot fulfil it, the offer must be refused (rule 20)."""
    body = (
        '    auction: "[♠K>♣8]3♠ pass pass"\n    first_exchange: [5, 10, 0]\n'
        "    trades:\n"
        '      - {after: 3, offer: "S>W sell ♦", answer: "♣9 ♦K 15"}\n'
    )
    replayed = replay(deal(body))
    assert replayed.ledger.points == (15, -25, 0)  # West also paid the bank 10
    record = replayed.ledger.records[-1]
    assert (record.precise, record.precise_give, record.price) == (
        parse_card("♣9"),
        parse_card("♦K"),
        15,
    )
    (problem,) = problems(body.replace("♦K 15", "♦A 15"))
    assert "rule 20" in problem
