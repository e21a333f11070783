"""Trade (spec §8): every rule of the summary that concerns trade, enforced, and notation."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.auction import Call, Options, apply_call, parse_call, start
from betel_tutor.cards import Card, Suit, parse_card, parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.errors import IllegalOffer, NotationError
from betel_tutor.play import BETEL, play_card, start_play
from betel_tutor.seats import NORTH, SOUTH, WEST, Seat
from betel_tutor.trade import (
    Ledger,
    Moment,
    Offer,
    Round,
    answer,
    buy_first_exchange,
    check_bid,
    check_move,
    check_round_over,
    check_turn,
    describe,
    first_exchange,
    format_offer,
    made_move,
    parse_offer,
    refusal,
    settle_move,
)

S, W, N = SOUTH, WEST, NORTH
HANDS = (
    frozenset(parse_cards("♠A ♠K ♠Q ♥A ♥K ♥Q ♦A ♦K ♦Q ♣A")),
    frozenset(parse_cards("♠J ♠10 ♠9 ♥J ♥10 ♥9 ♦J ♦10 ♦9 ♣K")),
    frozenset(parse_cards("♠8 ♠7 ♥8 ♥7 ♦8 ♦7 ♣Q ♣J ♣10 ♣9")),
)
DUBEL = tuple(parse_cards("♣8 ♣7"))


def c(text: str) -> Card:
    return parse_card(text)


def auction_after(*calls: str, dealer: int = S) -> Moment:
    by_dealer = tuple(HANDS[(dealer + k) % 3] for k in range(3))
    state = start(Options(), hands=by_dealer, dubel=DUBEL)
    for text in calls:
        state = apply_call(state, parse_call(text))
    return Moment.of_auction(state, dealer, HANDS)


def playing(contract: str = "2♠", declarer: int = S, *cards: str) -> Moment:
    state = start_play(BETEL, HANDS, parse_contract(contract), declarer=declarer)
    for text in cards:
        state = play_card(state, c(text))
    return Moment.of_play(state, dealer=S)


def refused(moment: Moment, offer: Offer, ledger: Ledger | None = None) -> int | None:
    problem = refusal(moment, offer, ledger or Ledger())
    return None if problem is None else problem.rule


# -- rule 21: 5 to 50 points an offer ----------------------------------------------------------
@pytest.mark.parametrize(("price", "rule"), [(4, 21), (5, None), (50, None), (51, 21), (-51, 21)])
def test_rule_21_price_between_5_and_50(price: int, rule: int | None) -> None:
    offer = Offer("call", W, S, price, call=Call("pass"))
    assert refused(auction_after("1♠"), offer) == rule


def test_rule_21_offers_without_points_are_not_bound_by_5_to_50() -> None:
    """Spec §12.5: an offer without points (a barter, a free showing, a call for nothing)
    is not bound by rule 21; one with points is."""
    moment = playing()
    assert refused(moment, Offer("swap", S, W, 0, give=c("♣A"), want=c("♣K"))) is None
    assert refused(auction_after("1♠"), Offer("call", W, S, 0, call=Call("pass"))) is None
    assert refused(auction_after("1♠"), Offer("call", W, S, 3, call=Call("pass"))) == 21


def test_rule_21_several_offers_each_within_limits() -> None:
    moment, ledger = playing(), Ledger()
    for give, want in (("♣A", "♥J"), ("♦Q", "♠J")):
        offer = Offer("swap", S, W, 50, give=c(give), want=c(want))
        ledger, hands = answer(moment, ledger, offer, accept=True)
        moment = moment.with_hands(hands)
    assert ledger.points == (-100, 100, 0)


# -- rule 17: showing cards --------------------------------------------------------------------
def test_rule_17_no_showing_before_a_declaration() -> None:
    assert refused(auction_after(), Offer("show", S, W, 0, suit=Suit.SPADES)) == 17
    assert refused(auction_after("pass"), Offer("show", W, N, 0)) == 17


def test_rule_17_no_showing_after_ones_own_pass_or_kontra() -> None:
    moment = auction_after("1♠", "pass")  # S declared, W passed
    assert refused(moment, Offer("show", W, N, 5)) == 17
    assert refused(moment, Offer("see", N, W, 5)) == 17  # W would be the one showing
    assert refused(moment, Offer("show", S, N, 5)) is None
    doubled = auction_after("1♠", "kontra")
    assert refused(doubled, Offer("show", W, S, 5)) == 17
    assert refused(doubled, Offer("swap", S, W, 5, give=c("♣A"), want=c("♣K"))) == 17


def test_rule_17_defenders_do_not_show_each_other_during_the_play() -> None:
    moment = playing("2♠", S)
    assert refused(moment, Offer("show", W, N, 0)) == 17
    assert refused(moment, Offer("see", N, W, 10)) == 17
    assert refused(moment, Offer("swap", W, N, 10, give=c("♣K"), want=c("♣Q"))) == 17
    # ... but a defender may always show the declarer, and the declarer a defender.
    assert refused(moment, Offer("show", W, S, 0)) is None
    assert refused(moment, Offer("see", W, S, 10, suit=Suit.HEARTS)) is None
    assert refused(moment, Offer("show", S, N, -10)) is None


def test_rule_17_defenders_of_the_standing_contract_show_each_other_nothing() -> None:
    """Spec §12.4 (issue 25): after South bids 1♣, West may not show North a suit: should
    the auction end in 1♣ the two defenders would have shown each other cards. Showing,
    seeing and swapping are all refused, and so is it once the play of 1♣ has begun; once
    West's own declaration stands, West and North may deal with each other."""
    moment = auction_after("1♣")
    for offer in (
        Offer("show", W, N, 0, suit=Suit.HEARTS),
        Offer("show", N, W, -10, suit=Suit.SPADES),
        Offer("see", W, N, 10, suit=Suit.DIAMONDS),
        Offer("swap", N, W, 0, give=c("♣Q"), want=c("♣K")),
    ):
        problem = refusal(moment, offer)
        assert (
            problem is not None and problem.rule == 17 and problem.key.endswith("show_not_standing")
        )
    assert refused(moment, Offer("show", W, S, 0, suit=Suit.HEARTS)) is None
    assert refused(playing("1♣", S), Offer("show", W, N, 0, suit=Suit.HEARTS)) == 17
    overcalled = auction_after("1♣", "1♦")  # West's 1♦ now stands
    assert refused(overcalled, Offer("show", W, N, 0, suit=Suit.HEARTS)) is None
    assert refused(overcalled, Offer("show", S, N, 0)) == 17  # South and North would defend


def test_rule_17_after_three_passes_nobody_shows() -> None:
    state = start_play(BETEL, HANDS, parse_contract("1NT"), declarer=None)
    assert refused(Moment.of_play(state, S), Offer("show", S, W, 0)) == 17


def test_a_showing_is_recorded_for_the_viewer_only() -> None:
    moment = playing("2♠", S)
    ledger, _ = answer(moment, Ledger(), Offer("see", W, S, 10, suit=Suit.SPADES), accept=True)
    assert ledger.seen_by(W) == frozenset(parse_cards("♠A ♠K ♠Q"))
    assert ledger.seen_by(N) == frozenset()
    assert ledger.points == (10, -10, 0)


# -- rule 18: nothing forbidden may be traded ----------------------------------------------------
def test_rule_18_an_insufficient_declaration_cannot_be_bought() -> None:
    moment = auction_after("3♥")  # W to call
    offer = Offer("call", S, W, 20, call=Call("declare", parse_contract("2NT")))
    problem = refusal(moment, offer)
    assert problem is not None and problem.rule == 18
    assert "2NT" in problem.message("en") and "rule 11" in problem.message("en")
    after_kontra = auction_after("3♥", "kontra")  # N to call: 2NT is allowed now (rule 12)
    assert refused(after_kontra, Offer("call", S, N, 20, call=offer.call)) is None


def test_rule_18_an_illegal_card_cannot_be_sold() -> None:
    moment = playing("2♠", S, "♠A")  # W must follow spades and beat
    assert refused(moment, Offer("play", W, S, -10, card=c("♥J"))) == 18
    assert refused(moment, Offer("play", W, S, -10, card=c("♠J"))) is None


def test_rule_18_an_illegal_card_cannot_be_bought_on_acceptance() -> None:
    moment = playing("2♠", S, "♠A")
    offer = Offer("play", S, W, 10, card=c("♥J"))  # S cannot see that W holds spades
    assert refused(moment, offer) is None
    with pytest.raises(IllegalOffer) as refusal_:
        answer(moment, Ledger(), offer, accept=True)
    assert refusal_.value.rule == 18


# -- rule 20: binding offers, fulfilment, general offers ---------------------------------------
def test_rule_20_cannot_offer_a_card_one_does_not_hold() -> None:
    assert refused(playing(), Offer("swap", S, W, 10, give=c("♣K"), want=c("♥J"))) == 20


def test_rule_20_cannot_accept_what_one_cannot_fulfil() -> None:
    offer = Offer("swap", S, N, 10, give=c("♣A"), want=c("♥J"))  # N has no ♥J
    with pytest.raises(IllegalOffer) as refusal_:
        answer(playing(), Ledger(), offer, accept=True)
    assert refusal_.value.rule == 20


def test_rule_20_a_general_offer_is_made_precise_by_the_acceptor() -> None:
    offer = Offer("swap", S, W, 20, give=c("♣A"), suit=Suit.SPADES)
    moment = playing()
    with pytest.raises(IllegalOffer):  # a precise version that cannot be fulfilled: refused
        answer(moment, Ledger(), offer, accept=True, precise=c("♠8"))
    with pytest.raises(IllegalOffer):  # not of the suit offered
        answer(moment, Ledger(), offer, accept=True, precise=c("♥J"))
    ledger, hands = answer(moment, Ledger(), offer, accept=True, precise=c("♠J"))
    assert c("♠J") in hands[S] and c("♣A") in hands[W]  # the offerer had to accept
    assert ledger.records[-1].precise == c("♠J")


def test_rule_20_a_bought_call_binds_the_caller() -> None:
    moment = auction_after("1♠")  # W to call
    offer = Offer("call", S, W, 15, call=Call("pass"))
    ledger, _ = answer(moment, Ledger(), offer, accept=True)
    assert ledger.points == (-15, 15, 0)
    with pytest.raises(IllegalOffer) as refusal_:
        check_move(ledger, W, Call("declare", parse_contract("2♠")))
    assert refusal_.value.rule == 20
    check_move(ledger, W, Call("pass"))
    assert made_move(ledger, W).binding(W) is None
    with pytest.raises(IllegalOffer):  # one binding at a time
        answer(moment, ledger, Offer("call", N, W, 5, call=Call("kontra")), accept=True)


def test_rule_20_a_binding_made_impossible_lapses_and_is_repaid() -> None:
    moment = playing("2♠", S, "♠A")  # W to play
    ledger, _ = answer(moment, Ledger(), Offer("play", S, W, 10, card=c("♠J")), accept=True)
    # A swap (declarer to defender: allowed) takes ♠J out of West's hand before he plays it.
    swap = Offer("swap", W, S, 0, give=c("♠J"), want=c("♣A"))
    ledger, hands = answer(moment, ledger, swap, accept=True)
    ledger = settle_move(ledger, W, moment.with_hands(hands))
    assert ledger.binding(W) is None and ledger.points == (0, 0, 0)
    assert ledger.records[-1].outcome == "lapsed"


def test_a_call_is_bought_from_any_player_for_their_next_call() -> None:
    """Spec §12.5: North, not about to call, sells South his next call; it binds North
    when North's call comes, after West's. A card is still bought only from the mover."""
    moment = auction_after("1♠")  # W to call
    offer = Offer("call", S, N, 10, call=Call("pass"))
    assert refused(moment, offer) is None
    ledger, _ = answer(moment, Ledger(), offer, accept=True)
    assert ledger.binding(N) == offer and ledger.binding(W) is None
    assert ledger.points == (-10, 0, 10)
    names = tuple(seat.localized("en") for seat in (S, W, N))
    # Told as the moment makes it: North's next call, not "whoever calls next" (West).
    assert describe(offer, "en", names, moment.to_move) == (
        "South and North: North's next call is pass, paying 10"
    )
    polish = tuple(seat.localized("pl") for seat in (S, W, N))
    assert describe(offer, "pl", polish, moment.to_move).startswith(
        "Południe i Północ: Północ przy najbliższej odzywce mówi pas"
    )
    west = Offer("call", S, W, 10, call=Call("pass"))
    assert "West's next call is pass" in describe(west, "en", names, moment.to_move)
    check_move(ledger, W, Call("pass"))  # West is free
    with pytest.raises(IllegalOffer) as bound:
        check_move(ledger, N, parse_call("2♠"))
    assert bound.value.rule == 20
    assert refused(moment, Offer("call", S, N, 15, call=parse_call("kontra")), ledger) == 20
    # North's call comes after West's: the binding still holds and is kept.
    later = auction_after("1♠", "pass")
    assert settle_move(ledger, N, later).binding(N) == offer
    play = playing("2♠", S)  # S to lead
    assert refused(play, Offer("play", W, N, 10, card=c("♣Q"))) == 20


def test_a_general_sale_is_made_precise_by_the_acceptor() -> None:
    """``S>W sell ♠``: West names the spade, the card he gives back and the price (5–50);
    South must accept a version he can fulfil and refuse one he cannot (rule 20)."""
    moment = playing("2♠", S)
    offer = parse_offer("S>W sell ♠")
    assert offer.general and offer.give is None and offer.open_price == -1
    assert refused(moment, offer) is None
    with pytest.raises(IllegalOffer) as cannot:  # South has no ♠J: he must refuse
        answer(
            moment, Ledger(), offer, accept=True, precise=c("♣K"), precise_give=c("♠J"), price=20
        )
    assert cannot.value.rule == 20
    with pytest.raises(IllegalOffer) as price:
        answer(moment, Ledger(), offer, accept=True, precise=c("♣K"), precise_give=c("♠A"))
    assert price.value.rule == 21
    ledger, hands = answer(
        moment, Ledger(), offer, accept=True, precise=c("♣K"), precise_give=c("♠A"), price=20
    )
    assert c("♠A") in hands[W] and c("♣K") in hands[S] and ledger.points == (20, -20, 0)
    record = ledger.records[-1]
    assert (record.precise_give, record.precise, record.price) == (c("♠A"), c("♣K"), 20)
    assert {card for card, _, _ in record.moved} == {c("♠A"), c("♣K")}
    # "I sell hearts" from a player with no heart cannot even be made.
    no_hearts = frozenset(parse_cards("♠8 ♠7 ♦8 ♦7 ♣Q ♣J ♣10 ♣9 ♣8 ♣7"))
    bare = moment.with_hands((HANDS[0], HANDS[1], no_hearts))
    assert refused(bare, parse_offer("N>S sell ♥")) == 20


def test_a_general_purchase_names_no_price() -> None:
    """``S>W buy ♠ ♣A``: South buys any spade for ♣A; West names the spade and the price."""
    moment = playing("2♠", S)
    offer = parse_offer("S>W buy ♠ ♣A")
    assert (offer.give, offer.suit, offer.open_price) == (c("♣A"), Suit.SPADES, 1)
    ledger, hands = answer(moment, Ledger(), offer, accept=True, precise=c("♠9"), price=35)
    assert c("♠9") in hands[S] and ledger.points == (-35, 35, 0)


def test_a_swap_moves_as_many_cards_each_way() -> None:
    moment = playing("2♠", S)
    offer = parse_offer("S>W swap ♣A,♦Q ♣K,♦J +20")
    assert refused(moment, offer) is None
    ledger, hands = answer(moment, Ledger(), offer, accept=True)
    assert [len(h) for h in hands] == [10, 10, 10]
    assert {c("♣K"), c("♦J")} <= hands[S] and {c("♣A"), c("♦Q")} <= hands[W]
    assert {(W, c("♣A")), (W, c("♦Q")), (S, c("♣K")), (S, c("♦J"))} <= ledger.shown
    uneven = refusal(moment, parse_offer("S>W swap ♣A,♦Q ♣K +20"))
    assert uneven is not None and uneven.rule == 18
    assert "as many cards each way" in uneven.message("en")
    assert "tyle samo kart" in uneven.message("pl") and "zasada 18" in uneven.message("pl")
    assert refused(moment, parse_offer("S>W swap ♣A,♣A ♣K,♦J")) == 18


def test_offers_are_asked_for_clockwise_after_the_one_who_moved() -> None:
    """Spec §12.5: after each call or card the players are asked clockwise, starting after
    the one who moved; before the first call, the player to move."""
    assert auction_after().asked_first == S
    assert auction_after("1♠").asked_first == W
    assert auction_after("1♠", "pass").asked_first == N
    assert playing("2♠", S).asked_first == S
    assert playing("2♠", S, "♠A").asked_first == W
    # A trick South led and won: North played last, so South is asked first.
    done = playing("2♠", S, "♠A", "♠9", "♠8")
    assert done.asked_first == S


@pytest.mark.parametrize(
    ("text", "polish"),
    [
        ("S>W swap ♦ ? -?", "Pd>Zach zamiana ♦ ? -?"),
        ("N>W swap ? ♠ +?", "Pn>Zach zamiana ? ♠ +?"),
        ("W>S swap ♣9,♥Q ♠A,♥A +20", "Zach>Pd zamiana ♣9,♥D ♠A,♥A +20"),
    ],
)
def test_wide_notation_round_trip(text: str, polish: str) -> None:
    offer = parse_offer(text)
    assert format_offer(offer) == text and format_offer(offer, lang="pl") == polish
    assert parse_offer(polish, lang="pl") == offer


def test_wide_notation_verbs() -> None:
    assert parse_offer("S>W sell ♦") == parse_offer("S>W sprzedaj ♦", lang="pl")
    assert parse_offer("S>W sell ♦") == parse_offer("S>W swap ♦ ? -?")
    assert parse_offer("N>W buy ♠") == parse_offer("N>W kup ♠", lang="pl")
    assert parse_offer("N>W buy ♠") == parse_offer("N>W swap ? ♠ +?")
    assert parse_offer("S>W buy ♠A ♥7").open_price == 1  # no price named: West names it
    assert parse_offer("S>W buy ♠A ♥7 20").open_price == 0
    words = describe(parse_offer("S>W sell ♦"), "pl", ("Południe", "Zachód", "Północ"))
    assert "którą wskaże Zachód" in words and "cenę (5–50) podaje Zachód" in words


# -- rules 2–4: clockwise rounds -----------------------------------------------------------------
def test_rules_2_to_4_offers_go_clockwise_until_three_have_none() -> None:
    round_ = Round(turn=W)
    with pytest.raises(IllegalOffer) as refusal_:
        check_turn(round_, S)
    assert refusal_.value.rule == 2
    round_ = round_.offered().offered().none()  # W made two offers, then had no more
    assert round_.turn == N and not round_.over
    round_ = round_.none()  # N has none
    assert round_.turn == S and not round_.over
    round_ = round_.none()  # S has none: three in a row
    assert round_.over
    with pytest.raises(IllegalOffer) as refusal_:
        check_turn(round_, round_.turn)
    assert refusal_.value.rule == 4
    check_round_over(round_)  # now the next call or card may come


def test_rule_4_no_move_while_someone_may_still_offer() -> None:
    for round_ in (Round(turn=S), Round(turn=S).none(), Round(turn=S).none().none().offered()):
        with pytest.raises(IllegalOffer) as refusal_:
            check_round_over(round_)
        assert refusal_.value.rule == 4


# -- rules 9–10 and 19: the first exchange is bought from the bank --------------------------------
def test_rules_9_and_10_highest_bid_calls_first() -> None:
    assert first_exchange((10, 20, 5), dealer=N) == S  # bids from N: N 10, S 20, W 5


def test_rule_10_ties_go_to_fewer_points_then_nearest_the_dealer() -> None:
    assert first_exchange((20, 20, 0), dealer=S, totals=(300, 100, 0)) == W
    assert first_exchange((20, 20, 20), dealer=W, totals=(0, 0, 0)) == W
    assert first_exchange((0, 20, 20), dealer=W, totals=(0, 0, 0)) == N
    assert first_exchange((0, 0, 0), dealer=S) is None


def test_rule_19_the_first_exchange_is_paid_to_the_bank() -> None:
    ledger = buy_first_exchange(Ledger(), (10, 25, 0), dealer=S)
    assert ledger.first_caller == W and ledger.points == (0, -25, 0) and ledger.bank == 25
    with pytest.raises(IllegalOffer):
        check_bid(60)


def test_the_buyer_calls_first() -> None:
    state = start(Options(), first=1)
    assert state.to_call == 1
    assert Moment.of_auction(state, dealer=N, hands=HANDS).to_move == S


# -- the ledger -------------------------------------------------------------------------------
def test_points_move_between_players_only() -> None:
    moment = playing("2♠", S)
    ledger, _ = answer(moment, Ledger(), Offer("show", S, W, -30), accept=True)
    assert ledger.points == (30, -30, 0) and ledger.bank == 0
    ledger, _ = answer(moment, ledger, Offer("see", N, S, 10), accept=False)
    assert ledger.points == (30, -30, 0) and [r.outcome for r in ledger.records] == [
        "accepted",
        "declined",
    ]


def test_a_swap_keeps_every_hand_at_its_size_and_is_seen_by_both() -> None:
    moment = playing("2♠", S)
    ledger, hands = answer(
        moment, Ledger(), Offer("swap", S, W, -10, give=c("♣A"), want=c("♠J")), accept=True
    )
    assert [len(h) for h in hands] == [10, 10, 10]
    assert (W, c("♣A")) in ledger.shown and (S, c("♠J")) in ledger.shown
    after = moment.with_hands(hands)
    assert after.play is not None and after.play.hands == hands


# -- notation -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "S>W swap ♥7 ♠A +20",
        "S>W swap ♥7 ♠ -5",
        "S>W swap ♥7 ? +10",
        "W>N call pass +15",
        "N>S call 2NT +50",
        "S>N play ♠A +10",
        "W>S show ♠ -10",
        "S>W see hand +20",
    ],
)
def test_notation_round_trip(text: str) -> None:
    assert format_offer(parse_offer(text)) == text


def test_buying_and_selling_are_swaps_that_pay() -> None:
    assert parse_offer("S>W buy ♠A ♥7 20") == parse_offer("S>W swap ♥7 ♠A +20")
    assert parse_offer("S>W kup ♠ ♥7 10") == parse_offer("S>W swap ♥7 ♠ +10")
    assert parse_offer("W sell ♠A 20", offerer=S) == parse_offer("S>W swap ♠A ? -20")


def test_notation_polish_and_relative() -> None:
    offer = parse_offer("zachód zamiana ♥7 ♠A 20", offerer=S, lang="pl")
    assert offer == Offer("swap", S, W, 20, give=c("♥7"), want=c("♠A"))
    assert parse_offer("N zobacz ♠ 10", offerer=S).kind == "see"
    assert "płacąc 20" in describe(offer, "pl", ("Południe", "Zachód", "Północ"))
    assert describe(offer, "en", ("South", "West", "North")) == (
        "South offers West ♥7 for ♠A, paying 20"
    )


@pytest.mark.parametrize("text", ["", "W", "X swap ♥7 ♠A", "W steal ♠A", "W swap ♥7", "W see ♠ ♥"])
def test_bad_notation_names_the_token(text: str) -> None:
    with pytest.raises(NotationError):
        parse_offer(text, offerer=S)


def test_notation_gives_seat_values_and_reads_its_own_text_back() -> None:
    offer = parse_offer("Północ>zachod zobacz ♠ 10")
    assert offer.offerer is NORTH and offer.to is WEST and offer.payer is NORTH
    assert format_offer(offer) == "N>W see ♠ +10"
    assert parse_offer(format_offer(offer)) == offer
    relative = parse_offer("s play ♠A -5", offerer=1)
    assert relative.offerer is WEST and relative.to is SOUTH and relative.payer is SOUTH
    assert all(isinstance(s, Seat) for s in (relative.payee, relative.shower))


def test_replace_keeps_offers_comparable() -> None:
    offer = Offer("swap", S, W, 20, give=c("♥7"), want=c("♠A"))
    assert replace(offer, price=-20).payer == W


# -- rule 1: no peeking --------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_rule_1_a_computer_player_offers_from_what_it_may_see(seed: int, shuffle: Random) -> None:
    """Two deals that differ only in how the cards it cannot see lie between the other two
    players give a computer player the same offers: it does not peek."""
    from betel_tutor.bots.trading import Trader
    from betel_tutor.dealing import deal

    hands = tuple(frozenset(h) for h in deal(seed).hands)
    hidden = sorted(hands[W] | hands[N])
    shuffle.shuffle(hidden)
    moved = (hands[S], frozenset(hidden[:10]), frozenset(hidden[10:]))
    contract = parse_contract("2♠")

    def offer(these: tuple[frozenset[Card], ...]) -> Offer | None:
        moment = Moment.of_play(start_play(BETEL, these, contract, declarer=S), S)
        return Trader(S, Random(seed), chance=1.0).offer(moment, Ledger())

    made = offer(hands)
    assert made is not None and made == offer(moved)


def test_a_call_paid_for_by_the_player_about_to_call_binds_the_player_paid() -> None:
    """Spec §12.5: a call is bought from a player, for their next call. West, about to call,
    pays North 15 for a pass: it binds North's next call, never West's own."""
    moment = auction_after("1♠")  # W to call
    offer = Offer("call", W, N, 15, call=Call("pass"))
    assert refused(moment, offer) is None
    ledger, _ = answer(moment, Ledger(), offer, accept=True)
    assert ledger.binding(N) == offer and ledger.binding(W) is None
    assert ledger.points == (0, -15, 15)
    names = tuple(seat.localized("en") for seat in (S, W, N))
    assert describe(offer, "en", names, moment.to_move) == (
        "West and North: North's next call is pass, paying 15"
    )
    check_move(ledger, W, parse_call("2♠"))  # West calls as he likes
    # Sold by the player about to call (North pays West): West passes now.
    sold = Offer("call", W, N, -15, call=Call("pass"))
    ledger, _ = answer(moment, Ledger(), sold, accept=True)
    assert ledger.binding(W) == sold and ledger.binding(N) is None
