"""A deal at the tutor's table, and who sits at it.

Three players play each deal; the learner sits South. With the fourth player of level 10
(``learn --fourth``, spec §7) four players take turns: one of them rests each deal, and the
three others sit at the table in clockwise order, so the table's seats 0, 1, 2 are named by the
players who sit there (South, North, East when West rests; West, North, East when the learner
rests).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from betel_tutor.auction import Auction, AuctionState, Call
from betel_tutor.bots import Choice
from betel_tutor.bots.strong import player
from betel_tutor.bots.trading import Trader
from betel_tutor.cards import Card
from betel_tutor.dealing import Deal
from betel_tutor.play import DealPlay, PlayState
from betel_tutor.scenario.model import PlayStep
from betel_tutor.seats import Seat
from betel_tutor.solver.advice import Advisor
from betel_tutor.solver.single_dummy import Aim, Judgement
from betel_tutor.trade import Ledger, Offer
from betel_tutor.tutor.call_values import CallVerdict, Tricks
from betel_tutor.tutor.goals import Outlook

LEARNER = Seat(0)  # the learner's seat when they play: table seats are absolute (0 S, 1 W, 2 N)


# The players, named after where they sit: the compass seats of a four-seat table, so that
# the fourth player of level 10 (East) is one of them; South is the learner.
Player = Seat
SOUTH, WEST, NORTH, EAST = (Seat.parse(letter, 4) for letter in "SWNE")
PLAYERS = (SOUTH, WEST, NORTH, EAST)  # clockwise; East is the fourth player of level 10
THREE = (SOUTH, WEST, NORTH)


@dataclass
class Rest:
    """The resting fourth player of a deal and their prediction (spec §7)."""

    player: Player
    predicted: bool | None = None  # True: made, False: defeated, None: declined (or not yet)

    @property
    def learner(self) -> bool:
        return self.player == SOUTH


@dataclass
class Trading:
    """The trade of one deal at the table."""

    traders: dict[int, Trader]
    ledger: Ledger = field(default_factory=Ledger)
    to_learner: list[Offer] = field(default_factory=list)  # waiting for the learner's answer
    rounds_done: int = -1  # the number of moves after which the last round was held
    bids: list[int] = field(default_factory=list)  # first-exchange bids so far, from the dealer
    why: dict[Offer, tuple[str, dict[str, object]]] = field(default_factory=dict)  # open deals


@dataclass(frozen=True, slots=True)
class Called:
    """A call of the deal's auction: the auction just before it, who made it (table seat),
    whether a computer player chose it by its hand (not the learner's, not bound by a
    trade), so that it tells the learner something of that hand, and whether its caller was
    bound to make it by a trade (rule 20: the call was sold), so that nobody is faulted
    for it."""

    before: AuctionState
    seat: Seat
    call: Call
    chosen: bool
    bound: bool = False


@dataclass
class Table:
    """A deal at the table: its auction (levels 5–10), then its play."""

    play: DealPlay | None
    step: PlayStep
    open: bool
    practice: bool = False  # an undo makes the deal practice: it is not scored
    auction: Auction | None = None
    order: tuple[Seat, ...] = LEARNER.clockwise()  # absolute seats from the dealer, for the auction
    hands: tuple[frozenset[Card], ...] = ()
    doubled: bool = False
    dealt: Deal | None = None
    calls: tuple[Call, ...] | None = None
    replay: bool = False  # a replay is never scored and does not move the lesson on
    names: tuple[Player, ...] = THREE  # who sits at table seats 0, 1, 2
    rest: Rest | None = None  # the fourth player resting this deal (level 10 with --fourth)
    strength: str = "beginner"  # the computer players: beginner, club or strong
    advisor: Advisor = field(default_factory=Advisor)  # the solver's tables for hints, review
    trading: Trading | None = None  # levels 9–10 with trade (spec §8)
    outlook: Outlook | None = None  # the learner's side and best play's result, from the start
    penalties: tuple[int, ...] = (0, 0, 0)  # dubel penalties by table seat (spec §3, §12.3)
    retry: bool = False  # the deal played again after its goal was missed
    goal_met: bool | None = None  # once the deal is over: whether the learner reached the goal
    stars: int = 0  # once the deal is over: its stars (:func:`betel_tutor.tutor.dealend.stars`)
    costly_trick: int | None = None  # once the deal is over: the trick of the card the review names
    later_costly: tuple[int, ...] = ()  # and the tricks of its later costly cards, in order
    first_call: tuple[AuctionState, Call] | None = None  # the learner's, for the auction review
    learner_calls: list[Call] = field(default_factory=list)  # in this deal's auction
    called: list[Called] = field(default_factory=list)  # every call of this deal's auction
    # closed deals: the learner's cards judged by their chances, by what the learner has seen
    judged: dict[tuple[str, Aim], Judgement] = field(default_factory=dict)
    # the learner's calls judged for the auction's review, by the call's number and whether
    # the deal is judged open, and the solves they share: judged as each call is made
    # (:mod:`betel_tutor.tutor.ahead`), so that the review after the last card assembles them
    call_verdicts: dict[tuple[int, bool], CallVerdict] = field(default_factory=dict)
    tricks: Tricks = field(default_factory=Tricks)
    _computer: Callable[[PlayState], Choice] | None = None

    @property
    def computer(self) -> Callable[[PlayState], Choice]:
        """The computer players' choice of card (one player object for the deal)."""
        if self._computer is None:
            self._computer = player(self.strength)
        return self._computer

    @property
    def learner_seat(self) -> Seat | None:
        """The learner's table seat, or None when the learner rests this deal."""
        return None if self.rest is not None and self.rest.learner else LEARNER


def resting_player(deal_number: int) -> Player:
    """Who rests in the ``deal_number``-th deal (from 1) of level 10 with four players: West,
    North, East, then the learner, and so on, so the learner rests on deals 4, 8, …"""
    return SOUTH.next(deal_number)


def seated(resting: Player) -> tuple[Player, ...]:
    """The three players at the table while ``resting`` rests, clockwise from South's side."""
    return tuple(player for player in PLAYERS if player != resting)
