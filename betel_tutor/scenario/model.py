"""The scenario model: plain frozen dataclasses, as loaded from a scenario file.

A scenario file is a lesson (an education level with steps), a set of practice deals, or a
board with notes. Everything an author states that the engine can check — quiz answers, the
winner underlined in a note, a scripted auction or play — is kept here with its position so
the checker can prove it or say exactly where it is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from betel_tutor.cards import Card
from betel_tutor.contracts import Contract
from betel_tutor.notes import Note as Note
from betel_tutor.notes import Text as Text
from betel_tutor.profiles import Game as Game
from betel_tutor.profiles import Profile, played_by
from betel_tutor.scenario.conditions import Condition
from betel_tutor.scenario.source import Position
from betel_tutor.seats import SOUTH, Seat
from betel_tutor.trade.model import Offer

Kind = Literal["lesson", "practice", "board"]
QuizKind = Literal[
    "trick-winner",
    "legal-cards",
    "score",
    "call-legal",
    "odds",
    "laydown",
    "offer-legal",
    "count-tricks",
]


@dataclass(frozen=True, slots=True)
class LevelOptions:
    """The rules a level switches on (spec §9). Levels 1–4 fix the contract with no auction:
    ``contract`` is B3, Betel…, or free play (:func:`~betel_tutor.contracts.free_play`, written
    ``pass``) for levels 1–2; ``None`` when the auction decides."""

    auction: bool = True
    contract: Contract | None = None
    dealer_names_trump: bool = False  # level 2: the dealer names the trump suit
    normal: bool = True
    betelki: bool = True
    exchange: bool = True
    kontra: bool = True
    trade: bool = False
    scoring: Literal["points", "chips"] | None = None


@dataclass(frozen=True, slots=True)
class Constraint:
    """A condition on a dealt hand: ``seat`` (``None``: the dubel) holds between ``at_least``
    and ``at_most`` cards of ``suit`` (or of ``rank``, or all of ``cards``), or with ``hcp``
    that many high-card points (A 4, K 3, Q 2, J 1)."""

    seat: Seat | None
    suit: str | None = None
    rank: str | None = None
    cards: tuple[Card, ...] = ()
    at_least: int | None = None
    at_most: int | None = None
    position: Position | None = None
    hcp: bool = False


@dataclass(frozen=True, slots=True)
class TradeSpec:
    """A scripted offer (spec §8) and its answer: made after ``after`` calls and cards of the
    script; ``answer`` is "accept", "decline" or the card that makes a general offer precise
    (rule 20)."""

    after: int
    offer: Offer
    text: str  # the offer as written
    answer: str | Card
    position: Position | None = None  # of the offer
    answer_at: Position | None = None


@dataclass(frozen=True, slots=True)
class PredictionSpec:
    """The resting fourth player's prediction after the auction (spec §7): ``made`` True or
    False, ``None`` when they decline."""

    made: bool | None
    position: Position | None = None


@dataclass(frozen=True, slots=True)
class PenaltyEvent:
    """A bridge deal's penalty cards (Law 50, 51), scripted: before card ``after`` + 1 is
    played, ``seat`` (a defender) exposes the ``expose`` cards (``minor`` the minor ones), or
    the declarer takes ``option`` (``require:♠``, ``forbid:♠,♥``, ``none``) before the partner
    of a defender with penalty cards leads, or ``designate``s the penalty card to be played."""

    after: int
    seat: Seat | None = None
    expose: tuple[Card, ...] = ()
    minor: tuple[Card, ...] = ()
    option: str | None = None
    designate: Card | None = None
    position: Position | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class DealSpec:
    """A deal: fixed hands and dubel, or a seed with optional constraints; optionally scripted.

    ``hands`` are by absolute seat (Betel: 0 South, 1 West, 2 North; bridge: N E S W).
    ``auction`` and ``play`` may be partial. ``contract``/``declarer`` give the contract when
    there is no scripted auction (levels 1–4 and watched deals); ``contract`` is free play
    (written ``pass``, its trump in ``trump``) or ``None`` when not given. With trade (level 9),
    ``first_exchange`` holds the bids for the first exchange from the dealer clockwise (rules
    9–10) and ``trades`` the offers in the order made; ``resting`` says a fourth player rests
    (spec §7: they sit East, outside the three table seats) and ``prediction`` is theirs.
    """

    id: str
    game: Game = Game.BETEL
    variant: str | None = None
    dealer: Seat = SOUTH  # of the deal's table: seat 0 is North at a bridge table
    hands: tuple[tuple[Card, ...], ...] | None = None
    dubel: tuple[Card, ...] = ()
    seed: int | str | None = None
    constraints: tuple[Constraint, ...] = ()
    conditions: tuple[Condition, ...] = ()  # constraints written as a line (conditions.py)
    auction: tuple[str, ...] | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    trump: str | None = None
    play: tuple[Card, ...] = ()
    notes: tuple[Note, ...] = ()
    first_exchange: tuple[int, ...] | None = None
    trades: tuple[TradeSpec, ...] = ()
    resting: bool = False
    prediction: PredictionSpec | None = None
    penalties: tuple[PenaltyEvent, ...] = ()
    title: Text | None = None
    board: int | None = None  # a bridge board's number
    vulnerable: str | None = None  # a bridge board's: none, NS, EW, all
    doubled: int = 0  # a bridge deal's contract: 1 doubled (4♠X), 2 redoubled (4♠XX)
    result: int | None = None  # a bridge board's result: the declarer's tricks
    # Where, when, how and by whom a bridge board was played (PBN's Site, Date, Scoring and
    # the players by seat N E S W, "" for one not named), as its file says.
    site: str | None = None
    date: str | None = None
    scoring: str | None = None
    players: tuple[str, ...] | None = None
    room: str | None = None  # of a board played at several tables: Open, Closed, a table's
    # A bridge auction's alerted calls: (the call's number from 1, its explanation).
    alerts: tuple[tuple[int, str], ...] = ()
    position: Position | None = None
    # Left out of the hash (a dict has none): a deal is hashed to replay it once (script.py).
    where: dict[str, Position] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        # A deal of four seats (bridge) numbers them from North: the seat of its own table.
        object.__setattr__(self, "game", Game(self.game))
        count = self.profile.seats
        object.__setattr__(self, "dealer", Seat(self.dealer, count))
        if self.declarer is not None:
            object.__setattr__(self, "declarer", Seat(self.declarer, count))

    @property
    def profile(self) -> Profile:
        """How the deal is played: its game's profile, or its variant's."""
        return played_by(self.game, self.variant)

    def current_notes(self) -> tuple[Note, ...]:
        """The notes in force: of several versions of one id, the newest replaces the others."""
        newest: dict[str, Note] = {}
        for note in self.notes:
            if note.id not in newest or note.version > newest[note.id].version:
                newest[note.id] = note
        return tuple(note for note in self.notes if newest[note.id] is note)


@dataclass(frozen=True, slots=True)
class Quiz:
    """A question with the author's answer, which the checker proves against the engine.

    ``params`` hold the question's data by kind: ``trick``/``trump``/``variant``/``leader`` (the
    seat that led, South by default: a seat's name answers who wins) for trick-winner;
    ``hand``/``trick``/``trump``/``betel_defender`` for legal-cards;
    ``contract``/``tricks``/``doubled`` for score; ``auction``/``call``/``options`` for
    call-legal; ``hold``/``dubel``/``split`` for odds; ``hand``/``dubel_cards``/``contract``
    for laydown (answer: true if the laydown check proves it, false if it refutes it).
    ``wrong`` maps a wrong answer to the author's note on it.
    """

    kind: QuizKind
    question: Text
    answer: Any
    params: dict[str, Any]
    explanation: Text | None = None
    position: Position | None = None
    where: dict[str, Position] = field(default_factory=dict)
    # wrong answers as a learner types them (``♠A``, ``West``, ``no``) and the author's note on
    # each, shown when that answer is given; the checker proves each one wrong
    wrong: dict[str, Text] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ReadStep:
    text: Text
    position: Position | None = None
    # Where each language's text begins (its example tricks are reported by line).
    text_positions: dict[str, Position] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True, slots=True)
class PlayStep:
    """Play ``deal`` from ``seat``; ``goal`` like ``{"tricks_at_least": 6}`` (one of
    ``tricks_at_least``, ``tricks_at_most``, ``make``, ``defeat``, ``best``: spec §12.8, flags
    as 1); ``open`` shows all hands (na widno). ``goal_at`` is where the goal is written. An
    ``optional`` deal is offered, not required: the steps of one optional round (level 3's
    further betelki, spec §12.2) are played only when the learner chooses to, and do not count
    for passing the level."""

    deal: str
    seat: Seat
    goal: dict[str, int]
    open: bool = False
    text: Text | None = None
    position: Position | None = None
    goal_at: Position | None = None
    optional: bool = False
    # where each language of ``text`` is written ("text.en"), for the checker
    where: dict[str, Position] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True, slots=True)
class WatchStep:
    """Watch ``deal`` played out; ``comments`` are said one after each trick, in order (a
    worked example commented trick by trick)."""

    deal: str
    text: Text | None = None
    position: Position | None = None
    comments: tuple[Text, ...] = ()
    # where each language of ``text`` and of each comment is written ("text.en",
    # "comments.0.pl"), for the checker
    where: dict[str, Position] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True, slots=True)
class QuizStep:
    quiz: Quiz
    position: Position | None = None


@dataclass(frozen=True, slots=True)
class MatchStep:
    """A match (spec §7, level 10): deals dealt from a seed with the dealer rotating, each a
    full auction with the lesson's options, until a player reaches ``target``. ``scoring``
    ``None`` takes the lesson's ``options.scoring`` (points when that is not set either)."""

    scoring: Literal["points", "chips"] | None = None
    target: int = 1000
    text: Text | None = None
    position: Position | None = None


Step = ReadStep | PlayStep | WatchStep | QuizStep | MatchStep


@dataclass(frozen=True, slots=True)
class Scenario:
    """One scenario file."""

    path: str
    kind: Kind
    id: str
    title: Text
    level: int | None = None
    text: Text | None = None
    options: LevelOptions = LevelOptions()
    deals: tuple[DealSpec, ...] = ()
    steps: tuple[Step, ...] = ()
    quizzes: tuple[Quiz, ...] = ()

    def deal(self, deal_id: str) -> DealSpec | None:
        return next((d for d in self.deals if d.id == deal_id), None)

    def all_quizzes(self) -> tuple[Quiz, ...]:
        in_steps = tuple(step.quiz for step in self.steps if isinstance(step, QuizStep))
        return in_steps + self.quizzes
