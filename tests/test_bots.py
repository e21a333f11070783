"""Computer players: always legal, under every contract, over many deals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor import i18n
from betel_tutor.bots import choose_card
from betel_tutor.cards import Suit, parse_cards
from betel_tutor.contracts import LADDER, Contract, free_play
from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, PlayState, play_card, start_play

CONTRACTS = [free_play(), *(free_play(s) for s in Suit), *LADDER]


@settings(max_examples=1000, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(CONTRACTS), st.integers(0, 2))
def test_bots_play_whole_deals_legally(seed: int, contract: Contract, declarer: int) -> None:
    who = None if contract.kind == "free" else declarer
    state = start_play(BETEL, deal(seed).hands, contract, declarer=who)
    while not state.finished:
        choice = choose_card(state)
        assert choice.card in state.legal_moves()
        for lang in i18n.LANGUAGES:
            assert str(choice.card) in i18n.translate(choice.reason, lang, **choice.params)
        state = play_card(state, choice.card)
    assert sum(state.tricks_taken()) == 10


def _position(contract: Contract, declarer: int | None, hands: list[str], trick: str) -> PlayState:
    played = parse_cards(trick)
    frozen = tuple(frozenset(parse_cards(h)) for h in hands)
    return PlayState(BETEL, contract, declarer, frozen, leader=0, current=tuple(played))


def test_takes_a_trick_cheaply_and_ducks_in_a_betelek() -> None:
    hands = ["♠7", "♥AK8 ♣7", "♦7 ♦8"]
    normal = _position(LADDER[5], 1, hands, "♥Q")  # 1NT by seat 1, who must beat
    assert str(choose_card(normal).card) == "♥K"
    betelek = _position(LADDER[6], 1, ["♠7", "♥AK8 ♥7", "♦7 ♦8"], "♥9")  # B2 by seat 1
    choice = choose_card(betelek)  # it must beat ♥9 and will win anyway: it sheds the ace
    assert (str(choice.card), choice.reason) == ("♥A", "bots.win_forced")
    lead = _position(LADDER[6], 0, ["♠7 ♠A ♦9", "♥AK8 ♥7", "♦7 ♦8"], "")
    assert str(choose_card(lead).card) == "♠7"  # the betelek declarer leads low


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([5, 6, 7, 8, 9, 10]))
def test_bots_bid_legally_and_the_auction_ends(seed: int, level: int) -> None:
    from betel_tutor.auction import Auction, level_options
    from betel_tutor.bots.bidding import choose_call

    dealt = deal(seed)
    auction = Auction(hands=dealt.hands, dubel=dealt.dubel, **level_options(level))
    exchanges = 0
    for _ in range(100):
        if auction.finished:
            break
        hands = auction.state.hands
        assert hands is not None
        call = choose_call(auction.state, hands[auction.to_call])
        auction.call(str(call))  # an illegal call would raise IllegalCall here
        exchanges += bool(call.take)
    assert auction.finished
    if auction.contract is not None:
        assert not (level == 5 and auction.contract.startswith("B"))
    assert exchanges == 0 or level >= 7  # levels 5 and 6 have no exchange
