"""What a player can know about the hidden hands from the play so far, and deals that fit it.

Every card played tells something, because the obligations are strict (spec §5, rules 5–8):
a player who does not follow is void in the suit led; who neither follows nor ruffs in a trump
contract has no trumps either; who follows without beating, when bound to beat and the trick
not ruffed, holds nothing higher in that suit; who ruffs under an earlier trump holds no higher
trump. The sampler deals the unseen cards to the two other players within those limits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat


@dataclass
class Knowledge:
    """What one observer knows about each other seat: voids, and the highest rank it can
    still hold in a suit (a card higher than that is known not to be in its hand)."""

    voids: dict[int, set[Suit]] = field(default_factory=dict)
    ceilings: dict[tuple[int, Suit], int] = field(default_factory=dict)

    def may_hold(self, seat: Seat, card: Card) -> bool:
        if card.suit in self.voids.get(seat, set()):
            return False
        return card.rank <= self.ceilings.get((seat, card.suit), Rank.ACE)

    def _void(self, seat: Seat, suit: Suit) -> None:
        self.voids.setdefault(seat, set()).add(suit)

    def _ceiling(self, seat: Seat, suit: Suit, rank: int) -> None:
        key = (seat, suit)
        self.ceilings[key] = min(self.ceilings.get(key, Rank.ACE), rank)


def infer(state: PlayState) -> Knowledge:
    """Everything the play so far shows about the players' hands."""
    known = Knowledge()
    trump = state.trump
    tricks = [(t.leader, t.cards) for t in state.tricks]
    if state.current:
        tricks.append((state.leader, state.current))
    for leader, cards in tricks:
        led = cards[0].suit
        for index in range(1, len(cards)):
            seat = leader.next(index)
            card = cards[index]
            before = cards[:index]
            beats = state.beat_obligation(seat)
            ruffed = trump is not None and led is not trump and any(c.suit is trump for c in before)
            if card.suit is not led:
                known._void(seat, led)
                if trump is not None and card.suit is not trump:
                    known._void(seat, trump)  # rule 6: void in the suit led must ruff
                elif trump is not None and beats and ruffed:
                    top = max(c.rank for c in before if c.suit is trump)
                    if card.rank < top:  # rule 7: would have overruffed
                        known._ceiling(seat, trump, top - 1)
            elif beats and not ruffed:
                top = max(c.rank for c in before if c.suit is led)
                if card.rank < top:  # rule 7: would have beaten
                    known._ceiling(seat, led, top - 1)
    return known


def sample_deals(state: PlayState, observer: int, count: int, seed: str) -> list[PlayState]:
    """Up to ``count`` positions like ``state`` with the other hands dealt afresh, each
    consistent with what ``observer`` has seen (its own hand stays as it is)."""
    others = [seat for seat in state.profile.table if seat != observer]
    unseen = sorted(set().union(*(state.hands[s] for s in others)), key=lambda c: c.index)
    known = infer(state)
    sizes = {seat: len(state.hands[seat]) for seat in others}
    fixed: dict[int, list[Card]] = {seat: [] for seat in others}
    free: list[Card] = []
    for card in unseen:
        holders = [seat for seat in others if known.may_hold(seat, card)]
        if len(holders) == 1:
            fixed[holders[0]].append(card)
        else:
            free.append(card)  # no holder at all cannot happen with a true deal
    rng = random.Random(seed)
    first, second = others
    want = sizes[first] - len(fixed[first])
    if want < 0 or want > len(free):  # cannot happen with a true deal; deal freely then
        fixed = {seat: [] for seat in others}
        free, want = list(unseen), sizes[first]
    samples: list[PlayState] = []
    for _ in range(count):
        rng.shuffle(free)
        hands = list(state.hands)
        hands[first] = frozenset(fixed[first] + free[:want])
        hands[second] = frozenset(fixed[second] + free[want:])
        samples.append(replace(state, hands=tuple(hands)))
    return samples
