"""What the tutor tells its front ends: events, one value per thing that happened.

The session core never prints. Every phase returns events; a front end shows them: the line
front end prints each event's ``text`` (already in the learner's language), ``learn --json``
writes :meth:`Event.to_json` as one JSON object per line. The structured fields hold values
(:class:`Card`, :class:`Call`, :class:`Contract`, :class:`Seat`) that a front end formats: the
line and full-screen front ends in the learner's language (:mod:`betel_tutor.display`), the JSON
one in the notation a learner types (cards ``♠A``, calls ``2♠``, seats by letter ``S W N E``),
so a script can answer a ``prompt`` with one of its ``choices``. A seat in an event is a player
(:data:`betel_tutor.tutor.table.PLAYERS`: a seat of a four-seat table, East the fourth player
of level 10), never a table seat's index: compare it with other players, not with ``Seat(0)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from betel_tutor.auction import Call
from betel_tutor.cards import Card, Suit
from betel_tutor.contracts import Contract
from betel_tutor.penalty import DeclarerOption
from betel_tutor.seats import Seat

Choice = str | Card | Call | Suit | DeclarerOption
"""One of a prompt's legal inputs: a value where the input names one, else the word typed."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something to show. ``text`` is what the line front end prints ("" for nothing)."""

    kind: ClassVar[str] = "message"
    text: str

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.kind}
        for item in fields(self):
            out[item.name] = _plain(getattr(self, item.name))
        return out


def _plain(value: Any) -> Any:
    """A field as JSON: seats by letter, cards, calls and contracts in their canonical
    notation (``str``), tuples as lists."""
    if isinstance(value, Seat):
        return value.letter
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, dict):
        return {str(_plain(key)): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return str(value)


@dataclass(frozen=True, slots=True)
class Message(Event):
    """Lesson text, a step's heading, a note: words with no structure to report."""


@dataclass(frozen=True, slots=True)
class TableText(Message):
    """Words that say what the table shows (hands, the trick so far, the legal cards): a line
    front end prints them; one that draws the table leaves them out."""


@dataclass(frozen=True, slots=True)
class LessonText(Message):
    """A lesson's own words: ``text`` plain for a line, ``markdown`` for a front end that
    renders it (emphasis, lists; cards already written ``♠A``)."""

    markdown: str = ""


@dataclass(frozen=True, slots=True)
class Prompt(Event):
    """The tutor waits for the learner: what it expects, and the legal inputs when finite."""

    kind: ClassVar[str] = "prompt"
    expects: str = "continue"
    choices: tuple[Choice, ...] | None = None
    # The answer is the learner's alone (a puzzle's card): hint, undo and open are refused
    # there, so a front end offers no key for them.
    unaided: bool = False
    # A hint is given here (``hint``, the full screen's F2): a call, a card of a deal, a quiz's
    # answer; not a menu, a yes/no question, naming trumps or a puzzle.
    hint: bool = False


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    kind: ClassVar[str] = "card_played"
    seat: Seat | None = None
    card: Card | None = None
    reason: str | None = None  # a computer player's reason, in open deals
    wins: Seat | None = None  # the seat that took the trick, when the card completed it


@dataclass(frozen=True, slots=True)
class CallMade(Event):
    kind: ClassVar[str] = "call_made"
    seat: Seat | None = None
    call: Call | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Offered(Event):
    """An offer of trade answered (levels 9–10): who made it to whom, in the offer notation,
    how it ended, and in open deals why the computer players made and answered it."""

    kind: ClassVar[str] = "offer"
    offerer: Seat | None = None
    to: Seat | None = None
    offer: str = ""  # as a learner types it, with the seats of this deal's table
    outcome: str = ""  # accepted, declined, lapsed
    reason: str | None = None  # the offerer's reason (a computer player, open deals)
    answer_reason: str | None = None  # the addressee's reason (a computer player, open deals)


@dataclass(frozen=True, slots=True)
class Refused(Event):
    """The learner's input was not accepted: why (a catalog key) and the rule it breaks."""

    kind: ClassVar[str] = "refused"
    input: str = ""
    reason: str = ""
    rule: int | None = None


@dataclass(frozen=True, slots=True)
class Hint(Event):
    kind: ClassVar[str] = "hint"
    best: tuple[Card, ...] = ()
    costs: dict[Card, int] = field(default_factory=dict)  # every other card: tricks it costs
    # the rule of thumb's card (always one of the best), the strong player's call, or the
    # points to bid for the first exchange, as typed
    suggest: Card | Call | str | None = None
    suggest_reason: str | None = None
    rule_card: Card | None = None  # the card the rule of thumb names
    rule_wrong: bool = False  # it is not among the best: the hint says so
    call: Call | None = None  # at a call or bid prompt: the strong player's call
    reason: str | None = None  # at a call prompt: why, from its sampled deals
    # what ``costs`` counts: tricks (double dummy, open deals) or the percentage points of the
    # chance of meeting the goal over the layouts the learner could face (closed deals)
    measure: str = "tricks"
    chances: dict[Card, int] = field(default_factory=dict)  # closed deals: each card's chance, %
    layouts: int = 0  # closed deals: the layouts the chances were judged over


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """A quiz's final answer checked (once per quiz): right or not, the right answer, the tries
    it took (a wrong first answer gets a second), and for a score how it comes about."""

    kind: ClassVar[str] = "answered"
    right: bool = False
    answer: str = ""
    tries: int = 1
    breakdown: tuple[str, ...] = ()  # a score's steps, as ``explain score`` words them


@dataclass(frozen=True, slots=True)
class DealEnd(Event):
    kind: ClassVar[str] = "deal_end"
    deal: str = ""  # the lesson's deal id
    closed: bool = False  # one of the closed deals that pass the level
    retry: bool = False  # played again after its goal was missed
    contract: Contract | None = None  # free play (``pass`` in JSON) included
    declarer: Seat | None = None
    doubled: bool = False
    tricks: dict[Seat, int] = field(default_factory=dict)
    hands: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)  # as dealt
    play: tuple[tuple[Seat, Card], ...] = ()
    goal: dict[str, int] = field(default_factory=dict)
    goal_met: bool | None = None
    learner: Seat | None = None  # the learner's seat (None while resting)
    side: str | None = None  # declarer, defender or own (free play)
    best_tricks: int | None = None  # best play's result at the start: the counted tricks
    counted: int | None = None  # the tricks counted at the end (the declarer's, or own)
    stars: int = 0
    costly_call: bool = False  # a bid of the learner's the auction review finds beaten
    score: dict[Seat, int] = field(default_factory=dict)
    practice: bool = False
    breakdown: tuple[str, ...] = ()  # how the contract scored, the dubel penalty, a prediction


@dataclass(frozen=True, slots=True)
class Review(Event):
    kind: ClassVar[str] = "review"
    trick: int | None = None
    card: Card | None = None
    better: Card | None = None
    cost: int = 0  # tricks the card cost the learner's side (closed deals: points of chance)
    side: str | None = None  # declarer, defender or own: whose tricks ``cost`` counts
    measure: str = "tricks"  # tricks (double dummy) or chance (closed deals, single dummy)
    chance: int | None = None  # closed deals: the card's chance of meeting the goal, %
    better_chance: int | None = None  # closed deals: the better card's chance, %
    # closed deals, a weaker card that came off: the unseen cards, as they remained at that
    # card, re-dealt so that it misses the goal and the better card meets it
    layout: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)
    # the punishing line: the learner's card, then best play by everybody to the deal's end
    # (closed deals: on ``layout``), and why it cost, read off against the better card's line
    line: tuple[tuple[Seat, Card], ...] = ()
    why: str = ""
    # every later costly card, in the order played, each with the fields above that concern
    # it: trick, card, better, cost (closed deals also chance, better_chance, layout), line, why
    more: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Solution(Event):
    """``solution`` after a deal: best play for the learner's side from the first card. Each
    trick: its number (``trick``), its ``cards`` as ``(seat, card)`` in the order played, its
    ``winner``, and its ``reason``: the ``technique`` (``docs/techniques.md``) and its ``text``."""

    kind: ClassVar[str] = "solution"
    deal: str = ""
    counted: Seat | None = None  # whose tricks ``result`` counts: the declarer, or own
    result: int = 0  # their tricks at the end of the line
    tricks: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class AuctionReview(Event):
    """After a deal with an auction: the learner's tricks as declarer with best play in each
    strain (or kind) open at their first call, the best contract, their bid and what it cost."""

    kind: ClassVar[str] = "auction_review"
    table: dict[str, int] = field(default_factory=dict)  # column (♣ ♦ ♥ ♠ NT betelek betel)
    best: Contract | None = None  # the highest open contract best play makes
    bid: Call | Contract | None = None  # the learner's highest declaration, else first call
    cost: int = 0  # the tricks by which their declaration is beaten with best play
    # their declaration's average score over the layouts they could face (None: no declaration)
    average: float | None = None
    layouts: int = 0  # how many layouts that average is over
    # each costly call of the learner's (as typed) with the points it lost on average against
    # the best call open there, over the layouts they could face at it
    costly: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True, slots=True)
class LevelEnd(Event):
    kind: ClassVar[str] = "level_end"
    level: int = 0
    done: bool = False
    stars: int = 0


@dataclass(frozen=True, slots=True)
class Bye(Event):
    """The session is over (``quit``); progress has been saved."""

    kind: ClassVar[str] = "bye"


def lines(events: Sequence[Event]) -> list[str]:
    """The events as the line front end shows them, one line per list item."""
    out: list[str] = []
    for event in events:
        if isinstance(event, Prompt):  # the front end asks with it, it is not a line
            continue
        if event.text or isinstance(event, Message):
            out.extend(event.text.split("\n"))
    return out
