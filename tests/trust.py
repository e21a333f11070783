"""Feedback a learner can trust: every claim ``betel-tutor learn --json`` makes about a deal,
checked against the solver, over many deals played through the real program. The runs are
shared out by level among the modules ``tests/test_tutor_trust*.py``, so that they spread over
the cores; this module plays and checks them.

Levels 1–8 (no trade) are played from several seeds by three scripted learners
(tests/learner.py): one that plays the first legal card, one that asks for a hint at every
card and plays the solver's best, and one that plays random legal cards and asks for hints now
and then. From level 5 on they bid in every other deal, so they declare as well as defend;
one seed is played against the strong computer players, who declare normal contracts too.
From each ``deal_end`` the start of play is rebuilt (hands, contract, declarer, the first
card's seat as the leader) and the deal replayed card by card; then:

- ``best_tricks`` is the double-dummy result for the learner's side, ``tricks`` and
  ``counted`` are the tricks of the replay, ``goal_met`` follows the goal's definition from
  the learner's side (spec §12.8) and the stars follow ``goal_met`` and best play;
- a review's card costs exactly ``cost`` tricks against ``better``, a best card, and no card
  of the learner's before it cost anything; a clean review means every card was a best one;
- a hint's ``best`` are exactly the cards of best value, ``costs`` what each other card costs
  the learner's side, and its rule of thumb is a best card unless it says it is wrong;
- why a card cost: every costly card a review names (the first, and each later one in
  ``more``) carries the line that punishes it, which, replayed from the learner's card, ends
  with the tricks the solver gives that card, and a ``why`` that names the trick where the line
  goes wrong and the card that takes it there; every other card of the learner's was among
  the best, so no costly card is left unexplained.

Those are the claims of the open deals, where every hand is shown. A closed deal is judged by
what the learner could know (single dummy, :mod:`betel_tutor.solver.single_dummy`, whose own
tests check its layouts against the play and its chances against the solver's values): its
hints, review and stars are checked against each card's chance of meeting the goal over the
layouts the learner could face, the goal read here from the deal_end; the line of each costly
card it names, replayed on the layout the review shows (the cards as dealt when it shows none),
misses the deal's goal, as the review says it may.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from betel_tutor.auction import Auction, level_options, parse_call
from betel_tutor.cards import BETEL_DECK, Card, parse_card
from betel_tutor.contracts import Contract
from betel_tutor.play import BETEL, PlayState, play_card, start_play
from betel_tutor.seats import Seat
from betel_tutor.solver.api import card_values, make_board, solve_position
from betel_tutor.solver.board import Board
from betel_tutor.solver.single_dummy import Aim, Misfit, drawn, outcomes
from betel_tutor.tutor.table import Called
from betel_tutor.tutor.told import before_exchanges, explainer
from tests.learner import Event, Learner, Transcript, converse, environment

LEVELS = range(1, 9)  # levels 9 and 10 trade: swaps move cards between hands during the play
SEEDS = ("trust-1", "trust-2", "trust-3")
STRONG = "trust-3"  # played against the strong computer players, who declare normal contracts
LEARNERS = ("first", "best", "random")
SEATS = "SWN"
# Every kind of contract from each side the learner can take in it.
COVERAGE = {
    ("own", "free"),
    *((side, kind) for side in ("declarer", "defender") for kind in ("normal", "betelek", "betel")),
}

# The levels played and checked together (tests/test_tutor_trust_levels_*.py), and the sides and
# kinds of contract their runs show the learner: free play at levels 1 and 2, a betelek and
# Betel from either side at levels 3 and 4 (no auction yet), and once the learner bids (level 5
# on) free play, normal contracts and betelki from either side.
AUCTION = {("own", "free")} | {
    (side, kind) for side in ("declarer", "defender") for kind in ("normal", "betelek")
}
GROUPS: dict[tuple[int, ...], set[tuple[str, str]]] = {
    (1, 2): {("own", "free")},
    (3, 4): {(side, kind) for side in ("declarer", "defender") for kind in ("betelek", "betel")},
    (5, 6): AUCTION,
    (7, 8): AUCTION,
}


@dataclass
class Checked:
    """What one run's claims came to."""

    deals: int = 0
    reviews: int = 0  # reviews naming a card
    lines: int = 0  # costly cards named, each with its line checked
    later: int = 0  # costly cards named after a review's first
    lined: set[tuple[str, str, bool]] = field(default_factory=set)  # (side, kind, closed)
    clean: int = 0  # reviews saying every card was among the best
    hints: int = 0
    kinds: set[tuple[str, str]] = field(default_factory=set)  # (side, contract kind)


@dataclass
class Run:
    level: int
    seed: str
    learner: Learner
    transcript: Transcript


Key = tuple[int, str, str, str]  # level, seed, learner, its answer to a retry offer


def keys(levels: Iterable[int]) -> list[Key]:
    """The runs of ``levels``: each seed with each learner, never taking a retry."""
    return [(level, seed, kind, "no") for level in levels for seed in SEEDS for kind in LEARNERS]


def learner_for(level: int, kind: str, seed: str, *, retry: str = "no") -> Learner:
    declare = level >= 5
    if kind == "best":
        return Learner(level, best=True, declare=declare, retry=retry)
    if kind == "random":
        return Learner(level, random=sum(map(ord, seed)), declare=declare, retry=retry)
    return Learner(level, declare=declare, retry=retry)


def play(key: Key, home: Path) -> Run:
    level, seed, kind, retry = key
    learner = learner_for(level, kind, seed, retry=retry)
    args = ["--level", str(level), "--seed", seed]
    if seed == STRONG:
        args += ["--strength", "strong"]
    transcript = converse(learner, args, environment(home), timeout=120)
    return Run(level, seed, learner, transcript)


class Runs:
    """The runs of one module, each played once (in this process, when a test first asks for
    it) for all the module's tests that look at it."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        self.factory = factory
        self.played: dict[Key, Run] = {}
        self.checked: dict[tuple[int, str, str], Checked] = {}  # by the claims tests

    def get(self, key: Key) -> Run:
        if key not in self.played:
            self.played[key] = play(key, self.factory.mktemp(f"trust-{key[0]}"))
        run = self.played[key]
        assert run.transcript.returncode == 0, run.transcript.stderr
        assert "Traceback" not in run.transcript.stderr
        return run


def deals_of(events: list[Event]) -> Iterator[list[Event]]:
    """The events of each deal, up to and including its deal_end."""
    current: list[Event] = []
    for event in events:
        current.append(event)
        if event["event"] == "deal_end":
            yield current
            current = []


# -- the deal rebuilt from its deal_end ----------------------------------------------------------


@dataclass(frozen=True)
class Chances:
    """Each legal card's chance of meeting the goal (the share of the layouts in which it does),
    and how many layouts there were. Only the chances are claimed by a closed deal's hint,
    review and stars: the expected tricks that order cards of equal chance are not read."""

    of: dict[Card, float]
    layouts: int

    @property
    def top(self) -> float:
        return max(self.of.values())


@dataclass
class Deal:
    """A deal as its deal_end tells it, replayed: the state before every card."""

    end: Event
    contract: Contract
    declarer: Seat | None
    learner: Seat
    side: str
    kind: str  # the contract's kind: free, normal, betelek, betel
    wants_more: bool  # whether more counted tricks are better for the learner
    counted_seat: Seat  # whose tricks the goal counts: the declarer, or the learner in free play
    board: Board
    positions: list[PlayState]  # the state before each card, then the final state
    cards: list[Card]
    closed: bool = False  # judged single dummy, by the learner's chances
    misfit: Misfit | None = None  # closed deals: how far a layout is from fitting the auction
    held: dict[int, frozenset[Card]] = field(default_factory=dict)  # taken from the dubel
    # Each position's chances, worked out once for the stars, the review and the hint there.
    judged: dict[PlayState, Chances] = field(default_factory=dict)

    @property
    def final(self) -> PlayState:
        return self.positions[-1]

    def aim(self) -> Aim:
        """The goal of the deal_end as a bound on the counted tricks (spec §4, §12.8)."""
        ((name, value),) = self.end["goal"].items()
        text = str(self.contract)
        misere = self.kind in ("betelek", "betel")
        allowed = 0 if text == "Betel" else int(text[1]) if misere else 0
        needed = 5 + int(text[0]) if self.kind == "normal" else 0
        if name == "make" and self.side == "declarer":
            return Aim(False, allowed) if misere else Aim(True, needed)
        if name == "defeat" and self.side == "defender":
            return Aim(True, allowed + 1) if misere else Aim(False, needed - 1)
        if name in ("tricks_at_least", "tricks_at_most") and self.side != "defender":
            return Aim(name == "tricks_at_least", value)
        return Aim(self.wants_more, self.end["best_tricks"])

    def chances(self, state: PlayState) -> Chances:
        """The learner's cards in ``state`` judged over the layouts they could face: in each
        layout, whether the card meets the deal's goal, everybody then playing their best."""
        assert state.to_play == self.learner
        if state not in self.judged:
            layouts, _, _ = drawn(state, self.learner, self.held, self.misfit)
            met = outcomes(layouts, self.aim(), self.board)
            times = {card: sum(each[card] for each in met) for card in met[0]}
            of = {card: count / len(layouts) for card, count in times.items()}
            self.judged[state] = Chances(of, len(layouts))
        return self.judged[state]

    def slip(self, state: PlayState, card: Card) -> bool:
        """Whether ``card`` lowered the learner's chance of meeting the goal."""
        chances = self.chances(state)
        return chances.of[card] < chances.top

    def values(self, state: PlayState) -> dict[Card, int]:
        """The counted tricks of the whole deal after each legal card of the player to move."""
        assert state.to_play == self.learner
        return card_values(state, self.board)

    def best_value(self, values: dict[Card, int]) -> int:
        return max(values.values()) if self.wants_more else min(values.values())

    def cost(self, values: dict[Card, int], card: Card) -> int:
        """What ``card`` costs the learner's side against the best card."""
        best = self.best_value(values)
        return best - values[card] if self.wants_more else values[card] - best


def auction_misfit(events: list[Event], deal: Deal, level: int, strong: bool) -> Misfit | None:
    """How far a layout of the play is from fitting the deal's auction, as its call_made events
    tell it: the auction replayed from the hands before any exchange (the exchanges undone from
    the hands the play began with), each call of the beginner computer players checked against
    the call they make with the layout's hands. None where the auction tells nothing: no
    auction, or the strong computer players, whose calls are not replayed."""
    made = [
        (Seat.parse(e["seat"]), parse_call(e["call"])) for e in events if e["event"] == "call_made"
    ]
    if strong or not any(seat != deal.learner for seat, _ in made):
        return None
    hands = list(deal.positions[0].hands)
    dubel = set(BETEL_DECK) - set().union(*hands)
    for seat, call in reversed(made):
        hands[seat] = (hands[seat] - set(call.take)) | set(call.lay)
        dubel = (dubel - set(call.lay)) | set(call.take)
    order = made[0][0].clockwise()
    auction = Auction(
        hands=[hands[seat] for seat in order],
        dubel=sorted(dubel, key=lambda c: c.index),
        **level_options(level),
    )
    called = []
    for seat, call in made:
        called.append(Called(auction.state, seat, call, seat != deal.learner))
        auction.call(call)

    distance = explainer(called, order, deal.learner, "beginner")  # made once for every layout

    def misfit(layout: PlayState, bound: float) -> float:
        start = [before_exchanges(layout, called, seat) for seat in layout.profile.table]
        return distance(start, bound)

    return misfit


def taken(events: list[Event], learner: int) -> dict[int, frozenset[Card]]:
    """The cards each other player took from the face-up dubel and kept (spec §3)."""
    holder: dict[Card, int] = {}
    for event in events:
        if event["event"] == "call_made":
            call = parse_call(event["call"])
            holder.update({card: Seat.parse(event["seat"]) for card in call.take})
            for card in call.lay:
                holder.pop(card, None)
    held: dict[int, set[Card]] = {}
    for card, seat in holder.items():
        if seat != learner:
            held.setdefault(seat, set()).add(card)
    return {seat: frozenset(cards) for seat, cards in held.items()}


def contract_kind(contract: Contract) -> str:
    """The kind read off the contract's notation, not taken from the program."""
    text = str(contract)
    if text.startswith("pass"):
        return "free"
    if text == "Betel":
        return "betel"
    return "betelek" if re.fullmatch(r"B[0-3]", text) else "normal"


def made(contract: Contract, tricks: int) -> bool:
    """Spec §4: a normal contract of level n needs 5 + n tricks; a betelek allows its number,
    Betel none."""
    text = str(contract)
    if text == "Betel":
        return tricks == 0
    if re.fullmatch(r"B[0-3]", text):
        return tricks <= int(text[1])
    return tricks >= 5 + int(text[0])


def rebuild(end: Event) -> Deal | None:
    """The deal of ``end`` replayed from the start of play; None when trade swapped cards."""
    hands = [frozenset(parse_card(card) for card in end["hands"][seat]) for seat in SEATS]
    play = [(Seat.parse(seat), parse_card(card)) for seat, card in end["play"]]
    if any(card not in hands[seat] for seat, card in play):
        return None
    contract = Contract.parse(end["contract"])
    declarer = None if end["declarer"] is None else Seat.parse(end["declarer"])
    learner = Seat.parse(end["learner"])
    kind = contract_kind(contract)
    if kind == "free" or declarer is None:
        side, wants_more, counted_seat = "own", True, learner
    else:
        side = "declarer" if declarer == learner else "defender"
        wants_more = (side == "declarer") == (kind == "normal")
        counted_seat = declarer
    solver_kind = "normal" if kind == "free" else kind
    trump = contract.strain if kind in ("normal", "free") else None
    board = make_board(trump=trump, declarer=counted_seat, contract_kind=solver_kind)
    state = start_play(BETEL, hands, contract, declarer=declarer, leader=play[0][0])
    assert state.trump == trump
    positions = [state]
    for seat, card in play:
        assert state.to_play == seat and card in state.legal_moves(), (seat, card)
        state = play_card(state, card)
        positions.append(state)
    assert state.finished
    return Deal(
        end,
        contract,
        declarer,
        learner,
        side,
        kind,
        wants_more,
        counted_seat,
        board,
        positions,
        [card for _, card in play],
        closed=bool(end["closed"]),
    )


# -- the checks ---------------------------------------------------------------------------------


def check_end(deal: Deal, costly_call: bool) -> None:
    """best_tricks, tricks, counted, goal_met and stars of the deal_end; ``costly_call``: the
    deal's auction review named a costly call of the learner's (one that scores well below its
    alternative on average over the layouts they could face)."""
    end, start, final = deal.end, deal.positions[0], deal.final
    assert end["side"] == deal.side
    solution = solve_position(
        start.hands,
        trump=start.trump,
        declarer=deal.counted_seat,
        leader=start.leader,
        contract_kind="normal" if deal.kind == "free" else deal.kind,
    )
    best = solution.tricks
    assert end["best_tricks"] == best, "best_tricks is not the double-dummy result"
    taken = final.tricks_taken()
    assert end["tricks"] == {SEATS[seat]: taken[seat] for seat in range(3)}
    counted = taken[deal.counted_seat]
    assert end["counted"] == counted
    at_best = counted >= best if deal.wants_more else counted <= best
    goal = end["goal"]
    if not goal:
        met: bool | None = None
    else:
        ((name, value),) = goal.items()
        mine = taken[deal.learner]
        if name == "make":
            met = deal.side == "declarer" and made(deal.contract, counted)
        elif name == "defeat":
            met = deal.side == "defender" and not made(deal.contract, counted)
        elif name == "tricks_at_least":
            met = mine >= value
        elif name == "tricks_at_most":
            met = mine <= value
        else:
            assert name == "best", goal
            met = at_best
    # The whole deal counts: a costly call misses the goal however the play went.
    assert end["costly_call"] is costly_call
    if costly_call and met:
        met = False
    assert end["goal_met"] is met, f"goal {goal}: {counted} counted, best {best}"
    # Three stars for best play: best play's result reached and every card of the learner's a
    # best one (a defender's partner may still slip), never beside a review that faults a card
    # or a call.
    if deal.closed:  # every card among the best by the learner's chances
        clean = not any(deal.slip(state, card) for _, state, card in learner_turns(deal))
        at_best = True
    else:
        turns = learner_turns(deal)
        clean = all(deal.cost(deal.values(state), card) == 0 for _, state, card in turns)
    stars = 3 if at_best and clean and met is not False else 2 if met else 1
    if costly_call:
        stars = 1
    assert end["stars"] == stars


def learner_turns(deal: Deal) -> Iterator[tuple[int, PlayState, Card]]:
    """The learner's cards: the trick's number, the state before the card, the card."""
    for state, card in zip(deal.positions, deal.cards, strict=False):
        if state.to_play == deal.learner:
            yield len(state.tricks) + 1, state, card


def check_chance_review(deal: Deal, review: Event) -> None:
    """A closed deal's review: the first card that lowered the learner's chance, with its
    chance and a best card's, or none."""
    for trick, state, card in learner_turns(deal):
        chances = deal.chances(state)
        top, mine = chances.top, chances.of[card]
        if review["card"] is None or trick < review["trick"]:
            assert mine == top, f"{card} in trick {trick} lowered the chance first"
            continue
        assert trick == review["trick"] and str(card) == review["card"]
        assert review["measure"] == "chance" and mine < top
        better = parse_card(review["better"])
        assert chances.of[better] == top, f"{better} is not a best card"
        assert (review["chance"], review["better_chance"]) == (percent(mine), percent(top))
        return
    assert review["card"] is None, f"the learner played no card in trick {review['trick']}"


def percent(chance: float) -> int:
    return round(chance * 100)


def check_chance_hint(deal: Deal, hint: Event, played: int) -> None:
    """A closed deal's hint: the cards of the highest chance, every card's chance."""
    chances = deal.chances(deal.positions[played])
    top = chances.top
    assert hint["measure"] == "chance" and hint["layouts"] == chances.layouts >= 1
    assert hint["chances"] == {str(card): percent(chance) for card, chance in chances.of.items()}
    assert set(hint["best"]) == {str(card) for card, chance in chances.of.items() if chance == top}
    assert set(hint["costs"]) == {str(card) for card, chance in chances.of.items() if chance < top}
    assert all(cost > 0 for cost in hint["costs"].values())
    if hint["rule_wrong"]:
        assert hint["suggest"] is None and hint["rule_card"] in hint["costs"]
    else:
        assert hint["suggest"] in hint["best"] and hint["rule_card"] == hint["suggest"]


def check_review(deal: Deal, review: Event) -> None:
    if deal.closed:
        check_chance_review(deal, review)
        return
    if review["card"] is None:
        for trick, state, card in learner_turns(deal):
            cost = deal.cost(deal.values(state), card)
            assert cost == 0, f"clean review, but {card} in trick {trick} cost {cost}"
        return
    assert review["side"] == deal.side
    for trick, state, card in learner_turns(deal):
        values = deal.values(state)
        if trick < review["trick"]:
            assert deal.cost(values, card) == 0, f"{card} in trick {trick} cost a trick first"
            continue
        assert trick == review["trick"] and str(card) == review["card"]
        better = parse_card(review["better"])
        assert values[better] == deal.best_value(values), f"{better} is not a best card"
        assert deal.cost(values, card) == review["cost"] > 0
        return
    raise AssertionError(f"the learner played no card in trick {review['trick']}")


NAMES = ("South", "West", "North")


def start_of_line(deal: Deal, review: Event) -> PlayState:
    """The position at the reviewed card, on the layout the review shows, if any."""
    move = deal.cards.index(parse_card(review["card"]))
    state = deal.positions[move]
    assert state.to_play == deal.learner and len(state.tricks) + 1 == review["trick"]
    if not review.get("layout"):  # an open deal's entry has none
        return state
    hands = list(state.hands)
    for seat, cards in review["layout"].items():
        hands[SEATS.index(seat)] = frozenset(parse_card(c) for c in cards)
    return replace(state, hands=tuple(hands))


def replay_line(state: PlayState, line: list[list[str]]) -> PlayState:
    for seat, text in line:
        card = parse_card(text)
        assert Seat.parse(seat) == state.to_play, (seat, text)
        assert card in state.legal_moves(), f"{text} is not legal for {seat}"
        state = play_card(state, card)
    assert state.finished, "the line stops before the deal's end"
    return state


def check_line(deal: Deal, entry: Event) -> None:
    """A costly card named by a review: the line that punishes it is true, and its ``why``
    names the trick the line loses and the card that takes it there."""
    line, why = entry["line"], entry["why"]
    assert line and why, entry
    start = start_of_line(deal, entry)
    assert line[0] == [SEATS[deal.learner], entry["card"]]
    end = replay_line(start, line)
    counted = end.tricks_taken()[deal.counted_seat]
    if deal.closed:
        assert not deal.aim().met(counted), "the punishing line meets the goal"
    else:
        assert counted == card_values(start, deal.board)[parse_card(entry["card"])]
    number = int(re.search(r"trick (\d+)", why).group(1))  # type: ignore[union-attr]
    trick = end.tricks[number - 1]
    winning = trick.cards[(trick.winner - trick.leader) % 3]
    who = "you take" if trick.winner == deal.learner else f"{NAMES[trick.winner]} takes"
    assert f"{who} trick {number} with {winning}" in why, why


def check_lines(deal: Deal, review: Event, checked: Checked) -> None:
    """Every costly card the review names has a true line; in an open deal they are named in
    the order played, each costly where it was played, and every other card of the learner's
    was among the best."""
    named = [review, *review["more"]]
    for entry in named:
        check_line(deal, entry)
    checked.lines += len(named)
    checked.later += len(review["more"])
    checked.lined.add((deal.side, deal.kind, deal.closed))
    if deal.closed:
        return
    tricks = [entry["trick"] for entry in named]
    assert tricks == sorted(set(tricks)), tricks
    costly = {parse_card(entry["card"]) for entry in named}
    for _, state, card in learner_turns(deal):
        cost = deal.cost(deal.values(state), card)
        assert (cost > 0) == (card in costly), (card, cost)


def check_hint(deal: Deal, hint: Event, played: int) -> None:
    """The hint asked for after ``played`` cards of the deal."""
    state = deal.positions[played]
    values = deal.values(state)
    best = deal.best_value(values)
    assert {str(card) for card, value in values.items() if value == best} == set(hint["best"])
    costs = {str(card): deal.cost(values, card) for card in values if values[card] != best}
    assert hint["costs"] == costs
    if hint["rule_wrong"]:
        assert hint["suggest"] is None and hint["rule_card"] in costs
    else:
        assert hint["suggest"] in hint["best"] and hint["rule_card"] == hint["suggest"]


def check_run(run: Run) -> Checked:
    checked = Checked()
    for events in deals_of(run.transcript.events):
        end = events[-1]
        if end["learner"] is None:
            continue
        deal = rebuild(end)
        assert deal is not None, "a card was played from another seat's hand without trade"
        deal.misfit = auction_misfit(events, deal, run.level, run.seed == STRONG)
        deal.held = taken(events, deal.learner)
        checked.deals += 1
        checked.kinds.add((deal.side, deal.kind))
        auction = [event for event in events if event["event"] == "auction_review"]
        check_end(deal, any(review["costly"] for review in auction))
        (review,) = [event for event in events if event["event"] == "review"]
        check_review(deal, review)
        if review["card"] is None:
            checked.clean += 1
        else:
            checked.reviews += 1
            check_lines(deal, review, checked)
        cards = 0
        for event in events:
            if event["event"] == "card_played":
                cards += 1
            elif event["event"] == "hint":
                (check_chance_hint if deal.closed else check_hint)(deal, event, cards)
                checked.hints += 1
    return checked


def check_claims(run: Run) -> Checked:
    """Every claim of ``run`` holds, over enough deals; the learner who plays the solver's best
    card asked for a hint at every card and was never faulted."""
    checked = check_run(run)
    assert checked.deals >= 6
    if run.learner.best:
        assert checked.hints >= 10 * checked.deals  # one at every card of the learner's
        assert checked.reviews == 0  # the solver's own cards cost nothing
    return checked


def sides_and_kinds(runs: Runs, levels: Iterable[int]) -> Counter[tuple[str, str]]:
    """How often the learner took each side of each kind of contract in the runs of
    ``levels``."""
    seen: Counter[tuple[str, str]] = Counter()
    for key in keys(levels):
        for end in runs.get(key).transcript.of("deal_end"):
            seen[end["side"], contract_kind(Contract.parse(end["contract"]))] += 1
    return seen


@dataclass(frozen=True)
class LevelTests:
    """The tests of one module ``tests/test_tutor_trust_levels_*.py``: its runs, shared by its
    tests, and what they check of the runs of its levels."""

    runs: Callable[[pytest.TempPathFactory], Runs]
    claims: Callable[[Runs, int, str, str], None]
    sides: Callable[[Runs], None]
    lines: Callable[[Runs], None]


def level_tests(group: tuple[int, ...]) -> LevelTests:
    """The tests of the levels of ``group``: every claim of each run checked against the solver,
    and the sides and kinds of contract the runs show the learner exactly those
    :data:`GROUPS` gives the group."""

    @pytest.fixture(scope="module")
    def runs(tmp_path_factory: pytest.TempPathFactory) -> Runs:
        return Runs(tmp_path_factory)

    @pytest.mark.parametrize("kind", LEARNERS)
    @pytest.mark.parametrize("seed", SEEDS)
    @pytest.mark.parametrize("level", group)
    def claims(runs: Runs, level: int, seed: str, kind: str) -> None:
        runs.checked[level, seed, kind] = check_claims(runs.get((level, seed, kind, "no")))

    def sides(runs: Runs) -> None:
        seen = sides_and_kinds(runs, group)
        assert set(seen) == GROUPS[group], seen

    def lines(runs: Runs) -> None:
        """Costly cards named with their lines in every side and kind of contract of the group,
        in open deals and closed ones, several a deal now and then."""
        lined: set[tuple[str, str, bool]] = set()
        later = 0
        for level, seed, kind, _ in keys(group):
            checked = runs.checked.get((level, seed, kind))
            if checked is None:  # its claims test did not run first (a test picked alone)
                checked = check_run(runs.get((level, seed, kind, "no")))
            lined |= checked.lined
            later += checked.later
        assert {(side, kind) for side, kind, _ in lined} == GROUPS[group], lined
        assert {closed for _, _, closed in lined} == {False, True}, lined
        assert later >= 3

    return LevelTests(runs, claims, sides, lines)
