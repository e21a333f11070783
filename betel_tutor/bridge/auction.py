"""The bridge auction, for comparison lessons and bridge boards (seeds/004; spec
boards-and-bridge.md §3), with the blue-suit variant's restriction (§2: no ♣, no NT).

Seats: 0 N, 1 E, 2 S, 3 W; partners sit opposite. The dealer calls first.

>>> auction = BridgeAuction(dealer=0)  # the slides' first example: N deals and passes
>>> for call in "pass 1♥ 1♠ 2♦ pass pass pass".split():
...     auction.call(call)
>>> auction.finished, auction.contract, auction.declarer
(True, '2♦', Seat.parse('W', 4))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from betel_tutor.cards import Suit
from betel_tutor.errors import IllegalCall, NotationError
from betel_tutor.seats import Seat

STRAINS: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    """A bid of ``level`` (1–7) in a strain; ordered as in the auction."""

    level: int
    strain_rank: int  # index in STRAINS

    @property
    def strain(self) -> Suit | None:
        return STRAINS[self.strain_rank]

    def __str__(self) -> str:
        strain = self.strain
        return f"{self.level}{'NT' if strain is None else strain.symbol}"


def parse_bid(text: str) -> Bid:
    cleaned = text.strip().upper().replace("BA", "NT")
    if len(cleaned) >= 2 and cleaned[0] in "1234567":
        rest = cleaned[1:]
        for index, strain in enumerate(STRAINS):
            names = ("NT", "N") if strain is None else (strain.symbol, strain.letter)
            if rest in names:
                return Bid(int(cleaned[0]), index)
    raise NotationError("bridge.bad_call", token=text, position=0)


@dataclass
class BridgeAuction:
    """Pass, bids, double (kontra) and redouble (rekontra); three passes after any call end it,
    four passes at the start mean no play."""

    dealer: int = 0
    strains: tuple[Suit | None, ...] = STRAINS
    calls: list[tuple[int, str]] = field(default_factory=list)
    last_bid: Bid | None = None
    last_bidder: int | None = None
    doubled: int = 0  # 0, 1 (doubled) or 2 (redoubled)
    doubler: int | None = None
    passes: int = 0
    finished: bool = False
    first_named: dict[tuple[int, int], Seat] = field(default_factory=dict)  # (side, strain) → seat

    @property
    def to_call(self) -> Seat:
        return Seat(self.dealer, 4).next(len(self.calls))

    def call(self, text: str) -> None:
        seat = self.to_call
        word = text.strip().lower()
        if self.finished:
            raise IllegalCall("bridge.finished", reason="finished")
        if word in ("pass", "pas", "p"):
            self.passes += 1
            ended = self.passes >= 3 if self.last_bid is not None else self.passes >= 4
            self.finished = ended
        elif word in ("kontra", "ktr", "double", "x"):
            if self.last_bid is None or self.doubled or self.last_bidder is None:
                raise IllegalCall("bridge.cannot_double", reason="cannot_double")
            if self.last_bidder % 2 == seat % 2:  # only an opponent's bid
                raise IllegalCall("bridge.double_own_side", reason="double_own_side")
            self.doubled, self.doubler, self.passes = 1, seat, 0
        elif word in ("rekontra", "rktr", "redouble", "xx"):
            if self.doubled != 1 or self.doubler is None or self.doubler % 2 == seat % 2:
                raise IllegalCall("bridge.cannot_redouble", reason="cannot_redouble")
            self.doubled, self.passes = 2, 0
        else:
            bid = parse_bid(text)
            if bid.strain not in self.strains:
                raise IllegalCall(
                    "bridge.strain_forbidden", reason="strain_forbidden", bid=str(bid)
                )
            if self.last_bid is not None and bid <= self.last_bid:
                raise IllegalCall(
                    "bridge.insufficient",
                    reason="insufficient",
                    bid=str(bid),
                    standing=str(self.last_bid),
                )
            self.first_named.setdefault((seat % 2, bid.strain_rank), seat)
            self.last_bid, self.last_bidder = bid, seat
            self.doubled, self.doubler, self.passes = 0, None, 0
        self.calls.append((seat, text.strip()))

    @property
    def contract(self) -> str | None:
        return None if self.last_bid is None else str(self.last_bid)

    @property
    def declarer(self) -> Seat | None:
        """The player of the winning side who first named the final strain."""
        if self.last_bid is None or self.last_bidder is None:
            return None
        return self.first_named[(self.last_bidder % 2, self.last_bid.strain_rank)]


# A bridge call's words as written in a board (either language's, or PBN's letters), by key.
_CALL_WORDS = (
    ("render.pass", ("pass", "pas", "p")),
    ("render.double", ("kontra", "ktr", "double", "x")),
    ("render.redouble", ("rekontra", "rktr", "redouble", "xx")),
)


def call_words(call: str, lang: str) -> str:
    """A written bridge call as the reader says it: ``pass``/``double``/``2NT`` in English,
    ``pas``/``kontra``/``2BA`` in Polish."""
    from betel_tutor import i18n

    word = call.strip().lower()
    for key, words in _CALL_WORDS:
        if word in words:
            return i18n.translate(key, lang)
    upper = call.strip().upper()
    return upper.replace("NT", "BA") if lang == "pl" else upper.replace("BA", "NT")


def blue_suit_auction(dealer: int = 0) -> BridgeAuction:
    """The blue-suit board's auction: only ♦, ♥ and ♠ may be bid (boards-and-bridge.md §2)."""
    return BridgeAuction(dealer=dealer, strains=(Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES))
