"""Each of the learner's calls is judged by its average score over the layouts they could face at
it, against the best call open there: a wild bid and a pass that throws away a sound contract are
costly, a sound bid is not, the review names a costly call with what it cost in both languages,
and a costly call of any kind keeps the goal and the stars from the deal."""

from __future__ import annotations

import pytest

from betel_tutor.auction import Call
from betel_tutor.cards import Card
from betel_tutor.tutor.auctionreview import (
    AuctionVerdict,
    judge_auction,
    judge_calls,
    review_auction,
)
from betel_tutor.tutor.call_values import COSTLY_POINTS, LAYOUTS, CallVerdict
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.dealend import goal_words
from betel_tutor.tutor.events import AuctionReview
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.table import LEARNER
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
    assert wild.average == -40 and wild.best >= 0 and wild.lost >= 40
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
