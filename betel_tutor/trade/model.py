"""The values of trade (handel, spec §8): offers, the moment they are made, and the ledger.

Seats are table seats (0, 1, 2 clockwise), the same as the hands; an :class:`AuctionState`
counts its seats from the dealer, so :class:`Moment` converts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from betel_tutor.auction import AuctionState, Call
from betel_tutor.cards import Card, Suit
from betel_tutor.play import PlayState
from betel_tutor.seats import SOUTH, Seat, seats

OfferKind = Literal["swap", "call", "play", "show", "see"]
Outcome = Literal["accepted", "declined", "lapsed"]
SEATS = 3
LOWEST, HIGHEST = 5, 50  # rule 21: one offer is worth 5 to 50 points


@dataclass(frozen=True, slots=True)
class Offer:
    """One offer from ``offerer`` to ``to``. ``price`` is what the offerer pays the addressee
    (negative: what the addressee pays the offerer); 0 only for free swaps and showings.

    - ``swap``: the offerer gives ``give`` for ``want``; ``want`` ``None`` is a general offer
      for any card (of ``suit`` when given) that the acceptor makes precise (rule 20).
      Buying a card is a swap that pays; selling one is a swap that is paid.
    - ``call`` / ``play``: whichever of the two moves next makes ``call`` or plays ``card``.
    - ``show`` / ``see``: the offerer shows the addressee (``see``: the addressee shows the
      offerer) the cards of ``suit``, or the whole hand when ``suit`` is ``None``.
    """

    kind: OfferKind
    offerer: Seat
    to: Seat
    price: int = 0
    give: Card | None = None
    want: Card | None = None
    suit: Suit | None = None
    call: Call | None = None
    card: Card | None = None

    @property
    def payer(self) -> Seat:
        return self.offerer if self.price >= 0 else self.to

    @property
    def payee(self) -> Seat:
        return self.to if self.payer == self.offerer else self.offerer

    @property
    def shower(self) -> Seat:
        return self.offerer if self.kind == "show" else self.to

    @property
    def general(self) -> bool:
        return self.kind == "swap" and self.want is None


@dataclass(frozen=True, slots=True)
class Moment:
    """What trade needs to know of the deal when an offer is made or answered."""

    hands: tuple[frozenset[Card], ...]  # by table seat, exchanges and swaps included
    dealer: Seat = SOUTH
    auction: AuctionState | None = None  # while the auction runs
    play: PlayState | None = None  # once the contract is being played

    @classmethod
    def of_auction(
        cls, auction: AuctionState, dealer: int, hands: tuple[frozenset[Card], ...]
    ) -> Moment:
        """During the auction: ``hands`` by table seat; the auction's own hands (counted from
        the dealer, exchanges made) take their place when it follows them."""
        if auction.hands is not None:
            hands = tuple(auction.hands[seat.distance_from(dealer)] for seat in seats())
        return cls(hands, Seat(dealer), auction=auction)

    @classmethod
    def of_play(cls, play: PlayState, dealer: int) -> Moment:
        return cls(play.hands, Seat(dealer), play=play)

    def with_hands(self, hands: tuple[frozenset[Card], ...]) -> Moment:
        """The same moment after cards changed hands (a swap): the auction or play follows."""
        auction, play = self.auction, self.play
        if auction is not None and auction.hands is not None:
            by_auction_seat = tuple(hands[seat] for seat in self.dealer.clockwise())
            auction = replace(auction, hands=by_auction_seat)
        if play is not None:
            play = replace(play, hands=hands)
        return replace(self, hands=hands, auction=auction, play=play)

    @property
    def phase(self) -> Literal["auction", "play", "over"]:
        if self.play is not None:
            return "over" if self.play.finished else "play"
        if self.auction is not None and not self.auction.finished:
            return "auction"
        return "over"

    @property
    def to_move(self) -> Seat | None:
        """The table seat about to call or play."""
        if self.phase == "play":
            assert self.play is not None
            return self.play.to_play
        if self.phase == "auction":
            assert self.auction is not None
            return self.seat(self.auction.to_call)
        return None

    def seat(self, auction_seat: int) -> Seat:
        return AuctionState.table_seat(auction_seat, self.dealer)

    def auction_seat(self, seat: int) -> int:
        return AuctionState.auction_seat(seat, self.dealer)

    def silenced(self, seat: int) -> bool:
        """Rule 17: nobody shows cards after their own pass or kontra during the auction."""
        if self.auction is None:
            return False
        mine = self.auction_seat(seat)
        return any(s == mine and c.kind != "declare" for s, c in self.auction.calls)

    @property
    def declared(self) -> bool:
        """A contract has been declared (rule 17: cards are shown only from then on)."""
        if self.play is not None:
            return self.play.declarer is not None
        return self.auction is not None and self.auction.standing is not None

    @property
    def stage(self) -> tuple[str, int]:
        """What has happened so far, as far as offers go: the calls made during the auction,
        the tricks completed during the play. An offer declined at one stage may be made
        again at a later one (something has changed)."""
        if self.play is not None:
            return ("play", len(self.play.tricks))
        return ("auction", len(self.auction.calls) if self.auction is not None else 0)

    @property
    def standing_declarer(self) -> Seat | None:
        """During the auction: the table seat whose declaration stands, if any (§12.4)."""
        if self.phase != "auction" or self.auction is None or self.auction.declarer is None:
            return None
        return self.seat(self.auction.declarer)

    @property
    def declarer(self) -> Seat | None:
        if self.play is not None:
            return self.play.declarer
        return None


@dataclass(frozen=True, slots=True)
class Record:
    """One offer in the deal's history: when it was made (``moves`` calls and cards before
    it), how it ended, and the card that made a general offer precise."""

    offer: Offer
    outcome: Outcome
    moves: int
    precise: Card | None = None
    reason: str | None = None  # why it was declined, when the rules made it so (rule 20)
    stage: tuple[str, int] | None = None  # :attr:`Moment.stage` when it was answered


@dataclass(frozen=True, slots=True)
class Ledger:
    """Everything trade has done in one deal: points by seat (between players), what the bank
    received (rules 9, 19), the history, the cards each seat has been shown, and the moves
    players are bound to make."""

    points: tuple[int, ...] = (0, 0, 0)
    bank: int = 0
    records: tuple[Record, ...] = ()
    shown: frozenset[tuple[int, Card]] = frozenset()  # (viewer, card)
    bound: tuple[tuple[int, Offer], ...] = ()  # (seat, the accepted call or play offer)
    first_bids: tuple[int, ...] = ()  # rule 9: bids for the first exchange, from the dealer
    first_caller: Seat | None = None  # rule 10: who bought the first exchange

    def pay(self, payer: int, payee: int | None, amount: int) -> Ledger:
        """``payer`` pays ``amount`` to ``payee``, or to the bank when ``payee`` is ``None``."""
        points = list(self.points)
        points[payer] -= amount
        bank = self.bank
        if payee is None:
            bank += amount
        else:
            points[payee] += amount
        return replace(self, points=tuple(points), bank=bank)

    def seen_by(self, viewer: int) -> frozenset[Card]:
        return frozenset(card for seat, card in self.shown if seat == viewer)

    def declined(self, offer: Offer, stage: tuple[str, int]) -> bool:
        """``offer``, with the same terms, was declined at ``stage`` already."""
        return any(
            r.outcome == "declined" and r.offer == offer and r.stage == stage for r in self.records
        )

    def binding(self, seat: int) -> Offer | None:
        """The call or play ``seat`` has agreed to make next, if any."""
        for bound_seat, offer in self.bound:
            if bound_seat == seat:
                return offer
        return None


@dataclass(frozen=True, slots=True)
class Round:
    """A round of offers after a call or a card (rules 3–4): it starts with the player to move
    and goes clockwise; a player makes any number of offers, then says they have none; the
    round is over when three players in a row had none."""

    turn: Seat
    quiet: int = 0
    offers: int = field(default=0)

    @property
    def over(self) -> bool:
        return self.quiet >= SEATS

    def offered(self) -> Round:
        return replace(self, quiet=0, offers=self.offers + 1)

    def none(self) -> Round:
        return replace(self, turn=self.turn.next(), quiet=self.quiet + 1)
