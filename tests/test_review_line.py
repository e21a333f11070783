"""Why a card cost: every review that names a card through ``learn --json`` carries the line
that punishes it and a sentence read off it, and the line is true.

Levels 1–8 are played by scripted learners (tests/learner.py) that play the first legal card or
random ones, bidding from level 5 on, so that they declare and defend normal contracts, betelki
and Betel, open and closed. For every review naming a card the deal is rebuilt from its
deal_end (as the trust checks do) and the line of every costly card it names (the first, and
each later one in ``more``) replayed from the learner's card:
in an open deal on the cards as dealt, it must end with the tricks the solver gives that card;
in a closed deal on the layout the review shows (the cards as dealt when it shows none), it
must miss the deal's goal, as the review says it may. The ``why`` names the trick where the
line goes wrong and the card that takes it in the line. In an open deal every other card of the
learner's was among the best, so no costly card is left unexplained.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from betel_tutor.cards import parse_card
from betel_tutor.play import PlayState, play_card
from betel_tutor.seats import Seat
from betel_tutor.solver.api import card_values
from tests.learner import Event as Ev
from tests.learner import Learner, Transcript, converse, environment
from tests.trust import SEATS, Deal, contract_kind, deals_of, rebuild

NAMES = ("South", "West", "North")
LEVELS = range(1, 9)
SEEDS = ("why-1", "why-2")
# Every kind of contract from each side, open and closed, should be seen with a costly card.
WANTED = {
    (side, kind) for side in ("declarer", "defender") for kind in ("normal", "betelek", "betel")
}


@dataclass
class Seen:
    lines: int = 0
    later: int = 0  # costly cards named after the first
    kinds: set[tuple[str, str]] = field(default_factory=set)
    closed: set[bool] = field(default_factory=set)


def play(level: int, seed: str, home: Path, *, random: bool) -> Transcript:
    learner = Learner(level, declare=level >= 5, random=sum(map(ord, seed)) if random else None)
    transcript = converse(learner, ["--level", str(level), "--seed", seed], environment(home))
    assert transcript.returncode == 0, transcript.stderr
    return transcript


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory: pytest.TempPathFactory) -> list[Transcript]:
    return [
        play(level, seed, tmp_path_factory.mktemp(f"why-{level}"), random=random)
        for level in LEVELS
        for seed in SEEDS
        for random in (False, True)
    ]


def reviews(transcript: Transcript) -> Iterator[tuple[Ev, Ev]]:
    """Each review that names a card, with its deal's deal_end."""
    for events in deals_of(transcript.events):
        end = events[-1]
        for event in events:
            if event["event"] == "review" and event["card"] is not None:
                yield event, end


def start_of_line(deal: Deal, review: Ev) -> PlayState:
    """The position at the reviewed card, on the layout the review shows, if any."""
    card = parse_card(review["card"])
    move = deal.cards.index(card)
    state = deal.positions[move]
    assert state.to_play == deal.learner and len(state.tricks) + 1 == review["trick"]
    if not review.get("layout"):  # an open deal's entry has none
        return state
    hands = list(state.hands)
    for seat, cards in review["layout"].items():
        hands[SEATS.index(seat)] = frozenset(parse_card(c) for c in cards)
    return PlayState(
        state.profile,
        state.contract,
        state.declarer,
        tuple(hands),
        state.leader,
        state.current,
        state.tricks,
    )


def replay(state: PlayState, line: list[list[str]]) -> PlayState:
    for seat, text in line:
        card = parse_card(text)
        assert Seat.parse(seat) == state.to_play, (seat, text)
        assert card in state.legal_moves(), f"{text} is not legal for {seat}"
        state = play_card(state, card)
    assert state.finished, "the line stops before the deal's end"
    return state


def check_review(deal: Deal, review: Ev) -> None:
    line, why = review["line"], review["why"]
    assert line and why, review
    start = start_of_line(deal, review)
    assert line[0] == [review_seat(deal), review["card"]]
    end = replay(start, line)
    counted = end.tricks_taken()[deal.counted_seat]
    if deal.closed:
        assert not deal.aim().met(counted), "the punishing line meets the goal"
    else:
        assert counted == card_values(start, deal.board)[parse_card(review["card"])]
    # The sentence names the trick the line loses and the card that takes it there.
    number = int(re.search(r"trick (\d+)", why).group(1))  # type: ignore[union-attr]
    trick = end.tricks[number - 1]
    winning = trick.cards[(trick.winner - trick.leader) % 3]
    who = "you take" if trick.winner == deal.learner else f"{NAMES[trick.winner]} takes"
    assert f"{who} trick {number} with {winning}" in why, why


def review_seat(deal: Deal) -> str:
    return SEATS[deal.learner]


def check_every_card_named(deal: Deal, named: list[Ev]) -> None:
    """An open deal: the costly cards named are in the order played, each costly where it was
    played, and every other card of the learner's was among the best."""
    tricks = [entry["trick"] for entry in named]
    assert tricks == sorted(set(tricks)), tricks
    costly = {parse_card(entry["card"]) for entry in named}
    for state, card in zip(deal.positions, deal.cards, strict=False):
        if state.to_play != deal.learner:
            continue
        cost = deal.cost(deal.values(state), card)
        assert (cost > 0) == (card in costly), (card, cost)


def test_every_costly_card_has_a_true_line_and_why(transcripts: list[Transcript]) -> None:
    seen = Seen()
    for transcript in transcripts:
        for review, end in reviews(transcript):
            deal = rebuild(end)
            if deal is None:
                continue
            named = [review, *review["more"]]
            for entry in named:
                check_review(deal, entry)
                seen.lines += 1
            seen.later += len(review["more"])
            if not deal.closed:
                check_every_card_named(deal, named)
            seen.kinds.add((deal.side, contract_kind(deal.contract)))
            seen.closed.add(deal.closed)
    assert seen.lines >= 10
    assert seen.later >= 3  # learners playing random cards make several costly ones a deal
    assert seen.closed == {True, False}
    assert seen.kinds >= WANTED, WANTED - seen.kinds
