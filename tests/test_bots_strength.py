"""Club and strong computer players, and what the play reveals about hidden hands."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.bots.strong import player
from betel_tutor.contracts import parse_contract
from betel_tutor.dealing import deal
from betel_tutor.inference import infer, sample_deals
from betel_tutor.play import BETEL, play_card, start_play
from betel_tutor.seats import Seat

CONTRACTS = ["1♠", "2♥", "1NT", "B2", "Betel", "3♦"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), contract=st.sampled_from(CONTRACTS), stop=st.integers(0, 29))
def test_inferences_hold_for_the_true_hands(seed: int, contract: str, stop: int) -> None:
    """Whatever is inferred from legal play is true of the real hands, and every sample
    keeps the observer's hand, the hand sizes and the inferences."""
    rng = random.Random(seed)
    state = start_play(BETEL, deal(seed).hands, parse_contract(contract), declarer=seed % 3)
    for _ in range(stop):
        state = play_card(state, rng.choice(sorted(state.legal_moves(), key=lambda c: c.index)))
    known = infer(state)
    for seat, hand in enumerate(state.hands):
        assert all(known.may_hold(Seat(seat), card) for card in hand)
    observer = state.to_play
    for sample in sample_deals(state, observer, 5, str(seed)):
        assert sample.hands[observer] == state.hands[observer]
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert set().union(*sample.hands) == set().union(*state.hands)
        for seat, hand in enumerate(sample.hands):
            assert all(known.may_hold(Seat(seat), card) for card in hand)


def test_every_strength_plays_legal_cards_to_the_end() -> None:
    for number in range(12):
        contract = parse_contract(CONTRACTS[number % len(CONTRACTS)])
        state = start_play(BETEL, deal(f"strength-{number}").hands, contract, declarer=number % 3)
        players = [player("strong"), player("club"), player("beginner")]
        while not state.finished:
            choice = players[(state.to_play + number) % 3](state)
            assert choice.card in state.legal_moves()
            state = play_card(state, choice.card)


def test_strong_declarer_outplays_the_beginner() -> None:
    """Same deals, same beginner defenders: the strong declarer takes more tricks in all."""
    totals = {}
    for strength in ("beginner", "strong"):
        total = 0
        for number in range(2):
            state = start_play(
                BETEL, deal(f"duel-{number}").hands, parse_contract("1NT"), declarer=0
            )
            declarer = player(strength)
            defender = player("beginner")
            while not state.finished:
                mover = declarer if state.to_play == 0 else defender
                state = play_card(state, mover(state).card)
            total += state.tricks_taken()[0]
        totals[strength] = total
    assert totals["strong"] > totals["beginner"]


def test_the_strong_player_says_why() -> None:
    state = start_play(BETEL, deal("why").hands, parse_contract("2♥"), declarer=0)
    choice = player("strong")(state)
    assert choice.reason == "bots.strong_best" and choice.params["n"] == 2


def test_strong_bidding_is_legal_and_bids_its_strong_suit() -> None:
    from betel_tutor.auction import Auction
    from betel_tutor.bots.strong_bidding import sampled_tricks, strong_call
    from betel_tutor.cards import parse_cards

    for number in range(6):
        dealt = deal(f"strong-auction-{number}")
        auction = Auction(hands=list(dealt.hands), dubel=dealt.dubel, kontra=number % 2 == 0)
        while not auction.finished:
            hand = auction.state.hands[auction.to_call] if auction.state.hands else frozenset()
            auction.call(strong_call(auction.state, hand))  # raises if illegal
    hands = [
        parse_cards("♠AKQJ109 ♥AK ♦AK"),
        parse_cards("♥QJ109 ♦QJ109 ♣AK"),
        parse_cards("♣QJ109 ♠87 ♥87 ♦87"),
    ]
    auction = Auction(hands=hands, dubel=tuple(parse_cards("♣87")))
    call = strong_call(auction.state, auction.state.hands[0] if auction.state.hands else [])
    assert call.kind == "declare" and call.contract is not None
    # Every card a master: ten tricks in no trump in every sample, the top of the ladder; it
    # bids the cheapest no trump first and can raise later.
    assert sampled_tricks(frozenset(hands[0]), frozenset(parse_cards("♣87")))["NT"] == (10,) * 4
    assert str(call.contract) == "1NT"


def test_strong_bidding_answers_as_the_exact_solves_would() -> None:
    """The strong player asks the solver yes-or-no questions instead of solving each sample
    exactly; its calls are those the exact tricks of :func:`sampled_tricks` give (the highest
    declaration made in three samples of four, the hand as it is before an exchange)."""
    from functools import cache

    from betel_tutor.auction import Auction, AuctionState, Call, check_call, legal_calls
    from betel_tutor.bots import strong_bidding
    from betel_tutor.bots.bidding import beats_contract
    from betel_tutor.cards import Card
    from betel_tutor.contracts import Contract
    from betel_tutor.errors import IllegalCall

    def made_share(tricks: dict[str, tuple[int, ...]], contract: Contract) -> float:
        if contract.kind == "normal":
            name = "NT" if contract.strain is None else contract.strain.symbol
        else:
            name = contract.kind
        values = tricks.get(name, ())
        return sum(contract.is_made(t) for t in values) / len(values) if values else 0.0

    sampled_tricks = cache(strong_bidding.sampled_tricks)

    def exact_call(state: AuctionState, cards: list[Card]) -> Call:
        calls = legal_calls(state)
        kontra = Call("kontra")
        if (
            state.standing is not None
            and state.declarer != state.to_call
            and kontra in calls
            and beats_contract(cards, state.standing)
        ):
            return kontra
        declarations = [c.contract for c in calls if c.kind == "declare" and c.contract]
        dubel = frozenset(state.dubel or ())
        best: tuple[Contract, tuple[Card, ...], tuple[Card, ...]] | None = None
        for kept, take, lay in strong_bidding._exchanges(state, cards):
            tricks = sampled_tricks(frozenset(kept), (dubel - frozenset(take)) | frozenset(lay))
            for contract in declarations:
                share = made_share(tricks, contract)
                if share >= strong_bidding.SURE and (best is None or contract > best[0]):
                    best = (contract, take, lay)
        if best is None:
            return Call("pass")
        target, take, lay = best
        cheapest = min(
            (c for c in declarations if c.kind == target.kind and c.strain == target.strain),
            key=lambda c: c.rank,
        )
        call = Call("declare", cheapest, take=take, lay=lay)
        try:
            check_call(state, call)
        except IllegalCall:
            return Call("declare", cheapest)
        return call

    rng = random.Random(7)
    compared = declared = 0
    for number in range(2):
        dealt = deal(f"strong-exact-{number}")
        auction = Auction(hands=list(dealt.hands), dubel=dealt.dubel, first=number % 3)
        while not auction.finished:
            assert auction.state.hands is not None
            hand = list(auction.state.hands[auction.to_call])
            call = strong_bidding.strong_call(auction.state, hand)
            assert call == exact_call(auction.state, hand)
            compared += 1
            declared += call.kind == "declare"
            # Now and then a random legal call, so that the standing contract varies.
            if rng.random() < 0.3:
                call = rng.choice(legal_calls(auction.state))
            auction.call(call)
    assert compared > 20 and declared > 3
