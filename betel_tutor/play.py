"""A deal played card by card (spec §5), with its history and undo.

:class:`PlayState` is immutable and :func:`play_card` is pure; :class:`DealPlay` keeps the
states so a learner's card can be taken back.

>>> from betel_tutor.contracts import parse_contract
>>> from betel_tutor.dealing import deal
>>> state = start_play(BETEL, deal(3).hands, parse_contract("2♠"), declarer=1, dealer=0)
>>> state.to_play, state.trump
(Seat.parse('W'), <Suit.SPADES: ('♠', 'S', 3)>)
>>> while not state.finished:
...     state = play_card(state, min(state.legal_moves()))
>>> sum(state.tricks_taken())
10
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from betel_tutor.arguments import require, require_all
from betel_tutor.cards import Card, Suit
from betel_tutor.contracts import Contract
from betel_tutor.errors import IllegalPlay
from betel_tutor.profiles import BETEL, Profile
from betel_tutor.scoring import score
from betel_tutor.seats import Seat

__all__ = ["BETEL", "DealPlay", "PlayState", "Trick", "play_card", "start_play"]


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in the order played, who won (absolute seats)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat


@dataclass(frozen=True, slots=True)
class PlayState:
    """Where a deal stands: hands, the trick being played, and the tricks done."""

    profile: Profile
    contract: Contract
    declarer: Seat | None
    hands: tuple[frozenset[Card], ...]
    leader: Seat
    current: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()

    @property
    def trump(self) -> Suit | None:
        return self.contract.trump

    @property
    def to_play(self) -> Seat:
        return self.leader.next(len(self.current))

    @property
    def finished(self) -> bool:
        return len(self.tricks) == self.profile.tricks

    def beat_obligation(self, seat: Seat) -> bool:
        """Rule 8: in Betel the defenders need not beat; everybody else must (rule 7)."""
        return self.contract.defenders_must_beat or seat == self.declarer

    def legal_moves(self) -> frozenset[Card]:
        if self.finished:
            return frozenset()
        seat = self.to_play
        return self.profile.legal(
            self.hands[seat], self.current, trump=self.trump, beat=self.beat_obligation(seat)
        )

    def refusal(self, card: Card, *, speak_to_learner: bool = False) -> IllegalPlay | None:
        """Why the player to move may not play ``card`` (``None`` if they may); the message
        names the seat, or speaks to the learner ("You …")."""
        require(card, Card, "PlayState.refusal")
        seat = self.to_play
        return self.profile.refusal(
            self.hands[seat],
            self.current,
            card,
            trump=self.trump,
            beat_obligation=self.beat_obligation(seat),
            player=None if speak_to_learner else seat,
        )

    def tricks_taken(self) -> tuple[int, ...]:
        """Tricks won so far, by absolute seat."""
        counts = [0] * self.profile.seats
        for trick in self.tricks:
            counts[trick.winner] += 1
        return tuple(counts)

    def result_scores(self) -> tuple[int, ...]:
        """Betel points by absolute seat once the deal is over (spec §6; without kontra)."""
        return self.scores(doubled=False)

    def scores(self, *, doubled: bool) -> tuple[int, ...]:
        if not self.profile.scored or not self.finished:
            raise ValueError("only a finished Betel deal is scored")
        taken = self.tricks_taken()
        if self.declarer is None:  # free play: every player for themselves
            return score(self.contract, (taken[0], taken[1], taken[2]), doubled=doubled)
        order = self.declarer.clockwise()
        points = score(
            self.contract, (taken[order[0]], taken[order[1]], taken[order[2]]), doubled=doubled
        )
        by_seat = [0, 0, 0]
        for seat, value in zip(order, points, strict=True):
            by_seat[seat] = value
        return tuple(by_seat)


def start_play(
    profile: Profile,
    hands: Iterable[Iterable[Card]],
    contract: Contract,
    *,
    declarer: int | None,
    dealer: int = 0,
    leader: int | None = None,
) -> PlayState:
    """The first trick about to be led. In Betel the declarer leads, after three passes (and
    in free play) the dealer (spec §5); in bridge the declarer's left-hand opponent."""
    require(contract, Contract, "start_play")
    frozen = tuple(frozenset(require_all(hand, Card, "start_play")) for hand in hands)
    if len(frozen) != profile.seats:
        raise ValueError(f"{profile.name} is played with {profile.seats} hands")
    if leader is None:
        if declarer is None:
            leader = dealer
        else:
            leader = declarer if profile.declarer_leads else Seat(declarer, profile.seats).lho
    # Seats may come in as plain indices; the state holds seats of this profile's table.
    seat = None if declarer is None else Seat(declarer, profile.seats)
    return PlayState(profile, contract, seat, frozen, Seat(leader, profile.seats))


def check_playable(state: PlayState, card: Card) -> None:
    """Raise :class:`IllegalPlay` unless the player to move may play ``card`` now."""
    require(card, Card, "check_playable")
    if state.finished:
        raise IllegalPlay("playstate.deal_over", reason="deal_over")
    problem = state.refusal(card)
    if problem is not None:
        raise problem


def play_card(state: PlayState, card: Card) -> PlayState:
    """The state after the player to move plays ``card``; raises :class:`IllegalPlay`."""
    require(card, Card, "play_card")
    seat = state.to_play
    check_playable(state, card)
    hands = tuple(
        hand - {card} if index == seat else hand for index, hand in enumerate(state.hands)
    )
    current = (*state.current, card)
    if len(current) < state.profile.seats:
        return replace(state, hands=hands, current=current)
    winner = state.leader.next(state.profile.winner(current, trump=state.trump))
    trick = Trick(state.leader, current, winner)
    return replace(state, hands=hands, current=(), tricks=(*state.tricks, trick), leader=winner)


class DealPlay:
    """A deal being played, keeping every state for :meth:`undo`."""

    def __init__(self, state: PlayState) -> None:
        self.state = state
        self.history: list[PlayState] = []

    def play(self, card: Card) -> None:
        require(card, Card, "DealPlay.play")
        new = play_card(self.state, card)
        self.history.append(self.state)
        self.state = new

    def undo(self) -> Card | None:
        """Take back the last card; returns it (``None`` if nothing was played)."""
        if not self.history:
            return None
        previous = self.history.pop()
        undone = self.state
        self.state = previous
        if undone.current:
            return undone.current[-1]
        return undone.tricks[-1].cards[-1]

    @property
    def played(self) -> list[Card]:
        """Every card played so far, in order."""
        cards = [card for trick in self.state.tricks for card in trick.cards]
        return cards + list(self.state.current)
