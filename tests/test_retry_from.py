"""A deal played again from a trick, through ``learn --json``: after a review that names a
costly card the offer is ``yes`` (from that card's trick), ``no`` or ``from N``; the deal comes
back with the same hands and the same play up to the learner's card in that trick; a card the
review would not accept there is refused with what it still costs, one it would accept is
acknowledged; and the deal is practice, its stars unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from betel_tutor.cards import parse_card, parse_cards
from betel_tutor.contracts import Contract
from betel_tutor.play import BETEL, play_card, start_play
from betel_tutor.seats import Seat
from betel_tutor.solver.api import card_values
from tests.learner import Event, Learner, Transcript, converse, environment
from tests.trust import deals_of, rebuild

SEED = "why-1"


def run(home: Path, retry: str, level: int = 3) -> Transcript:
    learner = Learner(level, retry=retry)
    transcript = converse(learner, ["--level", str(level), "--seed", SEED], environment(home))
    assert transcript.returncode == 0, transcript.stderr
    return transcript


def offer_and_after(transcript: Transcript) -> tuple[Event, Event, list[Event], Event]:
    """The first deal_end, the review before it, the events after the first retry offer up to
    the deal_end of the deal played again, and that deal_end."""
    events = transcript.events
    first = next(i for i, e in enumerate(events) if e["event"] == "deal_end")
    review = next(e for e in reversed(events[:first]) if e["event"] == "review")
    offer = next(
        i for i, e in enumerate(events) if e["event"] == "prompt" and e["expects"] == "retry"
    )
    again = next(i for i, e in enumerate(events) if i > offer and e["event"] == "deal_end")
    return events[first], review, events[offer : again + 1], events[again]


def position(end: Event, trick: int) -> int:
    """Where the learner's card of trick ``trick`` lies in the deal_end's play."""
    ours = [i for i, (seat, _card) in enumerate(end["play"]) if seat == end["learner"]]
    return ours[trick - 1]


def test_yes_replays_from_the_costly_card_until_an_accepted_card(tmp_path: Path) -> None:
    transcript = run(tmp_path, "once")
    end, review, after, again = offer_and_after(transcript)
    assert review["card"] is not None and review["line"] and review["why"]
    offer = after[0]
    assert offer["choices"] == ["yes", "no", "from N"]
    assert f"trick {review['trick']}" in offer["text"]
    move = position(end, review["trick"])
    # The same cards, the same play up to the learner's card of that trick.
    assert again["hands"] == end["hands"] and again["play"][:move] == end["play"][:move]
    assert again["practice"] is True and again["retry"] is True
    # The card the review named is refused there with what it costs; the card finally played
    # there is one of the best, and acknowledged.
    refused = [e for e in after if e["event"] == "refused" and e["reason"] == "retry_short"]
    assert refused and refused[0]["input"] == review["card"]
    assert f"{review['card']} still costs your side {review['cost']} trick" in refused[0]["text"]
    chosen = again["play"][move][1]
    deal = rebuild(again)
    assert deal is not None and not deal.closed
    values = card_values(deal.positions[move], deal.board)
    assert deal.cost(values, parse_card(chosen)) == 0
    assert deal.cost(values, parse_card(review["card"])) == review["cost"]
    said = [e["text"] for e in after if e["event"] == "message"]
    assert f"That keeps your best result: {chosen}." in said
    # A practice deal's stars do not count, so none are announced.
    assert not any(text.startswith("Stars for this deal") for text in said)
    # The offer is asked once, by its prompt; the message before it only says what it offers.
    before = transcript.events[: transcript.events.index(offer)]
    told = [e["text"] for e in before if e["event"] == "message"][-1]
    assert told.startswith("Find a better card") and "?" not in told


def test_from_n_puts_the_learner_at_trick_n_with_the_same_history(tmp_path: Path) -> None:
    transcript = run(tmp_path, "from 4")
    end, _review, after, again = offer_and_after(transcript)
    move = position(end, 4)
    assert again["hands"] == end["hands"] and again["play"][:move] == end["play"][:move]
    # The first card prompt after the offer is the learner's card of trick 4, with the legal
    # cards of that position.
    prompt = next(e for e in after[1:] if e["event"] == "prompt")
    deal = rebuild(end)
    assert deal is not None
    state = deal.positions[move]
    assert len(state.tricks) == 3 and state.to_play == deal.learner
    assert sorted(prompt["choices"]) == sorted(str(c) for c in state.legal_moves())
    assert next(e["text"] for e in after if e["event"] == "message").startswith("From trick 4")


def test_a_replay_from_a_trick_leaves_the_stars_as_they_were(tmp_path: Path) -> None:
    """Level 3's fourth deal is closed and has a costly card: played again from trick 1, it
    stays at the stars it was first given."""
    learner = Learner(3, retry="from 1", retry_after=4)
    transcript = converse(learner, ["--level", "3", "--seed", SEED], environment(tmp_path))
    ends = transcript.of("deal_end")
    fourth, replayed = ends[3], ends[4]
    assert fourth["closed"] and not fourth["practice"]
    assert replayed["deal"] == fourth["deal"] and replayed["practice"] and replayed["retry"]
    progress = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert progress["levels"]["3"]["closed"].get(fourth["deal"], 0) == fourth["stars"]


def test_a_bad_answer_to_the_offer_is_refused_in_one_line(tmp_path: Path) -> None:
    learner = Learner(3, retry="from 99")
    transcript = converse(learner, ["--level", "3", "--seed", SEED], environment(tmp_path))
    refused = [e for e in transcript.events if e["event"] == "refused"]
    bad = [e for e in refused if e["reason"] == "bad_retry_trick"]
    assert bad and bad[0]["text"] == "'from 99': the tricks are numbered 1 to 10"


def test_learn_practice_offers_the_tricks_of_costly_cards(tmp_path: Path) -> None:
    """Each deal whose review named a costly card keeps that trick on the practice list;
    ``learn --practice`` puts the learner there, with the legal cards of that position, and a
    card found there that the review accepts takes it off the list."""
    transcript = run(tmp_path, "no")
    named = {}
    for events in deals_of(transcript.events):
        reviews = [e for e in events if e["event"] == "review" and e["card"]]
        if reviews:
            named[events[-1]["deal"]] = reviews[0]["trick"]
    kept = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    positions = kept["levels"]["3"]["positions"]
    assert named and {p["deal"]: p["trick"] for p in positions} == named
    learner = Learner(3, done=True)  # back at the menu after the practice: quit
    practice = converse(learner, ["--practice", "--seed", SEED], environment(tmp_path))
    assert practice.returncode == 0, practice.stderr
    events = practice.events
    first = positions[0]
    heading = f"Practice: level 3, deal {first['deal']}, from trick {first['trick']}: "
    said = next(i for i, e in enumerate(events) if e["event"] == "message" and heading in e["text"])
    prompt = next(e for e in events[said:] if e["event"] == "prompt")
    hands = [frozenset(parse_cards(hand)) for hand in first["hands"]]
    state = start_play(
        BETEL,
        hands,
        Contract.parse(first["contract"]),
        declarer=None if first["declarer"] is None else Seat.parse(first["declarer"]),
        leader=Seat.parse(first["leader"]),
    )
    for card in first["play"]:
        state = play_card(state, parse_card(card))
    assert len(state.tricks) == first["trick"] - 1 and state.to_play == 0
    assert sorted(prompt["choices"]) == sorted(str(c) for c in state.legal_moves())
    found = [e for e in events if e["event"] == "message" and "keeps your best" in e["text"]]
    assert len(found) == len(positions)  # every kept trick was played and a card found
    after = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    later = {p["deal"]: p["trick"] for p in after["levels"]["3"].get("positions", [])}
    assert all(later[deal] > trick for deal, trick in named.items() if deal in later)
