"""The values of trade (handel, spec §8): offers, the moment they are made, and the ledger.

Seats are table seats (0, 1, 2 clockwise), the same as the hands; an :class:`AuctionState`
counts its seats from the dealer, so :class:`Moment` converts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from betel_tutor.arguments import require, require_all
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
    (negative: what the addressee pays the offerer); 0 for an offer without points, which
    rule 21's 5–50 does not bind (spec §12.5). ``open_price`` 1 or -1: the offer names no
    price; the acceptor names it (5–50), paid by the offerer (1) or by the acceptor (-1).

    - ``swap``: the offerer gives ``give`` for ``want``; ``want`` ``None`` is a general offer
      for any card (of ``suit`` when given) that the acceptor makes precise (rule 20), and
      ``give`` ``None`` a general sale of any card of the offerer's (of ``give_suit`` when
      given) that the acceptor names. Buying a card is a swap that pays; selling one is a swap
      that is paid. ``gives_more`` and ``wants_more`` move further named cards, as many each
      way, so that the hands stay equal (spec §12.5).
    - ``call`` / ``play``: whichever of the two moves next makes ``call`` or plays ``card``;
      a call with a price is made by the party paid (it is bought from them), now or, if not
      about to call, at their next call, whenever it comes (spec §12.5).
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
    gives_more: tuple[Card, ...] = ()
    wants_more: tuple[Card, ...] = ()
    give_suit: Suit | None = None
    open_price: int = 0

    def __post_init__(self) -> None:
        for name in ("give", "want", "card"):
            require(getattr(self, name), Card, f"Offer({name}=…)", optional=True)
        for name in ("suit", "give_suit"):
            require(getattr(self, name), Suit, f"Offer({name}=…)", optional=True)
        require(self.call, Call, "Offer(call=…)", optional=True)
        require_all(self.gives_more, Card, "Offer(gives_more=…)")
        require_all(self.wants_more, Card, "Offer(wants_more=…)")

    @property
    def payer(self) -> Seat:
        sign = self.open_price or (1 if self.price >= 0 else -1)
        return self.offerer if sign > 0 else self.to

    @property
    def payee(self) -> Seat:
        return self.to if self.payer == self.offerer else self.offerer

    def bound_to(self, mover: Seat | None) -> Seat:
        """Who must make a call or card bought, when ``mover`` moves next. A call with a price
        is bought from the party paid, who makes it now if about to call, else at their next
        call (spec §12.5: a call is bought from a player for their next call; paying to bind
        one's own call would buy nothing). Otherwise whichever of the two moves next, else
        the addressee."""
        if self.kind == "call" and self.price:
            return self.payee
        if mover in (self.offerer, self.to):
            assert mover is not None
            return mover
        return self.payee if self.price else self.to

    @property
    def shower(self) -> Seat:
        return self.offerer if self.kind == "show" else self.to

    @property
    def general(self) -> bool:
        """A swap the acceptor makes precise: a card not named, or the price."""
        return self.kind == "swap" and (
            self.want is None or self.give is None or self.open_price != 0
        )

    @property
    def gives(self) -> tuple[Card, ...]:
        """The cards the offerer names to give."""
        return () if self.give is None else (self.give, *self.gives_more)

    @property
    def wants(self) -> tuple[Card, ...]:
        """The cards the offerer names to get."""
        return () if self.want is None else (self.want, *self.wants_more)


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
        # A bridge deal's play has four hands: its dealer is a seat of that table.
        return cls(play.hands, Seat(int(dealer), len(play.hands)), play=play)

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

    @property
    def asked_first(self) -> Seat | None:
        """Who is asked for offers first (spec §12.5): the player after the one who made the
        last call or card; before any, the player to move."""
        mover = self.to_move
        if self.phase == "play":
            assert self.play is not None
            if self.play.current:
                return self.play.leader.next(len(self.play.current))
            if self.play.tricks:
                last = self.play.tricks[-1]
                return Seat(last.leader).next(3)
            return mover
        if self.phase == "auction" and self.auction is not None and self.auction.calls:
            return self.seat(self.auction.calls[-1][0]).next()
        return mover

    def seat(self, turn: int) -> Seat:
        return AuctionState.table_seat(turn, self.dealer)

    def auction_seat(self, seat: Seat) -> int:
        return AuctionState.auction_seat(seat, self.dealer)

    def silenced(self, seat: Seat) -> bool:
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
    precise_give: Card | None = None  # the card of a general sale the acceptor named
    price: int | None = None  # the price the acceptor named, when the offer named none

    @property
    def moved(self) -> tuple[tuple[Card, Seat, Seat], ...]:
        """The cards an accepted swap moved: (card, from, to)."""
        offer = self.offer
        if self.outcome != "accepted" or offer.kind != "swap":
            return ()
        gives = offer.gives or ((self.precise_give,) if self.precise_give else ())
        wants = offer.wants or ((self.precise,) if self.precise else ())
        return tuple((c, offer.offerer, offer.to) for c in gives) + tuple(
            (c, offer.to, offer.offerer) for c in wants
        )


def involves(offer: Offer, card: Card, holders: tuple[Seat, Seat]) -> bool:
    """Whether ``card`` changing hands between ``holders`` is relevant to ``offer``: something
    that may change its answer, so that an offer declined before may be made again.

    - a swap: the card it gives or asks for; for a general swap, any card of its suit (any
      card, without a suit) coming to or going from the addressee, who makes it precise;
    - a showing (``show``, ``see``): a card of the suit shown (any card, for the whole hand)
      coming to or going from the player who shows;
    - a call or a card bought: any card coming to or going from either party, whose hand
      decides the move.
    """
    if offer.kind == "swap":
        if card in offer.gives or card in offer.wants:
            return True
        if offer.give is None and offer.offerer in holders:
            return offer.give_suit is None or card.suit is offer.give_suit
        return (
            offer.want is None
            and offer.to in holders
            and (offer.suit is None or card.suit is offer.suit)
        )
    if offer.kind in ("show", "see"):
        return offer.shower in holders and (offer.suit is None or card.suit is offer.suit)
    return offer.offerer in holders or offer.to in holders


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

    def declined(self, offer: Offer) -> bool:
        """``offer``, with the same terms (the same parties, kind, cards, suit, call and
        price), was declined and nothing relevant to it has changed since: no accepted swap
        has moved a card it :func:`involves`. Calls and tricks made since do not count: an
        offer declined once is not made again for them alone."""
        for k, record in enumerate(self.records):
            if record.outcome != "declined" or record.offer != offer:
                continue
            later = self.records[k + 1 :]
            if not any(
                involves(offer, card, (giver, taker))
                for r in later
                for card, giver, taker in r.moved
            ):
                return True
        return False

    def binding(self, seat: Seat) -> Offer | None:
        """The call or play ``seat`` has agreed to make next, if any."""
        for bound_seat, offer in self.bound:
            if bound_seat == seat:
                return offer
        return None


@dataclass(frozen=True, slots=True)
class Round:
    """A round of offers after a call or a card (rules 3–4): it starts with the player after
    the one who moved (:attr:`Moment.asked_first`, spec §12.5) and goes clockwise; a player
    makes any number of offers, then says they have none; the round is over when three
    players in a row had none."""

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
