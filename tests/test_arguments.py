"""The library takes values, not their text: each public entry point that takes a Call, a
Card, cards, a Contract, a Suit or an Offer refuses a string with a TypeError naming the
function that reads it (and another type with a TypeError naming both types), in both
languages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from betel_tutor.auction import Auction, Call, Options, apply_call, check_call, start
from betel_tutor.cards import Card, parse_cards
from betel_tutor.contracts import Contract, free_play, parse_contract
from betel_tutor.errors import BetelError, WrongArgument
from betel_tutor.play import BETEL, DealPlay, check_playable, play_card, start_play
from betel_tutor.rules import (
    check_play,
    follow_suit_plays,
    follow_suit_refusal,
    legal_plays,
    refusal,
    trick_winner,
)
from betel_tutor.scoring import score
from betel_tutor.seats import SOUTH, WEST
from betel_tutor.solver import solve, solve_position
from betel_tutor.trade import Ledger, Moment, Offer, answer, parse_offer

HANDS = (
    parse_cards("♠A ♠K ♠Q ♥A ♥K ♥Q ♦A ♦K ♦Q ♣A"),
    parse_cards("♠J ♠10 ♠9 ♥J ♥10 ♥9 ♦J ♦10 ♦9 ♣K"),
    parse_cards("♠8 ♠7 ♥8 ♥7 ♦8 ♦7 ♣Q ♣J ♣10 ♣9"),
)
HANDS_DEALT = tuple(frozenset(hand) for hand in HANDS)
HAND = HANDS[0]
TRICK = parse_cards("♥9")
HAND_TEXT = "♠AKQ ♥AKQ ♦AKQ ♣A"


def t(value: object) -> Any:
    """A wrong value passed where a value is taken (the point of these tests), past the
    type checker."""
    return value


def bidding() -> Moment:
    """The auction's first call, in which trade may begin (a seeing offer: rules 17, 20)."""
    return Moment.of_auction(apply_call(start(), Call.parse("1♠")), SOUTH, HANDS_DEALT)


def playing() -> Any:
    return start_play(BETEL, HANDS, parse_contract("1NT"), declarer=0)


# (what is called, the entry point it names, the kind it takes, the text given, its reader)
CALL, CARD, CONTRACT = "auction.parse_call", "cards.parse_card", "contracts.parse_contract"
SUIT = "cards.Suit.parse"
ONE_TEXT: list[tuple[Callable[[], object], str, str, str, str]] = [
    (lambda: Auction().call(t("1♣")), "Auction.call", "Call", "1♣", CALL),
    (lambda: apply_call(start(), t("pass")), "apply_call", "Call", "pass", CALL),
    (lambda: check_call(start(), t("kontra")), "check_call", "Call", "kontra", CALL),
    (lambda: Auction(fixed=t("B3")), "Options(fixed=…)", "Contract", "B3", CONTRACT),
    (lambda: Options(fixed=t("B3")), "Options(fixed=…)", "Contract", "B3", CONTRACT),
    (lambda: start_play(BETEL, HANDS, t("1NT"), declarer=0),
     "start_play", "Contract", "1NT", CONTRACT),
    (lambda: play_card(playing(), t("♠A")), "play_card", "Card", "♠A", CARD),
    (lambda: check_playable(playing(), t("♠A")), "check_playable", "Card", "♠A", CARD),
    (lambda: DealPlay(playing()).play(t("♠A")), "DealPlay.play", "Card", "♠A", CARD),
    (lambda: playing().refusal(t("♠A")), "PlayState.refusal", "Card", "♠A", CARD),
    (lambda: legal_plays(HAND, t(["♥9"])), "legal_plays", "Card", "♥9", CARD),
    (lambda: legal_plays(t(["♥A", "♥K"]), []), "legal_plays", "Card", "♥A", CARD),
    (lambda: legal_plays(t([*HAND, "♥7"]), TRICK), "legal_plays", "Card", "♥7", CARD),
    (lambda: follow_suit_plays(HAND, t(["♥9"])), "follow_suit_plays", "Card", "♥9", CARD),
    (lambda: trick_winner(t(["♠A", "♣2"])), "trick_winner", "Card", "♠A", CARD),
    (lambda: refusal(HAND, TRICK, t("♥A")), "refusal", "Card", "♥A", CARD),
    (lambda: follow_suit_refusal(HAND, TRICK, t("♥A")), "follow_suit_refusal", "Card", "♥A", CARD),
    (lambda: check_play(HAND, TRICK, t("♥A")), "check_play", "Card", "♥A", CARD),
    (lambda: parse_contract("1♠") < t("2♠"), "Contract <", "Contract", "2♠", CONTRACT),
    (lambda: parse_contract("1♠") >= t("B3"), "Contract >=", "Contract", "B3", CONTRACT),
    (lambda: free_play(t("♠")), "free_play", "Suit", "♠", SUIT),
    (lambda: Offer("play", SOUTH, WEST, 10, card=t("♠A")), "Offer(card=…)", "Card", "♠A", CARD),
    (lambda: Offer("swap", SOUTH, WEST, give=t("♥7")), "Offer(give=…)", "Card", "♥7", CARD),
    (lambda: Offer("show", SOUTH, WEST, suit=t("♠")), "Offer(suit=…)", "Suit", "♠", SUIT),
    (lambda: Offer("call", SOUTH, WEST, 15, call=t("pass")), "Offer(call=…)", "Call", "pass", CALL),
    (lambda: answer(bidding(), Ledger(), t("S>W see hand +20"), accept=True),
     "answer", "Offer", "S>W see hand +20", "trade.parse_offer"),
    (lambda: answer(bidding(), Ledger(), parse_offer("S>W swap ♥Q ♠"), accept=True,
                    precise=t("♠J")),
     "answer(precise=…)", "Card", "♠J", CARD),
]  # fmt: skip


@pytest.mark.parametrize(("call", "where", "kind", "text", "reader"), ONE_TEXT)
def test_text_for_one_value_names_its_reader(
    call: Callable[[], object], where: str, kind: str, text: str, reader: str
) -> None:
    with pytest.raises(WrongArgument) as refused:
        call()
    error = refused.value
    assert isinstance(error, TypeError) and isinstance(error, BetelError)
    assert str(error) == (
        f"{where} takes a {kind}, not the text {text!r}: "
        f"read it with betel_tutor.{reader}({text!r})"
    )
    assert error.message("pl") == (
        f"{where} przyjmuje wartość typu {kind}, a nie tekst {text!r}: "
        f"odczytaj ją funkcją betel_tutor.{reader}({text!r})"
    )


# Cards written as one text where a collection of cards is taken: parse_cards reads them.
MANY_TEXT: list[tuple[Callable[[], object], str, str]] = [
    (lambda: Auction(hands=t([HAND_TEXT, *HANDS[1:]])), "Auction(hands=…)", HAND_TEXT),
    (lambda: Auction(dubel=t("♣8 ♣7")), "Auction(dubel=…)", "♣8 ♣7"),
    (lambda: start_play(BETEL, t([HAND_TEXT, *HANDS[1:]]), free_play(), declarer=None),
     "start_play", HAND_TEXT),
    (lambda: legal_plays(t(HAND_TEXT), TRICK), "legal_plays", HAND_TEXT),
    (lambda: legal_plays(t(HAND_TEXT), ()), "legal_plays", HAND_TEXT),
    (lambda: legal_plays(HAND, t("♥9 ♥10")), "legal_plays", "♥9 ♥10"),
    (lambda: follow_suit_plays(t(HAND_TEXT), TRICK), "follow_suit_plays", HAND_TEXT),
    (lambda: follow_suit_plays(t(HAND_TEXT), ()), "follow_suit_plays", HAND_TEXT),
    (lambda: trick_winner(t("♠A ♣2 ♦2"), trump="♠"), "trick_winner", "♠A ♣2 ♦2"),
    (lambda: refusal(t(HAND_TEXT), TRICK, HAND[0]), "refusal", HAND_TEXT),
    (lambda: check_play(HAND, t("♥9"), HAND[0]), "check_play", "♥9"),
    (lambda: Offer("swap", SOUTH, WEST, give=HAND[0], want=HANDS[1][0], gives_more=t("♠K")),
     "Offer(gives_more=…)", "♠K"),
    (lambda: solve(t([HAND_TEXT, *HANDS[1:]])), "solve", HAND_TEXT),
    (lambda: solve_position(HANDS, trick=t("♠A")), "solve", "♠A"),
]  # fmt: skip


@pytest.mark.parametrize(("call", "where", "text"), MANY_TEXT)
def test_text_for_cards_names_parse_cards(
    call: Callable[[], object], where: str, text: str
) -> None:
    with pytest.raises(WrongArgument) as refused:
        call()
    assert str(refused.value) == (
        f"{where} takes Card values, not the text {text!r}: "
        f"read them with betel_tutor.cards.parse_cards({text!r})"
    )
    assert "odczytaj je funkcją betel_tutor.cards.parse_cards(" in refused.value.message("pl")


def test_another_type_is_named_with_the_type_taken() -> None:
    call = Call.parse("1♠")
    with pytest.raises(WrongArgument) as refused:
        score(t(call), (6, 2, 2))
    assert str(refused.value) == "score takes a Contract, not a value of type Call"
    with pytest.raises(TypeError, match=r"Auction\.call takes a Call, not a value of type Cont"):
        Auction().call(t(parse_contract("1♠")))
    with pytest.raises(TypeError, match="play_card takes a Card, not a value of type int"):
        play_card(playing(), t(12))
    with pytest.raises(TypeError, match="a collection of Card values, not a value of type int"):
        Auction(dubel=t(7))


def test_the_values_themselves_are_taken_as_before() -> None:
    """The checks refuse only what is not a value: the same calls with values work."""
    auction = Auction(fixed=parse_contract("B3"))
    assert auction.finished and auction.contract == parse_contract("B3")
    auction = Auction(hands=HANDS, dubel=parse_cards("♠8 ♠7"))
    auction.call(Call.parse("1♠"))
    assert auction.contract == parse_contract("1♠")
    assert score("1NT", (6, 3, 1)) == score(parse_contract("1NT"), (6, 3, 1)) == (20, 15, 5)
    assert legal_plays(HAND, ()) == frozenset(HAND)
    assert legal_plays(HAND, TRICK) == frozenset(parse_cards("♥A ♥K ♥Q"))
    assert follow_suit_plays(t(iter(HAND)), ()) == frozenset(HAND)  # any iterable of cards
    assert trick_winner(parse_cards("♠7 ♣A ♠8"), trump="♣") == 1
    state = playing()
    assert state.refusal(Card.parse("♠A")) is None
    assert play_card(state, Card.parse("♠A")).current == (Card.parse("♠A"),)
    assert parse_contract("1♠") < parse_contract("2♠") and free_play(None) == free_play()
    assert isinstance(Contract.parse("pass ♠"), Contract)
    # Hands may come as any iterables, iterators too: they are checked and kept whole.
    from_iterators = start_play(BETEL, (iter(hand) for hand in HANDS), free_play(), declarer=None)
    assert from_iterators.hands == tuple(frozenset(hand) for hand in HANDS)
    auction = Auction(hands=[iter(hand) for hand in HANDS], dubel=parse_cards("♠8 ♠7"))
    assert auction.state.hands == from_iterators.hands and auction.dubel == tuple(
        parse_cards("♠8 ♠7")
    )
    assert solve([iter(hand) for hand in HANDS], declarer=0) == solve(HANDS, declarer=0)
    offer = Offer("swap", SOUTH, WEST, 20, give=HAND[0], want=HANDS[1][0])
    assert offer == parse_offer("S>W swap ♠A ♠J +20")
