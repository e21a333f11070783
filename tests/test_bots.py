"""Computer players: always legal, under every contract, over many deals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor import i18n
from betel_tutor.auction import Auction, AuctionState, Call, level_options
from betel_tutor.bots import choose_card
from betel_tutor.bots.bidding import call_choice
from betel_tutor.bots.strong_bidding import strong_choice
from betel_tutor.cards import Card, Suit, parse_cards
from betel_tutor.contracts import LADDER, Contract, free_play
from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, PlayState, play_card, start_play
from betel_tutor.seats import SOUTH, Seat

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
    seat = None if declarer is None else Seat(declarer)
    return PlayState(BETEL, contract, seat, frozen, leader=SOUTH, current=tuple(played))


def test_takes_a_trick_cheaply_and_ducks_in_a_betelek() -> None:
    hands = ["♠7", "♥AK8 ♣7", "♦7 ♦8"]
    normal = _position(LADDER[5], 1, hands, "♥Q")  # 1NT by seat 1, who must beat
    assert str(choose_card(normal).card) == "♥K"
    betelek = _position(LADDER[6], 1, ["♠7", "♥AK8 ♥7", "♦7 ♦8"], "♥9")  # B2 by seat 1
    choice = choose_card(betelek)  # it must beat ♥9 and will win anyway: it sheds the ace
    assert (str(choice.card), choice.reason) == ("♥A", "bots.win_forced")
    lead = _position(LADDER[6], 0, ["♠7 ♠A ♦9", "♥AK8 ♥7", "♦7 ♦8"], "")
    assert str(choose_card(lead).card) == "♠7"  # the betelek declarer leads low


def test_the_club_players_low_lead_says_why_from_its_own_side() -> None:
    """Low from the longest suit: in a betelek it leaves the trick to a higher card (never
    "I keep my masters", which a misère declarer must not do); wanting tricks with no master,
    it sets up the suit."""
    from betel_tutor.bots.strong import club_card

    hands = ["♠7 ♠8 ♠9 ♦9", "♥AK ♠A ♦A", "♦7 ♦8 ♣A ♣K"]
    betelek = club_card(_position(LADDER[0], 0, hands, ""))  # B3, seat 0 declares and leads
    assert (str(betelek.card), betelek.reason) == ("♠7", "bots.lead_long_low_misere")
    normal = club_card(_position(LADDER[5], 0, hands, ""))  # 1NT: no master in seat 0's hand
    assert (str(normal.card), normal.reason) == ("♠7", "bots.lead_long_low")
    words = {lang: i18n.translate(betelek.reason, lang, **betelek.params) for lang in ("en", "pl")}
    assert "higher" in words["en"] and "masters" not in words["en"] and "wyższej" in words["pl"]
    assert "set up" in i18n.translate(normal.reason, "en", **normal.params)


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
        auction.call(call)  # an illegal call, kontra included, would raise IllegalCall
        exchanges += bool(call.take)
        assert call.kind != "kontra" or level >= 8  # levels 5–7 have no kontra
    assert auction.finished
    if auction.contract is not None:
        assert not (level == 5 and auction.contract.is_misere)
    assert exchanges == 0 or level >= 7  # levels 5 and 6 have no exchange


def _auction_after(calls: str, hands: list[str], level: int = 10) -> AuctionState:
    """The auction state after ``calls``, with ``hands`` from the dealer clockwise."""
    from betel_tutor.auction import Auction, level_options

    auction = Auction(hands=[parse_cards(hand) for hand in hands], **level_options(level))
    for call in calls.split():
        auction.call(Call.parse(call))
    return auction.state


# A deal (the dubel is ♣10 9): three aces, a weak hand, and the rest.
STRONG = "♠AK9 ♥AK8 ♦A97 ♣7"
WEAK = "♠Q87 ♥Q9 ♦KJ8 ♣K8"
OTHER = "♠J10 ♥J107 ♦Q10 ♣AQJ"
# Another: sevens and eights in every suit, high cards, and the rest.
LOW = "♠Q87 ♥Q87 ♦87 ♣87"
HIGH = "♠AKJ ♥AKJ ♦AK ♣AK"
MIDDLE = "♠10 9 ♥10 9 ♦QJ10 9 ♣QJ"


def test_a_defender_doubles_a_hopeless_contract() -> None:
    from betel_tutor.bots.bidding import beats_contract, choose_call

    three_nt = _auction_after("3NT", [OTHER, STRONG, WEAK])  # 3NT needs 8 tricks
    assert three_nt.hands is not None and three_nt.standing is not None
    assert beats_contract(three_nt.hands[1], three_nt.standing)
    assert str(choose_call(three_nt, three_nt.hands[1])) == "kontra"


def test_a_defender_counts_its_tricks_as_the_lessons_teach() -> None:
    from betel_tutor.bots.bidding import beats_contract, call_choice
    from betel_tutor.trick_count import count_tricks

    # Four trumps without the ace and king count 3 (4 less half a trick for each), the ace 1,
    # the void in clubs half a trick for a ruff: 4½ against 3♠, which the defence beats with 3.
    defender = "♠QJ109 ♥A87 ♦987"
    three_spades = _auction_after("3♠", ["♠AK87 ♥KQJ ♦AKQ", defender, "♥109 ♦J10 ♣AKQJ109"])
    assert three_spades.standing is not None
    assert count_tricks(parse_cards(defender), Suit.SPADES) == 4.5
    assert beats_contract(parse_cards(defender), three_spades.standing)
    choice = call_choice(three_spades, parse_cards(defender))
    assert str(choice.call) == "kontra" and choice.params["tricks"] == 4.5


def test_a_betelek_is_declared_by_the_count_of_tricks() -> None:
    from betel_tutor.auction import Auction, level_options
    from betel_tutor.bots.bidding import call_choice
    from betel_tutor.trick_count import count_tricks

    # Kings and queens without their aces count 2½ tricks at no trump: a betelek of 3 allowed.
    hand = parse_cards("♠KQ7 ♥KQ7 ♦K7 ♣87")
    assert count_tricks(hand, None) == 2.5
    choice = call_choice(Auction(**level_options(6)).state, hand)
    assert choice.call.contract is not None and choice.call.contract.is_misere
    assert choice.params["tricks"] == 2.5


def test_a_defender_does_not_double_a_contract_it_cannot_beat() -> None:
    from betel_tutor.bots.bidding import choose_call

    one_club = _auction_after("1♣", [OTHER, STRONG, WEAK])  # 1♣ needs only 6 tricks
    assert one_club.hands is not None
    assert choose_call(one_club, one_club.hands[1]).kind != "kontra"
    # Three aces beat 3NT, but not where the level has no kontra (level 7).
    three_nt = _auction_after("3NT", [OTHER, STRONG, WEAK], level=7)
    assert three_nt.hands is not None
    assert choose_call(three_nt, three_nt.hands[1]).kind != "kontra"


def test_a_betelek_is_doubled_by_a_defender_with_low_cards_only() -> None:
    from betel_tutor.bots.bidding import choose_call

    state = _auction_after("B1", [MIDDLE, LOW, HIGH])  # B1: at most one trick
    assert state.hands is not None
    assert str(choose_call(state, state.hands[1])) == "kontra"  # eight sevens and eights
    state = _auction_after("B1", [MIDDLE, HIGH, LOW])
    assert state.hands is not None
    assert choose_call(state, state.hands[1]).kind != "kontra"  # aces and kings: no


def test_computer_players_double_in_real_auctions_and_only_legally() -> None:
    """Over many deals of level 10 the computer players double, and every kontra is legal."""
    from betel_tutor.auction import Auction, level_options
    from betel_tutor.bots.bidding import choose_call

    kontras = 0
    for seed in range(300):
        dealt = deal(seed)
        auction = Auction(hands=dealt.hands, dubel=dealt.dubel, **level_options(10))
        while not auction.finished:
            hands = auction.state.hands
            assert hands is not None
            call = choose_call(auction.state, hands[auction.to_call])
            kontras += call.kind == "kontra"
            auction.call(call)  # raises IllegalCall for an illegal kontra
    assert kontras > 0


def test_the_resting_player_predicts_from_the_auction() -> None:
    from betel_tutor.bots.prediction import predict

    cases = {
        "2♠ pass pass": (True, "alone"),  # nobody else declared
        "1♠ 2♠ pass pass": (None, "contested"),
        "B3 pass pass": (True, "low"),
        "1♣ 1♦ pass pass": (True, "low"),
        "4♠ pass pass": (False, "high"),
        "Betel pass pass": (False, "high"),
        "1♠ kontra pass pass": (False, "doubled"),
    }
    for calls, (made, reason) in cases.items():
        prediction = predict(_auction_after(calls, [WEAK, STRONG, OTHER]))
        assert (prediction.made, prediction.reason) == (made, f"bots.predict_{reason}"), calls
        for lang in i18n.LANGUAGES:
            assert i18n.translate(prediction.reason, lang)


def _level_5_auction(hands: tuple[frozenset[Card], ...], dealer: int) -> AuctionState:
    """Level 5's auction of ``hands`` (by table seat): South passes, the two beginners call
    as the tutor has them (each call checked against the rules)."""
    from betel_tutor.auction import Auction, level_options
    from betel_tutor.bots.bidding import call_choice

    order = Seat(dealer).clockwise()
    auction = Auction(hands=[hands[seat] for seat in order], **level_options(5))
    while not auction.finished:
        seat = order[auction.to_call]
        hand = hands[seat]
        call = Call("pass") if seat == SOUTH else call_choice(auction.state, hand).call
        auction.call(call)  # an illegal call would raise IllegalCall
    return auction.state


def test_beginners_declare_normal_contracts_at_level_5() -> None:
    """Over level 5's deals and 300 random ones, with the learner passing, the beginners
    declare in a fair share of the auctions (139 of 306, 45%, when this was written), each
    declaration a normal contract their count of tricks reaches."""
    from betel_tutor.resources import data_dir
    from betel_tutor.scenario import load
    from betel_tutor.scenario.deals import realize
    from betel_tutor.trick_count import count_tricks

    lesson, problems = load(str(data_dir("scenarios") / "levels" / "level-05.yaml"))
    assert lesson is not None and not problems
    deals = [realize(spec) for spec in lesson.deals]
    deals += [deal(f"beginners-{n}", dealer=n % 3) for n in range(300)]
    declared = 0
    for dealt in deals:
        hands = tuple(frozenset(hand) for hand in dealt.hands)
        state = _level_5_auction(hands, dealt.dealer)
        if state.standing is None:
            continue
        declared += 1
        for auction_seat, call in state.calls:
            contract = call.contract
            if call.kind != "declare" or contract is None:
                continue
            assert contract.kind == "normal" and not call.take
            hand = hands[Seat(dealt.dealer).next(auction_seat)]
            assert count_tricks(hand, contract.trump) >= contract.tricks_needed
    share = declared / len(deals)
    assert 0.3 <= share <= 0.7, share


def test_the_dubel_laid_in_either_order_gives_the_same_calls() -> None:
    """The dubel's two cards lie face up side by side: a computer player's call depends on which
    cards lie there, never on the order they were laid in, so the tutor replaying its calls
    from what the learner saw finds the same (spec §3)."""
    exchanged = 0
    for seed in range(60):
        dealt = deal(f"dubel-order-{seed}")
        first, second = dealt.dubel
        hands = [dealt.hands[seat] for seat in Seat(0).clockwise()]
        beginner, strong = set(), set()
        for dubel in ((first, second), (second, first)):
            state = Auction(hands=hands, dubel=dubel, **level_options(7)).state
            assert state.hands is not None
            beginner.add(call_choice(state, state.hands[0]).call)
            if seed < 6:  # the strong player's samples are dearer
                strong.add(strong_choice(state, state.hands[0]).call)
        assert len(beginner) == 1 and len(strong) <= 1, (beginner, strong)
        exchanged += any(call.take for call in beginner)
    assert exchanged  # some hands take a dubel card, where the order could have told
