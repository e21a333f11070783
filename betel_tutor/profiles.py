"""Game profiles: Betel, bridge and the blue-suit variant, as data plus a few functions.

Code that plays a deal asks its profile how many seats there are, which cards a player may
play and who wins a trick, instead of testing which game it is.

>>> from betel_tutor.cards import parse_cards
>>> BLUE_SUIT.winner(parse_cards("♠A ♣2 ♦2 ♥2"), trump="♠")
1
>>> sorted(map(str, BRIDGE.legal(parse_cards("♥AK8 ♠7"), parse_cards("♥Q"), trump=None, beat=True)))
['♥8', '♥A', '♥K']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import partial

from betel_tutor.cards import BETEL_DECK, BRIDGE_DECK, Card, Suit
from betel_tutor.dealing import Deal, deal, deal_bridge
from betel_tutor.errors import IllegalPlay, NotationError
from betel_tutor.rules import (
    TrumpArg,
    follow_suit_plays,
    follow_suit_refusal,
    legal_plays,
    refusal,
    trick_winner,
)
from betel_tutor.seats import Seat, seats


def _betel_legal(
    hand: Collection[Card], trick: Sequence[Card], *, trump: TrumpArg, beat: bool
) -> frozenset[Card]:
    return legal_plays(hand, trick, trump=trump, beat_obligation=beat)


def _bridge_legal(
    hand: Collection[Card], trick: Sequence[Card], *, trump: TrumpArg, beat: bool
) -> frozenset[Card]:
    return follow_suit_plays(hand, trick, trump=trump)  # Law 44: no duty to beat or ruff


@dataclass(frozen=True, slots=True)
class Profile:
    """How one game is played.

    ``legal(hand, trick, trump=, beat=)`` gives the cards that may be played (``beat`` is the
    player's obligation to beat, which only Betel has and only Betel's defenders lose);
    ``winner(trick, trump=)`` is the index of the winning card; ``refusal(hand, trick, card,
    trump=, beat_obligation=, player=)`` says why a card may not be played. ``strains`` are the
    denominations its auction allows (``None`` is no trump); ``scored`` games have spec §6 scores.
    ``deal(seed, dealer=)`` deals a shuffled deck the game's way. ``exchange``: the auction is
    Betel's, with the dubel's exchange and trade (spec §3, §8); ``beat_duty``: a player must
    beat when able (summary rules 7–8, spec §5); ``boards``: deals are bridge boards under the
    Laws (a four-column auction, a result, penalty cards); ``solvable``: Betel's double-dummy
    solver analyses it.
    """

    name: str
    seats: int
    deck: tuple[Card, ...]
    hand_size: int
    dubel_size: int
    legal: Callable[..., frozenset[Card]]
    winner: Callable[..., int]
    refusal: Callable[..., IllegalPlay | None]
    strains: tuple[Suit | None, ...]
    declarer_leads: bool
    scored: bool
    deal: Callable[..., Deal]
    exchange: bool
    beat_duty: bool
    boards: bool
    solvable: bool
    variant: str | None = None

    @property
    def tricks(self) -> int:
        return self.hand_size

    @property
    def has_dubel(self) -> bool:
        return self.dubel_size > 0

    @property
    def suit_length(self) -> int:
        """Cards of each suit in the deck: 8 in Betel, 13 in bridge."""
        return len(self.deck) // 4

    @property
    def table(self) -> tuple[Seat, ...]:
        """The seats, clockwise from seat 0."""
        return seats(self.seats)

    def check_trick_size(self, trick: Sequence[Card]) -> None:
        if len(trick) != self.seats:
            raise ValueError(f"a {self.name} trick has {self.seats} cards, not {len(trick)}")


ALL_STRAINS: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)

BETEL = Profile(
    name="betel",
    seats=3,
    deck=BETEL_DECK,
    hand_size=10,
    dubel_size=2,
    legal=_betel_legal,
    winner=partial(trick_winner, variant=None),
    strains=ALL_STRAINS,
    declarer_leads=True,  # spec §5: the declarer leads to the first trick
    refusal=refusal,
    scored=True,
    deal=deal,
    exchange=True,
    beat_duty=True,  # summary rule 7; rule 8 frees Betel's defenders
    boards=False,
    solvable=True,
)
BRIDGE = Profile(
    name="bridge",
    seats=4,
    deck=BRIDGE_DECK,
    hand_size=13,
    dubel_size=0,
    legal=_bridge_legal,
    winner=partial(trick_winner, variant=None),
    strains=ALL_STRAINS,
    declarer_leads=False,  # the declarer's left-hand opponent leads (seeds/004)
    refusal=follow_suit_refusal,
    scored=False,
    deal=deal_bridge,
    exchange=False,
    beat_duty=False,  # Law 44
    boards=True,
    solvable=False,
)
# boards-and-bridge.md §2: bridge where clubs are the blue suit; only ♦ ♥ ♠ may be bid.
BLUE_SUIT = replace(
    BRIDGE,
    name="blue-suit",
    winner=partial(trick_winner, variant="blue-suit"),
    strains=(Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
    variant="blue-suit",
)

PROFILES = {profile.name: profile for profile in (BETEL, BRIDGE, BLUE_SUIT)}


class Game(StrEnum):
    """A game a deal is played in, as a file names it (``game: bridge``); it knows its
    profile. A bridge deal's ``variant`` (the blue suit) changes the profile it is played by:
    :func:`played_by`.

    >>> Game("bridge").profile.seats, str(Game.BETEL)
    (4, 'betel')
    """

    BETEL = "betel"
    BRIDGE = "bridge"

    @property
    def profile(self) -> Profile:
        return PROFILES[self.value]


def played_by(game: Game, variant: str | None = None) -> Profile:
    """The profile a deal of ``game`` is played by: its variant's, if it names one."""
    return profile(variant) if variant else game.profile


def profile(name: str) -> Profile:
    """The profile called ``name``: ``betel``, ``bridge`` or ``blue-suit``."""
    try:
        return PROFILES[name.strip().lower()]
    except KeyError:
        raise NotationError("rules.bad_game", token=name, position=0) from None
