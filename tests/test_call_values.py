"""Each of the learner's calls is judged by what it gains on the other players on average over the
layouts they could face at it, against the best call open there: a wild bid and a pass that
throws away a sound contract are costly, a sound bid is not, nor a defender's pass that leaves a
kontra aside, nor a loss within the sampling error; in an open deal the one layout is the deal
itself and the call the hint recommends is never costly; the review names a costly call with what
it cost in both languages, and a costly call of any kind keeps the goal and the stars from the
deal."""

from __future__ import annotations

import pytest

from betel_tutor.auction import Auction, Call, level_options
from betel_tutor.bots.strong_bidding import strong_choice
from betel_tutor.cards import Card
from betel_tutor.contracts import Contract
from betel_tutor.scenario.model import PlayStep
from betel_tutor.trade import Ledger, Offer
from betel_tutor.tutor.auctionreview import (
    AuctionVerdict,
    judge_auction,
    judge_calls,
    review_auction,
    situation,
)
from betel_tutor.tutor.bidding import AuctionPhase
from betel_tutor.tutor.call_values import (
    COSTLY_POINTS,
    LAYOUTS,
    CallVerdict,
    Tricks,
    best_call,
    outcome,
)
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.dealend import goal_words
from betel_tutor.tutor.events import AuctionReview
from betel_tutor.tutor.phase import Phase
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.table import LEARNER, WEST, Table, Trading
from tests.auction_table import at_table, dealt
from tests.test_auction_layouts import STRONG, WEAK, deal_around

DUBEL = "♣A ♣K"


def dubel() -> tuple[Card, ...]:
    from betel_tutor.cards import parse_cards

    return tuple(parse_cards(DUBEL))


def only(hand: frozenset[Card], calls: list[str]) -> list[CallVerdict]:
    """The learner's calls judged, the learner dealing and calling first at level 5."""
    table = at_table(deal_around(hand, DUBEL), dubel(), LEARNER, calls, {"make": 1})
    return list(judge_calls(table, LEARNER))


def test_a_wild_bid_is_costly_and_a_sound_one_is_not() -> None:
    (wild, *_) = only(WEAK, ["2NT"])
    assert str(wild.call) == "2NT" and wild.costly
    # Two down or more: −40 for the learner, and the defenders score their tricks besides.
    assert wild.points == -40 and wild.average < -40 and wild.best == 0 and wild.lost > 40
    (sound, *_) = only(STRONG, ["2♥"])
    assert not sound.costly and sound.average > 0 and sound.layouts == LAYOUTS


def test_a_pass_that_throws_away_a_sound_contract_is_costly() -> None:
    (passed, *_) = only(STRONG, ["pass"])
    assert passed.call == Call("pass") and passed.average == 0
    assert passed.costly and passed.better.kind == "declare" and passed.best >= COSTLY_POINTS


def test_the_same_calls_are_judged_alike_whatever_the_unseen_cards() -> None:
    first = only(STRONG, ["pass"])
    for swap in (1, 4):
        hands = deal_around(STRONG, DUBEL, swap)
        table = at_table(hands, dubel(), LEARNER, ["pass"], {"make": 1})
        assert [r.call for r in table.called][:1] == [Call("pass")]
        again = list(judge_calls(table, LEARNER))
        assert again[0] == first[0]


def test_a_call_after_the_computer_players_is_judged_over_the_layouts_that_fit_them() -> None:
    hands, aside = dealt(11)
    table = at_table(hands, aside, 2, ["pass"], {"defeat": 1})
    assert [str(r.call) for r in table.called][:2] == ["1♣", "pass"]
    (passed, *_) = judge_calls(table, LEARNER)
    assert passed.told and passed.narrowed and passed.layouts >= 1


def test_a_kontra_gains_on_a_failing_contract_and_loses_on_a_making_one() -> None:
    """A defender's gain is their points less the others' average (spec §6): a kontra doubles
    the declarer's points as well as theirs, so it pays against 3♥ two down and costs against
    3♥ made with an overtrick, though the defender's own points double either way."""
    three = Contract.parse("3♥")
    made, made_doubled = outcome(three, 9, False), outcome(three, 9, False, doubled=True)
    assert made == (7.5, 7.5 - (65 + 7.5) / 2) and made_doubled[0] == 15
    assert made_doubled[1] < made[1]
    down, down_doubled = outcome(three, 7, False), outcome(three, 7, False, doubled=True)
    assert down == (22.5, 22.5 - (-50 + 22.5) / 2) and down_doubled[1] > down[1]
    assert outcome(three, 9, True) == (65, 65 - 7.5)
    assert outcome(Contract.parse("B1"), 2, False) == (0, 40 / 2)  # the declarer lost 40


def test_a_loss_within_the_sampling_error_is_not_costly() -> None:
    near = CallVerdict(Call("pass"), 0.0, Call("kontra"), 15.0, LAYOUTS, False, False, 20.0)
    far = CallVerdict(Call("pass"), 0.0, Call("kontra"), 25.0, LAYOUTS, False, False, 20.0)
    small = CallVerdict(Call("pass"), 0.0, Call("kontra"), 5.0, LAYOUTS, False, False, 0.0)
    assert not near.costly and far.costly and not small.costly


@pytest.mark.parametrize("seed", [3, 11, 17, 23])
def test_an_open_deal_judges_calls_on_the_deal_itself_and_the_hint_is_never_costly(
    seed: int,
) -> None:
    """In an open deal the learner's first call is valued on the hands as dealt, double dummy:
    the call the hint recommends there, made, is never costly, and any call gaining less than
    it by the margin is."""
    hands, aside = dealt(seed)
    first = at_table(hands, aside, LEARNER, ["pass"], {"make": 1}, level=8)
    recommended, gain, layouts = best_call(situation(first, 0, True), Tricks())
    assert layouts == 1
    table = at_table(hands, aside, LEARNER, [str(recommended)], {"make": 1}, level=8)
    (judged, *_) = judge_calls(table, LEARNER, True)
    assert judged.call == recommended and judged.layouts == 1 and not judged.costly
    assert judged.margin == 0 and judged.average == gain
    (passed, *_) = judge_calls(first, LEARNER, True)
    assert passed.costly == (gain - passed.average >= COSTLY_POINTS)


@pytest.mark.parametrize(
    ("lang", "words", "bid"), [("en", "points on average", "2NT"), ("pl", "punktów", "2BA")]
)
def test_the_review_names_a_costly_call_and_what_it_cost(lang: str, words: str, bid: str) -> None:
    table = at_table(deal_around(WEAK, DUBEL), dubel(), LEARNER, ["2NT"], {"make": 1})
    verdict = judge_auction(table)
    assert verdict is not None and verdict.costly
    ctx = Context(Progress(), lang)
    review_auction(ctx, table, verdict)
    (event,) = [e for e in ctx.take_events() if isinstance(e, AuctionReview)]
    (judged,) = [c for c in verdict.calls if c.costly]
    assert event.costly == (("2NT", round(judged.lost, 1)),)
    assert f"{bid} cost" in event.text or f"{bid} kosztuje" in event.text
    assert f"{round(judged.lost)} {words}" in event.text
    assert "The auction is left aside" not in event.text


@pytest.mark.parametrize(
    ("n", "word"), [(1, "punkt."), (3, "punkty."), (5, "punktów."), (22, "punkty.")]
)
def test_polish_counts_the_points_a_call_cost_with_its_plurals(n: int, word: str) -> None:
    text = Context(Progress(), "pl").t(
        "auction_call_costly",
        call=Call("pass"),
        score=0,
        better=Call("pass"),
        best=n,
        layouts=64,
        n=n,
    )
    assert text.endswith(f"{n} {word}") and "pas" in text and "pass" not in text


def test_any_costly_call_keeps_the_goal_and_the_stars() -> None:
    def verdict(*calls: CallVerdict) -> AuctionVerdict:
        return AuctionVerdict({}, [], None, None, 0, calls=calls)

    (passed, *_) = only(STRONG, ["pass"])
    (sound, *_) = only(STRONG, ["2♥"])
    assert verdict(passed).costly and verdict(sound, passed).costly
    assert not verdict(sound).costly
    assert goal_words(played_to_goal=True, costly_call=True, costly_card=False) == (
        "goal_missed_call"
    )


def test_a_call_sold_in_a_trade_is_never_costly() -> None:
    """The learner bound by a trade to make a call (rule 20: they sold it) makes it at the
    table: the call is kept as bound, judged like any other, and never faulted, so it keeps
    neither the goal nor the stars from the deal; the same call made freely is costly."""
    hands = deal_around(WEAK, DUBEL)
    free = at_table(hands, dubel(), LEARNER, ["2NT"], {"make": 1})
    (wild, *_) = judge_calls(free, LEARNER)
    assert str(wild.call) == "2NT" and wild.costly and not wild.bound
    sold = Offer("call", offerer=WEST, to=LEARNER, price=15, call=Call.parse("2NT"))
    auction = Auction(hands=list(hands), dubel=dubel(), **level_options(9))
    table = Table(
        play=None,
        step=PlayStep("d1", LEARNER, {"make": 1}, open=False),
        open=False,
        auction=auction,
        hands=hands,
        trading=Trading({}, ledger=Ledger(bound=((LEARNER, sold),))),
    )
    phase = AuctionPhase(table, lambda ctx: Phase())
    phase.learner_calls(Context(Progress(), "en"), Call.parse("2NT"), "2NT")
    (made,) = table.called
    assert made.bound and made.call == Call.parse("2NT") and not made.chosen
    (bound,) = judge_calls(table, LEARNER)
    assert bound.bound and bound.lost > COSTLY_POINTS and not bound.costly
    assert not AuctionVerdict({}, [], None, None, 0, calls=(bound,)).costly


@pytest.mark.parametrize("seed", [2, 5])
def test_a_closed_deals_hinted_call_is_never_costly(seed: int) -> None:
    """In a closed deal the hint at a call is the strong player's (a few sampled deals); the
    learner who follows it is not faulted, whatever the review's layouts make of the call."""
    hands, aside = dealt(seed)
    first = at_table(hands, aside, LEARNER, ["pass"], {"make": 1}, level=8)
    before = first.called[0].before
    assert before.hands is not None
    hinted = strong_choice(before, before.hands[before.to_call]).call
    table = at_table(hands, aside, LEARNER, [str(hinted)], {"make": 1}, level=8)
    (judged, *_) = judge_calls(table, LEARNER)
    assert judged.call == hinted and not judged.costly  # judged with its exchange
    assert judged.advised or judged.lost < COSTLY_POINTS or judged.lost <= judged.margin


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Each of your calls was among the best with the hands as dealt."),
        ("pl", "Każda twoja odzywka była wśród najlepszych przy rękach, jak je rozdano."),
    ],
)
def test_an_open_deals_review_judges_the_hands_as_dealt(lang: str, words: str) -> None:
    """The learner makes the call the open deal's hint recommends at every turn: the review
    finds every call sound, with the hands as dealt, and speaks of no layouts."""
    hands, aside = dealt(3)
    mine: list[str] = []
    while True:  # the hint's call at each of the learner's turns, one turn at a time
        table = at_table(hands, aside, LEARNER, [*mine, "pass"], {"make": 1}, level=8)
        turns = [at for at, r in enumerate(table.called) if r.seat == LEARNER]
        if len(turns) <= len(mine):
            break
        recommended, _, _ = best_call(situation(table, turns[len(mine)], True), Tricks())
        mine.append(str(recommended))
    table = at_table(hands, aside, LEARNER, mine, {"make": 1}, level=8)
    verdict = judge_auction(table, open_deal=True)
    assert verdict is not None and not verdict.costly
    ctx = Context(Progress(), lang)
    review_auction(ctx, table, verdict)
    (event,) = [e for e in ctx.take_events() if isinstance(e, AuctionReview)]
    assert words in event.text and "layouts" not in event.text and "układach" not in event.text
