"""Trade that agrees with itself: what level 9 says about showing and swapping cards is what
the engine enforces (spec §12.4), the hand is shown before the bid for the first exchange, and
the computer players do not repeat a declined offer nor ask for what they know cannot come."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from random import Random

import pytest

from betel_tutor.bots.trading import CANNOT, Trader, respond
from betel_tutor.resources import data_dir
from betel_tutor.seats import Seat
from betel_tutor.trade import Ledger, Moment, Offer, answer, refusal
from tests.learner import Learner, converse, environment
from tests.test_trade import HANDS, N, S, W, auction_after, c, playing
from tests.test_tutor import quit_cleanly, spawn
from tests.test_tutor_trade import at_first_closed_deal


def lesson_text(lang: str) -> str:
    path = data_dir("scenarios") / "levels" / "level-09.yaml"
    return " ".join(Path(path).read_text(encoding="utf-8").split())


def swap(offerer: int, to: int) -> Offer:
    give = sorted(HANDS[offerer])[0]
    want = sorted(HANDS[to])[0]
    return Offer("swap", Seat(offerer), Seat(to), 0, give=give, want=want)


def allowed(moment: Moment, offerer: int, to: int) -> bool:
    return refusal(moment, swap(offerer, to)) is None


def test_the_lesson_says_when_swaps_are_allowed() -> None:
    text = lesson_text("en")
    # In the auction: from the first declaration, never after one's own pass or kontra, only
    # with the standing declarer; in the play: between the declarer and a defender.
    assert "Cards may be shown, and swapped, only from the first declaration on" in text
    assert "A player may not do so after their own pass or kontra" in text
    assert "shown only between the player whose declaration stands and another player" in text
    assert "never between the two who would defend it" in text
    assert "A swap shows both cards, so it is allowed exactly where showing is" in text
    assert "here, in the play, between the declarer and a defender" in text
    assert "Karty wolno pokazywać, a także zamieniać, dopiero od pierwszej deklaracji" in text
    assert "Gracz nie może tego robić po własnym pasie lub kontrze" in text
    assert "tylko między graczem, którego deklaracja obowiązuje, a innym graczem" in text
    assert "nigdy między dwoma, którzy mieliby się przed nią bronić" in text
    assert "Zamiana pokazuje obie karty, więc wolno jej dokonać dokładnie tam" in text
    assert "tutaj, w rozgrywce, między rozgrywającym a obrońcą" in text


@pytest.mark.parametrize("offerer", [S, W, N])
@pytest.mark.parametrize("to", [S, W, N])
def test_no_swap_before_the_first_declaration(offerer: int, to: int) -> None:
    if offerer != to:
        assert not allowed(auction_after(), offerer, to)


def test_swaps_in_the_auction_only_with_the_standing_declarer() -> None:
    # South deals and declares 1♠: West and North are to call, neither has passed.
    moment = auction_after("1♠")
    assert allowed(moment, S, W) and allowed(moment, W, S)
    assert allowed(moment, S, N) and allowed(moment, N, S)
    assert not allowed(moment, W, N) and not allowed(moment, N, W)  # the two defenders
    rule = refusal(moment, swap(W, N))
    assert rule is not None and rule.rule == 17


def test_no_swap_after_ones_own_pass_or_kontra() -> None:
    moment = auction_after("1♠", "pass")  # West has passed
    assert not allowed(moment, W, S) and not allowed(moment, S, W)
    assert allowed(moment, S, N)
    doubled = auction_after("1♠", "kontra")  # West has doubled
    assert not allowed(doubled, W, S) and not allowed(doubled, S, W)


def test_swaps_in_the_play_only_between_declarer_and_defender() -> None:
    moment = playing("2♠", S)
    assert allowed(moment, S, W) and allowed(moment, N, S)
    assert not allowed(moment, W, N) and not allowed(moment, N, W)


def test_a_declined_offer_is_not_repeated_until_something_changes() -> None:
    moment = auction_after("1♠")
    offer = Offer("swap", S, W, 10, give=c("♣A"), want=c("♠J"))
    ledger, _ = answer(moment, Ledger(), offer, accept=False, moves=1)
    trader = Trader(S, Random(1), chance=1.0)
    later = auction_after("1♠", "2♠")
    for seed in range(40):
        trader.rng = Random(seed)
        assert trader.offer(moment, ledger) != offer
        assert trader.offer(later, ledger) != offer  # a call since: nothing relevant changed
    assert ledger.declined(offer)
    assert not ledger.declined(Offer("swap", S, W, 15, give=c("♣A"), want=c("♠J")))  # terms


def test_what_makes_a_declined_offer_worth_making_again() -> None:
    """Only a card it involves changing hands (spec: docs/trade.md)."""
    moment = auction_after("1♠")
    give, want = sorted(HANDS[S])[0], sorted(HANDS[W])[0]
    offer = Offer("swap", S, W, 10, give=give, want=want)
    see = Offer("see", S, N, 5, suit=want.suit)
    ledger = Ledger()
    for declined in (offer, see):
        ledger, _ = answer(moment, ledger, declined, accept=False, moves=1)
    # North and South swap two cards that are not West's ♠... and not of the suit seen.
    other_suit = [x for x in sorted(HANDS[N]) if x.suit is not want.suit]
    mine = [x for x in sorted(HANDS[S]) if x != give and x.suit is not want.suit]
    unrelated = Offer("swap", S, N, 0, give=mine[0], want=other_suit[0])
    after, hands = answer(moment, ledger, unrelated, accept=True, moves=1)
    assert after.declined(offer) and after.declined(see)
    # South gives away the card the first offer gave: it may come again.
    moment2 = moment.with_hands(hands)
    away = Offer("swap", S, N, 0, give=give, want=min(hands[N]))
    changed, _ = answer(moment2, after, away, accept=True, moves=1)
    assert not changed.declined(offer)
    # North gets or gives a card of the suit South wanted to see: that may be asked again.
    suited = [x for x in sorted(hands[N]) if x.suit is want.suit]
    if suited:
        swap_suit = Offer("swap", S, N, 0, give=mine[1], want=suited[0])
        again, _ = answer(moment2, after, swap_suit, accept=True, moves=1)
        assert not again.declined(see)


def test_no_offer_for_a_card_the_other_has_shown_not_to_hold() -> None:
    # West led ♣K... the play: South declares 2♠ and West fails to follow a heart lead.
    moment = playing("2♠", S)
    ledger = Ledger()
    see = Offer("see", S, W, 10, suit=c("♥J").suit)
    ledger, _ = answer(moment, ledger, see, accept=True, moves=3)
    trader = Trader(S, Random(0), chance=1.0)
    for seed in range(60):
        trader.rng = Random(seed)
        offer = trader.offer(moment, ledger)
        if offer is not None and offer.kind == "swap" and offer.to == W and offer.want:
            assert offer.want.suit is not c("♥J").suit or offer.want in HANDS[W]


def level_nine(home: Path, seed: int) -> list[dict[str, object]]:
    learner = Learner(9, bid="0")
    env = environment(home)
    args = ["--level", "9", "--seed", f"decline-{seed}"]
    transcript = converse(learner, args, env, max_lines=800)
    assert transcript.returncode == 0, transcript.stderr
    return transcript.events


def test_the_hand_comes_before_the_bid(tmp_path: Path) -> None:
    events = level_nine(tmp_path, 0)
    for k, event in enumerate(events):
        if event["event"] == "prompt" and event.get("expects") == "bid":
            said = [e for e in events[:k] if e["event"] == "message"]
            assert "Your hand" in str(said[-1]["text"]), said[-1]
            break
    else:
        raise AssertionError("no bid prompt at level 9")


def repeated_to_learner(events: list[dict[str, object]]) -> tuple[list[str], int]:
    """The offers made to the learner (South) again, in the same deal, after South declined
    them with no swap accepted in between; and how many offers South declined."""
    repeated: list[str] = []
    declined: set[str] = set()
    count = 0
    for event in events:
        kind = event["event"]
        if kind == "deal_end":
            declined = set()
        elif kind == "offer" and event["outcome"] == "accepted" and " swap " in str(event["offer"]):
            declined = set()  # cards changed hands: the test does not judge what is relevant
        elif kind == "offer" and event["to"] == "S" and event["outcome"] == "declined":
            offer = str(event["offer"])
            if offer in declined:
                repeated.append(offer)
            declined.add(offer)
            count += 1
    return repeated, count


def test_no_declined_offer_recurs(tmp_path: Path) -> None:
    """Level 9's lesson deals and deals from random seeds, played through the tutor by a
    learner who declines every offer (and declares in every other deal, so that cards may be
    swapped with it): no offer it declined is made to it again unless cards changed hands."""
    total = 0
    for run in range(6):
        learner = Learner(9, bid="0", declare=run % 2 == 1)
        args = ["--level", "9", "--open"]
        if run >= 2:
            args += ["--seed", f"decline-{run}"]
        transcript = converse(learner, args, environment(tmp_path / str(run)), max_lines=800)
        assert transcript.returncode == 0, transcript.stderr
        repeated, declined = repeated_to_learner(transcript.events)
        assert not repeated, repeated
        total += declined
    assert total >= 5


def test_the_hand_is_shown_before_the_bid_in_english(tmp_path: Path) -> None:
    at_first_closed_deal(tmp_path)
    child = spawn(tmp_path, "--level", "9")
    child.expect(r"Your hand: (.*?)The bank sells the first exchange")
    assert "♠" in child.match.group(1) or "♥" in child.match.group(1)
    child.expect("Your bid for the first exchange")
    quit_cleanly(child)


def test_the_hand_is_shown_before_the_bid_in_polish(tmp_path: Path) -> None:
    at_first_closed_deal(tmp_path)
    child = spawn(tmp_path, "--level", "9", "--lang", "pl")
    child.expect(r"Twoja ręka: (.*?)Bank sprzedaje pierwszą wymianę")
    assert "♠" in child.match.group(1) or "♥" in child.match.group(1)
    child.expect("Twoja oferta za pierwszą wymianę")
    quit_cleanly(child)


def offer_events(home: Path, *extra: str) -> list[dict[str, object]]:
    events: list[dict[str, object]] = []
    for seed in range(3):
        learner = Learner(9, bid="0")
        args = ["--level", "9", "--seed", f"reasons-{seed}", *extra]
        transcript = converse(learner, args, environment(home / str(seed)), max_lines=800)
        assert transcript.returncode == 0, transcript.stderr
        played = transcript.events
        first_bid = next(
            k for k, e in enumerate(played) if e["event"] == "prompt" and e["expects"] == "bid"
        )  # the deals played, not the lesson's scripted example
        if "--open" not in extra:  # the closed deals, after the one played open
            first_bid = next(k for k, e in enumerate(played) if e["event"] == "deal_end")
        events += [e for e in played[first_bid:] if e["event"] == "offer"]
    return events


def test_computer_offers_and_answers_say_why_in_open_deals(tmp_path: Path) -> None:
    events = offer_events(tmp_path, "--open")
    assert events
    for event in events:
        assert event["outcome"] in ("accepted", "declined", "lapsed")
        assert " " in str(event["offer"]) and event["offerer"] != event["to"]
        if event["outcome"] == "lapsed":
            continue
        if event["offerer"] != "S":  # a computer player's offer
            assert isinstance(event["reason"], str) and event["reason"], event
            assert str(event["reason"]) in str(event["text"])
        if event["to"] != "S":  # a computer player's answer
            assert isinstance(event["answer_reason"], str) and event["answer_reason"], event
            assert str(event["answer_reason"]) in str(event["text"])


def test_no_reasons_in_closed_deals(tmp_path: Path) -> None:
    events = offer_events(tmp_path)
    assert events
    assert all(e["reason"] is None and e["answer_reason"] is None for e in events)


def test_a_decline_for_want_of_the_card_is_recorded_as_such() -> None:
    """Asked by South for North's card, West declines the swap because it cannot give it
    (rule 20), and the ledger says so, so that nobody asks it again: the same answer whether
    the learner or a computer player asked (one ``respond`` for both)."""
    moment = auction_after("1♠")
    offer = Offer("swap", S, W, 10, give=sorted(HANDS[S])[0], want=sorted(HANDS[N])[0])
    assert refusal(moment, offer) is None
    response = respond(Trader(W, Random(0)), moment, Ledger(), offer, moves=1)
    assert not response.accept and response.why[0] == "bots.trade_cannot"
    assert [r.reason for r in response.ledger.records] == [CANNOT]
    assert response.hands == moment.hands


def test_no_offer_for_a_card_the_other_said_it_cannot_give() -> None:
    moment = auction_after("1♠")
    trader = Trader(S, Random(0), chance=1.0)
    swaps = trader._candidates(moment, Ledger())
    asked = [o for o in swaps if o.kind == "swap" and o.want and o.to == W]
    assert asked
    offer = asked[0]
    ledger, _ = answer(moment, Ledger(), offer, accept=False, moves=1)
    ledger = replace(ledger, records=(replace(ledger.records[0], reason=CANNOT),))
    later = auction_after("1♠", "2♠")  # a new call
    for seed in range(60):
        trader.rng = Random(seed)
        made = trader.offer(later, ledger)
        assert made is None or (made.to, made.want) != (offer.to, offer.want)
